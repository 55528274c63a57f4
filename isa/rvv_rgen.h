/* rvv_rgen.h — constrained-random RV32IMF + Zve32f programs for co-simulation
 * (kc cosim --platform rvv --random).
 *
 * A program is assembly text — the `kernel` function (called by the
 * platform's crt0, returns to it; the crt0's ecall is the exit) and its .data
 * (placed in DTCM) — plus a0..a7 (DRAM addresses inside the window) and a DRAM
 * image, all a function of the seed. Programs are legal and terminate: branches
 * go forward only, memory accesses are aligned and inside DTCM (the data area
 * and the stack below sp) or the DRAM window, and no instruction traps unless
 * the seed asks for a final trapping instruction. What they exercise: every
 * implemented instruction, every SEW (8/16/32) and LMUL (mf4..m8, where legal),
 * masked forms, tails (vl < VLMAX) and vl = 0, vstart 0; fp values that stay
 * normal (operands and results away from subnormals: QEMU does not flush them,
 * the RTL does), small integers for the unordered sum reduction (exact in any
 * order); unit-stride, strided, indexed, mask and whole-register memory ops.
 */
#ifndef RVV_RGEN_H
#define RVV_RGEN_H

#include <stddef.h>
#include <stdint.h>

#include "kc_err.h"
#include "kc_rgen.h"

typedef struct rvv_rgen_opts {
    uint32_t dram_bytes;   /* DRAM window the program may address (>= 64 KiB) */
    uint32_t vlen;         /* VLEN of the build (bits) */
    uint32_t dtcm_bytes;   /* DTCM size (the stack is at its top) */
    unsigned blocks;       /* random blocks per program (0 = 40) */
    int trap;              /* -1: decided by the seed; 0: end with the exit; 2,3,5,7: end with that trap */
} rvv_rgen_opts;

#define RVV_RGEN_MAX_ROWS 512

typedef struct rvv_rgen_prog {
    char *text;            /* malloc'd assembly */
    uint32_t args[8];      /* a0..a7 */
    int trap;              /* the trap cause the program ends with (0 = exit) */
    unsigned counts[RVV_RGEN_MAX_ROWS];   /* instances emitted per isa/rvv.def row (rvv_isa_at) */
} rvv_rgen_prog;

kc_status rvv_rgen_program(uint64_t seed, const rvv_rgen_opts *o, rvv_rgen_prog *out, kc_err *err);
void rvv_rgen_prog_free(rvv_rgen_prog *p);

/* The DRAM image of `seed`: fp32 words that are normal, small, or small
 * integers, and raw bytes. */
void rvv_rgen_fill_dram(uint64_t seed, uint8_t *data, size_t size);

/* The generator behind kc_rgen_ops (the rvv platform row's `rgen`): VLEN and
 * DTCM_BYTES from the build's parameters, the trap decided by the seed. */
extern const kc_rgen_ops rvv_rgen_ops;

#endif
