/* npu_rgen.h — constrained-random npu programs for co-simulation (kc cosim --random).
 *
 * A program is assembly text (so a failing one is a readable, re-runnable .s
 * file) plus the initial a0..a7 and a DRAM image, all a function of one seed.
 * Programs are legal and terminate: loops are bounded, branches go forward or
 * count down, DMA stays inside DRAM and the vector SRAM, and every hardware-loop
 * body is non-empty and never branched out of. What they exercise: every
 * instruction; edge-case fp values (+-0, +-inf, NaN, denormals, huge/tiny) via
 * fli/flui/flli/fmvif and in the DRAM image; hazards between units (dependent
 * vector ops back to back, reductions feeding scalar fp, DMA loads/stores
 * overlapping vector ops on the same rows, a store then a load of the same DRAM
 * bytes); nested hardware loops, loops sharing an end label, count-0 loops;
 * strides, unaligned lane offsets, vmask/dlen changes; and, for some seeds, a
 * final instruction that traps (each cause in turn).
 */
#ifndef NPU_RGEN_H
#define NPU_RGEN_H

#include <stddef.h>
#include <stdint.h>

#include "kc_err.h"
#include "kc_rgen.h"
#include "npu_hw.h"
#include "npu_iss.h"

typedef struct npu_rgen_opts {
    uint32_t dram_bytes;   /* DRAM size the program may address (>= 64 KiB) */
    unsigned blocks;       /* random blocks per program (0 = 40) */
    int trap;              /* -1: decided by the seed; 0: end with halt; 1..7: end with that trap cause */
    unsigned avoid;        /* NPU_RGEN_AVOID_* bits: patterns of known, reported RTL bugs */
    int matrix;            /* also generate matrix-unit instructions (mld, mldb, mldbt, mmac, mst) */
    const npu_hw *hw;      /* the build's sizes (NULL = the isa/npu.def defaults) */
} npu_rgen_opts;

/* Patterns a campaign can leave out while a known RTL bug is open (each has a
 * regression case in tests/cosim/cases that fails until it is fixed). */
#define NPU_RGEN_AVOID_FALLOFF  1u  /* running off the program end into "zero" words */
#define NPU_RGEN_AVOID_RED_TRAP 2u  /* a trap right behind a reduction */
#define NPU_RGEN_AVOID_ZERO_SHARED 4u /* a count-0 loop sharing its end label with the enclosing loop */

typedef struct npu_rgen_prog {
    char *text;            /* malloc'd assembly */
    uint32_t args[NPU_ISS_MAXREGS]; /* initial address registers a0..a(nargs-1) */
    size_t nargs;          /* NAREGS of the build */
    int trap;              /* trap cause the program ends with (0 = halt) */
} npu_rgen_prog;

/* Generates the program of `seed`. */
kc_status npu_rgen_program(uint64_t seed, const npu_rgen_opts *o, npu_rgen_prog *out, kc_err *err);
void npu_rgen_prog_free(npu_rgen_prog *p);

/* Fills a DRAM image for `seed`: bf16 values, mostly ordinary magnitudes with a
 * sprinkling of edge cases (zeros, infinities, NaNs, denormals, extremes). */
void npu_rgen_fill_dram(uint64_t seed, uint8_t *data, size_t size);

/* The generator behind kc_rgen_ops (the npu platform row's `rgen`): sizes from
 * the build, matrix unit included, nothing avoided, trap decided by the seed. */
extern const kc_rgen_ops npu_rgen_ops;

/* The same with the options *(const npu_rgen_opts *)opts (their dram_bytes and
 * hw are replaced by the build's): kc_campaign_opts.program, which `kc cosim
 * --random` on npu uses for --avoid and --matrix. */
kc_status npu_rgen_program_with(void *opts, uint64_t seed, const kc_hw *hw, uint32_t dram_bytes,
                                kc_rgen_prog *out, kc_err *err);

#endif
