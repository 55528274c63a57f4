/* vliw_skel.h — the streaming skeleton the vliw row templates share
 * (vliw_rows.c): per tile, a contiguous share of the units (elements or rows)
 * of an input tensor flows through DM in blocks and back out to the output
 * tensor:
 *   - two input and two output buffers (ping-pong); BD b (b = 0, 1) brings a
 *     block into IN_b and releases lock b ("full"); BD 2 + b writes OUT_b to
 *     DRAM and releases lock 2 + b ("out buffer free");
 *   - step i (buffer b = i % 2): acquire lock b and lock 2 + b, compute (a
 *     subroutine: p0 = IN_b, p1 = OUT_b, r14 = count), then start the load of
 *     block i + 2 into IN_b and the store of block i from OUT_b, so the DMA of
 *     the neighbouring blocks overlaps the compute of this one;
 *   - the steps whose prefetch is a whole block run in a branch loop two at a
 *     time (the buffers alternate); the last steps (no prefetch, or a partial
 *     block) are peeled; a partial last block gets its length / row count
 *     written into its BD before it starts.
 * Registers: r8 / r12 the output / input DRAM size of a block, r9 loop count,
 * r10 / r11 next input / output DRAM address, r13 temporary, r15 link; the
 * compute subroutine may use r1..r7, r14, p0..p7, m0..m7, every v and acc. Locks 0..3, BDs 0..3; the
 * template may use BDs 4.. and locks 4..13 in its `setup` (where r1..r7, r9, r13..r15 and p7 are free;
 * r8, r10..r12 are live).
 * As a stage (vliw_emit.h) it leaves locks 2 and 3 back at 0 when a stage
 * follows (acquiring them also waits for its last stores).
 * A second input (has_in2: element-wise binary ops) streams beside the first:
 * BD b chains to BD 4 + b, which brings the same block of in2 into IN2_b and
 * releases lock b; r7 walks in2's DRAM, the compute subroutine gets p2 = IN2_b
 * (and may then not use r7; the setup may not use BDs 4, 5). */
#ifndef VLIW_SKEL_H
#define VLIW_SKEL_H

#include <stdint.h>

#include "vliw_emit.h"

typedef struct vliw_skel_stream {
    vliw_opnd in, out;       /* the input and output tensors */
    int has_in2;             /* a second input, element-wise with the first */
    vliw_opnd in2;
    uint32_t in2_0, in2_1;   /* its DM buffers */
    uint64_t total;          /* units of the tensor */
    uint32_t quantum;        /* a tile's share is a multiple of it (but the last) */
    int rows;                /* 1: a unit is a row of row_bytes (DM pitch `pitch`);
                                0: a unit is a 2-byte element, a block one DMA row */
    uint32_t row_bytes, pitch;
    int out_elems;           /* rows mode with one 2-byte output element per unit
                                (GEMV): the output BD is one row of units * 2 bytes */
    uint32_t block_units;    /* units per whole block */
    uint32_t group;          /* units per compute count step (count = ceil(units / group)) */
    uint32_t in0, in1, out0, out1;   /* DM buffer addresses */
    /* Per tile, before the stream starts (constants, more DMA). */
    void (*setup)(vliw_gen *g, const void *ctx);
    /* The compute subroutine's body (drained blocks; the skeleton adds jr). */
    void (*compute)(vliw_gen *g, const void *ctx);
} vliw_skel_stream;

/* Emits tile g->tile's stream (a stage's code; the compute subroutine goes
 * after the tile's halt). */
void vliw_skel_stream_tile(vliw_gen *g, const void *ctx, const vliw_skel_stream *st);

#endif
