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
#include "kc_gtkw.h"
#include "kc_wave_view.h"
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

static void list_tasks(FILE *out)
{
    fprintf(out, "\ntasks:");
    for (const kc_task *const *t = kc_task_all(); *t; t++)
        fprintf(out, " %s", (*t)->name);
    fprintf(out, "\nplatforms:");
    kc_opts_list_platforms(out);
    fprintf(out, "\n");
}

/* Option rows of both commands (ids of the rest: below). */
enum { OPT_TASK = 1, OPT_CONFIG, OPT_OUT, OPT_JSON, OPT_BASELINE, OPT_SEED, OPT_CYCLE_LIMIT, OPT_VCD,
       OPT_WINDOW, OPT_DEPTH, OPT_EMIT, OPT_TRACE_INSN, OPT_GTKW };

static const kc_args_opt eval_task_rows[] = {
    {OPT_TASK, "task", 0, KC_ARGS_STRING, "T", 0, 0, "the task (required; the list is below)"},
    {OPT_CONFIG, "config", 0, KC_ARGS_NUMBER, "C", 1, KC_TASK_NCONFIGS, "the configuration (required)"},
    {0},
};

/* ---- kc compile ----------------------------------------------------------------- */

static const kc_args_opt compile_rows[] = {
    {OPT_OUT, NULL, 'o', KC_ARGS_STRING, "FILE", 0, 0, "write the kernel to FILE (default: stdout)"},
    {OPT_EMIT, "emit", 0, KC_ARGS_STRING, "WHAT", 0, 0,
     "kernel (default: the kernel text that runs) or c (rvv: the C it is compiled from)"},
    {0},
};

static const kc_args_opt *const compile_tables[] = {eval_task_rows, kc_opts_platform_rows, compile_rows, NULL};

static const kc_args_spec compile_spec = {
    "compile", "--task T --config C [options]",
    "Prints the baseline kernel the platform's compiler emits for (task, config\n"
    "C1..C5), or writes it to FILE: npu's template compiler, rvv's clang -O2 of the\n"
    "task's C loop (assembly; --emit c prints the C with the config's shapes).\n",
    compile_tables,
};

int kc_cmd_eval_compile(int argc, char **argv)
{
    const char *platform = kc_opts_default_platform(), *task = NULL, *out = NULL, *emit = "kernel";
    int config = 0;
    kc_args a;
    kc_args_start(&a, &compile_spec, argc, argv);
    for (int id; (id = kc_args_next(&a)) != KC_ARGS_END;) {
        switch (id) {
        case KC_ARGS_HELP:
            kc_args_help(&compile_spec, stdout);
            list_tasks(stdout);
            return 0;
        case KC_ARGS_ERROR: return kc_args_exit(&a);
        case KC_OPTS_PLATFORM:
            if (kc_opts_take_platform(&a, &platform) == KC_ARGS_ERROR)
                return kc_args_exit(&a);
            break;
        case OPT_TASK: task = a.value; break;
        case OPT_CONFIG: config = (int)a.number; break;
        case OPT_OUT: out = a.value; break;
        case OPT_EMIT: emit = a.value; break;
        }
    }
    if (a.npos)
        return kc_args_fail(&a, "unexpected argument '%s'", a.pos[0]);
    if (!task || !config)
        return kc_args_fail(&a, "--task and --config are required");
    int emit_c = !strcmp(emit, "c");
    if (!emit_c && strcmp(emit, "kernel"))
        return kc_args_fail(&a, "--emit takes kernel or c, got '%s'", emit);
    kc_err err;
    kc_err_clear(&err);
    const kc_platform *p = kc_platform_find(platform);
    const kc_task *t = kc_task_find(task);
    if (!p || !t)
        return kc_args_fail(&a, "unknown %s '%s'", p ? "task" : "platform", p ? task : platform);
    if (emit_c && !p->baseline_source)
        return kc_args_fail(&a, "--emit c: platform %s's baseline is not compiled from C", p->name);
    char *text = NULL;
    if ((emit_c ? p->baseline_source(t, config, p->hw, &text, &err) : kc_platform_baseline(p, t, config, &text, &err))
        != KC_OK)
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
    for (unsigned u = 0; u < r->nunits; u++) {   /* several issuing units (vliw tiles): each one's own */
        printf("\n  unit %-3u ", u);
        for (size_t k = 0; k < r->nunit_counters; k++)
            printf(" %s=%" PRIu64, r->unit_counter_names[k], r->unit_counters[u][k]);
    }
    printf("\ntime        setup %.3f s, assemble %.3f s, sim %.3f s, check %.3f s\n", r->t_setup,
           r->t_assemble, r->t_sim, r->t_check);
}

/* The GTKWave save file of the trace just written (kc_gtkw.h), next to it. */
static kc_status write_gtkw(const char *platform, const char *dump, kc_err *err)
{
    const kc_platform *p = kc_platform_find(platform);
    static const char *const only_clk[] = {"clk"};   /* the names are what it needs, not the values */
    kc_wave *w = NULL;
    kc_status s = kc_wave_open(dump, only_clk, 1, &w, err);
    if (s != KC_OK)
        return s;
    char out[4096];
    kc_gtkw_path(dump, out, sizeof out);
    size_t missing = 0;
    s = kc_gtkw_write(w, p->family->name, dump, out, &missing, stderr, err);
    kc_wave_free(w);
    if (s == KC_OK && missing)
        fprintf(stderr, "kc eval: %s leaves out %zu key signal%s the trace does not have (a --depth cut them?)\n",
                out, missing, missing == 1 ? "" : "s");
    return s;
}

