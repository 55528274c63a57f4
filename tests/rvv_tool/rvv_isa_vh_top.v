// Includes the generated rtl/rvv/rvv_isa.vh in a module and uses its function and
// constants, so verilator --lint-only -Wall checks the header (rvv_isa_vh_lint).
`default_nettype none
module rvv_isa_vh_top (
    input  wire [31:0] word,
    output wire        listed,
    output wire        is_vfadd_vv
);
`include "rvv_isa.vh"
  assign listed = rvv_isa_listed(word);
  assign is_vfadd_vv = (word & RVV_MASK_VFADD_VV) == RVV_MATCH_VFADD_VV;
endmodule
`default_nettype wire
