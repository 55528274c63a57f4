/* test_attn — the attention tasks (sdpa, flash_attn, mha, gqa, mqa): the fp64
 * references against closed forms, identities and independent compositions, and
 * the tolerances against emulated kernels: bf16-staged kernels (one-pass and
 * online softmax) must pass with margin on every config and two seeds, wrong
 * kernels must fail, both judged by the checker's own kc_check_within.
 * Usage: test_attn [GROUP] (reference | shapes | sdpa | flash | proj); no group runs all. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kc_check.h"
#include "kc_task.h"
#include "kc_task_attn.h"
#include "kc_task_matmul.h"

#include "kc_test.h"

#define NSEEDS 2
/* a correct emulated kernel must use at most this share of the tolerance */
#define MARGIN 0.5

/* ---- the emulated kernel ------------------------------------------------------------ */

/* How an emulated kernel computes one head. With bf16 set it rounds like a
 * staged bf16 kernel: fp32 accumulation in the matrix unit (bf16 x bf16
 * products are exact in fp32, the sums round), bf16 at every stage boundary;
 * without it, it computes in fp64 (the algorithm alone). */
typedef struct emu {
    int bf16;
    uint32_t block;       /* keys per block of an online softmax; 0: the whole row at once */
    int norm_p;           /* one pass only: 1/rowsum applied to p before P V (else to o) */
    int causal;
    double scale;
} emu;

static double rb(const emu *e, double v)
{
    return e->bf16 ? kc_dtype_quantize(KC_DTYPE_BF16, v) : v;
}

/* an fp32 result (a vector-unit or accumulator step) */
static double rf(const emu *e, double v)
{
    return e->bf16 ? (double)(float)v : v;
}

/* sum_i a[i*sa] * b[i*sb], accumulated in fp32 when staged. */
static double emu_dot(const emu *e, const double *a, size_t sa, const double *b, size_t sb,
                      uint32_t n)
{
    if (!e->bf16) {
        double s = 0;
        for (uint32_t i = 0; i < n; i++)
            s += a[i * sa] * b[i * sb];
        return s;
    }
    float s = 0;
    for (uint32_t i = 0; i < n; i++)
        s += (float)(a[i * sa] * b[i * sb]);
    return s;
}

/* One head as the kernel would: per query row, per key block, scores (rounded),
 * a running max m, p = exp(s - m) on a rounded exponent, a running sum l and an
 * output accumulator both rescaled by exp(m_old - m_new) and stored at each
 * block, and the division by l at the end (or, norm_p, p / l before P V). */
static void emu_head(const emu *e, uint32_t sq, uint32_t sk, uint32_t d, const double *q,
                     uint32_t ldq, const double *k, uint32_t ldk, const double *v, uint32_t ldv,
                     double *o, uint32_t ldo)
{
    uint32_t blk = e->block ? e->block : sk;
    double *p = kc_test_dalloc(blk), *acc = kc_test_dalloc(d);
    for (uint32_t i = 0; i < sq; i++) {
        uint32_t nk = e->causal && i + 1 < sk ? i + 1 : sk;
        double m = -INFINITY, l = 0;
        for (uint32_t c = 0; c < d; c++)
            acc[c] = 0;
        for (uint32_t j0 = 0; j0 < nk; j0 += blk) {
            uint32_t nb = nk - j0 < blk ? nk - j0 : blk;
            double mn = m, lb = 0;
            for (uint32_t jj = 0; jj < nb; jj++) {
                const double *kj = k + (size_t)(j0 + jj) * ldk;
                p[jj] = rb(e, rf(e, emu_dot(e, q + (size_t)i * ldq, 1, kj, 1, d) * e->scale));
                mn = fmax(mn, p[jj]);
            }
            double alpha = m == -INFINITY ? 0 : rb(e, exp(rb(e, m - mn)));
            for (uint32_t jj = 0; jj < nb; jj++) {
                p[jj] = rb(e, exp(rb(e, p[jj] - mn)));
                lb = rf(e, lb + p[jj]);
            }
            if (e->norm_p) {
                double inv = rb(e, 1.0 / lb);
                for (uint32_t jj = 0; jj < nb; jj++)
                    p[jj] = rb(e, p[jj] * inv);
            }
            l = rb(e, l * alpha + lb);
            for (uint32_t c = 0; c < d; c++)
                acc[c] = rb(e, acc[c] * alpha +
                                   emu_dot(e, p, 1, v + (size_t)j0 * ldv + c, ldv, nb));
            m = mn;
        }
        double inv = e->norm_p ? 1.0 : rb(e, 1.0 / l);
        for (uint32_t c = 0; c < d; c++)
            o[(size_t)i * ldo + c] = rb(e, acc[c] * inv);
    }
    free(p);
    free(acc);
}

