/* vliw_sched.h — the bundle scheduler of the vliw template compiler: the
 * templates write straight-line blocks of single instructions in program order
 * (text as the assembler reads it) and the scheduler packs them into bundles so
 * that every exposed latency holds (isa/vliw.def; docs/isa/vliw.md section 3):
 *   - RAW: a reader issues at or after its producer's landing bundle (t + L);
 *     a MAC-slot accumulation reads its accumulator at t + 3 (MAC forwarding);
 *   - WAR: a later write lands after every earlier reader has read;
 *   - WAW: writes of one register land in program order, never together (a
 *     write-conflict trap);
 *   - slots: S 1, LD 2, ST 1, MAC 1, VEC 1, MV 1 per bundle;
 *   - memory and synchronisation: loads, stores, acq/rel, bd.set and DMA
 *     starts keep their program order where it matters (a pseudo register).
 * An instruction's class, destinations with latencies and sources come from its
 * mnemonic and operands (the table of the rows the templates use, below in
 * vliw_sched.c; an unknown mnemonic is a generator bug and aborts the block).
 *
 * A block ends either drained (every result landed before the next bundle: what
 * follows may read anything) or as a hardware-loop body: its length is then
 * stretched until the next iteration's reads and writes see this iteration's
 * results in order (loop-carried values land before they are read, no write of
 * iteration i lands after or with one of iteration i+1), and the bundles after
 * the loop wait for the last iteration's results with nops. */
#ifndef VLIW_SCHED_H
#define VLIW_SCHED_H

#include <stdint.h>

#include "kc_text.h"

#define VLIW_SCHED_MAX_OPS 512

typedef struct vliw_sched_op {
    char text[64];
    int cls;              /* slot class */
    int nw, nr;
    int w[3], wlat[3];    /* register keys written, latencies */
    int r[6], roff[6];    /* register keys read, read offsets (MAC accumulation: 3) */
    int t;                /* scheduled bundle */
} vliw_sched_op;

typedef struct vliw_sched {
    vliw_sched_op op[VLIW_SCHED_MAX_OPS];
    int n;
    int bad;              /* an unknown instruction or overflow: the block is wrong */
    char why[96];
} vliw_sched;

void vliw_sched_begin(vliw_sched *s);
/* One instruction (printf-style), in program order. */
void vliw_sched_add(vliw_sched *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Emits the bundles (one line each, "{ a ; b }" form) to out. loop = 0: drained
 * block; loop = 1: a hardware-loop body, followed (in *tail) by the number of
 * nop bundles the code after the loop must wait. Returns the bundle count, or
 * -1 when the block is wrong (s->why). */
int vliw_sched_end(vliw_sched *s, kc_text *out, int loop, int *tail);

/* Software pipelining of a hardware-loop body of `count` iterations: the
 * smallest initiation interval ii (bundles per iteration) below the plain
 * loop's length at which the block, placed on a resource table taken modulo
 * ii, keeps every register's values in order between overlapping iterations;
 * the body spans `stages` = ceil(length / ii) (>= 2, < count + 1). -1: no
 * gain (use vliw_sched_end). Then vliw_sched_emit_modulo emits part 0 (the
 * prologue: stages - 1 blocks of ii bundles), 1 (the kernel: ii bundles, to
 * run count - stages + 1 times) and 2 (the epilogue, and in *drain the nops
 * after it until every result landed). */
int vliw_sched_modulo(vliw_sched *s, uint32_t count, int *ii, int *stages);
void vliw_sched_emit_modulo(vliw_sched *s, kc_text *out, int ii, int stages, int part, int *drain);

#endif
