/* swiglu: h = silu(x W_gate^T) * (x W_up^T), silu(v) = v / (1 + exp(-v))
 * (tasks/kc_task_matmul.c).
 * Shape macros: KC_M, KC_N, KC_K. Tensors: x [M][K], W_gate [N][K], W_up [N][K]
 * (in), h [M][N] (out). */
#include "kc_nn.h"

void kernel(const float *x, const float *W_gate, const float *W_up, float *h)
{
    float xr[KC_K];   /* the row of x, used 2N times, staged on chip (kc_nn_copy) */
    for (int m = 0; m < KC_M; m++) {
        kc_nn_copy(KC_K, x + m * KC_K, xr);
        for (int n = 0; n < KC_N; n++) {
            float g = kc_nn_dot(KC_K, xr, W_gate + n * KC_K);
            float u = kc_nn_dot(KC_K, xr, W_up + n * KC_K);
            h[m * KC_N + n] = g / (1.0f + kc_expf(-g)) * u;
        }
    }
}
