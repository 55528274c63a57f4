/* kc_cmd_eval.c — `kc eval` (assemble, run and check one kernel) and
 * `kc compile` (print a baseline kernel). Thin wrappers over tasks/kc_eval.h and
 * the platform's template compiler; exit codes: 0 correct / ok, 1 kernel not
 * correct, 2 usage or I/O error. */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kc_file.h"
#include "kc_opts.h"
#include "kc_cmds.h"
#include "kc_eval.h"
#include "kc_platform.h"

static int fail(const char *cmd, const kc_err *err)
{
    char buf[800];
    fprintf(stderr, "kc %s: %s\n", cmd, kc_err_format(err, buf, sizeof buf));
    return 2;
}

static int usage_error(const char *cmd, const char *what, const char *arg)
{
    fprintf(stderr, "kc %s: %s '%s' (see kc %s --help)\n", cmd, what, arg ? arg : "", cmd);
    return 2;
}

/* Options shared by both commands. Returns 1 when argv[*i] was one of them. */
typedef struct common_opts {
    const char *platform, *task;
    int config;
} common_opts;

static int common_arg(int argc, char **argv, int *i, common_opts *c, int *bad)
{
    const char *a = argv[*i];
    if (strcmp(a, "--platform") && strcmp(a, "--task") && strcmp(a, "--config"))
        return 0;
    if (*i + 1 >= argc) {
        *bad = 1;
        return 1;
    }
    const char *v = argv[++*i];
    if (!strcmp(a, "--platform"))
        c->platform = v;
    else if (!strcmp(a, "--task"))
        c->task = v;
    else {
        uint64_t n = 0;
        if (!kc_opts_number(a, v, 1, KC_TASK_NCONFIGS, &n))
            *bad = 1;
        c->config = (int)n;
    }
    return 1;
}

static void list_tasks(FILE *out)
{
    fprintf(out, "tasks:");
    for (const kc_task *const *t = kc_task_all(); *t; t++)
        fprintf(out, " %s", (*t)->name);
    fprintf(out, "\nplatforms:");
    for (const kc_platform *const *p = kc_platform_all(); *p; p++)
        fprintf(out, " %s", (*p)->name);
    fprintf(out, "\n");
}

/* ---- kc compile ----------------------------------------------------------------- */

int kc_cmd_eval_compile(int argc, char **argv)
{
    common_opts c = { "npu", NULL, 0 };
    const char *out = NULL;
    for (int i = 1; i < argc; i++) {
        int bad = 0;
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            printf("usage: kc compile --task T --config C [--platform npu] [-o FILE]\n\n"
                   "Prints the baseline kernel the platform's template compiler emits for\n"
                   "(task, config C1..C5), or writes it to FILE.\n\n");
            list_tasks(stdout);
            return 0;
        }
        if (common_arg(argc, argv, &i, &c, &bad)) {
            if (bad)
                return usage_error("compile", "bad or missing value for", argv[i]);
        } else if (!strcmp(argv[i], "-o") && i + 1 < argc)
            out = argv[++i];
        else
            return usage_error("compile", "unexpected argument", argv[i]);
    }
    if (!c.task || !c.config)
        return usage_error("compile", "--task and --config are required", "");
    kc_err err;
    kc_err_clear(&err);
    const kc_platform *p = kc_platform_find(c.platform);
    const kc_task *t = kc_task_find(c.task);
    if (!p)
        return usage_error("compile", "unknown platform", c.platform);
    if (!t)
        return usage_error("compile", "unknown task", c.task);
    char *text = NULL;
    if (kc_platform_baseline(p, t, c.config, &text, &err) != KC_OK)
        return fail("compile", &err);
    FILE *f = out ? fopen(out, "w") : stdout;
    if (!f) {
        fprintf(stderr, "kc compile: cannot write %s: %s\n", out, strerror(errno));
        free(text);
        return 2;
    }
    int ok = fputs(text, f) >= 0;
    if (out)
        ok = (fclose(f) == 0) && ok;
    free(text);
    if (!ok) {
        fprintf(stderr, "kc compile: write failed\n");
        return 2;
    }
    return 0;
}