/* Worst |actual - expected| / (abs + rel |expected|) over n outputs, and how
 * many the checker's rule rejects. */
typedef struct verdict {
    double worst;
    size_t bad;
} verdict;

static verdict judge(const kc_tol *tol, const double *expected, const double *actual, size_t n)
{
    verdict v = { 0, 0 };
    for (size_t i = 0; i < n; i++) {
        v.bad += !kc_check_within(tol, expected[i], actual[i]);
        v.worst = fmax(v.worst, fabs(actual[i] - expected[i]) /
                                    (tol->abs + tol->rel * fabs(expected[i])));
    }
    return v;
}

/* ---- sdpa / flash ------------------------------------------------------------------ */

/* The emulated kernel on every (b, h) of an sdpa / flash instance, into o. */
static void emu_plain(const emu *e, const kc_task_inst *in, double *o)
{
    kc_task_attn_dims d;
    kc_task_attn_view(in->task, &in->task->configs[in->config - 1], &d);
    size_t qs = (size_t)d.sq * d.dh, ks = (size_t)d.sk * d.dh;
    for (size_t bh = 0; bh < (size_t)d.batch * d.heads; bh++)
        emu_head(e, d.sq, d.sk, d.dh, in->data[0] + bh * qs, d.dh, in->data[1] + bh * ks, d.dh,
                 in->data[2] + bh * ks, d.dh, o + bh * qs, d.dh);
}

/* A textbook head, independent of both the reference and the emulator: the
 * score matrix materialised, softmax(x) = exp(x - max) / sum, then P V. */
static void textbook_head(uint32_t sq, uint32_t sk, uint32_t d, double scale, int causal,
                          const double *q, const double *k, const double *v, double *o)
{
    double *s = kc_test_dalloc((size_t)sq * sk);
    for (uint32_t i = 0; i < sq; i++) {
        double *si = s + (size_t)i * sk, mx = -INFINITY, sum = 0;
        for (uint32_t j = 0; j < sk; j++) {
            double t = 0;
            for (uint32_t c = 0; c < d; c++)
                t += q[(size_t)i * d + c] * k[(size_t)j * d + c];
            si[j] = causal && j > i ? -INFINITY : t * scale;
            mx = fmax(mx, si[j]);
        }
        for (uint32_t j = 0; j < sk; j++)
            sum += si[j] = exp(si[j] - mx);
        for (uint32_t c = 0; c < d; c++) {
            double t = 0;
            for (uint32_t j = 0; j < sk; j++)
                t += si[j] / sum * v[(size_t)j * d + c];
            o[(size_t)i * d + c] = t;
        }
    }
    free(s);
}

/* Largest |score| of an sdpa / flash instance (the tolerance assumes <= 5.5). */
static double max_score(const kc_task_attn_dims *d, const kc_task_inst *in)
{
    double mx = 0;
    for (size_t bh = 0; bh < (size_t)d->batch * d->heads; bh++)
        for (uint32_t i = 0; i < d->sq; i++)
            for (uint32_t j = 0; j < d->sk; j++) {
                const double *q = in->data[0] + (bh * d->sq + i) * d->dh;
                const double *k = in->data[1] + (bh * d->sk + j) * d->dh;
                double t = 0;
                for (uint32_t c = 0; c < d->dh; c++)
                    t += q[c] * k[c];
                mx = fmax(mx, fabs(t * d->scale));
            }
    return mx;
}

