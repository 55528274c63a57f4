/* gemv: y[n] = sum_k W[n][k] x[k] (tasks/kc_task_matmul.c).
 * Shape macros: KC_N, KC_K. Tensors: W [N][K], x [K] (in), y [N] (out). */
void kernel(const float *W, const float *x, float *y)
{
    for (int n = 0; n < KC_N; n++) {
        float s = 0.0f;
        for (int k = 0; k < KC_K; k++)
            s += W[n * KC_K + k] * x[k];
        y[n] = s;
    }
}
