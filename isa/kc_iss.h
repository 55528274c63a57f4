/* kc_iss.h — functional instruction-set simulator of the npu, the reference model
 * for RTL co-simulation (kc cosim).
 *
 * The semantics come from the exec column of isa/npu.def, compiled into one switch
 * in kc_iss.c: there is no second copy of what an instruction does. A program is
 * decoded once (kc_iss_reset) into an array of pre-decoded instructions; stepping
 * is a switch over that array. Results are bit-exact with the RTL (fp via kc_fp),
 * traps carry the RTL's cause, pc and info with the RTL's priority order.
 *
 * Timing is not modelled: every instruction completes before the next one (the
 * RTL's interlocks make that the architectural behaviour). The one timing-
 * dependent value, the `cycle` configuration register, reads as the number of
 * instructions retired so far; a co-simulation overwrites it with the RTL's value
 * (kc_iss_set_x).
 *
 * Memory: DRAM is a kc_dram shared with the harness (its backing store is read and
 * written directly); the vector SRAM belongs to the ISS. Vector-SRAM contents are
 * unspecified after reset on the RTL; the ISS zeroes them (kc_iss_set_vrow copies
 * a known image in).
 */
#ifndef KC_ISS_H
#define KC_ISS_H

#include <stddef.h>
#include <stdint.h>

#include "kc_acc.h"
#include "kc_dram.h"
#include "kc_err.h"

/* Trap causes: the RTL's codes (rtl/npu/npu_core.v, docs/isa/npu.md). */
typedef enum kc_iss_trap {
    KC_ISS_TRAP_NONE = 0,
    KC_ISS_TRAP_ILLEGAL = 1,     /* info = the word */
    KC_ISS_TRAP_PC_RANGE = 2,    /* info = pc */
    KC_ISS_TRAP_VSRAM = 3,       /* info = row */
    KC_ISS_TRAP_DRAM = 4,        /* info = byte address */
    KC_ISS_TRAP_ALIGN = 5,       /* info = address or stride */
    KC_ISS_TRAP_CONFIG = 6,      /* info = value */
    KC_ISS_TRAP_LOOP = 7,        /* info = pc */
    KC_ISS_NTRAPS
} kc_iss_trap;

/* "illegal-instruction", "pc-range", ... (the names the RTL shim reports). */
const char *kc_iss_trap_name(unsigned cause);

typedef struct kc_iss kc_iss;

/* What one kc_iss_step did. */
typedef struct kc_iss_event {
    kc_core_state state;   /* after the step: RUNNING, HALTED or TRAPPED */
    int retired;           /* 1 when an instruction completed (0: it trapped / already stopped) */
    uint32_t pc, insn;     /* the instruction stepped (retired or trapping) */
    unsigned cause;        /* trap cause when state == TRAPPED */
    uint32_t info;
} kc_iss_event;

/* Architectural sizes, straight from the table's NPU_PARAM rows: KC_ISS_VLEN,
 * KC_ISS_VROWS, KC_ISS_IMEM_WORDS, KC_ISS_NXREGS, KC_ISS_NFREGS, KC_ISS_NAREGS,
 * KC_ISS_LOOP_DEPTH, ... */
enum kc_iss_param {
#define NPU_PARAM(name, value, desc) KC_ISS_##name = value,
#include "npu.def"
#undef NPU_PARAM
    KC_ISS_NCFG = 16      /* configuration register ids 0..15 (a 4-bit field) */
};

kc_status kc_iss_open(kc_iss **out, kc_err *err);
void kc_iss_close(kc_iss *s);

/* Decodes the program (at most IMEM_WORDS words; the rest of instruction memory
 * holds zero words), resets the registers (a0..a15 = args, nargs <= 16; cfg reset
 * values), zeroes the vector SRAM and attaches dram (range checks use its size).
 * Does not touch DRAM contents. */
kc_status kc_iss_reset(kc_iss *s, const uint32_t *program, size_t nwords, const uint32_t *args,
                       size_t nargs, kc_dram *dram, kc_err *err);

/* Executes one instruction. ev may be NULL. Returns the state after the step. */
kc_core_state kc_iss_step(kc_iss *s, kc_iss_event *ev);

/* Runs until halt, trap, or `limit` instructions retired by this call (0 = no
 * limit). Returns the state (RUNNING when the limit was reached). */
kc_core_state kc_iss_run(kc_iss *s, uint64_t limit);

/* State, as after the last retired instruction. */
void kc_iss_status(const kc_iss *s, kc_core_status *st);
uint32_t kc_iss_pc(const kc_iss *s);
uint64_t kc_iss_instret(const kc_iss *s);
uint32_t kc_iss_x(const kc_iss *s, unsigned i);
uint32_t kc_iss_f(const kc_iss *s, unsigned i);
uint32_t kc_iss_a(const kc_iss *s, unsigned i);
uint32_t kc_iss_cfg(const kc_iss *s, unsigned id);      /* 0 for ids that do not exist */
const uint16_t *kc_iss_vrow(const kc_iss *s, unsigned row);   /* KC_ISS_VLEN lanes; NULL if row >= VROWS */

/* For co-simulation: overwrite a value the ISS cannot know (the cycle counter read
 * by csrr, the initial vector SRAM). x[0] stays 0. */
void kc_iss_set_x(kc_iss *s, unsigned i, uint32_t v);
void kc_iss_set_vrow(kc_iss *s, unsigned row, const uint16_t *lanes);

/* Matrix unit: matrix-SRAM rows (KC_ISS_VLEN lanes, NULL if row >= MROWS) and the
 * fp32 accumulators ACC[i][j] (i < MLEN, j < VLEN). */
const uint16_t *kc_iss_mrow(const kc_iss *s, unsigned row);
void kc_iss_set_mrow(kc_iss *s, unsigned row, const uint16_t *lanes);
uint32_t kc_iss_acc(const kc_iss *s, unsigned i, unsigned j);

/* The configuration-register id of `cycle` (read-only, timing-dependent). */
unsigned kc_iss_cycle_cfg_id(void);

#endif
