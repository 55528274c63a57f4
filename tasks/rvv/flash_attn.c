/* flash_attn: causal attention with FlashAttention's online softmax
 * (tasks/kc_task_attn.c): per query row i, keys j <= i are visited once; a
 * running maximum m, running sum l and unnormalised output acc are rescaled by
 * exp(m_old - m_new) when the maximum grows; o = acc / l at the end.
 * Shape macros: KC_B, KC_H, KC_S, KC_D. Tensors: q, k, v [B][H][S][D] (in),
 * o [B][H][S][D] (out). acc lives on the stack (D floats). */
#include "kc_nn.h"

void kernel(const float *q, const float *k, const float *v, float *o)
{
    const float scale = 1.0f / kc_sqrtf((float)KC_D);
    float acc[KC_D], qi[KC_D];   /* the output row and the query, on chip */
    for (int bh = 0; bh < KC_B * KC_H; bh++) {
        const float *qh = q + bh * KC_S * KC_D, *kh = k + bh * KC_S * KC_D;
        const float *vh = v + bh * KC_S * KC_D;
        float *oh = o + bh * KC_S * KC_D;
        for (int i = 0; i < KC_S; i++) {
            float m = -3.0e38f, l = 0.0f;
            kc_nn_copy(KC_D, qh + i * KC_D, qi);
            for (int d = 0; d < KC_D; d++)
                acc[d] = 0.0f;
            for (int j = 0; j <= i; j++) {
                float s = kc_nn_dot(KC_D, qi, kh + j * KC_D) * scale;
                float mn = kc_fmaxf(m, s);
                float corr = kc_expf(m - mn), p = kc_expf(s - mn);
                l = l * corr + p;
                for (int d = 0; d < KC_D; d++)
                    acc[d] = acc[d] * corr + p * vh[j * KC_D + d];
                m = mn;
            }
            float inv = 1.0f / l;
            for (int d = 0; d < KC_D; d++)
                oh[i * KC_D + d] = acc[d] * inv;
        }
    }
}