/* Tolerance study of sdpa or flash on every config and NSEEDS seeds. */
static void study_plain(const kc_task *t)
{
    kc_task_attn_dims d;
    const kc_tol *tol = &t->tol[KC_DTYPE_BF16];
    printf("%-10s  worst/tol of emulated bf16 kernels (max over %d seeds); wrong kernels' "
           "worst (min; inf: not applicable)\n", t->name, NSEEDS);
    printf("%-10s  %-10s %-10s %-10s | %-10s %s\n", "config", "one-pass", "p-normed", "online16",
           "scale 1/D", "no mask");
    for (int c = 1; c <= KC_TASK_NCONFIGS; c++) {
        kc_task_attn_view(t, &t->configs[c - 1], &d);
        double w[3] = { 0, 0, 0 }, wrong[2] = { INFINITY, INFINITY };
        for (uint64_t seed = 1; seed <= NSEEDS; seed++) {
            kc_err err;
            kc_err_clear(&err);
            kc_task_inst in;
            CHECK(kc_task_inst_make(&in, t, c, KC_DTYPE_BF16, seed, &err) == KC_OK, "%s",
                  err.text);
            size_t n = in.shape.t[3].nelem;
            double *o = kc_test_dalloc(n);
            const double *ref = in.data[3];
            /* the algorithm alone: an fp64 online softmax over blocks of 16 keys,
             * and the textbook form on (b, h) = 0, equal the reference */
            emu x = { .bf16 = 0, .block = 16, .causal = d.causal, .scale = d.scale };
            emu_plain(&x, &in, o);
            double e = kc_test_max_abs_diff(o, ref, n);
            CHECK(e < 1e-12, "%s C%d: fp64 online softmax differs by %g", t->name, c, e);
            textbook_head(d.sq, d.sk, d.dh, d.scale, d.causal, in.data[0], in.data[1],
                          in.data[2], o);
            e = kc_test_max_abs_diff(o, ref, (size_t)d.sq * d.dh);
            CHECK(e < 1e-12, "%s C%d: textbook head differs by %g", t->name, c, e);
            /* causal row 0 sees key 0 alone: o[b,h,0,:] = v[b,h,0,:] exactly */
            for (size_t bh = 0; d.causal && bh < (size_t)d.batch * d.heads; bh++)
                CHECK(!memcmp(ref + bh * d.sq * d.dh, in.data[2] + bh * d.sk * d.dh,
                              d.dh * sizeof(double)),
                      "%s C%d: causal row 0 of head %zu is not v[0]", t->name, c, bh);

            double smax = max_score(&d, &in);
            CHECK(smax < 5.5, "%s C%d: |score| up to %g", t->name, c, smax);
            /* staged bf16 kernels pass with margin */
            emu ok[3] = {
                { .bf16 = 1, .block = 0, .causal = d.causal, .scale = d.scale },
                { .bf16 = 1, .block = 0, .norm_p = 1, .causal = d.causal, .scale = d.scale },
                { .bf16 = 1, .block = 16, .causal = d.causal, .scale = d.scale },
            };
            for (int k = 0; k < 3; k++) {
                emu_plain(&ok[k], &in, o);
                verdict v = judge(tol, ref, o, n);
                CHECK(v.bad == 0 && v.worst <= MARGIN,
                      "%s C%d seed %d: bf16 kernel %d: %zu bad, worst %.3f of the tolerance",
                      t->name, c, (int)seed, k, v.bad, v.worst);
                w[k] = fmax(w[k], v.worst);
            }
            /* wrong kernels fail: scale 1/D, and (flash) no causal mask */
            emu bad = ok[2];
            bad.scale = 1.0 / d.dh;
            emu_plain(&bad, &in, o);
            verdict v = judge(tol, ref, o, n);
            CHECK(v.bad > 0, "%s C%d: scale 1/D passes (worst %.2f)", t->name, c, v.worst);
            wrong[0] = fmin(wrong[0], v.worst);
            if (d.causal) {
                bad = ok[2];
                bad.causal = 0;
                emu_plain(&bad, &in, o);
                v = judge(tol, ref, o, n);
                CHECK(v.bad > 0, "%s C%d: no causal mask passes (worst %.2f)", t->name, c,
                      v.worst);
                wrong[1] = fmin(wrong[1], v.worst);
            }
            free(o);
            kc_task_inst_free(&in);
        }
        printf("C%d %-7s  %-10.3f %-10.3f %-10.3f | %-10.3g %.3g\n", c, "", w[0], w[1], w[2],
               wrong[0], wrong[1]);
    }
}

static void test_sdpa(void)
{
    study_plain(&kc_task_attn_sdpa);
}

static void test_flash(void)
{
    study_plain(&kc_task_attn_flash);
}

/* ---- mha / gqa / mqa ------------------------------------------------------------------ */

/* How an emulated projected kernel maps heads: right, or one of the mistakes. */
typedef enum proj_mode { PROJ_OK, PROJ_SCALE_1_DH, PROJ_KV_MOD, PROJ_SPLIT_T } proj_mode;

/* y = bf16(fp32 x W^T) (or fp64 without staging). */
static void emu_linear(const emu *e, uint32_t m, uint32_t n, uint32_t k, const double *x,
                       const double *w, double *y)
{
    for (uint32_t i = 0; i < m; i++)
        for (uint32_t j = 0; j < n; j++)
            y[(size_t)i * n + j] = rb(e, emu_dot(e, x + (size_t)i * k, 1, w + (size_t)j * k, 1, k));
}

/* Reorders the columns of an [s][h*dh] matrix between the right head split
 * (head g at columns g*dh ..) and the transposed one (q.view(S, Dh, H): head g
 * at columns g, g+H, ...). to_heads: transposed -> right, else back. */
