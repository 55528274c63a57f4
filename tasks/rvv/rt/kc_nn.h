/* kc_nn.h — the layers the composite rvv baselines share (attention, the
 * projected self-attention tasks, the FFN and the decoder blocks), written as
 * plain C loops like the single-layer baselines: static inline, so clang
 * inlines them with the caller's constant sizes and vectorises the same loops
 * it would in the caller (in the big composites it keeps kc_nn_linear and
 * kc_nn_rmsnorm as local functions; their loops vectorise all the same). Matrices are row-major; a "linear" is torch's
 * F.linear, y = x w^T (+ b) with w [n][k]. Needs kc_math.h. */
#ifndef KC_NN_H
#define KC_NN_H

#include "kc_math.h"

/* Sums over a row are written with KC_NN_PS independent partial sums, element j
 * of the row going to partial sum j % KC_NN_PS, added up at the end: the loop
 * over the partial sums is a plain element-wise vector operation, so clang
 * vectorises it (at VLEN 128 as two 8-float LMUL-2 operations) without
 * -ffast-math. A single accumulator in C order would be an ordered reduction
 * (vfredosum: one element after the other). The error is that of 16 shorter
 * sums, no larger than the sequential sum's (docs/tasks.md "Tolerances").
 * KC_NN_EACH marks the loop over the partial sums: clang would otherwise unroll
 * it fully first and then vectorise the outer loop as 16 strided ordered
 * reductions; kept as a loop, the vectoriser makes it vector code. The same
 * holds for the partial maxima (an fmax reduction is not vectorised without
 * -ffast-math's no-NaN promise). */
#define KC_NN_PS 16
#ifdef __clang__
#define KC_NN_EACH _Pragma("clang loop unroll(disable)")
#else
#define KC_NN_EACH
#endif

/* The partial sums added up pairwise (halves added element-wise: 4 short vector
 * steps instead of 16 dependent scalar adds); acc is clobbered. */
static inline float kc_nn_psum(float *acc)
{
    for (int w = KC_NN_PS / 2; w > 0; w /= 2)
        for (int j = 0; j < w; j++)
            acc[j] += acc[j + w];
    return acc[0];
}

/* sum_i a[i] b[i]. */
static inline float kc_nn_dot(int n, const float *a, const float *b)
{
    float acc[KC_NN_PS] = { 0.0f };
    int i = 0;
    for (; i + KC_NN_PS <= n; i += KC_NN_PS)
        KC_NN_EACH for (int j = 0; j < KC_NN_PS; j++)
            acc[j] += a[i + j] * b[i + j];
    for (int j = 0; i + j < n; j++)
        acc[j] += a[i + j] * b[i + j];
    return kc_nn_psum(acc);
}

/* sum_i a[i]. */
static inline float kc_nn_sum(int n, const float *a)
{
    float acc[KC_NN_PS] = { 0.0f };
    int i = 0;
    for (; i + KC_NN_PS <= n; i += KC_NN_PS)
        KC_NN_EACH for (int j = 0; j < KC_NN_PS; j++)
            acc[j] += a[i + j];
    for (int j = 0; i + j < n; j++)
        acc[j] += a[i + j];
    return kc_nn_psum(acc);
}

/* max_i a[i], n >= 1, with partial maxima (exact: max does not round, so the
 * order does not matter). */
static inline float kc_nn_max(int n, const float *a)
{
    float m[KC_NN_PS];
    for (int j = 0; j < KC_NN_PS; j++)
        m[j] = a[0];
    int i = 0;
    for (; i + KC_NN_PS <= n; i += KC_NN_PS)
        KC_NN_EACH for (int j = 0; j < KC_NN_PS; j++)
            m[j] = kc_fmaxf(m[j], a[i + j]);
    for (int j = 0; i + j < n; j++)
        m[j] = kc_fmaxf(m[j], a[i + j]);
    float mx = m[0];
    for (int j = 1; j < KC_NN_PS; j++)
        mx = kc_fmaxf(mx, m[j]);
    return mx;
}

/* The n floats at src copied to dst (a row staged on chip: the stack is in the
 * DTCM, one cycle away; DRAM is ~64). */
static inline void kc_nn_copy(int n, const float *src, float *dst)
{
    for (int i = 0; i < n; i++)
        dst[i] = src[i];
}

/* y[i][j] = sum_c x[i][c] w[j][c] (+ b[j] when b is not 0), x [m][k], w [n][k],
 * y [m][n]: rows of x and w are contiguous, so each output is a dot product; the
 * row of x, used n times, is staged on chip first. */
static inline void kc_nn_linear(int m, int n, int k, const float *x, const float *w,
                                const float *b, float *y)
{
    float xr[k];
    for (int i = 0; i < m; i++) {
        kc_nn_copy(k, x + i * k, xr);
        for (int j = 0; j < n; j++) {
            float s = kc_nn_dot(k, xr, w + j * k);
            y[i * n + j] = b ? s + b[j] : s;
        }
    }
}

/* y[i][:] = x[i][:] / sqrt(mean(x[i]^2) + eps) * g (RMSNorm rows). */
static inline void kc_nn_rmsnorm(int rows, int n, const float *x, const float *g, float eps,
                                 float *y)
{
    for (int i = 0; i < rows; i++) {
        float sq = kc_nn_dot(n, x + i * n, x + i * n);
        float rstd = 1.0f / kc_sqrtf(sq / n + eps);
        for (int j = 0; j < n; j++)
            y[i * n + j] = x[i * n + j] * rstd * g[j];
    }
}

