/* kc_task_matmul.h — matrix tasks: GEMV, GEMM, BatchMatMul, Linear (level 1)
 * and the gated projection SwiGLU (level 2: two contractions sharing A, joined
 * element-wise by silu(gate) * up).
 *
 * All four are one contraction C[b][m][n] = sum_k A[b][m][k] * B[b][k][n]
 * (+ bias[n]) with different shapes, layouts and input statistics; one shared
 * reference and one generator serve the family (docs/tasks.md, "The matrix
 * tasks"). kc_task_matmul_view describes a task's contraction for the template
 * compilers and for the tolerance tests. */
#ifndef KC_TASK_MATMUL_H
#define KC_TASK_MATMUL_H

#include "kc_task.h"

extern const kc_task kc_task_matmul_gemv;
extern const kc_task kc_task_matmul_gemm;
extern const kc_task kc_task_matmul_bmm;
extern const kc_task kc_task_matmul_linear;
extern const kc_task kc_task_matmul_swiglu;

/* The contraction a matrix task performs on a config. */
typedef struct kc_task_matmul_dims {
    uint32_t batch, m, n, k;
    int b_transposed;     /* B is stored as W[n][k] (GEMV, Linear), else as B[k][n] */
    int has_bias;         /* Linear: + bias[n] */
    int a_idx, b_idx, bias_idx, out_idx;   /* ABI positions of A, B, bias (-1), C */
    int gate_idx;         /* SwiGLU: ABI position of W_gate (C = silu(A W_gate^T) * (A B)),
                             else -1; B is then W_up */
} kc_task_matmul_dims;

/* 0 when t is not a matrix task. */
int kc_task_matmul_view(const kc_task *t, const kc_task_config *c, kc_task_matmul_dims *out);

#endif
