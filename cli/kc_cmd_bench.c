/* kc bench / kc merge — the sweep runner and shard merging (docs/scoring.md).
 * kc run is the same sweep with the baseline kernels and a correctness exit code
 * (kc_cmd_run.c calls kc_cmd_bench_sweep). */
#define _POSIX_C_SOURCE 200809L
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "kc_file.h"
#include "kc_bench.h"
#include "kc_cmds.h"
#include "kc_eval.h"
#include "kc_opts.h"
#include "kc_platform.h"
#include "kc_seeds.h"
#include "kc_sweep.h"

/* Seconds one evaluation may take before its worker counts as hung: far above the
 * slowest baseline evaluation (a few seconds), far below "forever". */
#define KC_BENCH_JOB_TIMEOUT 600.0

static void usage(FILE *out, int as_run)
{
    if (as_run)
        fprintf(out,
                "usage: kc run [--platform npu] [--tasks a,b,...] [--configs 1,2,...] [--jobs N]\n"
                "              [--seed S | --seeds a,b,... | --fresh-seeds N] [--out FILE | --json FILE] [--shard i/N]\n"
                "              [--job-timeout SECONDS]\n"
                "\n"
                "The main job: evaluates the template-compiler baseline of every selected (task, config)\n"
                "on the RTL, on the fixed hidden scoring seeds (or --seed S alone, --seeds a,b,... to replay,\n"
                "--fresh-seeds N drawn from the OS random source now and recorded), in N worker processes\n"
                "(default: number of CPUs), and prints the table (task, config, correct, max error,\n"
                "cycles, ideal, efficiency) with the per-task / per-level summary. Exit 0 only when\n"
                "every baseline is correct. Same as kc bench --kernels baseline; see docs/scoring.md.\n"
                "--job-timeout: wall-clock limit of one evaluation (default %g s); past it the worker is\n"
                "killed and the job recorded as status \"hang\". A kernel that kills its worker is\n"
                "recorded as status \"crash\" with the signal. --out is locked while a sweep runs.\n",
                KC_BENCH_JOB_TIMEOUT);
    else
        fprintf(out,
                "usage: kc bench [--platform npu] [--kernels baseline|DIR] [--tasks a,b,...] [--configs 1,2,...]\n"
                "                [--jobs N] [--seed S | --seeds a,b,... | --fresh-seeds N] [--out results.jsonl]\n"
                "                [--shard i/N] [--cycle-limit N] [--job-timeout SECONDS]\n"
                "       kc bench --table FILE [--platform npu]\n"
                "\n"
                "Sweeps (task, config, seed) evaluations in N forked workers (default: number of CPUs),\n"
                "appending one JSON record per evaluation to --out as it completes; a rerun skips records\n"
                "already there. DIR holds <task>_c<config>.s (or <task>/c<config>.s); its kernels are\n"
                "scored against the baseline, which is evaluated too unless already recorded. Seeds: the\n"
                "fixed hidden scoring seeds; --seed S alone (development); --seeds a,b,... (replay);\n"
                "--fresh-seeds N: N seeds drawn from the OS random source now, never the visible seed,\n"
                "recorded in every record (\"seeds_from\": \"fresh\"). --shard i/N runs jobs whose index\n"
                "mod N == i. --table prints the table of an existing file (every config of each task in it;\n"
                "missing configs and seeds show as gaps). Invalid records are reported by line and\n"
                "skipped (a rerun evaluates them again). --out is locked while a sweep runs: a second\n"
                "sweep on the same file is refused. --job-timeout: wall-clock limit of one evaluation\n"
                "(default %g s); a hung worker is killed and the job recorded as status \"hang\"; a\n"
                "kernel that kills its worker is recorded as \"crash\" with the signal. See docs/scoring.md.\n",
                KC_BENCH_JOB_TIMEOUT);
}

typedef struct bench_args {
    kc_opts sel;
    int seed_given;
    kc_seeds seeds;          /* --seeds / --fresh-seeds */
    uint64_t seedv[KC_EVAL_MAX_SEEDS];   /* the scoring seeds, resolved after parsing */
    size_t nseeds;
    const char *kernels;     /* "baseline" or a directory */
    const char *out;
    const char *table;
    int jobs;
    unsigned shard_i, shard_n;
    uint64_t cycle_limit;
    double job_timeout;
} bench_args;


