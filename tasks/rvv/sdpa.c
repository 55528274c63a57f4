/* sdpa: o = softmax(q k^T / sqrt(D)) v per batch and head, no mask
 * (tasks/kc_task_attn.c).
 * Shape macros: KC_B, KC_H, KC_SQ, KC_SK, KC_D. Tensors: q [B][H][Sq][D],
 * k [B][H][Sk][D], v [B][H][Sk][D] (in), o [B][H][Sq][D] (out), S [B][H][Sq][Sk]
 * (scratch: this baseline uses one row of it per head for the scores). */
#include "kc_nn.h"

void kernel(const float *q, const float *k, const float *v, float *o, float *S)
{
    for (int bh = 0; bh < KC_B * KC_H; bh++)
        kc_nn_attention(KC_SQ, KC_SK, KC_D, 1.0f / kc_sqrtf((float)KC_D), 0,
                        q + bh * KC_SQ * KC_D, KC_D, k + bh * KC_SK * KC_D, KC_D,
                        v + bh * KC_SK * KC_D, KC_D, 0, o + bh * KC_SQ * KC_D, KC_D,
                        S + bh * KC_SQ * KC_SK);
}