static void split_t(uint32_t s, uint32_t h, uint32_t dh, double *a, int to_heads)
{
    size_t w = (size_t)h * dh;
    double *t = kc_test_dalloc(w);
    for (uint32_t r = 0; r < s; r++) {
        double *row = a + r * w;
        for (uint32_t g = 0; g < h; g++)
            for (uint32_t c = 0; c < dh; c++) {
                size_t right = (size_t)g * dh + c, wrong = (size_t)c * h + g;
                t[to_heads ? right : wrong] = row[to_heads ? wrong : right];
            }
        memcpy(row, t, w * sizeof *t);
    }
    free(t);
}

/* The projected task as a kernel would compute it (e->scale and e->causal
 * unused: the mode decides), into y. */
static void emu_proj(const emu *e0, proj_mode mode, const kc_task_inst *in, double *y)
{
    kc_task_attn_dims d;
    kc_task_attn_view(in->task, &in->task->configs[in->config - 1], &d);
    uint32_t S = d.sq, D = d.model, qw = d.heads * d.dh, kvw = d.kv_heads * d.dh;
    emu e = *e0;
    e.causal = 0;
    e.scale = mode == PROJ_SCALE_1_DH ? 1.0 / d.dh : d.scale;
    double *q = kc_test_dalloc((size_t)S * qw), *k = kc_test_dalloc((size_t)S * kvw), *v = kc_test_dalloc((size_t)S * kvw),
           *o = kc_test_dalloc((size_t)S * qw);
    emu_linear(&e, S, qw, D, in->data[0], in->data[1], q);
    emu_linear(&e, S, kvw, D, in->data[0], in->data[2], k);
    emu_linear(&e, S, kvw, D, in->data[0], in->data[3], v);
    if (mode == PROJ_SPLIT_T) {
        split_t(S, d.heads, d.dh, q, 1);
        split_t(S, d.kv_heads, d.dh, k, 1);
        split_t(S, d.kv_heads, d.dh, v, 1);
    }
    for (uint32_t g = 0; g < d.heads; g++) {
        uint32_t kv = mode == PROJ_KV_MOD ? g % d.kv_heads : g / (d.heads / d.kv_heads);
        emu_head(&e, S, S, d.dh, q + (size_t)g * d.dh, qw, k + (size_t)kv * d.dh, kvw,
                 v + (size_t)kv * d.dh, kvw, o + (size_t)g * d.dh, qw);
    }
    if (mode == PROJ_SPLIT_T)
        split_t(S, d.heads, d.dh, o, 0);
    emu_linear(&e, S, D, qw, o, in->data[4], y);
    free(q);
    free(k);
    free(v);
    free(o);
}

static void study_proj(const kc_task *t)
{
    const kc_tol *tol = &t->tol[KC_DTYPE_BF16];
    printf("%-10s  worst/tol of emulated bf16 kernels (max over %d seeds); wrong kernels' "
           "worst (min; inf: not applicable)\n", t->name, NSEEDS);
    printf("%-10s  %-10s %-10s | %-10s %-10s %-10s %s\n", "config", "one-pass", "online16",
           "scale1/Dh", "kv h%Hkv", "split^T", "y rms");
    for (int c = 1; c <= KC_TASK_NCONFIGS; c++) {
        double w[2] = { 0, 0 }, wrong[3] = { INFINITY, INFINITY, INFINITY }, rms = 0;
        kc_task_attn_dims d;
        kc_task_attn_view(t, &t->configs[c - 1], &d);
        for (uint64_t seed = 1; seed <= NSEEDS; seed++) {
            kc_err err;
            kc_err_clear(&err);
            kc_task_inst in;
            CHECK(kc_task_inst_make(&in, t, c, KC_DTYPE_BF16, seed, &err) == KC_OK, "%s",
                  err.text);
            size_t n = in.shape.t[5].nelem;
            const double *ref = in.data[5];
            double *y = kc_test_dalloc(n), ss = 0;
            for (size_t i = 0; i < n; i++)
                ss += ref[i] * ref[i];
            rms = fmax(rms, sqrt(ss / n));
            emu x = { .bf16 = 0 };
            emu_proj(&x, PROJ_OK, &in, y);
            double e = kc_test_max_abs_diff(y, ref, n);
            CHECK(e < 1e-12, "%s C%d: fp64 emulation differs by %g", t->name, c, e);
            emu ok[2] = { { .bf16 = 1, .block = 0 }, { .bf16 = 1, .block = 16 } };
            for (int k = 0; k < 2; k++) {
                emu_proj(&ok[k], PROJ_OK, &in, y);
                verdict v = judge(tol, ref, y, n);
                CHECK(v.bad == 0 && v.worst <= MARGIN,
                      "%s C%d seed %d: bf16 kernel %d: %zu bad, worst %.3f of the tolerance",
                      t->name, c, (int)seed, k, v.bad, v.worst);
                w[k] = fmax(w[k], v.worst);
            }
            /* wrong kernels fail (a kv mapping only differs when 1 < Hkv < H) */
            proj_mode bad[3] = { PROJ_SCALE_1_DH, PROJ_KV_MOD, PROJ_SPLIT_T };
            for (int k = 0; k < 3; k++) {
                if (bad[k] == PROJ_KV_MOD && (d.kv_heads == 1 || d.kv_heads == d.heads))
                    continue;
                emu_proj(&ok[0], bad[k], &in, y);
                verdict v = judge(tol, ref, y, n);
                CHECK(v.bad > 0, "%s C%d: wrong kernel %d passes (worst %.2f)", t->name, c,
                      (int)bad[k], v.worst);
                wrong[k] = fmin(wrong[k], v.worst);
            }
            free(y);
            kc_task_inst_free(&in);
        }
        printf("C%d %-7s  %-10.3f %-10.3f | %-10.3g %-10.3g %-10.3g %.3f\n", c, "", w[0], w[1],
               wrong[0], wrong[1], wrong[2], rms);
    }
}

