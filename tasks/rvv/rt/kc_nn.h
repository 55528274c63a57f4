/* kc_nn.h — the layers the composite rvv baselines share (attention, the
 * projected self-attention tasks, the FFN and the decoder blocks), written as
 * plain C loops like the single-layer baselines: static inline, so clang
 * inlines them with the caller's constant sizes and vectorises the same loops
 * it would in the caller. Matrices are row-major; a "linear" is torch's
 * F.linear, y = x w^T (+ b) with w [n][k]. Needs kc_math.h. */
#ifndef KC_NN_H
#define KC_NN_H

#include "kc_math.h"

/* y[i][j] = sum_c x[i][c] w[j][c] (+ b[j] when b is not 0), x [m][k], w [n][k],
 * y [m][n]. */
static inline void kc_nn_linear(int m, int n, int k, const float *x, const float *w,
                                const float *b, float *y)
{
    for (int i = 0; i < m; i++)
        for (int j = 0; j < n; j++) {
            float s = 0.0f;
            for (int c = 0; c < k; c++)
                s += x[i * k + c] * w[j * k + c];
            y[i * n + j] = b ? s + b[j] : s;
        }
}

/* y[i][:] = x[i][:] / sqrt(mean(x[i]^2) + eps) * g (RMSNorm rows). */
static inline void kc_nn_rmsnorm(int rows, int n, const float *x, const float *g, float eps,
                                 float *y)
{
    for (int i = 0; i < rows; i++) {
        float sq = 0.0f;
        for (int j = 0; j < n; j++)
            sq += x[i * n + j] * x[i * n + j];
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
    for (int i = 0; i < sq; i++) {
        int nk = causal && i + 1 < sk ? i + 1 : sk;
        const float *qi = q + i * ldq;
        float *oi = o + i * ldo;
        for (int j = 0; j < nk; j++) {
            float s = 0.0f;
            for (int d = 0; d < dh; d++)
                s += qi[d] * k[j * ldk + d];
            p[j] = s * scale + (bias ? bias[i * sk + j] : 0.0f);
        }
        float mx = p[0];
        for (int j = 1; j < nk; j++)
            mx = kc_fmaxf(mx, p[j]);
        for (int j = 0; j < nk; j++)
            p[j] = kc_expf(p[j] - mx);
        float l = 0.0f;
        for (int j = 0; j < nk; j++)
            l += p[j];
        for (int d = 0; d < dh; d++)
            oi[d] = 0.0f;
        for (int j = 0; j < nk; j++)
            for (int d = 0; d < dh; d++)
                oi[d] += p[j] * v[j * ldv + d];
        float inv = 1.0f / l;
        for (int d = 0; d < dh; d++)
            oi[d] *= inv;
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

#endif
