/* kc_agent.c — the refinement loop, its transcript, resume, and the final score.
 *
 * One iteration = one model turn: a request with the whole conversation, a reply,
 * and the tool calls of that reply run in order. The loop ends when a tool call
 * submits, when the budget of turns is spent, or when the provider fails for good
 * (kc_llm_send gave up). Then the submitted kernel — or, without a submission,
 * the last kernel run_eval found correct — is evaluated on the hidden seeds.
 */
#define _POSIX_C_SOURCE 200809L
#include "kc_agent.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "kc_eval.h"
#include "kc_platform.h"
#include "kc_text.h"
#include "kc_tools.h"
#include "kc_transcript.h"
#include "kc_ws.h"


kc_status kc_agent_no_core_dumps(kc_err *err)
{
    struct rlimit none = { 0, 0 };
    if (setrlimit(RLIMIT_CORE, &none) != 0)
        return kc_err_set(err, KC_ERR_INTERNAL, "agent: cannot disable core dumps: %s", strerror(errno));
    if (prctl(PR_SET_DUMPABLE, 0, 0, 0, 0) != 0)
        return kc_err_set(err, KC_ERR_INTERNAL, "agent: cannot make the process non-dumpable: %s",
                          strerror(errno));
    return KC_OK;
}

int kc_agent_budget_for_level(int level)
{
    return level <= 1 ? 15 : level == 2 ? 20 : 25;
}

/* JSON strings must be UTF-8; text we did not write (a kernel file, an
 * assembler message quoting it) may not be. */
static json_t *jtext(const char *s)
{
    json_t *v = json_string(s ? s : "");
    if (v)
        return v;
    char *c = strdup(s);
    if (!c)
        return json_string("");
    for (char *p = c; *p; p++)
        if ((unsigned char)*p >= 0x80)
            *p = '?';
    v = json_string(c);
    free(c);
    return v;
}

/* ---- system prompt -------------------------------------------------------------- */

kc_status kc_agent_system_prompt(const char *platform, const char *task, int config, int budget,
                                 uint64_t visible_seed, char **out, kc_err *err)
{
    *out = NULL;
    const kc_platform *p = kc_platform_find(platform);
    const kc_task *t = kc_task_find(task);
    if (!p)
        return kc_err_set(err, KC_ERR_USAGE, "agent: unknown platform '%s'", platform);
    if (!t)
        return kc_err_set(err, KC_ERR_USAGE, "agent: unknown task '%s'", task);
    char *doc = NULL;
    kc_status st = p->doc(p, p->hw, &doc, err);
    if (st != KC_OK)
        return st;
    kc_task_inst inst;
    if ((st = kc_task_inst_make(&inst, t, config, p->dtype, visible_seed, err)) != KC_OK) {
        free(doc);
        return st;
    }
    const kc_tol *tol = &t->tol[p->dtype];
    kc_text b;
    kc_text_init(&b);
    kc_text_printf(&b,
        "You are an expert kernel engineer. Write a kernel for the %s accelerator for the task "
        "below, in its assembly language (or in another source language, when its ISA document "
        "below says how the platform builds one): it must be correct (every output within "
        "tolerance) and then as fast as possible (fewest cycles on the RTL).\n\n", p->name);
    kc_text_printf(&b, "# Task: %s (%s), level %d, configuration C%d\n\n", t->title, t->name,
                   t->level, config);
    kc_text_printf(&b, "Dimensions:");
    for (int d = 0; d < KC_TASK_MAX_DIMS && t->dim_names[d]; d++)
        kc_text_printf(&b, "%s %s = %u", d ? "," : "", t->dim_names[d],
                       t->configs[config - 1].dims[d]);
    kc_text_printf(&b, "\nTensors in ABI order (%s, row-major):\n", kc_dtype_name(p->dtype));
    for (unsigned i = 0; i < inst.shape.ntensors; i++) {
        const kc_tensor_desc *d = &inst.shape.t[i];
        char where[32];
        kc_platform_arg_where(p, i, where, sizeof where);
        kc_text_printf(&b, "- %s = address of %s [", where, d->name);
        for (unsigned j = 0; j < d->ndims; j++)
            kc_text_printf(&b, "%s%u", j ? ", " : "", d->dims[j]);
        kc_text_printf(&b, "] (%s)\n", kc_task_role_name(d->role));
    }
    kc_text_printf(&b, "Tolerance per element: |actual - expected| <= %g + %g * |expected|.\n",
                   tol->abs, tol->rel);
    kc_text_printf(&b, "Work: %.0f vector operations, %.0f multiply-accumulates, %.0f bytes of "
                   "compulsory DRAM traffic; ideal (roofline) cycles: %.0f. The roofline counts only "
                   "compute and DRAM traffic: it ignores issue cost (instructions, or bundles on a VLIW machine, "
                   "issue one per cycle, "
                   "and address updates and loop counters are instructions too), so loop bookkeeping "
                   "and the instructions that move data add cycles beyond it.\n\n",
                   inst.shape.vec_flops, inst.shape.mac_flops, inst.dram_bytes,
                   kc_platform_ideal_cycles(p, &inst));
    kc_text_printf(&b, "%s\n\n", t->description);
    kc_text_printf(&b, "# Hardware configuration\n\n"
                   "Roofline peaks used for ideal cycles: %g vector operations per cycle, %g "
                   "multiply-accumulates per cycle, %g DRAM bytes per cycle. The sizes, latencies "
                   "and timing of every unit are in the ISA document below (generated from the "
                   "values the RTL is built with).\n\n",
                   p->vec_peak, p->mac_peak, p->dram_bw);
    kc_text_printf(&b,
        "# How to work\n\n"
        "You have %d turns; each of your replies is one turn and may call several tools, which "
        "run in order. Files are relative names in your own workspace (default \"%s\").\n"
        "- write_code writes a kernel file (its name's extension chooses the language where "
        "the ISA document offers more than one; assembly otherwise); check_syntax builds it "
        "(errors as file:line:col with the offending line).\n"
        "- run_eval runs it on the RTL with the visible inputs (seed %" PRIu64 ") and checks it; "
        "view_output shows the error margin and the mismatching elements; profile shows per-unit "
        "busy/stall cycles and the instructions that stalled longest; "
        "view_waveform prints RTL signals over a cycle window; get_inst_size counts instructions; "
        "grep_docs searches the ISA document and this task.\n"
        "- submit ends the run with your final kernel: make it the last call of its reply (calls "
        "after it are skipped). It is scored on hidden inputs (different "
        "seeds), so do not depend on the visible data. Without a submit, the last kernel that "
        "run_eval found correct is scored when the turns run out.\n\n",
        budget, KC_TOOLS_DEFAULT_PATH, visible_seed);
    kc_text_printf(&b, "# The %s ISA document\n\n%s", p->name, doc);
    free(doc);
    kc_task_inst_free(&inst);
    if (!(*out = kc_text_take(&b)))
        return kc_err_set(err, KC_ERR_NOMEM, "agent: out of memory building the prompt");
    return KC_OK;
}

