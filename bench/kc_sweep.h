/* kc_sweep.h — runs many evaluations in forked worker processes (kc_pool).
 *
 * A worker evaluates (kc_eval_run on the job's kernel text) and sends the JSON
 * record back; the parent appends it to the results file at once
 * (kc_bench_append: one whole line). A kernel that kills its worker (SIGSEGV,
 * abort, ...) or runs past job_timeout becomes a record too: status "crash"
 * (with "signal" and "signal_number") or "hang", never correct, and the pool
 * replaces the worker. SIGINT/SIGTERM: see kc_pool.h (finished results are
 * always recorded). Progress (done/total, elapsed, ETA, failures) goes to
 * opts->progress (kc_progress: a bar on a terminal, a line per record
 * elsewhere). A job without a baseline (kc_sweep_job.no_baseline) becomes a
 * "no-baseline" record (kc_bench.h) without an evaluation. The pool's test
 * hook labels a job "<task>:<config>:<seed>".
 */
#ifndef KC_SWEEP_H
#define KC_SWEEP_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <jansson.h>

#include "kc_err.h"

typedef struct kc_sweep_job {
    const char *task;
    int config;
    uint64_t seed;
    const char *source;       /* "baseline" | "kernels": the record's "source" */
    char kernel_name[600];    /* file path or "baseline-<platform>-<task>-c<config>" */
    const char *text;         /* kernel text (owned by the caller) */
    char hash[24];            /* "%016llx" of kc_eval_hash(text): the record's kernel_hash */
    const char *no_baseline;  /* NULL, or why the platform has no baseline here (text ""):
                                 the job records status no_baseline_status without evaluating */
    const char *no_baseline_status; /* KC_BENCH_NO_BASELINE or KC_BENCH_DOES_NOT_FIT (kc_bench.h) */
} kc_sweep_job;

typedef struct kc_sweep_opts {
    const char *platform;
    int workers;              /* < 1 = 1 */
    int out_fd;               /* results file (O_APPEND), or -1 */
    uint64_t cycle_limit;     /* 0 = default */
    double job_timeout;       /* wall-clock seconds per evaluation; <= 0 = none */
    FILE *progress;           /* NULL = quiet; a terminal gets a bar (kc_progress.h) */
    const char *progress_what;   /* the bar's first word ("kc bench"); NULL = "kc" */
    const char *seeds_from;   /* the records' "seeds_from" ("hidden", "fresh", "given"); NULL = none */
} kc_sweep_opts;

typedef struct kc_sweep_stats {
    size_t done;              /* records received */
    size_t not_correct;       /* of which not correct */
    size_t errors;            /* jobs that ended in an error, not a record */
    size_t crashed, hung;     /* records of status "crash" / "hang" (counted in done, not_correct) */
    size_t no_baseline;       /* records of status "no-baseline" or "does-not-fit" (counted in done, not in
                                 not_correct) */
    int interrupted;          /* SIGINT arrived: some jobs never ran */
    double wall;              /* seconds */
    double slowest[3];        /* the three slowest evaluations (seconds)... */
    size_t slowest_job[3];    /* ...and their job indices */
} kc_sweep_stats;

/* Runs jobs[0..njobs); each new record is appended to out_fd and to records
 * (a json array, may be NULL). Returns an error only for failures of the runner
 * itself (no worker can start, writing the results file). */
kc_status kc_sweep_run(const kc_sweep_opts *o, const kc_sweep_job *jobs, size_t njobs, json_t *records,
                       kc_sweep_stats *st, kc_err *err);

#endif
