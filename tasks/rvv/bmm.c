/* bmm: C[b] = A[b] B[b] per batch b (tasks/kc_task_matmul.c), i-k-j order as
 * gemm.c (rows of A and C on chip).
 * Shape macros: KC_B, KC_M, KC_N, KC_K. Tensors: A [B][M][K], B [B][K][N] (in),
 * C [B][M][N] (out). */
#include "kc_nn.h"

void kernel(const float *A, const float *B, float *C)
{
    for (int bt = 0; bt < KC_B; bt++) {
        const float *a0 = A + bt * KC_M * KC_K;
        const float *b0 = B + bt * KC_K * KC_N;
        float *c0 = C + bt * KC_M * KC_N;
        for (int i = 0; i < KC_M; i++) {
            float c[KC_N], a[KC_K];
            kc_nn_copy(KC_K, a0 + i * KC_K, a);
            for (int j = 0; j < KC_N; j++)
                c[j] = 0.0f;
            for (int k = 0; k < KC_K; k++) {
                const float *b = b0 + k * KC_N;
                for (int j = 0; j < KC_N; j++)
                    c[j] += a[k] * b[j];
            }
            for (int j = 0; j < KC_N; j++)
                c0[i * KC_N + j] = c[j];
        }
    }
}
