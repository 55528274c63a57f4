/* test_block — FFN (level 2) and the LLaMA / T5 decoder blocks (level 3):
 * the references checked independently (closed forms, compositions of the
 * smaller tasks' references, identities that must hold), and the tolerances
 * checked against an emulated bf16-staged kernel (every stage boundary rounded to
 * the storage type, fp32 accumulation) that must pass with margin, and against
 * wrong kernels that must fail.
 * Usage: test_block GROUP (bucket | ffn | llama | t5); no GROUP runs all.
 * KC_TEST_SEEDS=N checks the tolerances on seeds 1..N instead of 1..2.
 * Over 800 lines on purpose: three task references and their tolerance
 * emulations, each needed next to the others it is composed from. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kc_check.h"
#include "kc_task.h"
#include "kc_task_block.h"
#include "kc_task_eltwise.h"
#include "kc_task_matmul.h"

#include "kc_test.h"

/* ABI index of a task's (single) output tensor. */
static int out_idx(const kc_task_shape *s)
{
    for (unsigned i = 0; i < s->ntensors; i++)
        if (s->t[i].role == KC_ROLE_OUTPUT)
            return (int)i;
    return -1;
}

/* ---- the emulated kernel ---------------------------------------------------------------- */

/* Wrong kernels (flags); EMU_ERF is a legitimate alternative that must pass. */
enum {
    EMU_ERF = 1u << 0,        /* FFN with the exact-erf GELU */
    EMU_NO_B2 = 1u << 1,      /* FFN without the output bias */
    EMU_RELU = 1u << 2,       /* FFN with ReLU instead of GELU */
    EMU_NONCAUSAL = 1u << 3,  /* LLaMA attention without the mask */
    EMU_NOROPE = 1u << 4,     /* LLaMA without RoPE */
    EMU_KVMAP = 1u << 5,      /* kv head h % Hkv instead of h / (H/Hkv) */
    EMU_NORESID1 = 1u << 6,   /* h1 = attention only */
    EMU_NORESID2 = 1u << 7,   /* y = FFN part only */
    EMU_NOEPS = 1u << 8,      /* norms without eps */
    EMU_SCALE = 1u << 9,      /* T5 scores scaled by 1/sqrt(Dh) */
    EMU_NOBIAS = 1u << 10,    /* T5 without position bias */
    EMU_LAYERNORM = 1u << 11, /* norms that subtract the row mean */
};

typedef struct emu {
    kc_dtype dt;              /* the storage type every stage is rounded to */
    unsigned flags;
} emu;

static double rd(const emu *e, double v)
{
    return kc_dtype_quantize(e->dt, v);
}

/* y[m][n] = rd(e, fp32 sum_k x[m][k] W[n][k]) (+ bias: a second rounding, as a
 * vector add after the matrix unit's store). */
static void e_linear(const emu *e, uint32_t M, uint32_t N, uint32_t K, const double *x,
                     const double *W, const double *bias, double *y)
{
    for (uint32_t m = 0; m < M; m++)
        for (uint32_t n = 0; n < N; n++) {
            float acc = 0;
            for (uint32_t k = 0; k < K; k++)
                acc = fmaf((float)x[(size_t)m * K + k], (float)W[(size_t)n * K + k], acc);
            double v = rd(e, acc);
            y[(size_t)m * N + n] = bias ? rd(e, v + bias[n]) : v;
        }
}

/* RMS norm (or LayerNorm without affine bias under EMU_LAYERNORM): fp32 sum of
 * squares and rsqrt, two rounded scalings. */
static void e_norm(const emu *e, uint32_t rows, uint32_t n, const double *x, const double *w,
                   double eps, double *y)
{
    float feps = (e->flags & EMU_NOEPS) ? 0.0f : (float)eps;
    for (uint32_t r = 0; r < rows; r++) {
        const double *xr = x + (size_t)r * n;
        double *yr = y + (size_t)r * n;
        float mean = 0, ss = 0;
        if (e->flags & EMU_LAYERNORM) {
            for (uint32_t j = 0; j < n; j++)
                mean += (float)xr[j];
            mean /= (float)n;
        }
        for (uint32_t j = 0; j < n; j++) {
            yr[j] = rd(e, xr[j] - mean);
            ss = fmaf((float)yr[j], (float)yr[j], ss);
        }
        float rstd = 1.0f / sqrtf(ss / (float)n + feps);
        for (uint32_t j = 0; j < n; j++)
            yr[j] = rd(e, rd(e, yr[j] * rstd) * w[j]);
    }
}

/* RoPE in the rope baseline's steps: rounded products, rounded difference/sum. */
static void e_rope(const emu *e, uint32_t S, uint32_t heads, uint32_t dh, const double *x,
                   const double *cs, const double *sn, double *y)
{
    uint32_t hf = dh / 2;
    for (uint32_t p = 0; p < S; p++)
        for (uint32_t h = 0; h < heads; h++) {
            const double *xr = x + ((size_t)p * heads + h) * dh;
            double *yr = y + ((size_t)p * heads + h) * dh;
            for (uint32_t i = 0; i < hf; i++) {
                double c = cs[(size_t)p * hf + i], s = sn[(size_t)p * hf + i];
                yr[i] = rd(e, rd(e, xr[i] * c) - rd(e, xr[i + hf] * s));
                yr[i + hf] = rd(e, rd(e, xr[i + hf] * c) + rd(e, xr[i] * s));
            }
        }
}

/* One head: rounded scores, rounded scale / bias add, rounded exp(s - max), fp32
 * row sum, probabilities rounded after the fp32 reciprocal, fp32 p v, rounded. */
