/* vliw_emit.h — what every vliw template shares: the kernel being generated
 * (text, labels, the array's sizes, the tile whose program is being written),
 * scheduled blocks (vliw_sched.h), a few idioms (constants, loops), tensor
 * operands, and kernels as STAGE SEQUENCES with a grid barrier between stages.
 *
 * Programs are per tile (`.tile N`): the generator knows every size, so each
 * tile's share of the work (split by tile id) is fixed at generation time and
 * its program carries it as constants — the array analogue of npu's static
 * tiling.
 *
 * Stages (the API composite kernels are built on; tasks/vliw/vliw_block.c is
 * the example). A stage is a function that emits ONE tile's code (g->tile)
 * for one step of a kernel — a gemm, an element-wise pass, a row reduction —
 * with its tensors given as operands (vliw_opnd: an ABI tensor + a byte
 * offset, so a stage can read and write a region of the task's scratch
 * tensor). vliw_emit_stages writes, per tile: `.tile N`, stage 1, a grid
 * barrier, stage 2, ..., halt, then the subroutines the stages deferred.
 * The contract a stage keeps:
 *   - on entry r1..r8 hold the ABI tensors' DRAM addresses (the sequencer
 *     restores them after every barrier); everything else is undefined; a
 *     stage that uses r1..r8 as scratch saves them first (vliw_emit_args_save);
 *   - DM is zero only in the first stage (g->dm_dirty == 0): a stage that
 *     relies on zero padding in DM clears it with vliw_emit_dm_zero (which
 *     emits nothing in a first stage, so single-stage kernels pay nothing);
 *   - a stage may use DM [0, DM_BYTES - 128) (the top 128 bytes hold the
 *     arguments past r8 and the sequencer's save area), locks 0..13, every
 *     BD, every register;
 *   - it returns with its locks back at their entry value (0) once its DMA
 *     is done — unless it is the last stage (g->last_stage), where the run's
 *     end waits for the DMA anyway; its output DMA may still be in flight
 *     (the barrier drains it);
 *   - BD fields `next`, `acq` and `rel` that earlier stages wrote are reset
 *     by the barrier (tracked per BD by vliw_emit_op); every other field a
 *     stage relies on it sets itself;
 *   - code placed after the tile's halt (compute subroutines) goes through
 *     vliw_emit_sub_begin / vliw_emit_sub_end. */
#ifndef VLIW_EMIT_H
#define VLIW_EMIT_H

#include <stdint.h>

#include "kc_err.h"
#include "kc_text.h"
#include "vliw_iss.h"
#include "vliw_sched.h"

typedef struct vliw_gen {
    kc_text out;
    kc_text sub;          /* the tile's code after its halt (subroutines) */
    int nlabel;
    vliw_iss_params hw;   /* the array's sizes */
    unsigned ntiles;
    unsigned nargs;       /* ABI tensors of the task */
    unsigned tile;        /* the tile whose program is being emitted */
    int dm_dirty;         /* DM holds an earlier stage's data (not zero) */
    int last_stage;       /* the stage being emitted is the tile's last */
    int nstages;          /* stages of the kernel */
    int args_saved;       /* r1..r8 are in the tile's save area */
    int args_stale;       /* g->compact: the barrier left r1..r8 unrestored (the
                             sequencer restores them before a stage that is not
                             shared; shared stages read their operands from DM) */
    int poison;           /* test: a first stage fills DM with NaN (the DM contract) */
    int compact;          /* code size over cycles (kernels near the PM's size): the
                             barrier is a subroutine that resets every BD's links (so
                             they are 0 at every stage's entry), constants by
                             one ori, each gemm BD field written once */
    int bar_label[2];     /* those subroutines' labels per lock parity (-1: none yet), */
    int bar_win[4], bar_nw;   /* emitted at the tile's end: its neighbours, */
    unsigned bar_rounds;      /* rounds, */
    uint32_t bd_links_all;    /* and the BDs any stage linked */
    int small_code;       /* the kernel did not fit PM: stages pick their smaller code
                             where they have a choice (vliw_tmpl.c retries with it) */
    uint32_t bd_links;    /* BDs whose next / acq / rel an earlier op wrote */
    unsigned bar_round;   /* barrier rounds emitted so far (lock parity) */
    struct vliw_shared_body *shared;   /* the tile's shared stage bodies (vliw_emit_shared_stage) */
    int nshared;
    vliw_sched s;         /* the open block */
    int bad;              /* a block failed to schedule (why) */
    char why[128];
} vliw_gen;

