// kc_fp32_from_int — signed int32 -> fp32, round to nearest even.
// Thin combinational wrapper of the function in kc_fp_funcs.vh, for
// testbenches, reuse as a module and synthesis checks.
`default_nettype none
module kc_fp32_from_int (
    input  wire [31:0] a,
    output wire [31:0] y
);
`include "kc_fp_funcs.vh"
    assign y = kc_fp_from_int(a);
endmodule
`default_nettype wire