static void e_attn_head(const emu *e, uint32_t S, uint32_t dh, double scale, int causal,
                        const double *q, size_t ldq, const double *k, size_t ldk,
                        const double *v, size_t ldv, const double *bias, double *o, size_t ldo,
                        double *row)
{
    for (uint32_t i = 0; i < S; i++) {
        uint32_t nk = causal ? i + 1 : S;
        double mx = -INFINITY;
        for (uint32_t j = 0; j < nk; j++) {
            float acc = 0;
            for (uint32_t c = 0; c < dh; c++)
                acc = fmaf((float)q[i * ldq + c], (float)k[j * ldk + c], acc);
            double s = rd(e, acc);
            if (scale != 1.0)
                s = rd(e, s * scale);
            if (bias)
                s = rd(e, s + bias[(size_t)i * S + j]);
            row[j] = s;
            mx = fmax(mx, s);
        }
        float l = 0;
        for (uint32_t j = 0; j < nk; j++) {
            row[j] = rd(e, exp(rd(e, row[j] - mx)));
            l += (float)row[j];
        }
        float r = 1.0f / l;
        for (uint32_t j = 0; j < nk; j++)
            row[j] = rd(e, row[j] * r);
        for (uint32_t c = 0; c < dh; c++) {
            float acc = 0;
            for (uint32_t j = 0; j < nk; j++)
                acc = fmaf((float)row[j], (float)v[j * ldv + c], acc);
            o[i * ldo + c] = rd(e, acc);
        }
    }
}

/* GELU in the GELU baseline's 8 rounded steps: x / (1 + exp(-2 sqrt(2/pi) (x +
 * 0.044715 x^3))). */
static double e_gelu(const emu *e, double x)
{
    if (e->flags & EMU_ERF)
        return rd(e, kc_task_eltwise_gelu_f(x));
    if (e->flags & EMU_RELU)
        return kc_task_eltwise_relu_f(x);
    const double k2 = -2.0 * sqrt(2.0 / 3.14159265358979323846);
    double u = rd(e, rd(e, rd(e, rd(e, x * x) * 0.044715) * x) + x);
    double z = rd(e, exp(rd(e, k2 * u)));
    return rd(e, x * rd(e, 1.0 / rd(e, 1.0 + z)));
}

/* silu(g) * u in the SwiGLU baseline's rounded steps. */
static double e_swiglu(const emu *e, double g, double u)
{
    double sig = rd(e, 1.0 / rd(e, 1.0 + rd(e, exp(-g))));
    return rd(e, rd(e, g * sig) * u);
}

static void e_ffn(const emu *e, const kc_task_inst *in, double *y)
{
    const kc_task_config *c = &in->task->configs[in->config - 1];
    uint32_t M = c->dims[0], D = c->dims[1], F = c->dims[2];
    double *const *d = in->data;
    double *h = kc_test_dalloc((size_t)M * F);
    e_linear(e, M, F, D, d[0], d[1], d[2], h);
    for (size_t i = 0; i < (size_t)M * F; i++)
        h[i] = e_gelu(e, h[i]);
    e_linear(e, M, D, F, h, d[3], (e->flags & EMU_NO_B2) ? NULL : d[4], y);
    free(h);
}

/* A decoder block as the test sees it (pointers into an instance or into
 * hand-made inputs). */
typedef struct eblock {
    uint32_t S, D, H, Hkv, F, Dh;
    double eps, scale;
    int causal, t5;
    const double *x, *ln1, *wq, *wk, *wv, *wo, *ln2, *w_in, *w_up, *w_out, *cs, *sn, *pb;
} eblock;

static void eblock_of(const kc_task_inst *in, eblock *b)
{
    const kc_task_config *c = &in->task->configs[in->config - 1];
    double *const *d = in->data;
    memset(b, 0, sizeof *b);
    b->S = c->dims[0];
    b->D = c->dims[1];
    b->H = c->dims[2];
    b->Dh = b->D / b->H;
    b->x = d[0];
    b->ln1 = d[1];
    b->wq = d[2];
    b->wk = d[3];
    b->wv = d[4];
    b->wo = d[5];
    if (in->task == &kc_task_block_t5) {
        b->t5 = 1;
        b->Hkv = b->H;
        b->F = c->dims[3];
        b->eps = 1e-6;
        b->scale = 1.0;
        b->pb = d[6];
        b->ln2 = d[7];
        b->w_in = d[8];
        b->w_out = d[9];
    } else {
        b->Hkv = c->dims[3];
        b->F = c->dims[4];
        b->eps = 1e-5;
        b->scale = 1.0 / sqrt((double)b->Dh);
        b->causal = 1;
        b->ln2 = d[6];
        b->w_in = d[7];
        b->w_up = d[8];
        b->w_out = d[9];
        b->cs = d[10];
        b->sn = d[11];
    }
}

