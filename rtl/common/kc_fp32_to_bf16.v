// kc_fp32_to_bf16 — fp32 -> bf16, round to nearest even.
// Thin combinational wrapper of the function in kc_fp_funcs.vh, for
// testbenches, reuse as a module and synthesis checks.
`default_nettype none
module kc_fp32_to_bf16 (
    input  wire [31:0] a,
    output wire [15:0] y
);
`include "kc_fp_funcs.vh"
    assign y = kc_fp_to_bf16(a);
endmodule
`default_nettype wire
