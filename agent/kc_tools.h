/* kc_tools.h — the agent's tools, defined once.
 *
 * One table in kc_tools.c lists every tool: its name, description, parameters
 * (name, type, required, range, description) and handler. From that table come
 * both the JSON schemas sent to the model (kc_tools_schemas) and the dispatcher
 * (kc_tools_call), which validates the arguments against the same parameter list
 * before a handler sees them. Bad arguments, unknown tools, kernels that do not
 * assemble: all become explanatory tool results (is_error set), never a failed
 * run.
 *
 * Files live in the run's workspace directory; a path argument must be relative,
 * without "..", "." or hidden components (kc_tools_resolve), and is opened
 * beneath workspace_fd without following links (kc_ws.h).
 */
#ifndef KC_TOOLS_H
#define KC_TOOLS_H

#include <stddef.h>
#include <stdint.h>

#include <jansson.h>

#include "kc_eval.h"

#define KC_TOOLS_DEFAULT_PATH "kernel.s"
#define KC_TOOLS_MAX_CODE (256u * 1024u)       /* bytes of one kernel file */
#define KC_TOOLS_MAX_WAVE_ROWS 200        /* rows of one view_waveform table */
#define KC_TOOLS_MAX_WAVE_WINDOW 10000    /* cycles one view_waveform call may trace (a VCD of every signal: ~6 KB per cycle with the matrix unit busy) */
#define KC_TOOLS_MAX_WAVE_SIGNALS 12

typedef struct kc_tools_ctx {
    /* fixed for the run (set by the caller) */
    const char *platform;
    const char *task;
    int config;
    uint64_t seed;            /* the visible seed run_eval uses */
    uint64_t cycle_limit;     /* 0 = the task's (kc_eval_cycle_limit) */
    const char *workspace;    /* existing directory (its name, for messages and checks) */
    int workspace_fd;         /* the same directory, open: every file is opened beneath it */
    const char *isa_doc;      /* searched by grep_docs as "isa" */
    const char *task_doc;     /* searched by grep_docs as "task" */
    int iteration;            /* the loop's current iteration (1-based), for the records */
    kc_eval_ctx *eval;        /* the run's evaluation context (kc_eval.h), owned by the caller */

    /* state, read by the loop */
    int submitted;
    char *submitted_src;      /* text of the submitted kernel */
    char submitted_path[160];
    char *last_correct_src;   /* last kernel run_eval found correct (NULL = none) */
    char last_correct_path[160];   /* its workspace name: the extension chooses the language */
    int first_correct_iteration, last_correct_iteration;   /* 0 = none */

    /* the last run_eval (for view_output and profile) */
    kc_eval_result *last;
    char last_path[160];
} kc_tools_ctx;

void kc_tools_ctx_free(kc_tools_ctx *c);

typedef struct kc_tools_result {
    char *text;       /* malloc'd, what the model reads */
    int is_error;     /* bad arguments, unknown tool, tool could not do its job */
    json_t *meta;     /* facts for the transcript (new reference or NULL) */
} kc_tools_result;

void kc_tools_result_free(kc_tools_result *r);

/* [{"name", "description", "parameters": <JSON schema object>}] (new reference). */
json_t *kc_tools_schemas(void);

/* Runs one neutral tool call ({"id", "name", "arguments" | "raw_arguments" +
 * "arguments_error"}, see kc_llm.h). Always fills out. */
void kc_tools_call(kc_tools_ctx *ctx, const json_t *call, kc_tools_result *out);

/* Workspace path of a relative name, or 0 with the reason in why. */
int kc_tools_resolve(const char *workspace, const char *rel, char *out, size_t size, char *why,
                     size_t why_size);

#endif
