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
#include "kc_cmds.h"
#include "kc_opts.h"
#include "kc_seeds.h"

static void help(void)
{
    printf(
        "usage: kc agent --task T --config C --provider openai|anthropic --model M\n"
        "                [--platform npu] [--base-url URL] [--budget N] [--out DIR] [--resume]\n"
        "                [--fresh-seeds N | --seeds a,b,...]\n"
        "       kc agent --suite --provider P --model M --out DIR [--tasks a,b] [--configs 1,2]\n"
        "                [--jobs N] [...]\n\n"
        "Lets a language model write a kernel through the tools (grep_docs, write_code,\n"
        "check_syntax, run_eval, view_output, get_inst_size, profile, view_waveform, submit)\n"
        "until it submits or its budget of turns (15/20/25 by task level) is spent, then\n"
        "scores the submitted (else the last correct) kernel on the hidden seeds %" PRIu64
        ", %" PRIu64 ", %" PRIu64 "\n(run_eval shows the model seed %u). These are fixed and public, for reproducible\n"
        "tables; --fresh-seeds N scores on N seeds drawn from the OS random source at scoring\n"
        "time instead (listed in the record; replay them with --seeds a,b,...).\n\n",
        kc_eval_hidden_seeds[0], kc_eval_hidden_seeds[1], kc_eval_hidden_seeds[2],
        KC_EVAL_VISIBLE_SEED);
    printf(
        "A run directory holds transcript.jsonl (every request, response, tool call and\n"
        "result), workspace/ (the model's files) and record.json (the result record: the\n"
        "`kc eval --json` fields plus iterations, tokens, iterations_to_first_correct).\n"
        "--resume continues an interrupted run from its transcript. --suite runs every\n"
        "selected (task, config) in DIR/<platform>-<task>-c<config>/ and appends each\n"
        "record to DIR/results.jsonl; pairs already there are skipped.\n\n"
        "options:\n"
        "  --provider P         openai (any OpenAI-compatible chat-completions endpoint:\n"
        "                       vLLM, llama.cpp, Ollama, hosted) or anthropic\n"
        "  --model M            model name sent to the endpoint\n"
        "  --base-url URL       endpoint base (default https://api.openai.com/v1 or\n"
        "                       https://api.anthropic.com/v1; e.g. http://localhost:11434/v1)\n"
        "  --api-key-env NAME   read the key from $NAME (default OPENAI_API_KEY or\n"
        "                       ANTHROPIC_API_KEY); the key is never written anywhere\n"
        "  --budget N           turns (default by task level: 15 / 20 / 25)\n"
        "  --out DIR            run directory (default agent-runs/<platform>-<task>-c<config>)\n"
        "  --max-tokens N       reply limit (anthropic default 8192; openai: not sent)\n"
        "  --temperature X      sampling temperature (default: not sent)\n"
        "  --timeout S          seconds per HTTP attempt (default 600)\n"
        "  --retries N          retries after a failed attempt (default 5)\n"
        "  --retry-base-ms MS   first backoff (default 1000; doubles, with jitter)\n"
        "  --retry-max-ms MS    longest wait before a retry, also when the server's\n"
        "                       Retry-After asks for more (default 60000); each wait is\n"
        "                       announced on stderr\n"
        "  --max-reply-bytes N  a longer reply is cut off and ends the run (provider\n"
        "                       error; raise it and --resume) (default %u)\n"
        "  --max-tool-calls N   tool calls run per turn; the rest get an error result\n"
        "                       saying they were skipped (default %d)\n"
        "  --cycle-limit N      simulation cycle limit per evaluation\n"
        "  --seed N             the visible seed (default %u)\n"
        "  --fresh-seeds N      score on N fresh random seeds (never the visible seed)\n"
        "  --seeds a,b,...      score on these seeds (e.g. a record's hidden_seeds)\n"
        "  --jobs N             --suite: worker processes (default 1)\n"
        "  --job-timeout S      --suite: wall-clock seconds per run (default: no limit); a run\n"
        "                       past it is killed and recorded as status \"hang\"; a run whose\n"
        "                       worker dies is recorded as \"crash\" with the signal\n"
        "  --json               print the record (single run)\n"
        "Errors, provider errors and retry waits go to stderr. The process keeps no\n"
        "core dump (it holds the API key).\n",
        KC_HTTP_MAX_BODY, KC_AGENT_MAX_TOOL_CALLS, KC_EVAL_VISIBLE_SEED);
}

static int usage_error(const char *what, const char *arg)
{
    fprintf(stderr, "kc agent: %s%s%s (see kc agent --help)\n", what, arg ? " " : "", arg ? arg : "");
    return 2;
}

