// kc_bf16_to_fp32 — bf16 -> fp32 (denormal -> signed zero, NaN -> canonical).
// Thin combinational wrapper of the function in kc_fp_funcs.vh, for
// testbenches, reuse as a module and synthesis checks.
`default_nettype none
module kc_bf16_to_fp32 (
    input  wire [15:0] a,
    output wire [31:0] y
);
`include "kc_fp_funcs.vh"
    assign y = kc_fp_from_bf16(a);
endmodule
`default_nettype wire
