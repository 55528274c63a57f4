/* layernorm: per row, y = (x - mean) / sqrt(var + 1e-5) * gamma + beta with the
 * biased variance (tasks/kc_task_rownorm.c).
 * Shape macros: KC_M, KC_N. Tensors: x [M][N], gamma [N], beta [N] (in),
 * y [M][N] (out). */
#include "kc_math.h"

void kernel(const float *x, const float *gamma, const float *beta, float *y)
{
    for (int i = 0; i < KC_M; i++) {
        const float *xr = x + i * KC_N;
        float *yr = y + i * KC_N;
        float sum = 0.0f;
        for (int j = 0; j < KC_N; j++)
            sum += xr[j];
        float mean = sum / KC_N;
        float sq = 0.0f;
        for (int j = 0; j < KC_N; j++)
            sq += (xr[j] - mean) * (xr[j] - mean);
        float rstd = 1.0f / kc_sqrtf(sq / KC_N + 1e-5f);
        for (int j = 0; j < KC_N; j++)
            yr[j] = (xr[j] - mean) * rstd * gamma[j] + beta[j];
    }
}
