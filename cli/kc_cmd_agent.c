/* kc_cmd_agent.c — `kc agent`: one agent run, or a sweep (--suite). A thin
 * wrapper over agent/kc_agent.h and agent/kc_agent_suite.h. Exit codes: 0 the
 * scored kernel is correct (sweep: every selected pair has a record), 1 it is not
 * (or the provider failed; the record says so), 2 usage or local I/O error. */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kc_agent.h"
#include "kc_agent_suite.h"
#include "kc_progress.h"
#include "kc_cmds.h"
#include "kc_opts.h"
#include "kc_seeds.h"

enum { OPT_TASK = 1, OPT_CONFIG, OPT_PROVIDER, OPT_MODEL, OPT_BASE_URL, OPT_BUDGET, OPT_OUT, OPT_KEY_ENV,
       OPT_MAX_TOKENS, OPT_TEMPERATURE, OPT_TIMEOUT, OPT_RETRIES, OPT_RETRY_BASE, OPT_RETRY_MAX, OPT_CYCLE_LIMIT,
       OPT_JOBS, OPT_JOB_TIMEOUT, OPT_MAX_REPLY, OPT_MAX_TOOL_CALLS, OPT_RESUME, OPT_SUITE, OPT_JSON };

static const kc_args_opt agent_rows[] = {
    {OPT_TASK, "task", 0, KC_ARGS_STRING, "T", 0, 0, "the task of a single run"},
    {OPT_CONFIG, "config", 0, KC_ARGS_NUMBER, "C", 1, KC_TASK_NCONFIGS, "the configuration of a single run"},
    {OPT_PROVIDER, "provider", 0, KC_ARGS_STRING, "P", 0, 0,
     "openai (any OpenAI-compatible chat-completions endpoint:\n"
     "vLLM, llama.cpp, Ollama, hosted) or anthropic"},
    {OPT_MODEL, "model", 0, KC_ARGS_STRING, "M", 0, 0, "model name sent to the endpoint"},
    {OPT_BASE_URL, "base-url", 0, KC_ARGS_STRING, "URL", 0, 0,
     "endpoint base (default https://api.openai.com/v1 or\n"
     "https://api.anthropic.com/v1; e.g. http://localhost:11434/v1)"},
    {OPT_KEY_ENV, "api-key-env", 0, KC_ARGS_STRING, "NAME", 0, 0,
     "read the key from $NAME (default OPENAI_API_KEY or\n"
     "ANTHROPIC_API_KEY); the key is never written anywhere"},
    {OPT_BUDGET, "budget", 0, KC_ARGS_NUMBER, "N", 1, 1000, "turns (default by task level: 15 / 20 / 25)"},
    {OPT_OUT, "out", 0, KC_ARGS_STRING, "DIR", 0, 0, "run directory (default agent-runs/<platform>-<task>-c<config>)"},
    {OPT_RESUME, "resume", 0, KC_ARGS_FLAG, NULL, 0, 0, "continue an interrupted run from its transcript"},
    {OPT_MAX_TOKENS, "max-tokens", 0, KC_ARGS_NUMBER, "N", 1, 1000000,
     "reply limit (anthropic default 8192; openai: not sent)"},
    {OPT_TEMPERATURE, "temperature", 0, KC_ARGS_STRING, "X", 0, 0, "sampling temperature (default: not sent)"},
    {OPT_TIMEOUT, "timeout", 0, KC_ARGS_NUMBER, "S", 1, 86400, "seconds per HTTP attempt (default 600)"},
    {OPT_RETRIES, "retries", 0, KC_ARGS_NUMBER, "N", 0, 100, "retries after a failed attempt (default 5)"},
    {OPT_RETRY_BASE, "retry-base-ms", 0, KC_ARGS_NUMBER, "MS", 1, 3600000,
     "first backoff (default 1000; doubles, with jitter)"},
    {OPT_RETRY_MAX, "retry-max-ms", 0, KC_ARGS_NUMBER, "MS", 1, 3600000,
     "longest wait before a retry, also when the server's\n"
     "Retry-After asks for more (default 60000); each wait is\n"
     "announced on stderr"},
    {OPT_MAX_REPLY, "max-reply-bytes", 0, KC_ARGS_NUMBER, "N", 1024, 1u << 30,
     "a longer reply is cut off and ends the run (provider\n"
     "error; raise it and --resume) (default: below)"},
    {OPT_MAX_TOOL_CALLS, "max-tool-calls", 0, KC_ARGS_NUMBER, "N", 1, 1000,
     "tool calls run per turn; the rest get an error result\n"
     "saying they were skipped (default: below)"},
    {OPT_CYCLE_LIMIT, "cycle-limit", 0, KC_ARGS_NUMBER, "N", 1, 2000000000u,
     "simulation cycle limit per evaluation (default: the task's, kc_eval_cycle_limit)"},
    {OPT_SUITE, "suite", 0, KC_ARGS_FLAG, NULL, 0, 0,
     "run every selected (task, config) (--tasks, --configs)\n"
     "in DIR/<platform>-<task>-c<config>/, records appended to\n"
     "DIR/results.jsonl; pairs already there are skipped"},
    {OPT_JOBS, "jobs", 0, KC_ARGS_NUMBER, "N", 1, 256, "--suite: worker processes (default 1)"},
    {OPT_JOB_TIMEOUT, "job-timeout", 0, KC_ARGS_NUMBER, "S", 1, 30 * 86400,
     "--suite: wall-clock seconds per run (default: no limit); a run\n"
     "past it is killed and recorded as status \"hang\"; a run whose\n"
     "worker dies is recorded as \"crash\" with the signal"},
    {OPT_JSON, "json", 0, KC_ARGS_FLAG, NULL, 0, 0, "print the record (single run)"},
    {0},
};

