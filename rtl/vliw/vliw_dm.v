// vliw_dm — a tile's data memory module: NBANKS single-port banks
// (vliw_dm_bank), interleaved by 32-byte row (bank = (offset >> 5) % NBANKS),
// and the per-bank fixed-priority arbiter of ISSUE13.md.
//
// Requesters come in priority order, port 0 first. vliw_tile wires them as:
// the owning core's L0, L1, ST; then every neighbour core's L0, L1, ST in
// tile-id order (south, west, east, north); then DMA ch0, ch1 (NREQ = 17 for a
// tile with four neighbours; edge ports are tied off). Each cycle each bank
// grants the first valid request that addresses it; the others wait (their
// requester asks again next cycle). A granted access is performed that cycle:
// a write updates the bank at the clock edge, a read's data is on rdata for
// the requester in the next cycle (registered SRAM read). So a write is seen by
// every read granted in a later cycle, and by none granted in the same cycle
// (the port is taken). Range, window and alignment checks are the requesters'.
`default_nettype none

module vliw_dm #(
    parameter integer DM_BYTES = 65536,
    parameter integer NBANKS   = 8,
    parameter integer NREQ     = 17
) (
    input  wire                 clk,
    input  wire [NREQ-1:0]      req_valid,
    input  wire [NREQ-1:0]      req_write,
    input  wire [NREQ*16-1:0]   req_addr,    // byte offset in the module (32-byte rows used)
    input  wire [NREQ*256-1:0]  req_wdata,
    input  wire [NREQ*32-1:0]   req_wbe,
    output reg  [NREQ-1:0]      req_grant,   // performed this cycle
    output wire [NREQ*256-1:0]  rdata,       // the row of the read granted last cycle
    output wire [NREQ-1:0]      rvalid,      // requester i's read was granted last cycle
    output reg  [$clog2(NREQ+1)-1:0] ndenied // requests that lost their bank this cycle
);
    localparam integer BW    = $clog2(NBANKS);
    localparam integer ROWS  = DM_BYTES / 32 / NBANKS;
    localparam integer RW    = $clog2(ROWS);
    localparam integer NW    = $clog2(NREQ+1);

    // ---- arbitration: one pass in priority order, a running "bank taken" mask
    reg [NBANKS-1:0] taken;
    reg [BW-1:0]     bank_of [0:NREQ-1];
    reg [NREQ-1:0]   grant_rd;
    integer i;
    always @* begin
        taken    = {NBANKS{1'b0}};
        ndenied  = {NW{1'b0}};
        for (i = 0; i < NREQ; i = i + 1) begin
            bank_of[i]   = req_addr[16*i + 5 +: BW];
            req_grant[i] = req_valid[i] && !taken[bank_of[i]];
            if (req_valid[i] && taken[bank_of[i]]) ndenied = ndenied + 1'b1;
            if (req_valid[i]) taken[bank_of[i]] = 1'b1;
        end
        grant_rd = req_grant & ~req_write;
    end

    // ---- per bank: the granted request's address and data (one-hot AND-OR)
    wire [NBANKS*256-1:0] bank_rdata;
    genvar b;
    generate
        for (b = 0; b < NBANKS; b = b + 1) begin : g_bank
            reg           en, we;
            reg [RW-1:0]  addr;
            reg [255:0]   wdata;
            reg [31:0]    wbe;
            integer k;
            always @* begin
                en = 1'b0; we = 1'b0; addr = {RW{1'b0}}; wdata = 256'd0; wbe = 32'd0;
                for (k = 0; k < NREQ; k = k + 1) begin
                    if (req_grant[k] && bank_of[k] == b[BW-1:0]) begin
                        en    = 1'b1;
                        we    = req_write[k];
                        addr  = req_addr[16*k + 5 + BW +: RW];
                        wdata = req_wdata[256*k +: 256];
                        wbe   = req_wbe[32*k +: 32];
                    end
                end
            end
            vliw_dm_bank #(.ROWS(ROWS)) u_bank (
                .clk(clk), .en(en), .we(we), .addr(addr), .wdata(wdata), .wbe(wbe),
                .rdata(bank_rdata[256*b +: 256]));
        end
    endgenerate

    // ---- read return: which bank each requester's granted read went to
    reg [NREQ-1:0]    rv_q;
    reg [NREQ*BW-1:0] rbank_q;
    integer j;
    always @(posedge clk) begin
        rv_q <= grant_rd;
        for (j = 0; j < NREQ; j = j + 1)
            if (grant_rd[j]) rbank_q[BW*j +: BW] <= bank_of[j];
    end
    assign rvalid = rv_q;
    genvar r;
    generate
        for (r = 0; r < NREQ; r = r + 1) begin : g_ret
            assign rdata[256*r +: 256] = bank_rdata[256*rbank_q[BW*r +: BW] +: 256];
        end
    endgenerate
endmodule

`default_nettype wire
