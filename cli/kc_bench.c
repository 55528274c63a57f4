/* kc_bench.c — records, aggregation, table and merge (see kc_bench.h and
 * docs/scoring.md). */
#define _POSIX_C_SOURCE 200809L
#include "kc_bench.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "kc_eval_status.h"
#include "kc_platform.h"

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

/* ---- reading and validating records ------------------------------------- */

/* Statuses only a sweep writes; every evaluation status comes from kc_eval_status_name
 * (one source of truth). */
static const char *const sweep_statuses[] = {"crash", "hang", "no-kernel", NULL};

/* Statuses of a kernel that was simulated to halt, trap or timeout: cycles are part
 * of the record. */
static int ran(const char *status)
{
    for (int s = 0; s < KC_EVAL_NSTATUS; s++)
        if (s != KC_EVAL_ASSEMBLE_ERROR && !strcmp(status, kc_eval_status_name((kc_eval_status)s)))
            return 1;
    return 0;
}

static int known_status(const char *st)
{
    if (ran(st) || !strcmp(st, kc_eval_status_name(KC_EVAL_ASSEMBLE_ERROR)))
        return 1;
    for (const char *const *k = sweep_statuses; *k; k++)
        if (!strcmp(st, *k))
            return 1;
    return 0;
}

/* One outcome (the record itself, or one of its seed_results): status, correct
 * and cycles agree, and a correct run is no faster than the roofline. */
static kc_status check_outcome(const json_t *o, const char *what, double ideal, kc_err *err)
{
    const char *st = json_string_value(json_object_get(o, "status"));
    json_t *ok = json_object_get(o, "correct"), *cyc = json_object_get(o, "cycles");
    if (!st || !known_status(st))
        return kc_err_set(err, KC_ERR_RANGE, "%s: \"status\" missing or unknown", what);
    if (!json_is_boolean(ok))
        return kc_err_set(err, KC_ERR_RANGE, "%s: \"correct\" missing or not a boolean", what);
    if (json_is_true(ok) != !strcmp(st, "correct"))
        return kc_err_set(err, KC_ERR_RANGE, "%s: \"correct\" %s disagrees with status \"%s\"", what,
                          json_is_true(ok) ? "true" : "false", st);
    if (ran(st) && (!json_is_integer(cyc) || json_integer_value(cyc) < 0))
        return kc_err_set(err, KC_ERR_RANGE, "%s: status \"%s\" without a cycle count", what, st);
    if (cyc && !json_is_integer(cyc))
        return kc_err_set(err, KC_ERR_RANGE, "%s: \"cycles\" is not an integer", what);
    if (json_is_true(ok) && (double)json_integer_value(cyc) < floor(ideal))
        return kc_err_set(err, KC_ERR_RANGE, "%s: correct with %lld cycles, below the task's ideal %.0f "
                          "(impossible: an edited or corrupt record)", what, (long long)json_integer_value(cyc),
                          floor(ideal));
    return KC_OK;
}

static kc_status check_record(const json_t *r, kc_err *err)
{
    const char *p = json_string_value(json_object_get(r, "platform"));
    const char *t = json_string_value(json_object_get(r, "task"));
    json_t *c = json_object_get(r, "config"), *seed = json_object_get(r, "seed");
    const kc_platform *plat = p ? kc_platform_find(p) : NULL;
    const kc_task *task = t ? kc_task_find(t) : NULL;
    if (!plat)
        return kc_err_set(err, KC_ERR_RANGE, "\"platform\" missing or unknown");
    if (!task)
        return kc_err_set(err, KC_ERR_RANGE, "\"task\" missing or unknown");
    if (!json_is_integer(c) || json_integer_value(c) < 1 || json_integer_value(c) > KC_TASK_NCONFIGS)
        return kc_err_set(err, KC_ERR_RANGE, "\"config\" missing or not 1..%d", KC_TASK_NCONFIGS);
    if (!json_is_integer(seed) || json_integer_value(seed) < 0)
        return kc_err_set(err, KC_ERR_RANGE, "\"seed\" missing or negative");
    if (!json_is_string(json_object_get(r, "kernel_hash")))
        return kc_err_set(err, KC_ERR_RANGE, "\"kernel_hash\" missing");
    const char *src = json_string_value(json_object_get(r, "source"));
    if (json_object_get(r, "source") && !src)
        return kc_err_set(err, KC_ERR_RANGE, "\"source\" is not a string");
    static const char *const errs[] = {"max_abs_err", "max_rel_err", NULL};
    for (const char *const *k = errs; *k; k++) {
        json_t *v = json_object_get(r, *k);
        if (v && !json_is_null(v) && (!json_is_number(v) || !(json_number_value(v) >= 0)))
            return kc_err_set(err, KC_ERR_RANGE, "\"%s\" is not a number >= 0", *k);
    }
    double ideal = 0;
    kc_status s = kc_platform_ideal_of(plat, task, (int)json_integer_value(c), &ideal, err);
    if (s != KC_OK || (s = check_outcome(r, "record", ideal, err)) != KC_OK)
        return s;
    json_t *per = json_object_get(r, "seed_results");
    if (!per)
        return KC_OK;
    if (!json_is_array(per) || !json_array_size(per))
        return kc_err_set(err, KC_ERR_RANGE, "\"seed_results\" is not a non-empty array");
    int all = 1;
    size_t i;
    json_t *e;
    json_array_foreach(per, i, e) {
        char what[48];
        snprintf(what, sizeof what, "seed_results[%zu]", i);
        json_t *es = json_object_get(e, "seed");
        if (!json_is_object(e) || !json_is_integer(es) || json_integer_value(es) < 0)
            return kc_err_set(err, KC_ERR_RANGE, "%s: not an object with a seed", what);
        if ((s = check_outcome(e, what, ideal, err)) != KC_OK)
            return s;
        all &= json_is_true(json_object_get(e, "correct"));
    }
    if (all != json_is_true(json_object_get(r, "correct")))
        return kc_err_set(err, KC_ERR_RANGE, "\"correct\" is not the AND of seed_results");
    return KC_OK;
}

