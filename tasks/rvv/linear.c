/* linear: y = x W^T + bias, y[m][n] = sum_k x[m][k] W[n][k] + bias[n]
 * (tasks/kc_task_matmul.c): dot products of contiguous rows (kc_nn_linear).
 * Shape macros: KC_M, KC_N, KC_K. Tensors: x [M][K], W [N][K], bias [N] (in),
 * y [M][N] (out). */
#include "kc_nn.h"

void kernel(const float *x, const float *W, const float *bias, float *y)
{
    kc_nn_linear(KC_M, KC_N, KC_K, x, W, bias, y);
}
