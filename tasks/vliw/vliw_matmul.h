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

kc_status vliw_matmul_gen(vliw_gen *g, const kc_task *t, const kc_task_config *c, kc_err *err);

/* A contraction as a stage: C[b] = A[b] B[b] (+ bias), or SwiGLU's
 * silu(A W_gate^T) * (A W_up^T). Operands are the scalar registers holding
 * their DRAM addresses (row-major, contiguous; batch b at b * rows * cols). */
typedef struct vliw_mm {
    uint32_t batch, m, n, k;
    int a, b, c;      /* registers of A (M x K), B (K x N, or N x K when bt; SwiGLU: W_gate), C (M x N) */
    int b2;           /* SwiGLU: W_up (N x K), else -1 */
    int bias;         /* Linear: bias (N), else -1 */
    int bt;           /* B held as W[n][k] (torch.nn.Linear's layout) */
} vliw_mm;

/* Emits tile g->tile's share (its 4-column blocks of C) into the tile's
 * program: no `.tile`, no halt; the last C stores may still be in flight
 * (dma.wait 1 drains them). Uses r5..r7, r9..r15, every p, v and acc, BDs
 * 0..15 and locks 0..1 (each ends at 0); the operand registers keep their
 * values. KC_ERR_RANGE "does not fit" when the A buffers and one column block
 * of B exceed the DM. */
kc_status vliw_matmul_mm_tile(vliw_gen *g, const vliw_mm *mm, kc_err *err);

#endif
