// kc_sfu_lane — one lane of a pipelined special-function unit (exp, recip,
// rsqrt), five segments, one operand per cycle. Shared by the vliw VEC unit
// (rtl/vliw/vliw_vec.v: 16 lanes, latency 6) and the npu vector unit's SFU
// (rtl/npu/npu_vector.v: NPU_SFU_LANES lanes). The steps are rtl/common's
// (kc_fp_funcs.vh: kc_fp_exp/recip/rsqrt are exactly the composition of these
// steps), so the lane is bit-exact with harness/kc_fp.c:
//   seg   exp                         recip / rsqrt
//   0     range reduction n, f        seed (one multiply)
//   1     Horner steps 1, 2           Newton step 1
//   2     Horner steps 3, 4           Newton step 2
//   3     Horner steps 5, 6           Newton step 3
//   4     Horner step 7, pack         pack (normalise, round)
// Segment 0 computes on the operand x0 of the cycle's new entry (in0); y is
// segment 4's combinational result, which the parent registers or writes.
// The stage registers load on `adv` when the stage's entry is valid
// (v, with each stage's op, held by the parent).
`default_nettype none

module kc_sfu_lane (
    input  wire        clk,
    input  wire        adv,
    input  wire        in0,        // an SFU entry issues (seg 0)
    input  wire [1:0]  op0,        // 1 exp, 2 recip, 3 rsqrt
    input  wire [31:0] x0,         // ACC[a] lane
    input  wire [3:0]  v,          // an SFU entry in s1..s4
    input  wire [7:0]  op,         // its op, 2 bits per stage s1..s4
    output reg  [31:0] y           // seg 4 result (into s5)
);
`include "kc_fp_funcs.vh"
    localparam [1:0] OP_EXP = 2'd1, OP_RCP = 2'd2, OP_RSQ = 2'd3;

    // per stage: the operand x, the iterate y (Q30, exp: Horner value), and
    // for exp the reduced f and n (f in [-2^29, 2^29), |n| <= 185 whenever
    // the result is not a special case)
    reg [31:0] sx [1:4];
    reg [63:0] sy [1:4];
    reg [31:0] sf [1:4];
    reg [15:0] sn [1:4];
    reg [63:0] ny [0:3];        // next iterate, seg 0..3
    /* verilator lint_off UNUSEDSIGNAL */
    reg [95:0]  nf;             // seg 0's reduction {n, f}: only f[31:0], n[15:0] are kept
    /* verilator lint_on UNUSEDSIGNAL */

    wire signed [63:0] f1 = {{32{sf[1][31]}}, sf[1]};
    wire signed [63:0] f2 = {{32{sf[2][31]}}, sf[2]};
    wire signed [63:0] f3 = {{32{sf[3][31]}}, sf[3]};
    wire signed [63:0] f4 = {{32{sf[4][31]}}, sf[4]};
    // the stage words the segments read, as wires: an always @* naming words of
    // an unpacked array is sensitive to the whole array in an event-driven
    // simulator (Icarus -Wall flags it)
    wire [23:0] x1 = sx[1][23:0], x2 = sx[2][23:0], x3 = sx[3][23:0];   // Newton steps read 23/24 bits
    wire [31:0] x4 = sx[4];
    wire [63:0] y1 = sy[1], y2 = sy[2], y3 = sy[3], y4 = sy[4];
    wire [15:0] n4 = sn[4];
    always @* begin
        nf = 96'd0;
        ny[0] = 64'd0; ny[1] = 64'd0; ny[2] = 64'd0; ny[3] = 64'd0;
        y = 32'd0;
        if (in0) begin
            if (op0 == OP_EXP) nf = kc_fp__exp_reduce(x0);
            if (op0 == OP_RCP) ny[0] = kc_fp__recip_seed(x0[22:0]);
            if (op0 == OP_RSQ) ny[0] = kc_fp__rsqrt_seed(x0[23:0]);
            if (op0 == OP_EXP) ny[0] = 64'sd16377;
        end
        if (v[0]) begin
            if (op[1:0] == OP_EXP) ny[1] = kc_fp__exp_step(2, kc_fp__exp_step(1, y1, f1), f1);
            if (op[1:0] == OP_RCP) ny[1] = kc_fp__recip_step(x1[22:0], y1);
            if (op[1:0] == OP_RSQ) ny[1] = kc_fp__rsqrt_step(x1[23:0], y1);
        end
        if (v[1]) begin
            if (op[3:2] == OP_EXP) ny[2] = kc_fp__exp_step(4, kc_fp__exp_step(3, y2, f2), f2);
            if (op[3:2] == OP_RCP) ny[2] = kc_fp__recip_step(x2[22:0], y2);
            if (op[3:2] == OP_RSQ) ny[2] = kc_fp__rsqrt_step(x2[23:0], y2);
        end
        if (v[2]) begin
            if (op[5:4] == OP_EXP) ny[3] = kc_fp__exp_step(6, kc_fp__exp_step(5, y3, f3), f3);
            if (op[5:4] == OP_RCP) ny[3] = kc_fp__recip_step(x3[22:0], y3);
            if (op[5:4] == OP_RSQ) ny[3] = kc_fp__rsqrt_step(x3[23:0], y3);
        end
        if (v[3]) begin
            if (op[7:6] == OP_EXP) y = kc_fp__exp_pack(x4, {{16{n4[15]}}, n4}, kc_fp__exp_step(7, y4, f4));
            if (op[7:6] == OP_RCP) y = kc_fp__recip_pack(x4, y4);
            if (op[7:6] == OP_RSQ) y = kc_fp__rsqrt_pack(x4, y4);
        end
    end

    always @(posedge clk) begin
        if (adv) begin
            if (in0) begin
                sx[1] <= x0; sy[1] <= ny[0]; sf[1] <= nf[31:0]; sn[1] <= nf[79:64];
            end
            if (v[0]) begin sx[2] <= sx[1]; sy[2] <= ny[1]; sf[2] <= sf[1]; sn[2] <= sn[1]; end
            if (v[1]) begin sx[3] <= sx[2]; sy[3] <= ny[2]; sf[3] <= sf[2]; sn[3] <= sn[2]; end
            if (v[2]) begin sx[4] <= sx[3]; sy[4] <= ny[3]; sf[4] <= sf[3]; sn[4] <= sn[3]; end
        end
    end
endmodule

`default_nettype wire
