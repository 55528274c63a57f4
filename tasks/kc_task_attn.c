/* kc_task_attn.c — ScaledDotProduct, FlashAttention, MHA, GQA, MQA.
 *
 * One fp64 head reference (two passes over the keys: the row maximum, then the
 * exponentials and the weighted sum of v, so it needs no score buffer) serves
 * every task; the projected tasks wrap it in bias-free Linear projections. The
 * five task rows share their shape/generator/reference functions and differ
 * only in data (kind_of() maps a row to its kind). docs/tasks.md, "Attention
 * (level 2)", derives the tolerances; tests/tasks/test_attn.c checks them
 * against emulated bf16 kernels. */
#include "kc_task_attn.h"

#include <math.h>
#include <stdlib.h>

static double dotp(const double *a, const double *b, uint32_t n)
{
    double s = 0.0;
    for (uint32_t i = 0; i < n; i++)
        s += a[i] * b[i];
    return s;
}

/* Score of query row i against key row j (scaled, plus the optional bias). */
static double score(const double *qi, const double *kj, uint32_t d, double scale,
                    const double *bias, size_t bidx)
{
    return scale * dotp(qi, kj, d) + (bias ? bias[bidx] : 0.0);
}

void kc_task_attn_head(uint32_t sq, uint32_t sk, uint32_t d, double scale, int causal,
                       const double *q, uint32_t ldq, const double *k, uint32_t ldk,
                       const double *v, uint32_t ldv, const double *bias,
                       double *out, uint32_t ldo)
{
    for (uint32_t i = 0; i < sq; i++) {
        const double *qi = q + (size_t)i * ldq;
        double *oi = out + (size_t)i * ldo;
        uint32_t nk = causal && i + 1 < sk ? i + 1 : sk;
        size_t brow = (size_t)i * sk;
        double m = -INFINITY, l = 0.0;
        for (uint32_t j = 0; j < nk; j++) {
            double s = score(qi, k + (size_t)j * ldk, d, scale, bias, brow + j);
            m = s > m ? s : m;
        }
        for (uint32_t c = 0; c < d; c++)
            oi[c] = 0.0;
        /* second pass: recompute each score rather than store a row of them */
        for (uint32_t j = 0; j < nk; j++) {
            double p = exp(score(qi, k + (size_t)j * ldk, d, scale, bias, brow + j) - m);
            const double *vj = v + (size_t)j * ldv;
            l += p;
            for (uint32_t c = 0; c < d; c++)
                oi[c] += p * vj[c];
        }
        for (uint32_t c = 0; c < d && l > 0; c++)
            oi[c] /= l;
    }
}

void kc_task_attn_heads(uint32_t s, uint32_t h, uint32_t hkv, uint32_t dh, int causal,
                        const double *q, const double *k, const double *v, const double *bias,
                        double *o)
{
    uint32_t group = h / hkv, ldq = h * dh, ldk = hkv * dh;
    double scale = 1.0 / sqrt((double)dh);
    for (uint32_t g = 0; g < h; g++) {
        uint32_t kv = g / group;
        kc_task_attn_head(s, s, dh, scale, causal, q + (size_t)g * dh, ldq, k + (size_t)kv * dh,
                          ldk, v + (size_t)kv * dh, ldk, bias, o + (size_t)g * dh, ldq);
    }
}

void kc_task_attn_linear(uint32_t m, uint32_t n, uint32_t k, const double *x, const double *w,
                         double *y)
{
    for (uint32_t i = 0; i < m; i++)
        for (uint32_t j = 0; j < n; j++)
            y[(size_t)i * n + j] = dotp(x + (size_t)i * k, w + (size_t)j * k, k);
}

size_t kc_task_attn_self_ws(uint32_t s, uint32_t h, uint32_t hkv, uint32_t dh)
{
    return (size_t)s * (2u * h + 2u * hkv) * dh;
}