/* ---- kc eval ------------------------------------------------------------------------ */

static void print_result(const kc_eval_result *r)
{
    const kc_task *t = kc_task_find(r->task);
    const kc_platform *p = kc_platform_find(r->platform);
    printf("kernel      %s (fnv1a %016" PRIx64 ")\n", r->kernel_name, r->kernel_hash);
    printf("task        %s C%d (", r->task, r->config);
    for (int d = 0; d < KC_TASK_MAX_DIMS && t->dim_names[d]; d++)
        printf("%s%s=%u", d ? ", " : "", t->dim_names[d], t->configs[r->config - 1].dims[d]);
    printf(") on %s, seed %" PRIu64 "\n", r->platform, r->seed);
    printf("status      %s\n", r->correct ? "PASS (correct)" : "FAIL");
    printf("reason      %s\n", kc_eval_status_name(r->status));
    if (!r->assembled) {
        printf("diagnostic  %s\n", r->diagnostic);
        return;
    }
    printf("program     %zu instructions; simulation %s after %" PRIu64 " cycles\n",
           r->program_words, kc_sim_result_name(r->sim), r->cycles);
    if (r->sim == KC_SIM_TRAPPED)
        printf("trap        %s (cause %u) at pc %u, info 0x%08x\n", r->trap_name, r->trap_cause,
               r->trap_pc, r->trap_info);
    if (r->check.oob) {
        char where[160];
        printf("%s at 0x%08x (%s)\n",
               r->check.oob_written ? "write outside the outputs" : "changed byte outside the outputs",
               r->check.oob_addr, kc_eval_oob_where(r, where, sizeof where));
    }
    const kc_tol *tol = &t->tol[p->dtype];
    printf("max error   abs %.3g  rel %.3g  (tolerance: abs %.3g + rel %.3g x |expected|; "
           "worst element uses %.0f%% of it)\n",
           r->check.max_abs, r->check.max_rel, tol->abs, tol->rel, 100 * r->check.worst);
    printf("mismatches  %zu of %zu outputs", r->check.mismatches, r->check.nchecked);
    if (r->check.nonfinite)
        printf(" (%zu NaN/inf, e.g. never written)", r->check.nonfinite);
    printf("\n");
    for (unsigned i = 0; i < r->check.nreport; i++) {
        const kc_mismatch *m = &r->check.first[i];
        printf("  %s[%zu]: expected %.6g, got %.6g\n", r->tensor_names[m->tensor], m->index,
               m->expected, m->actual);
    }
    printf("cycles      %" PRIu64 "   ideal %.0f   efficiency %.3f\n", r->cycles,
           r->ideal_cycles, r->efficiency);
    printf("dram        read %" PRIu64 " B, written %" PRIu64 " B (compulsory %.0f B)\n",
           r->dram_read_bytes, r->dram_write_bytes, r->dram_bytes);
    printf("counters   ");
    for (size_t i = 0; i < r->ncounters; i++)
        printf(" %s=%" PRIu64, r->counter_names[i], r->counters[i]);
    printf("\ntime        setup %.3f s, assemble %.3f s, sim %.3f s, check %.3f s\n", r->t_setup,
           r->t_assemble, r->t_sim, r->t_check);
}

static int parse_window(const char *s, kc_trace_opts *tr)
{
    const char *colon = s ? strchr(s, ':') : NULL;
    if (!colon)
        return 0;
    char a[32];
    size_t n = (size_t)(colon - s);
    if (n == 0 || n >= sizeof a)
        return 0;
    memcpy(a, s, n);
    a[n] = 0;
    uint64_t end = 0;
    if (!kc_opts_u64(a, &tr->start) || (colon[1] && !kc_opts_u64(colon + 1, &end)))
        return 0;
    tr->end = end;
    return 1;
}

