/* relu: y = max(x, 0) element-wise (tasks/kc_task_eltwise.c).
 * Shape macros: KC_M, KC_N. Tensors: x [M][N] (in), y [M][N] (out). */
void kernel(const float *x, float *y)
{
    for (int i = 0; i < KC_M * KC_N; i++)
        y[i] = x[i] > 0.0f ? x[i] : 0.0f;
}