static int parse_args(bench_args *a, int argc, char **argv, int as_run)
{
    kc_opts_init(&a->sel);
    a->kernels = "baseline";
    long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
    a->jobs = ncpu > 0 ? (int)ncpu : 1;
    a->shard_n = 1;
    a->job_timeout = KC_BENCH_JOB_TIMEOUT;
    const char *cmd = as_run ? "kc run" : "kc bench";
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            usage(stdout, as_run);
            return 0;
        }
        if (!strcmp(argv[i], "--seed"))
            a->seed_given = 1;
        int used = kc_seeds_parse(&a->seeds, argc, argv, i);
        if (!used)
            used = kc_opts_parse(&a->sel, argc, argv, i);
        if (used < 0)
            return 2;
        if (used > 0) {
            i += used - 1;
            continue;
        }
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (v && !strcmp(argv[i], "--jobs")) {
            uint64_t n;
            if (!kc_opts_number(argv[i], v, 1, KC_OPTS_MAX_JOBS, &n))
                return 2;
            a->jobs = (int)n;
        } else if (v && (!strcmp(argv[i], "--out") || (as_run && !strcmp(argv[i], "--json"))))
            a->out = v;
        else if (v && !as_run && !strcmp(argv[i], "--kernels"))
            a->kernels = v;
        else if (v && !as_run && !strcmp(argv[i], "--table"))
            a->table = v;
        else if (v && !strcmp(argv[i], "--cycle-limit")) {
            if (!kc_opts_number(argv[i], v, 1, KC_OPTS_MAX_CYCLE_LIMIT, &a->cycle_limit))
                return 2;
        } else if (v && !strcmp(argv[i], "--job-timeout")) {
            char *end;
            a->job_timeout = strtod(v, &end);
            if (*end || !(a->job_timeout > 0 && a->job_timeout <= 1e6)) {
                fprintf(stderr, "%s: --job-timeout takes seconds, > 0 and <= 1e6\n", cmd);
                return 2;
            }
        } else if (v && !strcmp(argv[i], "--shard")) {
            if (sscanf(v, "%u/%u", &a->shard_i, &a->shard_n) != 2 || !a->shard_n || a->shard_i >= a->shard_n) {
                fprintf(stderr, "%s: --shard takes i/N with 0 <= i < N\n", cmd);
                return 2;
            }
        } else {
            fprintf(stderr, "%s: unknown option or missing value '%s'\n", cmd, argv[i]);
            usage(stderr, as_run);
            return 2;
        }
        i++;
    }
    if (a->seed_given && (a->seeds.n || a->seeds.fresh)) {
        fprintf(stderr, "%s: --seed excludes --seeds and --fresh-seeds\n", cmd);
        return 2;
    }
    if (a->seeds.fresh && a->shard_n > 1) {
        fprintf(stderr, "%s: shards would draw different fresh seeds; draw once and give every shard "
                "--seeds a,b,...\n", cmd);
        return 2;
    }
    return -1;
}

/* The scoring seeds: --seed S alone, or kc_seeds_resolve (printed when fresh, so
 * the sweep can be replayed with --seeds). 0, or 2 after a message. */
static int resolve_seeds(bench_args *a)
{
    if (a->seed_given) {
        a->seedv[0] = a->sel.seed;
        a->nseeds = 1;
        return 0;
    }
    kc_err err;
    kc_err_clear(&err);
    if (kc_seeds_resolve(&a->seeds, KC_EVAL_VISIBLE_SEED, a->seedv, &a->nseeds, &err) != KC_OK) {
        char buf[800];
        fprintf(stderr, "kc: %s\n", kc_err_format(&err, buf, sizeof buf));
        return 2;
    }
    if (a->seeds.fresh) {
        fprintf(stderr, "kc: fresh seeds (replay with --seeds): ");
        for (size_t i = 0; i < a->nseeds; i++)
            fprintf(stderr, "%s%" PRIu64, i ? "," : "", a->seedv[i]);
        fprintf(stderr, "\n");
    }
    return 0;
}

/* The kernel of (task, config) in DIR: DIR/<task>_c<config>.s or DIR/<task>/c<config>.s.
 * NULL when there is none, or when the one there cannot be read as text (err says
 * why: a NUL byte, not a regular file, too large). */
