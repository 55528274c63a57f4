/* npu_campaign.h — the random co-simulation campaign behind `kc cosim --random`:
 * programs of seeds S, S+1, ... from the random-program generator (npu_rgen), each
 * assembled and run on the RTL model and the ISS by kc_cosim, compared after every
 * retired instruction. A diverging program can be kept as a ready regression case
 * (a '# cosim:' header and the program); the report counts how programs ended and
 * how often each instruction of the table retired (coverage).
 *
 * A divergence or a timeout is a RESULT counted in the report, not an error; an
 * error is a failure of the machinery (a program that does not assemble, a model
 * that cannot open). Nothing here prints: per-program results go to a callback.
 */
#ifndef NPU_CAMPAIGN_H
#define NPU_CAMPAIGN_H

#include <stdint.h>

#include "kc_cosim.h"
#include "kc_dram.h"
#include "kc_err.h"
#include "kc_isa.h"

/* Cause codes of a trap are counted below this bound (npu_iss's trap table). */
#define NPU_CAMPAIGN_MAX_TRAPS 32

typedef struct npu_campaign_program {   /* one program's outcome, for the callback */
    uint64_t seed;
    const kc_cosim_report *report;
    const char *kept;                  /* the regression case written, or NULL */
} npu_campaign_program;

typedef struct npu_campaign_opts {
    const char *model;                 /* the RTL model (kc_acc_find), e.g. "npu" */
    const char *isa;                   /* its ISA table (kc_isa_find) */
    uint64_t seed, count;              /* seeds seed .. seed + count - 1 */
    kc_dram_cfg dram;                  /* zero fields: 256 KiB, latency and bandwidth
                                          rotating with the seed */
    uint64_t cycle_limit;              /* 0 = 2,000,000 per program */
    unsigned avoid;                    /* NPU_RGEN_AVOID_* patterns left out */
    int matrix;                        /* also generate matrix-unit instructions */
    int fresh_model;                   /* a new RTL model per program (default: one, reset) */
    const char *keep_dir;              /* write diverging programs to DIR/seed-S.s; NULL = no */
    void (*on_program)(void *ctx, const npu_campaign_program *p);   /* may be NULL */
    void *ctx;
} npu_campaign_opts;

typedef struct npu_campaign_report {
    uint64_t programs;                 /* run to a verdict */
    uint64_t diverged, timeouts, halted;
    uint64_t traps[NPU_CAMPAIGN_MAX_TRAPS];   /* programs that agreed and ended in a trap, by cause */
    unsigned ntraps;                   /* causes 1 .. ntraps - 1 are meaningful */
    uint64_t retired, cycles;          /* instructions compared, RTL cycles */
    double seconds;                    /* wall time */
    const kc_isa *isa;                 /* the table insn_counts indexes */
    uint64_t *insn_counts;             /* isa->ninsns retirement counts (owned) */
    uint64_t failed_seed;              /* after an error: the seed it happened on... */
    char *failed_text;                 /* ...and its program when it did not assemble (owned) */
} npu_campaign_report;

/* Runs the campaign (the generator and the ISS are the npu's for now). The report is filled up to the point of an
 * error too (free it either way). */
kc_status npu_campaign_run(const npu_campaign_opts *o, npu_campaign_report *r, kc_err *err);

/* Instructions of the table that never retired. */
size_t npu_campaign_unexercised(const npu_campaign_report *r);

void npu_campaign_report_free(npu_campaign_report *r);

#endif
