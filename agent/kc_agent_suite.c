/* kc_agent_suite.c — the sweep: skip what is recorded, run the rest on the
 * worker pool, append records (see kc_agent_suite.h). */
#define _POSIX_C_SOURCE 200809L
#include "kc_agent_suite.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "kc_bench.h"
#include "kc_eval.h"
#include "kc_pool.h"

void kc_agent_suite_run_dir(const char *out_dir, const char *platform, const char *task, int config,
                            char *buf, size_t size)
{
    snprintf(buf, size, "%s/%s-%s-c%d", out_dir, platform, task, config);
}

/* Is (platform, task, config) among the records? */
static int recorded(const json_t *records, const char *platform, const char *task, int config)
{
    size_t i;
    const json_t *r;
    json_array_foreach(records, i, r) {
        const char *p = json_string_value(json_object_get(r, "platform"));
        const char *t = json_string_value(json_object_get(r, "task"));
        if (p && t && !strcmp(p, platform) && !strcmp(t, task) &&
            json_integer_value(json_object_get(r, "config")) == config)
            return 1;
    }
    return 0;
}

typedef struct suite {
    const kc_agent_suite_opts *o;
    const kc_agent_suite_job *pending;
    int fd;                        /* results.jsonl, locked */
    kc_agent_suite_summary *sum;
} suite;

/* In the worker: one agent run -> its record (compact JSON). */
static int work(void *ctx, size_t job, char **reply)
{
    const suite *su = ctx;
    const kc_agent_suite_job *j = &su->pending[job];
    char dir[PATH_MAX], tpath[PATH_MAX];
    kc_agent_suite_run_dir(su->o->out_dir, su->o->base.platform, j->task, j->config, dir, sizeof dir);
    struct stat st;
    if ((size_t)snprintf(tpath, sizeof tpath, "%s/transcript.jsonl", dir) >= sizeof tpath)
        tpath[0] = 0;
    kc_agent_opts a = su->o->base;
    a.task = j->task;
    a.config = j->config;
    a.out_dir = dir;
    a.resume = stat(tpath, &st) == 0;   /* interrupted earlier: continue it */
    kc_err err;
    kc_err_clear(&err);
    json_t *rec = NULL;
    if (kc_agent_run(&a, &rec, &err) != KC_OK) {
        char buf[800];
        *reply = strdup(kc_err_format(&err, buf, sizeof buf));
        return -1;
    }
    *reply = json_dumps(rec, JSON_COMPACT);
    json_decref(rec);
    return *reply ? 0 : -1;
}

static void label(void *ctx, size_t job, char *buf, size_t size)
{
    const suite *su = ctx;
    snprintf(buf, size, "%s:%d", su->pending[job].task, su->pending[job].config);
}

/* The record of a run whose worker died or hung: its identity, never correct. */
static json_t *lost_record(const suite *su, const kc_agent_suite_job *j, const kc_pool_result *r)
{
    const kc_agent_opts *b = &su->o->base;
    uint64_t seed = b->hidden_seeds && b->nhidden ? b->hidden_seeds[0] : kc_eval_hidden_seeds[0];
    json_t *rec = json_pack("{s:s, s:s, s:i, s:I, s:s, s:s, s:b, s:s, s:s, s:s}", "platform", b->platform, "task",
                            j->task, "config", j->config, "seed", (json_int_t)seed, "kernel", "none",
                            "kernel_hash", "", "assembled", 0, "source", "agent", "provider",
                            b->llm.provider ? b->llm.provider : "", "model", b->llm.model ? b->llm.model : "");
    if (rec)
        kc_bench_mark_lost(rec, r, su->o->job_timeout);
    return rec;
}

/* In the parent: one finished run -> a record line (or the error to on_done). */
static kc_status done(void *ctx, const kc_pool_result *r, kc_err *err)
{
    suite *su = ctx;
    const kc_agent_suite_job *j = &su->pending[r->job];
    kc_err jerr;
    kc_err_clear(&jerr);
    json_t *rec = NULL;
    if (r->outcome == KC_POOL_FAILED)
        kc_err_set(&jerr, KC_ERR_INTERNAL, "%s", r->body ? r->body : "the run failed");
    else if (r->outcome == KC_POOL_DONE && !(rec = json_loads(r->body, 0, NULL)))
        kc_err_set(&jerr, KC_ERR_INTERNAL, "the worker sent an unreadable record");
    else if (r->outcome != KC_POOL_DONE && !(rec = lost_record(su, j, r)))
        kc_err_set(&jerr, KC_ERR_NOMEM, "agent suite: out of memory");
    kc_status s = KC_OK;
    if (rec && (s = kc_bench_append(su->fd, rec, err)) == KC_OK) {
        su->sum->recorded++;
        su->sum->crashed += r->outcome == KC_POOL_CRASH;
        su->sum->hung += r->outcome == KC_POOL_HANG;
    }
    if (su->o->on_done)
        su->o->on_done(su->o->done_ctx, j, rec && s == KC_OK ? rec : NULL, s == KC_OK ? &jerr : err);
    json_decref(rec);
    return s;
}

kc_status kc_agent_suite_run(const kc_agent_suite_opts *o, kc_agent_suite_summary *sum, kc_err *err)
{
    memset(sum, 0, sizeof *sum);
    if (!o->out_dir || !*o->out_dir)
        return kc_err_set(err, KC_ERR_USAGE, "agent suite: no output directory (--out)");
    if (mkdir(o->out_dir, 0777) != 0 && errno != EEXIST)
        return kc_err_set(err, KC_ERR_IO, "agent suite: cannot create %s: %s", o->out_dir, strerror(errno));
    char results[PATH_MAX];
    snprintf(results, sizeof results, "%s/results.jsonl", o->out_dir);
    int fd = -1;
    json_t *before = NULL;
    kc_status s = kc_bench_open_out(results, &fd, err);   /* lock, then read */
    if (s == KC_OK)
        s = kc_bench_load(results, &before, NULL, err);
    kc_agent_suite_job *pending = malloc((o->njobs ? o->njobs : 1) * sizeof *pending);
    if (s == KC_OK && !pending)
        s = kc_err_set(err, KC_ERR_NOMEM, "agent suite: out of memory");
    if (s != KC_OK) {
        if (fd >= 0)
            close(fd);
        json_decref(before);
        free(pending);
        return s;
    }
    size_t n = 0;
    for (size_t i = 0; i < o->njobs; i++) {
        if (recorded(before, o->base.platform, o->jobs[i].task, o->jobs[i].config))
            sum->skipped++;
        else
            pending[n++] = o->jobs[i];
    }
    json_decref(before);
    if (o->on_start)
        o->on_start(o->done_ctx, n);
    suite su = {.o = o, .pending = pending, .fd = fd, .sum = sum};
    kc_pool_opts po = {.workers = o->workers, .job_timeout = o->job_timeout, .work = work, .done = done,
                       .label = label, .ctx = &su, .close_in_worker = fd};
    kc_pool_stats ps;
    s = kc_pool_run(&po, n, &ps, err);
    sum->interrupted = ps.interrupted && ps.not_run > 0;
    sum->missing = n - sum->recorded;
    if (close(fd) && s == KC_OK)
        s = kc_err_set(err, KC_ERR_IO, "agent suite: cannot close %s: %s", results, strerror(errno));
    free(pending);
    return s;
}
