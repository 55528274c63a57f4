/* kc_task_attn.h — the attention tasks (level 2): ScaledDotProduct, FlashAttention,
 * MHA, GQA, MQA, and the fp64 attention references other tasks reuse (the
 * decoder blocks call kc_task_attn_head / kc_task_attn_heads between their own
 * projections, norms and RoPE).
 *
 * Conventions (as PyTorch): scores q . k scaled by 1/sqrt(head dim), softmax
 * over the keys, causal mask j > i top-left aligned; projections in
 * torch.nn.Linear layout (W[out][in], y = x W^T); a [S, H*Dh] matrix holds head
 * h in columns h*Dh .. h*Dh+Dh-1 (q.view(S, H, Dh)); query head h reads kv head
 * h / (H/Hkv) (repeat_kv / repeat_interleave). docs/tasks.md, "Attention". */
#ifndef KC_TASK_ATTN_H
#define KC_TASK_ATTN_H

#include <stddef.h>
#include <stdint.h>

#include "kc_task.h"

extern const kc_task kc_task_attn_sdpa;   /* "sdpa" ScaledDotProduct */
extern const kc_task kc_task_attn_flash;  /* "flash_attn" FlashAttention (causal) */
extern const kc_task kc_task_attn_mha;    /* "mha" MHA */
extern const kc_task kc_task_attn_gqa;    /* "gqa" GQA */
extern const kc_task kc_task_attn_mqa;    /* "mqa" MQA */

/* One attention head in fp64: out[i][:] = sum_j p[i][j] v[j][:], with
 * p[i][:] = softmax_j(scale * (q[i] . k[j]) + (bias ? bias[i*sk + j] : 0)) over
 * the allowed j (all, or j <= i when causal). Rows of q/k/v/out are ldq/ldk/ldv/ldo
 * elements apart (so a head can be a column slice of a [S, H*Dh] matrix).
 * Causal rows are top-left aligned (row i sees keys 0..min(i, sk-1)), so every
 * row has a key when sk > 0; sk = 0 writes zeros. Needs no allocation. */
void kc_task_attn_head(uint32_t sq, uint32_t sk, uint32_t d, double scale, int causal,
                       const double *q, uint32_t ldq, const double *k, uint32_t ldk,
                       const double *v, uint32_t ldv, const double *bias,
                       double *out, uint32_t ldo);

/* Grouped multi-head attention on projected activations: q and o are
 * [s][h*dh], k and v are [s][hkv*dh] (row-major); query head g uses kv head
 * g / (h/hkv) (hkv divides h: hkv = h is MHA, hkv = 1 MQA), scale 1/sqrt(dh).
 * bias (NULL: none) is one [s][s] score bias shared by all heads. */
void kc_task_attn_heads(uint32_t s, uint32_t h, uint32_t hkv, uint32_t dh, int causal,
                        const double *q, const double *k, const double *v, const double *bias,
                        double *o);

/* y[m][n] = sum_c x[m][c] * w[n][c]: F.linear(x, w) without bias (w is [n][k]). */
void kc_task_attn_linear(uint32_t m, uint32_t n, uint32_t k, const double *x, const double *w,
                         double *y);

/* Doubles of workspace kc_task_attn_self needs: s*(2*h + 2*hkv)*dh. */
size_t kc_task_attn_self_ws(uint32_t s, uint32_t h, uint32_t hkv, uint32_t dh);

/* The reference of MHA / GQA / MQA: q = x wq^T, k = x wk^T, v = x wv^T,
 * o = kc_task_attn_heads(q, k, v), y = o wo^T. x and y are [s][d]; wq is
 * [h*dh][d], wk and wv [hkv*dh][d], wo [d][h*dh]; ws holds
 * kc_task_attn_self_ws() doubles (q, k, v, o in that order). */
void kc_task_attn_self(uint32_t s, uint32_t d, uint32_t h, uint32_t hkv, uint32_t dh,
                       int causal, const double *x, const double *wq, const double *wk,
                       const double *wv, const double *wo, double *ws, double *y);

/* What an attention task computes on a config, for the template compilers and
 * the tests. Tensor ABI positions are fixed per kind (see the descriptions):
 * sdpa q k v o S, flash q k v o, projected x Wq Wk Wv Wo y ws. */
typedef struct kc_task_attn_dims {
    uint32_t batch;       /* B (1 for the projected tasks) */
    uint32_t heads;       /* H: query heads */
    uint32_t kv_heads;    /* Hkv (= H for sdpa, flash and mha) */
    uint32_t sq, sk;      /* query and key lengths (S, S for flash and the projected tasks) */
    uint32_t dh;          /* head dimension (D for sdpa/flash, D/H for the projected tasks) */
    uint32_t model;       /* model width D of the projected tasks, 0 otherwise */
    int causal;           /* flash only */
    int projected;        /* mha, gqa, mqa */
    int has_scratch;      /* sdpa (S at a4) and the projected tasks (ws at a6) */
    double scale;         /* 1/sqrt(dh) */
} kc_task_attn_dims;

/* 0 when t is not an attention task. */
int kc_task_attn_view(const kc_task *t, const kc_task_config *c, kc_task_attn_dims *out);

#endif