void kc_task_attn_self(uint32_t s, uint32_t d, uint32_t h, uint32_t hkv, uint32_t dh,
                       int causal, const double *x, const double *wq, const double *wk,
                       const double *wv, const double *wo, double *ws, double *y)
{
    double *q = ws, *k = q + (size_t)s * h * dh, *v = k + (size_t)s * hkv * dh,
           *o = v + (size_t)s * hkv * dh;
    kc_task_attn_linear(s, h * dh, d, x, wq, q);
    kc_task_attn_linear(s, hkv * dh, d, x, wk, k);
    kc_task_attn_linear(s, hkv * dh, d, x, wv, v);
    kc_task_attn_heads(s, h, hkv, dh, causal, q, k, v, NULL, o);
    kc_task_attn_linear(s, d, h * dh, o, wo, y);
}

/* ---- the task rows' shared functions ------------------------------------------------ */

typedef enum attn_kind { KIND_SDPA, KIND_FLASH, KIND_PROJ } attn_kind;

static attn_kind kind_of(const kc_task *t)
{
    if (t == &kc_task_attn_sdpa)
        return KIND_SDPA;
    return t == &kc_task_attn_flash ? KIND_FLASH : KIND_PROJ;
}

static int is_attn(const kc_task *t)
{
    return t == &kc_task_attn_sdpa || t == &kc_task_attn_flash || t == &kc_task_attn_mha ||
           t == &kc_task_attn_gqa || t == &kc_task_attn_mqa;
}

int kc_task_attn_view(const kc_task *t, const kc_task_config *c, kc_task_attn_dims *d)
{
    if (!is_attn(t))
        return 0;
    const uint32_t *x = c->dims;   /* each case sets every field (the rest zero) */
    switch (kind_of(t)) {
    case KIND_SDPA:      /* B, H, Sq, Sk, D */
        *d = (kc_task_attn_dims){ .batch = x[0], .heads = x[1], .kv_heads = x[1], .sq = x[2],
                                  .sk = x[3], .dh = x[4], .has_scratch = 1 };
        break;
    case KIND_FLASH:     /* B, H, S, D */
        *d = (kc_task_attn_dims){ .batch = x[0], .heads = x[1], .kv_heads = x[1], .sq = x[2],
                                  .sk = x[2], .dh = x[3], .causal = 1 };
        break;
    case KIND_PROJ:      /* S, D, H, Hkv */
        *d = (kc_task_attn_dims){ .batch = 1, .heads = x[2], .kv_heads = x[3], .sq = x[0],
                                  .sk = x[0], .dh = x[1] / x[2], .model = x[1],
                                  .projected = 1, .has_scratch = 1 };
        break;
    }
    d->scale = 1.0 / sqrt((double)d->dh);
    return 1;
}

/* FLOPs. mac_flops: every multiply-accumulate (Q K^T, P V, the projections).
 * vec_flops: 5 per score that enters a softmax (the 1/sqrt(Dh) scaling, max,
 * subtract, exp, sum), one reciprocal per row and one multiply per output
 * element of the normalisation. Causal tasks count only the S(S+1)/2 allowed
 * scores: the masked half is work a good kernel skips. */
static void attn_work(const kc_task_attn_dims *d, kc_task_shape *s)
{
    double pairs = d->causal ? d->sq * (d->sk + 1.0) / 2.0 : (double)d->sq * d->sk;
    double heads = (double)d->batch * d->heads;
    s->mac_flops = heads * pairs * d->dh * 2.0;
    s->vec_flops = heads * (pairs * 5.0 + d->sq * (1.0 + d->dh));
    if (d->projected) {
        double qw = (double)d->heads * d->dh, kvw = (double)d->kv_heads * d->dh;
        /* x Wq^T, x Wk^T, x Wv^T, then o Wo^T */
        s->mac_flops += (double)d->sq * d->model * (qw + 2.0 * kvw) +
                        (double)d->sq * qw * d->model;
    }
}

