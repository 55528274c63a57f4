/* ffn: y = gelu_tanh(x W1^T + b1) W2^T + b2, gelu_tanh(v) = 0.5 v (1 +
 * tanh(sqrt(2/pi) (v + 0.044715 v^3))) (tasks/kc_task_block.c).
 * Shape macros: KC_M, KC_D, KC_F. Tensors: x [M][D], W1 [F][D], b1 [F],
 * W2 [D][F], b2 [D] (in), y [M][D] (out), h [M][F] (scratch: the hidden
 * activations). */
#include "kc_nn.h"

void kernel(const float *x, const float *W1, const float *b1, const float *W2,
            const float *b2, float *y, float *h)
{
    kc_nn_linear(KC_M, KC_F, KC_D, x, W1, b1, h);
    for (int i = 0; i < KC_M * KC_F; i++) {
        float v = h[i];
        h[i] = 0.5f * v * (1.0f + kc_tanhf(0.7978845608f * (v + 0.044715f * v * v * v)));
    }
    kc_nn_linear(KC_M, KC_D, KC_F, h, W2, b2, y);
}
