/* kc_plan.c — the job list of a sweep (see kc_plan.h). */
#define _POSIX_C_SOURCE 200809L
#include "kc_plan.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "kc_bench.h"
#include "kc_eval.h"
#include "kc_file.h"

/* The kernel of (task, config) in DIR: DIR/<task>_c<config>.s or DIR/<task>/c<config>.s.
 * NULL when there is none, or when the one there cannot be read as text (err says
 * why). */
static char *plan_dir_kernel(const char *dir, const char *task, int config, char *path, size_t size, kc_err *err)
{
    const char *fmt[2] = {"%s/%s_c%d.s", "%s/%s/c%d.s"};
    for (int k = 0; k < 2; k++) {
        snprintf(path, size, fmt[k], dir, task, config);
        char *text = NULL;
        if (access(path, F_OK) == 0) {
            kc_file_read_text(path, &text, NULL, err);
            return text;
        }
    }
    return NULL;
}

static kc_status plan_add(kc_plan *pl, const char *task, int config, uint64_t seed, const char *source,
                          const char *name, const char *text, kc_err *err)
{
    if (pl->n == pl->cap) {
        size_t cap = pl->cap ? 2 * pl->cap : 64;
        kc_sweep_job *j = realloc(pl->jobs, cap * sizeof *j);
        if (!j)
            return kc_err_set(err, KC_ERR_NOMEM, "out of memory");
        pl->jobs = j;
        pl->cap = cap;
    }
    kc_sweep_job *j = &pl->jobs[pl->n++];
    memset(j, 0, sizeof *j);
    j->task = task;
    j->config = config;
    j->seed = seed;
    j->source = source;
    j->text = text;
    snprintf(j->kernel_name, sizeof j->kernel_name, "%s", name);
    snprintf(j->hash, sizeof j->hash, "%016llx", (unsigned long long)kc_eval_hash(text));
    return KC_OK;
}

/* Takes ownership of text (freed on failure; NULL: out of memory). */
static const char *plan_keep(kc_plan *pl, char *text, kc_err *err)
{
    char **t = text ? realloc(pl->texts, (pl->ntexts + 1) * sizeof *t) : NULL;
    if (!t) {
        free(text);
        kc_err_set(err, KC_ERR_NOMEM, "out of memory");
        return NULL;
    }
    pl->texts = t;
    return pl->texts[pl->ntexts++] = text;
}

/* Every seed of one kernel of one pair. */
static kc_status plan_add_seeds(kc_plan *pl, const kc_plan_opts *o, const char *task, int config,
                                const char *source, const char *name, const char *text, kc_err *err)
{
    for (size_t s = 0; s < o->nseeds; s++)
        if (plan_add(pl, task, config, o->seeds[s], source, name, text, err) != KC_OK)
            return err->code;
    return KC_OK;
}

kc_status kc_plan_build(kc_plan *pl, const kc_plan_opts *o, kc_err *err)
{
    memset(pl, 0, sizeof *pl);
    const kc_platform *p = o->platform;
    for (size_t k = 0; k < o->npairs; k++) {
        const kc_task *t = o->tasks[k];
        int c = o->configs[k];
        char *text = NULL, name[160], path[512];
        kc_err why;
        kc_err_clear(&why);
        const char *reason = NULL, *status = NULL;
        if (kc_platform_baseline(p, t, c, &text, &why) != KC_OK) {
            /* no baseline here: its jobs record status "no-baseline" (not served
             * yet) or "does-not-fit" (KC_ERR_RANGE: larger than the build's
             * memories) with the compiler's reason */
            char buf[800];
            if (why.code == KC_ERR_NOMEM)
                return kc_err_set(err, why.code, "baseline of %s C%d: %s", t->name, c,
                                  kc_err_format(&why, buf, sizeof buf));
            if (!(reason = plan_keep(pl, strdup(why.text), err)) ||
                !(text = strdup("")))
                return kc_err_set(err, KC_ERR_NOMEM, "out of memory");
            status = kc_bench_no_baseline_status(why.code);
        }
        const char *kept = plan_keep(pl, text, err);
        snprintf(name, sizeof name, "baseline-%s-%s-c%d", p->name, t->name, c);
        size_t first = pl->n;
        if (!kept || plan_add_seeds(pl, o, t->name, c, "baseline", name, kept, err) != KC_OK)
            return err->code;
        for (size_t j = first; j < pl->n; j++) {
            pl->jobs[j].no_baseline = reason;
            pl->jobs[j].no_baseline_status = status;
        }
        if (!o->kernels_dir)
            continue;
        char *kt = plan_dir_kernel(o->kernels_dir, t->name, c, path, sizeof path, &why);
        if (!kt) {
            if (o->note)
                o->note(o->ctx, t, c, why.code != KC_OK ? &why : NULL);
            continue;
        }
        if (!(kept = plan_keep(pl, kt, err)) || plan_add_seeds(pl, o, t->name, c, "kernels", path, kept, err) != KC_OK)
            return err->code;
    }
    return KC_OK;
}