kc_status kc_bench_parse_record(const char *line, size_t len, json_t **rec, kc_err *err)
{
    *rec = NULL;
    if (memchr(line, 0, len))
        return kc_err_set(err, KC_ERR_SYNTAX, "a NUL byte in the line");
    json_error_t je;
    json_t *r = json_loadb(line, len, JSON_REJECT_DUPLICATES, &je);
    if (!r)
        return kc_err_set(err, KC_ERR_SYNTAX, "not JSON: %s", je.text);
    if (!json_is_object(r)) {
        json_decref(r);
        return kc_err_set(err, KC_ERR_SYNTAX, "not a JSON object");
    }
    kc_status s = check_record(r, err);
    char key[256];
    if (s == KC_OK && kc_bench_key(r, key, sizeof key))
        s = kc_err_set(err, KC_ERR_RANGE, "key fields too long");
    if (s != KC_OK) {
        json_decref(r);
        return s;
    }
    *rec = r;
    return KC_OK;
}

static void note_invalid(kc_bench_invalid *bad, size_t lineno, const char *why)
{
    bad->n++;
    if (bad->nshown < KC_BENCH_SHOW_INVALID)
        snprintf(bad->what[bad->nshown++], sizeof bad->what[0], "line %zu: %s", lineno, why);
}

