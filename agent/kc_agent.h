/* kc_agent.h — one agent run: a language model refines a kernel through the
 * tools until it submits or its budget is spent; the kernel is then scored on
 * hidden seeds exactly as `kc eval` scores a kernel (kc_eval_run).
 *
 * A run lives in its own directory:
 *   transcript.jsonl   every event (see docs/agent.md), appended as it happens
 *   workspace/         the files the model writes (the only place it can write)
 *   record.json        the final result record
 * An interrupted run is resumed from transcript.jsonl: the recorded conversation
 * is replayed up to the last complete turn (a model reply whose tool results
 * were all recorded) and the loop continues from there.
 */
#ifndef KC_AGENT_H
#define KC_AGENT_H

#include <stddef.h>
#include <stdint.h>

#include <jansson.h>

#include "kc_err.h"
#include "kc_eval.h"
#include "kc_llm.h"

/* The visible seed and the hidden scoring seeds are the evaluation library's
 * (KC_EVAL_VISIBLE_SEED, kc_eval_hidden_seeds in tasks/kc_eval.h). */

/* Tool calls run per model turn unless the options say otherwise. Models make a
 * handful of calls per reply; a reply with hundreds (each a 256 KB write_code)
 * would otherwise all run. The calls past the limit get an error result telling
 * the model they were skipped. */
#define KC_AGENT_MAX_TOOL_CALLS 16

/* A wait before a retried request, for a caller that tells its user (the
 * library prints nothing). */
typedef struct kc_agent_wait {
    const char *task;
    int config;
    int iteration;          /* the turn */
    int attempt;            /* the attempt that failed (1-based) */
    int max_attempts;       /* 1 + retries */
    long status;            /* HTTP status, 0 = network error */
    const char *reason;
    long wait_ms;           /* the wait about to happen */
    long retry_after_ms;    /* the server's Retry-After, -1 = none */
} kc_agent_wait;

typedef struct kc_agent_opts {
    const char *platform;          /* "npu" */
    const char *task;
    int config;                    /* 1..5 */
    kc_llm_cfg llm;
    int budget;                    /* model turns; 0 = by task level (15 / 20 / 25) */
    const char *out_dir;           /* run directory (created when missing) */
    int resume;                    /* continue the run recorded in out_dir */
    uint64_t visible_seed;         /* 0 = KC_EVAL_VISIBLE_SEED */
    const uint64_t *hidden_seeds;  /* NULL = kc_eval_hidden_seeds */
    size_t nhidden;
    unsigned fresh_seeds;          /* > 0: score on this many seeds drawn from the OS random
                                      source at scoring time (kc_eval_fresh_seeds), not on
                                      hidden_seeds; the record lists them */
    uint64_t cycle_limit;          /* 0 = the task's (kc_eval_cycle_limit) */
    int max_tool_calls;            /* per turn; 0 = KC_AGENT_MAX_TOOL_CALLS */
    void (*on_wait)(void *ctx, const kc_agent_wait *w);   /* may be NULL */
    void *wait_ctx;
} kc_agent_opts;

/* Makes this process keep no core dump and refuse ptrace-style inspection
 * (RLIMIT_CORE 0, PR_SET_DUMPABLE 0): a process holding an API key must not
 * write it into a core file. Call before anything else runs. */
kc_status kc_agent_no_core_dumps(kc_err *err);

/* Iteration budget of a task level (1 -> 15, 2 -> 20, 3 -> 25). */
int kc_agent_budget_for_level(int level);

/* The system prompt: task (math, shapes, ABI, tolerance, ideal cycles), the
 * hardware configuration, how to work with the tools, and the ISA document. */
kc_status kc_agent_system_prompt(const char *platform, const char *task, int config, int budget,
                                 uint64_t visible_seed, char **out, kc_err *err);

/* Runs (or resumes, or just re-reads when already finished) one run and returns
 * its record (new reference; also in out_dir/record.json). KC_OK whenever a
 * record was produced — also when the provider failed for good, which the record
 * tells ("end_reason": "provider-error", "error": ...). Errors are for bad
 * options and local I/O. */
kc_status kc_agent_run(const kc_agent_opts *o, json_t **record, kc_err *err);

#endif