static void test_proj(void)
{
    study_proj(&kc_task_attn_mha);
    study_proj(&kc_task_attn_gqa);
    study_proj(&kc_task_attn_mqa);
}

/* ---- references: closed forms and identities ----------------------------------------- */

static void random_fill(double *a, size_t n, uint64_t seed)
{
    kc_rng r;
    kc_rng_seed(&r, seed);
    for (size_t i = 0; i < n; i++)
        a[i] = kc_rng_normal(&r);
}

static void test_closed_forms(void)
{
    /* hand case: scores 0 and ln 3 give p = (1/4, 3/4): o = 4/4 + 8*3/4 = 7; the
     * same through a bias of ln 3; causal row 0 is v[0] */
    {
        double q[2] = { 1, 1 }, k[2] = { 0, log(3.0) }, v[2] = { 4, 8 }, o[2];
        double k0[2] = { 0, 0 }, bias[4] = { 0, log(3.0), 0, log(3.0) };
        kc_task_attn_head(2, 2, 1, 1.0, 0, q, 1, k, 1, v, 1, NULL, o, 1);
        CHECK(fabs(o[0] - 7) < 1e-14 && fabs(o[1] - 7) < 1e-14, "hand case: %g %g", o[0], o[1]);
        kc_task_attn_head(2, 2, 1, 1.0, 0, q, 1, k0, 1, v, 1, bias, o, 1);
        CHECK(fabs(o[0] - 7) < 1e-14 && fabs(o[1] - 7) < 1e-14, "bias: %g %g", o[0], o[1]);
        kc_task_attn_head(2, 2, 1, 1.0, 1, q, 1, k, 1, v, 1, NULL, o, 1);
        CHECK(o[0] == 4 && fabs(o[1] - 7) < 1e-14, "causal hand case: %g %g", o[0], o[1]);
        /* scale enters the exponent: scale 2 gives p = (1/10, 9/10), o = 7.6 */
        kc_task_attn_head(1, 2, 1, 2.0, 0, q, 1, k, 1, v, 1, NULL, o, 1);
        CHECK(fabs(o[0] - 7.6) < 1e-14, "scale 2: %g", o[0]);
    }
    /* rows of softmax sum to 1: v = ones gives ones; one key gives v[0] */
    {
        enum { SQ = 37, SK = 53, DD = 24 };
        double *q = kc_test_dalloc(SQ * DD), *k = kc_test_dalloc(SK * DD), *v = kc_test_dalloc(SK * DD),
               *o = kc_test_dalloc(SQ * DD);
        random_fill(q, SQ * DD, 1);
        random_fill(k, SK * DD, 2);
        for (int causal = 0; causal < 2; causal++) {
            for (int i = 0; i < SK * DD; i++)
                v[i] = 1;
            kc_task_attn_head(SQ, SK, DD, 3.0 / sqrt(DD), causal, q, DD, k, DD, v, DD, NULL, o,
                              DD);
            double e = 0;
            for (int i = 0; i < SQ * DD; i++)
                e = fmax(e, fabs(o[i] - 1));
            CHECK(e < 1e-14, "v = ones (causal %d): off by %g", causal, e);
            random_fill(v, SK * DD, 3);
            kc_task_attn_head(SQ, 1, DD, 0.125, causal, q, DD, k, DD, v, DD, NULL, o, DD);
            e = 0;
            for (int i = 0; i < SQ; i++)
                e = fmax(e, kc_test_max_abs_diff(o + i * DD, v, DD));
            CHECK(e == 0, "one key (causal %d): o differs from v[0] by %g", causal, e);
        }
        free(q);
        free(k);
        free(v);
        free(o);
    }
    /* strides: a head as a column slice of [S, H*Dh] (kc_task_attn_heads) equals
     * the same head packed contiguously; sdpa on [B, H] equals per-head calls */
    {
        const kc_task *t = &kc_task_attn_sdpa;
        kc_task_config c = { { 2, 3, 19, 19, 8 } };
        kc_task_attn_dims d;
        kc_task_attn_view(t, &c, &d);
        size_t per = 19 * 8, n = 6 * per;
        double *q = kc_test_dalloc(n), *k = kc_test_dalloc(n), *v = kc_test_dalloc(n), *o = kc_test_dalloc(n);
        random_fill(q, n, 4);
        random_fill(k, n, 5);
        random_fill(v, n, 6);
        double *in[3] = { q, k, v }, *out[1] = { o };
        t->reference(t, &c, (const double *const *)in, out);
        double *pq = kc_test_dalloc(3 * per), *pk = kc_test_dalloc(3 * per), *pv = kc_test_dalloc(3 * per),
               *po = kc_test_dalloc(3 * per), e = 0, e2 = 0;
        for (uint32_t b = 0; b < 2; b++) {
            /* [H][S][D] of batch b -> [S][H*D] */
            for (uint32_t h = 0; h < 3; h++)
                for (uint32_t s = 0; s < 19; s++)
                    for (uint32_t x = 0; x < 8; x++) {
                        size_t src = ((b * 3 + h) * 19 + s) * 8 + x, dst = (s * 3 + h) * 8 + x;
                        pq[dst] = q[src];
                        pk[dst] = k[src];
                        pv[dst] = v[src];
                    }
            kc_task_attn_heads(19, 3, 3, 8, 0, pq, pk, pv, NULL, po);
            for (uint32_t h = 0; h < 3; h++) {
                double ob[19 * 8];
                size_t off = (b * 3 + h) * per;
                textbook_head(19, 19, 8, d.scale, 0, q + off, k + off, v + off, ob);
                e2 = fmax(e2, kc_test_max_abs_diff(ob, o + off, per));
                for (uint32_t s = 0; s < 19; s++)
                    e = fmax(e, kc_test_max_abs_diff(po + (s * 3 + h) * 8, o + off + s * 8, 8));
            }
        }
        CHECK(e < 1e-12, "strided heads differ from the packed sdpa by %g", e);
        CHECK(e2 < 1e-12, "sdpa on [B, H] differs from per-head textbook calls by %g", e2);
        free(q);
        free(k);
        free(v);
        free(o);
        free(pq);
        free(pk);
        free(pv);
        free(po);
    }
}

