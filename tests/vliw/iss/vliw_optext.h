/* vliw_optext.h — an op-level text form of vliw bundles for the ISS's tests and
 * the random-program batch, until the table assembler (isa/kc_asm*, V1) takes
 * bundles: it names the ISS's semantics (isa/vliw_iss_int.h) directly and builds
 * decoded bundles, no encodings.
 *
 *   # comment                one bundle per line, slot ops separated by ';'
 *   label:                   labels (alone or before a bundle); a label is a pc
 *   add r1, r2, r3 ; vld v1, p0, m1 ; vld v2, p1, m0 ; vmmac acc0, v1, v2
 *   .tile N / .all           following bundles go to tile N only (pc from 0) / to every tile
 *   .lat OP N                (optional) override one op's latency (tests of the table column)
 * Each op goes to its semantic's slot; a second load goes to L1. Register
 * operands fill d, a, b in order (a, b for ops that write nothing but stores,
 * whose data register is d); integers and labels fill imm then imm2; a label as
 * the operand of a branch/j/loop/loopi end is its offset from the op's pc.
 */
#ifndef VLIW_OPTEXT_H
#define VLIW_OPTEXT_H

#include "vliw_iss_int.h"

/* Assembles `text` and loads it into s (vliw_iss_load_bundles). */
kc_status vliw_optext_load(vliw_iss *s, const char *text, kc_err *err);

#endif