size_t kc_plan_todo(const kc_plan *pl, const char *platform, unsigned shard_i, unsigned shard_n,
                    const json_t *records, kc_sweep_job *todo, size_t *nshard)
{
    json_t *done = json_object();
    char key[256];
    size_t i, ntodo = 0;
    json_t *r;
    json_array_foreach(records, i, r)
        if (done && !kc_bench_key(r, key, sizeof key))
            json_object_set_new(done, key, json_true());
    *nshard = 0;
    for (size_t j = 0; j < pl->n; j++) {
        if (j % shard_n != shard_i)
            continue;
        (*nshard)++;
        const kc_sweep_job *jb = &pl->jobs[j];
        int known = done && !kc_bench_key_of(platform, jb->task, jb->config, jb->seed, jb->hash,
                                             !strcmp(jb->source, "baseline"), key, sizeof key) &&
                    json_object_get(done, key);
        if (!known)
            todo[ntodo++] = *jb;
    }
    json_decref(done);
    return ntodo;
}

kc_status kc_plan_select(const kc_plan *pl, unsigned shard_i, unsigned shard_n, kc_score_select *sel,
                         kc_err *err)
{
    size_t cap = pl->n ? pl->n : 1;
    const kc_task **sel_t = malloc(cap * sizeof *sel_t);
    int *sel_c = malloc(cap * sizeof *sel_c);
    uint64_t *sel_s = malloc(cap * sizeof *sel_s);
    size_t nsel = 0, nsel_s = 0;
    memset(sel, 0, sizeof *sel);
    if (!sel_t || !sel_c || !sel_s) {
        free(sel_t);
        free(sel_c);
        free(sel_s);
        return kc_err_set(err, KC_ERR_NOMEM, "out of memory");
    }
    for (size_t j = 0; j < pl->n; j++) {
        size_t k = 0;
        while (k < nsel_s && sel_s[k] != pl->jobs[j].seed)
            k++;
        if (k == nsel_s)   /* the seeds every cell needs: those of the whole job list */
            sel_s[nsel_s++] = pl->jobs[j].seed;
        if (j % shard_n != shard_i)
            continue;
        const kc_task *t = kc_task_find(pl->jobs[j].task);
        if (!nsel || sel_t[nsel - 1] != t || sel_c[nsel - 1] != pl->jobs[j].config) {
            sel_t[nsel] = t;
            sel_c[nsel++] = pl->jobs[j].config;
        }
    }
    *sel = (kc_score_select){.n = nsel, .task = sel_t, .config = sel_c, .nseeds = nsel_s, .seeds = sel_s};
    return KC_OK;
}

void kc_plan_select_free(kc_score_select *sel)
{
    free((void *)sel->task);
    free((void *)sel->config);
    free((void *)sel->seeds);
    memset(sel, 0, sizeof *sel);
}

void kc_plan_free(kc_plan *pl)
{
    for (size_t i = 0; i < pl->ntexts; i++)
        free(pl->texts[i]);
    free(pl->texts);
    free(pl->jobs);
    memset(pl, 0, sizeof *pl);
}
