/* npu_block.c — npu baselines of the composite tasks (attention, FFN,
 * decoder blocks) as sequences of template stages (npu_rows.h, npu_matmul.h,
 * npu_attn.h).
 *
 * Each stage gets the address registers no live tensor needs as its working
 * registers: the ones after the ABI tensors, plus those of tensors whose last
 * stage has run (stage_work). Intermediates go through the task's scratch
 * tensor; the DMA engines order a load behind a pending store of the same DRAM
 * bytes, so stages follow each other without a fence. */
#include "npu_block.h"

#include <math.h>
#include <string.h>

#include "kc_task_attn.h"
#include "npu_attn.h"
#include "npu_matmul.h"
#include "npu_rows.h"

/* ---- attention tasks -------------------------------------------------------- */

/* SDPA and FlashAttention: one attention stage on [B, H, S, D] tensors. */
static kc_status gen_sdpa(npu_gen *g, const kc_task_attn_dims *d, int ntensors, kc_err *err)
{
    uint64_t qh = 2ull * d->sq * d->dh, kh = 2ull * d->sk * d->dh;
    npu_opnd none = { -1, 0, 0 };
    npu_attn a = { .batch = d->batch, .heads = d->heads, .kv_heads = d->kv_heads, .sq = d->sq,
                   .sk = d->sk, .d = d->dh, .scale = d->scale, .causal = d->causal,
                   .q = npu_emit_op(0, 0, d->dh), .k = npu_emit_op(1, 0, d->dh),
                   .v = npu_emit_op(2, 0, d->dh), .o = npu_emit_op(3, 0, d->dh), .bias = none,
                   .q_hstride = qh, .kv_hstride = kh, .o_hstride = qh,
                   .q_bstride = qh * d->heads, .kv_bstride = kh * d->kv_heads,
                   .o_bstride = qh * d->heads };
    return npu_attn_stage(g, &a, npu_emit_work_from(g, ntensors), err);
}

/* ---- stage sequences ------------------------------------------------------------ */

/* A composite kernel in progress: which ABI tensors later stages still read. */
typedef struct seq {
    npu_gen *g;
    int ntensors;
    const int *last_use;      /* per ABI tensor: index of the last stage using it */
    int stage;                /* index of the next stage */
} seq;

/* Working registers of the next stage: address registers of tensors no later
 * stage uses, then those after the ABI tensors. */
static npu_work seq_work(const seq *s)
{
    npu_work w = { { 0 }, 0 };
    for (int a = 0; a < (int)s->g->hw.naregs && w.n < NPU_EMIT_WORK_MAX; a++)
        if (a >= s->ntensors || s->last_use[a] < s->stage)
            w.a[w.n++] = a;
    return w;
}

static const npu_opnd no_opnd = { -1, 0, 0 };

/* out[M][N] = x[M][K] W[N][K]^T (+ bias) (SwiGLU when gate is given: W is W_up). */
static kc_status seq_linear(seq *s, npu_opnd x, npu_opnd w, npu_opnd bias, npu_opnd gate,
                            npu_opnd out, uint32_t m, uint32_t n, uint32_t k, kc_err *err)
{
    npu_mm mm = { .batch = 1, .m = m, .n = n, .k = k, .b_transposed = 1, .a = x, .b = w, .c = out,
                  .bias = bias, .gate = gate };
    npu_emit_comment(s->g, "stage %d: contraction %u x %u x %u", s->stage, m, n, k);
    kc_status st = npu_matmul_stage(s->g, &mm, seq_work(s), err);
    s->stage++;
    return st;
}

static kc_status seq_eltwise(seq *s, const char *recipe, npu_opnd in, npu_opnd in2, npu_opnd out,
                             uint64_t elems, kc_err *err)
{
    npu_emit_comment(s->g, "stage %d: %s over %llu elements", s->stage, recipe,
                (unsigned long long)elems);
    kc_status st = npu_rows_eltwise(s->g, recipe, in, in2, out, elems, seq_work(s), err);
    s->stage++;
    return st;
}