static void attn_shape(const kc_task *t, const kc_task_config *c, kc_task_shape *s)
{
    kc_task_attn_dims d;
    kc_task_attn_view(t, c, &d);
    s->ntensors = 0;
    if (d.projected) {
        uint32_t S = d.sq, D = d.model, qw = d.heads * d.dh, kvw = d.kv_heads * d.dh;
        kc_task_shape_2d(s, "x", KC_ROLE_INPUT, S, D);
        kc_task_shape_2d(s, "Wq", KC_ROLE_INPUT, qw, D);
        kc_task_shape_2d(s, "Wk", KC_ROLE_INPUT, kvw, D);
        kc_task_shape_2d(s, "Wv", KC_ROLE_INPUT, kvw, D);
        kc_task_shape_2d(s, "Wo", KC_ROLE_INPUT, D, qw);
        kc_task_shape_2d(s, "y", KC_ROLE_OUTPUT, S, D);
        kc_task_shape_1d(s, "ws", KC_ROLE_SCRATCH, 2 * S * D + 2 * S * kvw);
    } else {
        uint32_t qd[4] = { d.batch, d.heads, d.sq, d.dh }, kd[4] = { d.batch, d.heads, d.sk, d.dh };
        kc_task_shape_nd(s, "q", KC_ROLE_INPUT, 4, qd);
        kc_task_shape_nd(s, "k", KC_ROLE_INPUT, 4, kd);
        kc_task_shape_nd(s, "v", KC_ROLE_INPUT, 4, kd);
        kc_task_shape_nd(s, "o", KC_ROLE_OUTPUT, 4, qd);
        if (d.has_scratch) {
            uint32_t sd[4] = { d.batch, d.heads, d.sq, d.sk };
            kc_task_shape_nd(s, "S", KC_ROLE_SCRATCH, 4, sd);
        }
    }
    attn_work(&d, s);
}

/* Activations ~ N(0, 1); weights ~ U(-1/sqrt(in), 1/sqrt(in)), torch.nn.Linear's
 * default (in = D for Wq/Wk/Wv, H*Dh = D for Wo). */
static void attn_generate(const kc_task *t, const kc_task_config *c, kc_rng *rng,
                          double *const *in)
{
    kc_task_shape s;
    attn_shape(t, c, &s);
    int projected = kind_of(t) == KIND_PROJ;
    for (unsigned i = 0; i < s.ntensors; i++) {
        const kc_tensor_desc *td = &s.t[i];
        if (td->role != KC_ROLE_INPUT)
            continue;
        int weight = projected && i > 0; /* a1..a4: Wq, Wk, Wv, Wo, [out][in] */
        double w = weight ? 1.0 / sqrt((double)td->dims[1]) : 0.0;
        for (size_t e = 0; e < td->nelem; e++)
            in[i][e] = weight ? w * (2.0 * kc_rng_uniform(rng) - 1.0) : kc_rng_normal(rng);
    }
}

static void attn_reference(const kc_task *t, const kc_task_config *c, const double *const *in,
                           double *const *out)
{
    kc_task_attn_dims d;
    kc_task_attn_view(t, c, &d);
    if (d.projected) {
        size_t nws = kc_task_attn_self_ws(d.sq, d.heads, d.kv_heads, d.dh);
        double *ws = malloc(nws * sizeof *ws);
        if (!ws) { /* the reference cannot report; NaN outputs make every kernel fail */
            for (size_t e = 0; e < (size_t)d.sq * d.model; e++)
                out[0][e] = NAN;
            return;
        }
        kc_task_attn_self(d.sq, d.model, d.heads, d.kv_heads, d.dh, 0, in[0], in[1], in[2],
                          in[3], in[4], ws, out[0]);
        free(ws);
        return;
    }
    size_t qs = (size_t)d.sq * d.dh, ks = (size_t)d.sk * d.dh;
    for (size_t bh = 0; bh < (size_t)d.batch * d.heads; bh++)
        kc_task_attn_head(d.sq, d.sk, d.dh, d.scale, d.causal, in[0] + bh * qs, d.dh,
                          in[1] + bh * ks, d.dh, in[2] + bh * ks, d.dh, NULL, out[0] + bh * qs,
                          d.dh);
}

