// kc_fp32_mul — fp32 multiply y = a * b.
// Thin combinational wrapper of the function in kc_fp_funcs.vh, for
// testbenches, reuse as a module and synthesis checks.
`default_nettype none
module kc_fp32_mul (
    input  wire [31:0] a,
    input  wire [31:0] b,
    output wire [31:0] y
);
`include "kc_fp_funcs.vh"
    assign y = kc_fp_mul(a, b);
endmodule
`default_nettype wire
