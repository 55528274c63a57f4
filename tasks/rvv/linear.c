/* linear: y = x W^T + bias, y[m][n] = sum_k x[m][k] W[n][k] + bias[n]
 * (tasks/kc_task_matmul.c).
 * Shape macros: KC_M, KC_N, KC_K. Tensors: x [M][K], W [N][K], bias [N] (in),
 * y [M][N] (out). */
void kernel(const float *x, const float *W, const float *bias, float *y)
{
    for (int m = 0; m < KC_M; m++)
        for (int n = 0; n < KC_N; n++) {
            float s = 0.0f;
            for (int k = 0; k < KC_K; k++)
                s += x[m * KC_K + k] * W[n * KC_K + k];
            y[m * KC_N + n] = s + bias[n];
        }
}
