// npu_dma_store — vector SRAM -> DRAM engine (the dst instruction).
//
// The inverse of npu_dma_load: beat k of a row at lane offset o takes its lanes
// j >= o from subrow k (lane j-o) and its lanes j < o from subrow k-1
// (lane VLEN-o+j), i.e. the pair {subrow k, subrow k-1} shifted by VLEN-o lanes.
// Byte strobes cover exactly the row's dlen elements, so nothing outside the row
// is written.
`default_nettype none

`define NPU_ISA_MACROS_ONLY
`include "npu_isa.vh"
`undef NPU_ISA_MACROS_ONLY

module npu_dma_store #(
    parameter integer VLEN  = `NPU_VLEN,
    parameter integer ROWW  = $clog2(`NPU_VROWS),
    parameter integer W     = VLEN * 16,
    parameter integer BEATW = 13   // beat index width (npu_dma derives it from VLEN)
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
    output wire            r1_used,  // r1 is read (its data makes part of the beat)
    // busy and the SRAM rows not yet read: [busy_lo, ...)
    output wire            busy,
    output wire [ROWW-1:0] busy_lo
);
    localparam integer LV = $clog2(VLEN);

    wire [LV-1:0]   off;
    wire [BEATW-1:0] beat, nbeats, subrows;
    wire [ROWW-1:0] vrow;
    wire            last;
    wire [15:0]     cur_dlen;

    npu_dma_walk #(.VLEN(VLEN), .ROWW(ROWW), .BEATW(BEATW)) u_walk (
        .clk(clk), .rst(rst), .start(start), .addr0(addr0), .vrow0(vrow0), .nrows(nrows),
        .stride0(stride), .dlen0(dlen), .step(req_accept), .active(req_valid),
        .beat_addr(req_addr), .off(off), .beat(beat), .nbeats(nbeats), .subrows(subrows),
        .vrow(vrow), .last_beat(last), .dlen(cur_dlen));

    // Subrow k does not exist on a row's extra last beat (k == subrows) and subrow
    // k-1 not on its first; the rows read there are don't-cares (strobes are off),
    // clamped to stay inside the row.
    /* verilator lint_off UNUSEDSIGNAL */   // only the low ROWW bits index the SRAM
    wire [BEATW-1:0] k0 = (beat < subrows) ? beat : beat - 1'b1;
    wire [BEATW-1:0] k1 = (beat != '0) ? beat - 1'b1 : '0;
    /* verilator lint_on UNUSEDSIGNAL */
    assign r0_row = vrow + ROWW'(k0);
    assign r1_row = vrow + ROWW'(k1);
    // the beat takes lanes of subrow k-1 only when the row is not lane-aligned
    assign r1_used = off != {LV{1'b0}};

    /* verilator lint_off UNUSEDSIGNAL */   // upper half unused
    wire [2*W-1:0] pair = {r0_data, r1_data} >> {(LV+1)'(VLEN) - {1'b0, off}, 4'b0};
    /* verilator lint_on UNUSEDSIGNAL */
    assign req_data = pair[W-1:0];

    // Lane j of beat k holds element e = k*VLEN + j - o; it is written iff 0 <= e < dlen.
    // (signed: wide enough for dlen and for k*VLEN + VLEN, plus a sign bit)
    localparam integer EW = (BEATW + LV > 16 ? BEATW + LV : 16) + 3;
    wire signed [EW-1:0] base = $signed(EW'({beat, {LV{1'b0}}})) - $signed(EW'(off));
    genvar g;
    generate
        for (g = 0; g < VLEN; g = g + 1) begin : g_lane
            wire signed [EW-1:0] e = base + $signed(EW'(g));
            wire on = (e >= 0) && (e < $signed(EW'(cur_dlen)));
            assign req_strb[2*g +: 2] = {on, on};
        end
    endgenerate

    assign busy    = req_valid;
    assign busy_lo = vrow + ((beat == '0) ? {ROWW{1'b0}} : ROWW'(beat - 1'b1));

    /* verilator lint_off UNUSEDSIGNAL */
    wire unused = &{1'b0, nbeats, last};
    /* verilator lint_on UNUSEDSIGNAL */
endmodule

`default_nettype wire
