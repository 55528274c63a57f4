/* kc_sweep.c — evaluations on the forked worker pool (see kc_sweep.h). */
#define _POSIX_C_SOURCE 200809L
#include "kc_sweep.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "kc_bench.h"
#include "kc_eval.h"
#include "kc_pool.h"
#include "kc_progress.h"

typedef struct sweep {
    const kc_sweep_opts *o;
    const kc_sweep_job *jobs;
    size_t njobs;
    json_t *records;
    kc_sweep_stats *st;
    kc_progress bar;      /* the parent's (o->progress) */
    kc_eval_ctx *ectx;    /* a worker's own, opened by its first job (the parent has none) */
} sweep;

/* A job's identity as a record (platform, task, config, seed, kernel, hash, source). */
static json_t *identity(const sweep *sw, const kc_sweep_job *j)
{
    json_t *rec = json_pack("{s:s, s:s, s:i, s:I, s:s, s:s, s:s}", "platform", sw->o->platform, "task", j->task,
                            "config", j->config, "seed", (json_int_t)j->seed, "kernel", j->kernel_name,
                            "kernel_hash", j->hash, "source", j->source);
    if (rec && sw->o->seeds_from)
        json_object_set_new(rec, "seeds_from", json_string(sw->o->seeds_from));
    return rec;
}

/* In the worker: one evaluation -> the compact JSON record. */
static int work(void *ctx, size_t job, char **reply)
{
    sweep *sw = ctx;
    const kc_sweep_job *j = &sw->jobs[job];
    if (j->no_baseline) {   /* nothing to evaluate: the record says why */
        json_t *rec = identity(sw, j);
        if (rec) {
            kc_bench_mark_no_baseline(rec, j->no_baseline_status, j->no_baseline);
            *reply = json_dumps(rec, JSON_COMPACT);
            json_decref(rec);
        }
        return rec && *reply ? 0 : -1;
    }
    kc_eval_opts eo = {.platform = sw->o->platform, .task = j->task, .config = j->config, .seed = j->seed,
                       .cycle_limit = sw->o->cycle_limit};
    kc_err err;
    kc_err_clear(&err);
    if (!sw->ectx && kc_eval_ctx_open(&sw->ectx, &err) != KC_OK)
        return -1;
    kc_eval_result *res = malloc(sizeof *res);
    if (!res)
        return -1;
    if (kc_eval_run(sw->ectx, &eo, j->text, j->kernel_name, res, &err) != KC_OK) {
        char buf[800];
        free(res);
        *reply = strdup(kc_err_format(&err, buf, sizeof buf));
        return -1;
    }
    json_t *rec = kc_eval_result_json(res);
    if (rec) {
        json_object_set_new(rec, "source", json_string(j->source));
        if (sw->o->seeds_from)
            json_object_set_new(rec, "seeds_from", json_string(sw->o->seeds_from));
        json_object_set_new(rec, "wall_seconds",
                            json_real(res->t_setup + res->t_assemble + res->t_sim + res->t_check));
        *reply = json_dumps(rec, JSON_COMPACT);
        json_decref(rec);
    }
    free(res);
    return *reply ? 0 : -1;
}

static void label(void *ctx, size_t job, char *buf, size_t size)
{
    const sweep *sw = ctx;
    const kc_sweep_job *j = &sw->jobs[job];
    snprintf(buf, size, "%s:%d:%llu", j->task, j->config, (unsigned long long)j->seed);
}

/* The record of a job whose worker died or hung: the job's identity, never correct. */
static json_t *lost_record(const sweep *sw, const kc_sweep_job *j, const kc_pool_result *r)
{
    json_t *rec = identity(sw, j);
    if (rec)
        kc_bench_mark_lost(rec, r, sw->o->job_timeout);
    return rec;
}

/* A finished job on the progress stream; a job that is not correct stays on screen. */
static void progress(sweep *sw, const kc_sweep_job *j, const char *what, int bad, double dt)
{
    const kc_sweep_stats *st = sw->st;
    kc_progress_step(&sw->bar, st->done + st->errors, st->not_correct + st->errors, bad, "%-10s C%d seed %-5llu %-14s %6.2f s",
                     j->task, j->config, (unsigned long long)j->seed, what, dt);
}

static void note_slow(kc_sweep_stats *st, size_t job, double dt)
{
    for (int k = 0; k < 3; k++)
        if (dt > st->slowest[k]) {
            for (int m = 2; m > k; m--) {
                st->slowest[m] = st->slowest[m - 1];
                st->slowest_job[m] = st->slowest_job[m - 1];
            }
            st->slowest[k] = dt;
            st->slowest_job[k] = job;
            return;
        }
}

/* In the parent: one finished job -> a record appended (or an error counted). */
static kc_status done(void *ctx, const kc_pool_result *r, kc_err *err)
{
    sweep *sw = ctx;
    kc_sweep_stats *st = sw->st;
    const kc_sweep_job *j = &sw->jobs[r->job];
    note_slow(st, r->job, r->seconds);
    if (r->outcome == KC_POOL_FAILED) {
        st->errors++;
        kc_progress_line(&sw->bar, "kc: %s C%d seed %llu: %s", j->task, j->config, (unsigned long long)j->seed,
                         r->body);
        progress(sw, j, "error", 1, r->seconds);
        return KC_OK;
    }
    json_t *rec = r->outcome == KC_POOL_DONE ? json_loads(r->body, 0, NULL) : lost_record(sw, j, r);
    if (!rec) {
        st->errors++;
        progress(sw, j, "bad-record", 1, r->seconds);
        return KC_OK;
    }
    kc_status s = KC_OK;
    st->done++;
    int ok = json_is_true(json_object_get(rec, "correct"));
    const char *status = json_string_value(json_object_get(rec, "status"));
    int nobase = kc_bench_is_no_baseline(status);
    st->no_baseline += nobase;
    st->not_correct += !ok && !nobase;
    st->crashed += r->outcome == KC_POOL_CRASH;
    st->hung += r->outcome == KC_POOL_HANG;
    if (sw->o->out_fd >= 0)
        s = kc_bench_append(sw->o->out_fd, rec, err);
    if (sw->records)
        json_array_append(sw->records, rec);
    char what[40];
    const char *sig = json_string_value(json_object_get(rec, "signal"));
    snprintf(what, sizeof what, "%s%s%s", ok ? "correct" : json_string_value(json_object_get(rec, "status")),
             sig ? " " : "", sig ? sig : "");
    progress(sw, j, what, !ok, r->seconds);
    json_decref(rec);
    return s;
}

kc_status kc_sweep_run(const kc_sweep_opts *o, const kc_sweep_job *jobs, size_t njobs, json_t *records,
                       kc_sweep_stats *st, kc_err *err)
{
    memset(st, 0, sizeof *st);
    sweep sw = {.o = o, .jobs = jobs, .njobs = njobs, .records = records, .st = st};
    kc_progress_init(&sw.bar, o->progress, o->progress_what ? o->progress_what : "kc", njobs);
    kc_pool_opts po = {.workers = o->workers, .job_timeout = o->job_timeout, .work = work, .done = done,
                       .label = label, .ctx = &sw, .close_in_worker = o->out_fd};
    kc_pool_stats ps;
    kc_status s = kc_pool_run(&po, njobs, &ps, err);
    kc_progress_end(&sw.bar);
    st->interrupted = ps.interrupted && ps.not_run > 0;
    st->wall = ps.wall;
    return s;
}
