/* kc_campaign.h — the random co-simulation campaign of any platform with a
 * random-program generator (kc_rgen.h): programs of seeds S, S+1, ..., each
 * built by the platform's build, run on the RTL model (or any kc_acc_ops) and
 * the reference by kc_cosim, compared after every retirement. Counts how
 * programs ended, programs that agreed but did not end the way they were
 * generated to (a generator or reference problem, reported as such), and how
 * often each row of the instruction table retired (coverage). A diverging
 * program can be kept as a regression case (DIR/seed-S.s with a '# cosim:'
 * header). A generator's own options (npu's --avoid, --matrix) reach it
 * through the `program` hook.
 *
 * A divergence or a timeout is a RESULT; an error is a failure of the
 * machinery (a program that does not build, a model that cannot open).
 * Nothing here prints: per-program results go to a callback.
 */
#ifndef KC_CAMPAIGN_H
#define KC_CAMPAIGN_H

#include <stdint.h>

#include "kc_acc.h"
#include "kc_cosim.h"
#include "kc_dram.h"
#include "kc_err.h"
#include "kc_image.h"
#include "kc_ref.h"
#include "kc_rgen.h"

#define KC_CAMPAIGN_MAX_TRAPS 32

typedef struct kc_campaign_program {   /* one program's outcome, for the callback */
    uint64_t seed;
    const kc_cosim_report *report;
    int trap;                          /* what it was generated to end with (0: halt) */
    const char *text;                  /* its kernel text */
    const char *kept;                  /* the regression case written, or NULL */
} kc_campaign_program;

typedef struct kc_campaign_opts {
    const kc_acc_ops *model;           /* opened once (or per program: fresh_model) */
    const kc_ref_ops *ref;
    const kc_rgen_ops *rgen;
    /* Generates instead of rgen->program when set: the generator called with
     * options of the caller's (program_ctx), e.g. npu_rgen_program_with. */
    kc_status (*program)(void *ctx, uint64_t seed, const kc_hw *hw, uint32_t dram_bytes, kc_rgen_prog *out,
                         kc_err *err);
    void *program_ctx;
    /* kernel text -> image (the platform's build) */
    kc_status (*build)(void *ctx, const char *text, kc_image *img, kc_err *err);
    void *build_ctx;
    size_t nrows;                      /* rows of the instruction table (coverage; 0: none) */
    uint64_t seed, count;
    kc_dram_cfg dram;                  /* zero fields: 256 KiB, latency/bandwidth rotating with the seed */
    uint64_t cycle_limit;              /* 0 = 2,000,000 per program */
    int fresh_model;
    const char *keep_dir;              /* write diverging programs to DIR/seed-S.s; NULL = no */
    void (*on_program)(void *ctx, const kc_campaign_program *p);   /* may be NULL */
    void *ctx;
} kc_campaign_opts;

typedef struct kc_campaign_report {
    uint64_t programs;
    uint64_t diverged, timeouts, halted, unexpected_end;
    uint64_t traps[KC_CAMPAIGN_MAX_TRAPS];   /* agreed and ended in a trap, by cause */
    uint64_t retired, cycles;
    double seconds, build_seconds;     /* wall time, of which building */
    uint64_t *insn_counts;             /* nrows retirement counts (owned) */
    size_t nrows;
    uint64_t failed_seed;
    char *failed_text;                 /* the program that did not build (owned) */
} kc_campaign_report;

kc_status kc_campaign_run(const kc_campaign_opts *o, kc_campaign_report *r, kc_err *err);
void kc_campaign_report_free(kc_campaign_report *r);

#endif