static kc_status seq_rmsnorm(seq *s, npu_opnd in, npu_opnd gamma, npu_opnd out, uint32_t m,
                             uint32_t n, double eps, kc_err *err)
{
    npu_emit_comment(s->g, "stage %d: rmsnorm of %u rows", s->stage, m);
    kc_status st = npu_rows_norm(s->g, "rmsnorm", in, gamma, no_opnd, out, m, n, eps,
                                 seq_work(s), err);
    s->stage++;
    return st;
}

static kc_status seq_rope(seq *s, npu_opnd x, npu_opnd cos, npu_opnd sin, uint32_t S, uint32_t H,
                          uint32_t dh, kc_err *err)
{
    npu_emit_comment(s->g, "stage %d: rope in place, %u heads", s->stage, H);
    kc_status st = npu_rows_rope(s->g, x, cos, sin, x, S, H, dh, seq_work(s), err);
    s->stage++;
    return st;
}

/* Self-attention of one sequence on token-major [S, H*Dh] projections (head h
 * in columns h*Dh..): q, k, v, o operands carry the row pitch. */
static kc_status seq_attention(seq *s, npu_opnd q, npu_opnd k, npu_opnd v, npu_opnd o,
                               npu_opnd bias, uint32_t S, uint32_t H, uint32_t hkv, uint32_t dh,
                               double scale, int causal, kc_err *err)
{
    npu_attn a = { .batch = 1, .heads = H, .kv_heads = hkv, .sq = S, .sk = S, .d = dh,
                   .scale = scale, .causal = causal, .q = q, .k = k, .v = v, .o = o, .bias = bias,
                   .q_hstride = 2ull * dh, .kv_hstride = 2ull * dh, .o_hstride = 2ull * dh,
                   .bias_hstride = 2ull * S * S };
    npu_emit_comment(s->g, "stage %d: attention, %u heads", s->stage, H);
    kc_status st = npu_attn_stage(s->g, &a, seq_work(s), err);
    s->stage++;
    return st;
}

/* Runs the steps while they succeed. */
#define SEQ(call)                                                                        \
    do {                                                                                 \
        kc_status st_ = (call);                                                          \
        if (st_ != KC_OK)                                                                \
            return st_;                                                                  \
    } while (0)

/* MHA, GQA, MQA: a0 x, a1 Wq, a2 Wk, a3 Wv, a4 Wo, a5 y, a6 ws = [q | k | v | o]. */
static kc_status gen_self_attn(npu_gen *g, const kc_task_attn_dims *d, kc_err *err)
{
    static const int last_use[] = { 2, 0, 1, 2, 4, 4, 4 };
    seq s = { g, 7, last_use, 0 };
    uint32_t S = d->sq, D = d->model, qw = d->heads * d->dh, kw = d->kv_heads * d->dh;
    npu_opnd q = npu_emit_op(6, 0, qw), k = npu_emit_op(6, (uint64_t)S * qw, kw);
    npu_opnd v = npu_emit_op(6, (uint64_t)S * (qw + kw), kw);
    npu_opnd o = npu_emit_op(6, (uint64_t)S * (qw + 2 * kw), qw);
    SEQ(seq_linear(&s, npu_emit_op(0, 0, D), npu_emit_op(1, 0, D), no_opnd, no_opnd, q, S, qw, D,
                   err));
    SEQ(seq_linear(&s, npu_emit_op(0, 0, D), npu_emit_op(2, 0, D), no_opnd, no_opnd, k, S, kw, D,
                   err));
    SEQ(seq_linear(&s, npu_emit_op(0, 0, D), npu_emit_op(3, 0, D), no_opnd, no_opnd, v, S, kw, D,
                   err));
    SEQ(seq_attention(&s, q, k, v, o, no_opnd, S, d->heads, d->kv_heads, d->dh, d->scale, 0,
                      err));
    return seq_linear(&s, o, npu_emit_op(4, 0, qw), no_opnd, no_opnd, npu_emit_op(5, 0, D), S, D,
                      qw, err);
}