static const kc_args_opt *const agent_tables[] = {agent_rows, kc_opts_platform_rows, kc_opts_select_rows,
                                                  kc_seeds_rows, NULL};

static const kc_args_spec agent_spec = {
    "agent", "--task T --config C --provider openai|anthropic --model M [options]\n"
             "--suite --provider P --model M --out DIR [--tasks a,b] [--configs 1,2] [options]",
    "Lets a language model write a kernel through the tools (grep_docs, write_code,\n"
    "check_syntax, run_eval, view_output, get_inst_size, profile, view_waveform, submit)\n"
    "until it submits or its budget of turns (15/20/25 by task level) is spent, then\n"
    "scores the submitted (else the last correct) kernel on the hidden seeds (below;\n"
    "--seed is the visible seed run_eval shows the model). The hidden seeds are fixed\n"
    "and public, for reproducible tables; --fresh-seeds N scores on N seeds drawn from\n"
    "the OS random source at scoring time instead (listed in the record; replay them\n"
    "with --seeds a,b,...).\n\n"
    "A run directory holds transcript.jsonl (every request, response, tool call and\n"
    "result), workspace/ (the model's files) and record.json (the result record: the\n"
    "`kc eval --json` fields plus iterations, tokens, iterations_to_first_correct).\n"
    "Errors, provider errors and retry waits go to stderr. The process keeps no core\n"
    "dump (it holds the API key).\n",
    agent_tables,
};

static void help(void)
{
    kc_args_help(&agent_spec, stdout);
    printf("\ndefaults: hidden seeds %" PRIu64 ", %" PRIu64 ", %" PRIu64 "; --seed %u; --max-reply-bytes %u; "
           "--max-tool-calls %d\n", kc_eval_hidden_seeds[0], kc_eval_hidden_seeds[1], kc_eval_hidden_seeds[2],
           KC_EVAL_VISIBLE_SEED, KC_HTTP_MAX_BODY, KC_AGENT_MAX_TOOL_CALLS);
}