/* ---- tolerances ---------------------------------------------------------------------- */

/* Tolerances (bf16; docs/tasks.md, "Attention (level 2)", has the long form).
 * A staged kernel perturbs each unnormalised probability p_j by a relative
 * eps_j, which moves the output by sum_j phat_j eps_j (v_j - o) (phat = p / l):
 * an error relative to the terms v_j - o, not to the cancelling o. eps_j
 * gathers the bf16 roundings of the score (2^-9 |s_j|, |s| <= ~5.5 for N(0, 1)
 * inputs), of the exponent s_j - m (2^-9 |s_j - m|, <= 4 for keys that carry
 * weight) and of p_j (2^-9): <= 2^-9 x 10.5 = 2e-2, times sum phat |v - o| <=
 * ~1.5, a worst case of 3e-2; the roundings are independent, so realised
 * errors reach about half of it (tests/tasks/test_attn.c: <= 1.5e-2 for sdpa).
 * Flash gets 4e-2: its first rows average 1..16 keys, so |v - o| is larger
 * (realised <= 2.5e-2). The rel term takes the roundings proportional to |o|:
 * o itself, 1/l, and an online softmax's l and running output, stored once per
 * key block (<= 9 blocks here, ~3 x 2^-9 each as a random walk): (2 + 2 x 3) x
 * 2^-9 = 1.6% -> rel = 2e-2.
 * MHA/GQA/MQA: nn.Linear weights give q, k rms ~0.58, scores rms ~0.33 and
 * near-uniform attention, so o ~ a mean of v rows and y is small (rms
 * 0.03-0.09). The stage errors of o (the same mechanism, |v| ~0.58) are
 * independent over o's D columns and reach y as rms(delta o) / sqrt(3) through
 * Wo ~ U(+-1/sqrt(D)); with q, k, v rounded too, realised |delta y| <= 1.5e-3:
 * abs = 4e-3. Emulated staged kernels (one pass, p normalised first, online over
 * 16-key blocks) use <= 0.35 of these tolerances on every config with seeds
 * 1-2 (<= 0.39 over 8 seeds), wrong kernels (scale 1/D, no causal mask, kv head h % Hkv,
 * transposed head split) >= 9 times them. */
#define SDPA_ABS 3e-2
#define FLASH_ABS 4e-2
#define PROJ_ABS 4e-3
#define ATTN_REL 2e-2

#define ATTN_NUMERICS                                                                    \
    "Numerics: bf16 storage, fp32 accumulation in the matrix unit; a kernel may round " \
    "to bf16 at its stage boundaries (projections, scores, probabilities, the running " \
    "output, o); the output is checked against an fp64 reference on the same bf16 "    \
    "inputs with a tolerance that admits such a kernel (the task's tolerance above).\n"

#define ATTN_SDPA_MATH                                                                   \
    "per batch b and head h, o[b,h,i,:] = sum_j p[i,j] * v[b,h,j,:] with p[i,:] = "      \
    "softmax over j of q[b,h,i,:] . k[b,h,j,:] / sqrt(D)"

