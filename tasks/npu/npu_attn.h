/* npu_attn.h — the npu attention stage (FlashAttention on the systolic array
 * and the vector unit). Stage conventions: npu_emit.h. */
#ifndef NPU_ATTN_H
#define NPU_ATTN_H

#include "npu_emit.h"

/* For every batch b and query head h, o_h = softmax(scale * q_h k_g^T + bias_h
 * [+ causal mask]) v_g with kv head g = h / (heads / kv_heads). q_h, k_g, v_g,
 * o_h are sq x d / sk x d matrices at operand + head offset (bytes), rows ld
 * apart; bias_h (areg < 0: none) is sq x sk at bias + h * bias_hstride. Keys are
 * processed in blocks with an online softmax; no score matrix goes to DRAM.
 * Needs 6 working registers (7 with a bias). */
typedef struct npu_attn {
    uint32_t batch, heads, kv_heads, sq, sk, d;
    double scale;
    int causal;
    npu_opnd q, k, v, o, bias;
    uint64_t q_hstride, kv_hstride, o_hstride, bias_hstride;   /* bytes per head */
    uint64_t q_bstride, kv_bstride, o_bstride;                 /* bytes per batch */
} npu_attn;

/* KC_ERR_USAGE with a message when the shape does not fit. */
kc_status npu_attn_stage(npu_gen *g, const npu_attn *a, npu_work w, kc_err *err);

#endif