/* ---- run state ------------------------------------------------------------------ */

typedef struct run {
    const kc_agent_opts *o;
    const kc_task *task;
    int budget;
    uint64_t visible_seed;
    const uint64_t *hidden;
    size_t nhidden;
    uint64_t fresh[KC_EVAL_MAX_SEEDS];   /* drawn at scoring time when o->fresh_seeds */
    char dir[PATH_MAX], workspace[PATH_MAX];
    int dir_fd, ws_fd;         /* the run directory and its workspace, open (-1 = not) */
    kc_transcript *tr;
    char *system;
    json_t *messages;          /* neutral conversation */
    json_t *tools;
    kc_tools_ctx ctx;
    int iteration;             /* turns done */
    long in_tokens, out_tokens;
    long tokens_at_first_correct;
    char end_reason[32];       /* "" = still running */
    char error[600];
    int fatal;
    int ended_before;          /* resumed after the "end" event was written */
    double t0, wall_before;    /* wall_before: seconds spent before a resume */
} run;

static kc_status log_event(run *r, const char *type, json_t *fields, kc_err *err)
{
    return kc_transcript_event(r->tr, type, fields, err);
}

static kc_status add_message(run *r, json_t *msg, kc_err *err)
{
    json_array_append(r->messages, msg);
    return log_event(r, "message", json_pack("{s:I, s:O}", "index",
                                             (json_int_t)json_array_size(r->messages) - 1,
                                             "message", msg), err);
}

static void on_retry(void *ud, int attempt, long status, const char *why, long wait_ms,
                     long retry_after_ms)
{
    run *r = ud;
    json_t *f = json_pack("{s:i, s:i, s:I, s:s, s:I}", "iteration", r->iteration, "attempt", attempt,
                          "status", (json_int_t)status, "reason", why, "wait_ms", (json_int_t)wait_ms);
    if (retry_after_ms >= 0)
        json_object_set_new(f, "retry_after_ms", json_integer(retry_after_ms));
    kc_err err;
    kc_err_clear(&err);
    log_event(r, "retry", f, &err);   /* a lost log line must not stop the retries */
    if (r->o->on_wait) {
        kc_agent_wait w = { r->o->task, r->o->config, r->iteration, attempt,
                            1 + kc_http_policy_effective(&r->o->llm.http).max_retries, status, why,
                            wait_ms, retry_after_ms };
        r->o->on_wait(r->o->wait_ctx, &w);
    }
}