const kc_task kc_task_attn_sdpa = {
    .name = "sdpa",
    .title = "ScaledDotProduct",
    .level = 2,
    .family = "attn",
    .description =
        "o = F.scaled_dot_product_attention(q, k, v) (no mask, no dropout, default scale): "
        ATTN_SDPA_MATH " (every key j).\n"
        "Shapes: q and o are B x H x Sq x D, k and v are B x H x Sk x D; row-major and "
        "contiguous (q[b,h,i,d] at index ((b*H + h)*Sq + i)*D + d).\n"
        "Arguments, in ABI order: q, k, v (inputs), o (output), S (scratch: B x H x "
        "Sq x Sk elements of the storage type, room for the score / probability matrix; "
        "undefined at entry, ignored by the checker, use it or not). Write only o and S.\n"
        "Inputs: q, k, v ~ N(0, 1).\n" ATTN_NUMERICS,
    .dim_names = { "B", "H", "Sq", "Sk", "D" },
    .configs = { { { 1, 2, 32, 32, 32 } }, { { 1, 4, 64, 64, 64 } }, { { 2, 4, 128, 128, 64 } },
                 { { 1, 8, 100, 100, 64 } }, { { 2, 5, 97, 133, 72 } } },
    .tol = { [KC_DTYPE_BF16] = { SDPA_ABS, ATTN_REL }, [KC_DTYPE_FP32] = { 1e-5, 1e-4 } },
    .shape = attn_shape,
    .generate = attn_generate,
    .reference = attn_reference,
};

const kc_task kc_task_attn_flash = {
    .name = "flash_attn",
    .title = "FlashAttention",
    .level = 2,
    .family = "attn",
    .description =
        "o = F.scaled_dot_product_attention(q, k, v, is_causal=True): " ATTN_SDPA_MATH
        ", over the keys j <= i only (the causal mask hides j > i, top-left aligned as "
        "PyTorch's: query 0 sees key 0 alone, so o[b,h,0,:] = v[b,h,0,:]).\n"
        "Shapes: q, k, v and o are B x H x S x D; row-major and contiguous (q[b,h,i,d] at "
        "index ((b*H + h)*S + i)*D + d).\n"
        "Arguments, in ABI order: q, k, v (inputs), o (output). Write only o. There is "
        "no scratch on purpose: the task is FlashAttention's online softmax. Stream k and "
        "v through on-chip memory in blocks of keys; per query row keep a running maximum "
        "m, a running sum l of exp(s - m) and an unnormalised output, rescale both by "
        "exp(m_old - m_new) when the maximum grows, and divide by l at the end, never "
        "materialising the S x S score matrix. Key blocks wholly above the diagonal can "
        "be skipped (the FLOPs count only the S(S+1)/2 allowed scores).\n"
        "Inputs: q, k, v ~ N(0, 1).\n" ATTN_NUMERICS,
    .dim_names = { "B", "H", "S", "D" },
    .configs = { { { 1, 2, 32, 32 } }, { { 1, 4, 64, 64 } }, { { 2, 4, 128, 64 } },
                 { { 1, 8, 100, 64 } }, { { 2, 5, 131, 72 } } },
    .tol = { [KC_DTYPE_BF16] = { FLASH_ABS, ATTN_REL }, [KC_DTYPE_FP32] = { 1e-5, 1e-4 } },
    .shape = attn_shape,
    .generate = attn_generate,
    .reference = attn_reference,
};

#define ATTN_PROJ_SPEC                                                                   \
    "Dh = D/H. q = F.linear(x, Wq), k = F.linear(x, Wk), v = F.linear(x, Wv) (no "      \
    "biases; weights in torch.nn.Linear layout [out, in]). Heads split as "              \
    "q.view(S, H, Dh): head h is columns h*Dh .. h*Dh+Dh-1 of q (likewise for the Hkv "  \
    "heads of k and v). Per query head h, o_h = F.scaled_dot_product_attention(q_h, "    \
    "k_g, v_g) with g its kv head, no mask, scale 1/sqrt(Dh); o = the heads "            \
    "concatenated (head h at columns h*Dh ..), y = F.linear(o, Wo).\n"                  \
    "Shapes: x and y are S x D; Wq is (H*Dh) x D, Wk and Wv are (Hkv*Dh) x D, Wo is D x " \
    "(H*Dh); row-major and contiguous.\n"                                                \
    "Arguments, in ABI order: x, Wq, Wk, Wv, Wo (inputs), y (output), ws " \
    "(scratch, 1-D, 2*S*D + 2*S*Hkv*Dh elements of the storage type: room for q, o "     \
    "(S x D each) and k, v (S x Hkv*Dh each); undefined at entry, ignored by the "       \
    "checker, use it or not). Write only y and ws.\n"                                   \
    "Inputs: x ~ N(0, 1); Wq, Wk, Wv, Wo ~ U(-1/sqrt(D), 1/sqrt(D)) (torch.nn.Linear's " \
    "default, in_features = D for all four).\n" ATTN_NUMERICS