typedef struct cli {
    kc_agent_opts a;
    kc_opts sel;
    kc_seeds seeds;
    const char *task;
    int config;
    const char *out;
    const char *key_env;
    int suite, jobs, json;
    double job_timeout;
} cli;

/* Takes one option of kc agent's own rows into c: 1, or KC_ARGS_ERROR. */
static int take_one(cli *c, kc_args *p, int id)
{
    uint64_t n = p->number;
    char *end;
    switch (id) {
    case OPT_TASK: c->task = p->value; break;
    case OPT_CONFIG: c->config = (int)n; break;
    case OPT_PROVIDER: c->a.llm.provider = p->value; break;
    case OPT_MODEL: c->a.llm.model = p->value; break;
    case OPT_BASE_URL: c->a.llm.base_url = p->value; break;
    case OPT_BUDGET: c->a.budget = (int)n; break;
    case OPT_OUT: c->out = p->value; break;
    case OPT_KEY_ENV: c->key_env = p->value; break;
    case OPT_MAX_TOKENS: c->a.llm.max_tokens = (int)n; break;
    case OPT_TEMPERATURE:
        c->a.llm.temperature = strtod(p->value, &end);
        if (end == p->value || *end || !(c->a.llm.temperature >= 0))
            return kc_args_bad_value(p, "a number >= 0");
        break;
    case OPT_TIMEOUT: c->a.llm.http.timeout_ms = (long)n * 1000; break;
    case OPT_RETRIES: c->a.llm.http.max_retries = (int)n; break;
    case OPT_RETRY_BASE: c->a.llm.http.base_delay_ms = (long)n; break;
    case OPT_RETRY_MAX: c->a.llm.http.max_delay_ms = (long)n; break;
    case OPT_CYCLE_LIMIT: c->a.cycle_limit = n; break;
    case OPT_MAX_REPLY: c->a.llm.http.max_body_bytes = (size_t)n; break;
    case OPT_MAX_TOOL_CALLS: c->a.max_tool_calls = (int)n; break;
    case OPT_JOBS: c->jobs = (int)n; break;
    case OPT_JOB_TIMEOUT: c->job_timeout = (double)n; break;
    case OPT_RESUME: c->a.resume = 1; break;
    case OPT_SUITE: c->suite = 1; break;
    case OPT_JSON: c->json = 1; break;
    }
    return 1;
}

static void print_record(const json_t *r)
{
    const json_t *cyc = json_object_get(r, "cycles");
    const json_t *first = json_object_get(r, "iterations_to_first_correct");
    printf("%s %s C%" JSON_INTEGER_FORMAT ": %s", json_string_value(json_object_get(r, "platform")),
           json_string_value(json_object_get(r, "task")), json_integer_value(json_object_get(r, "config")),
           json_is_true(json_object_get(r, "correct")) ? "correct" : json_string_value(json_object_get(r, "status")));
    if (json_is_true(json_object_get(r, "correct")) && cyc)
        printf(", %" JSON_INTEGER_FORMAT " cycles (ideal %.0f, efficiency %.3f)", json_integer_value(cyc),
               json_number_value(json_object_get(r, "ideal_cycles")),
               json_number_value(json_object_get(r, "efficiency")));
    printf("; kernel %s; %s after %" JSON_INTEGER_FORMAT "/%" JSON_INTEGER_FORMAT " turns",
           json_string_value(json_object_get(r, "scored_kernel")),
           json_string_value(json_object_get(r, "end_reason")),
           json_integer_value(json_object_get(r, "iterations")), json_integer_value(json_object_get(r, "budget")));
    if (json_is_integer(first))
        printf(", first correct at turn %" JSON_INTEGER_FORMAT, json_integer_value(first));
    printf("; tokens in %" JSON_INTEGER_FORMAT " out %" JSON_INTEGER_FORMAT "\n",
           json_integer_value(json_object_get(r, "input_tokens")),
           json_integer_value(json_object_get(r, "output_tokens")));
    const char *e = json_string_value(json_object_get(r, "error"));
    if (e) {
        fflush(stdout);
        fprintf(stderr, "kc agent: %s C%" JSON_INTEGER_FORMAT ": provider error: %s\n",
                json_string_value(json_object_get(r, "task")),
                json_integer_value(json_object_get(r, "config")), e);
    }
}

