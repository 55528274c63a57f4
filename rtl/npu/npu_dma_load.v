// npu_dma_load — DRAM -> vector SRAM engine (the dld instruction).
//
// Requests run ahead of responses (one request walker, one response walker over
// the same sequence); responses arrive in order. Response beat k of a row at lane
// offset o, rotated down by o lanes, holds lanes [0, VLEN-o) of subrow k and lanes
// [VLEN-o, VLEN) of subrow k-1, so each beat makes up to two lane-masked row
// writes. Elements at or past dlen are written as zero (the documented padding);
// on a row's last beat the whole of subrow k is written so its padding is too.
`default_nettype none

`define NPU_ISA_MACROS_ONLY
`include "npu_isa.vh"
`undef NPU_ISA_MACROS_ONLY

module npu_dma_load #(
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
    // memory request (read) and response
    output wire            req_valid,
    output wire [31:0]     req_addr,
    input  wire            req_accept,
    input  wire            resp_valid,
    input  wire [W-1:0]    resp_data,
    // SRAM writes
    output wire            w0_en,
    output wire [ROWW-1:0] w0_row,
    output wire [VLEN-1:0] w0_lanes,
    output wire [W-1:0]    w0_data,
    output wire            w1_en,
    output wire [ROWW-1:0] w1_row,
    output wire [VLEN-1:0] w1_lanes,
    output wire [W-1:0]    w1_data,
    // busy and the SRAM rows not yet complete: [busy_lo, ...)
    output wire            busy,
    output wire [ROWW-1:0] busy_lo
);
    localparam integer LV = $clog2(VLEN);

    wire [LV-1:0] q_off, s_off;
    wire [BEATW-1:0] q_beat, q_nbeats, q_subrows, s_beat, s_nbeats, s_subrows;
    wire [ROWW-1:0] q_vrow, s_vrow;
    wire          q_last, s_last, s_active;
    wire [15:0]   q_dlen, s_dlen;

    npu_dma_walk #(.VLEN(VLEN), .ROWW(ROWW), .BEATW(BEATW)) u_req (
        .clk(clk), .rst(rst), .start(start), .addr0(addr0), .vrow0(vrow0), .nrows(nrows),
        .stride0(stride), .dlen0(dlen), .step(req_accept), .active(req_valid),
        .beat_addr(req_addr), .off(q_off), .beat(q_beat), .nbeats(q_nbeats),
        .subrows(q_subrows), .vrow(q_vrow), .last_beat(q_last), .dlen(q_dlen));

    /* verilator lint_off PINCONNECTEMPTY */
    npu_dma_walk #(.VLEN(VLEN), .ROWW(ROWW), .BEATW(BEATW)) u_rsp (
        .clk(clk), .rst(rst), .start(start), .addr0(addr0), .vrow0(vrow0), .nrows(nrows),
        .stride0(stride), .dlen0(dlen), .step(resp_valid), .active(s_active),
        .beat_addr(), .off(s_off), .beat(s_beat), .nbeats(s_nbeats),
        .subrows(s_subrows), .vrow(s_vrow), .last_beat(s_last), .dlen(s_dlen));
    /* verilator lint_on PINCONNECTEMPTY */

    // rot lane l = beat lane (l + o) mod VLEN
    /* verilator lint_off UNUSEDSIGNAL */
    wire [2*W-1:0] dbl = {resp_data, resp_data} >> {s_off, 4'b0};   // upper half unused
    /* verilator lint_on UNUSEDSIGNAL */
    wire [W-1:0]   rot = dbl[W-1:0];

    // Elements of subrow k still inside the row: lanes l < dlen - k*VLEN (signed:
    // wide enough for dlen and for k*VLEN, plus a sign bit).
    localparam integer RMW = (BEATW + LV > 16 ? BEATW + LV : 16) + 2;
    wire signed [RMW-1:0] rem_k  = $signed(RMW'(s_dlen)) - $signed(RMW'({s_beat, {LV{1'b0}}}));
    wire signed [RMW-1:0] rem_k1 = rem_k + $signed(RMW'(VLEN));

    genvar g;
    generate
        for (g = 0; g < VLEN; g = g + 1) begin : g_lane
            wire in_k  = rem_k  > $signed(RMW'(g));
            wire in_k1 = rem_k1 > $signed(RMW'(g));
            assign w0_lanes[g] = (32'(s_off) + g < VLEN) || s_last;
            assign w1_lanes[g] = (32'(s_off) + g >= VLEN);
            assign w0_data[g*16 +: 16] = in_k  ? rot[g*16 +: 16] : 16'h0000;
            assign w1_data[g*16 +: 16] = in_k1 ? rot[g*16 +: 16] : 16'h0000;
        end
    endgenerate

    assign w0_en  = resp_valid && (s_beat < s_subrows);
    assign w0_row = s_vrow + ROWW'(s_beat);
    assign w1_en  = resp_valid && (s_beat != '0) && (s_off != {LV{1'b0}});
    assign w1_row = s_vrow + ROWW'(s_beat) - 1'b1;

    assign busy    = s_active;
    assign busy_lo = s_vrow + ((s_beat == '0) ? {ROWW{1'b0}} : ROWW'(s_beat - 1'b1));

    /* verilator lint_off UNUSEDSIGNAL */
    wire unused = &{1'b0, q_off, q_beat, q_nbeats, q_subrows, q_vrow, q_last, q_dlen, s_nbeats};
    /* verilator lint_on UNUSEDSIGNAL */
endmodule

`default_nettype wire
