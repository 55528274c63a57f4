/* gemm: C = A B (tasks/kc_task_matmul.c), in i-k-j order: each row of C is
 * accumulated from rows of B scaled by A[i][k] (contiguous inner loop), in a
 * local row (on chip: the stack is in the DTCM) stored to C once; the row of A
 * is staged on chip first (its scalar loads would each wait for DRAM).
 * Shape macros: KC_M, KC_N, KC_K. Tensors: A [M][K], B [K][N] (in), C [M][N] (out). */
#include "kc_nn.h"

void kernel(const float *A, const float *B, float *C)
{
    float c[KC_N], a[KC_K];
    for (int i = 0; i < KC_M; i++) {
        kc_nn_copy(KC_K, A + i * KC_K, a);
        for (int j = 0; j < KC_N; j++)
            c[j] = 0.0f;
        for (int k = 0; k < KC_K; k++) {
            const float *b = B + k * KC_N;
            for (int j = 0; j < KC_N; j++)
                c[j] += a[k] * b[j];
        }
        for (int j = 0; j < KC_N; j++)
            C[i * KC_N + j] = c[j];
    }
}
