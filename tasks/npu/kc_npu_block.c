/* kc_npu_block.c — npu baselines of the composite tasks (attention, FFN,
 * decoder blocks) as sequences of template stages (kc_npu_stage.h).
 *
 * Each stage gets the address registers no live tensor needs as its working
 * registers: the ones after the ABI tensors, plus those of tensors whose last
 * stage has run (stage_work). Intermediates go through the task's scratch
 * tensor; the DMA engines order a load behind a pending store of the same DRAM
 * bytes, so stages follow each other without a fence. */
#include <string.h>

#include "kc_npu_stage.h"
#include "kc_task_attn.h"

/* ---- attention tasks -------------------------------------------------------- */

/* SDPA and FlashAttention: one attention stage on [B, H, S, D] tensors. */
static kc_status gen_sdpa(npu_gen *g, const kc_task_attn_dims *d, int ntensors, kc_err *err)
{
    uint64_t qh = 2ull * d->sq * d->dh, kh = 2ull * d->sk * d->dh;
    npu_opnd none = { -1, 0, 0 };
    npu_attn a = { .batch = d->batch, .heads = d->heads, .kv_heads = d->kv_heads, .sq = d->sq,
                   .sk = d->sk, .d = d->dh, .scale = d->scale, .causal = d->causal,
                   .q = npu_op(0, 0, d->dh), .k = npu_op(1, 0, d->dh), .v = npu_op(2, 0, d->dh),
                   .o = npu_op(3, 0, d->dh), .bias = none,
                   .q_hstride = qh, .kv_hstride = kh, .o_hstride = qh,
                   .q_bstride = qh * d->heads, .kv_bstride = kh * d->kv_heads,
                   .o_bstride = qh * d->heads };
    return npu_stage_attn(g, &a, npu_work_from(ntensors), err);
}

kc_status npu_block_gen(npu_gen *g, const kc_task *t, const kc_task_config *c, kc_err *err)
{
    kc_task_shape shape;
    t->shape(t, c, &shape);
    kc_task_attn_dims ad;
    kc_status s;
    if (kc_task_attn_view(t, c, &ad) && !ad.projected)
        s = gen_sdpa(g, &ad, (int)shape.ntensors, err);
    else
        return kc_err_set(err, KC_ERR_USAGE, "npu template: no template for task %s", t->name);
    if (s == KC_OK)
        npu_emit(g, "halt");
    return s;
}