/* One attention head: o[i][:] = sum_j p[j] v[j][:] / sum_j p[j] with
 * p[j] = exp(s[j] - max s), s[j] = scale (q[i] . k[j]) (+ bias[i][j]), over all
 * keys j < sk or, when causal, j <= i. Rows of q, k, v, o are ldq, ldk, ldv, ldo
 * floats apart (a head is a column slice of an [S][heads*dh] matrix); bias is
 * [sq][sk] or 0. p is a row of sk floats of scratch. */
static inline void kc_nn_attention(int sq, int sk, int dh, float scale, int causal,
                                   const float *q, int ldq, const float *k, int ldk,
                                   const float *v, int ldv, const float *bias, float *o,
                                   int ldo, float *p)
{
    float acc[dh], qi[dh];   /* the output row and the query, on chip (the DTCM) */
    for (int i = 0; i < sq; i++) {
        int nk = causal && i + 1 < sk ? i + 1 : sk;
        kc_nn_copy(dh, q + i * ldq, qi);
        float *oi = o + i * ldo;
        for (int j = 0; j < nk; j++)
            p[j] = kc_nn_dot(dh, qi, k + j * ldk) * scale + (bias ? bias[i * sk + j] : 0.0f);
        float mx = kc_nn_max(nk, p);
        for (int j = 0; j < nk; j++)
            p[j] = kc_expf(p[j] - mx);
        float l = kc_nn_sum(nk, p);
        for (int d = 0; d < dh; d++)
            acc[d] = 0.0f;
        for (int j = 0; j < nk; j++)
            for (int d = 0; d < dh; d++)
                acc[d] += p[j] * v[j * ldv + d];
        float inv = 1.0f / l;
        for (int d = 0; d < dh; d++)
            oi[d] = acc[d] * inv;
    }
}

/* Attention over every query head of [s][h*dh] matrices q, o with kv heads from
 * [s][hkv*dh] matrices k, v: query head g reads kv head g / (h/hkv). bias, when
 * not 0, is [h][s][s] (one [s][s] block per head). p: s floats of scratch. */
static inline void kc_nn_heads(int s, int h, int hkv, int dh, float scale, int causal,
                               const float *q, const float *k, const float *v,
                               const float *bias, float *o, float *p)
{
    for (int g = 0; g < h; g++) {
        int kv = g / (h / hkv);
        kc_nn_attention(s, s, dh, scale, causal, q + g * dh, h * dh, k + kv * dh, hkv * dh,
                        v + kv * dh, hkv * dh, bias ? bias + g * s * s : 0, o + g * dh,
                        h * dh, p);
    }
}

/* Rotate-half RoPE in place on every head of an [s][heads*dh] matrix, with
 * tables cos, sin [s][dh/2] (the rope task's formula). */
static inline void kc_nn_rope(int s, int heads, int dh, float *x, const float *cos,
                              const float *sin)
{
    int half = dh / 2;
    for (int r = 0; r < s; r++)
        for (int g = 0; g < heads; g++) {
            float *xr = x + (r * heads + g) * dh;
            const float *c = cos + r * half, *sn = sin + r * half;
            for (int i = 0; i < half; i++) {
                float a = xr[i], b = xr[i + half];
                xr[i] = a * c[i] - b * sn[i];
                xr[i + half] = b * c[i] + a * sn[i];
            }
        }
}

/* Projected self-attention (MHA / GQA / MQA): q = x Wq^T, k = x Wk^T,
 * v = x Wv^T, o = heads(q, k, v) with scale 1/sqrt(dh), y = o Wo^T. x, y [s][d];
 * ws holds q, o [s][h*dh] and k, v [s][hkv*dh]; p: s floats of scratch. */
static inline void kc_nn_self_attention(int s, int d, int h, int hkv, const float *x,
                                        const float *wq, const float *wk, const float *wv,
                                        const float *wo, float *y, float *ws, float *p)
{
    int dh = d / h;
    float *q = ws, *o = q + s * h * dh, *k = o + s * h * dh, *v = k + s * hkv * dh;
    kc_nn_linear(s, h * dh, d, x, wq, 0, q);
    kc_nn_linear(s, hkv * dh, d, x, wk, 0, k);
    kc_nn_linear(s, hkv * dh, d, x, wv, 0, v);
    kc_nn_heads(s, h, hkv, dh, 1.0f / kc_sqrtf((float)dh), 0, q, k, v, 0, o, p);
    kc_nn_linear(s, d, h * dh, o, wo, 0, y);
}

/* One tap of a direct 2-D convolution: y[oy][ox] += wv * x[oy*stride + ky - pad]
 * [ox*stride + kx - pad] over the ho x wo output plane y, taps that fall in the
 * zero padding of the h x w input plane x skipped. (Computing the in-range
 * columns first instead of the condition made dwconv C1 1.7x slower: clang then
 * vectorises it worse.) */
static inline void kc_nn_conv_tap(int ho, int wo, float *y, int h, int w, const float *x,
                                  float wv, int ky, int kx, int stride, int pad)
{
    for (int oy = 0; oy < ho; oy++) {
        int iy = oy * stride + ky - pad;
        if (iy < 0 || iy >= h)
            continue;
        for (int ox = 0; ox < wo; ox++) {
            int ix = ox * stride + kx - pad;
            if (ix >= 0 && ix < w)
                y[oy * wo + ox] += wv * x[iy * w + ix];
        }
    }
}

#endif