static int parse_long(const char *s, long lo, long hi, long *out)
{
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (errno || end == s || *end || v < lo || v > hi)
        return 0;
    *out = v;
    return 1;
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

/* Parses one option; returns entries used, 0 = unknown, -1 = bad (printed). */
static int parse_one(cli *c, int argc, char **argv, int i)
{
    const char *a = argv[i];
    const char *v = i + 1 < argc ? argv[i + 1] : NULL;
    long n;
    if (!strcmp(a, "--resume")) {
        c->a.resume = 1;
        return 1;
    }
    if (!strcmp(a, "--suite")) {
        c->suite = 1;
        return 1;
    }
    if (!strcmp(a, "--json")) {
        c->json = 1;
        return 1;
    }
    static const char *const valued[] = { "--task", "--config", "--provider", "--model", "--base-url",
                                          "--budget", "--out", "--api-key-env", "--max-tokens",
                                          "--temperature", "--timeout", "--retries", "--retry-base-ms",
                                          "--retry-max-ms", "--cycle-limit", "--jobs", "--job-timeout",
                                          "--max-reply-bytes", "--max-tool-calls", NULL };
    int known = 0;
    for (const char *const *k = valued; *k; k++)
        known |= !strcmp(a, *k);
    if (!known)
        return 0;
    if (!v) {
        usage_error("missing value for", a);
        return -1;
    }
    int ok = 1;
    if (!strcmp(a, "--task"))
        c->task = v;
    else if (!strcmp(a, "--config"))
        ok = parse_long(v, 1, KC_TASK_NCONFIGS, &n) && (c->config = (int)n);
    else if (!strcmp(a, "--provider"))
        c->a.llm.provider = v;
    else if (!strcmp(a, "--model"))
        c->a.llm.model = v;
    else if (!strcmp(a, "--base-url"))
        c->a.llm.base_url = v;
    else if (!strcmp(a, "--budget"))
        ok = parse_long(v, 1, 1000, &n) && (c->a.budget = (int)n);
    else if (!strcmp(a, "--out"))
        c->out = v;
    else if (!strcmp(a, "--api-key-env"))
        c->key_env = v;
    else if (!strcmp(a, "--max-tokens"))
        ok = parse_long(v, 1, 1000000, &n) && (c->a.llm.max_tokens = (int)n);
    else if (!strcmp(a, "--temperature")) {
        char *end;
        c->a.llm.temperature = strtod(v, &end);
        ok = *end == 0 && c->a.llm.temperature >= 0;
    } else if (!strcmp(a, "--timeout"))
        ok = parse_long(v, 1, 86400, &n) && (c->a.llm.http.timeout_ms = n * 1000);
    else if (!strcmp(a, "--retries")) {
        ok = parse_long(v, 0, 100, &n);
        c->a.llm.http.max_retries = (int)n;
    } else if (!strcmp(a, "--retry-base-ms"))
        ok = parse_long(v, 1, 3600000, &n) && (c->a.llm.http.base_delay_ms = n);
    else if (!strcmp(a, "--retry-max-ms"))
        ok = parse_long(v, 1, 3600000, &n) && (c->a.llm.http.max_delay_ms = n);
    else if (!strcmp(a, "--cycle-limit"))
        ok = parse_long(v, 1, 2000000000L, &n) && (c->a.cycle_limit = (uint64_t)n);
    else if (!strcmp(a, "--max-reply-bytes"))
        ok = parse_long(v, 1024, 1L << 30, &n) && (c->a.llm.http.max_body_bytes = (size_t)n);
    else if (!strcmp(a, "--max-tool-calls"))
        ok = parse_long(v, 1, 1000, &n) && (c->a.max_tool_calls = (int)n);
    else if (!strcmp(a, "--jobs"))
        ok = parse_long(v, 1, 256, &n) && (c->jobs = (int)n);
    else if (!strcmp(a, "--job-timeout"))
        ok = parse_long(v, 1, 30L * 86400, &n) && (c->job_timeout = (double)n);
    if (!ok) {
        fprintf(stderr, "kc agent: bad value '%s' for %s (see kc agent --help)\n", v, a);
        return -1;
    }
    return 2;
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

static void on_done(void *ctx, const kc_agent_suite_job *job, const json_t *record, const kc_err *err)
{
    (void)ctx;
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
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            help();
            return 0;
        }
        int used = parse_one(&c, argc, argv, i);
        if (used == 0)
            used = kc_seeds_parse(&c.seeds, argc, argv, i);
        if (used == 0)
            used = kc_opts_parse(&c.sel, argc, argv, i);
        if (used < 0)
            return 2;
        if (used == 0)
            return usage_error("unexpected argument", argv[i]);
        i += used - 1;
    }
    c.a.platform = c.sel.platform;
    c.a.visible_seed = c.sel.seed;
    c.a.hidden_seeds = c.seeds.n ? c.seeds.list : NULL;
    c.a.nhidden = c.seeds.n;
    c.a.fresh_seeds = c.seeds.fresh;
    if (!c.a.llm.provider || !c.a.llm.model)
        return usage_error("--provider and --model are required", NULL);
    const kc_llm_provider *p = kc_llm_find(c.a.llm.provider);
    if (!p)
        return usage_error("unknown provider (openai or anthropic):", c.a.llm.provider);
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
            return usage_error("--suite needs --out DIR", NULL);
        if (c.task || c.config)
            return usage_error("--suite selects with --tasks and --configs, not --task/--config", NULL);
        kc_opts_job jobs[KC_OPTS_MAX_JOBS];
        size_t n = kc_opts_jobs(&c.sel, jobs, KC_OPTS_MAX_JOBS);
        kc_agent_suite_job *sj = calloc(n ? n : 1, sizeof *sj);
        if (!sj)
            return 2;
        for (size_t i = 0; i < n; i++)
            sj[i] = (kc_agent_suite_job){ jobs[i].task->name, jobs[i].config };
        kc_agent_suite_opts so = { .base = c.a, .out_dir = c.out, .jobs = sj, .njobs = n,
                                   .workers = c.jobs, .job_timeout = c.job_timeout, .on_done = on_done };
        kc_agent_suite_summary sum;
        kc_status s = kc_agent_suite_run(&so, &sum, &err);
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
        return usage_error("--task and --config are required (or --suite)", NULL);
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