/* FFN: a0 x, a1 W1, a2 b1, a3 W2, a4 b2, a5 y, a6 h: h = x W1^T + b1; h = gelu(h);
 * y = h W2^T + b2. */
static kc_status gen_ffn(npu_gen *g, const kc_task_config *c, kc_err *err)
{
    static const int last_use[] = { 0, 0, 0, 2, 2, 2, 2 };
    seq s = { g, 7, last_use, 0 };
    uint32_t M = c->dims[0], D = c->dims[1], F = c->dims[2];
    npu_opnd h = npu_emit_op(6, 0, F);
    SEQ(seq_linear(&s, npu_emit_op(0, 0, D), npu_emit_op(1, 0, D), npu_emit_op(2, 0, 0), no_opnd, h,
                   M, F, D, err));
    SEQ(seq_eltwise(&s, "gelu", h, no_opnd, h, (uint64_t)M * F, err));
    return seq_linear(&s, h, npu_emit_op(3, 0, F), npu_emit_op(4, 0, 0), no_opnd,
                      npu_emit_op(5, 0, D), M, D, F, err);
}

/* LLaMA decoder layer: a0 x, a1 attn_norm, a2 Wq, a3 Wk, a4 Wv, a5 Wo, a6 ffn_norm,
 * a7 W_gate, a8 W_up, a9 W_down, a10 cos, a11 sin, a12 y, a13 ws =
 * [n | q | k | v | o | h1 | g]. */
static kc_status gen_llama(npu_gen *g, const kc_task *t, const kc_task_config *c, kc_err *err)
{
    static const int last_use[] = { 8, 0, 1, 2, 3, 7, 9, 10, 10, 11, 5, 5, 12, 12 };
    seq s = { g, 14, last_use, 0 };
    uint32_t S = c->dims[0], D = c->dims[1], H = c->dims[2], hkv = c->dims[3], F = c->dims[4];
    uint32_t dh = D / H, kw = hkv * dh;
    uint64_t sd = (uint64_t)S * D, skv = (uint64_t)S * kw;
    npu_opnd n = npu_emit_op(13, 0, D), q = npu_emit_op(13, sd, D), k = npu_emit_op(13, 2 * sd, kw);
    npu_opnd v = npu_emit_op(13, 2 * sd + skv, kw), o = npu_emit_op(13, 2 * sd + 2 * skv, D);
    npu_opnd h1 = npu_emit_op(13, 3 * sd + 2 * skv, D), gt = npu_emit_op(13, 4 * sd + 2 * skv, F);
    SEQ(seq_rmsnorm(&s, npu_emit_op(0, 0, D), npu_emit_op(1, 0, 0), n, S, D, t->eps, err));
    SEQ(seq_linear(&s, n, npu_emit_op(2, 0, D), no_opnd, no_opnd, q, S, D, D, err));
    SEQ(seq_linear(&s, n, npu_emit_op(3, 0, D), no_opnd, no_opnd, k, S, kw, D, err));
    SEQ(seq_linear(&s, n, npu_emit_op(4, 0, D), no_opnd, no_opnd, v, S, kw, D, err));
    SEQ(seq_rope(&s, q, npu_emit_op(10, 0, 0), npu_emit_op(11, 0, 0), S, H, dh, err));
    SEQ(seq_rope(&s, k, npu_emit_op(10, 0, 0), npu_emit_op(11, 0, 0), S, hkv, dh, err));
    SEQ(seq_attention(&s, q, k, v, o, no_opnd, S, H, hkv, dh, 1.0 / sqrt((double)dh), 1, err));
    SEQ(seq_linear(&s, o, npu_emit_op(5, 0, D), no_opnd, no_opnd, h1, S, D, D, err));
    SEQ(seq_eltwise(&s, "add", h1, npu_emit_op(0, 0, 0), h1, sd, err));
    SEQ(seq_rmsnorm(&s, h1, npu_emit_op(6, 0, 0), n, S, D, t->eps, err));
    SEQ(seq_linear(&s, n, npu_emit_op(8, 0, D), no_opnd, npu_emit_op(7, 0, D), gt, S, F, D, err));
    SEQ(seq_linear(&s, gt, npu_emit_op(9, 0, F), no_opnd, no_opnd, npu_emit_op(12, 0, D), S, D, F,
                   err));
    return seq_eltwise(&s, "add", npu_emit_op(12, 0, 0), h1, npu_emit_op(12, 0, 0), sd, err);
}

