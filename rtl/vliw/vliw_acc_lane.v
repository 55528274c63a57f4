// vliw_acc_lane — one fp32 lane of the VEC unit's accumulator ALU (aadd,
// asub, amul, amax, amin, alt) and one node of the reductions' trees
// (add / max). A separate module so synthesis elaborates its datapath once;
// add, sub and mul share one kc_fp_fma, exactly as kc_fp_add/sub/mul are
// defined (kc_fp_funcs.vh), so the lane is bit-exact with harness/kc_fp.c.
// Computes only when `en` (the simulation cost of an idle lane is nil).
`default_nettype none

module vliw_acc_lane (
    input  wire        en,
    input  wire [2:0]  op,      // VLIW_ACC_* below
    input  wire [31:0] a,
    input  wire [31:0] b,
    output reg  [31:0] y
);
`include "kc_fp_funcs.vh"
`include "vliw_acc_lane.vh"

    always @* begin
        y = 32'd0;
        if (en) begin
            case (op)
                VLIW_ACC_ADD: y = kc_fp_fma(a, 32'h3F800000, b);
                VLIW_ACC_SUB: y = kc_fp_fma(a, 32'h3F800000, {~b[31], b[30:0]});
                VLIW_ACC_MUL: y = kc_fp_fma(a, b, 32'h80000000);
                VLIW_ACC_MAX: y = kc_fp_max(a, b);
                VLIW_ACC_MIN: y = kc_fp_min(a, b);
                VLIW_ACC_LT:  y = kc_fp_lt(a, b) ? 32'h3F800000 : 32'd0;
                default:      y = 32'd0;
            endcase
        end
    end
endmodule

`default_nettype wire
