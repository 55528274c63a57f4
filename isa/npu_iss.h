/* npu_iss.h — functional instruction-set simulator of the npu, the reference model
 * for RTL co-simulation (kc cosim).
 *
 * The semantics come from the exec column of isa/npu.def, compiled into one switch
 * in npu_iss.c: there is no second copy of what an instruction does. A program is
 * decoded once (npu_iss_reset) into an array of pre-decoded instructions; stepping
 * is a switch over that array. Results are bit-exact with the RTL (fp via kc_fp),
 * traps carry the RTL's cause, pc and info with the RTL's priority order.
 *
 * Sizes are the build's, at run time: npu_iss_open takes an npu_hw (isa/npu_hw.h,
 * made from the model's kc_hw table), and every array is allocated by it.
 *
 * Timing is not modelled: every instruction completes before the next one (the
 * RTL's interlocks make that the architectural behaviour). The one timing-
 * dependent value, the `cycle` configuration register, reads as the number of
 * instructions retired so far; a co-simulation overwrites it with the RTL's value
 * (npu_iss_set_x). When the RTL shows each write (`due`) is what the
 * reference-model table npu_iss_ref (npu_iss_ref.c, isa/kc_ref.h) adds.
 *
 * Memory: DRAM is a kc_dram shared with the harness (its backing store is read and
 * written directly); the vector SRAM belongs to the ISS. Vector-SRAM contents are
 * unspecified after reset on the RTL; the ISS zeroes them (npu_iss_set_vrow copies
 * a known image in).
 */
#ifndef NPU_ISS_H
#define NPU_ISS_H

#include <stddef.h>
#include <stdint.h>

#include "kc_acc.h"
#include "kc_dram.h"
#include "kc_err.h"
#include "kc_ref.h"
#include "npu_hw.h"

/* Trap causes: the RTL's codes (rtl/npu/npu_core.v, docs/isa/npu.md). */
typedef enum npu_iss_trap {
    NPU_ISS_TRAP_NONE = 0,
    NPU_ISS_TRAP_ILLEGAL = 1,     /* info = the word */
    NPU_ISS_TRAP_PC_RANGE = 2,    /* info = pc */
    NPU_ISS_TRAP_VSRAM = 3,       /* info = row */
    NPU_ISS_TRAP_DRAM = 4,        /* info = byte address */
    NPU_ISS_TRAP_ALIGN = 5,       /* info = address or stride */
    NPU_ISS_TRAP_CONFIG = 6,      /* info = value */
    NPU_ISS_TRAP_LOOP = 7,        /* info = pc */
    NPU_ISS_NTRAPS
} npu_iss_trap;

/* "illegal-instruction", "pc-range", ... (the names the RTL shim reports). */
const char *npu_iss_trap_name(unsigned cause);

typedef struct npu_iss npu_iss;

/* What one npu_iss_step did. */
typedef struct npu_iss_event {
    kc_core_state state;   /* after the step: RUNNING, HALTED or TRAPPED */
    int retired;           /* 1 when an instruction completed (0: it trapped / already stopped) */
    uint32_t pc, insn;     /* the instruction stepped (retired or trapping) */
    unsigned cause;        /* trap cause when state == TRAPPED */
    uint32_t info;
} npu_iss_event;

/* Limits of the encoding, not sizes of a build (those are in npu_hw). */
enum {
    NPU_ISS_NCFG = 16,      /* configuration register ids 0..15 (a 4-bit field) */
    NPU_ISS_MAXREGS = 16,   /* register fields are 4 bits wide: r/f/a0..15 at most */
    NPU_ISS_MAX_VLEN = 256  /* npu_hw_from's bound */
};

/* An ISS for the build `hw` (NULL = the isa/npu.def defaults). */
kc_status npu_iss_open(npu_iss **out, const npu_hw *hw, kc_err *err);
void npu_iss_close(npu_iss *s);
const npu_hw *npu_iss_hw(const npu_iss *s);

/* Decodes the program (at most IMEM_WORDS words; the rest of instruction memory
 * holds zero words), resets the registers (a0.. = args, nargs <= NAREGS; cfg reset
 * values), zeroes the vector SRAM and attaches dram (range checks use its size).
 * Does not touch DRAM contents. */
kc_status npu_iss_reset(npu_iss *s, const uint32_t *program, size_t nwords, const uint32_t *args,
                       size_t nargs, kc_dram *dram, kc_err *err);

/* Executes one instruction. ev may be NULL. Returns the state after the step. */
kc_core_state npu_iss_step(npu_iss *s, npu_iss_event *ev);

/* Runs until halt, trap, or `limit` instructions retired by this call (0 = no
 * limit). Returns the state (RUNNING when the limit was reached). */
kc_core_state npu_iss_run(npu_iss *s, uint64_t limit);

/* State, as after the last retired instruction. */
void npu_iss_status(const npu_iss *s, kc_core_status *st);
uint32_t npu_iss_pc(const npu_iss *s);
uint64_t npu_iss_instret(const npu_iss *s);
uint32_t npu_iss_x(const npu_iss *s, unsigned i);
uint32_t npu_iss_f(const npu_iss *s, unsigned i);
uint32_t npu_iss_a(const npu_iss *s, unsigned i);
uint32_t npu_iss_cfg(const npu_iss *s, unsigned id);      /* 0 for ids that do not exist */
const uint16_t *npu_iss_vrow(const npu_iss *s, unsigned row);   /* VLEN lanes; NULL if row >= VROWS */

/* The raw register arrays (which: 0 = X, 1 = F, 2 = A, 3 = cfg by id; NXREGS /
 * NFREGS / NAREGS / NPU_ISS_NCFG entries), for a reference that snapshots them
 * around a step. cfg `cycle` is not in its array (npu_iss_cfg computes it). */
const uint32_t *npu_iss_regs(const npu_iss *s, unsigned which);

/* For co-simulation: overwrite a value the ISS cannot know (the cycle counter read
 * by csrr, the initial vector SRAM). x[0] stays 0; read-only cfg ids ignore it. */
void npu_iss_set_x(npu_iss *s, unsigned i, uint32_t v);
void npu_iss_set_f(npu_iss *s, unsigned i, uint32_t v);
void npu_iss_set_a(npu_iss *s, unsigned i, uint32_t v);
void npu_iss_set_cfg(npu_iss *s, unsigned id, uint32_t v);
void npu_iss_set_vrow(npu_iss *s, unsigned row, const uint16_t *lanes);

/* Matrix unit: matrix-SRAM rows (VLEN lanes, NULL if row >= MROWS) and the
 * fp32 accumulators ACC[i][j] (i < MLEN, j < VLEN). */
const uint16_t *npu_iss_mrow(const npu_iss *s, unsigned row);
void npu_iss_set_mrow(npu_iss *s, unsigned row, const uint16_t *lanes);
uint32_t npu_iss_acc(const npu_iss *s, unsigned i, unsigned j);

/* The configuration-register id of `cycle` (read-only, timing-dependent). */
unsigned npu_iss_cycle_cfg_id(void);

/* The reference-model table of the ISS (npu_iss_ref.c): co-simulation drives it
 * through isa/kc_ref.h with the RTL model's file numbering r, f, a, cfg, vsram,
 * msram. */
extern const kc_ref_ops npu_iss_ref;

#endif
