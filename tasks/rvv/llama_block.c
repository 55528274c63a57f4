/* llama_block: one LLaMA decoder layer (tasks/kc_task_block.c), Dh = D/H:
 *   n = rmsnorm(x) * attn_norm (eps 1e-5); q, k, v = n Wq^T, n Wk^T, n Wv^T;
 *   RoPE on q and k; causal grouped-query attention (head g reads kv head
 *   g / (H/Hkv), scale 1/sqrt(Dh)); h1 = x + a Wo^T;
 *   y = h1 + (silu(n2 W_gate^T) * (n2 W_up^T)) W_down^T, n2 = rmsnorm(h1) * ffn_norm.
 * Shape macros: KC_S, KC_D, KC_H, KC_HKV, KC_F. Tensors (14: the 9th and later
 * arguments are on the stack, RISC-V psABI): x [S][D], attn_norm [D],
 * Wq [H*Dh][D], Wk, Wv [Hkv*Dh][D], Wo [D][H*Dh], ffn_norm [D], W_gate,
 * W_up [F][D], W_down [D][F], cos, sin [S][Dh/2] (in), y [S][D] (out),
 * ws [4*S*D + 2*S*Hkv*Dh + 2*S*F] (scratch: n, q, a, h1, k, v, gate, up).
 * The score row lives on the stack (S floats). */
#include "kc_nn.h"

#define DH (KC_D / KC_H)

void kernel(const float *x, const float *attn_norm, const float *Wq, const float *Wk,
            const float *Wv, const float *Wo, const float *ffn_norm, const float *W_gate,
            const float *W_up, const float *W_down, const float *cos, const float *sin,
            float *y, float *ws)
{
    float p[KC_S];
    float *n = ws, *q = n + KC_S * KC_D, *a = q + KC_S * KC_D, *h1 = a + KC_S * KC_D;
    float *k = h1 + KC_S * KC_D, *v = k + KC_S * KC_HKV * DH, *gate = v + KC_S * KC_HKV * DH;
    float *up = gate + KC_S * KC_F;

    kc_nn_rmsnorm(KC_S, KC_D, x, attn_norm, 1e-5f, n);
    kc_nn_linear(KC_S, KC_H * DH, KC_D, n, Wq, 0, q);
    kc_nn_linear(KC_S, KC_HKV * DH, KC_D, n, Wk, 0, k);
    kc_nn_linear(KC_S, KC_HKV * DH, KC_D, n, Wv, 0, v);
    kc_nn_rope(KC_S, KC_H, DH, q, cos, sin);
    kc_nn_rope(KC_S, KC_HKV, DH, k, cos, sin);
    kc_nn_heads(KC_S, KC_H, KC_HKV, DH, 1.0f / kc_sqrtf((float)DH), 1, q, k, v, 0, a, p);
    kc_nn_linear(KC_S, KC_D, KC_H * DH, a, Wo, 0, h1);
    for (int i = 0; i < KC_S * KC_D; i++)
        h1[i] += x[i];
    kc_nn_rmsnorm(KC_S, KC_D, h1, ffn_norm, 1e-5f, n);
    kc_nn_linear(KC_S, KC_F, KC_D, n, W_gate, 0, gate);
    kc_nn_linear(KC_S, KC_F, KC_D, n, W_up, 0, up);
    for (int i = 0; i < KC_S * KC_F; i++)
        gate[i] = gate[i] / (1.0f + kc_expf(-gate[i])) * up[i];
    kc_nn_linear(KC_S, KC_D, KC_F, gate, W_down, 0, y);
    for (int i = 0; i < KC_S * KC_D; i++)
        y[i] += h1[i];
}
