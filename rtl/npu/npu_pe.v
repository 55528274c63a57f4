// npu_pe — one processing element of the matrix unit's output-stationary
// systolic array (npu_matrix.v): an fp32 accumulator C[i][j], bf16 x bf16 ->
// fp32 multiply-accumulate, A moving right and B moving down through it.
//
// Three register stages, one step k entering per cycle:
//   O  operand:    out_a = A[i][k] (from the left), out_b = B[k][j] (from above),
//                  out_v; registered here and passed on to the PE to the right
//                  (out_a, out_v) and to the one below (out_b): the array's
//                  operand flow. Loaded only for a valid step.
//   M  multiply:   p = the exact product A[i][k] * B[k][j] (8 x 8 significands,
//                  exponent add; npu_pe_mul), registered with its valid bit.
//   A  accumulate: acc = round(acc + p) (npu_pe_add): an fp32 add of one
//                  rounding, the feedback loop of the array.
// The accumulate is one stage on purpose: C[i][j] takes step k + 1 the cycle
// after step k, and mmac's numerics (one rounding per step, k ascending, the
// ISS's kc_fp_fma chain) need each step to add to the rounded result of the one
// before, so a deeper adder would need several independent outputs interleaved
// per PE, which an output-stationary array of MLEN x VLEN outputs does not have.
// The multiply, which has no feedback, is its own stage. A step's product
// reaches acc two edges after its operands were registered here.
//
// Cost (yosys `synth`, generic gates; ctest npu_pe_synth checks it has no
// latches): about 2.9k cells and 96 flip-flops per PE; logic depth per stage
// O 0 (registers only), M 33, A about 70 levels, A being the loop: a two-path
// adder (npu_pe_funcs.vh) keeps alignment and cancellation off one path.
//
// `en` is the array's clock enable (something in flight); `clear` (reset or
// mst, issued only when the array is empty) zeroes acc and the valid bits.
`default_nettype none

module npu_pe (
    input  wire        clk,
    input  wire        clear,
    input  wire        en,
    input  wire        in_v,     // a step enters (this PE's row takes part in the mmac)
    input  wire [15:0] in_a,     // A[i][k], bf16
    input  wire [15:0] in_b,     // B[k][j], bf16
    output reg         out_v,
    output reg  [15:0] out_a,
    output reg  [15:0] out_b,
    output wire        busy,     // a step in stage O or M
    output reg  [31:0] acc,
    output wire [15:0] acc16     // acc rounded to bf16 (what mst writes to the vector SRAM)
);
`include "npu_pe_funcs.vh"
`include "kc_fp_funcs.vh"

    reg        p_v;
    reg [29:0] p;

    always @(posedge clk) begin
        if (clear) begin
            out_v <= 1'b0;
            p_v   <= 1'b0;
            acc   <= 32'd0;
        end else if (en) begin
            out_v <= in_v;
            if (in_v) begin
                out_a <= in_a;
                out_b <= in_b;
            end
            p_v <= out_v;
            if (out_v)
                p <= npu_pe_mul(out_a, out_b);
            if (p_v)
                acc <= npu_pe_add(p, acc);
        end
    end
    assign busy = out_v || p_v;
    // One converter per PE, so the array's readout is MLEN x VLEN instances of
    // one synthesized module rather than inlined copies in the vector unit.
    assign acc16 = kc_fp_to_bf16(acc);
endmodule

`default_nettype wire
