/* kc_score.c — the paper-style aggregation of result records and its table
 * (see kc_score.h and docs/scoring.md). */
#include "kc_score.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "kc_bench.h"
#include "kc_platform.h"

static double num(const json_t *o, const char *k)
{
    return json_number_value(json_object_get(o, k));
}

static int seed_in(const uint64_t *seeds, size_t n, uint64_t seed)
{
    for (size_t i = 0; i < n; i++)
        if (seeds[i] == seed)
            return 1;
    return 0;
}

static int cell_index(const kc_score_table *t, const kc_task *task, int config)
{
    for (size_t i = 0; i < t->ncells; i++)
        if (t->cells[i].task == task && t->cells[i].config == config)
            return (int)i;
    return -1;
}

static int cell_cmp(const void *a, const void *b)
{
    const kc_score_cell *x = a, *y = b;
    int ix = 0, iy = 0, i = 0;
    for (const kc_task *const *t = kc_task_all(); *t; t++, i++) {
        if (*t == x->task)
            ix = i;
        if (*t == y->task)
            iy = i;
    }
    return ix != iy ? ix - iy : x->config - y->config;
}

/* Which kernel hash is the cell's candidate / baseline: the last in file order. */
typedef struct pick {
    const char *cand, *base;
} pick;

static void sum_add(kc_score_sum *s, const kc_score_cell *c, double *logsum, int *nlog)
{
    s->ncells++;
    s->nnobase += !c->correct && kc_bench_is_no_baseline(c->status);
    if (!c->correct)
        return;
    s->ncorrect++;
    s->mean_cycles += c->cycles;
    s->efficiency += c->efficiency;
    if (c->speedup > 0) {
        *logsum += log(c->speedup);
        (*nlog)++;
        s->nfast10 += c->speedup >= 1.0;
        s->nfast15 += c->speedup >= 1.5;
    }
}

static void sum_finish(kc_score_sum *s, double logsum, int nlog)
{
    if (s->ncorrect) {
        s->mean_cycles /= s->ncorrect;
        s->efficiency /= s->ncorrect;
    }
    s->speedup = nlog ? exp(logsum / nlog) : 0;
}

