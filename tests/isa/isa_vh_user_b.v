// Includes the generated header inside a second module body: no include guard
// may hide the localparams here.
`default_nettype none
module isa_vh_user_b (
    input  wire [31:0] word,
    output wire        hit
);
`include "npu_isa.vh"
    assign hit = (word & NPU_MASK_HALT) == NPU_MATCH_HALT && word[NPU_F_RD_LO +: NPU_F_RD_WIDTH] == 4'd0;
endmodule
