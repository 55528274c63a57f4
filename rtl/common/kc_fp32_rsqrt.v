// kc_fp32_rsqrt — fp32 reciprocal square root y = 1 / sqrt(a) (error bound in docs/fp.md).
// Thin combinational wrapper of the function in kc_fp_funcs.vh, for
// testbenches, reuse as a module and synthesis checks.
`default_nettype none
module kc_fp32_rsqrt (
    input  wire [31:0] a,
    output wire [31:0] y
);
`include "kc_fp_funcs.vh"
    assign y = kc_fp_rsqrt(a);
endmodule
`default_nettype wire
