/* kc_npu_stage.h — the npu template stages: each emits one phase of a kernel
 * (a contraction on the systolic array, an element-wise pass, a row
 * normalisation, a rotary embedding, an attention core) over DRAM operands.
 * A task's baseline is one stage (the level-1 tasks) or a sequence of them
 * through the task's scratch tensor (kc_npu_block.c). The conventions every
 * stage keeps (registers, SRAM, configuration) are in kc_npu_emit.h.
 * Each returns KC_ERR_USAGE with a message when a shape does not fit. */
#ifndef KC_NPU_STAGE_H
#define KC_NPU_STAGE_H

#include "kc_npu_emit.h"

/* C[b] = A[b] B[b] (+ bias) (SwiGLU: silu(A Wg^T) * (A Wu^T)); rows of A, B and C
 * are their operands' ld elements apart, batches *_bstride bytes apart.
 * B is B[k][n], or W[n][k] (B = W^T) when b_transposed. Needs 3 working
 * registers. */
typedef struct npu_mm {
    uint32_t batch, m, n, k;
    int b_transposed;
    npu_opnd a, b, c;
    npu_opnd bias;        /* areg < 0: none */
    npu_opnd gate;        /* areg < 0: none; else B is W_up and this W_gate */
    uint64_t a_bstride, b_bstride, c_bstride;
} npu_mm;

kc_status npu_stage_matmul(npu_gen *g, const npu_mm *mm, npu_work w, kc_err *err);

/* out = f(in) element-wise over `elems` contiguous elements (recipe "relu",
 * "silu", "gelu"), or out = in + in2 (recipe "add"). out may equal in. Needs 2
 * working registers (3 for "add"). */
kc_status npu_stage_eltwise(npu_gen *g, const char *recipe, npu_opnd in, npu_opnd in2,
                            npu_opnd out, uint64_t elems, npu_work w, kc_err *err);

/* Row normalisation ("softmax", "layernorm", "rmsnorm") of m rows of n
 * elements (rows ld apart in in and out); gamma/beta when the recipe uses them.
 * Needs 2 working registers. */
kc_status npu_stage_rownorm(npu_gen *g, const char *recipe, npu_opnd in, npu_opnd gamma,
                            npu_opnd beta, npu_opnd out, uint32_t m, uint32_t n, double eps,
                            npu_work w, kc_err *err);

/* Rotate-half RoPE (the rope task) of x [S][H][Dh] into y (may equal x) with
 * cos/sin [S][Dh/2]. Needs 5 working registers. */
kc_status npu_stage_rope(npu_gen *g, npu_opnd x, npu_opnd cos, npu_opnd sin, npu_opnd y,
                         uint32_t s, uint32_t h, uint32_t dh, npu_work w, kc_err *err);

/* Attention, FlashAttention-style: for every batch b and query head h,
 * o_h = softmax(scale * q_h k_g^T + bias_h [+ causal mask]) v_g with kv head
 * g = h / (heads / kv_heads). q_h, k_g, v_g, o_h are sq x d / sk x d matrices at
 * operand + head offset (bytes), rows ld apart; bias_h (areg < 0: none) is
 * sq x sk at bias + h * bias_hstride. Keys are processed in blocks with an
 * online softmax; no score matrix goes to DRAM. Needs 5 working registers
 * (6 with a bias). */
typedef struct npu_attn {
    uint32_t batch, heads, kv_heads, sq, sk, d;
    double scale;
    int causal;
    npu_opnd q, k, v, o, bias;
    uint64_t q_hstride, kv_hstride, o_hstride, bias_hstride;   /* bytes per head */
    uint64_t q_bstride, kv_bstride, o_bstride;                 /* bytes per batch */
} npu_attn;

kc_status npu_stage_attn(npu_gen *g, const npu_attn *a, npu_work w, kc_err *err);

/* Whole-task generators of composite tasks (kc_npu_block.c). */
kc_status npu_block_gen(npu_gen *g, const kc_task *t, const kc_task_config *c, kc_err *err);

#endif
