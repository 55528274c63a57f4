/* softmax: per row, y = exp(x - max) / sum(exp(x - max)) (tasks/kc_task_rownorm.c).
 * Shape macros: KC_M, KC_N. Tensors: x [M][N] (in), y [M][N] (out).
 * The exponentials go to y first, then y is scaled by 1/sum in place; the row
 * max and sum use partial results (kc_nn_max, kc_nn_sum) so they vectorise. */
#include "kc_nn.h"

void kernel(const float *x, float *y)
{
    for (int i = 0; i < KC_M; i++) {
        const float *xr = x + i * KC_N;
        float *yr = y + i * KC_N;
        float mx = kc_nn_max(KC_N, xr);
        for (int j = 0; j < KC_N; j++)
            yr[j] = kc_expf(xr[j] - mx);
        float inv = 1.0f / kc_nn_sum(KC_N, yr);
        for (int j = 0; j < KC_N; j++)
            yr[j] *= inv;
    }
}
