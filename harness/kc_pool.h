/* kc_pool.h — a pool of forked worker processes running numbered jobs: the one
 * process runner behind kc bench / kc run (bench/kc_sweep.c) and kc agent --suite
 * (agent/kc_agent_suite.c).
 *
 * The parent hands job indices 0..njobs-1 to idle workers over pipes; a worker
 * runs the caller's work function and sends its reply (bytes) back; the parent
 * calls the caller's done function with it at once, so a finished job is
 * recorded before the next one is handed out. A job never takes the pool down:
 *  - a worker that dies in a job (a signal: SIGSEGV, SIGABRT, the OOM killer's
 *    SIGKILL; or an exit) ends that job as KC_POOL_CRASH with the signal, and a
 *    new worker replaces it;
 *  - a job that runs longer than job_timeout seconds (wall clock) has its worker
 *    killed (SIGKILL) and ends as KC_POOL_HANG; a new worker replaces it.
 * SIGINT or SIGTERM during a run: no more jobs are handed out, running jobs
 * finish and are passed to done; a second signal kills the workers (their jobs
 * are not passed to done: they were not the job's fault) after every reply
 * already sent has been read. Workers ignore SIGINT and SIGTERM, so a
 * terminal's Ctrl-C, or Slurm's SIGTERM to every process of a job (requeue,
 * scancel, time limit), reaches only the parent's logic; on Linux a worker is
 * killed when the parent dies (SIGKILL), so none outlives it.
 *
 * Test hook (tests only, never set it in real runs): KC_POOL_TEST_FAULT=KIND:LABEL
 * with KIND "segv" or "hang" makes the worker raise SIGSEGV, or sleep forever,
 * in place of running a job whose label (label_fn) equals LABEL. It exists so a
 * test can make a worker die or hang without a real bug to trigger it.
 */
#ifndef KC_POOL_H
#define KC_POOL_H

#include <stddef.h>

#include "kc_err.h"

typedef enum kc_pool_outcome {
    KC_POOL_DONE = 0,   /* work returned 0: body is its reply */
    KC_POOL_FAILED,     /* work returned -1: body is its error message */
    KC_POOL_CRASH,      /* the worker died in the job: signal (or exit_status) */
    KC_POOL_HANG        /* the job ran past job_timeout: its worker was killed */
} kc_pool_outcome;

/* "done", "failed", "crash", "hang". */
const char *kc_pool_outcome_name(kc_pool_outcome o);

/* "SIGSEGV", "SIGABRT", ... ("SIG<n>" for the rare ones); the name a crash record carries. */
const char *kc_pool_signal_name(int sig, char *buf, size_t size);

typedef struct kc_pool_result {
    size_t job;
    kc_pool_outcome outcome;
    const char *body;     /* DONE / FAILED: the worker's bytes, NUL-terminated; else NULL */
    size_t len;
    int signal;           /* CRASH: the signal that ended the worker, 0 when it exited */
    int exit_status;      /* CRASH without a signal: the worker's exit status */
    double seconds;       /* wall time of the job */
} kc_pool_result;

/* In the worker: runs job i. Returns 0 with *reply (malloc'd) or -1 with *reply
 * an error message (malloc'd, may be NULL). */
typedef int (*kc_pool_work_fn)(void *ctx, size_t job, char **reply);

/* In the parent, once per finished job in the order they finish. A non-OK
 * return (e.g. the results file cannot be written) stops handing out jobs and is
 * returned by kc_pool_run. */
typedef kc_status (*kc_pool_done_fn)(void *ctx, const kc_pool_result *r, kc_err *err);

/* The label of job i for the test hook (NULL: the hook is off). */
typedef void (*kc_pool_label_fn)(void *ctx, size_t job, char *buf, size_t size);

typedef struct kc_pool_opts {
    int workers;               /* < 1 = 1; never more than njobs */
    double job_timeout;        /* seconds of wall clock per job; <= 0 = no limit */
    kc_pool_work_fn work;
    kc_pool_done_fn done;
    kc_pool_label_fn label;    /* may be NULL */
    void *ctx;                 /* passed to all three */
    int close_in_worker;       /* a descriptor workers must not hold (e.g. a locked results file), or -1 */
} kc_pool_opts;

typedef struct kc_pool_stats {
    size_t finished;           /* jobs passed to done (any outcome) */
    size_t crashed, hung, failed;
    size_t respawned;          /* workers started to replace dead ones */
    size_t not_run;            /* jobs never handed out or killed by a second signal */
    int interrupted;           /* SIGINT/SIGTERM arrived */
    double wall;               /* seconds */
} kc_pool_stats;

/* Runs jobs 0..njobs-1. Returns an error only for failures of the runner itself
 * (no worker can be started, poll fails) or the first non-OK done(). */
kc_status kc_pool_run(const kc_pool_opts *o, size_t njobs, kc_pool_stats *st, kc_err *err);

#endif