static char *dir_kernel(const char *dir, const char *task, int config, char *path, size_t size, kc_err *err)
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

typedef struct job_list {
    kc_sweep_job *jobs;
    size_t n, cap;
    char **texts;            /* owned kernel texts */
    size_t ntexts;
} job_list;

static int add_job(job_list *l, const char *task, int config, uint64_t seed, const char *source,
                   const char *name, const char *text)
{
    if (l->n == l->cap) {
        size_t cap = l->cap ? 2 * l->cap : 64;
        kc_sweep_job *j = realloc(l->jobs, cap * sizeof *j);
        if (!j)
            return -1;
        l->jobs = j;
        l->cap = cap;
    }
    kc_sweep_job *j = &l->jobs[l->n++];
    memset(j, 0, sizeof *j);
    j->task = task;
    j->config = config;
    j->seed = seed;
    j->source = source;
    j->text = text;
    snprintf(j->kernel_name, sizeof j->kernel_name, "%s", name);
    snprintf(j->hash, sizeof j->hash, "%016llx", (unsigned long long)kc_eval_hash(text));
    return 0;
}

static char *keep(job_list *l, char *text)
{
    char **t = realloc(l->texts, (l->ntexts + 1) * sizeof *t);
    if (!t) {
        free(text);
        return NULL;
    }
    l->texts = t;
    return l->texts[l->ntexts++] = text;
}

/* Every job of the selection in a stable order: registry order, config, kernel
 * (baseline first), seed. Returns -1 on failure (message printed). */
static int build_jobs(const bench_args *a, const kc_platform *p, job_list *l)
{
    kc_opts_job pairs[KC_OPTS_MAX_JOBS];
    size_t npairs = kc_opts_jobs(&a->sel, pairs, KC_OPTS_MAX_JOBS);
    const uint64_t *seeds = a->seedv;
    size_t nseeds = a->nseeds;
    int from_dir = strcmp(a->kernels, "baseline") != 0;
    for (size_t k = 0; k < npairs; k++) {
        const char *task = pairs[k].task->name;
        int c = pairs[k].config;
        char *text = NULL, name[160], path[512];
        kc_err err;
        kc_err_clear(&err);
        if (kc_platform_baseline(p, pairs[k].task, c, &text, &err) != KC_OK || !keep(l, text)) {
            char buf[800];
            fprintf(stderr, "kc: baseline of %s C%d: %s\n", task, c, kc_err_format(&err, buf, sizeof buf));
            return -1;
        }
        snprintf(name, sizeof name, "baseline-%s-%s-c%d", p->name, task, c);
        for (size_t s = 0; s < nseeds; s++)
            if (add_job(l, task, c, seeds[s], "baseline", name, text))
                return -1;
        if (!from_dir)
            continue;
        kc_err_clear(&err);
        char *kt = dir_kernel(a->kernels, task, c, path, sizeof path, &err);
        if (!kt) {
            char buf[800];
            if (err.code != KC_OK)
                fprintf(stderr, "kc bench: %s: scored as not correct\n", kc_err_format(&err, buf, sizeof buf));
            else
                fprintf(stderr, "kc bench: no kernel for %s C%d in %s: scored as not correct\n", task, c,
                        a->kernels);
            continue;
        }
        if (!keep(l, kt))
            return -1;
        for (size_t s = 0; s < nseeds; s++)
            if (add_job(l, task, c, seeds[s], "kernels", path, kt))
                return -1;
    }
    return 0;
}

static void free_jobs(job_list *l)
{
    for (size_t i = 0; i < l->ntexts; i++)
        free(l->texts[i]);
    free(l->texts);
    free(l->jobs);
}

static void print_invalid(const kc_bench_invalid *bad, const char *path)
{
    if (!bad->n)
        return;
    fprintf(stderr, "kc: %zu lines of %s are not valid records (skipped; a rerun with --out evaluates them again):\n",
            bad->n, path);
    for (size_t k = 0; k < bad->nshown; k++)
        fprintf(stderr, "kc:   %s:%s\n", path, bad->what[k] + 5);   /* "line 7: ..." -> "path:7: ..." */
    if (bad->n > bad->nshown)
        fprintf(stderr, "kc:   ... and %zu more\n", bad->n - bad->nshown);
}