static const kc_args_opt eval_rows[] = {
    {OPT_BASELINE, "baseline", 0, KC_ARGS_FLAG, NULL, 0, 0, "evaluate the template compiler's kernel"},
    {OPT_SEED, "seed", 0, KC_ARGS_NUMBER, "N", 0, UINT64_MAX, "the input seed (default 1, the visible seed)"},
    {OPT_CYCLE_LIMIT, "cycle-limit", 0, KC_ARGS_NUMBER, "N", 1, KC_OPTS_MAX_CYCLE_LIMIT,
     "simulation cycle limit (default: the task's)"},
    {OPT_JSON, "json", 0, KC_ARGS_FLAG, NULL, 0, 0, "print the result record (one JSON line)"},
    {OPT_VCD, "vcd", 0, KC_ARGS_STRING, "FILE", 0, 0,
     "write a waveform: FST when FILE ends in .fst, VCD otherwise (read it with kc wave)"},
    {OPT_WINDOW, "window", 0, KC_ARGS_STRING, "A:B", 0, 0,
     "the waveform's cycles [A, B) (B empty = to the end)"},
    {OPT_DEPTH, "depth", 0, KC_ARGS_NUMBER, "D", 0, 1000, "scope levels in the waveform"},
    {OPT_TRACE_INSN, "trace-insn", 0, KC_ARGS_STRING, "FILE",  0, 0,
     "write the instruction trace: a line per issued instruction (kc trace reads it)"},
    {OPT_GTKW, "gtkw", 0, KC_ARGS_FLAG, NULL, 0, 0,
     "with --vcd FILE: also write FILE's GTKWave save file (FILE.gtkw: the platform's key signals)"},
    {0},
};

static const kc_args_opt *const eval_tables[] = {eval_task_rows, kc_opts_platform_rows, eval_rows, NULL};

static const kc_args_spec eval_spec = {
    "eval", "--task T --config C [options] (KERNEL.s | --baseline)",
    "Assembles KERNEL.s (- for stdin), runs it on the platform's RTL model with\n"
    "the task's inputs for config C1..C5 and the seed, and checks every output\n"
    "against the fp64 reference and every other DRAM byte against its sentinel.\n"
    "Prints pass/fail, max abs/rel error, cycles, ideal cycles, efficiency and\n"
    "counters; --json prints the result record instead.\n"
    "Exit status: 0 correct, 1 kernel not correct, 2 usage or I/O error.\n",
    eval_tables,
};

int kc_cmd_eval_main(int argc, char **argv)
{
    const char *platform = kc_opts_default_platform(), *task = NULL;
    int config = 0;
    kc_trace_opts tr = { NULL, 0, 0, 0 };
    const char *insn_trace = NULL;
    uint64_t seed = KC_EVAL_VISIBLE_SEED, limit = 0;
    int json = 0, baseline = 0, gtkw = 0;
    kc_args a;
    kc_args_start(&a, &eval_spec, argc, argv);
    for (int id; (id = kc_args_next(&a)) != KC_ARGS_END;) {
        switch (id) {
        case KC_ARGS_HELP:
            kc_args_help(&eval_spec, stdout);
            list_tasks(stdout);
            return 0;
        case KC_ARGS_ERROR: return kc_args_exit(&a);
        case KC_OPTS_PLATFORM:
            if (kc_opts_take_platform(&a, &platform) == KC_ARGS_ERROR)
                return kc_args_exit(&a);
            break;
        case OPT_TASK: task = a.value; break;
        case OPT_CONFIG: config = (int)a.number; break;
        case OPT_JSON: json = 1; break;
        case OPT_BASELINE: baseline = 1; break;
        case OPT_SEED: seed = a.number; break;
        case OPT_CYCLE_LIMIT: limit = a.number; break;
        case OPT_VCD: tr.path = a.value; break;
        case OPT_DEPTH: tr.depth = (int)a.number; break;
        case OPT_TRACE_INSN: insn_trace = a.value; break;
        case OPT_GTKW: gtkw = 1; break;
        case OPT_WINDOW:
            if (!kc_opts_window(a.value, &tr.start, &tr.end)) {
                kc_args_bad_value(&a, "cycles A:B (B may be empty)");
                return kc_args_exit(&a);
            }
            break;
        }
    }
    if (a.npos > 1)
        return kc_args_fail(&a, "unexpected argument '%s'", a.pos[1]);
    const char *kernel = a.npos ? a.pos[0] : NULL;
    if (!task || !config)
        return kc_args_fail(&a, "--task and --config are required");
    if (!kernel == !baseline)
        return kc_args_fail(&a, "give exactly one of KERNEL.s or --baseline");
    if (gtkw && !tr.path)
        return kc_args_fail(&a, "--gtkw needs --vcd FILE (the save file is made for that trace)");

    kc_err err;
    kc_err_clear(&err);
    kc_eval_opts o = { .platform = platform, .task = task, .config = config,
                       .seed = seed, .cycle_limit = limit, .trace = tr.path ? &tr : NULL,
                       .insn_trace = insn_trace };
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
    if (s == KC_OK && gtkw)
        s = write_gtkw(platform, tr.path, &err);
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