static void e_block(const emu *e, const eblock *b, double *y)
{
    uint32_t S = b->S, D = b->D, qd = b->H * b->Dh, kvd = b->Hkv * b->Dh, G = b->H / b->Hkv;
    size_t sd = (size_t)S * D;
    double *n = kc_test_dalloc(sd), *q = kc_test_dalloc((size_t)S * qd), *k = kc_test_dalloc((size_t)S * kvd),
           *v = kc_test_dalloc((size_t)S * kvd), *a = kc_test_dalloc((size_t)S * qd), *h1 = kc_test_dalloc(sd),
           *g = kc_test_dalloc((size_t)S * b->F), *u = kc_test_dalloc((size_t)S * b->F), *row = kc_test_dalloc(S);
    e_norm(e, S, D, b->x, b->ln1, b->eps, n);
    e_linear(e, S, qd, D, n, b->wq, NULL, q);
    e_linear(e, S, kvd, D, n, b->wk, NULL, k);
    e_linear(e, S, kvd, D, n, b->wv, NULL, v);
    if (b->cs && !(e->flags & EMU_NOROPE)) {
        /* rotate into a / g, then copy back (the rope helper does not work in place) */
        e_rope(e, S, b->H, b->Dh, q, b->cs, b->sn, a);
        memcpy(q, a, sizeof(double) * S * qd);
        e_rope(e, S, b->Hkv, b->Dh, k, b->cs, b->sn, g);
        memcpy(k, g, sizeof(double) * S * kvd);
    }
    double scale = (e->flags & EMU_SCALE) ? 1.0 / sqrt((double)b->Dh) : b->scale;
    int causal = b->causal && !(e->flags & EMU_NONCAUSAL);
    for (uint32_t h = 0; h < b->H; h++) {
        uint32_t kv = (e->flags & EMU_KVMAP) ? h % b->Hkv : h / G;
        const double *bias = b->pb && !(e->flags & EMU_NOBIAS) ? b->pb + (size_t)h * S * S : NULL;
        e_attn_head(e, S, b->Dh, scale, causal, q + (size_t)h * b->Dh, qd,
                    k + (size_t)kv * b->Dh, kvd, v + (size_t)kv * b->Dh, kvd, bias,
                    a + (size_t)h * b->Dh, qd, row);
    }
    e_linear(e, S, D, qd, a, b->wo, NULL, h1);
    for (size_t i = 0; i < sd; i++)
        h1[i] = (e->flags & EMU_NORESID1) ? h1[i] : rd(e, b->x[i] + h1[i]);
    e_norm(e, S, D, h1, b->ln2, b->eps, n);
    size_t sf = (size_t)S * b->F;
    e_linear(e, S, b->F, D, n, b->w_in, NULL, g);
    if (b->w_up) {
        e_linear(e, S, b->F, D, n, b->w_up, NULL, u);
        for (size_t i = 0; i < sf; i++)
            g[i] = e_swiglu(e, g[i], u[i]);
    } else {
        for (size_t i = 0; i < sf; i++)
            g[i] = kc_task_eltwise_relu_f(g[i]);
    }
    e_linear(e, S, D, b->F, g, b->w_out, NULL, y);
    for (size_t i = 0; i < sd; i++)
        y[i] = (e->flags & EMU_NORESID2) ? y[i] : rd(e, h1[i] + y[i]);
    free(n);
    free(q);
    free(k);
    free(v);
    free(a);
    free(h1);
    free(g);
    free(u);
    free(row);
}

/* Runs the emulated kernel on an instance; returns the elements outside the
 * tolerance, the worst ratio |actual - expected| / (abs + rel |expected|) and the
 * largest |actual - expected| (maxerr may be NULL). */
static size_t emulate(const kc_task_inst *in, unsigned flags, double *worst, double *maxerr)
{
    emu e = { in->dtype, flags };
    const kc_tol *tol = &in->task->tol[in->dtype];
    int out = out_idx(&in->shape);
    size_t n = in->shape.t[out].nelem, bad = 0;
    double *y = kc_test_dalloc(n);
    if (in->task == &kc_task_block_ffn) {
        e_ffn(&e, in, y);
    } else {
        eblock b;
        eblock_of(in, &b);
        e_block(&e, &b, y);
    }
    *worst = 0;
    double me = 0;
    for (size_t i = 0; i < n; i++) {
        double x = in->data[out][i];
        me = fmax(me, fabs(y[i] - x));
        bad += !kc_check_within(tol, x, y[i]);
        *worst = fmax(*worst, fabs(y[i] - x) / (tol->abs + tol->rel * fabs(x)));
    }
    free(y);
    if (maxerr)
        *maxerr = me;
    return bad;
}

/* The tolerance of a task: on all five configs and two seeds, the emulated
 * kernel passes with its worst element at <= 50% of the tolerance (bf16 and
 * fp32), `ok` variants pass and every `wrong` variant fails (bf16, seed 1; a
 * variant whose skip() says it cannot differ on a config is left out). */
static void check_tolerance(const kc_task *t, const unsigned *ok, const unsigned *wrong,
                            const char *const *wrong_names,
                            int (*skip)(const kc_task_config *c, unsigned flag))
{
    const char *env = getenv("KC_TEST_SEEDS");
    uint64_t nseeds = env && atoi(env) > 2 ? (uint64_t)atoi(env) : 2;
    for (int c = 1; c <= KC_TASK_NCONFIGS; c++)
        for (uint64_t seed = 1; seed <= nseeds; seed++)
            for (int dt = 0; dt < KC_DTYPE_COUNT; dt++) {
                kc_err err;
                kc_err_clear(&err);
                kc_task_inst in;
                if (kc_task_inst_make(&in, t, c, (kc_dtype)dt, seed, &err) != KC_OK) {
                    CHECK(0, "%s C%d: %s", t->name, c, err.text);
                    continue;
                }
                double w, me;
                size_t bad = emulate(&in, 0, &w, &me);
                printf("%-12s C%d seed %llu %s: emulated kernel worst %.3f of the tolerance "
                       "(max |err| %.2e)\n",
                       t->name, c, (unsigned long long)seed, kc_dtype_name((kc_dtype)dt), w, me);
                CHECK(bad == 0 && w <= 0.5, "%s C%d seed %llu %s: %zu bad, worst %.3f", t->name,
                      c, (unsigned long long)seed, kc_dtype_name((kc_dtype)dt), bad, w);
                for (const unsigned *f = ok; dt == KC_DTYPE_BF16 && *f; f++) {
                    bad = emulate(&in, *f, &w, NULL);
                    printf("%-12s C%d seed %llu bf16: variant 0x%x (must pass) worst %.3f\n",
                           t->name, c, (unsigned long long)seed, *f, w);
                    CHECK(bad == 0, "%s C%d: variant 0x%x fails (%zu, %.3f)", t->name, c, *f,
                          bad, w);
                }
                for (unsigned i = 0; dt == KC_DTYPE_BF16 && seed == 1 && wrong[i]; i++) {
                    if (skip && skip(&t->configs[c - 1], wrong[i]))
                        continue;
                    bad = emulate(&in, wrong[i], &w, NULL);
                    printf("%-12s C%d seed 1 bf16: %-14s fails %7zu / %zu, worst %.1f\n",
                           t->name, c, wrong_names[i], bad,
                           in.shape.t[out_idx(&in.shape)].nelem, w);
                    CHECK(bad > 0, "%s C%d: wrong kernel %s passes (worst %.3f)", t->name, c,
                          wrong_names[i], w);
                }
                kc_task_inst_free(&in);
            }
}

