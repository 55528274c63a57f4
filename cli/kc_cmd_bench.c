/* kc bench / kc merge — the sweep runner and shard merging (docs/scoring.md).
 * kc run is the same sweep with the baseline kernels and a correctness exit code
 * (kc_cmd_run.c calls kc_cmd_bench_sweep). */
#define _POSIX_C_SOURCE 200809L
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "kc_bench.h"
#include "kc_score.h"
#include "kc_cmds.h"
#include "kc_eval.h"
#include "kc_opts.h"
#include "kc_plan.h"
#include "kc_platform.h"
#include "kc_seeds.h"
#include "kc_sweep.h"

/* Seconds one evaluation may take before its worker counts as hung: far above the
 * slowest baseline evaluation (a few seconds), far below "forever". */
#define BENCH_JOB_TIMEOUT 600
#define BENCH_STR_(x) #x
#define BENCH_STR(x) BENCH_STR_(x)

enum { OPT_JOBS = 1, OPT_OUT, OPT_JSON, OPT_KERNELS, OPT_TABLE, OPT_CYCLE_LIMIT, OPT_JOB_TIMEOUT, OPT_SHARD };

/* The options of every sweep (kc run and kc bench)... */
static const kc_args_opt sweep_rows[] = {
    {OPT_JOBS, "jobs", 0, KC_ARGS_NUMBER, "N", 1, KC_OPTS_MAX_JOBS, "worker processes (default: number of CPUs)"},
    {OPT_OUT, "out", 0, KC_ARGS_STRING, "FILE", 0, 0, "append the records to FILE (locked while the sweep runs)"},
    {OPT_SHARD, "shard", 0, KC_ARGS_STRING, "i/N", 0, 0, "run only the jobs whose index mod N == i"},
    {OPT_CYCLE_LIMIT, "cycle-limit", 0, KC_ARGS_NUMBER, "N", 1, KC_OPTS_MAX_CYCLE_LIMIT,
     "simulation cycle limit per evaluation (default: the task's, kc_eval_cycle_limit)"},
    {OPT_JOB_TIMEOUT, "job-timeout", 0, KC_ARGS_STRING, "SECONDS", 0, 0,
     "wall-clock limit of one evaluation (default " BENCH_STR(BENCH_JOB_TIMEOUT) " s); past it\n"
     "the worker is killed and the job recorded as status \"hang\";\n"
     "a kernel that kills its worker is recorded as \"crash\""},
    {0},
};

/* ...and those of one of them. */
static const kc_args_opt run_rows[] = {
    {OPT_JSON, "json", 0, KC_ARGS_STRING, "FILE", 0, 0, "the same as --out FILE"},
    {0},
};

static const kc_args_opt bench_rows[] = {
    {OPT_KERNELS, "kernels", 0, KC_ARGS_STRING, "baseline|DIR", 0, 0,
     "DIR holds <task>_c<config>.s (or <task>/c<config>.s), scored\n"
     "against the baseline (default: the baseline alone)"},
    {OPT_TABLE, "table", 0, KC_ARGS_STRING, "FILE", 0, 0,
     "print the table of an existing results file (every config of\n"
     "each task in it; missing configs and seeds show as gaps)"},
    {0},
};

static const kc_args_opt *const run_tables[] = {kc_opts_platform_rows, kc_opts_select_rows, kc_seeds_rows,
                                                sweep_rows, run_rows, NULL};
static const kc_args_opt *const bench_tables[] = {kc_opts_platform_rows, kc_opts_select_rows, kc_seeds_rows,
                                                  sweep_rows, bench_rows, NULL};

static const kc_args_spec run_spec = {
    "run", "[options]",
    "The main job: evaluates the template-compiler baseline of every selected (task, config)\n"
    "on the RTL, on the fixed hidden scoring seeds (or --seed S alone, --seeds a,b,... to replay,\n"
    "--fresh-seeds N drawn from the OS random source now and recorded), in N worker processes,\n"
    "and prints the table (task, config, correct, max error, cycles, ideal, efficiency) with\n"
    "the per-task / per-level summary. Without --platform it sweeps every platform built\n"
    "(not the test variants), one table each. Exit 0 only when every baseline is correct.\n"
    "Same as kc bench --kernels baseline per platform; see docs/scoring.md.\n",
    run_tables,
};

