// npu_dma_store — vector SRAM -> DRAM engine (the dst instruction).
//
// The inverse of npu_dma_load: beat k of a row at lane offset o takes its lanes
// j >= o from subrow k (lane j-o) and its lanes j < o from subrow k-1
// (lane VLEN-o+j), i.e. the pair {subrow k, subrow k-1} shifted by VLEN-o lanes.
// Byte strobes cover exactly the row's dlen elements, so nothing outside the row
// is written.
`default_nettype none

module npu_dma_store #(
    parameter integer VLEN = 16,
    parameter integer ROWW = 11,
    parameter integer W    = VLEN * 16
) (
    input  wire            clk,
    input  wire            rst,
    input  wire            start,
    input  wire [31:0]     addr0,
    input  wire [ROWW-1:0] vrow0,
    input  wire [31:0]     nrows,
    input  wire [31:0]     stride,
    input  wire [15:0]     dlen,
    // memory request (write)
    output wire            req_valid,
    output wire [31:0]     req_addr,
    output wire [W-1:0]    req_data,
    output wire [2*VLEN-1:0] req_strb,
    input  wire            req_accept,
    // SRAM reads
    output wire [ROWW-1:0] r0_row,   // subrow k
    input  wire [W-1:0]    r0_data,
    output wire [ROWW-1:0] r1_row,   // subrow k-1
    input  wire [W-1:0]    r1_data,
    // busy and the SRAM rows not yet read: [busy_lo, ...)
    output wire            busy,
    output wire [ROWW-1:0] busy_lo
);
    localparam integer LV = $clog2(VLEN);

    wire [LV-1:0]   off;
    wire [12:0]     beat, nbeats, subrows;
    wire [ROWW-1:0] vrow;
    wire            last;
    wire [15:0]     cur_dlen;

    npu_dma_walk #(.VLEN(VLEN), .ROWW(ROWW)) u_walk (
        .clk(clk), .rst(rst), .start(start), .addr0(addr0), .vrow0(vrow0), .nrows(nrows),
        .stride0(stride), .dlen0(dlen), .step(req_accept), .active(req_valid),
        .beat_addr(req_addr), .off(off), .beat(beat), .nbeats(nbeats), .subrows(subrows),
        .vrow(vrow), .last_beat(last), .dlen(cur_dlen));

    // Subrow k does not exist on a row's extra last beat (k == subrows) and subrow
    // k-1 not on its first; the rows read there are don't-cares (strobes are off),
    // clamped to stay inside the row.
    /* verilator lint_off UNUSEDSIGNAL */   // only the low ROWW bits index the SRAM
    wire [12:0] k0 = (beat < subrows) ? beat : beat - 13'd1;
    wire [12:0] k1 = (beat != 13'd0) ? beat - 13'd1 : 13'd0;
    /* verilator lint_on UNUSEDSIGNAL */
    assign r0_row = vrow + ROWW'(k0);
    assign r1_row = vrow + ROWW'(k1);

    /* verilator lint_off UNUSEDSIGNAL */   // upper half unused
    wire [2*W-1:0] pair = {r0_data, r1_data} >> {(LV+1)'(VLEN) - {1'b0, off}, 4'b0};
    /* verilator lint_on UNUSEDSIGNAL */
    assign req_data = pair[W-1:0];

    // Lane j of beat k holds element e = k*VLEN + j - o; it is written iff 0 <= e < dlen.
    wire signed [19:0] base = $signed({2'b0, beat, {LV{1'b0}}}) - $signed(20'({1'b0, off}));
    genvar g;
    generate
        for (g = 0; g < VLEN; g = g + 1) begin : g_lane
            wire signed [19:0] e = base + $signed(20'(g));
            wire on = (e >= 0) && (e < $signed({4'b0, cur_dlen}));
            assign req_strb[2*g +: 2] = {on, on};
        end
    endgenerate

    assign busy    = req_valid;
    assign busy_lo = vrow + ((beat == 13'd0) ? {ROWW{1'b0}} : ROWW'(beat - 13'd1));

    /* verilator lint_off UNUSEDSIGNAL */
    wire unused = &{1'b0, nbeats, last};
    /* verilator lint_on UNUSEDSIGNAL */
endmodule

`default_nettype wire
