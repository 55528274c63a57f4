/* vliw_matmul.h — the vliw contraction templates: GEMV (W rows streamed through
 * the skeleton of vliw_skel.h, lane-wise MACs against x held in DM) and the
 * GEMM family (vmmac on 4x4 blocks): GEMM, BatchMatMul, Linear (W[n][k] and a
 * bias) and SwiGLU (two weights and the silu gate). */
#ifndef VLIW_MATMUL_H
#define VLIW_MATMUL_H

#include <stdint.h>

#include "kc_err.h"
#include "kc_task.h"
#include "vliw_emit.h"

int vliw_matmul_serves(const char *name);

/* A contraction stage (vliw_emit.h). gemm: C[m][n] = sum_k A[m][k] B[k][n]
 * (+ bias[n]); with bt, B is given as [n][k] (a torch.nn.Linear weight:
 * C = A B^T); batch > 1 repeats it over batch consecutive A, B and C (bmm;
 * 0 or 1: one); has_gate (SwiGLU, with bt): C = silu(A gate^T) * (A B^T),
 * gate [n][k]. gemv: y[n] = sum_k W[n][k] x[k] (a = W, b = x, c = y; m, bt
 * and bias unused). Row-major, contiguous operands. */
typedef struct vliw_mm_op {
    uint32_t m, n, k;
    int bt;
    int has_bias;
    vliw_opnd a, b, c, bias;
    uint32_t batch;
    int has_gate;
    vliw_opnd gate;
    int relu;          /* C = max(.., 0) in the epilogue (T5's MLP; not with has_gate) */
    uint32_t pgw;      /* nonzero: a body PARAMETRIC in N (a shared stage, vliw_emit.h:
                          one body for contractions that differ only in N): n is the
                          largest N it serves (its DM layout); each call's columns of
                          the tile and C's row pitch arrive in registers
                          (vliw_matmul_gemm_args); groups of pgw column blocks */
} vliw_mm_op;

/* The stage functions: args is a const vliw_mm_op *. The gemm stage returns
 * KC_ERR_RANGE "does not fit" when the A buffers and one column block of B
 * exceed a tile's DM. */
kc_status vliw_matmul_gemm_stage(vliw_gen *g, const void *args, kc_err *err);

/* The group width (column blocks) of one body parametric in N serving the n
 * gemm ops (plain contractions, the same but for N; every tile's columns in
 * one chunk and whole groups at every N), 0 when they cannot share one. */
uint32_t vliw_matmul_gemm_pgw(const vliw_gen *g, const vliw_mm_op *const *ops, int n);
/* The parameters of a parametric body's call (vliw_shared_stage.params;
 * pargs: the call's vliw_mm_op): tile g->tile's columns of that op. */
void vliw_matmul_gemm_args(vliw_gen *g, const void *pargs);
kc_status vliw_matmul_gemv_stage(vliw_gen *g, const void *args, kc_err *err);

kc_status vliw_matmul_gen(vliw_gen *g, const kc_task *t, const kc_task_config *c, kc_err *err);

#endif