static int mkdir_p(const char *path)
{
    char buf[PATH_MAX];
    snprintf(buf, sizeof buf, "%s", path);
    for (char *p = buf + 1; *p; p++)
        if (*p == '/') {
            *p = 0;
            if (mkdir(buf, 0777) != 0 && errno != EEXIST)
                return 0;
            *p = '/';
        }
    return mkdir(buf, 0777) == 0 || errno == EEXIST;
}

/* The run's own files are opened beneath its directory without following links
 * (a resumed directory may hold anything); -1 with the reason in err. */
static int open_in_run(run *r, const char *name, kc_ws_mode mode, kc_err *err)
{
    int fd = kc_ws_open(r->dir_fd, name, strlen(name), mode, 0);
    if (fd < 0)
        kc_err_set(err, KC_ERR_IO, "agent: cannot open %s/%s: %s", r->dir, name, kc_ws_strerror(errno));
    return fd;
}

static int exists_in_run(run *r, const char *name)
{
    struct stat st;
    return fstatat(r->dir_fd, name, &st, AT_SYMLINK_NOFOLLOW) == 0;
}

/* ---- resume ---------------------------------------------------------------------- */

static const char *str_of(const json_t *obj, const char *key)
{
    const char *s = json_string_value(json_object_get(obj, key));
    return s ? s : "";
}

/* Rebuilds the conversation and the run state from a transcript. When the run had
 * already finished, *done gets its record (new reference). A run that ended on a
 * provider error is not finished for this purpose: resuming it continues the loop
 * (the outage may be over). */
static kc_status replay(run *r, kc_err *err, json_t **done)
{
    json_t *ev = NULL;
    size_t torn = 0;
    int fd = open_in_run(r, "transcript.jsonl", KC_WS_READ, err);
    if (fd < 0)
        return KC_ERR_IO;
    kc_status st = kc_transcript_load_fd(fd, "transcript.jsonl", &ev, &torn, err);
    if (st != KC_OK)
        return st;
    size_t i;
    json_t *e;
    double seg = 0;   /* longest "t" of the current session */
    json_array_foreach(ev, i, e) {
        const char *type = str_of(e, "type");
        if (!strcmp(type, "resume")) {
            r->wall_before += seg;
            seg = 0;
        } else if (json_number_value(json_object_get(e, "t")) > seg)
            seg = json_number_value(json_object_get(e, "t"));
        if (!strcmp(type, "record")) {
            const json_t *rec = json_object_get(e, "record");
            if (strcmp(str_of(rec, "end_reason"), "provider-error")) {
                *done = json_incref((json_t *)rec);
                break;
            }
        } else if (!strcmp(type, "system")) {
            free(r->system);
            r->system = strdup(str_of(e, "text"));
        } else if (!strcmp(type, "message")) {
            json_array_append(r->messages, json_object_get(e, "message"));
        } else if (!strcmp(type, "response")) {
            const json_t *u = json_object_get(e, "usage");
            r->in_tokens += (long)json_integer_value(json_object_get(u, "input_tokens"));
            r->out_tokens += (long)json_integer_value(json_object_get(u, "output_tokens"));
        } else if (!strcmp(type, "end") && strcmp(str_of(e, "reason"), "provider-error")) {
            snprintf(r->end_reason, sizeof r->end_reason, "%s", str_of(e, "reason"));
            r->ended_before = 1;
        }
    }
    r->wall_before += seg;
    if (*done) {
        json_decref(ev);
        return KC_OK;
    }
    /* The last complete turn: drop a trailing assistant message whose tool
     * results were not recorded (that turn is asked again). */
    size_t n = json_array_size(r->messages);
    const json_t *last = n ? json_array_get(r->messages, n - 1) : NULL;
    if (last && !strcmp(str_of(last, "role"), "assistant") && !r->ended_before)
        json_array_remove(r->messages, --n);
    /* Turns kept, and the tool state they produced. */
    int kept = 0;
    json_array_foreach(r->messages, i, e)
        kept += !strcmp(str_of(e, "role"), "assistant");
    r->iteration = kept;
    json_array_foreach(ev, i, e) {
        int it = (int)json_integer_value(json_object_get(e, "iteration"));
        if (strcmp(str_of(e, "type"), "tool_result") || it > kept ||
            !json_is_string(json_object_get(e, "kernel")))
            continue;
        const char *tool = str_of(e, "name"), *kernel = str_of(e, "kernel");
        /* the file's name chooses the language; transcripts before it was logged held .s */
        const char *path = json_is_string(json_object_get(e, "path")) ? str_of(e, "path")
                                                                     : KC_TOOLS_DEFAULT_PATH;
        if (!strcmp(tool, "run_eval")) {
            free(r->ctx.last_correct_src);
            r->ctx.last_correct_src = strdup(kernel);
            snprintf(r->ctx.last_correct_path, sizeof r->ctx.last_correct_path, "%s", path);
            if (!r->ctx.first_correct_iteration) {
                r->ctx.first_correct_iteration = it;
                r->tokens_at_first_correct = (long)json_integer_value(json_object_get(e, "tokens_so_far"));
            }
            r->ctx.last_correct_iteration = it;
        } else if (!strcmp(tool, "submit")) {
            free(r->ctx.submitted_src);
            r->ctx.submitted_src = strdup(kernel);
            r->ctx.submitted = 1;
            snprintf(r->ctx.submitted_path, sizeof r->ctx.submitted_path, "%s", path);
        }
    }
    json_decref(ev);
    if (r->ctx.submitted && !r->end_reason[0]) {
        snprintf(r->end_reason, sizeof r->end_reason, "submit");
        r->ended_before = 0;
    }
    return log_event(r, "resume", json_pack("{s:I, s:i, s:I}", "messages", (json_int_t)n,
                                             "iteration", r->iteration, "torn_lines",
                                             (json_int_t)torn), err);
}