/* A tensor operand of a stage: ABI tensor `arg` (0-based, the task's order:
 * 0..7 arrive in r1..r8, 8.. as DM words, docs/isa/vliw.md section 5) plus a
 * byte offset into it. */
typedef struct vliw_opnd {
    int arg;
    uint32_t off;
} vliw_opnd;

static inline vliw_opnd vliw_opnd_at(int arg, uint32_t off)
{
    vliw_opnd o = {arg, off};
    return o;
}

/* In the open block: rd = the operand's address + extra (through rtmp; a
 * DM-held argument also clobbers p7). */
void vliw_emit_addr(vliw_gen *g, int rd, int rtmp, vliw_opnd o, uint32_t extra);
/* In the open block: the register that holds the operand's address — its ABI
 * register when it has no offset (nothing emitted), else rtmp, computed. */
int vliw_emit_addr_reg(vliw_gen *g, int rtmp, vliw_opnd o);

/* A stage: emits tile g->tile's code for `args` (the stage's own struct). */
typedef kc_status (*vliw_stage_fn)(vliw_gen *g, const void *args, kc_err *err);
typedef struct vliw_stage {
    vliw_stage_fn emit;
    const void *args;
} vliw_stage;

/* A stage whose code is SHARED by every call with the same body (code size:
 * a decoder block's q, k, v and o projections are one gemm). The body is the
 * stage `emit` with args whose operands are the ABI registers r1..r<nop>
 * (vliw_opnd_at(0..nop-1, 0)); `size` bytes of args (zero-filled padding) are
 * its key (the body is emitted as for a stage that may find DM dirty and is
 * not the last, so it serves every position). Per call the
 * tile computes the real operands `op` into r1..r<nop> (r1..r8 are saved:
 * the next barrier restores them) and calls the body, which is emitted once
 * per tile as a subroutine after the halt (link in DM). The body must not
 * restore r1..r8 itself (the attention stage does: not shareable). */
typedef struct vliw_shared_stage {
    vliw_stage_fn emit;
    const void *args;
    size_t size;
    unsigned nop;
    vliw_opnd op[6];
    /* NULL, or a body PARAMETRIC beyond its operands: emits, in the open
     * block of each call (after the operands), the registers the body reads
     * its parameters from for this call and tile (pargs: the call's own args;
     * e.g. vliw_matmul_gemm_args) */
    void (*params)(vliw_gen *g, const void *pargs);
    const void *pargs;
} vliw_shared_stage;
/* The stage function of a shared stage (args: a const vliw_shared_stage *). */
kc_status vliw_emit_shared_stage(vliw_gen *g, const void *args, kc_err *err);

/* Two independent stages BESIDE each other in one barrier interval: tiles
 * 0..ntiles_a-1 run `a` as an array of ntiles_a tiles, the others `b` (code
 * size: each tile holds one of them). 1 <= ntiles_a < the array's tiles. */
typedef struct vliw_beside {
    vliw_stage a, b;
    unsigned ntiles_a;
} vliw_beside;
kc_status vliw_emit_beside_stage(vliw_gen *g, const void *args, kc_err *err);

/* Every tile's program: `.tile N`, the n stages with a grid barrier between
 * them (vliw_emit_barrier), halt, the deferred subroutines. */
kc_status vliw_emit_stages(vliw_gen *g, const vliw_stage *stages, int n, kc_err *err);
/* The grid barrier (vliw_emit.c says how and what it costs). */
void vliw_emit_barrier(vliw_gen *g);
/* Code after the tile's halt: between these two calls, emitted text goes to
 * the tile's subroutine area. */
void vliw_emit_sub_begin(vliw_gen *g);
void vliw_emit_sub_end(vliw_gen *g);
/* r1..r8 into / from the tile's save area (DM, top 32 bytes): a stage that
 * needs them as scratch saves them first (nothing is emitted when they are
 * saved already) and restores them where it needs its operands again. */
void vliw_emit_args_save(vliw_gen *g);
void vliw_emit_args_restore(vliw_gen *g);
/* Zeroes DM [lo, hi) (32-byte aligned) when it may hold an earlier stage's
 * data (g->dm_dirty); clobbers v0, p7, r13. Emits nothing in a first stage. */
void vliw_emit_dm_zero(vliw_gen *g, uint32_t lo, uint32_t hi);

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