/* ---- T5 buckets ------------------------------------------------------------------------ */

/* HF's formula as it runs there: the log branch in fp32. */
static uint32_t bucket_f32(int32_t rel)
{
    uint32_t nb = KC_TASK_BLOCK_T5_BUCKETS / 2, bucket = rel > 0 ? nb : 0;
    uint32_t n = (uint32_t)abs(rel), max_exact = nb / 2;
    if (n < max_exact)
        return bucket + n;
    volatile float r = (float)n / (float)max_exact;
    volatile float l = logf(r) / (float)log((double)KC_TASK_BLOCK_T5_MAX_DISTANCE / max_exact);
    volatile float s = l * (float)(nb - max_exact);
    uint32_t large = max_exact + (uint32_t)s;
    return bucket + (large < nb - 1 ? large : nb - 1);
}

static void test_bucket(void)
{
    /* by hand from the HF formula (32 buckets, max_distance 128 -> 16 per side,
     * max_exact 8, large: 8 + floor(log(n/8) / log(16) * 8), at most 15; rel > 0
     * adds 16): 20 -> 8 + floor(2.64) = 10, 16 -> 8 + 2 = 10, 15 -> 8 + floor(1.81) =
     * 9, 64 -> 8 + 6 = 14, 127 -> 8 + floor(7.97) = 15, 200 -> min(8 + 9, 15) = 15 */
    static const struct {
        int32_t rel;
        uint32_t b;
    } known[] = {
        { 0, 0 },    { 1, 17 },   { -1, 1 },   { 7, 23 },    { -7, 7 },    { 8, 24 },
        { -8, 8 },   { 15, 25 },  { -15, 9 },  { 16, 26 },   { -16, 10 },  { 20, 26 },
        { -20, 10 }, { 64, 30 },  { -64, 14 }, { 127, 31 },  { -127, 15 }, { 200, 31 },
        { -200, 15 },
    };
    for (size_t i = 0; i < sizeof known / sizeof known[0]; i++) {
        uint32_t b = kc_task_block_t5_bucket(known[i].rel, 1, 32, 128);
        CHECK(b == known[i].b, "bucket(%d) = %u, expected %u", known[i].rel, b, known[i].b);
    }
    /* unidirectional: only rel <= 0 counts, all 32 buckets on that side */
    CHECK(kc_task_block_t5_bucket(5, 0, 32, 128) == 0 &&
              kc_task_block_t5_bucket(-5, 0, 32, 128) == 5 &&
              kc_task_block_t5_bucket(-16, 0, 32, 128) == 16 &&
              kc_task_block_t5_bucket(-1000, 0, 32, 128) == 31,
          "unidirectional buckets");
    /* fp64 here, fp32 in HF: the same bucket everywhere it matters */
    size_t differ = 0;
    uint32_t prev = 0;
    int monotone = 1;
    for (int32_t r = -4095; r < 4096; r++) {
        uint32_t b = kc_task_block_t5_bucket(r, 1, 32, 128);
        differ += b != bucket_f32(r);
        if (r > 0) {
            monotone &= b >= prev;
            prev = b;
        }
        CHECK(b < 32, "bucket(%d) = %u", r, b);
    }
    CHECK(differ == 0, "%zu buckets differ between fp64 and HF's fp32", differ);
    CHECK(monotone, "buckets not monotone in the distance");
}

/* ---- FFN ------------------------------------------------------------------------------------ */

