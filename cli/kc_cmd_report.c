/* kc report — result files (kc bench / kc run / kc agent --suite) as one
 * self-contained HTML page (bench/kc_report.h; docs/scoring.md "kc report"). */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "kc_args.h"
#include "kc_bench.h"
#include "kc_cmds.h"
#include "kc_report.h"

enum { OPT_OUT = 1, OPT_TITLE };

static const kc_args_opt report_rows[] = {
    {OPT_OUT, "out", 'o', KC_ARGS_STRING, "FILE", 0, 0, "write the page to FILE (default: standard output)"},
    {OPT_TITLE, "title", 0, KC_ARGS_STRING, "TEXT", 0, 0, "the page's title (default \"KernelCraft results\")"},
    {0},
};

static const kc_args_opt *const report_tables[] = {report_rows, NULL};

static const kc_args_spec report_spec = {
    "report", "RESULTS.jsonl [MORE.jsonl ...] [-o report.html] [--title TEXT]",
    "Writes one self-contained HTML page (inline CSS and SVG, no external asset or network)\n"
    "of the records of the result files: per platform the table of every (task, config)\n"
    "(correct, cycles, ideal, efficiency, speedup over the baseline), the per-task x/5 with\n"
    "level subtotals and fast_1 / fast_1.5, and charts: efficiency per task and config,\n"
    "each kernel against its roofline, speedup over the baseline per task, and, for agent\n"
    "records, iterations to the first correct kernel. The numbers are those of\n"
    "kc bench --table (docs/scoring.md); invalid lines are reported and skipped.\n",
    report_tables,
};

int kc_cmd_report_main(int argc, char **argv)
{
    const char *out_path = NULL, *title = NULL;
    kc_args a;
    kc_args_start(&a, &report_spec, argc, argv);
    for (int id; (id = kc_args_next(&a)) != KC_ARGS_END;) {
        if (id == KC_ARGS_HELP) {
            kc_args_help(&report_spec, stdout);
            return 0;
        }
        if (id == OPT_OUT)
            out_path = a.value;
        else if (id == OPT_TITLE)
            title = a.value;
        else
            return kc_args_exit(&a);
    }
    if (!a.npos)
        return kc_args_fail(&a, "give at least one results file");

    char buf[800];
    kc_err err;
    kc_err_clear(&err);
    json_t *all = json_array();
    size_t skipped = 0;
    for (int i = 0; i < a.npos; i++) {
        json_t *recs;
        kc_bench_invalid bad;
        /* kc_bench_load takes a missing file as empty (a sweep's first run); here it is a mistake */
        if (access(a.pos[i], R_OK)) {
            fprintf(stderr, "kc report: cannot read %s: %s\n", a.pos[i], strerror(errno));
            json_decref(all);
            return 2;
        }
        if (kc_bench_load(a.pos[i], &recs, &bad, &err) != KC_OK) {
            fprintf(stderr, "kc report: %s\n", kc_err_format(&err, buf, sizeof buf));
            json_decref(all);
            return 2;
        }
        kc_bench_write_invalid(&bad, a.pos[i], "left out of the report", stderr);
        skipped += bad.n;
        json_array_extend(all, recs);
        json_decref(recs);
    }

    FILE *out = out_path ? fopen(out_path, "w") : stdout;
    if (!out) {
        fprintf(stderr, "kc report: cannot write %s: %s\n", out_path, strerror(errno));
        json_decref(all);
        return 2;
    }
    kc_report_opts o = {.title = title, .inputs = (const char *const *)a.pos, .ninputs = (size_t)a.npos,
                        .skipped = skipped};
    kc_status s = kc_report_write(all, &o, out, &err);
    if (out != stdout && fclose(out) && s == KC_OK)
        s = kc_err_set(&err, KC_ERR_IO, "report: cannot write %s: %s", out_path, strerror(errno));
    size_t nrec = json_array_size(all);
    json_decref(all);
    if (s != KC_OK) {
        fprintf(stderr, "kc report: %s\n", kc_err_format(&err, buf, sizeof buf));
        return 2;
    }
    if (out_path)
        fprintf(stderr, "kc report: %zu records -> %s\n", nrec, out_path);
    return 0;
}
