/* t5_block: one T5 block, self-attention and feed-forward layers
 * (tasks/kc_task_block.c), Dh = D/H:
 *   n = rmsnorm(x) * ln1 (eps 1e-6); q, k, v = n Wq^T, n Wk^T, n Wv^T;
 *   o_h = softmax(q_h k_h^T + position_bias[h]) v_h (no 1/sqrt(Dh), no mask);
 *   h1 = x + o Wo^T; y = h1 + relu(n2 Wi^T) Wo_ff^T, n2 = rmsnorm(h1) * ln2.
 * Shape macros: KC_S, KC_D, KC_H, KC_F. Tensors (12: the 9th and later
 * arguments are on the stack, RISC-V psABI): x [S][D], ln1 [D], Wq, Wk, Wv
 * [H*Dh][D], Wo [D][H*Dh], position_bias [H][S][S], ln2 [D], Wi [F][D],
 * Wo_ff [D][F] (in), y [S][D] (out), ws [4*S*D + 2*S*F] (scratch).
 * ws holds n, q, k, v (S*D each) and then o, later the hidden activations
 * (S*F); h1 is kept in y, which the FFN then accumulates into. The score row
 * lives on the stack (S floats). */
#include "kc_nn.h"

void kernel(const float *x, const float *ln1, const float *Wq, const float *Wk,
            const float *Wv, const float *Wo, const float *position_bias, const float *ln2,
            const float *Wi, const float *Wo_ff, float *y, float *ws)
{
    float p[KC_S];
    float *n = ws, *q = n + KC_S * KC_D, *k = q + KC_S * KC_D, *v = k + KC_S * KC_D;
    float *o = v + KC_S * KC_D, *hid = o;

    kc_nn_rmsnorm(KC_S, KC_D, x, ln1, 1e-6f, n);
    kc_nn_linear(KC_S, KC_D, KC_D, n, Wq, 0, q);
    kc_nn_linear(KC_S, KC_D, KC_D, n, Wk, 0, k);
    kc_nn_linear(KC_S, KC_D, KC_D, n, Wv, 0, v);
    kc_nn_heads(KC_S, KC_H, KC_H, KC_D / KC_H, 1.0f, 0, q, k, v, position_bias, o, p);
    kc_nn_linear(KC_S, KC_D, KC_D, o, Wo, 0, y);
    for (int i = 0; i < KC_S * KC_D; i++)
        y[i] += x[i];
    kc_nn_rmsnorm(KC_S, KC_D, y, ln2, 1e-6f, n);
    kc_nn_linear(KC_S, KC_F, KC_D, n, Wi, 0, hid);
    for (int i = 0; i < KC_S * KC_F; i++)
        hid[i] = hid[i] > 0.0f ? hid[i] : 0.0f;
    for (int i = 0; i < KC_S; i++)
        for (int j = 0; j < KC_D; j++)
            y[i * KC_D + j] += kc_nn_dot(KC_F, hid + i * KC_F, Wo_ff + j * KC_F);
}