kc_status kc_score_aggregate(const json_t *records, const char *platform, const kc_score_select *sel,
                             kc_score_table *t, kc_err *err)
{
    memset(t, 0, sizeof *t);
    snprintf(t->platform, sizeof t->platform, "%s", platform);
    if (sel)
        for (size_t i = 0; i < sel->n && t->ncells < KC_SCORE_MAX_CELLS; i++)
            t->cells[t->ncells++] = (kc_score_cell){.task = sel->task[i], .config = sel->config[i]};
    pick *pk = calloc(KC_SCORE_MAX_CELLS, sizeof *pk);
    if (!pk)
        return kc_err_set(err, KC_ERR_NOMEM, "bench: out of memory");
    /* the seeds every per-seed cell needs: the selection's, or all the file holds */
    uint64_t *seeds = NULL;
    size_t nseeds = 0;
    if (sel && sel->nseeds) {
        if (!(seeds = malloc(sel->nseeds * sizeof *seeds))) {
            free(pk);
            return kc_err_set(err, KC_ERR_NOMEM, "bench: out of memory");
        }
        memcpy(seeds, sel->seeds, sel->nseeds * sizeof *seeds);
        nseeds = sel->nseeds;
    }

    /* pass 1: the cells and which hash each one scores */
    size_t i;
    const json_t *r;
    json_array_foreach(records, i, r) {
        const char *p = json_string_value(json_object_get(r, "platform"));
        const kc_task *task = kc_task_find(json_string_value(json_object_get(r, "task")) ?
                                           json_string_value(json_object_get(r, "task")) : "");
        int config = (int)json_integer_value(json_object_get(r, "config"));
        if (!p || strcmp(p, platform) || !task)
            continue;
        int c = cell_index(t, task, config);
        if (c < 0 && !sel) {   /* a task seen: all its configs are cells (those without records: missing) */
            for (int k = 1; k <= KC_TASK_NCONFIGS; k++) {
                if (cell_index(t, task, k) >= 0)
                    continue;
                if (t->ncells == KC_SCORE_MAX_CELLS) {
                    free(pk);
                    free(seeds);
                    return kc_err_set(err, KC_ERR_RANGE, "bench: more than %d (task, config) cells",
                                      KC_SCORE_MAX_CELLS);
                }
                t->cells[t->ncells++] = (kc_score_cell){.task = task, .config = k};
            }
            c = cell_index(t, task, config);
        }
        if (c < 0)
            continue;
        if (!json_object_get(r, "seed_results") && !(sel && sel->nseeds)) {
            uint64_t sd = (uint64_t)json_integer_value(json_object_get(r, "seed"));
            if (!seed_in(seeds, nseeds, sd)) {
                uint64_t *ns = realloc(seeds, (nseeds + 1) * sizeof *ns);
                if (!ns) {
                    free(pk);
                    free(seeds);
                    return kc_err_set(err, KC_ERR_NOMEM, "bench: out of memory");
                }
                seeds = ns;
                seeds[nseeds++] = sd;
            }
        }
        const char *h = json_string_value(json_object_get(r, "kernel_hash"));
        if (kc_bench_is_baseline(r))
            pk[c].base = h;
        else {
            pk[c].cand = h;
            t->candidates = 1;
        }
    }

    /* pass 2: fold the records of the picked hashes (first record per seed wins) */
    json_t *seen = json_object();
    char key[256];
    json_array_foreach(records, i, r) {
        const char *p = json_string_value(json_object_get(r, "platform"));
        const char *tn = json_string_value(json_object_get(r, "task"));
        const kc_task *task = tn ? kc_task_find(tn) : NULL;
        if (!p || strcmp(p, platform) || !task || kc_bench_key(r, key, sizeof key))
            continue;
        int c = cell_index(t, task, (int)json_integer_value(json_object_get(r, "config")));
        int whole = json_object_get(r, "seed_results") != NULL;   /* an agent record: all seeds in one */
        if (c < 0 || json_object_get(seen, key) ||
            (!whole && !seed_in(seeds, nseeds, (uint64_t)json_integer_value(json_object_get(r, "seed")))))
            continue;
        json_object_set_new(seen, key, json_true());
        const char *h = json_string_value(json_object_get(r, "kernel_hash"));
        kc_score_cell *cell = &t->cells[c];
        int is_base = kc_bench_is_baseline(r);
        int ok = json_is_true(json_object_get(r, "correct"));
        double cyc = kc_bench_cycles(r);
        if (is_base && pk[c].base && !strcmp(h, pk[c].base)) {
            /* base_correct counts failures as negative until finished */
            cell->base_correct = cell->have_base ? (cell->base_correct && ok) : ok;
            cell->base_cycles += cyc;
            cell->have_base++;
        }
        int is_cand = t->candidates ? (!is_base && pk[c].cand && !strcmp(h, pk[c].cand))
                                    : (is_base && pk[c].base && !strcmp(h, pk[c].base));
        if (!is_cand)
            continue;
        const char *st = json_string_value(json_object_get(r, "status"));
        if (!cell->nseeds || (cell->correct && !ok))
            snprintf(cell->status, sizeof cell->status, "%s", ok ? "correct" : st ? st : "wrong");
        cell->correct = cell->nseeds ? (cell->correct && ok) : ok;
        cell->max_abs = fmax(cell->max_abs, num(r, "max_abs_err"));
        cell->max_rel = fmax(cell->max_rel, num(r, "max_rel_err"));
        cell->cycles += cyc;
        cell->nseeds++;
        cell->nexpected = whole ? 1 : (int)nseeds;
        cell->have_kernel = 1;
        if (!cell->rec)
            cell->rec = r;
    }
    json_decref(seen);
    free(pk);
    free(seeds);

    const kc_platform *plat = kc_platform_find(platform);
    for (size_t c = 0; c < t->ncells; c++) {
        kc_score_cell *cell = &t->cells[c];
        kc_err ierr;
        kc_err_clear(&ierr);
        if (!plat || kc_platform_ideal_of(plat, cell->task, cell->config, &cell->ideal, &ierr) != KC_OK)
            cell->ideal = 0;   /* never trusted from a record */
        if (cell->nseeds)
            cell->cycles /= cell->nseeds;
        if (!cell->nseeds) {
            cell->correct = 0;
            snprintf(cell->status, sizeof cell->status, "missing");
        } else if (cell->nseeds < cell->nexpected) {
            cell->correct = 0;
            snprintf(cell->status, sizeof cell->status, "gap %d/%d seeds", cell->nseeds, cell->nexpected);
        }
        if (cell->have_base && cell->have_base < cell->nexpected)
            cell->base_correct = 0;   /* a baseline with a gap gives no speedup */
        if (cell->have_base)
            cell->base_cycles /= cell->have_base;
        cell->efficiency = cell->correct && cell->cycles > 0 ? cell->ideal / cell->cycles : 0;
        cell->speedup = cell->correct && cell->base_correct && cell->cycles > 0
                            ? cell->base_cycles / cell->cycles : 0;
    }
    qsort(t->cells, t->ncells, sizeof t->cells[0], cell_cmp);

    /* per task, per level, total */
    double tlog = 0, llog[4] = {0}, alog = 0;
    int tn = 0, ln[4] = {0}, an = 0;
    for (size_t c = 0; c < t->ncells; c++) {
        const kc_score_cell *cell = &t->cells[c];
        if (!t->ntasks || t->tasks[t->ntasks - 1] != cell->task) {
            if (t->ntasks)
                sum_finish(&t->task_sum[t->ntasks - 1], tlog, tn);
            t->tasks[t->ntasks++] = cell->task;
            tlog = 0;
            tn = 0;
        }
        int lv = cell->task->level >= 1 && cell->task->level <= 3 ? cell->task->level : 3;
        sum_add(&t->task_sum[t->ntasks - 1], cell, &tlog, &tn);
        sum_add(&t->level_sum[lv], cell, &llog[lv], &ln[lv]);
        sum_add(&t->total, cell, &alog, &an);
    }
    if (t->ntasks)
        sum_finish(&t->task_sum[t->ntasks - 1], tlog, tn);
    for (int l = 1; l <= 3; l++)
        sum_finish(&t->level_sum[l], llog[l], ln[l]);
    sum_finish(&t->total, alog, an);
    return KC_OK;
}

