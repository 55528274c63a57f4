// vliw_bus_arb — the array's one kc_bus master port (harness/kc_bus.h, beat =
// 32 bytes) shared by every tile's DMA channels: requester q = tile * 2 + ch.
// Rules (docs/vliw_timing.md "DMA", Bus): each cycle the first requester at or
// after the round-robin pointer is presented (valid depends only on the
// channels' registered state, never on ready); the pointer moves to q + 1 only
// when kc_dram accepts (ack). Read responses return in order: a FIFO of the
// reading tile's id per accepted read routes each beat back to that tile's ch0.
// Its depth is the most reads that can be outstanding (INFLIGHT per channel).
`default_nettype none

module vliw_bus_arb #(
    parameter integer NT       = 4,
    parameter integer INFLIGHT = 8
) (
    input  wire                 clk,
    input  wire                 rst,
    input  wire                 stop,
    input  wire [2*NT-1:0]      q_valid,
    input  wire [2*NT*32-1:0]   q_addr,
    input  wire [2*NT*256-1:0]  q_wdata,
    input  wire [2*NT*32-1:0]   q_wstrb,
    output wire [2*NT-1:0]      q_ack,
    output wire [NT-1:0]        r_valid,      // a read beat for tile t's ch0 (data: mem_resp_rdata)
    output wire                 mem_req_valid,
    input  wire                 mem_req_ready,
    output wire                 mem_req_write,
    output wire [31:0]          mem_req_addr,
    output wire [255:0]         mem_req_wdata,
    output wire [31:0]          mem_req_wstrb,
    input  wire                 mem_resp_valid
);
    localparam integer NQ = 2 * NT;
    localparam integer QW = NQ > 1 ? $clog2(NQ) : 1;
    localparam integer TW = NT > 1 ? $clog2(NT) : 1;
    localparam integer DEPTH = NT * INFLIGHT;
    localparam integer DW = $clog2(DEPTH + 1);   // count
    localparam integer HW = $clog2(DEPTH);       // index

    reg  [QW-1:0] ptr;
    reg  [QW-1:0] sel;
    reg           any;
    reg  [QW:0]   k;
    integer i;
    always @* begin
        sel = {QW{1'b0}}; any = 1'b0; k = {(QW+1){1'b0}};
        for (i = NQ - 1; i >= 0; i = i - 1) begin
            k = {1'b0, ptr} + i[QW:0];
            if (k >= NQ[QW:0]) k = k - NQ[QW:0];
            if (q_valid[k[QW-1:0]]) begin
                sel = k[QW-1:0]; any = 1'b1;
            end
        end
    end
    assign mem_req_valid = any && !stop;
    assign mem_req_write = sel[0];                 // ch1 writes, ch0 reads
    assign mem_req_addr  = q_addr[32*sel +: 32];
    assign mem_req_wdata = q_wdata[256*sel +: 256];
    assign mem_req_wstrb = sel[0] ? q_wstrb[32*sel +: 32] : 32'd0;
    wire   acc = mem_req_valid && mem_req_ready;
    genvar g;
    generate
        for (g = 0; g < NQ; g = g + 1) begin : g_ack
            assign q_ack[g] = acc && sel == g[QW-1:0];
        end
    endgenerate

    // read owners, in order
    reg [TW-1:0] tag [0:DEPTH-1];
    reg [HW-1:0] head;
    reg [DW-1:0] cnt;
    wire         pop  = mem_resp_valid && cnt != {DW{1'b0}} && !stop;
    wire         push = acc && !sel[0];
    /* verilator lint_off UNUSEDSIGNAL */ // the tile id of requester sel
    wire [QW-1:0] sel_t = sel >> 1;
    /* verilator lint_on UNUSEDSIGNAL */
    wire [DW:0]  tail_s = {{(DW+1-HW){1'b0}}, head} + {1'b0, cnt};
    /* verilator lint_off UNUSEDSIGNAL */ // < DEPTH after the wrap
    wire [DW:0]  tail   = tail_s >= DEPTH[DW:0] ? tail_s - DEPTH[DW:0] : tail_s;
    /* verilator lint_on UNUSEDSIGNAL */
    generate
        for (g = 0; g < NT; g = g + 1) begin : g_resp
            assign r_valid[g] = pop && tag[head] == g[TW-1:0];
        end
    endgenerate
    always @(posedge clk) begin
        if (rst) begin
            ptr <= {QW{1'b0}}; head <= {HW{1'b0}}; cnt <= {DW{1'b0}};
        end else if (!stop) begin
            if (acc) ptr <= sel == NQ[QW-1:0] - 1'b1 ? {QW{1'b0}} : sel + 1'b1;
            if (push) tag[tail[HW-1:0]] <= sel_t[TW-1:0];
            if (pop) head <= {{(DW-HW){1'b0}}, head} == DEPTH[DW-1:0] - 1'b1 ? {HW{1'b0}} : head + 1'b1;
            cnt <= cnt + {{(DW-1){1'b0}}, push} - {{(DW-1){1'b0}}, pop};
        end
    end
endmodule

`default_nettype wire