const kc_task kc_task_attn_mha = {
    .name = "mha",
    .title = "MHA",
    .level = 2,
    .family = "attn",
    .description =
        "Multi-head self-attention with projections (torch.nn.MultiheadAttention without "
        "biases, or LLaMA's attention without RoPE), non-causal, with H heads; the dims "
        "name Hkv = H kv heads (query head h uses kv head h). " ATTN_PROJ_SPEC,
    .dim_names = { "S", "D", "H", "Hkv" },
    .configs = { { { 32, 64, 2, 2 } }, { { 64, 128, 4, 4 } }, { { 128, 256, 4, 4 } },
                 { { 100, 192, 3, 3 } }, { { 77, 160, 5, 5 } } },
    .tol = { [KC_DTYPE_BF16] = { PROJ_ABS, ATTN_REL }, [KC_DTYPE_FP32] = { 1e-5, 1e-4 } },
    .shape = attn_shape,
    .generate = attn_generate,
    .reference = attn_reference,
};

const kc_task kc_task_attn_gqa = {
    .name = "gqa",
    .title = "GQA",
    .level = 2,
    .family = "attn",
    .description =
        "Grouped-query self-attention (LLaMA 2/3), non-causal: as MHA, but k and v have "
        "Hkv heads, Hkv dividing H, and query head h uses kv head g = h / (H/Hkv): each "
        "run of H/Hkv consecutive query heads shares one kv head (LLaMA's repeat_kv, "
        "k.repeat_interleave(H/Hkv, dim=heads), or F.scaled_dot_product_attention(..., "
        "enable_gqa=True)). " ATTN_PROJ_SPEC,
    .dim_names = { "S", "D", "H", "Hkv" },
    .configs = { { { 32, 64, 4, 2 } }, { { 64, 128, 4, 2 } }, { { 128, 256, 8, 2 } },
                 { { 100, 192, 6, 2 } }, { { 77, 192, 6, 3 } } },
    .tol = { [KC_DTYPE_BF16] = { PROJ_ABS, ATTN_REL }, [KC_DTYPE_FP32] = { 1e-5, 1e-4 } },
    .shape = attn_shape,
    .generate = attn_generate,
    .reference = attn_reference,
};

const kc_task kc_task_attn_mqa = {
    .name = "mqa",
    .title = "MQA",
    .level = 2,
    .family = "attn",
    .description =
        "Multi-query self-attention, non-causal: GQA with Hkv = 1, one k head and one v "
        "head (Wk and Wv are Dh x D) shared by all H query heads (g = 0). " ATTN_PROJ_SPEC,
    .dim_names = { "S", "D", "H", "Hkv" },
    .configs = { { { 32, 64, 2, 1 } }, { { 64, 128, 4, 1 } }, { { 128, 256, 4, 1 } },
                 { { 100, 192, 6, 1 } }, { { 77, 160, 5, 1 } } },
    .tol = { [KC_DTYPE_BF16] = { PROJ_ABS, ATTN_REL }, [KC_DTYPE_FP32] = { 1e-5, 1e-4 } },
    .shape = attn_shape,
    .generate = attn_generate,
    .reference = attn_reference,
};