/* A silent wait of minutes looks like a hang: say what is happening. */
static void on_wait(void *ctx, const kc_agent_wait *w)
{
    (void)ctx;
    fprintf(stderr, "kc agent: %s C%d turn %d: %s; waiting %.3g s before attempt %d of %d",
            w->task, w->config, w->iteration, w->reason, (double)w->wait_ms / 1000.0, w->attempt + 1,
            w->max_attempts);
    if (w->retry_after_ms > w->wait_ms)
        fprintf(stderr, " (the server asked for %.0f s; capped by --retry-max-ms)",
                (double)w->retry_after_ms / 1000.0);
    fprintf(stderr, "\n");
}

/* The suite's display: each run's record as always, and on a terminal a bar
 * (kc_progress.h) under them. */
typedef struct suite_view {
    kc_progress bar;
    size_t done, failed;
} suite_view;

static void on_start(void *ctx, size_t pending)
{
    suite_view *v = ctx;
    kc_progress_init(&v->bar, stdout, "kc agent", pending);
}

static void on_done(void *ctx, const kc_agent_suite_job *job, const json_t *record, const kc_err *err)
{
    suite_view *v = ctx;
    kc_progress_clear(&v->bar);
    v->done++;
    v->failed += !record || !json_is_true(json_object_get(record, "correct"));
    const char *sig = json_string_value(json_object_get(record, "signal"));
    const char *st = json_string_value(json_object_get(record, "status"));
    if (st && (!strcmp(st, "crash") || !strcmp(st, "hang")))   /* the worker died: no run record to show */
        printf("%s %s C%d: %s%s%s (recorded)\n", json_string_value(json_object_get(record, "platform")), job->task,
               job->config, st, sig ? " " : "", sig ? sig : "");
    else if (record)
        print_record(record);
    else {
        char buf[800];
        fprintf(stderr, "kc agent: %s C%d: %s\n", job->task, job->config, kc_err_format(err, buf, sizeof buf));
    }
    fflush(stdout);
    if (v->bar.bar)
        kc_progress_step(&v->bar, v->done, v->failed, 0, "%s C%d", job->task, job->config);
}

