/* layernorm: per row, y = (x - mean) / sqrt(var + 1e-5) * gamma + beta with the
 * biased variance (tasks/kc_task_rownorm.c).
 * Shape macros: KC_M, KC_N. Tensors: x [M][N], gamma [N], beta [N] (in),
 * y [M][N] (out). */
#include "kc_nn.h"

void kernel(const float *x, const float *gamma, const float *beta, float *y)
{
    for (int i = 0; i < KC_M; i++) {
        const float *xr = x + i * KC_N;
        float *yr = y + i * KC_N;
        float mean = kc_nn_sum(KC_N, xr) / KC_N;
        float acc[KC_NN_PS] = { 0.0f };   /* partial sums of squares, as kc_nn_dot */
        int j0 = 0;
        for (; j0 + KC_NN_PS <= KC_N; j0 += KC_NN_PS)
            KC_NN_EACH for (int j = 0; j < KC_NN_PS; j++)
                acc[j] += (xr[j0 + j] - mean) * (xr[j0 + j] - mean);
        for (int j = 0; j0 + j < KC_N; j++)
            acc[j] += (xr[j0 + j] - mean) * (xr[j0 + j] - mean);
        float rstd = 1.0f / kc_sqrtf(kc_nn_psum(acc) / KC_N + 1e-5f);
        for (int j = 0; j < KC_N; j++)
            yr[j] = (xr[j] - mean) * rstd * gamma[j] + beta[j];
    }
}
