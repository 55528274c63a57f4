// kc_fp32_fma — fp32 fused multiply-add y = a * b + c, one rounding.
// Thin combinational wrapper of the function in kc_fp_funcs.vh, for
// testbenches, reuse as a module and synthesis checks.
`default_nettype none
module kc_fp32_fma (
    input  wire [31:0] a,
    input  wire [31:0] b,
    input  wire [31:0] c,
    output wire [31:0] y
);
`include "kc_fp_funcs.vh"
    assign y = kc_fp_fma(a, b, c);
endmodule
`default_nettype wire