/* ---- one turn --------------------------------------------------------------------- */

static kc_status run_tools(run *r, const json_t *reply, kc_err *err)
{
    const json_t *calls = json_object_get(reply, "tool_calls");
    json_t *results = json_array();
    size_t i;
    const json_t *c;
    kc_status st = KC_OK;
    size_t ncalls = json_array_size(calls);
    size_t max = r->o->max_tool_calls > 0 ? (size_t)r->o->max_tool_calls : KC_AGENT_MAX_TOOL_CALLS;
    json_array_foreach(calls, i, c) {
        const char *name = json_string_value(json_object_get(c, "name"));
        const char *id = json_string_value(json_object_get(c, "id"));
        if (i >= max) {
            /* Every call needs a result (both providers insist); these say why
             * they did not run. */
            char text[300];
            snprintf(text, sizeof text, "error: not run: at most %zu tool calls run per turn and this "
                     "reply made %zu; call %s again in your next turn if you still need it.", max,
                     ncalls, name ? name : "it");
            json_array_append_new(results, json_pack("{s:s, s:s, s:s, s:b}", "id", id ? id : "", "name",
                                                     name ? name : "", "content", text, "is_error", 1));
            if ((st = log_event(r, "tool_result", json_pack("{s:i, s:s, s:s, s:s, s:b, s:b}", "iteration",
                                                            r->iteration, "id", id ? id : "", "name",
                                                            name ? name : "", "content", text,
                                                            "is_error", 1, "skipped", 1), err)) != KC_OK)
                break;
            continue;
        }
        /* The arguments are in the assistant message just logged (by id): the
         * transcript holds each text once. */
        json_t *f = json_pack("{s:i, s:s, s:s}", "iteration", r->iteration, "id", id ? id : "",
                              "name", name ? name : "");
        if (json_object_get(c, "arguments_error"))
            json_object_set(f, "arguments_error", json_object_get(c, "arguments_error"));
        if ((st = log_event(r, "tool_call", f, err)) != KC_OK)
            break;
        if (r->ctx.submitted) {
            /* submit ended the run: later calls of this reply are not run, and both
             * the transcript and the reply to the model say so */
            static const char skipped[] = "not run: submit ended the run (calls placed after "
                                          "submit in the same reply are skipped)";
            json_array_append_new(results, json_pack("{s:s, s:s, s:s, s:b}", "id", id ? id : "", "name",
                                                     name ? name : "", "content", skipped, "is_error", 1));
            if ((st = log_event(r, "tool_result", json_pack("{s:i, s:s, s:s, s:s, s:b, s:b}", "iteration",
                                r->iteration, "id", id ? id : "", "name", name ? name : "", "content",
                                skipped, "is_error", 1, "skipped", 1), err)) != KC_OK)
                break;
            continue;
        }
        int had_correct = r->ctx.first_correct_iteration;
        double t = kc_transcript_now();
        kc_tools_result res;
        kc_tools_call(&r->ctx, c, &res);
        double secs = kc_transcript_now() - t;
        json_t *content = jtext(res.text);
        json_array_append_new(results, json_pack("{s:s, s:s, s:O, s:b}", "id", id ? id : "", "name",
                                                 name ? name : "", "content", content, "is_error",
                                                 res.is_error));
        json_t *rf = json_pack("{s:i, s:s, s:s, s:o, s:b, s:f}", "iteration", r->iteration, "id",
                               id ? id : "", "name", name ? name : "", "content", content,
                               "is_error", res.is_error, "seconds", secs);
        if (res.meta)
            json_object_set(rf, "meta", res.meta);
        /* Kernels that matter for the score travel in the transcript, so a resumed
         * run knows them without trusting the workspace. */
        int correct_now = name && !strcmp(name, "run_eval") && json_is_true(json_object_get(res.meta, "correct"));
        if (correct_now) {
            json_object_set_new(rf, "kernel", jtext(r->ctx.last_correct_src));
            json_object_set_new(rf, "path", json_string(r->ctx.last_correct_path));
        }
        if (name && !strcmp(name, "submit") && !res.is_error) {
            json_object_set_new(rf, "kernel", jtext(r->ctx.submitted_src));
            json_object_set_new(rf, "path", json_string(r->ctx.submitted_path));
        }
        if (correct_now && !had_correct)
            r->tokens_at_first_correct = r->in_tokens + r->out_tokens;
        json_object_set_new(rf, "tokens_so_far", json_integer(r->in_tokens + r->out_tokens));
        kc_tools_result_free(&res);
        if ((st = log_event(r, "tool_result", rf, err)) != KC_OK)
            break;
    }
    if (st != KC_OK) {
        json_decref(results);
        return st;
    }
    json_t *msg;
    if (!json_array_size(calls))
        msg = json_pack("{s:s, s:s}", "role", "user", "text",
                        "You did not call a tool. Work through the tools (write_code, run_eval, ...) "
                        "and call submit with your final kernel.");
    else {
        msg = json_pack("{s:s, s:o}", "role", "tool", "results", results);
        results = NULL;
        int left = r->budget - r->iteration;
        if (!r->ctx.submitted && left > 0 && left <= 2) {
            char note[200];
            snprintf(note, sizeof note, "Note: %d turn%s left. Submit your best correct kernel before "
                     "the budget runs out.", left, left == 1 ? "" : "s");
            json_object_set_new(msg, "text", json_string(note));
        }
    }
    json_decref(results);
    st = add_message(r, msg, err);
    json_decref(msg);
    return st;
}

