/* rmsnorm: per row, y = x / sqrt(mean(x^2) + 1e-6) * gamma (tasks/kc_task_rownorm.c).
 * Shape macros: KC_M, KC_N. Tensors: x [M][N], gamma [N] (in), y [M][N] (out). */
#include "kc_nn.h"

void kernel(const float *x, const float *gamma, float *y)
{
    for (int i = 0; i < KC_M; i++) {
        const float *xr = x + i * KC_N;
        float *yr = y + i * KC_N;
        float sq = kc_nn_dot(KC_N, xr, xr);
        float rstd = 1.0f / kc_sqrtf(sq / KC_N + 1e-6f);
        for (int j = 0; j < KC_N; j++)
            yr[j] = xr[j] * rstd * gamma[j];
    }
}
