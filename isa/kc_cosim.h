/* kc_cosim.h — co-simulation of one program: an RTL model against a reference.
 *
 * Generic over the platform: the RTL is any kc_acc_ops (with retire, arch_pc,
 * arch_read, arch_files; a model with several issuing units, the vliw's tiles,
 * reports each through retire_unit and the reference steps once per unit that
 * issued, in unit order), the reference any kc_ref_ops (isa/kc_ref.h) opened for
 * the same build; both describe their state with the same kc_arch_file list. The
 * RTL runs the image cycle by cycle against its DRAM; the reference steps once
 * per RTL retirement on its own copy of the DRAM image. After every retirement:
 * the pc and every element of every register file (not MEMORY, not TIMING)
 * except those with a write still in flight; each written memory element and
 * each delayed write once it has fallen due (`due` cycles after the retirement
 * that issued it; memories are not compared whole per retirement); at halt or
 * trap (after letting the RTL's background work finish) everything: all files,
 * memories included, and every DRAM byte. A `timed` reference also has its issue
 * cycle compared. On-chip memories, unspecified after reset, are copied from the
 * RTL into the reference first.
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
#include "kc_image.h"
#include "kc_ref.h"

typedef struct kc_cosim_opts {
    uint64_t cycle_limit;      /* 0 = KC_SIM_DEFAULT_CYCLE_LIMIT */
    uint64_t *insn_counts;     /* NULL, or one counter per row of the platform's instruction
                                  table (kc_ref_event.row): retirements are added (coverage) */
    size_t ninsn_counts;       /* entries of insn_counts (0 = as many as the table has rows) */
} kc_cosim_opts;

typedef struct kc_cosim_report {
    int diverged;              /* 1: the models disagree; see the fields below */
    kc_core_state rtl_state;   /* how each model ended */
    kc_core_state ref_state;
    kc_core_status rtl_status, ref_status;
    uint64_t retired;          /* instructions retired by the RTL (and compared) */
    uint64_t cycles;           /* RTL cycles */
    int timeout;               /* the RTL hit the cycle limit */
    /* first difference */
    uint64_t pc;               /* the instruction it is attributed to (0 when unknown) */
    unsigned unit;             /* its issuing unit (vliw: the tile; 0 on a model with one) */
    uint32_t insn;
    int have_insn;
    char where[96];            /* "r5", "f3", "pc", "cfg vmask", "vsram row 12 lane 3",
                                  "dram 0x00004a10", "trap", "retire", "issue cycle" */
    char expected[96];         /* reference */
    char actual[96];           /* RTL */
    char text[512];            /* one-line summary with the disassembled instruction */
} kc_cosim_report;

/* Runs the image on both models. dram holds the input image (the RTL runs on
 * it; the reference on a private copy). The model must be open; it is reset
 * here; the reference is opened for the model's build (ops->hw) and closed.
 * Returns KC_OK whatever the verdict; an error only when a model or the
 * arguments fail (no co-simulation interface, state files that do not match). */
kc_status kc_cosim_run(const kc_acc_ops *ops, void *model, const kc_ref_ops *ref, kc_dram *dram,
                       const kc_image *img, const uint32_t *args, size_t nargs,
                       const kc_cosim_opts *opts, kc_cosim_report *report, kc_err *err);

#endif