/* The request's settings (model, max_tokens, temperature, ...) without the
 * conversation, the system prompt and the tool schemas. */
static json_t *request_params(const json_t *req)
{
    json_t *p = json_object();
    const char *k;
    json_t *v;
    json_object_foreach((json_t *)req, k, v)
        if (strcmp(k, "messages") && strcmp(k, "system") && strcmp(k, "tools"))
            json_object_set(p, k, v);
    return p;
}

static kc_status turn(run *r, kc_err *err)
{
    r->iteration++;
    r->ctx.iteration = r->iteration;
    kc_llm_exchange x;
    kc_err lerr;
    kc_err_clear(&lerr);
    kc_status st = kc_llm_prepare(&r->o->llm, r->system, r->messages, r->tools, &x, &lerr);
    if (st == KC_OK) {
        /* Not the body: it repeats the system prompt and the whole conversation,
         * which the transcript already holds once (system, message events). */
        json_t *f = json_pack("{s:i, s:s, s:s, s:s, s:I, s:o}", "iteration", r->iteration, "provider",
                              r->o->llm.provider, "model", r->o->llm.model ? r->o->llm.model : "",
                              "url", x.url, "messages", (json_int_t)json_array_size(r->messages),
                              "params", request_params(x.request));
        if ((st = log_event(r, "request", f, err)) != KC_OK) {
            kc_llm_exchange_free(&x);
            return st;
        }
        st = kc_llm_send(&r->o->llm, on_retry, r, &x, &lerr);
    }
    json_t *f = json_pack("{s:i, s:I, s:i, s:f}", "iteration", r->iteration, "status",
                          (json_int_t)x.status, "attempts", x.attempts, "seconds", x.seconds);
    if (x.response && st != KC_OK)
        json_object_set(f, "body", x.response);   /* a reply is logged once, as its message */
    if (st == KC_OK) {
        r->in_tokens += x.usage.input_tokens;
        r->out_tokens += x.usage.output_tokens;
        json_object_set_new(f, "usage", json_pack("{s:I, s:I}", "input_tokens",
                                                  (json_int_t)x.usage.input_tokens, "output_tokens",
                                                  (json_int_t)x.usage.output_tokens));
        json_object_set_new(f, "stop_reason", json_string(x.stop));
    } else
        json_object_set_new(f, "error", json_string(lerr.text));
    kc_status lst = log_event(r, "response", f, err);
    if (st != KC_OK) {
        /* The provider failed for good: the run ends, the record says why. */
        r->fatal = 1;
        r->iteration--;   /* no reply, no turn */
        snprintf(r->error, sizeof r->error, "%s", lerr.text);
        snprintf(r->end_reason, sizeof r->end_reason, "provider-error");
        kc_llm_exchange_free(&x);
        if (lerr.code == KC_ERR_USAGE || lerr.code == KC_ERR_NOMEM)
            return kc_err_set(err, lerr.code, "%s", lerr.text);
        return lst;
    }
    if (lst != KC_OK) {
        kc_llm_exchange_free(&x);
        return lst;
    }
    json_t *reply = json_incref(x.message);
    kc_llm_exchange_free(&x);
    st = add_message(r, reply, err);
    if (st == KC_OK)
        st = run_tools(r, reply, err);
    json_decref(reply);
    if (st == KC_OK && r->ctx.submitted)
        snprintf(r->end_reason, sizeof r->end_reason, "submit");
    return st;
}

