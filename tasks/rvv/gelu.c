/* gelu: y = 0.5 x (1 + erf(x / sqrt 2)) element-wise, the exact GELU
 * (tasks/kc_task_eltwise.c).
 * Shape macros: KC_M, KC_N. Tensors: x [M][N] (in), y [M][N] (out). */
#include "kc_math.h"

void kernel(const float *x, float *y)
{
    for (int i = 0; i < KC_M * KC_N; i++)
        y[i] = 0.5f * x[i] * (1.0f + kc_erff(x[i] * 0.70710678f));
}
