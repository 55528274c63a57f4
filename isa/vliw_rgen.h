/* vliw_rgen.h — constrained-random legal multi-tile vliw programs, as assembly
 * text for the table assembler (kc cosim --random, the ISS's fixed-seed batch).
 *
 * A program is one `.tile N` program per tile of the build (ROWS x COLS from
 * kc_hw, defaults of isa/vliw.def) or, for a fifth of the seeds, one SPMD
 * program for every tile (no neighbour accesses or handshakes), plus the
 * initial r1..r8 and a DRAM image, all a function of the seed. Programs assemble without error and terminate:
 *  - exposed latencies: the generator tracks, per register, when its last write
 *    lands and never lets two writes of one register land together (the
 *    assembler's error, the hardware's write-conflict trap); reads of results not
 *    yet landed are generated on purpose (they read the old value);
 *  - control flow only forward or counted: forward branches of every kind (with
 *    their delay slots), jal / jr forward, loop / loopi (1..3, nested 2 deep);
 *    before a branch, a loop and a label every result has landed;
 *  - memory: own-DM vector/scalar pointers (post-modify outside loops), the
 *    neighbours' memories through their windows, bank conflicts between slots
 *    and tiles happen as they fall;
 *  - lock handshakes: rounds in which every tile releases a lock of its east and
 *    north neighbours and acquires its own locks released by its west and south
 *    neighbours (always terminates: releases never wait and come first);
 *  - DMA chains: 1-2 BDs (3-D shapes, unaligned DRAM addresses, ACQ released by
 *    the core beforehand, REL acquired by the core afterwards), on either channel;
 *  - every row of isa/vliw.def across a batch; some seeds end one tile with a
 *    trap, named in `trap`: misaligned, dm-access, lock-overflow, illegal,
 *    write-conflict (two landings fenced by .nocheck), and a DMA channel's
 *    dma-fault or bd-invalid at a BD load (not with --avoid dma).
 */
#ifndef VLIW_RGEN_H
#define VLIW_RGEN_H

#include "kc_rgen.h"

/* The generator behind kc_rgen_ops (the vliw platform row's `rgen` next round). */
extern const kc_rgen_ops vliw_rgen_ops;

/* As vliw_rgen_ops.program, with `trap`: -1 decided by the seed, 0 never, else
 * the vliw trap cause to end with (misaligned, dm-access, lock-overflow, illegal,
 * write-conflict, dma-fault, bd-invalid; the last two need the DMA). */
kc_status vliw_rgen_program(uint64_t seed, const kc_hw *hw, uint32_t dram_bytes, int trap, kc_rgen_prog *out,
                            kc_err *err);

#endif