/* ---- scoring ---------------------------------------------------------------------- */

static json_t *score(run *r, kc_err *err, kc_status *st)
{
    const kc_agent_opts *o = r->o;
    const char *src = r->ctx.submitted ? r->ctx.submitted_src : r->ctx.last_correct_src;
    const char *which = r->ctx.submitted ? "submitted" : src ? "last-correct" : "none";
    json_t *rec = NULL, *seeds = json_array(), *per = json_array();
    int all_correct = src != NULL;
    *st = KC_OK;
    if (o->fresh_seeds) {
        if ((*st = kc_eval_fresh_seeds(r->fresh, o->fresh_seeds, r->visible_seed, err)) != KC_OK)
            goto out;
        r->hidden = r->fresh;
        r->nhidden = o->fresh_seeds;
    }
    for (size_t i = 0; i < r->nhidden; i++)
        json_array_append_new(seeds, json_integer((json_int_t)r->hidden[i]));
    if (src) {
        kc_eval_result *res = malloc(sizeof *res);
        if (!res) {
            *st = kc_err_set(err, KC_ERR_NOMEM, "agent: out of memory");
            goto out;
        }
        /* The label keeps the workspace file's extension: the platform builds a
         * kernel by its name (kernel.c is C where the platform compiles C). */
        const char *path = r->ctx.submitted ? r->ctx.submitted_path : r->ctx.last_correct_path;
        const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
        const char *ext = strrchr(base, '.');
        char name[64];
        snprintf(name, sizeof name, "agent-%s%.16s", which, ext ? ext : "");
        for (size_t i = 0; i < r->nhidden; i++) {
            kc_eval_opts eo = { .platform = o->platform, .task = o->task, .config = o->config,
                                .seed = r->hidden[i], .cycle_limit = o->cycle_limit };
            if ((*st = kc_eval_run(r->ctx.eval, &eo, src, name, res, err)) != KC_OK)
                break;
            json_t *j = kc_eval_result_json(res);
            log_event(r, "score", json_pack("{s:I, s:O}", "seed", (json_int_t)r->hidden[i], "result", j), err);
            json_array_append_new(per, json_pack("{s:I, s:s, s:b, s:I}", "seed", (json_int_t)r->hidden[i],
                                                 "status", kc_eval_status_name(res->status), "correct",
                                                 res->correct, "cycles", (json_int_t)res->cycles));
            /* The record is the first failing seed's, or the first seed's. */
            if (!rec || (all_correct && !res->correct)) {
                json_decref(rec);
                rec = json_incref(j);
            }
            all_correct = all_correct && res->correct;
            json_decref(j);
        }
        free(res);
        if (*st != KC_OK)
            goto out;
    }
    if (!rec)
        rec = json_pack("{s:s, s:s, s:i, s:I, s:s, s:s, s:s, s:b, s:b}", "platform", o->platform,
                        "task", o->task, "config", o->config, "seed",
                        (json_int_t)(r->nhidden ? r->hidden[0] : 0), "kernel", "none", "kernel_hash",
                        "", "status", "no-kernel", "correct", 0, "assembled", 0);
    json_object_set_new(rec, "correct", json_boolean(all_correct));
    json_object_set_new(rec, "source", json_string("agent"));
    json_object_set_new(rec, "provider", json_string(o->llm.provider));
    json_object_set_new(rec, "model", json_string(o->llm.model ? o->llm.model : ""));
    json_object_set_new(rec, "scored_kernel", json_string(which));
    json_object_set_new(rec, "submitted", json_boolean(r->ctx.submitted));
    json_object_set_new(rec, "end_reason", json_string(r->end_reason));
    if (r->fatal)
        json_object_set_new(rec, "error", json_string(r->error));
    json_object_set_new(rec, "iterations", json_integer(r->iteration));
    json_object_set_new(rec, "budget", json_integer(r->budget));
    json_object_set_new(rec, "input_tokens", json_integer(r->in_tokens));
    json_object_set_new(rec, "output_tokens", json_integer(r->out_tokens));
    json_object_set_new(rec, "iterations_to_first_correct",
                        r->ctx.first_correct_iteration ? json_integer(r->ctx.first_correct_iteration)
                                                       : json_null());
    json_object_set_new(rec, "tokens_to_first_correct",
                        r->ctx.first_correct_iteration ? json_integer(r->tokens_at_first_correct)
                                                       : json_null());
    json_object_set_new(rec, "visible_seed", json_integer((json_int_t)r->visible_seed));
    json_object_set(rec, "hidden_seeds", seeds);
    json_object_set_new(rec, "seeds_from", json_string(o->fresh_seeds   ? "fresh"
                                                       : o->hidden_seeds ? "given"
                                                                         : "hidden"));
    json_object_set(rec, "seed_results", per);
    json_object_set_new(rec, "wall_seconds", json_real(r->wall_before + kc_transcript_now() - r->t0));
out:
    json_decref(seeds);
    json_decref(per);
    if (*st != KC_OK) {
        json_decref(rec);
        return NULL;
    }
    return rec;
}

