// npu_fpu — the npu core's scalar fp32 pipeline: fadd, fsub, fmul, ffma and
// fcvtif, bit for bit the ISS's semantics (kc_fp_fma, kc_fp_from_int).
//
// The same stages as a vector lane (npu_vlane), on fp32 instead of bf16:
//   issue edge  the operands (read from F and X at issue) are registered;
//   stage 1     the fma's significand multiply and the addend's alignment
//               (kc_fp__fma_mul); fcvtif converts here (kc_fp_from_int) and is
//               carried as a "special" result through the next two stages;
//   stage 2     the 80-bit add or magnitude subtract (kc_fp__fma_add);
//   stage 3     normalise and round to fp32 (kc_fp__fma_round); the result is
//               written to F at the edge ending it (w_*).
// So a dependent instruction issues FP_LAT = 4 cycles after (NPU_TIMING fp_dep),
// one instruction enters per cycle (fp_thru), and results land in issue order.
// add/sub/mul use the fma (add = a*1+b, sub = a*1-b, mul = a*b-0: exactly
// kc_fp_add/sub/mul), as the vector lanes do.
//
// The core interlocks with fds / fds_ok: the destination of every stage, i.e.
// every fp register with a write still to come (written at an edge still to
// come, at the latest the one ending this cycle); there is no bypass, a reader
// issues at the edge after the write.
`default_nettype none

`define NPU_ISA_MACROS_ONLY
`include "npu_isa.vh"
`undef NPU_ISA_MACROS_ONLY

module npu_fpu #(
    parameter integer FRW = 4,
    parameter integer NFD = 3                  // stages with a write to come (fixed)
) (
    input  wire           clk,
    input  wire           rst,
    input  wire           iss,      // an fadd/fsub/fmul/ffma/fcvtif issues
    input  wire [5:0]     fn,       // its function code (NPU_FN_*)
    input  wire [FRW-1:0] fd,
    input  wire [31:0]    a,        // F[fs1]
    input  wire [31:0]    b,        // F[fs2]
    input  wire [31:0]    c,        // F[fd] (ffma's addend)
    input  wire [31:0]    xi,       // X[rs1] (fcvtif)
    output wire [NFD*FRW-1:0] fds,
    output wire [NFD-1:0] fds_ok,
    output wire           busy,
    output wire           w_valid,
    output wire [FRW-1:0] w_idx,
    output wire [31:0]    w_val
);
`include "npu_isa.vh"
`include "kc_fp_funcs.vh"

    // Stage 1: {special, result, ...} as kc_fp__fma_mul; fcvtif is a special
    // result.
    function automatic [173:0] stage1(input [5:0] f, input [31:0] fa, input [31:0] fb,
                                      input [31:0] fc, input [31:0] ia);
        reg [31:0] yy, z;
        begin
            yy = fb;
            z  = fc;
            case (f)
                NPU_FN_FADD: begin yy = 32'h3f800000; z = fb; end
                NPU_FN_FSUB: begin yy = 32'h3f800000; z = {~fb[31], fb[30:0]}; end
                NPU_FN_FMUL: z = 32'h80000000;
                default: ;   // ffma: a*b + F[fd]
            endcase
            stage1 = f == NPU_FN_FCVTIF ? {1'b1, kc_fp_from_int(ia), 141'd0}
                                        : kc_fp__fma_mul(fa, yy, z);
        end
    endfunction

    // per stage: valid, destination; the operand register also the function and
    // operands
    reg [2:0]     v;
    reg [FRW-1:0] d0, d1, d2;
    reg [5:0]     f0;
    reg [31:0]    a0, b0, c0, x0;
    reg [173:0]   r1;
    reg [124:0]   r2;
    always @(posedge clk) begin
        if (rst) v <= 3'd0;
        else     v <= {v[1:0], iss};
        if (iss) begin
            f0 <= fn; d0 <= fd; a0 <= a; b0 <= b; c0 <= c; x0 <= xi;
        end
        if (v[0]) begin r1 <= stage1(f0, a0, b0, c0, x0); d1 <= d0; end
        if (v[1]) begin r2 <= kc_fp__fma_add(r1); d2 <= d1; end
    end

    assign w_valid = v[2];
    assign w_idx   = d2;
    assign w_val   = kc_fp__fma_round(r2);
    assign fds     = {d2, d1, d0};
    assign fds_ok  = v;
    assign busy    = |v;
endmodule

`default_nettype wire
