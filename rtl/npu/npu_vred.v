// npu_vred — the vector unit's reduction tree (vredsum, vredmax), pipelined.
//
// The order is part of the ISA (the ISS and the ISA document use the same
// tree): level l (0 .. log2(VLEN) - 1) combines node 2j and node 2j + 1 of the
// level below into node j, i.e. lane i + 2^l into lane i for i a multiple of
// 2^(l+1); inactive lanes hold the identity (-0.0 for sum, -inf for max).
// Every level is two registered stages, the same split as the element-wise
// lane's (npu_vlane) stages 2 and 3, so no stage is deeper than an fma stage:
//   A  (align +) add: kc_fp__fma_front(x, 1.0, z) (the multiply by 1.0 is a
//      wire), or the whole max (a compare: carried as a special result);
//      level 0's A also converts the bf16 lanes;
//   B  normalise and round to fp32 (kc_fp__fma_round).
// The operand row is the vector SRAM's read register (in_*, loaded at the issue
// edge); level l's A stage is registered at the edge ending cycle 2l + 1 after
// issue, its B stage at 2l + 2; the last B register is the fp write-back
// (wb_*), which the core forwards and writes into its register file one edge
// later. So a reduction's fp result can be used 2*log2(VLEN) + 1 cycles after
// issue (NPU_TIMING vred_fp), and reductions issue one per cycle.
//
// Hazard view: fds / fds_ok, the fp register of every stage whose result has
// not reached wb_* yet (the core stalls an instruction that uses one; wb_* it
// forwards).
`default_nettype none

module npu_vred #(
    parameter integer VLEN = 16,
    parameter integer FRW  = 4,
    parameter integer W    = VLEN * 16,
    parameter integer LV   = $clog2(VLEN),
    parameter integer NP   = 2 * LV - 1        // stages before wb_*: A0, B0, .., A(LV-1)
) (
    input  wire            clk,
    input  wire            rst,
    // the operand register (loaded at the issue edge by npu_vector)
    input  wire            in_valid,    // holds a reduction
    input  wire            in_max,      // vredmax (else vredsum)
    input  wire [FRW-1:0]  in_fd,
    input  wire [W-1:0]    in_row,
    input  wire [VLEN-1:0] in_lanes,
    output wire            busy,        // a reduction in A0 .. wb_*
    output wire [NP*FRW-1:0] fds,
    output wire [NP-1:0]   fds_ok,
    output wire            wb_valid,
    output wire [FRW-1:0]  wb_idx,
    output wire [31:0]     wb_val
);
`include "kc_fp_funcs.vh"

    function automatic [31:0] leaf(input mx, input act, input [15:0] h);
        leaf = act ? kc_fp_from_bf16(h) : (mx ? 32'hff800000 : 32'h80000000);
    endfunction

    // control per stage k = 1 .. 2*LV (2l + 1: level l's A, 2l + 2: its B)
    reg [2*LV:1]   sv;
    reg            smax [1:2*LV];
    reg [FRW-1:0]  sfd  [1:2*LV];

    integer k;
    always @(posedge clk) begin
        if (rst) sv <= '0;
        else     sv <= {sv[2*LV-1:1], in_valid};
        smax[1] <= in_max; sfd[1] <= in_fd;
        for (k = 2; k <= 2 * LV; k = k + 1) begin
            smax[k] <= smax[k-1]; sfd[k] <= sfd[k-1];
        end
    end

    // the data: level l has VLEN >> (l + 1) nodes
    genvar l, j;
    generate
        for (l = 0; l < LV; l = l + 1) begin : g_lv
            localparam integer N = VLEN >> (l + 1);
            wire [N*32-1:0] y;   // the level's B registers
            for (j = 0; j < N; j = j + 1) begin : g_node
                wire [31:0] x, z;
                wire        a_en, a_max;
                if (l == 0) begin : g_leaf
                    assign x = leaf(in_max, in_lanes[2*j], in_row[(2*j)*16 +: 16]);
                    assign z = leaf(in_max, in_lanes[2*j+1], in_row[(2*j+1)*16 +: 16]);
                    assign a_en = in_valid;
                    assign a_max = in_max;
                end else begin : g_inner
                    assign x = g_lv[l-1].y[(2*j)*32 +: 32];
                    assign z = g_lv[l-1].y[(2*j+1)*32 +: 32];
                    assign a_en = sv[2*l];
                    assign a_max = smax[2*l];
                end
                npu_vred_node u_node (.clk(clk), .a_en(a_en), .a_max(a_max), .x(x), .z(z),
                                      .b_en(sv[2*l+1]), .y(y[j*32 +: 32]));
            end
        end
    endgenerate

    assign wb_valid = sv[2*LV];
    assign wb_idx   = sfd[2*LV];
    assign wb_val   = g_lv[LV-1].y;
    assign busy     = |sv;

    generate
        for (j = 0; j < NP; j = j + 1) begin : g_hz
            assign fds[j*FRW +: FRW] = sfd[j+1];
            assign fds_ok[j] = sv[j+1];
        end
    endgenerate
endmodule

`default_nettype wire
