// npu_vred_node — one node of the reduction tree (npu_vred): y = x + z (fp32,
// one rounding: kc_fp_add) or max(x, z) (kc_fp_max) over two registered stages,
//   A  (align +) add: kc_fp__fma_front(x, 1.0, z) (the multiply by 1.0 is a
//      wire), or the whole max (a compare), carried as a special result;
//   B  normalise and round to fp32 (kc_fp__fma_round).
// The registers load only when their stage holds a reduction (a_en, b_en from
// npu_vred's valid pipeline). Not inlined in Verilator: the VLEN - 1 nodes share
// one copy of the code.
`default_nettype none

module npu_vred_node (
    input  wire        clk,
    input  wire        a_en,     // stage A computes (x, z valid)
    input  wire        a_max,    // vredmax
    input  wire [31:0] x,        // left operand (node 2j of the level below)
    input  wire [31:0] z,        // right operand (node 2j + 1)
    input  wire        b_en,     // stage B computes (the A register is valid)
    output reg  [31:0] y         // the B register
);
    /* verilator no_inline_module */
`include "kc_fp_funcs.vh"
    reg [124:0] ra;
    always @(posedge clk) begin
        if (a_en) ra <= a_max ? {1'b1, kc_fp_max(x, z), 92'd0} : kc_fp__fma_front(x, 32'h3f800000, z);
        if (b_en) y <= kc_fp__fma_round(ra);
    end
endmodule

`default_nettype wire
