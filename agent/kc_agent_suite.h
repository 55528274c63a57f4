/* kc_agent_suite.h — a sweep of agent runs over (task, config) pairs.
 *
 * Each pair gets its own run directory DIR/<platform>-<task>-c<config>/ and, when
 * finished, one line in DIR/results.jsonl (the run's record), appended by the
 * parent as one whole write. The runs go to forked workers (kc_pool, the same
 * pool as kc bench): a run whose worker dies (a signal) or that runs past
 * job_timeout is recorded with status "crash" (and the signal) or "hang", and
 * the worker is replaced. results.jsonl is locked while a suite runs (a second
 * suite on the same DIR is refused). A rerun skips pairs with a valid record in
 * results.jsonl (kc_bench_load's rules) and resumes runs that were interrupted
 * (their transcript exists but no record line).
 */
#ifndef KC_AGENT_SUITE_H
#define KC_AGENT_SUITE_H

#include <stddef.h>

#include <jansson.h>

#include "kc_agent.h"

typedef struct kc_agent_suite_job {
    const char *task;
    int config;
} kc_agent_suite_job;

/* Called in the parent after each job: record on success, else err. */
typedef void (*kc_agent_suite_done_fn)(void *ctx, const kc_agent_suite_job *job,
                                       const json_t *record, const kc_err *err);

typedef struct kc_agent_suite_opts {
    kc_agent_opts base;            /* platform, llm, budget, seeds; task/config/out_dir/resume ignored */
    const char *out_dir;
    const kc_agent_suite_job *jobs;
    size_t njobs;
    int workers;                   /* processes; < 1 = 1 */
    double job_timeout;            /* wall-clock seconds per run; <= 0 = no limit */
    kc_agent_suite_done_fn on_done;
    void *done_ctx;
    /* Called in the parent once the runs to do are known (the selection minus the
     * recorded ones), before the first starts; may be NULL. */
    void (*on_start)(void *ctx, size_t pending);
} kc_agent_suite_opts;

typedef struct kc_agent_suite_summary {
    size_t skipped;                /* already recorded before this call */
    size_t recorded;               /* recorded by this call */
    size_t missing;                /* selected but still without a record (errors, interrupted) */
    size_t crashed, hung;          /* of recorded: runs whose worker died / ran past job_timeout */
    int interrupted;               /* SIGINT/SIGTERM stopped the suite early */
} kc_agent_suite_summary;

/* Run directory of a job. */
void kc_agent_suite_run_dir(const char *out_dir, const char *platform, const char *task, int config,
                            char *buf, size_t size);

kc_status kc_agent_suite_run(const kc_agent_suite_opts *o, kc_agent_suite_summary *sum, kc_err *err);

#endif
