/* npu_skel.h — the skeleton the npu row templates share (npu_rows.c,
 * npu_matmul.c):
 *   - a row pass: a hardware loop over SRAM rows, unrolled over up to
 *     NPU_SKEL_MAX_SLOTS slots (each slot has its own row pointers and scratch
 *     rows) with the recipe's ops issued round-robin across slots, so dependent
 *     vector ops are U instructions apart and the vector latency is hidden (ops
 *     with special functions are list-scheduled around the shared SFU); a
 *     ragged last row runs under vmask;
 *   - a tiling pipeline: the tensor is cut into tiles; three SRAM buffers (or
 *     two) rotate so that the DMA load of tile i+1 and the store of tile i-1 run
 *     in the background while tile i is computed (the hardware interlocks on
 *     row ranges, so the schedule is safe by construction and only its speed is
 *     ours to get right). Uniform tiles run in a hardware loop; the last full
 *     tile and the ragged tail tile are peeled.
 * Registers: r2/r3/r4 the current/next/spare buffer base rows, r5 the tile-loop
 * count, r6 the row-loop count, r15 a temporary. */
#ifndef NPU_SKEL_H
#define NPU_SKEL_H

#include <stdint.h>

#include "npu_emit.h"

/* Unroll slots of a row pass: 4 covers the vector latency with the integer
 * registers r7..r14 the slots' pointers fit in. */
#define NPU_SKEL_MAX_SLOTS 4

/* Registers of one unroll slot (-1 = unused). */
typedef struct npu_skel_slot {
    int x, t, g, b;       /* integer registers: x/gamma/beta row pointers, scratch row */
    int c, p;             /* fp registers: running sum, partial */
    int w;                /* > 0: a 4th row pointer, starting w_off rows after x's */
    uint32_t w_off;
} npu_skel_slot;

/* Expands {X} {T} {G} {B} {W} (as rN) and {C} {P} (as fN) of `op` for one slot. */
void npu_skel_op(npu_gen *g, const char *op, const npu_skel_slot *s);

/* Issues ops over slots [s0, s1): round-robin (op k of every slot before op
 * k+1), or list-scheduled when a recipe uses the special-function unit (see
 * npu_skel.c). */
void npu_skel_ops(npu_gen *g, const char *const *ops, const npu_skel_slot *slots, int s0, int s1);

/* Where a pass's rows start: register + constant row offset. */
typedef struct npu_skel_rowbase {
    const char *reg;
    uint32_t off;
} npu_skel_rowbase;

#define NPU_SKEL_MASK_TAIL 1u   /* the ragged last row runs under vmask (reductions) */

/* One pass over `full` whole rows and, when tail_lanes > 0, one ragged row.
 * X pointers start at xb; gamma/beta pointers (when the slots have them) at gb/bb. */
void npu_skel_row_pass(npu_gen *g, const char *const *ops, unsigned flags, npu_skel_slot *slots,
                       int nslots, npu_skel_rowbase xb, npu_skel_rowbase gb, npu_skel_rowbase bb,
                       uint32_t full, uint32_t tail_lanes);

/* A tiled kernel: the callbacks get the template's own state (ctx). */
typedef struct npu_skel_tiling {
    uint32_t nfull;      /* whole tiles */
    int tail;            /* 1 when a smaller last tile follows */
    uint32_t buf_rows;   /* SRAM rows per buffer */
    int two_bufs;        /* 2 buffers (current, next) instead of 3: enough when a
                            tile's loads and stores touch different SRAMs */
    /* Each callback gets full = 1 for a whole tile, 0 for the tail tile, and the
     * register holding the buffer's first row. */
    void (*load)(npu_gen *g, const void *ctx, int full, const char *buf);
    void (*compute)(npu_gen *g, const void *ctx, int full, const char *buf);
    void (*store)(npu_gen *g, const void *ctx, int full, const char *buf);
    /* Optional: computes tile i (full, buf) and issues the load of tile i+1 (next:
     * 1 whole, 0 tail, -1 none) into "r3" itself, interleaved with the compute,
     * for loads made of many DMA commands that would otherwise stall the core. */
    void (*compute_load)(npu_gen *g, const void *ctx, int full, const char *buf, int next);
} npu_skel_tiling;

void npu_skel_pipeline(npu_gen *g, const void *ctx, const npu_skel_tiling *tl);

#endif