static void test_ffn(void)
{
    const kc_task *t = &kc_task_block_ffn;
    CHECK(t->level == 2 && !strcmp(t->family, "block"), "ffn row");
    /* closed form: D = F = 1, y = w2 gelu(w1 x + b1) + b2 */
    {
        kc_task_config c = { { 2, 1, 1 } };
        double x[2] = { 0.5, -1.25 }, w1[1] = { 2 }, b1[1] = { 0.25 }, w2[1] = { -3 },
               b2[1] = { 0.125 }, y[2];
        double *in[5] = { x, w1, b1, w2, b2 }, *out[1] = { y };
        t->reference(t, &c, (const double *const *)in, out);
        for (int i = 0; i < 2; i++)
            CHECK(fabs(y[i] - (-3 * kc_task_eltwise_gelu_tanh_f(2 * x[i] + 0.25) + 0.125)) <
                      1e-15,
                  "ffn closed form %d: %g", i, y[i]);
    }
    for (int c = 1; c <= KC_TASK_NCONFIGS; c++) {
        kc_err err;
        kc_err_clear(&err);
        kc_task_inst in;
        CHECK(kc_task_inst_make(&in, t, c, KC_DTYPE_BF16, 3, &err) == KC_OK, "%s", err.text);
        const kc_task_config *cf = &t->configs[c - 1];
        uint32_t M = cf->dims[0], D = cf->dims[1], F = cf->dims[2];
        CHECK(in.shape.ntensors == 7 && in.shape.t[5].role == KC_ROLE_OUTPUT &&
                  in.shape.t[6].role == KC_ROLE_SCRATCH && in.shape.t[6].nelem == (size_t)M * F,
              "ffn C%d tensors", c);
        CHECK(in.shape.mac_flops == 2.0 * M * D * F, "ffn C%d MACs", c);
        /* the composition of the Linear task's reference, the GELU function and
         * Linear again */
        kc_task_config l1 = { { M, F, D } }, l2 = { { M, D, F } };
        double *h = kc_test_dalloc((size_t)M * F), *y = kc_test_dalloc((size_t)M * D);
        double *in1[3] = { in.data[0], in.data[1], in.data[2] }, *o1[1] = { h };
        kc_task_matmul_linear.reference(&kc_task_matmul_linear, &l1,
                                        (const double *const *)in1, o1);
        for (size_t i = 0; i < (size_t)M * F; i++)
            h[i] = kc_task_eltwise_gelu_tanh_f(h[i]);
        double *in2[3] = { h, in.data[3], in.data[4] }, *o2[1] = { y };
        kc_task_matmul_linear.reference(&kc_task_matmul_linear, &l2,
                                        (const double *const *)in2, o2);
        double d = kc_test_max_abs_diff(y, in.data[5], (size_t)M * D), ss = 0;
        for (size_t i = 0; i < (size_t)M * D; i++)
            ss += y[i] * y[i];
        CHECK(d < 1e-12, "ffn C%d differs from linear . gelu . linear by %g", c, d);
        double rms = sqrt(ss / ((double)M * D));
        CHECK(rms > 0.1 && rms < 1.0, "ffn C%d output rms %g", c, rms);
        free(h);
        free(y);
        kc_task_inst_free(&in);
    }
    static const unsigned ok[] = { EMU_ERF, 0 };
    static const unsigned wrong[] = { EMU_NO_B2, EMU_RELU, 0 };
    static const char *const names[] = { "no b2", "relu" };
    check_tolerance(t, ok, wrong, names, NULL);
}

/* ---- the decoder blocks: shared checks ------------------------------------------------------ */

/* fp64 RMS norm of the test's own (rows of n, weight w). */
static void ref_rms(uint32_t rows, uint32_t n, const double *x, const double *w, double eps,
                    double *y)
{
    for (uint32_t r = 0; r < rows; r++) {
        double ms = 0;
        for (uint32_t j = 0; j < n; j++)
            ms += x[(size_t)r * n + j] * x[(size_t)r * n + j] / n;
        for (uint32_t j = 0; j < n; j++)
            y[(size_t)r * n + j] = x[(size_t)r * n + j] / sqrt(ms + eps) * w[j];
    }
}

/* The FFN part of a block on rows h1 (fp64, from the smaller tasks' references):
 * LLaMA: SwiGLU task then Linear with zero bias; T5: Linear, ReLU, Linear. */
static void ref_ffn_part(const eblock *b, const double *h1, double *y)
{
    uint32_t S = b->S, D = b->D, F = b->F;
    double *n = kc_test_dalloc((size_t)S * D), *h = kc_test_dalloc((size_t)S * F), *zero = kc_test_dalloc(F > D ? F : D);
    ref_rms(S, D, h1, b->ln2, b->eps, n);
    kc_task_config cf = { { S, F, D } }, cd = { { S, D, F } };
    double *oh[1] = { h }, *oy[1] = { y };
    if (b->w_up) {
        double *in[3] = { n, (double *)b->w_in, (double *)b->w_up };
        kc_task_matmul_swiglu.reference(&kc_task_matmul_swiglu, &cf, (const double *const *)in,
                                        oh);
    } else {
        double *in[3] = { n, (double *)b->w_in, zero };
        kc_task_matmul_linear.reference(&kc_task_matmul_linear, &cf, (const double *const *)in,
                                        oh);
        for (size_t i = 0; i < (size_t)S * F; i++)
            h[i] = kc_task_eltwise_relu_f(h[i]);
    }
    double *in2[3] = { h, (double *)b->w_out, zero };
    kc_task_matmul_linear.reference(&kc_task_matmul_linear, &cd, (const double *const *)in2, oy);
    free(n);
    free(h);
    free(zero);
}

/* A copy of an instance's inputs (to modify) and the block's reference on them. */
typedef struct scratch_inst {
    double *in[KC_TASK_MAX_TENSORS];
    unsigned nin;
    double *y;
} scratch_inst;

static void sc_copy(scratch_inst *s, const kc_task_inst *in)
{
    s->nin = 0;
    for (unsigned i = 0; i < in->shape.ntensors; i++) {
        const kc_tensor_desc *d = &in->shape.t[i];
        if (d->role == KC_ROLE_INPUT) {
            s->in[s->nin] = kc_test_dalloc(d->nelem);
            memcpy(s->in[s->nin++], in->data[i], sizeof(double) * d->nelem);
        } else if (d->role == KC_ROLE_OUTPUT) {
            s->y = kc_test_dalloc(d->nelem);
        }
    }
}

static void sc_run(scratch_inst *s, const kc_task *t, const kc_task_config *c)
{
    double *out[1] = { s->y };
    t->reference(t, c, (const double *const *)s->in, out);
}