/* ---- the run ---------------------------------------------------------------------- */

static kc_status write_record(run *r, const json_t *rec, kc_err *err)
{
    int fd = open_in_run(r, "record.json", KC_WS_WRITE, err);
    if (fd < 0)
        return KC_ERR_IO;
    int bad = json_dumpfd(rec, fd, JSON_INDENT(2) | JSON_ENSURE_ASCII) != 0;
    bad = close(fd) != 0 || bad;
    if (bad)
        return kc_err_set(err, KC_ERR_IO, "agent: cannot write %s/record.json", r->dir);
    return KC_OK;
}

static kc_status setup(run *r, const kc_agent_opts *o, kc_err *err)
{
    const kc_platform *p = kc_platform_find(o->platform ? o->platform : "");
    if (!p)
        return kc_err_set(err, KC_ERR_USAGE, "agent: unknown platform '%s'", o->platform ? o->platform : "");
    if (!(r->task = kc_task_find(o->task ? o->task : "")))
        return kc_err_set(err, KC_ERR_USAGE, "agent: unknown task '%s'", o->task ? o->task : "");
    const kc_task_config *cfg;
    kc_status st = kc_task_config_get(r->task, o->config, &cfg, err);
    if (st != KC_OK)
        return st;
    if (!kc_llm_find(o->llm.provider))
        return kc_err_set(err, KC_ERR_USAGE, "agent: unknown provider '%s' (openai or anthropic)",
                          o->llm.provider ? o->llm.provider : "");
    if (!o->llm.model || !*o->llm.model)
        return kc_err_set(err, KC_ERR_USAGE, "agent: no model given");
    if (!o->out_dir || !*o->out_dir)
        return kc_err_set(err, KC_ERR_USAGE, "agent: no run directory given");
    r->budget = o->budget > 0 ? o->budget : kc_agent_budget_for_level(r->task->level);
    r->visible_seed = o->visible_seed ? o->visible_seed : KC_EVAL_VISIBLE_SEED;
    r->hidden = o->hidden_seeds && o->nhidden ? o->hidden_seeds : kc_eval_hidden_seeds;
    r->nhidden = o->hidden_seeds && o->nhidden ? o->nhidden : KC_EVAL_NHIDDEN;
    if (o->fresh_seeds)              /* drawn when the kernel is scored */
        r->nhidden = 0;
    if (o->fresh_seeds > KC_EVAL_MAX_SEEDS)
        return kc_err_set(err, KC_ERR_USAGE, "agent: %u fresh seeds (at most %d)", o->fresh_seeds,
                          KC_EVAL_MAX_SEEDS);
    for (size_t i = 0; i < r->nhidden; i++)
        if (r->hidden[i] == r->visible_seed)
            return kc_err_set(err, KC_ERR_USAGE, "agent: hidden seed %" PRIu64 " equals the visible seed",
                              r->hidden[i]);
    snprintf(r->dir, sizeof r->dir, "%s", o->out_dir);
    if ((size_t)snprintf(r->workspace, sizeof r->workspace, "%s/workspace", r->dir) >= sizeof r->workspace)
        return kc_err_set(err, KC_ERR_USAGE, "agent: run directory path too long");
    /* The run directory is the user's choice (links in its path are theirs);
     * everything beneath it is opened from its descriptor, links not followed. */
    if (!mkdir_p(r->dir) || (r->dir_fd = open(r->dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC)) < 0)
        return kc_err_set(err, KC_ERR_IO, "agent: cannot create %s: %s", r->dir, strerror(errno));
    if ((r->ws_fd = kc_ws_opendir(r->dir_fd, "workspace", strlen("workspace"), 1)) < 0)
        return kc_err_set(err, KC_ERR_IO, "agent: cannot open %s: %s", r->workspace,
                          kc_ws_strerror(errno));
    r->ctx.platform = p->name;
    r->ctx.task = r->task->name;
    r->ctx.config = o->config;
    r->ctx.seed = r->visible_seed;
    r->ctx.cycle_limit = o->cycle_limit;
    r->ctx.workspace = r->workspace;
    r->ctx.workspace_fd = r->ws_fd;
    r->ctx.task_doc = r->task->description;
    if ((st = kc_eval_ctx_open(&r->ctx.eval, err)) != KC_OK)
        return st;
    r->messages = json_array();
    r->tools = kc_tools_schemas();
    r->t0 = kc_transcript_now();
    return KC_OK;
}

