/* softmax: per row, y = exp(x - max) / sum(exp(x - max)) (tasks/kc_task_rownorm.c).
 * Shape macros: KC_M, KC_N. Tensors: x [M][N] (in), y [M][N] (out).
 * The exponentials go to y first, then y is scaled by 1/sum in place. */
#include "kc_math.h"

void kernel(const float *x, float *y)
{
    for (int i = 0; i < KC_M; i++) {
        const float *xr = x + i * KC_N;
        float *yr = y + i * KC_N;
        float mx = xr[0];
        for (int j = 1; j < KC_N; j++)
            mx = kc_fmaxf(mx, xr[j]);
        for (int j = 0; j < KC_N; j++)
            yr[j] = kc_expf(xr[j] - mx);
        float sum = 0.0f;
        for (int j = 0; j < KC_N; j++)
            sum += yr[j];
        float inv = 1.0f / sum;
        for (int j = 0; j < KC_N; j++)
            yr[j] *= inv;
    }
}