static void write_sum(FILE *out, const char *name, const kc_score_sum *s)
{
    char xn[16];
    snprintf(xn, sizeof xn, "%d/%d", s->ncorrect, s->ncells);
    fprintf(out, "%-12s %7s %12.0f %8.2fx %7.1f%% %7.2f %7.2f\n", name, xn, s->mean_cycles, s->speedup,
            100.0 * s->efficiency, s->ncells ? (double)s->nfast10 / s->ncells : 0.0,
            s->ncells ? (double)s->nfast15 / s->ncells : 0.0);
}

void kc_score_write(const kc_score_table *t, FILE *out)
{
    fprintf(out, "%-10s %-3s %-14s %10s %10s %10s %10s %6s %8s\n", "task", "cfg", "correct",
            "max_abs", "max_rel", "cycles", "ideal", "eff", "speedup");
    for (size_t i = 0; i < t->ncells; i++) {
        const kc_score_cell *c = &t->cells[i];
        char ok[40];
        snprintf(ok, sizeof ok, "%s", c->correct ? "yes" : c->status);
        fprintf(out, "%-10s C%-2d %-14s %10.3g %10.3g %10.0f %10.0f %5.1f%% ", c->task->name, c->config,
                ok, c->max_abs, c->max_rel, c->cycles, c->ideal, 100.0 * c->efficiency);
        if (c->speedup > 0)
            fprintf(out, "%7.2fx\n", c->speedup);
        else
            fprintf(out, "%8s\n", "-");
    }
    fprintf(out, "\n%s on %s: per task x/%d correct, mean cycles and efficiency over correct configs,\n"
                 "speedup = geometric mean of baseline/kernel cycles over correct configs, fast_p = share correct with speedup >= p\n",
            t->candidates ? "kernels vs baseline" : "baselines", t->platform, KC_TASK_NCONFIGS);
    fprintf(out, "%-12s %7s %12s %9s %8s %7s %7s\n", "task", "correct", "mean_cycles", "speedup", "eff",
            "fast_1", "fast_1.5");
    for (size_t i = 0; i < t->ntasks; i++)
        write_sum(out, t->tasks[i]->name, &t->task_sum[i]);
    for (int l = 1; l <= 3; l++)
        if (t->level_sum[l].ncells) {
            char name[16];
            snprintf(name, sizeof name, "level %d", l);
            write_sum(out, name, &t->level_sum[l]);
        }
    write_sum(out, "all", &t->total);
    if (!t->total.nnobase)
        return;
    fprintf(out, "without a baseline: %d of %d cells (" KC_BENCH_NO_BASELINE ": the platform's compiler emits "
            "none yet; " KC_BENCH_DOES_NOT_FIT ": larger than the build's memories; the records' \"reason\" "
            "says why):", t->total.nnobase, t->total.ncells);
    for (size_t i = 0; i < t->ntasks; i++)
        if (t->task_sum[i].nnobase)
            fprintf(out, " %s %d/%d", t->tasks[i]->name, t->task_sum[i].nnobase, t->task_sum[i].ncells);
    fprintf(out, "\n");
}
