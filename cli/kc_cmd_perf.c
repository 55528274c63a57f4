/* kc perf — the performance benchmark (figures, never assertions):
 *   1. simulation speed: simulated cycles per wall-clock second of the RTL model
 *      on the busiest baseline kernels, and per CPU second (a shared machine);
 *   2. evaluation latency: generate + assemble + load + run + check of one kernel,
 *      median of several runs;
 *   3. the sweep: wall time for every selected (task, config) baseline. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "kc_cmds.h"
#include "kc_eval.h"
#include "kc_opts.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* CPU time of this process: on a shared machine wall time measures the load as
 * much as the simulator, so the sweep reports both. */
static double cpu_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static int eval_one(const char *platform, const char *task, int config, uint64_t seed,
                    kc_eval_result *res, double *wall)
{
    kc_eval_opts eo = {.platform = platform, .task = task, .config = config, .seed = seed};
    kc_err err;
    kc_err_clear(&err);
    static kc_eval_ctx *ctx;   /* this command's one evaluation context, kept to its exit */
    double t0 = now();
    if ((!ctx && kc_eval_ctx_open(&ctx, &err) != KC_OK) || kc_eval_baseline(ctx, &eo, res, &err) != KC_OK) {
        char buf[800];
        fprintf(stderr, "kc perf: %s C%d: %s\n", task, config, kc_err_format(&err, buf, sizeof buf));
        return -1;
    }
    *wall = now() - t0;
    return 0;
}

enum { OPT_REPEATS = 1, OPT_LAT_TASK, OPT_LAT_CONFIG };

static const kc_args_opt perf_rows[] = {
    {OPT_REPEATS, "repeats", 0, KC_ARGS_NUMBER, "N", 1, 1000, "evaluations of the latency figure (default 5)"},
    {OPT_LAT_TASK, "latency-task", 0, KC_ARGS_STRING, "T", 0, 0, "task of the latency figure (default softmax)"},
    {OPT_LAT_CONFIG, "latency-config", 0, KC_ARGS_NUMBER, "C", 1, KC_TASK_NCONFIGS,
     "config of the latency figure (default 3)"},
    {0},
};

static const kc_args_opt *const perf_tables[] = {kc_opts_platform_rows, kc_opts_select_rows, perf_rows, NULL};

static const kc_args_spec perf_spec = {
    "perf", "[options]",
    "Prints simulated cycles/s, the latency of one evaluation (median of N) and the\n"
    "wall time of the baseline sweep over the selected tasks and configs (a (task, config)\n"
    "without a baseline on the platform is skipped, and said so).\n",
    perf_tables,
};

int kc_cmd_perf_main(int argc, char **argv)
{
    kc_opts o;
    kc_opts_init(&o);
    int repeats = 5;
    const char *lat_task = "softmax";
    int lat_config = 3;
    kc_args a;
    kc_args_start(&a, &perf_spec, argc, argv);
    for (int id; (id = kc_args_next(&a)) != KC_ARGS_END;) {
        if (id == KC_ARGS_HELP) {
            kc_args_help(&perf_spec, stdout);
            return 0;
        }
        int taken = id == KC_ARGS_ERROR ? KC_ARGS_ERROR : kc_opts_take(&o, &a, id);
        if (taken == KC_ARGS_ERROR)
            return kc_args_exit(&a);
        if (id == OPT_REPEATS)
            repeats = (int)a.number;
        else if (id == OPT_LAT_TASK)
            lat_task = a.value;
        else if (id == OPT_LAT_CONFIG)
            lat_config = (int)a.number;
    }
    if (a.npos)
        return kc_args_fail(&a, "unexpected argument '%s'", a.pos[0]);

    kc_eval_result *res = malloc(sizeof *res);
    if (!res)
        return 2;
    /* 2. latency of one evaluation */
    double *lat = calloc((size_t)repeats, sizeof *lat);
    if (!lat) {
        free(res);
        return 2;
    }
    for (int r = 0; r < repeats; r++)
        if (eval_one(o.platform, lat_task, lat_config, o.seed, res, &lat[r])) {
            free(lat);
            free(res);
            return 1;
        }
    double lat_first = lat[0], lat_last = lat[repeats - 1];
    qsort(lat, (size_t)repeats, sizeof *lat, cmp_double);
    /* the rest of the last run's wall time: making the baseline's text (the
     * template compiler; rvv: clang -S) before the evaluation proper */
    double gen = lat_last - (res->t_setup + res->t_assemble + res->t_sim + res->t_check);
    printf("eval latency  %s C%d: median %.1f ms over %d runs, first %.1f ms (last: baseline %.1f, setup %.1f, "
           "assemble %.2f, sim %.1f, check %.1f ms; %llu cycles)\n",
           lat_task, lat_config, 1e3 * lat[repeats / 2], repeats, 1e3 * lat_first, 1e3 * (gen > 0 ? gen : 0),
           1e3 * res->t_setup,
           1e3 * res->t_assemble, 1e3 * res->t_sim, 1e3 * res->t_check, (unsigned long long)res->cycles);
    free(lat);

    /* 1 and 3: the sweep, with simulation speed per kernel */
    kc_opts_job jobs[KC_OPTS_MAX_JOBS];
    size_t njobs = kc_opts_jobs(&o, jobs, KC_OPTS_MAX_JOBS);
    double sweep = 0, sim_time = 0, cpu = 0;
    uint64_t sim_cycles = 0;
    double best_rate = 0;
    char best[64] = "";
    size_t skipped = 0;
    for (size_t j = 0; j < njobs; j++) {
        double wall, c0 = cpu_now();
        /* a (task, config) without a baseline on this platform (vliw serves 8 of
         * the tasks; a second size may not fit): said on stderr, then skipped, so
         * the figures of the others still print */
        if (eval_one(o.platform, jobs[j].task->name, jobs[j].config, o.seed, res, &wall)) {
            skipped++;
            continue;
        }
        cpu += cpu_now() - c0;
        sweep += wall;
        sim_time += res->t_sim;
        sim_cycles += res->cycles;
        double rate = res->t_sim > 0 ? (double)res->cycles / res->t_sim : 0;
        if (res->cycles > 20000 && rate > best_rate) {
            best_rate = rate;
            snprintf(best, sizeof best, "%s C%d", jobs[j].task->name, jobs[j].config);
        }
    }
    printf("sim speed     %.0f simulated cycles/s overall (%llu cycles in %.2f s of simulation)\n",
           sim_time > 0 ? (double)sim_cycles / sim_time : 0.0, (unsigned long long)sim_cycles, sim_time);
    if (best[0])
        printf("              %.0f cycles/s peak (%s)\n", best_rate, best);
    printf("              %.0f simulated cycles per CPU second of whole evaluations (%.2f s CPU: "
           "the figure a loaded machine does not distort)\n",
           cpu > 0 ? (double)sim_cycles / cpu : 0.0, cpu);
    size_t ran = njobs - skipped;
    printf("sweep         %zu baseline evaluations in %.2f s (%.1f ms each on average)", ran,
           sweep, ran ? 1e3 * sweep / (double)ran : 0.0);
    if (skipped)
        printf("; %zu skipped: no baseline (stderr says why)", skipped);
    printf("\n");
    free(res);
    return ran || !njobs ? 0 : 1;
}