int kc_cmd_eval_main(int argc, char **argv)
{
    common_opts c = { "npu", NULL, 0 };
    kc_trace_opts tr = { NULL, 0, 0, 0 };
    uint64_t seed = KC_EVAL_VISIBLE_SEED, limit = 0;
    int json = 0, baseline = 0;
    const char *kernel = NULL;
    for (int i = 1; i < argc; i++) {
        int bad = 0;
        const char *a = argv[i];
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            printf("usage: kc eval --task T --config C [--platform npu] (KERNEL.s | --baseline)\n"
                   "               [--seed N] [--cycle-limit N] [--json]\n"
                   "               [--vcd FILE [--window A:B] [--depth D]]\n\n"
                   "Assembles KERNEL.s (- for stdin), runs it on the platform's RTL model with\n"
                   "the task's inputs for config C1..C5 and seed N (default 1), and checks every\n"
                   "output against the fp64 reference and every other DRAM byte against its\n"
                   "sentinel. Prints pass/fail, max abs/rel error, cycles, ideal cycles,\n"
                   "efficiency and counters; --json prints the result record instead.\n"
                   "--baseline evaluates the template compiler's kernel. --vcd writes a\n"
                   "waveform of cycles [A, B) (B empty = to the end) with D scope levels.\n"
                   "Exit status: 0 correct, 1 kernel not correct, 2 usage or I/O error.\n\n");
            list_tasks(stdout);
            return 0;
        }
        if (common_arg(argc, argv, &i, &c, &bad)) {
            if (bad)
                return usage_error("eval", "bad or missing value for", a);
            continue;
        }
        int has_val = i + 1 < argc;
        if (!strcmp(a, "--json"))
            json = 1;
        else if (!strcmp(a, "--baseline"))
            baseline = 1;
        else if (!strcmp(a, "--seed") && has_val) {
            if (!kc_opts_number(a, argv[++i], 0, UINT64_MAX, &seed))
                return 2;
        } else if (!strcmp(a, "--cycle-limit") && has_val) {
            if (!kc_opts_number(a, argv[++i], 1, KC_OPTS_MAX_CYCLE_LIMIT, &limit))
                return 2;
        } else if (!strcmp(a, "--vcd") && has_val)
            tr.path = argv[++i];
        else if (!strcmp(a, "--window") && has_val) {
            if (!parse_window(argv[++i], &tr))
                return usage_error("eval", "bad --window (want A:B)", argv[i]);
        } else if (!strcmp(a, "--depth") && has_val) {
            uint64_t d;
            if (!kc_opts_number(a, argv[++i], 0, 1000, &d))
                return 2;
            tr.depth = (int)d;
        } else if ((a[0] != '-' || !strcmp(a, "-")) && !kernel)
            kernel = a;
        else
            return usage_error("eval", "unexpected argument", a);
    }
    if (!c.task || !c.config)
        return usage_error("eval", "--task and --config are required", "");
    if (!kernel == !baseline)
        return usage_error("eval", "give exactly one of KERNEL.s or --baseline", "");

    kc_err err;
    kc_err_clear(&err);
    kc_eval_opts o = { .platform = c.platform, .task = c.task, .config = c.config,
                       .seed = seed, .cycle_limit = limit, .trace = tr.path ? &tr : NULL };
    kc_eval_result *r = malloc(sizeof *r);
    if (!r)
        return 2;
    kc_eval_ctx *ctx = NULL;
    kc_status s = kc_eval_ctx_open(&ctx, &err);
    if (s == KC_OK && baseline)
        s = kc_eval_baseline(ctx, &o, r, &err);
    else if (s == KC_OK) {
        char *src = NULL;
        kc_file_read_text(kernel, &src, NULL, &err);
        s = src ? kc_eval_run(ctx, &o, src, kernel, r, &err) : err.code;
        free(src);
    }
    kc_eval_ctx_close(ctx);
    if (s != KC_OK) {
        free(r);
        return fail("eval", &err);
    }
    if (json) {
        json_t *j = kc_eval_result_json(r);
        char *txt = j ? json_dumps(j, JSON_COMPACT) : NULL;
        if (txt)
            printf("%s\n", txt);
        free(txt);
        json_decref(j);
    } else
        print_result(r);
    int rc = r->correct ? 0 : 1;
    free(r);
    return rc;
}
