/* vliw_attn.h — the vliw attention stage (ScaledDotProduct, FlashAttention and
 * the attention of MHA / GQA / MQA and the decoder blocks): per head, K^T and V
 * held in a tile's DM, query groups of 4 rows streamed through, an online
 * softmax over key blocks with vmmac on 4x4 blocks (vliw_attn.c has the layout).
 *
 * A stage (vliw_emit.h): it uses DM from 0 up to vliw_attn_dm_bytes() (more
 * when the DM has room: K and V by whole rows through a staging area), locks
 * 0..4 and BDs 0..5, r1..r8 as scratch (saved and restored), and returns with
 * its locks at 0 and every output store accepted by DRAM. */
#ifndef VLIW_ATTN_H
#define VLIW_ATTN_H

#include <stdint.h>

#include "kc_err.h"
#include "kc_task.h"
#include "vliw_emit.h"

/* For every batch b and query head h: o_h = softmax(scale q_h k_g^T [+ causal
 * mask, top-left]) v_g, kv head g = h / (heads / kv_heads). q_h, o_h are sq x d,
 * k_g, v_g sk x d, at operand + b * *_bstride + head * *_hstride (bytes), rows
 * ld* elements apart. d must be a multiple of 4. */
typedef struct vliw_attn {
    uint32_t batch, heads, kv_heads, sq, sk, d;
    double scale;
    int causal;
    vliw_opnd q, k, v, o;                          /* vliw_emit.h operands */
    uint32_t ldq, ldk, ldo;                        /* row strides, elements */
    uint32_t q_hstride, kv_hstride, o_hstride;     /* bytes per head */
    uint32_t q_bstride, kv_bstride, o_bstride;     /* bytes per batch */
    int has_bias;      /* + bias[h][i][j] on the scaled scores (T5's position bias): */
    vliw_opnd bias;    /* [heads][sq][sk] contiguous; batch 1, not causal, ldq == ldo */
} vliw_attn;

/* DM bytes the stage needs at least (its smallest layout: K and V gathered);
 * 0 when the shape is not supported. */
uint32_t vliw_attn_dm_bytes(const vliw_attn *a);

/* The stage (vliw_emit.h's contract; args: a const vliw_attn *): tile
 * g->tile's share (query groups of every (batch, head), split by tile id into
 * contiguous ranges). KC_ERR_RANGE "does not fit" when K^T, V and the buffers
 * exceed the DM. */
kc_status vliw_attn_stage(vliw_gen *g, const void *args, kc_err *err);

/* The tasks: sdpa and flash_attn (the stage alone), mha / gqa / mqa (the
 * projections, vliw_matmul_gemm_stage, around the stage: a stage sequence). */
int vliw_attn_serves(const char *name);
kc_status vliw_attn_gen(vliw_gen *g, const kc_task *t, const kc_task_config *c, kc_err *err);

#endif