static void teardown(run *r)
{
    kc_transcript_close(r->tr);
    free(r->system);
    free((char *)r->ctx.isa_doc);
    json_decref(r->messages);
    json_decref(r->tools);
    kc_eval_ctx_close(r->ctx.eval);
    kc_tools_ctx_free(&r->ctx);
    if (r->ws_fd >= 0)
        close(r->ws_fd);
    if (r->dir_fd >= 0)
        close(r->dir_fd);
}

kc_status kc_agent_run(const kc_agent_opts *o, json_t **record, kc_err *err)
{
    *record = NULL;
    run r;
    memset(&r, 0, sizeof r);
    r.dir_fd = r.ws_fd = -1;
    r.o = o;
    kc_status st = setup(&r, o, err);
    if (st != KC_OK) {
        teardown(&r);
        return st;
    }
    int have = exists_in_run(&r, "transcript.jsonl");
    if (have && !o->resume) {
        teardown(&r);
        return kc_err_set(err, KC_ERR_USAGE, "agent: %s already holds a run; resume it with --resume "
                          "or choose another --out", r.dir);
    }
    char *doc = NULL;
    const kc_platform *p = kc_platform_find(o->platform);
    if ((st = p->doc(p, p->hw, &doc, err)) != KC_OK) {
        teardown(&r);
        return st;
    }
    r.ctx.isa_doc = doc;
    int tfd = open_in_run(&r, "transcript.jsonl", KC_WS_APPEND, err);
    if (tfd < 0 || (st = kc_transcript_open_fd(tfd, "transcript.jsonl", r.t0, &r.tr, err)) != KC_OK) {
        st = tfd < 0 ? KC_ERR_IO : st;
        teardown(&r);
        return st;
    }
    json_t *done = NULL;
    if (have) {
        if ((st = replay(&r, err, &done)) != KC_OK) {
            teardown(&r);
            return st;
        }
        if (done) {
            *record = done;
            st = write_record(&r, done, err);
            teardown(&r);
            return st;
        }
    }
    if (!r.system) {
        if ((st = kc_agent_system_prompt(o->platform, o->task, o->config, r.budget, r.visible_seed,
                                         &r.system, err)) != KC_OK) {
            teardown(&r);
            return st;
        }
        json_t *seeds = json_array();
        for (size_t i = 0; i < r.nhidden; i++)
            json_array_append_new(seeds, json_integer((json_int_t)r.hidden[i]));
        json_t *f = json_pack("{s:s, s:s, s:i, s:s, s:s, s:s, s:i, s:I, s:o}", "platform", o->platform,
                              "task", o->task, "config", o->config, "provider", o->llm.provider,
                              "model", o->llm.model, "base_url",
                              o->llm.base_url ? o->llm.base_url : kc_llm_find(o->llm.provider)->default_base_url,
                              "budget", r.budget, "visible_seed", (json_int_t)r.visible_seed,
                              "hidden_seeds", seeds);
        json_object_set_new(f, "tools", json_incref(r.tools));
        json_t *first = json_pack("{s:s, s:s}", "role", "user", "text",
                                  "Write the kernel for the task described in the system prompt, "
                                  "using the tools. Call submit with your final kernel.");
        if ((st = log_event(&r, "start", f, err)) != KC_OK ||
            (st = log_event(&r, "system", json_pack("{s:s}", "text", r.system), err)) != KC_OK ||
            (st = add_message(&r, first, err)) != KC_OK) {
            json_decref(first);
            teardown(&r);
            return st;
        }
        json_decref(first);
    }
    while (st == KC_OK && !r.end_reason[0]) {
        if (r.iteration >= r.budget) {
            snprintf(r.end_reason, sizeof r.end_reason, "budget");
            break;
        }
        st = turn(&r, err);
    }
    if (st == KC_OK && !r.fatal && !strcmp(r.end_reason, "provider-error"))
        r.fatal = 1;
    json_t *endf = json_pack("{s:s, s:i, s:I, s:I}", "reason", r.end_reason, "iterations", r.iteration,
                             "input_tokens", (json_int_t)r.in_tokens, "output_tokens",
                             (json_int_t)r.out_tokens);
    if (r.fatal)
        json_object_set_new(endf, "error", json_string(r.error));
    if (st == KC_OK && !r.ended_before)
        st = log_event(&r, "end", endf, err);
    else
        json_decref(endf);
    json_t *rec = st == KC_OK ? score(&r, err, &st) : NULL;
    if (rec) {
        json_object_set_new(rec, "run_dir", json_string(r.dir));
        st = log_event(&r, "record", json_pack("{s:O}", "record", rec), err);
        if (st == KC_OK)
            st = write_record(&r, rec, err);
    }
    teardown(&r);
    if (st != KC_OK) {
        json_decref(rec);
        return st;
    }
    *record = rec;
    return KC_OK;
}