int kc_cmd_agent_main(int argc, char **argv)
{
    kc_err err;
    kc_err_clear(&err);
    char buf[800];
    /* First, before the key is read from the environment into anything. */
    if (kc_agent_no_core_dumps(&err) != KC_OK) {
        fprintf(stderr, "kc agent: %s\n", kc_err_format(&err, buf, sizeof buf));
        return 2;
    }
    cli c;
    memset(&c, 0, sizeof c);
    kc_opts_init(&c.sel);
    c.a.llm.temperature = -1;
    c.a.llm.http.max_retries = -1;
    c.jobs = 1;
    c.a.on_wait = on_wait;
    kc_args args;
    kc_args_start(&args, &agent_spec, argc, argv);
    for (int id; (id = kc_args_next(&args)) != KC_ARGS_END;) {
        if (id == KC_ARGS_HELP) {
            help();
            return 0;
        }
        int taken = id == KC_ARGS_ERROR ? KC_ARGS_ERROR : kc_seeds_take(&c.seeds, &args, id);
        if (!taken)
            taken = kc_opts_take(&c.sel, &args, id);
        if (!taken)
            taken = take_one(&c, &args, id);
        if (taken == KC_ARGS_ERROR)
            return kc_args_exit(&args);
    }
    if (args.npos)
        return kc_args_fail(&args, "unexpected argument '%s'", args.pos[0]);
    c.a.platform = c.sel.platform;
    c.a.visible_seed = c.sel.seed;
    c.a.hidden_seeds = c.seeds.n ? c.seeds.list : NULL;
    c.a.nhidden = c.seeds.n;
    c.a.fresh_seeds = c.seeds.fresh;
    if (!c.a.llm.provider || !c.a.llm.model)
        return kc_args_fail(&args, "--provider and --model are required");
    const kc_llm_provider *p = kc_llm_find(c.a.llm.provider);
    if (!p)
        return kc_args_fail(&args, "unknown provider '%s' (openai or anthropic)", c.a.llm.provider);
    c.a.llm.key_env = c.key_env ? c.key_env : p->key_env;
    c.a.llm.api_key = getenv(c.a.llm.key_env);
    /* Public endpoints need a key; a local server given by --base-url may not. */
    if ((!c.a.llm.api_key || !*c.a.llm.api_key) && !c.a.llm.base_url) {
        fprintf(stderr, "kc agent: no API key: set $%s (or name another variable with --api-key-env)\n",
                c.a.llm.key_env);
        return 2;
    }
    if (c.suite) {
        if (!c.out)
            return kc_args_fail(&args, "--suite needs --out DIR");
        if (c.task || c.config)
            return kc_args_fail(&args, "--suite selects with --tasks and --configs, not --task/--config");
        kc_opts_job jobs[KC_OPTS_MAX_JOBS];
        size_t n = kc_opts_jobs(&c.sel, jobs, KC_OPTS_MAX_JOBS);
        kc_agent_suite_job *sj = calloc(n ? n : 1, sizeof *sj);
        suite_view view;
        memset(&view, 0, sizeof view);
        if (!sj)
            return 2;
        for (size_t i = 0; i < n; i++)
            sj[i] = (kc_agent_suite_job){ jobs[i].task->name, jobs[i].config };
        kc_agent_suite_opts so = { .base = c.a, .out_dir = c.out, .jobs = sj, .njobs = n,
                                   .workers = c.jobs, .job_timeout = c.job_timeout, .on_done = on_done,
                                   .done_ctx = &view, .on_start = on_start };
        kc_agent_suite_summary sum;
        kc_status s = kc_agent_suite_run(&so, &sum, &err);
        kc_progress_end(&view.bar);
        free(sj);
        if (s != KC_OK) {
            fprintf(stderr, "kc agent: %s\n", kc_err_format(&err, buf, sizeof buf));
            return 2;
        }
        printf("suite: %zu recorded now (%zu crashed, %zu hung), %zu already recorded (skipped), %zu without a "
               "record%s; records in %s/results.jsonl\n", sum.recorded, sum.crashed, sum.hung, sum.skipped,
               sum.missing, sum.interrupted ? " (interrupted)" : "", c.out);
        return sum.missing ? 1 : 0;
    }
    if (!c.task || !c.config)
        return kc_args_fail(&args, "--task and --config are required (or --suite)");
    char dir[1024];
    if (c.out)
        snprintf(dir, sizeof dir, "%s", c.out);
    else
        kc_agent_suite_run_dir("agent-runs", c.a.platform, c.task, c.config, dir, sizeof dir);
    c.a.task = c.task;
    c.a.config = c.config;
    c.a.out_dir = dir;
    json_t *rec = NULL;
    if (kc_agent_run(&c.a, &rec, &err) != KC_OK) {
        fprintf(stderr, "kc agent: %s\n", kc_err_format(&err, buf, sizeof buf));
        return 2;
    }
    if (c.json) {
        char *txt = json_dumps(rec, JSON_COMPACT);
        if (txt)
            printf("%s\n", txt);
        free(txt);
    } else {
        print_record(rec);
        printf("run directory: %s (record.json, transcript.jsonl, workspace/)\n", dir);
    }
    int rc = json_is_true(json_object_get(rec, "correct")) ? 0 : 1;
    json_decref(rec);
    return rc;
}
