// Lint/parse check of the generated rtl/npu/npu_isa.vh: used for a parameter
// default in a module header (macros only) and inside two module bodies.
`default_nettype none
`define NPU_ISA_MACROS_ONLY
`include "npu_isa.vh"
`undef NPU_ISA_MACROS_ONLY

module isa_vh_top #(
    parameter int VLEN = `NPU_VLEN
) (
    input  wire [31:0] word,
    output wire        is_vadd,
    output wire        is_halt,
    output wire [7:0]  lanes
);
    isa_vh_user_a u_a (.word(word), .hit(is_vadd));
    isa_vh_user_b u_b (.word(word), .hit(is_halt));
    assign lanes = 8'(VLEN);
endmodule
