/* npu_matmul.h — the npu contraction stage and the matrix tasks it serves
 * (gemv, gemm, bmm, linear, swiglu). Stage conventions: npu_emit.h. */
#ifndef NPU_MATMUL_H
#define NPU_MATMUL_H

#include "npu_emit.h"

/* C[b] = A[b] B[b] (+ bias) (SwiGLU: silu(A Wg^T) * (A Wu^T)); rows of A, B and C
 * are their operands' ld elements apart, batches *_bstride bytes apart.
 * B is B[k][n], or W[n][k] (B = W^T) when b_transposed. Needs 3 working
 * registers. */
typedef struct npu_mm {
    uint32_t batch, m, n, k;
    int b_transposed;
    npu_opnd a, b, c;
    npu_opnd bias;        /* areg < 0: none */
    npu_opnd gate;        /* areg < 0: none; else B is W_up and this W_gate */
    uint64_t a_bstride, b_bstride, c_bstride;
} npu_mm;

/* KC_ERR_USAGE with a message when the shape does not fit. */
kc_status npu_matmul_stage(npu_gen *g, const npu_mm *mm, npu_work w, kc_err *err);

/* The kernel body of a matrix task (kc_task_matmul_view): its contraction on
 * the ABI tensors, then halt. */
kc_status npu_matmul_gen(npu_gen *g, const kc_task *task, const kc_task_config *c, kc_err *err);

#endif
