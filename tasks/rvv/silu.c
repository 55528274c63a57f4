/* silu: y = x / (1 + exp(-x)) element-wise (tasks/kc_task_eltwise.c).
 * Shape macros: KC_M, KC_N. Tensors: x [M][N] (in), y [M][N] (out). */
#include "kc_math.h"

void kernel(const float *x, float *y)
{
    for (int i = 0; i < KC_M * KC_N; i++)
        y[i] = x[i] / (1.0f + kc_expf(-x[i]));
}