static void sc_free(scratch_inst *s)
{
    for (unsigned i = 0; i < s->nin; i++)
        free(s->in[i]);
    free(s->y);
}

/* Checks every block config: with Wq, Wk, Wv, Wo = 0 the block is x + FFN-part(x)
 * (composed from the SwiGLU / Linear references), and with the FFN's output
 * projection 0 too it is x exactly; output statistics are sane. */
static void check_block_identities(const kc_task *t, int wq, int wo, int wout)
{
    for (int c = 1; c <= KC_TASK_NCONFIGS; c++) {
        kc_err err;
        kc_err_clear(&err);
        kc_task_inst in;
        CHECK(kc_task_inst_make(&in, t, c, KC_DTYPE_BF16, 4, &err) == KC_OK, "%s", err.text);
        const kc_task_config *cf = &t->configs[c - 1];
        eblock b;
        eblock_of(&in, &b);
        size_t sd = (size_t)b.S * b.D;
        const double *y = in.data[out_idx(&in.shape)];
        double ss = 0;
        for (size_t i = 0; i < sd; i++)
            ss += (y[i] - in.data[0][i]) * (y[i] - in.data[0][i]);
        double rms = sqrt(ss / sd);
        CHECK(rms > 0.05 && rms < 3, "%s C%d: y - x rms %g", t->name, c, rms);

        scratch_inst s;
        sc_copy(&s, &in);
        for (int w = wq; w <= wo; w++)
            memset(s.in[w], 0, sizeof(double) * in.shape.t[w].nelem);
        sc_run(&s, t, cf);
        double *f = kc_test_dalloc(sd);
        eblock z = b;
        z.x = s.in[0];
        ref_ffn_part(&z, s.in[0], f);
        double worst = 0;
        for (size_t i = 0; i < sd; i++)
            worst = fmax(worst, fabs(s.y[i] - (s.in[0][i] + f[i])));
        CHECK(worst < 1e-12, "%s C%d: zero attention weights: y != x + ffn(x) (%g)", t->name, c,
              worst);
        memset(s.in[wout], 0, sizeof(double) * in.shape.t[wout].nelem);
        sc_run(&s, t, cf);
        CHECK(!memcmp(s.y, s.in[0], sizeof(double) * sd), "%s C%d: zero weights: y != x",
              t->name, c);
        free(f);
        sc_free(&s);
        kc_task_inst_free(&in);
    }
}

/* Row i of a block whose attention puts all weight on one key row: y_i = xq +
 * o Wo^T + FFN-part, o_h = v_{g(h)} of the key, v = rms(xk) Wv^T, built here from
 * Linear references and the kv mapping g(h) = h / (H/Hkv) (no RoPE: v is not
 * rotated). */
static void one_hot_row(const eblock *b, const double *xq, const double *xk, double *y)
{
    uint32_t D = b->D, qd = b->H * b->Dh, kvd = b->Hkv * b->Dh;
    double *n = kc_test_dalloc(D), *v = kc_test_dalloc(kvd), *o = kc_test_dalloc(qd), *h1 = kc_test_dalloc(D);
    double *zero = kc_test_dalloc(qd > D ? qd : D);
    ref_rms(1, D, xk, b->ln1, b->eps, n);
    kc_task_config lv = { { 1, kvd, D } }, lo = { { 1, D, qd } };
    double *iv[3] = { n, (double *)b->wv, zero }, *ov[1] = { v };
    kc_task_matmul_linear.reference(&kc_task_matmul_linear, &lv, (const double *const *)iv, ov);
    for (uint32_t h = 0; h < b->H; h++)
        memcpy(o + (size_t)h * b->Dh, v + (size_t)(h / (b->H / b->Hkv)) * b->Dh,
               sizeof(double) * b->Dh);
    double *io[3] = { o, (double *)b->wo, zero }, *oo[1] = { h1 };
    kc_task_matmul_linear.reference(&kc_task_matmul_linear, &lo, (const double *const *)io, oo);
    for (uint32_t i = 0; i < D; i++)
        h1[i] += xq[i];
    eblock one = *b;
    one.S = 1;
    ref_ffn_part(&one, h1, y);
    for (uint32_t i = 0; i < D; i++)
        y[i] += h1[i];
    free(n);
    free(v);
    free(o);
    free(h1);
    free(zero);
}

/* S = 1: attention of one token is its v (softmax over one key is 1, RoPE at
 * position 0 is the identity), so the block is one_hot_row(x0, x0). c0: the
 * block's config 2, whose S is replaced by 1. */
static void check_single_token(const kc_task *t, const kc_task_config *c0)
{
    kc_err err;
    kc_err_clear(&err);
    kc_task_inst in;
    CHECK(kc_task_inst_make(&in, t, 2, KC_DTYPE_BF16, 6, &err) == KC_OK, "%s", err.text);
    eblock b;
    eblock_of(&in, &b);
    kc_task_config c = *c0;
    c.dims[0] = 1;
    scratch_inst s;
    sc_copy(&s, &in);
    /* T5: position_bias [H][1][1] = the bias of relative position 0 */
    if (b.t5)
        for (uint32_t h = 0; h < b.H; h++)
            s.in[6][h] = in.data[6][(size_t)h * b.S * b.S];
    /* cos/sin tables: row 0 (position 0) is already first */
    sc_run(&s, t, &c);
    double *y = kc_test_dalloc(b.D);
    one_hot_row(&b, s.in[0], s.in[0], y);
    double worst = kc_test_max_abs_diff(s.y, y, b.D);
    CHECK(worst < 1e-12, "%s: one token: y differs from x + v Wo^T + ffn by %g", t->name, worst);
    free(y);
    sc_free(&s);
    kc_task_inst_free(&in);
}

