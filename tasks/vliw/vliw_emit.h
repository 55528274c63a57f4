/* vliw_emit.h — what every vliw template shares: the kernel being generated
 * (text, labels, the array's sizes, the tile whose program is being written),
 * scheduled blocks (vliw_sched.h) and a few idioms (constants, loops).
 *
 * Programs are per tile (`.tile N`): the generator knows every size, so each
 * tile's share of the work (split by tile id) is fixed at generation time and
 * its program carries it as constants — the array analogue of npu's static
 * tiling. Registers every template may rely on at a tile's entry: r1..r8 the
 * ABI tensors' DRAM addresses. */
#ifndef VLIW_EMIT_H
#define VLIW_EMIT_H

#include <stdint.h>

#include "kc_err.h"
#include "kc_text.h"
#include "vliw_iss.h"
#include "vliw_sched.h"

typedef struct vliw_gen {
    kc_text out;
    int nlabel;
    vliw_iss_params hw;   /* the array's sizes */
    unsigned ntiles;
    unsigned tile;        /* the tile whose program is being emitted */
    vliw_sched s;         /* the open block */
    int bad;              /* a block failed to schedule (why) */
    char why[128];
} vliw_gen;

void vliw_emit_line(vliw_gen *g, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Opens a scheduled block; instructions go in with vliw_emit_op. */
void vliw_emit_begin(vliw_gen *g);
void vliw_emit_op(vliw_gen *g, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Constant into a scalar register inside the open block (mov, or lui + ori). */
void vliw_emit_li(vliw_gen *g, int reg, uint32_t v);
/* Closes the block drained (everything landed before the next bundle). */
void vliw_emit_end(vliw_gen *g);
/* A hardware loop of `count_reg` iterations (>= 1) over the open block's
 * instructions: the block becomes the body (scheduled as one), and the code
 * after the loop waits for the last iteration's results. */
void vliw_emit_loop_end(vliw_gen *g, int count_reg);
/* A hardware loop with an immediate count (1 runs the body inline once). */
void vliw_emit_loopi_end(vliw_gen *g, uint32_t count);
int vliw_emit_label(vliw_gen *g);
/* A counted branch loop (for bodies that call subroutines or hold hardware
 * loops of their own): r<reg> = count (>= 1); returns the label to close with. */
int vliw_emit_branch_loop_open(vliw_gen *g, int reg, uint32_t count);
void vliw_emit_branch_loop_close(vliw_gen *g, int reg, int label);

static inline uint32_t vliw_emit_fbits(float f)
{
    union { float f; uint32_t u; } c = { f };
    return c.u;
}

#endif
