// Includes the generated header inside a module body (first copy).
`default_nettype none
module isa_vh_user_a (
    input  wire [31:0] word,
    output wire        hit
);
`include "npu_isa.vh"
    assign hit = (word & NPU_MASK_VADD) == NPU_MATCH_VADD && NPU_VLEN == 16;
endmodule