/* T5's bias is indexed [h][query i][key j]: with Wq = Wk = 0 the scores are the
 * bias alone, and a bias of +1000 at (i = 0, j = S-1) puts all of query 0's
 * weight on the last key, so y_0 = one_hot_row(x_0, x_{S-1}). Also the
 * expansion of the bucket table: bias[h][i][j] = emb[bucket(j - i)][h]. */
static void check_t5_bias_layout(void)
{
    const kc_task *t = &kc_task_block_t5;
    kc_err err;
    kc_err_clear(&err);
    kc_task_inst in;
    CHECK(kc_task_inst_make(&in, t, 1, KC_DTYPE_BF16, 7, &err) == KC_OK, "%s", err.text);
    eblock b;
    eblock_of(&in, &b);
    scratch_inst s;
    sc_copy(&s, &in);
    memset(s.in[2], 0, sizeof(double) * in.shape.t[2].nelem);
    memset(s.in[3], 0, sizeof(double) * in.shape.t[3].nelem);
    memset(s.in[6], 0, sizeof(double) * in.shape.t[6].nelem);
    for (uint32_t h = 0; h < b.H; h++)
        s.in[6][(size_t)h * b.S * b.S + (b.S - 1)] = 1000.0;
    sc_run(&s, t, &t->configs[0]);
    double *y = kc_test_dalloc(b.D);
    one_hot_row(&b, s.in[0], s.in[0] + (size_t)(b.S - 1) * b.D, y);
    double worst = kc_test_max_abs_diff(s.y, y, b.D);
    CHECK(worst < 1e-12, "t5: bias[h][0][S-1] does not steer query 0 to key S-1 (%g)", worst);
    free(y);
    sc_free(&s);
    kc_task_inst_free(&in);

    enum { S = 40, H = 3 };
    double emb[KC_TASK_BLOCK_T5_BUCKETS * H], *pb = kc_test_dalloc((size_t)H * S * S);
    for (uint32_t k = 0; k < KC_TASK_BLOCK_T5_BUCKETS; k++)
        for (uint32_t h = 0; h < H; h++)
            emb[k * H + h] = 100.0 * k + h;
    kc_task_block_t5_position_bias(S, H, emb, pb);
    size_t bad = 0;
    for (uint32_t h = 0; h < H; h++)
        for (uint32_t i = 0; i < S; i++)
            for (uint32_t j = 0; j < S; j++)
                bad += pb[((size_t)h * S + i) * S + j] !=
                       100.0 * kc_task_block_t5_bucket((int32_t)j - (int32_t)i, 1, 32, 128) + h;
    /* a later key (j > i) takes the upper half of the buckets */
    CHECK(bad == 0 && pb[1] == 100.0 * 17 && pb[S] == 100.0 * 1,
          "t5 position bias expansion: %zu wrong, [0][0][1] = %g, [0][1][0] = %g", bad, pb[1],
          pb[S]);
    free(pb);
}

/* Causal (LLaMA) or not (T5): changing the last token changes earlier outputs
 * only when attention is bidirectional. */
static void check_causality(const kc_task *t, int causal)
{
    kc_err err;
    kc_err_clear(&err);
    kc_task_inst in;
    CHECK(kc_task_inst_make(&in, t, 1, KC_DTYPE_BF16, 8, &err) == KC_OK, "%s", err.text);
    const kc_task_config *c = &t->configs[0];
    uint32_t S = c->dims[0], D = c->dims[1];
    scratch_inst s;
    sc_copy(&s, &in);
    for (uint32_t j = 0; j < D; j++)
        s.in[0][(size_t)(S - 1) * D + j] += 1.0;
    sc_run(&s, t, c);
    int out = out_idx(&in.shape);
    double early = kc_test_max_abs_diff(s.y, in.data[out], (size_t)(S - 1) * D);
    double last = kc_test_max_abs_diff(s.y + (size_t)(S - 1) * D, in.data[out] + (size_t)(S - 1) * D, D);
    CHECK(last > 0.1, "%s: the last token's own output does not change (%g)", t->name, last);
    if (causal)
        CHECK(early == 0, "%s: earlier outputs see a later token (%g)", t->name, early);
    else
        CHECK(early > 1e-3, "%s: earlier outputs do not see the last token (%g)", t->name, early);
    sc_free(&s);
    kc_task_inst_free(&in);
}

/* ---- LLaMA ------------------------------------------------------------------------------------ */

/* GQA equals MHA with each kv head repeated G times (repeat_kv): the reference on
 * Hkv kv heads and on H kv heads with Wk, Wv rows copied from head h / G agree. */
static void check_repeat_kv(void)
{
    const kc_task *t = &kc_task_block_llama;
    kc_err err;
    kc_err_clear(&err);
    for (int cfg = 2; cfg <= 4; cfg++) {
        kc_task_inst in;
        CHECK(kc_task_inst_make(&in, t, cfg, KC_DTYPE_BF16, 9, &err) == KC_OK, "%s", err.text);
        eblock b;
        eblock_of(&in, &b);
        kc_task_config c = t->configs[cfg - 1];
        c.dims[3] = b.H;
        uint32_t G = b.H / b.Hkv;
        scratch_inst s;
        sc_copy(&s, &in);
        for (int w = 3; w <= 4; w++) {
            free(s.in[w]);
            s.in[w] = kc_test_dalloc((size_t)b.H * b.Dh * b.D);
            for (uint32_t h = 0; h < b.H; h++)
                memcpy(s.in[w] + (size_t)h * b.Dh * b.D,
                       in.data[w] + (size_t)(h / G) * b.Dh * b.D, sizeof(double) * b.Dh * b.D);
        }
        sc_run(&s, t, &c);
        double d = kc_test_max_abs_diff(s.y, in.data[12], in.shape.t[12].nelem);
        CHECK(d < 1e-12, "llama C%d: GQA != MHA with repeated kv heads (%g)", cfg, d);
        sc_free(&s);
        kc_task_inst_free(&in);
    }
}