/* T5 layer: a0 x, a1 ln1, a2 Wq, a3 Wk, a4 Wv, a5 Wo, a6 position_bias, a7 ln2,
 * a8 Wi, a9 Wo_ff, a10 y, a11 ws = [n, later o | q, later h1 | k, later n2 | v | r]. */
static kc_status gen_t5(npu_gen *g, const kc_task *t, const kc_task_config *c, kc_err *err)
{
    static const int last_use[] = { 6, 0, 1, 2, 3, 5, 4, 7, 8, 10, 11, 11 };
    seq s = { g, 12, last_use, 0 };
    uint32_t S = c->dims[0], D = c->dims[1], H = c->dims[2], F = c->dims[3], dh = D / H;
    uint64_t sd = (uint64_t)S * D;
    npu_opnd n = npu_emit_op(11, 0, D), q = npu_emit_op(11, sd, D), k = npu_emit_op(11, 2 * sd, D);
    npu_opnd v = npu_emit_op(11, 3 * sd, D), r = npu_emit_op(11, 4 * sd, F);
    npu_opnd o = n, h1 = q, n2 = k;
    SEQ(seq_rmsnorm(&s, npu_emit_op(0, 0, D), npu_emit_op(1, 0, 0), n, S, D, t->eps, err));
    SEQ(seq_linear(&s, n, npu_emit_op(2, 0, D), no_opnd, no_opnd, q, S, D, D, err));
    SEQ(seq_linear(&s, n, npu_emit_op(3, 0, D), no_opnd, no_opnd, k, S, D, D, err));
    SEQ(seq_linear(&s, n, npu_emit_op(4, 0, D), no_opnd, no_opnd, v, S, D, D, err));
    SEQ(seq_attention(&s, q, k, v, o, npu_emit_op(6, 0, S), S, H, H, dh, 1.0, 0, err));
    SEQ(seq_linear(&s, o, npu_emit_op(5, 0, D), no_opnd, no_opnd, h1, S, D, D, err));
    SEQ(seq_eltwise(&s, "add", h1, npu_emit_op(0, 0, 0), h1, sd, err));
    SEQ(seq_rmsnorm(&s, h1, npu_emit_op(7, 0, 0), n2, S, D, t->eps, err));
    SEQ(seq_linear(&s, n2, npu_emit_op(8, 0, D), no_opnd, no_opnd, r, S, F, D, err));
    SEQ(seq_eltwise(&s, "relu", r, no_opnd, r, (uint64_t)S * F, err));
    SEQ(seq_linear(&s, r, npu_emit_op(9, 0, F), no_opnd, no_opnd, npu_emit_op(10, 0, D), S, D, F,
                   err));
    return seq_eltwise(&s, "add", npu_emit_op(10, 0, 0), h1, npu_emit_op(10, 0, 0), sd, err);
}

kc_status npu_block_gen(npu_gen *g, const kc_task *t, const kc_task_config *c, kc_err *err)
{
    kc_task_shape shape;
    t->shape(t, c, &shape);
    kc_task_attn_dims ad;
    kc_status s;
    if (kc_task_attn_view(t, c, &ad))
        s = ad.projected ? gen_self_attn(g, &ad, err) : gen_sdpa(g, &ad, (int)shape.ntensors, err);
    else if (!strcmp(t->name, "ffn"))
        s = gen_ffn(g, c, err);
    else if (!strcmp(t->name, "llama_block"))
        s = gen_llama(g, t, c, err);
    else if (!strcmp(t->name, "t5_block"))
        s = gen_t5(g, t, c, err);
    else
        return kc_err_set(err, KC_ERR_USAGE, "npu template: no template for task %s", t->name);
    if (s == KC_OK)
        npu_emit_ins(g, "halt");
    return s;
}
