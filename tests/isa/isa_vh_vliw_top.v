// isa_vh_vliw_top — includes rtl/vliw/vliw_isa.vh in a module and uses each slot's
// legality function on one bundle, so Verilator lint (-Wall) sees the whole header.
`default_nettype none
module isa_vh_vliw_top (
    input  wire [223:0] bundle,
    output wire [6:0]   legal
);
`include "vliw_isa.vh"
    assign legal[0] = vliw_isa_legal_s(bundle[31:0]);
    assign legal[1] = vliw_isa_legal_ld(bundle[63:32]);
    assign legal[2] = vliw_isa_legal_ld(bundle[95:64]);
    assign legal[3] = vliw_isa_legal_st(bundle[127:96]);
    assign legal[4] = vliw_isa_legal_mac(bundle[159:128]);
    assign legal[5] = vliw_isa_legal_vec(bundle[191:160]);
    assign legal[6] = vliw_isa_legal_mv(bundle[223:192]);
endmodule
`default_nettype wire
