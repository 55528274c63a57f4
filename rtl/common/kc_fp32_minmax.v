// kc_fp32_minmax — fp32 min, max and less-than (-0 < +0, NaN operand gives the other).
// Thin combinational wrapper of the function in kc_fp_funcs.vh, for
// testbenches, reuse as a module and synthesis checks.
`default_nettype none
module kc_fp32_minmax (
    input  wire [31:0] a,
    input  wire [31:0] b,
    output wire [31:0] min,
    output wire [31:0] max,
    output wire        lt
);
`include "kc_fp_funcs.vh"
    assign min = kc_fp_min(a, b);
    assign max = kc_fp_max(a, b);
    assign lt = kc_fp_lt(a, b);
endmodule
`default_nettype wire
