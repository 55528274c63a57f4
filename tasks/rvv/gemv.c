/* gemv: y[n] = sum_k W[n][k] x[k] (tasks/kc_task_matmul.c).
 * Each row of W is contiguous: a dot product with partial sums (kc_nn_dot).
 * Shape macros: KC_N, KC_K. Tensors: W [N][K], x [K] (in), y [N] (out). */
#include "kc_nn.h"

void kernel(const float *W, const float *x, float *y)
{
    float xl[KC_K];   /* x, used by every row, staged on chip (kc_nn_copy) */
    kc_nn_copy(KC_K, x, xl);
    for (int n = 0; n < KC_N; n++)
        y[n] = kc_nn_dot(KC_K, W + n * KC_K, xl);
}
