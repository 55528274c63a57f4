// rvv_fpu — one fp32 lane: the scalar F extension and each Zve32f vector lane.
// Operations and operand roles: rvv_fpu_ops.vh. Pipeline: see docs/fp.md (rvv).
`default_nettype none
`include "rvv_fpu_ops.vh"

module rvv_fpu #(parameter TAGW = 8) (
    input  wire            clk,
    input  wire            rst,
    input  wire            in_valid,
    output wire            in_ready,   // 0 while an iterative div/sqrt runs
    input  wire [4:0]      op,         // RVV_FOP_*
    input  wire [2:0]      rm,         // 0 RNE, 1 RTZ
    input  wire [31:0]     a,
    input  wire [31:0]     b,
    input  wire [31:0]     c,
    input  wire [TAGW-1:0] tag,
    output wire            out_valid,
    output wire [31:0]     out,
    output wire [4:0]      flags,      // {NV, DZ, OF, UF, NX}
    output wire [TAGW-1:0] out_tag
);
`include "kc_fp_funcs.vh"

    // Issue-to-result latency of every op except FDIV/FSQRT: `RVV_FPU_LAT (3)
    // = operand register, stage-2 register, result register.

    // ---- stage 1: operand register ----
    reg            s1_v;
    reg [4:0]      s1_op;
    /* verilator lint_off UNUSEDSIGNAL */
    reg            s1_rtz; // TODO: RTZ
    /* verilator lint_on UNUSEDSIGNAL */
    reg [31:0]     s1_a, s1_b, s1_c;
    reg [TAGW-1:0] s1_tag;

    assign in_ready = 1'b1; // TODO: low while div/sqrt iterates

    always @(posedge clk) begin
        if (rst) s1_v <= 1'b0;
        else     s1_v <= in_valid && in_ready;
        s1_op  <= op;
        s1_rtz <= (rm == `RVV_FRM_RTZ);
        s1_a   <= a;
        s1_b   <= b;
        s1_c   <= c;
        s1_tag <= tag;
    end

    // ---- stage A (TODO: split into fma front end / pack) ----
    reg [31:0] a_res;
    reg [4:0]  a_flg;
    always @* begin
        a_flg = 5'd0;
        case (s1_op)
            `RVV_FOP_FADD:   a_res = kc_fp_add(s1_a, s1_b);
            `RVV_FOP_FSUB:   a_res = kc_fp_sub(s1_a, s1_b);
            `RVV_FOP_FMUL:   a_res = kc_fp_mul(s1_a, s1_b);
            `RVV_FOP_FMADD:  a_res = kc_fp_fma(s1_a, s1_b, s1_c);
            `RVV_FOP_FMIN:   a_res = kc_fp_min(s1_a, s1_b);
            `RVV_FOP_FMAX:   a_res = kc_fp_max(s1_a, s1_b);
            `RVV_FOP_FSGNJ:  a_res = {s1_b[31], s1_a[30:0]};
            `RVV_FOP_FSGNJN: a_res = {~s1_b[31], s1_a[30:0]};
            `RVV_FOP_FSGNJX: a_res = {s1_a[31] ^ s1_b[31], s1_a[30:0]};
            `RVV_FOP_CVT_S_W: a_res = kc_fp_from_int(s1_a);
            default:         a_res = 32'd0;
        endcase
    end

    // ---- stage 2 register ----
    reg            s2_v;
    reg [31:0]     s2_res;
    reg [4:0]      s2_flg;
    reg [TAGW-1:0] s2_tag;
    always @(posedge clk) begin
        if (rst) s2_v <= 1'b0;
        else     s2_v <= s1_v;
        s2_res <= a_res;
        s2_flg <= a_flg;
        s2_tag <= s1_tag;
    end

    // ---- stage 3: result register ----
    reg            s3_v;
    reg [31:0]     s3_res;
    reg [4:0]      s3_flg;
    reg [TAGW-1:0] s3_tag;
    always @(posedge clk) begin
        if (rst) s3_v <= 1'b0;
        else     s3_v <= s2_v;
        s3_res <= s2_res;
        s3_flg <= s2_flg;
        s3_tag <= s2_tag;
    end

    assign out_valid = s3_v;
    assign out       = s3_res;
    assign flags     = s3_flg;
    assign out_tag   = s3_tag;
endmodule
`default_nettype wire
