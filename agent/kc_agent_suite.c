/* kc_agent_suite.c — the sweep: skip what is recorded, fork workers, append records. */
#define _POSIX_C_SOURCE 200809L
#include "kc_agent_suite.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "kc_transcript.h"

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

static json_t *load_records(const char *path)
{
    json_t *ev = NULL;
    kc_err err;
    kc_err_clear(&err);
    if (kc_transcript_load(path, &ev, NULL, &err) != KC_OK)
        return json_array();   /* no file yet: nothing recorded */
    return ev;
}

static int run_job(const kc_agent_suite_opts *o, const kc_agent_suite_job *job, const char *results)
{
    char dir[PATH_MAX], tpath[PATH_MAX];
    kc_agent_suite_run_dir(o->out_dir, o->base.platform, job->task, job->config, dir, sizeof dir);
    struct stat st;
    if ((size_t)snprintf(tpath, sizeof tpath, "%s/transcript.jsonl", dir) >= sizeof tpath)
        tpath[0] = 0;
    kc_agent_opts a = o->base;
    a.task = job->task;
    a.config = job->config;
    a.out_dir = dir;
    a.resume = stat(tpath, &st) == 0;   /* interrupted earlier: continue it */
    kc_err err;
    kc_err_clear(&err);
    json_t *rec = NULL;
    kc_status s = kc_agent_run(&a, &rec, &err);
    if (s == KC_OK)
        s = kc_transcript_append(results, rec, &err);
    if (o->on_done)
        o->on_done(o->done_ctx, job, s == KC_OK ? rec : NULL, &err);
    json_decref(rec);
    return s == KC_OK;
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
    json_t *before = load_records(results);
    kc_agent_suite_job *pending = malloc((o->njobs ? o->njobs : 1) * sizeof *pending);
    if (!pending) {
        json_decref(before);
        return kc_err_set(err, KC_ERR_NOMEM, "agent suite: out of memory");
    }
    size_t n = 0;
    for (size_t i = 0; i < o->njobs; i++) {
        if (recorded(before, o->base.platform, o->jobs[i].task, o->jobs[i].config))
            sum->skipped++;
        else
            pending[n++] = o->jobs[i];
    }
    json_decref(before);
    int workers = o->workers < 1 ? 1 : o->workers;
    if ((size_t)workers > n)
        workers = n ? (int)n : 1;
    if (workers == 1) {
        for (size_t i = 0; i < n; i++)
            run_job(o, &pending[i], results);
    } else {
        fflush(NULL);   /* buffered output must not be duplicated into the children */
        pid_t *pids = calloc((size_t)workers, sizeof *pids);
        if (!pids) {
            free(pending);
            return kc_err_set(err, KC_ERR_NOMEM, "agent suite: out of memory");
        }
        int started = 0;
        for (int w = 0; w < workers; w++) {
            pid_t pid = fork();
            if (pid < 0) {
                kc_err_set(err, KC_ERR_IO, "agent suite: fork failed: %s", strerror(errno));
                break;
            }
            if (pid == 0) {
                int ok = 1;
                for (size_t i = (size_t)w; i < n; i += (size_t)workers)
                    ok &= run_job(o, &pending[i], results);
                fflush(NULL);
                _exit(ok ? 0 : 1);
            }
            pids[started++] = pid;
        }
        for (int w = 0; w < started; w++) {
            int status;
            while (waitpid(pids[w], &status, 0) < 0 && errno == EINTR)
                ;
        }
        free(pids);
        if (started < workers) {
            free(pending);
            return KC_ERR_IO;
        }
    }
    /* What actually landed in the file decides, whichever process wrote it. */
    json_t *after = load_records(results);
    for (size_t i = 0; i < n; i++) {
        if (recorded(after, o->base.platform, pending[i].task, pending[i].config))
            sum->recorded++;
        else
            sum->missing++;
    }
    json_decref(after);
    free(pending);
    return KC_OK;
}
