/* kc_cosim.h — RTL-vs-ISS co-simulation of one npu program.
 *
 * The RTL model (any kc_acc_ops with the optional arch/retire/arch_mem entries)
 * runs the program cycle by cycle against its DRAM; the ISS runs the same program
 * on its own copy of the DRAM image, one instruction per RTL retirement. After
 * every retirement the architecturally final state is compared: pc, X, A,
 * configuration registers, and F except registers a reduction still has in flight;
 * a vector instruction's destination row is compared once its write has landed.
 * At halt or trap (after letting the RTL's background DMA finish) everything is
 * compared: registers, every vector-SRAM row, every DRAM byte.
 *
 * A divergence is a RESULT (report->diverged), not an error.
 */
#ifndef KC_COSIM_H
#define KC_COSIM_H

#include <stddef.h>
#include <stdint.h>

#include "kc_acc.h"
#include "kc_dram.h"
#include "kc_err.h"

typedef struct kc_cosim_opts {
    uint64_t cycle_limit;      /* 0 = KC_SIM_DEFAULT_CYCLE_LIMIT */
    uint64_t *insn_counts;     /* NULL, or one counter per row of the npu table:
                                  retirements are added (coverage of a campaign) */
} kc_cosim_opts;

typedef struct kc_cosim_report {
    int diverged;              /* 1: the models disagree; see the fields below */
    kc_core_state rtl_state;   /* how each model ended */
    kc_core_state iss_state;
    kc_core_status rtl_status, iss_status;
    uint64_t retired;          /* instructions retired by the RTL (and compared) */
    uint64_t cycles;           /* RTL cycles */
    int timeout;               /* the RTL hit the cycle limit */
    /* first difference */
    uint32_t pc, insn;         /* the instruction it is attributed to (0 when unknown) */
    int have_insn;
    char where[96];            /* "x5", "f3", "pc", "cfg vmask", "vsram row 12 lane 3",
                                  "dram 0x00004a10", "trap", "retire" */
    char expected[96];         /* ISS */
    char actual[96];           /* RTL */
    char text[512];            /* one-line summary with the disassembled instruction */
} kc_cosim_report;

/* Runs the program on both models. dram holds the input image (the RTL runs on
 * it; the ISS on a private copy). The model must be open; it is reset here.
 * Returns KC_OK whatever the verdict; an error only when a model or the
 * arguments fail (e.g. the model has no co-simulation interface). */
kc_status kc_cosim_run(const kc_acc_ops *ops, void *model, kc_dram *dram,
                       const uint32_t *program, size_t nwords, const uint32_t *args, size_t nargs,
                       const kc_cosim_opts *opts, kc_cosim_report *report, kc_err *err);

#endif