static const kc_args_spec bench_spec = {
    "bench", "[options]\n--table FILE [--platform P]",
    "Sweeps (task, config, seed) evaluations in N forked workers, appending one JSON record\n"
    "per evaluation to --out as it completes; a rerun skips records already there. Seeds: the\n"
    "fixed hidden scoring seeds; --seed S alone (development); --seeds a,b,... (replay);\n"
    "--fresh-seeds N: N seeds drawn from the OS random source now, never the visible seed,\n"
    "recorded in every record (\"seeds_from\": \"fresh\"). Invalid records are reported by line\n"
    "and skipped (a rerun evaluates them again). A second sweep on the same --out is refused.\n"
    "See docs/scoring.md.\n",
    bench_tables,
};

typedef struct bench_args {
    kc_opts sel;
    int seed_given;
    int platform_given;      /* --platform: else kc run sweeps every platform */
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

/* One option of kc bench / kc run into a: 1, or KC_ARGS_ERROR. */
static int take_one(bench_args *a, kc_args *p, int id)
{
    int taken = kc_seeds_take(&a->seeds, p, id);
    if (!taken)
        taken = kc_opts_take(&a->sel, p, id);
    if (taken)
        return taken;
    char *end;
    switch (id) {
    case OPT_JOBS: a->jobs = (int)p->number; break;
    case OPT_OUT: case OPT_JSON: a->out = p->value; break;
    case OPT_KERNELS: a->kernels = p->value; break;
    case OPT_TABLE: a->table = p->value; break;
    case OPT_CYCLE_LIMIT: a->cycle_limit = p->number; break;
    case OPT_JOB_TIMEOUT:
        a->job_timeout = strtod(p->value, &end);
        if (end == p->value || *end || !(a->job_timeout > 0 && a->job_timeout <= 1e6))
            return kc_args_bad_value(p, "seconds, > 0 and <= 1e6");
        break;
    case OPT_SHARD: {
        char extra;
        if (sscanf(p->value, "%u/%u%c", &a->shard_i, &a->shard_n, &extra) != 2 || !a->shard_n ||
            a->shard_i >= a->shard_n)
            return kc_args_bad_value(p, "i/N with 0 <= i < N");
        break;
    }
    }
    return 1;
}

/* Returns -1 to go on, else the exit status (after --help or a message). */
static int parse_args(bench_args *a, int argc, char **argv, int as_run)
{
    kc_opts_init(&a->sel);
    a->kernels = "baseline";
    long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
    a->jobs = ncpu > 0 ? (int)ncpu : 1;
    a->shard_n = 1;
    a->job_timeout = BENCH_JOB_TIMEOUT;
    const kc_args_spec *spec = as_run ? &run_spec : &bench_spec;
    kc_args p;
    kc_args_start(&p, spec, argc, argv);
    for (int id; (id = kc_args_next(&p)) != KC_ARGS_END;) {
        if (id == KC_ARGS_HELP) {
            kc_args_help(spec, stdout);
            return 0;
        }
        if (id == KC_OPTS_SEED)
            a->seed_given = 1;
        if (id == KC_OPTS_PLATFORM)
            a->platform_given = 1;
        if (id == KC_ARGS_ERROR || take_one(a, &p, id) == KC_ARGS_ERROR)
            return kc_args_exit(&p);
    }
    if (p.npos)
        kc_args_usage_error(&p, "unexpected argument '%s'", p.pos[0]);
    else if (a->seed_given && (a->seeds.n || a->seeds.fresh))
        kc_args_usage_error(&p, "--seed excludes --seeds and --fresh-seeds");
    else if (a->seeds.fresh && a->shard_n > 1)
        kc_args_usage_error(&p, "shards would draw different fresh seeds; draw once and give every shard "
                            "--seeds a,b,...");
    else
        return -1;
    return kc_args_exit(&p);
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

static void note_kernel(void *ctx, const kc_task *task, int config, const kc_err *why)
{
    const char *dir = ctx;
    char buf[800];
    if (why)
        fprintf(stderr, "kc bench: %s: scored as not correct\n", kc_err_format(why, buf, sizeof buf));
    else
        fprintf(stderr, "kc bench: no kernel for %s C%d in %s: scored as not correct\n", task->name, config, dir);
}

/* The sweep's job list: every selected pair on every scoring seed. */
static kc_status build_plan(const bench_args *a, const kc_platform *p, kc_plan *pl, kc_err *err)
{
    kc_opts_job pairs[KC_OPTS_MAX_JOBS];
    const kc_task *tasks[KC_OPTS_MAX_JOBS];
    int configs[KC_OPTS_MAX_JOBS];
    size_t npairs = kc_opts_jobs(&a->sel, pairs, KC_OPTS_MAX_JOBS);
    for (size_t k = 0; k < npairs; k++) {
        tasks[k] = pairs[k].task;
        configs[k] = pairs[k].config;
    }
    int from_dir = strcmp(a->kernels, "baseline") != 0;
    kc_plan_opts po = {.platform = p, .tasks = tasks, .configs = configs, .npairs = npairs, .seeds = a->seedv,
                       .nseeds = a->nseeds, .kernels_dir = from_dir ? a->kernels : NULL, .note = note_kernel,
                       .ctx = (void *)a->kernels};
    return kc_plan_build(pl, &po, err);
}

static int print_table_of(const json_t *recs, const char *platform, const kc_score_select *sel, int *all_correct)
{
    kc_score_table *t = malloc(sizeof *t);
    kc_err err;
    kc_err_clear(&err);
    if (!t || kc_score_aggregate(recs, platform, sel, t, &err) != KC_OK) {
        char buf[800];
        fprintf(stderr, "kc: %s\n", t ? kc_err_format(&err, buf, sizeof buf) : "out of memory");
        free(t);
        return -1;
    }
    kc_score_write(t, stdout);
    if (all_correct)
        *all_correct = t->ncells && t->total.ncorrect == t->total.ncells;
    free(t);
    return 0;
}

/* The sweep of one platform: its jobs (minus those recorded in --out), the table.
 * The exit status of kc bench / kc run for it. */
static int sweep_platform(const bench_args *a, const kc_platform *p, int as_run)
{
    char buf[800];
    kc_err err;
    kc_err_clear(&err);
    kc_plan l;
    if (build_plan(a, p, &l, &err) != KC_OK) {
        fprintf(stderr, "kc: %s\n", kc_err_format(&err, buf, sizeof buf));
        kc_plan_free(&l);
        return 2;
    }
    /* records already in --out (for the table and the skip set) */
    json_t *recs = NULL;
    kc_bench_invalid bad;
    int fd = -1;
    if (a->out) {   /* lock first, then read: what is skipped is what no one else is writing */
        if (kc_bench_open_out(a->out, &fd, &err) != KC_OK || kc_bench_load(a->out, &recs, &bad, &err) != KC_OK) {
            fprintf(stderr, "kc: %s\n", kc_err_format(&err, buf, sizeof buf));
            if (fd >= 0)
                close(fd);
            json_decref(recs);
            kc_plan_free(&l);
            return 2;
        }
        kc_bench_write_invalid(&bad, a->out, "a rerun with --out evaluates them again", stderr);
    } else
        recs = json_array();

    /* this shard's jobs (index mod N over the full, stable list), minus recorded ones */
    kc_sweep_job *todo = malloc((l.n ? l.n : 1) * sizeof *todo);
    size_t nshard = 0, ntodo = todo ? kc_plan_todo(&l, p->name, a->shard_i, a->shard_n, recs, todo, &nshard) : 0;
    size_t nskip = nshard - ntodo;
    fprintf(stderr, "kc: %zu evaluations in this selection%s, %zu already recorded, %zu to run on %d workers\n",
            nshard, a->shard_n > 1 ? " shard" : "", nskip, ntodo, a->jobs);
    kc_sweep_opts so = {.platform = p->name, .workers = a->jobs, .out_fd = fd, .cycle_limit = a->cycle_limit,
                        .job_timeout = a->job_timeout, .progress = stderr,
                        .progress_what = as_run ? "kc run" : "kc bench",
                        .seeds_from = a->seed_given ? "given" : kc_seeds_from(&a->seeds)};
    kc_sweep_stats st = {0};
    kc_status s = todo ? kc_sweep_run(&so, todo, ntodo, recs, &st, &err)
                       : kc_err_set(&err, KC_ERR_NOMEM, "out of memory");
    if (fd >= 0)
        close(fd);
    if (s != KC_OK)
        fprintf(stderr, "kc: %s\n", kc_err_format(&err, buf, sizeof buf));
    if (todo && ntodo) {
        fprintf(stderr, "kc: %zu records in %.1f s wall (%d workers), %zu not correct (%zu crashed, %zu hung), "
                "%zu without a baseline (" KC_BENCH_NO_BASELINE ", " KC_BENCH_DOES_NOT_FIT "), %zu errors\n",
                st.done, st.wall, a->jobs,
                st.not_correct, st.crashed, st.hung, st.no_baseline, st.errors);
        for (int k = 0; k < 3 && st.slowest[k] > 0; k++)
            fprintf(stderr, "kc: slowest #%d: %s C%d seed %" PRIu64 " (%s) %.2f s\n", k + 1,
                    todo[st.slowest_job[k]].task, todo[st.slowest_job[k]].config, todo[st.slowest_job[k]].seed,
                    todo[st.slowest_job[k]].source, st.slowest[k]);
    }

    /* the table of this selection (this shard's cells only when sharded) */
    kc_score_select sel;
    int all_correct = 0, table_failed = 1;
    if (kc_plan_select(&l, a->shard_i, a->shard_n, &sel, &err) != KC_OK)
        fprintf(stderr, "kc: %s\n", kc_err_format(&err, buf, sizeof buf));
    else {
        table_failed = print_table_of(recs, p->name, &sel, &all_correct);
        kc_plan_select_free(&sel);
    }
    if (a->out)
        printf("records: %s\n", a->out);
    free(todo);
    json_decref(recs);
    kc_plan_free(&l);
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

int kc_cmd_bench_sweep(int argc, char **argv, int as_run)
{
    bench_args a;
    memset(&a, 0, sizeof a);
    int rc = parse_args(&a, argc, argv, as_run);
    if (rc >= 0)
        return rc;
    if (a.table) {
        json_t *recs;
        kc_bench_invalid bad;
        char buf[800];
        kc_err err;
        kc_err_clear(&err);
        if (kc_bench_load(a.table, &recs, &bad, &err) != KC_OK) {
            fprintf(stderr, "kc bench: %s\n", kc_err_format(&err, buf, sizeof buf));
            return 2;
        }
        kc_bench_write_invalid(&bad, a.table, "a rerun with --out evaluates them again", stderr);
        rc = print_table_of(recs, a.sel.platform, NULL, NULL) ? 2 : 0;
        json_decref(recs);
        return rc;
    }
    if (resolve_seeds(&a))
        return 2;
    if (!as_run || a.platform_given) {
        const kc_platform *p = kc_platform_find(a.sel.platform);
        if (!p) {
            fprintf(stderr, "kc: unknown platform '%s'\n", a.sel.platform);
            return 2;
        }
        return sweep_platform(&a, p, as_run);
    }
    /* kc run without --platform: every platform of the registry (test variants,
     * other sizes of a platform, left out), in registry order, one table each. The
     * worst status wins: 2 (error) over 130 (interrupted: stop there) over 1. */
    rc = 0;
    for (const kc_platform *const *p = kc_platform_all(); *p; p++) {
        if ((*p)->variant)
            continue;
        fprintf(stderr, "kc run: platform %s\n", (*p)->name);
        int r = sweep_platform(&a, *p, as_run);
        if (r == 130)
            return 130;
        if (r > rc)
            rc = r;
    }
    return rc;
}

int kc_cmd_bench_main(int argc, char **argv)
{
    return kc_cmd_bench_sweep(argc, argv, 0);
}

static const kc_args_opt merge_rows[] = {{0}};
static const kc_args_opt *const merge_tables[] = {merge_rows, NULL};

static const kc_args_spec merge_spec = {
    "merge", "OUT IN1 [IN2 ...]",
    "Joins result files (shards) into OUT: one record per key (platform, task, config,\n"
    "seed, kernel hash), the first complete record wins; torn or invalid lines are\n"
    "dropped; records that disagree with the kept one are reported as conflicts.\n"
    "Then: kc bench --table OUT.\n",
    merge_tables,
};

int kc_cmd_bench_merge(int argc, char **argv)
{
    kc_args a;
    kc_args_start(&a, &merge_spec, argc, argv);
    for (int id; (id = kc_args_next(&a)) != KC_ARGS_END;) {
        if (id == KC_ARGS_HELP) {
            kc_args_help(&merge_spec, stdout);
            return 0;
        }
        return kc_args_exit(&a);
    }
    if (a.npos < 2)
        return kc_args_fail(&a, "give OUT and at least one input");
    for (int i = 1; i < a.npos; i++)
        if (!strcmp(a.pos[i], a.pos[0]))
            return kc_args_fail(&a, "OUT must not also be an input");
    kc_bench_merge_stats st;
    kc_err err;
    kc_err_clear(&err);
    if (kc_bench_merge(a.pos[0], (const char *const *)a.pos + 1, (size_t)a.npos - 1, stderr, &st, &err) != KC_OK) {
        char buf[800];
        fprintf(stderr, "kc merge: %s\n", kc_err_format(&err, buf, sizeof buf));
        return 2;
    }
    fprintf(stderr, "kc merge: %zu records read, %zu written, %zu duplicates, %zu conflicts, %zu bad lines\n",
            st.read, st.written, st.duplicates, st.conflicts, st.bad_lines);
    return st.conflicts ? 1 : 0;
}
