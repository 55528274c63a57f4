/* kc_bench.c — records, aggregation, table and merge (see kc_bench.h and
 * docs/scoring.md). */
#define _POSIX_C_SOURCE 200809L
#include "kc_bench.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int kc_bench_key(const json_t *rec, char *buf, size_t size)
{
    const char *p = json_string_value(json_object_get(rec, "platform"));
    const char *t = json_string_value(json_object_get(rec, "task"));
    const char *h = json_string_value(json_object_get(rec, "kernel_hash"));
    json_t *c = json_object_get(rec, "config"), *s = json_object_get(rec, "seed");
    if (!p || !t || !h || !json_is_integer(c) || !json_is_integer(s))
        return -1;
    int n = snprintf(buf, size, "%s|%s|c%lld|%lld|%s|%s", p, t, (long long)json_integer_value(c),
                     (long long)json_integer_value(s), h, kc_bench_is_baseline(rec) ? "baseline" : "kernel");
    return n < 0 || (size_t)n >= size ? -1 : 0;
}

int kc_bench_is_baseline(const json_t *rec)
{
    const char *src = json_string_value(json_object_get(rec, "source"));
    const char *k = json_string_value(json_object_get(rec, "kernel"));
    if (src)
        return !strcmp(src, "baseline");
    return k && !strncmp(k, "baseline-", 9);
}

kc_status kc_bench_load(const char *path, json_t **records, size_t *bad, kc_err *err)
{
    size_t nbad = 0;
    *records = json_array();
    if (!*records)
        return kc_err_set(err, KC_ERR_NOMEM, "bench: out of memory");
    FILE *f = fopen(path, "r");
    if (!f) {
        if (errno == ENOENT)
            goto done;
        json_decref(*records);
        *records = NULL;
        return kc_err_set(err, KC_ERR_IO, "bench: cannot read %s: %s", path, strerror(errno));
    }
    char *line = NULL;
    size_t cap = 0;
    ssize_t len;
    char key[256];
    while ((len = getline(&line, &cap, f)) > 0) {
        if (line[len - 1] != '\n') {   /* torn last line: the writer died mid-line */
            nbad++;
            break;
        }
        if (len == 1)
            continue;
        json_t *r = json_loadb(line, (size_t)len, 0, NULL);
        if (!json_is_object(r) || kc_bench_key(r, key, sizeof key)) {
            json_decref(r);
            nbad++;
            continue;
        }
        json_array_append_new(*records, r);
    }
    free(line);
    fclose(f);
done:
    if (bad)
        *bad = nbad;
    return KC_OK;
}

kc_status kc_bench_append(int fd, const json_t *rec, kc_err *err)
{
    char *s = json_dumps(rec, JSON_COMPACT);
    if (!s)
        return kc_err_set(err, KC_ERR_NOMEM, "bench: cannot serialise a record");
    size_t n = strlen(s);
    char *line = realloc(s, n + 2);
    if (!line) {
        free(s);
        return kc_err_set(err, KC_ERR_NOMEM, "bench: out of memory");
    }
    line[n] = '\n';
    ssize_t w;
    do
        w = write(fd, line, n + 1);   /* one write: the line lands whole or not at all */
    while (w < 0 && errno == EINTR);
    free(line);
    if (w != (ssize_t)(n + 1))
        return kc_err_set(err, KC_ERR_IO, "bench: short write of a record: %s",
                          w < 0 ? strerror(errno) : "disk full?");
    return KC_OK;
}

