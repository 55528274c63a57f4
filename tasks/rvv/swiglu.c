/* swiglu: h = silu(x W_gate^T) * (x W_up^T), silu(v) = v / (1 + exp(-v))
 * (tasks/kc_task_matmul.c).
 * Shape macros: KC_M, KC_N, KC_K. Tensors: x [M][K], W_gate [N][K], W_up [N][K]
 * (in), h [M][N] (out). */
#include "kc_math.h"

void kernel(const float *x, const float *W_gate, const float *W_up, float *h)
{
    for (int m = 0; m < KC_M; m++)
        for (int n = 0; n < KC_N; n++) {
            float g = 0.0f, u = 0.0f;
            for (int k = 0; k < KC_K; k++) {
                g += x[m * KC_K + k] * W_gate[n * KC_K + k];
                u += x[m * KC_K + k] * W_up[n * KC_K + k];
            }
            h[m * KC_N + n] = g / (1.0f + kc_expf(-g)) * u;
        }
}
