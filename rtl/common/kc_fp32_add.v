// kc_fp32_add — fp32 add (sub = 0) or subtract (sub = 1): y = a +- b.
// Thin combinational wrapper of the function in kc_fp_funcs.vh, for
// testbenches, reuse as a module and synthesis checks.
`default_nettype none
module kc_fp32_add (
    input  wire [31:0] a,
    input  wire [31:0] b,
    input  wire        sub,
    output wire [31:0] y
);
`include "kc_fp_funcs.vh"
    assign y = sub ? kc_fp_sub(a, b) : kc_fp_add(a, b);
endmodule
`default_nettype wire
