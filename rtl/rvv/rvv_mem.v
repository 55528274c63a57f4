// rvv_mem — the rvv data memory system: the DTCM, the DRAM master (kc_bus) and
// the arbitration between the scalar core's word port and the VLSU's beat port.
//
// DTCM: one single-port SRAM, BEAT_BYTES wide, byte write enables, registered
// read (data the cycle after the access). Each cycle it serves one of, in
// priority order: the loader (rst only), the scalar port, the vector port.
// Scalar accesses are rare while the VLSU works (the core waits on v_mem_busy),
// so fixed priority cannot starve the VLSU for long.
//
// DRAM: addresses 0x8000_0000 + off go to kc_bus address off (beat aligned).
// One request register drives kc_bus (its outputs are flops, so valid never
// depends on ready); it takes a new request whenever it is empty or its request
// is accepted this cycle, so the bus can take one beat per cycle. Writes are
// posted. Reads of both ports share the in-order bus: a FIFO of port tags
// (DRAM_RD_MAX deep: bounds the reads in flight) says whose each response is;
// the scalar port's word offsets wait in their own small FIFO.
//
// Order: responses come back in request order per port. A port's DTCM read
// waits while that port has DRAM reads in flight (the DTCM answers in one
// cycle and would overtake them); a DRAM read after a DTCM read is always
// later. Between the two ports there is no ordering (the core orders its
// accesses against the VLSU with v_mem_busy). Range checks are the
// requesters' (precise in the core, v_trap in the VLSU): an address outside
// the DTCM goes to DRAM here.
`default_nettype none

module rvv_mem #(
    parameter integer DTCM_BYTES  = 65536,
    parameter integer BEAT_BYTES  = 32,
    parameter integer DRAM_RD_MAX = 128,   // DRAM reads in flight, both ports
    parameter integer S_RD_MAX    = 4      // scalar DRAM reads in flight
) (
    input  wire                    clk,
    input  wire                    rst,
    // program/data loader: one 32-bit word per cycle into the DTCM (top gates it with rst)
    input  wire                    ld_we,
    input  wire [31:0]             ld_addr,
    input  wire [31:0]             ld_wdata,
    // scalar port (word granular; reads answered in order, writes posted)
    input  wire                    sreq_valid,
    output wire                    sreq_ready,
    input  wire                    sreq_write,
    input  wire [31:0]             sreq_addr,
    input  wire [31:0]             sreq_wdata,
    input  wire [3:0]              sreq_wstrb,
    output wire                    sresp_valid,
    output wire [31:0]             sresp_rdata,
    // vector beat port (beat-aligned; reads answered in order, writes posted)
    input  wire                    vreq_valid,
    output wire                    vreq_ready,
    input  wire                    vreq_write,
    input  wire [31:0]             vreq_addr,
    input  wire [BEAT_BYTES*8-1:0] vreq_wdata,
    input  wire [BEAT_BYTES-1:0]   vreq_wstrb,
    output wire                    vresp_valid,
    output wire [BEAT_BYTES*8-1:0] vresp_rdata,
    // kc_bus master (harness/kc_bus.h)
    output wire                    mem_req_valid,
    input  wire                    mem_req_ready,
    output wire                    mem_req_write,
    output wire [31:0]             mem_req_addr,
    output wire [BEAT_BYTES*8-1:0] mem_req_wdata,
    output wire [BEAT_BYTES-1:0]   mem_req_wstrb,
    input  wire                    mem_resp_valid,
    input  wire [BEAT_BYTES*8-1:0] mem_resp_rdata,
    // activity, for a counter or a test
    output wire                    dram_busy        // DRAM reads in flight or a request waiting
);
    localparam integer BW    = BEAT_BYTES * 8;
    localparam integer OFFW  = $clog2(BEAT_BYTES);
    localparam integer ROWS  = DTCM_BYTES / BEAT_BYTES;
    localparam integer ROWW  = $clog2(ROWS);
    localparam integer WOFFW = OFFW - 2;                 // word within a beat
    localparam integer TAGW  = $clog2(DRAM_RD_MAX);
    localparam integer SQW   = $clog2(S_RD_MAX);
    localparam [31:0] DTCM_BASE = 32'h0020_0000;
    localparam [31:0] DRAM_BASE = 32'h8000_0000;

    // ---- decode ------------------------------------------------------------
    // (offsets: only the row bits are used; the range compare uses all of s/v)
    /* verilator lint_off UNUSEDSIGNAL */
    wire [31:0] s_doff = sreq_addr - DTCM_BASE;
    wire [31:0] v_doff = vreq_addr - DTCM_BASE;
    wire [31:0] l_doff = ld_addr - DTCM_BASE;
    /* verilator lint_on UNUSEDSIGNAL */
    wire s_dtcm = s_doff < DTCM_BYTES;
    wire v_dtcm = v_doff < DTCM_BYTES;
    wire [WOFFW-1:0] s_woff = sreq_addr[OFFW-1:2];

    // scalar word -> beat lane
    wire [BW-1:0]         s_bdata = {(BEAT_BYTES / 4){sreq_wdata}};
    wire [BEAT_BYTES-1:0] s_bstrb = {{(BEAT_BYTES - 4){1'b0}}, sreq_wstrb} << {s_woff, 2'b00};
    wire [BW-1:0]         l_bdata = {(BEAT_BYTES / 4){ld_wdata}};
    wire [BEAT_BYTES-1:0] l_bstrb = {{(BEAT_BYTES - 4){1'b0}}, 4'hf} << {ld_addr[OFFW-1:2], 2'b00};

    // ---- DRAM read bookkeeping ---------------------------------------------
    reg  [TAGW:0] s_out, v_out;          // DRAM reads in flight per port (incl. the request register)
    wire [TAGW:0] all_out = s_out + v_out;
    wire          tags_free = {{(31 - TAGW){1'b0}}, all_out} < DRAM_RD_MAX;
    reg           tagq [0:DRAM_RD_MAX-1];   // 1 = vector port
    reg  [TAGW-1:0] tq_w, tq_r;
    reg  [WOFFW-1:0] swq [0:S_RD_MAX-1];    // scalar DRAM reads' word offsets
    reg  [SQW-1:0]  sq_w, sq_r;

    // ---- grants --------------------------------------------------------------
    reg  rq_valid;
    wire rq_free = !rq_valid || mem_req_ready;

    wire s_go_dtcm = sreq_valid && s_dtcm && !ld_we && (sreq_write || s_out == 0);
    wire s_go_dram = sreq_valid && !s_dtcm && rq_free &&
                     (sreq_write || (tags_free && {{(31 - TAGW){1'b0}}, s_out} < S_RD_MAX));
    wire v_go_dtcm = vreq_valid && v_dtcm && !ld_we && !s_go_dtcm && (vreq_write || v_out == 0);
    wire v_go_dram = vreq_valid && !v_dtcm && rq_free && !s_go_dram && (vreq_write || tags_free);
    assign sreq_ready = s_go_dtcm || s_go_dram;
    assign vreq_ready = v_go_dtcm || v_go_dram;

    // ---- DTCM ------------------------------------------------------------------
    reg  [BW-1:0] dtcm [0:ROWS-1] /* verilator public_flat_rd */;
    reg  [BW-1:0] d_rdata;
    reg           d_rvalid, d_rport;      // a read answered this cycle; port 1 = vector
    reg  [WOFFW-1:0] d_woff;

    wire          d_en    = ld_we || s_go_dtcm || v_go_dtcm;
    wire          d_we    = ld_we || (s_go_dtcm ? sreq_write : vreq_write);
    wire [ROWW-1:0] d_row = ld_we ? l_doff[OFFW +: ROWW] :
                            s_go_dtcm ? s_doff[OFFW +: ROWW] : v_doff[OFFW +: ROWW];
    wire [BW-1:0] d_wdata = ld_we ? l_bdata : s_go_dtcm ? s_bdata : vreq_wdata;
    wire [BEAT_BYTES-1:0] d_wstrb = ld_we ? l_bstrb : s_go_dtcm ? s_bstrb : vreq_wstrb;

    // the byte mask is built only on a write (as a comb block Verilator
    // rebuilt it on every evaluation)
    always @(posedge clk) begin : dtcm_port
        reg [BW-1:0] bm;
        integer i;
        if (d_en && d_we) begin
            for (i = 0; i < BEAT_BYTES; i = i + 1)
                bm[8*i +: 8] = {8{d_wstrb[i]}};
            dtcm[d_row] <= (dtcm[d_row] & ~bm) | (d_wdata & bm);
        end
        if (d_en && !d_we)
            d_rdata <= dtcm[d_row];
        d_woff <= s_woff;
        d_rport <= !s_go_dtcm;
        d_rvalid <= !rst && d_en && !d_we;
    end

    // ---- DRAM request register -------------------------------------------------
    reg           rq_write;
    reg  [31:0]   rq_addr;
    reg  [BW-1:0] rq_wdata;
    reg  [BEAT_BYTES-1:0] rq_wstrb;
    wire          rq_load = s_go_dram || v_go_dram;
    /* verilator lint_off UNUSEDSIGNAL */   // (the offset within the beat)
    wire [31:0]   rq_src  = (s_go_dram ? sreq_addr : vreq_addr) - DRAM_BASE;
    /* verilator lint_on UNUSEDSIGNAL */

    always @(posedge clk) begin
        if (rst)
            rq_valid <= 1'b0;
        else if (rq_free)
            rq_valid <= rq_load;
        if (rq_load) begin
            rq_write <= s_go_dram ? sreq_write : vreq_write;
            rq_addr  <= {rq_src[31:OFFW], {OFFW{1'b0}}};
            rq_wdata <= s_go_dram ? s_bdata : vreq_wdata;
            rq_wstrb <= s_go_dram ? s_bstrb : vreq_wstrb;
        end
    end
    assign mem_req_valid = rq_valid;
    assign mem_req_write = rq_write;
    assign mem_req_addr  = rq_addr;
    assign mem_req_wdata = rq_wdata;
    assign mem_req_wstrb = rq_wstrb;

    // ---- DRAM responses --------------------------------------------------------
    wire s_rd_dram = s_go_dram && !sreq_write;
    wire v_rd_dram = v_go_dram && !vreq_write;
    wire r_is_v    = tagq[tq_r];
    wire r_s       = mem_resp_valid && !r_is_v;
    wire r_v       = mem_resp_valid && r_is_v;

    always @(posedge clk) begin
        if (rst) begin
            s_out <= 0;
            v_out <= 0;
            tq_w  <= 0;
            tq_r  <= 0;
            sq_w  <= 0;
            sq_r  <= 0;
        end else begin
            s_out <= s_out + {{TAGW{1'b0}}, s_rd_dram} - {{TAGW{1'b0}}, r_s};
            v_out <= v_out + {{TAGW{1'b0}}, v_rd_dram} - {{TAGW{1'b0}}, r_v};
            if (s_rd_dram || v_rd_dram) begin
                tagq[tq_w] <= v_rd_dram;
                tq_w <= tq_w + 1'b1;
            end
            if (mem_resp_valid)
                tq_r <= tq_r + 1'b1;
            if (s_rd_dram) begin
                swq[sq_w] <= s_woff;
                sq_w <= sq_w + 1'b1;
            end
            if (r_s)
                sq_r <= sq_r + 1'b1;
        end
    end

    // ---- response ports ----------------------------------------------------------
    wire d_s = d_rvalid && !d_rport;
    wire d_v = d_rvalid && d_rport;
    wire [BW-1:0]    s_beat = d_s ? d_rdata : mem_resp_rdata;
    wire [WOFFW-1:0] s_rw   = d_s ? d_woff : swq[sq_r];
    assign sresp_valid = d_s || r_s;
    assign sresp_rdata = s_beat[{s_rw, 5'b0} +: 32];
    assign vresp_valid = d_v || r_v;
    assign vresp_rdata = d_v ? d_rdata : mem_resp_rdata;
    assign dram_busy   = rq_valid || all_out != 0;
endmodule

`default_nettype wire
