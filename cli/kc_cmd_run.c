/* kc run — the main job: evaluates the baseline kernel of every (task, config) on
 * a platform's RTL and prints one table row per evaluation. Progress goes to
 * stderr while it runs; the table to stdout. Exit 0 only when every baseline is
 * correct. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kc_cmds.h"
#include "kc_eval.h"
#include "kc_opts.h"
#include "kc_task.h"

static void usage(FILE *out)
{
    fprintf(out,
            "usage: kc run [--platform npu] [--tasks a,b,...] [--configs 1,2,...] [--seed N] [--json FILE]\n"
            "\n"
            "Evaluates the template-compiler baseline of every selected (task, config) on the\n"
            "RTL and prints: task, config, correct, max abs/rel error, cycles, ideal cycles,\n"
            "efficiency. --json appends one JSON record per evaluation to FILE.\n");
}

static void print_header(void)
{
    printf("%-10s %-3s %-8s %10s %10s %10s %10s %6s\n", "task", "cfg", "correct", "max_abs",
           "max_rel", "cycles", "ideal", "eff");
}

static void print_row(const kc_eval_result *r)
{
    printf("%-10s C%-2d %-8s %10.3g %10.3g %10llu %10.0f %5.1f%%\n", r->task, r->config,
           r->correct ? "yes" : kc_eval_status_name(r->status), r->check.max_abs,
           r->check.max_rel, (unsigned long long)r->cycles, r->ideal_cycles,
           100.0 * r->efficiency);
}

int kc_cmd_run_main(int argc, char **argv)
{
    kc_opts o;
    kc_opts_init(&o);
    const char *json_path = NULL;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            usage(stdout);
            return 0;
        }
        int used = kc_opts_parse(&o, argc, argv, i);
        if (used < 0) {
            usage(stderr);
            return 2;
        }
        if (used > 0) {
            i += used - 1;
            continue;
        }
        if (!strcmp(argv[i], "--json") && i + 1 < argc) {
            json_path = argv[++i];
            continue;
        }
        fprintf(stderr, "kc run: unknown option '%s'\n", argv[i]);
        usage(stderr);
        return 2;
    }
    FILE *json = NULL;
    if (json_path && !(json = fopen(json_path, "a"))) {
        fprintf(stderr, "kc run: cannot open %s\n", json_path);
        return 2;
    }

    kc_opts_job jobs[KC_OPTS_MAX_JOBS];
    size_t njobs = kc_opts_jobs(&o, jobs, KC_OPTS_MAX_JOBS);
    size_t ncorrect = 0, nfail = 0;
    kc_eval_result *results = calloc(njobs ? njobs : 1, sizeof *results);
    if (!results)
        return 2;
    for (size_t j = 0; j < njobs; j++) {
        kc_eval_opts eo = {.platform = o.platform, .task = jobs[j].task->name,
                           .config = jobs[j].config, .seed = o.seed};
        kc_err err;
        kc_err_clear(&err);
        fprintf(stderr, "[%2zu/%zu] %-10s C%d ... ", j + 1, njobs, jobs[j].task->name, jobs[j].config);
        fflush(stderr);
        if (kc_eval_baseline(&eo, &results[j], &err) != KC_OK) {
            char buf[800];
            fprintf(stderr, "\nkc run: %s\n", kc_err_format(&err, buf, sizeof buf));
            nfail++;
            continue;
        }
        fprintf(stderr, "%s, %llu cycles (%.2f s)\n", kc_eval_status_name(results[j].status),
                (unsigned long long)results[j].cycles,
                results[j].t_setup + results[j].t_assemble + results[j].t_sim + results[j].t_check);
        if (results[j].correct)
            ncorrect++;
        if (json) {
            json_t *rec = kc_eval_result_json(&results[j]);
            if (rec) {
                json_dumpf(rec, json, JSON_COMPACT);
                fputc('\n', json);
                fflush(json);   /* every record is on disk as soon as it exists */
                json_decref(rec);
            }
        }
    }
    if (json)
        fclose(json);

    print_header();
    for (size_t j = 0; j < njobs; j++)
        if (results[j].task[0])
            print_row(&results[j]);
    printf("\n%zu/%zu correct on %s (seed %llu)\n", ncorrect, njobs, o.platform,
           (unsigned long long)o.seed);
    free(results);
    return (ncorrect == njobs && !nfail) ? 0 : 1;
}