kc_status kc_bench_open_out(const char *path, int *fd, kc_err *err)
{
    *fd = open(path, O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
    if (*fd < 0)
        return kc_err_set(err, KC_ERR_IO, "bench: cannot open %s: %s", path, strerror(errno));
    struct stat st;
    char last;
    if (!fstat(*fd, &st) && st.st_size > 0 && pread(*fd, &last, 1, st.st_size - 1) == 1 && last != '\n') {
        if (write(*fd, "\n", 1) != 1) {
            close(*fd);
            return kc_err_set(err, KC_ERR_IO, "bench: cannot write %s", path);
        }
    }
    return KC_OK;
}

/* ---- aggregation -------------------------------------------------------- */

static double num(const json_t *o, const char *k)
{
    return json_number_value(json_object_get(o, k));
}

/* Cycles of one record: the mean over its seed_results when it has them. */
static double rec_cycles(const json_t *r)
{
    const json_t *per = json_object_get(r, "seed_results");
    if (json_array_size(per)) {
        double s = 0;
        size_t i;
        const json_t *e;
        json_array_foreach(per, i, e)
            s += num(e, "cycles");
        return s / (double)json_array_size(per);
    }
    return num(r, "cycles");
}

static int cell_index(const kc_bench_table *t, const kc_task *task, int config)
{
    for (size_t i = 0; i < t->ncells; i++)
        if (t->cells[i].task == task && t->cells[i].config == config)
            return (int)i;
    return -1;
}

static int cell_cmp(const void *a, const void *b)
{
    const kc_bench_cell *x = a, *y = b;
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

static void sum_add(kc_bench_sum *s, const kc_bench_cell *c, double *logsum, int *nlog)
{
    s->ncells++;
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

static void sum_finish(kc_bench_sum *s, double logsum, int nlog)
{
    if (s->ncorrect) {
        s->mean_cycles /= s->ncorrect;
        s->efficiency /= s->ncorrect;
    }
    s->speedup = nlog ? exp(logsum / nlog) : 0;
}

kc_status kc_bench_aggregate(const json_t *records, const char *platform, const kc_bench_select *sel,
                             kc_bench_table *t, kc_err *err)
{
    memset(t, 0, sizeof *t);
    snprintf(t->platform, sizeof t->platform, "%s", platform);
    if (sel)
        for (size_t i = 0; i < sel->n && t->ncells < KC_BENCH_MAX_CELLS; i++)
            t->cells[t->ncells++] = (kc_bench_cell){.task = sel->task[i], .config = sel->config[i]};
    pick *pk = calloc(KC_BENCH_MAX_CELLS, sizeof *pk);
    if (!pk)
        return kc_err_set(err, KC_ERR_NOMEM, "bench: out of memory");

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
        if (c < 0 && !sel) {
            if (t->ncells == KC_BENCH_MAX_CELLS) {
                free(pk);
                return kc_err_set(err, KC_ERR_RANGE, "bench: more than %d (task, config) cells",
                                  KC_BENCH_MAX_CELLS);
            }
            c = (int)t->ncells;
            t->cells[t->ncells++] = (kc_bench_cell){.task = task, .config = config};
        }
        if (c < 0)
            continue;
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
        if (c < 0 || json_object_get(seen, key))
            continue;
        json_object_set_new(seen, key, json_true());
        const char *h = json_string_value(json_object_get(r, "kernel_hash"));
        kc_bench_cell *cell = &t->cells[c];
        int is_base = kc_bench_is_baseline(r);
        int ok = json_is_true(json_object_get(r, "correct"));
        double cyc = rec_cycles(r);
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
        cell->ideal += num(r, "ideal_cycles");
        cell->nseeds++;
        cell->have_kernel = 1;
    }
    json_decref(seen);
    free(pk);

    for (size_t c = 0; c < t->ncells; c++) {
        kc_bench_cell *cell = &t->cells[c];
        if (cell->nseeds) {
            cell->cycles /= cell->nseeds;
            cell->ideal /= cell->nseeds;
        } else
            snprintf(cell->status, sizeof cell->status, "missing");
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
        const kc_bench_cell *cell = &t->cells[c];
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

static void write_sum(FILE *out, const char *name, const kc_bench_sum *s)
{
    char xn[16];
    snprintf(xn, sizeof xn, "%d/%d", s->ncorrect, s->ncells);
    fprintf(out, "%-12s %7s %12.0f %8.2fx %7.1f%% %7.2f %7.2f\n", name, xn, s->mean_cycles, s->speedup,
            100.0 * s->efficiency, s->ncells ? (double)s->nfast10 / s->ncells : 0.0,
            s->ncells ? (double)s->nfast15 / s->ncells : 0.0);
}

void kc_bench_table_write(const kc_bench_table *t, FILE *out)
{
    fprintf(out, "%-10s %-3s %-14s %10s %10s %10s %10s %6s %8s\n", "task", "cfg", "correct",
            "max_abs", "max_rel", "cycles", "ideal", "eff", "speedup");
    for (size_t i = 0; i < t->ncells; i++) {
        const kc_bench_cell *c = &t->cells[i];
        char ok[24];
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
}

/* ---- merging shards ----------------------------------------------------- */

kc_status kc_bench_merge(const char *out, const char *const *in, size_t nin, FILE *conflict_log,
                         kc_bench_merge_stats *st, kc_err *err)
{
    memset(st, 0, sizeof *st);
    json_t *byk = json_object(), *all = json_array();
    kc_status s = KC_OK;
    char key[256];
    for (size_t f = 0; f < nin && s == KC_OK; f++) {
        json_t *recs;
        size_t bad;
        if ((s = kc_bench_load(in[f], &recs, &bad, err)) != KC_OK)
            break;
        st->bad_lines += bad;
        size_t i;
        json_t *r;
        json_array_foreach(recs, i, r) {
            kc_bench_key(r, key, sizeof key);
            st->read++;
            json_t *prev = json_object_get(byk, key);
            if (!prev) {
                json_object_set(byk, key, r);
                json_array_append(all, r);
                continue;
            }
            int same = json_equal(json_object_get(prev, "correct"), json_object_get(r, "correct")) &&
                       rec_cycles(prev) == rec_cycles(r);
            if (same)
                st->duplicates++;
            else {
                st->conflicts++;
                if (conflict_log)
                    fprintf(conflict_log, "conflict %s: kept %s/%.0f cycles, dropped %s/%.0f cycles (%s)\n",
                            key, json_is_true(json_object_get(prev, "correct")) ? "correct" : "not correct",
                            rec_cycles(prev), json_is_true(json_object_get(r, "correct")) ? "correct" : "not correct",
                            rec_cycles(r), in[f]);
            }
        }
        json_decref(recs);
    }
    if (s == KC_OK) {
        int fd = open(out, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
        if (fd < 0)
            s = kc_err_set(err, KC_ERR_IO, "merge: cannot write %s: %s", out, strerror(errno));
        size_t i;
        json_t *r;
        json_array_foreach(all, i, r) {
            if (s != KC_OK)
                break;
            if ((s = kc_bench_append(fd, r, err)) == KC_OK)
                st->written++;
        }
        if (fd >= 0 && close(fd) && s == KC_OK)
            s = kc_err_set(err, KC_ERR_IO, "merge: cannot close %s", out);
    }
    json_decref(byk);
    json_decref(all);
    return s;
}