static int llama_skip(const kc_task_config *c, unsigned flag)
{
    /* the kv mapping cannot matter with one kv head */
    return flag == EMU_KVMAP && c->dims[3] == 1;
}

static void test_llama(void)
{
    const kc_task *t = &kc_task_block_llama;
    CHECK(t->level == 3 && !strcmp(t->family, "block"), "llama row");
    for (int c = 1; c <= KC_TASK_NCONFIGS; c++) {
        kc_task_shape s;
        const uint32_t *d = t->configs[c - 1].dims;
        uint32_t S = d[0], D = d[1], H = d[2], Hkv = d[3], F = d[4], Dh = D / H;
        t->shape(t, &t->configs[c - 1], &s);
        CHECK(s.ntensors == 14 && s.t[12].role == KC_ROLE_OUTPUT &&
                  s.t[13].role == KC_ROLE_SCRATCH &&
                  s.t[13].nelem == 4u * S * D + 2u * S * Hkv * Dh + 2u * S * F &&
                  s.t[10].nelem == (size_t)S * Dh / 2 && D % H == 0 && H % Hkv == 0 &&
                  Dh % 2 == 0,
              "llama C%d tensors", c);
        double pairs = S * (S + 1.0) / 2;
        CHECK(s.mac_flops == (double)S * D * (2.0 * H + 2.0 * Hkv) * Dh + 2.0 * H * pairs * Dh +
                                 3.0 * S * D * F,
              "llama C%d MACs", c);
    }
    check_block_identities(t, 2, 5, 9);
    check_single_token(t, &t->configs[1]);
    check_causality(t, 1);
    check_repeat_kv();
    static const unsigned ok[] = { 0 };
    static const unsigned wrong[] = { EMU_NONCAUSAL, EMU_NOROPE,   EMU_KVMAP, EMU_NORESID1,
                                      EMU_NORESID2,  EMU_NOEPS,    EMU_LAYERNORM, 0 };
    static const char *const names[] = { "non-causal", "no rope",     "kv h%Hkv", "no resid 1",
                                         "no resid 2", "norm no eps", "layernorm" };
    check_tolerance(t, ok, wrong, names, llama_skip);
}

/* ---- T5 ------------------------------------------------------------------------------------------ */

static void test_t5(void)
{
    const kc_task *t = &kc_task_block_t5;
    CHECK(t->level == 3 && !strcmp(t->family, "block"), "t5 row");
    /* position_bias is Toeplitz in (i, j) and constant over each bucket */
    for (int c = 1; c <= KC_TASK_NCONFIGS; c++) {
        kc_err err;
        kc_err_clear(&err);
        kc_task_inst in;
        CHECK(kc_task_inst_make(&in, t, c, KC_DTYPE_BF16, 2, &err) == KC_OK, "%s", err.text);
        const uint32_t *d = t->configs[c - 1].dims;
        uint32_t S = d[0], H = d[2];
        CHECK(in.shape.ntensors == 12 && in.shape.t[6].ndims == 3 &&
                  in.shape.t[6].nelem == (size_t)H * S * S &&
                  in.shape.t[11].nelem == 4u * S * d[1] + 2u * S * d[3],
              "t5 C%d tensors", c);
        size_t bad = 0;
        for (uint32_t h = 0; h < H; h++)
            for (uint32_t i = 0; i < S; i++)
                for (uint32_t j = 0; j < S; j++) {
                    const double *pb = in.data[6] + (size_t)h * S * S;
                    uint32_t bk = kc_task_block_t5_bucket((int32_t)j - (int32_t)i, 1, 32, 128);
                    /* the first (i', j') with the same bucket: rel = j - i from row 0 or column 0 */
                    int32_t r = (int32_t)j - (int32_t)i;
                    double first = r >= 0 ? pb[r] : pb[(size_t)(-r) * S];
                    bad += pb[(size_t)i * S + j] != first;
                    if (j + 1 < S && kc_task_block_t5_bucket(r + 1, 1, 32, 128) == bk)
                        bad += pb[(size_t)i * S + j + 1] != pb[(size_t)i * S + j];
                }
        CHECK(bad == 0, "t5 C%d: position bias not a function of the bucket (%zu)", c, bad);
        kc_task_inst_free(&in);
    }
    check_block_identities(t, 2, 5, 9);
    check_single_token(t, &t->configs[1]);
    check_t5_bias_layout();
    check_causality(t, 0);
    static const unsigned ok[] = { 0 };
    static const unsigned wrong[] = { EMU_SCALE, EMU_NOBIAS, EMU_LAYERNORM, EMU_NORESID1,
                                      EMU_NORESID2, 0 };
    static const char *const names[] = { "1/sqrt(Dh)", "no pos bias", "layernorm", "no resid 1",
                                         "no resid 2" };
    check_tolerance(t, ok, wrong, names, NULL);
}

int main(int argc, char **argv)
{
    static const kc_test_group groups[] = {
        { "bucket", test_bucket }, { "ffn", test_ffn }, { "llama", test_llama }, { "t5", test_t5 },
    };
    return kc_test_main("test_block", argc, argv, groups, sizeof groups / sizeof groups[0]);
}
