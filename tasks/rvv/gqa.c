/* gqa: projected self-attention, non-causal (tasks/kc_task_attn.c), GQA: H query heads sharing Hkv kv heads (head g reads kv head g / (H/Hkv)):
 * q, k, v = x Wq^T, x Wk^T, x Wv^T; per head softmax(q k^T / sqrt(Dh)) v;
 * y = o Wo^T, Dh = D/H.
 * Shape macros: KC_S, KC_D, KC_H, KC_HKV. Tensors: x [S][D], Wq [H*Dh][D],
 * Wk [Hkv*Dh][D], Wv [Hkv*Dh][D], Wo [D][H*Dh] (in), y [S][D] (out),
 * ws [2*S*D + 2*S*Hkv*Dh] (scratch: q, o, k, v). The score row lives on the
 * stack (S floats). */
#include "kc_nn.h"

void kernel(const float *x, const float *Wq, const float *Wk, const float *Wv,
            const float *Wo, float *y, float *ws)
{
    float p[KC_S];
    kc_nn_self_attention(KC_S, KC_D, KC_H, KC_HKV, x, Wq, Wk, Wv, Wo, y, ws, p);
}