static int print_table_of(const json_t *recs, const char *platform, const kc_bench_select *sel, int *all_correct)
{
    kc_bench_table *t = malloc(sizeof *t);
    kc_err err;
    kc_err_clear(&err);
    if (!t || kc_bench_aggregate(recs, platform, sel, t, &err) != KC_OK) {
        char buf[800];
        fprintf(stderr, "kc: %s\n", t ? kc_err_format(&err, buf, sizeof buf) : "out of memory");
        free(t);
        return -1;
    }
    kc_bench_table_write(t, stdout);
    if (all_correct)
        *all_correct = t->ncells && t->total.ncorrect == t->total.ncells;
    free(t);
    return 0;
}

int kc_cmd_bench_sweep(int argc, char **argv, int as_run)
{
    bench_args a;
    memset(&a, 0, sizeof a);
    int rc = parse_args(&a, argc, argv, as_run);
    if (rc >= 0)
        return rc;
    char buf[800];
    kc_err err;
    kc_err_clear(&err);
    if (a.table) {
        json_t *recs;
        kc_bench_invalid bad;
        if (kc_bench_load(a.table, &recs, &bad, &err) != KC_OK) {
            fprintf(stderr, "kc bench: %s\n", kc_err_format(&err, buf, sizeof buf));
            return 2;
        }
        print_invalid(&bad, a.table);
        rc = print_table_of(recs, a.sel.platform, NULL, NULL) ? 2 : 0;
        json_decref(recs);
        return rc;
    }
    const kc_platform *p = kc_platform_find(a.sel.platform);
    if (!p) {
        fprintf(stderr, "kc: unknown platform '%s'\n", a.sel.platform);
        return 2;
    }
    if (resolve_seeds(&a))
        return 2;
    job_list l = {0};
    if (build_jobs(&a, p, &l)) {
        free_jobs(&l);
        return 2;
    }
    /* records already in --out (for the table and the skip set) */
    json_t *recs = NULL, *done = json_object();
    kc_bench_invalid bad;
    int fd = -1;
    if (a.out) {   /* lock first, then read: what is skipped is what no one else is writing */
        if (kc_bench_open_out(a.out, &fd, &err) != KC_OK || kc_bench_load(a.out, &recs, &bad, &err) != KC_OK) {
            fprintf(stderr, "kc: %s\n", kc_err_format(&err, buf, sizeof buf));
            if (fd >= 0)
                close(fd);
            json_decref(recs);
            json_decref(done);
            free_jobs(&l);
            return 2;
        }
        print_invalid(&bad, a.out);
    } else
        recs = json_array();
    char key[256];
    size_t i;
    json_t *r;
    json_array_foreach(recs, i, r) if (!kc_bench_key(r, key, sizeof key)) json_object_set_new(done, key, json_true());

    /* this shard's jobs (index mod N over the full, stable list), minus recorded ones */
    kc_sweep_job *todo = malloc((l.n ? l.n : 1) * sizeof *todo);
    size_t ntodo = 0, nskip = 0, nshard = 0;
    for (size_t j = 0; todo && j < l.n; j++) {
        if (j % a.shard_n != a.shard_i)
            continue;
        nshard++;
        snprintf(key, sizeof key, "%s|%s|c%d|%" PRIu64 "|%s|%s", p->name, l.jobs[j].task, l.jobs[j].config,
                 l.jobs[j].seed, l.jobs[j].hash, strcmp(l.jobs[j].source, "baseline") ? "kernel" : "baseline");
        if (json_object_get(done, key))
            nskip++;
        else
            todo[ntodo++] = l.jobs[j];
    }
    fprintf(stderr, "kc: %zu evaluations in this selection%s, %zu already recorded, %zu to run on %d workers\n",
            nshard, a.shard_n > 1 ? " shard" : "", nskip, ntodo, a.jobs);
    kc_sweep_opts so = {.platform = p->name, .workers = a.jobs, .out_fd = fd, .cycle_limit = a.cycle_limit,
                        .job_timeout = a.job_timeout, .progress = stderr,
                        .seeds_from = a.seed_given ? "given" : kc_seeds_from(&a.seeds)};
    kc_sweep_stats st = {0};
    kc_status s = todo ? kc_sweep_run(&so, todo, ntodo, recs, &st, &err)
                       : kc_err_set(&err, KC_ERR_NOMEM, "out of memory");
    if (fd >= 0)
        close(fd);
    if (s != KC_OK)
        fprintf(stderr, "kc: %s\n", kc_err_format(&err, buf, sizeof buf));
    if (todo && ntodo) {
        fprintf(stderr, "kc: %zu evaluations in %.1f s wall (%d workers), %zu not correct (%zu crashed, %zu hung), "
                "%zu errors\n", st.done, st.wall, a.jobs, st.not_correct, st.crashed, st.hung, st.errors);
        for (int k = 0; k < 3 && st.slowest[k] > 0; k++)
            fprintf(stderr, "kc: slowest #%d: %s C%d seed %" PRIu64 " (%s) %.2f s\n", k + 1,
                    todo[st.slowest_job[k]].task, todo[st.slowest_job[k]].config, todo[st.slowest_job[k]].seed,
                    todo[st.slowest_job[k]].source, st.slowest[k]);
    }

    /* the table of this selection (this shard's cells only when sharded) */
    const kc_task **sel_t = malloc((l.n ? l.n : 1) * sizeof *sel_t);
    int *sel_c = malloc((l.n ? l.n : 1) * sizeof *sel_c);
    uint64_t *sel_s = malloc((l.n ? l.n : 1) * sizeof *sel_s);
    size_t nsel = 0, nsel_s = 0;
    for (size_t j = 0; sel_t && sel_c && sel_s && j < l.n; j++) {
        size_t k = 0;
        while (k < nsel_s && sel_s[k] != l.jobs[j].seed)
            k++;
        if (k == nsel_s)   /* the seeds every cell needs: those of the whole job list */
            sel_s[nsel_s++] = l.jobs[j].seed;
        if (j % a.shard_n != a.shard_i)
            continue;
        const kc_task *t = kc_task_find(l.jobs[j].task);
        if (!nsel || sel_t[nsel - 1] != t || sel_c[nsel - 1] != l.jobs[j].config) {
            sel_t[nsel] = t;
            sel_c[nsel++] = l.jobs[j].config;
        }
    }
    kc_bench_select sel = {.n = nsel, .task = sel_t, .config = sel_c, .nseeds = nsel_s, .seeds = sel_s};
    int all_correct = 0;
    int table_failed = print_table_of(recs, p->name, &sel, &all_correct);
    if (a.out)
        printf("records: %s\n", a.out);

    free(sel_t);
    free(sel_c);
    free(sel_s);
    free(todo);
    json_decref(recs);
    json_decref(done);
    free_jobs(&l);
    if (s != KC_OK || table_failed)
        return 2;
    if (st.interrupted) {
        fprintf(stderr, "kc: interrupted; rerun with the same --out to finish\n");
        return 130;
    }
    if (st.errors)
        return 1;
    return as_run && !all_correct ? 1 : 0;
}

