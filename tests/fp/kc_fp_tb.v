// kc_fp_tb — one Verilated top holding every thin fp module of rtl/common, so
// a single model serves the whole RTL-vs-C-model comparison (fp_rtl_tb.cpp).
// Independent input groups let one eval() check a triple, a pair, a unary
// input, a bf16 and an int at once. Including kc_fp_funcs.vh in all of these
// modules of one design is itself part of the test.
`default_nettype none
module kc_fp_tb (
    input  wire [31:0] a,          // fma operands
    input  wire [31:0] b,
    input  wire [31:0] c,
    input  wire [31:0] p,          // add/sub/mul/min/max/lt operands
    input  wire [31:0] q,
    input  wire [31:0] x,          // exp/recip/rsqrt/to_bf16/from_int operand
    input  wire [15:0] h,          // bf16 operand
    output wire [31:0] fma_y,
    output wire [31:0] add_y,
    output wire [31:0] sub_y,
    output wire [31:0] mul_y,
    output wire [31:0] min_y,
    output wire [31:0] max_y,
    output wire        lt_y,
    output wire [31:0] exp_y,
    output wire [31:0] recip_y,
    output wire [31:0] rsqrt_y,
    output wire [15:0] to_bf16_y,
    output wire [31:0] from_bf16_y,
    output wire [31:0] from_int_y
);
    kc_fp32_fma u_fma (.a(a), .b(b), .c(c), .y(fma_y));
    kc_fp32_add u_add (.a(p), .b(q), .sub(1'b0), .y(add_y));
    kc_fp32_add u_sub (.a(p), .b(q), .sub(1'b1), .y(sub_y));
    kc_fp32_mul u_mul (.a(p), .b(q), .y(mul_y));
    kc_fp32_minmax u_minmax (.a(p), .b(q), .min(min_y), .max(max_y), .lt(lt_y));
    kc_fp32_exp u_exp (.a(x), .y(exp_y));
    kc_fp32_recip u_recip (.a(x), .y(recip_y));
    kc_fp32_rsqrt u_rsqrt (.a(x), .y(rsqrt_y));
    kc_fp32_to_bf16 u_to_bf16 (.a(x), .y(to_bf16_y));
    kc_bf16_to_fp32 u_from_bf16 (.a(h), .y(from_bf16_y));
    kc_fp32_from_int u_from_int (.a(x), .y(from_int_y));
endmodule
`default_nettype wire