/* Projected tasks against compositions of other references. */
static void test_proj_identities(void)
{
    kc_err err;
    kc_err_clear(&err);
    /* gqa == mha on kv weights replicated to H heads (head g gets the rows of
     * kv head g / (H/Hkv)); mqa == the gqa row at Hkv = 1 */
    for (int c = 1; c <= KC_TASK_NCONFIGS; c++) {
        const kc_task *tg = &kc_task_attn_gqa, *tm = &kc_task_attn_mha;
        kc_task_inst in;
        CHECK(kc_task_inst_make(&in, tg, c, KC_DTYPE_BF16, 9, &err) == KC_OK, "%s", err.text);
        kc_task_attn_dims d;
        kc_task_attn_view(tg, &tg->configs[c - 1], &d);
        uint32_t S = d.sq, D = d.model, group = d.heads / d.kv_heads;
        size_t hw = (size_t)d.dh * D;
        double *wk = kc_test_dalloc(d.heads * hw), *wv = kc_test_dalloc(d.heads * hw), *y = kc_test_dalloc((size_t)S * D);
        for (uint32_t g = 0; g < d.heads; g++) {
            memcpy(wk + g * hw, in.data[2] + (g / group) * hw, hw * sizeof(double));
            memcpy(wv + g * hw, in.data[3] + (g / group) * hw, hw * sizeof(double));
        }
        kc_task_config mc = { { S, D, d.heads, d.heads } };
        double *min[5] = { in.data[0], in.data[1], wk, wv, in.data[4] }, *mout[1] = { y };
        tm->reference(tm, &mc, (const double *const *)min, mout);
        double e = kc_test_max_abs_diff(y, in.data[5], (size_t)S * D);
        CHECK(e < 1e-12, "gqa C%d differs from mha on replicated kv weights by %g", c, e);
        free(wk);
        free(wv);
        free(y);
        kc_task_inst_free(&in);

        const kc_task *tq = &kc_task_attn_mqa;
        CHECK(kc_task_inst_make(&in, tq, c, KC_DTYPE_BF16, 9, &err) == KC_OK, "%s", err.text);
        kc_task_config gc = tq->configs[c - 1];
        y = kc_test_dalloc(in.shape.t[5].nelem);
        double *gin[5] = { in.data[0], in.data[1], in.data[2], in.data[3], in.data[4] };
        double *gout[1] = { y };
        tg->reference(tg, &gc, (const double *const *)gin, gout);
        e = kc_test_max_abs_diff(y, in.data[5], in.shape.t[5].nelem);
        CHECK(e < 1e-12, "mqa C%d differs from gqa at Hkv = 1 by %g", c, e);
        free(y);
        kc_task_inst_free(&in);
    }
    /* mha == Linear (zero bias) projections, the heads as an sdpa instance
     * [1, H, S, Dh], Linear out: built from two other task rows */
    for (int c = 1; c <= KC_TASK_NCONFIGS; c++) {
        const kc_task *t = &kc_task_attn_mha, *lin = &kc_task_matmul_linear,
                      *sd = &kc_task_attn_sdpa;
        kc_task_inst in;
        CHECK(kc_task_inst_make(&in, t, c, KC_DTYPE_BF16, 11, &err) == KC_OK, "%s", err.text);
        kc_task_attn_dims d;
        kc_task_attn_view(t, &t->configs[c - 1], &d);
        uint32_t S = d.sq, D = d.model, H = d.heads, dh = d.dh;
        size_t n = (size_t)S * D;
        double *zero = kc_test_dalloc(D), *p[3], *hd[4], *y = kc_test_dalloc(n);
        for (int i = 0; i < 3; i++) {
            p[i] = kc_test_dalloc(n);
            kc_task_config lc = { { S, D, D } };
            double *li[3] = { in.data[0], in.data[1 + i], zero }, *lo[1] = { p[i] };
            lin->reference(lin, &lc, (const double *const *)li, lo);
        }
        for (int i = 0; i < 4; i++)
            hd[i] = kc_test_dalloc(n);
        for (uint32_t s = 0; s < S; s++) /* [S][H*Dh] -> [H][S][Dh] */
            for (uint32_t h = 0; h < H; h++)
                for (uint32_t x = 0; x < dh; x++)
                    for (int i = 0; i < 3; i++)
                        hd[i][((size_t)h * S + s) * dh + x] = p[i][(size_t)s * D + h * dh + x];
        kc_task_config sc = { { 1, H, S, S, dh } };
        double *si[3] = { hd[0], hd[1], hd[2] }, *so[1] = { hd[3] };
        sd->reference(sd, &sc, (const double *const *)si, so);
        for (uint32_t s = 0; s < S; s++) /* back to [S][H*Dh] */
            for (uint32_t h = 0; h < H; h++)
                for (uint32_t x = 0; x < dh; x++)
                    p[0][(size_t)s * D + h * dh + x] = hd[3][((size_t)h * S + s) * dh + x];
        kc_task_config lc = { { S, D, D } };
        double *li[3] = { p[0], in.data[4], zero }, *lo[1] = { y };
        lin->reference(lin, &lc, (const double *const *)li, lo);
        double e = kc_test_max_abs_diff(y, in.data[5], n);
        CHECK(e < 1e-12, "mha C%d differs from linear + sdpa + linear by %g", c, e);
        for (int i = 0; i < 4; i++)
            free(hd[i]);
        for (int i = 0; i < 3; i++)
            free(p[i]);
        free(zero);
        free(y);
        kc_task_inst_free(&in);
    }
}

