// npu_vlane — one lane of the npu vector unit's element-wise pipeline: every
// element-wise instruction but the special functions (vadd vsub vmul vmax vmin,
// the scalar forms, vmacs, vbcast), bit for bit the ISS's semantics
// (bf16 -> fp32 -> one fused multiply-add or a min/max -> bf16).
//
// npu_vector instantiates it VLEN times. Its operands come from the vector
// SRAM's read registers (loaded at the issue edge); then three registered
// stages, the same depth for every operation:
//   stage 1  bf16 -> fp32 of the operands; the fma's significand multiply and,
//            in parallel (exponents only), the addend's alignment shift; operand
//            special cases (kc_fp__fma_mul). max/min/bcast are computed here
//            and carried as a "special" result through the next two stages.
//   stage 2  the 80-bit add or magnitude subtract, exact cancellation
//            (kc_fp__fma_add).
//   stage 3  normalise and round to fp32 (kc_fp__fma_round), then round to bf16
//            (kc_fp_to_bf16); y is written to the SRAM at the edge ending it.
// add/sub/mul use the fma (add = a*1+b, sub = a*1-b, mul = a*b-0: exactly
// kc_fp_add/sub/mul), as a real FPU lane would. The steps are kc_fp_funcs.vh's
// (kc_fp_fma is exactly their composition), so the lane is bit-exact with
// harness/kc_fp.c and the ISS.
//
// The stage registers load only when the stage holds an active lane (e1, e2
// from the parent's valid and lane-mask pipeline), so an idle or masked lane
// costs nothing in simulation.
`default_nettype none

`define NPU_ISA_MACROS_ONLY
`include "npu_isa.vh"
`undef NPU_ISA_MACROS_ONLY

module npu_vlane (
    input  wire        clk,
    input  wire        e1,       // stage 1 computes: the operand registers hold an active lane
    input  wire [5:0]  fn,       // stage 1's function code
    input  wire [15:0] a,        // operands (bf16) from the SRAM read registers
    input  wire [15:0] b,
    input  wire [15:0] d,        // old destination lane (vmacs addend)
    input  wire [31:0] s,        // scalar operand (fp32)
    input  wire        e2,       // stage 2 holds an active lane
    input  wire        e3,       // stage 3 holds an active lane (y is wanted)
    output reg  [15:0] y         // stage 3's result, written at the edge ending it
);
    /* verilator no_inline_module */
`include "npu_isa.vh"
`include "kc_fp_funcs.vh"

    // Stage 1: {special, result, ...} as kc_fp__fma_mul; max/min/bcast are a
    // special result. (The module is not inlined in Verilator: its VLEN
    // instances share one copy of the stage code.)
    function automatic [173:0] stage1(input [5:0] f, input [15:0] ha, input [15:0] hb,
                                      input [15:0] hd, input [31:0] sc);
        reg [31:0] fa, fb, x, yy, z, r;
        reg        fused;
        begin
            fa    = kc_fp_from_bf16(ha);
            fb    = kc_fp_from_bf16(hb);
            fused = 1'b1;
            x     = fa;
            yy    = 32'h3f800000;                 // 1.0
            z     = 32'h80000000;                 // -0.0
            r     = 32'h7fc00000;
            case (f)
                NPU_FN_VADD:   z = fb;
                NPU_FN_VSUB:   z = {~fb[31], fb[30:0]};
                NPU_FN_VMUL:   yy = fb;
                NPU_FN_VADDS:  z = sc;
                NPU_FN_VSUBS:  z = {~sc[31], sc[30:0]};
                NPU_FN_VMULS:  yy = sc;
                NPU_FN_VMACS:  begin yy = sc; z = kc_fp_from_bf16(hd); end
                default: begin
                    fused = 1'b0;
                    case (f)
                        NPU_FN_VMAX:   r = kc_fp_max(fa, fb);
                        NPU_FN_VMIN:   r = kc_fp_min(fa, fb);
                        NPU_FN_VMAXS:  r = kc_fp_max(fa, sc);
                        NPU_FN_VMINS:  r = kc_fp_min(fa, sc);
                        NPU_FN_VBCAST: r = sc;
                        default:       r = 32'h7fc00000;
                    endcase
                end
            endcase
            stage1 = fused ? kc_fp__fma_mul(x, yy, z) : {1'b1, r, 141'd0};
        end
    endfunction

    function automatic [124:0] stage2(input [173:0] m);
        stage2 = kc_fp__fma_add(m);
    endfunction

    function automatic [15:0] stage3(input [124:0] f);
        stage3 = kc_fp_to_bf16(kc_fp__fma_round(f));
    endfunction

    reg [173:0] r1;   // stage 1 -> 2
    reg [124:0] r2;   // stage 2 -> 3
    always @(posedge clk) begin
        if (e1) r1 <= stage1(fn, a, b, d, s);
        if (e2) r2 <= stage2(r1);
    end
    always @* y = e3 ? stage3(r2) : 16'd0;
endmodule

`default_nettype wire