kc_status kc_bench_load(const char *path, json_t **records, kc_bench_invalid *bad, kc_err *err)
{
    kc_bench_invalid local;
    if (!bad)
        bad = &local;
    memset(bad, 0, sizeof *bad);
    *records = json_array();
    if (!*records)
        return kc_err_set(err, KC_ERR_NOMEM, "bench: out of memory");
    FILE *f = fopen(path, "r");
    if (!f) {
        if (errno == ENOENT)
            return KC_OK;
        json_decref(*records);
        *records = NULL;
        return kc_err_set(err, KC_ERR_IO, "bench: cannot read %s: %s", path, strerror(errno));
    }
    char *line = NULL;
    size_t cap = 0, lineno = 0;
    ssize_t len;
    while ((len = getline(&line, &cap, f)) > 0) {
        lineno++;
        if (line[len - 1] != '\n') {   /* torn last line: the writer died mid-line */
            note_invalid(bad, lineno, "torn last line (no newline): a writer died mid-line");
            break;
        }
        if (len == 1)
            continue;
        json_t *r;
        kc_err lerr;
        kc_err_clear(&lerr);
        if (kc_bench_parse_record(line, (size_t)len - 1, &r, &lerr) != KC_OK) {
            note_invalid(bad, lineno, lerr.text);
            continue;
        }
        json_array_append_new(*records, r);
    }
    free(line);
    fclose(f);
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

void kc_bench_mark_lost(json_t *rec, const kc_pool_result *r, double job_timeout)
{
    char sig[16];
    json_object_set_new(rec, "status", json_string(kc_pool_outcome_name(r->outcome)));
    json_object_set_new(rec, "correct", json_false());
    json_object_set_new(rec, "wall_seconds", json_real(r->seconds));
    if (r->outcome == KC_POOL_CRASH && r->signal) {
        json_object_set_new(rec, "signal", json_string(kc_pool_signal_name(r->signal, sig, sizeof sig)));
        json_object_set_new(rec, "signal_number", json_integer(r->signal));
    } else if (r->outcome == KC_POOL_CRASH)
        json_object_set_new(rec, "exit_status", json_integer(r->exit_status));
    else
        json_object_set_new(rec, "job_timeout_seconds", json_real(job_timeout));
}

kc_status kc_bench_open_out(const char *path, int *fd, kc_err *err)
{
    *fd = open(path, O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
    if (*fd < 0)
        return kc_err_set(err, KC_ERR_IO, "bench: cannot open %s: %s", path, strerror(errno));
    if (flock(*fd, LOCK_EX | LOCK_NB) != 0) {
        int e = errno;
        close(*fd);
        *fd = -1;
        if (e == EWOULDBLOCK)
            return kc_err_set(err, KC_ERR_IO, "bench: %s is in use by another running sweep (it holds the file's "
                              "lock); wait for it to finish, or give each sweep its own file (--shard i/N) and "
                              "join them with kc merge", path);
        return kc_err_set(err, KC_ERR_IO, "bench: cannot lock %s: %s", path, strerror(e));
    }
    struct stat st;
    char last;
    if (!fstat(*fd, &st) && st.st_size > 0 && pread(*fd, &last, 1, st.st_size - 1) == 1 && last != '\n') {
        if (write(*fd, "\n", 1) != 1) {
            close(*fd);
            *fd = -1;
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

static int seed_in(const uint64_t *seeds, size_t n, uint64_t seed)
{
    for (size_t i = 0; i < n; i++)
        if (seeds[i] == seed)
            return 1;
    return 0;
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
                if (t->ncells == KC_BENCH_MAX_CELLS) {
                    free(pk);
                    free(seeds);
                    return kc_err_set(err, KC_ERR_RANGE, "bench: more than %d (task, config) cells",
                                      KC_BENCH_MAX_CELLS);
                }
                t->cells[t->ncells++] = (kc_bench_cell){.task = task, .config = k};
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
        cell->nseeds++;
        cell->nexpected = whole ? 1 : (int)nseeds;
        cell->have_kernel = 1;
    }
    json_decref(seen);
    free(pk);
    free(seeds);

    const kc_platform *plat = kc_platform_find(platform);
    for (size_t c = 0; c < t->ncells; c++) {
        kc_bench_cell *cell = &t->cells[c];
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
}

/* ---- merging shards ----------------------------------------------------- */

/* Replaces out with the records of all, under out's sweep lock (a sweep still
 * appending to out is not overwritten: the merge is refused), through a temporary
 * file renamed over out, so a failed merge leaves out as it was. */
static kc_status write_merged(const char *out, const json_t *all, kc_bench_merge_stats *st, kc_err *err)
{
    int lock_fd;
    if (kc_bench_open_out(out, &lock_fd, err) != KC_OK)
        return err->code;
    char tmp[4096];
    kc_status s = KC_OK;
    int fd = -1;
    if (snprintf(tmp, sizeof tmp, "%s.merge-XXXXXX", out) >= (int)sizeof tmp)
        s = kc_err_set(err, KC_ERR_IO, "merge: path too long: %s", out);
    else if ((fd = mkstemp(tmp)) < 0)
        s = kc_err_set(err, KC_ERR_IO, "merge: cannot create a file beside %s: %s", out, strerror(errno));
    size_t i;
    json_t *r;
    json_array_foreach(all, i, r) {
        if (s != KC_OK)
            break;
        if ((s = kc_bench_append(fd, r, err)) == KC_OK)
            st->written++;
    }
    if (fd >= 0) {
        int bad = fchmod(fd, 0644) || fsync(fd);   /* mkstemp makes 0600; records are 0644 */
        bad |= close(fd) != 0;
        if (bad && s == KC_OK)
            s = kc_err_set(err, KC_ERR_IO, "merge: cannot write %s: %s", tmp, strerror(errno));
    }
    if (fd >= 0 && s == KC_OK && rename(tmp, out))
        s = kc_err_set(err, KC_ERR_IO, "merge: cannot replace %s: %s", out, strerror(errno));
    if (fd >= 0 && s != KC_OK)
        unlink(tmp);
    close(lock_fd);
    return s;
}

kc_status kc_bench_merge(const char *out, const char *const *in, size_t nin, FILE *conflict_log,
                         kc_bench_merge_stats *st, kc_err *err)
{
    memset(st, 0, sizeof *st);
    json_t *byk = json_object(), *all = json_array();
    kc_status s = KC_OK;
    char key[256];
    for (size_t f = 0; f < nin && s == KC_OK; f++) {
        json_t *recs;
        kc_bench_invalid bad;
        if ((s = kc_bench_load(in[f], &recs, &bad, err)) != KC_OK)
            break;
        st->bad_lines += bad.n;
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
    if (s == KC_OK)
        s = write_merged(out, all, st, err);
    json_decref(byk);
    json_decref(all);
    return s;
}