static void test_reference(void)
{
    test_closed_forms();
    test_proj_identities();
}

/* ---- shapes, work, registry, inputs ------------------------------------------------- */

static void test_shapes(void)
{
    const kc_task *all[5] = { &kc_task_attn_sdpa, &kc_task_attn_flash, &kc_task_attn_mha,
                              &kc_task_attn_gqa, &kc_task_attn_mqa };
    const char *names[5] = { "sdpa", "flash_attn", "mha", "gqa", "mqa" };
    const unsigned ntens[5] = { 5, 4, 7, 7, 7 };
    for (int i = 0; i < 5; i++) {
        const kc_task *t = all[i];
        CHECK(kc_task_find(names[i]) == t, "%s registered", names[i]);
        CHECK(t->level == 2 && !strcmp(t->family, "attn"), "%s: level 2, family attn", t->name);
        CHECK(strstr(t->description, i < 2 ? "Arguments, in ABI order: q, k, v (inputs), o (output)"
                                           : "Arguments, in ABI order: x, Wq, Wk, Wv, Wo (inputs), y (output)"),
              "%s: ABI", t->name);
        kc_task_attn_dims d;
        CHECK(!kc_task_attn_view(&kc_task_matmul_gemm, &t->configs[0], &d), "gemm is no attn");
        for (int c = 1; c <= KC_TASK_NCONFIGS; c++) {
            CHECK(kc_task_attn_view(t, &t->configs[c - 1], &d), "%s view", t->name);
            kc_task_shape s;
            t->shape(t, &t->configs[c - 1], &s);
            CHECK(s.ntensors == ntens[i], "%s C%d: %u tensors", t->name, c, s.ntensors);
            CHECK(d.heads % d.kv_heads == 0 && fabs(d.scale * sqrt(d.dh) - 1) < 1e-15,
                  "%s C%d: heads/scale", t->name, c);
            unsigned nout = 0, nscr = 0;
            for (unsigned k = 0; k < s.ntensors; k++) {
                nout += s.t[k].role == KC_ROLE_OUTPUT;
                nscr += s.t[k].role == KC_ROLE_SCRATCH;
            }
            CHECK(nout == 1 && (int)nscr == d.has_scratch, "%s C%d: roles", t->name, c);
            double pairs = d.causal ? d.sq * (d.sq + 1.0) / 2 : (double)d.sq * d.sk;
            double mac = (double)d.batch * d.heads * pairs * d.dh * 2;
            if (d.projected) {
                size_t ws = 2 * (size_t)d.sq * d.model + 2 * (size_t)d.sq * d.kv_heads * d.dh;
                CHECK(d.dh * d.heads == d.model && s.t[6].nelem == ws, "%s C%d: Dh = D/H, ws size",
                      t->name, c);
                CHECK(s.t[2].dims[0] == d.kv_heads * d.dh && s.t[4].dims[1] == d.heads * d.dh,
                      "%s C%d: Wk rows, Wo cols", t->name, c);
                mac += (double)d.sq * d.model * (2.0 * d.heads + 2.0 * d.kv_heads) * d.dh;
            } else {
                CHECK(s.t[0].ndims == 4 && s.t[3].nelem == s.t[0].nelem, "%s C%d: q/o", t->name,
                      c);
                if (d.has_scratch)
                    CHECK(s.t[4].nelem == (size_t)d.batch * d.heads * d.sq * d.sk,
                          "%s C%d: S size", t->name, c);
            }
            CHECK(s.mac_flops == mac, "%s C%d: mac %g vs %g", t->name, c, s.mac_flops, mac);
            CHECK(s.vec_flops == (double)d.batch * d.heads * (5 * pairs + d.sq * (1.0 + d.dh)),
                  "%s C%d: vec", t->name, c);
        }
        /* every config fits the default DRAM with the evaluator's alignment */
        for (int c = 1; c <= KC_TASK_NCONFIGS; c++) {
            kc_err err;
            kc_err_clear(&err);
            kc_task_inst in;
            kc_layout l;
            CHECK(kc_task_inst_make(&in, t, c, KC_DTYPE_BF16, 1, &err) == KC_OK, "%s", err.text);
            CHECK(kc_check_layout(&in, 64u << 20, 256, &l, &err) == KC_OK &&
                      l.ntensors == in.shape.ntensors,
                  "%s C%d layout: %s", t->name, c, err.text);
            kc_task_inst_free(&in);
        }
        /* inputs: activations ~ N(0, 1), weights within +-1/sqrt(in) */
        kc_err err;
        kc_err_clear(&err);
        kc_task_inst in;
        CHECK(kc_task_inst_make(&in, t, 3, KC_DTYPE_BF16, 1, &err) == KC_OK, "%s", err.text);
        double ss = 0;
        for (size_t e = 0; e < in.shape.t[0].nelem; e++)
            ss += in.data[0][e] * in.data[0][e];
        double rms = sqrt(ss / in.shape.t[0].nelem);
        CHECK(rms > 0.95 && rms < 1.05, "%s: activation rms %g", t->name, rms);
        for (unsigned k = 1; k < in.shape.ntensors && in.shape.t[k].ndims == 2; k++) {
            if (in.shape.t[k].role != KC_ROLE_INPUT)
                continue;
            double lim = 1.0 / sqrt(in.shape.t[k].dims[1]), mx = 0;
            for (size_t e = 0; e < in.shape.t[k].nelem; e++)
                mx = fmax(mx, fabs(in.data[k][e]));
            CHECK(mx <= lim * (1 + 1.0 / 256) && mx > 0.9 * lim, "%s: %s max %g vs %g", t->name,
                  in.shape.t[k].name, mx, lim);
        }
        kc_task_inst_free(&in);
    }
}

int main(int argc, char **argv)
{
    static const kc_test_group groups[] = {
        { "reference", test_reference }, { "shapes", test_shapes }, { "sdpa", test_sdpa },
        { "flash", test_flash },         { "proj", test_proj },
    };
    return kc_test_main("test_attn", argc, argv, groups, sizeof groups / sizeof groups[0]);
}