int kc_cmd_bench_main(int argc, char **argv)
{
    return kc_cmd_bench_sweep(argc, argv, 0);
}

int kc_cmd_bench_merge(int argc, char **argv)
{
    if (argc >= 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
        printf("usage: kc merge OUT IN1 [IN2 ...]\n\n"
               "Joins result files (shards) into OUT: one record per key (platform, task, config,\n"
               "seed, kernel hash), the first complete record wins; torn or invalid lines are\n"
               "dropped; records that disagree with the kept one are reported as conflicts.\n"
               "Then: kc bench --table OUT.\n");
        return 0;
    }
    if (argc < 3) {
        fprintf(stderr, "usage: kc merge OUT IN1 [IN2 ...]\n");
        return 2;
    }
    for (int i = 2; i < argc; i++)
        if (!strcmp(argv[i], argv[1])) {
            fprintf(stderr, "kc merge: OUT must not also be an input\n");
            return 2;
        }
    kc_bench_merge_stats st;
    kc_err err;
    kc_err_clear(&err);
    if (kc_bench_merge(argv[1], (const char *const *)argv + 2, (size_t)argc - 2, stderr, &st, &err) != KC_OK) {
        char buf[800];
        fprintf(stderr, "kc merge: %s\n", kc_err_format(&err, buf, sizeof buf));
        return 2;
    }
    fprintf(stderr, "kc merge: %zu records read, %zu written, %zu duplicates, %zu conflicts, %zu bad lines\n",
            st.read, st.written, st.duplicates, st.conflicts, st.bad_lines);
    return st.conflicts ? 1 : 0;
}
