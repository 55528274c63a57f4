/* kc_cmd_cosim.c — `kc cosim`: run a program on the RTL and on the ISS and report
 * the first place they disagree (isa/kc_cosim.h); `--random` runs a campaign of
 * generated programs (isa/kc_campaign.h) and prints its report; `--iss-only` runs the ISS alone and prints
 * its speed. Exit codes: 0 models agree, 1 divergence (or timeout), 2 usage or
 * I/O error. */
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "kc_file.h"
#include "kc_progress.h"
#include "kc_opts.h"
#include "kc_asm.h"
#include "kc_campaign.h"
#include "kc_check.h"
#include "kc_cmds.h"
#include "kc_cosim.h"
#include "npu_iss.h"
#include "kc_platform.h"
#include "npu_rgen.h"
#include "kc_task.h"

#define COSIM_MAX_ARGS 40   /* the most any platform takes (vliw: r1..r8 and 32 DM words) */

typedef struct cosim_cli {
    const char *platform, *task, *kernel, *keep;
    int config, baseline, iss_only, random, coverage, quiet, fresh_model, matrix;
    unsigned avoid;
    const char *avoid_text;   /* --avoid as given (npu: parsed into avoid; others: their generator's) */
    uint64_t seed, count, dram_seed, cycle_limit;
    int have_dram_seed, have_args, expect_diverge;
    uint32_t args[COSIM_MAX_ARGS];
    size_t nargs;
    kc_dram_cfg dram;
    kc_progress bar;          /* --random on stdout: a bar on a terminal */
    uint64_t shown, shown_bad;
} cosim_cli;

static int fail(const kc_err *err)
{
    char buf[800];
    fprintf(stderr, "kc cosim: %s\n", kc_err_format(err, buf, sizeof buf));
    return 2;
}

static int parse_args_list(const char *s, uint32_t *args, size_t *n)
{
    *n = 0;
    while (s && *s) {
        char *end;
        errno = 0;
        unsigned long long v = strtoull(s, &end, 0);
        if (errno || !isdigit((unsigned char)*s) || v > UINT32_MAX || *n == COSIM_MAX_ARGS)
            return 0;
        args[(*n)++] = (uint32_t)v;
        s = *end == ',' ? end + 1 : end;
        if (*end && *end != ',')
            return 0;
    }
    return 1;
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* "# cosim: args=... dram-seed=N ..." lines: defaults the command line overrides. */
static int apply_header(const char *src, cosim_cli *o, int *set_args, int *set_seed, int *set_size,
                        int *set_lat, int *set_bw)
{
    for (const char *p = strstr(src, "# cosim:"); p; p = strstr(p + 1, "# cosim:")) {
        const char *q = p + 8;
        while (*q && *q != '\n') {
            while (*q == ' ' || *q == '\t')
                q++;
            char key[32], val[256];
            int n = 0;
            if (sscanf(q, "%31[^= \t\n]=%255[^ \t\n]%n", key, val, &n) != 2)
                break;
            q += n;
            uint64_t v = 0;
            if (!strcmp(key, "args")) {
                if (!*set_args && !parse_args_list(val, o->args, &o->nargs))
                    return 0;
                o->have_args = 1;
            } else if (!strcmp(key, "dram-seed") && kc_args_u64(val, &v)) {
                if (!*set_seed) { o->dram_seed = v; o->have_dram_seed = 1; }
            } else if (!strcmp(key, "dram-bytes") && kc_args_u64(val, &v) && v && v <= UINT32_MAX) {
                if (!*set_size) o->dram.size_bytes = (uint32_t)v;
            } else if (!strcmp(key, "latency") && kc_args_u64(val, &v) && v && v < 100000) {
                if (!*set_lat) o->dram.latency = (unsigned)v;
            } else if (!strcmp(key, "bw") && kc_args_u64(val, &v) && v && v < 100000) {
                if (!*set_bw) o->dram.bytes_per_cycle = (unsigned)v;
            } else if (!strcmp(key, "expect")) {
                if (strcmp(val, "diverge"))
                    return 0;
                o->expect_diverge = 1;
            } else {
                return 0;
            }
        }
    }
    return 1;
}

static void report_text(const kc_cosim_report *r, const char *label, char *buf, size_t size)
{
    if (r->diverged)
        snprintf(buf, size, "%s: DIVERGED %s", label, r->text);
    else if (r->timeout)
        snprintf(buf, size, "%s: TIMEOUT after %" PRIu64 " cycles (%" PRIu64 " instructions retired, all equal)",
                 label, r->cycles, r->retired);
    else if (r->rtl_state == KC_CORE_TRAPPED)
        snprintf(buf, size, "%s: agree: trap %s at pc %" PRIu32 " info 0x%" PRIx32 " after %" PRIu64
                 " instructions, %" PRIu64 " cycles", label, r->rtl_status.cause_name, r->rtl_status.pc,
                 r->rtl_status.info, r->retired, r->cycles);
    else
        snprintf(buf, size, "%s: agree: halted after %" PRIu64 " instructions, %" PRIu64 " cycles", label,
                 r->retired, r->cycles);
}

static void print_report(const kc_cosim_report *r, const char *label)
{
    char text[1400];
    report_text(r, label, text, sizeof text);
    printf("%s\n", text);
}

/* ---- one program ----------------------------------------------------------------- */

static int run_iss_only(const kc_hw *hw, const uint32_t *words, size_t nwords, kc_dram *dram, const uint32_t *args,
                        size_t nargs)
{
    kc_err err;
    kc_err_clear(&err);
    npu_iss *iss;
    npu_hw nh;
    if (npu_hw_from(hw, &nh, &err) != KC_OK || npu_iss_open(&iss, &nh, &err) != KC_OK)
        return fail(&err);
    /* The ISS writes DRAM: run on a copy so every repetition starts alike. */
    size_t size = kc_dram_config(dram)->size_bytes;
    uint8_t *image = malloc(size);
    if (!image) {
        npu_iss_close(iss);
        kc_err_set(&err, KC_ERR_NOMEM, "out of memory");
        return fail(&err);
    }
    memcpy(image, kc_dram_data(dram), size);
    uint64_t insns = 0, runs = 0;
    double t = 0, wall0 = now();   /* t: time inside npu_iss_run only */
    kc_core_status st;
    do {
        memcpy(kc_dram_data(dram), image, size);
        if (npu_iss_reset(iss, words, nwords, args, nargs, dram, &err) != KC_OK) {
            free(image);
            npu_iss_close(iss);
            return fail(&err);
        }
        double t0 = now();
        npu_iss_run(iss, 2000000000ull);
        t += now() - t0;
        insns += npu_iss_instret(iss);
        runs++;
    } while (t < 0.5 && now() - wall0 < 20 && runs < 1000000);
    npu_iss_status(iss, &st);
    printf("iss: %s", st.state == KC_CORE_HALTED ? "halted" : st.state == KC_CORE_TRAPPED ? "trapped" : "limit");
    if (st.state == KC_CORE_TRAPPED)
        printf(" (%s at pc %" PRIu32 ", info 0x%" PRIx32 ")", st.cause_name, st.pc, st.info);
    printf(" after %" PRIu64 " instructions; %" PRIu64 " runs in %.3f s = %.1f M instructions/s\n",
           npu_iss_instret(iss), runs, t, (double)insns / t / 1e6);
    free(image);
    npu_iss_close(iss);
    return 0;
}

static int cmd_single(cosim_cli *o)
{
    kc_err err;
    kc_err_clear(&err);
    const kc_platform *p = kc_platform_find(o->platform);
    const kc_task *task = NULL;
    if (o->task && !(task = kc_task_find(o->task))) {
        fprintf(stderr, "kc cosim: unknown task '%s'\n", o->task);
        return 2;
    }
    char *src = NULL;
    const char *name = o->kernel;
    if (o->baseline) {
        if (!task) {
            fprintf(stderr, "kc cosim: --baseline needs --task\n");
            return 2;
        }
        if (kc_platform_baseline(p, task, o->config, &src, &err) != KC_OK)
            return fail(&err);
        name = "baseline";
    } else {
        if (!o->kernel) {
            fprintf(stderr, "kc cosim: no kernel file (see kc cosim --help)\n");
            return 2;
        }
        if (kc_file_read_text(o->kernel, &src, NULL, &err) != KC_OK)
            return fail(&err);
    }
    int set_args = o->have_args, set_seed = o->have_dram_seed, set_size = o->dram.size_bytes != 0,
        set_lat = o->dram.latency != 0, set_bw = o->dram.bytes_per_cycle != 0;
    if (!apply_header(src, o, &set_args, &set_seed, &set_size, &set_lat, &set_bw)) {
        fprintf(stderr, "kc cosim: %s: malformed '# cosim:' line\n", name);
        free(src);
        return 2;
    }

    const kc_acc_ops *ops = kc_acc_find(p->acc);
    kc_dram *dram = NULL;
    kc_image img;
    kc_image_init(&img, 1, 4);
    kc_task_inst inst;
    memset(&inst, 0, sizeof inst);
    void *model = NULL;
    int rc = 2;
    kc_status s;
    if (!ops) {
        kc_err_set(&err, KC_ERR_USAGE, "no simulation model '%s' is built", p->acc);
        goto out;
    }
    if ((s = kc_platform_build(p, src, name, &img, &err)) != KC_OK)   /* the platform's own build */
        goto out;
    if ((s = kc_dram_open(&dram, &o->dram, ops->beat_bytes, &err)) != KC_OK)
        goto out;
    uint32_t size = kc_dram_config(dram)->size_bytes;
    if (task) {   /* exactly kc_eval's instance, layout and fill */
        kc_layout layout;
        if ((s = kc_task_inst_make(&inst, task, o->config, p->dtype, o->seed, &err)) != KC_OK ||
            (s = kc_check_layout(&inst, size, p->align, &layout, &err)) != KC_OK)
            goto out;
        kc_check_fill(&inst, &layout, kc_dram_data(dram), size);
        o->nargs = layout.ntensors;
        for (unsigned i = 0; i < layout.ntensors && i < COSIM_MAX_ARGS; i++)
            o->args[i] = layout.addr[i];
    } else if (o->have_dram_seed && p->family->rgen) {   /* the random programs' DRAM image */
        p->family->rgen->fill_dram(o->dram_seed, kc_dram_data(dram), size);
    }
    if (o->iss_only) {
        size_t nwords = 0;
        const uint32_t *words = kc_image_words(&img, &nwords);
        if (strcmp(p->family->name, "npu") || !words) {
            kc_err_set(&err, KC_ERR_USAGE, "--iss-only runs the npu ISS (platform '%s')", p->name);
            goto out;
        }
        rc = run_iss_only(p->hw, words, nwords, dram, o->args, o->nargs);
        goto out_noerr;
    }
    if ((s = ops->open(&model, &err)) != KC_OK)
        goto out;
    kc_cosim_opts co = { .cycle_limit = o->cycle_limit };
    kc_cosim_report rep;
    s = kc_cosim_run(ops, model, p->ref, dram, &img, o->args, o->nargs, &co, &rep, &err);
    if (s != KC_OK)
        goto out;
    print_report(&rep, name);
    rc = rep.diverged || rep.timeout ? 1 : 0;
    if (o->expect_diverge) {   /* a regression case of an open RTL bug */
        if (rep.diverged)
            printf("(expected: the case marks an open RTL bug)\n");
        else
            printf("expected a divergence (expect=diverge: an open RTL bug) but the models agree: "
                   "if the RTL was fixed, remove expect=diverge from the case\n");
        rc = rep.diverged ? 0 : 1;
    }
    goto out_noerr;
out:
    rc = fail(&err);
out_noerr:
    if (model)
        ops->close(model);
    kc_task_inst_free(&inst);
    kc_image_free(&img);
    if (dram)
        kc_dram_close(dram);
    free(src);
    return rc;
}

/* ---- campaign ---------------------------------------------------------------------- */

static kc_status generic_build(void *ctx, const char *text, kc_image *img, kc_err *err)
{
    return kc_platform_build(ctx, text, "random", img, err);
}

/* One program of a campaign on stdout. Not a terminal: a line per program as
 * always (with -q only the bad ones); a terminal: a bar (kc_progress.h) with the
 * bad programs' lines above it. `note` (may be NULL) follows a bad program. */
static void show_program(cosim_cli *o, const kc_campaign_program *p, int bad, const char *note)
{
    char label[64], text[1400];
    snprintf(label, sizeof label, "seed %" PRIu64, p->seed);
    report_text(p->report, label, text, sizeof text);
    o->shown++;
    o->shown_bad += bad;
    if (o->bar.bar) {
        if (bad)
            kc_progress_line(&o->bar, "%s", text);
        if (note)
            kc_progress_line(&o->bar, "%s", note);
        if (p->kept)
            kc_progress_line(&o->bar, "  kept as %s", p->kept);
        kc_progress_step(&o->bar, o->shown, o->shown_bad, 0, "seed %" PRIu64, p->seed);
        return;
    }
    if (bad || !o->quiet)
        printf("%s\n", text);
    if (note)
        printf("%s\n", note);
    if (p->kept)
        printf("  kept as %s\n", p->kept);
}

static void on_program(void *ctx, const kc_campaign_program *p)
{
    show_program(ctx, p, p->report->diverged || p->report->timeout, NULL);
}

/* npu: kc_campaign with the generator's own options (--avoid, --matrix) and the
 * npu's report (trap names, ISA rows). */
static int cmd_random(cosim_cli *o, const kc_platform *p)
{
    kc_err err;
    kc_err_clear(&err);
    const kc_isa *isa = kc_isa_find(p->family->name);
    const kc_acc_ops *model = kc_acc_find(p->acc);
    if (!model || !isa) {
        fprintf(stderr, "kc cosim: the %s model or ISA table is not available\n", p->acc);
        return 2;
    }
    npu_rgen_opts ro = {.trap = -1, .avoid = o->avoid, .matrix = o->matrix};
    kc_campaign_opts co = {.model = model, .ref = p->ref, .rgen = p->family->rgen,
                           .program = npu_rgen_program_with, .program_ctx = &ro, .build = generic_build,
                           .build_ctx = (void *)p, .nrows = isa->ninsns, .seed = o->seed, .count = o->count,
                           .dram = o->dram, .cycle_limit = o->cycle_limit, .fresh_model = o->fresh_model,
                           .keep_dir = o->keep, .on_program = on_program, .ctx = o};
    kc_campaign_report r;
    kc_progress_init(&o->bar, stdout, "kc cosim", o->count);
    kc_status s = kc_campaign_run(&co, &r, &err);
    kc_progress_end(&o->bar);
    if (s != KC_OK) {
        char buf[800];
        fprintf(stderr, "kc cosim: %s\n", kc_err_format(&err, buf, sizeof buf));
        if (r.failed_text)
            fprintf(stderr, "%s", r.failed_text);
    }
    printf("cosim campaign: %" PRIu64 " programs (seeds %" PRIu64 "..%" PRIu64 "), %" PRIu64
           " instructions retired and compared, %" PRIu64 " RTL cycles, %.1f s\n",
           o->count, o->seed, o->seed + o->count - 1, r.retired, r.cycles, r.seconds);
    printf("  ended: %" PRIu64 " halt", r.halted);
    for (unsigned c = 1; c < NPU_ISS_NTRAPS && c < KC_CAMPAIGN_MAX_TRAPS; c++)
        printf(", %" PRIu64 " %s", r.traps[c], npu_iss_trap_name(c));
    printf("\n  divergences: %" PRIu64 ", timeouts: %" PRIu64 "\n", r.diverged, r.timeouts);
    size_t unexercised = 0;
    for (size_t k = 0; k < isa->ninsns; k++)
        unexercised += !r.insn_counts[k];
    printf("  instructions exercised: %zu of %zu", isa->ninsns - unexercised, isa->ninsns);
    if (unexercised) {
        printf(" (never retired:");
        for (size_t k = 0; k < isa->ninsns; k++)
            if (!r.insn_counts[k])
                printf(" %s", isa->insns[k].name);
        printf(")");
    }
    printf("\n");
    if (o->coverage)
        for (size_t k = 0; k < isa->ninsns; k++)
            printf("  %-8s %" PRIu64 "\n", isa->insns[k].name, r.insn_counts[k]);
    int rc = s != KC_OK ? 2 : r.diverged || r.timeouts ? 1 : 0;
    kc_campaign_report_free(&r);
    return rc;
}

/* ---- campaign of any platform with a generator (kc_campaign.h) ---------------------------- */

static void on_generic(void *ctx, const kc_campaign_program *p)
{
    const kc_cosim_report *r = p->report;
    int odd = r->rtl_state == KC_CORE_TRAPPED ? r->rtl_status.cause != (unsigned)p->trap
                                              : r->rtl_state == KC_CORE_HALTED && p->trap;
    char note[64];
    snprintf(note, sizeof note, "  (generated to end with %s%d)", p->trap ? "trap cause " : "halt", p->trap);
    show_program(ctx, p, r->diverged || r->timeout || odd, odd && !r->diverged && !r->timeout ? note : NULL);
}

/* kc_campaign's program hook: the generator leaving out --avoid's features. */
static kc_status program_avoiding(void *ctx, uint64_t seed, const kc_hw *hw, uint32_t dram_bytes, kc_rgen_prog *out,
                                  kc_err *err)
{
    const cosim_cli *o = ctx;
    const kc_platform *p = kc_platform_find(o->platform);
    return p->family->rgen->program_avoiding(seed, hw, dram_bytes, o->avoid_text, out, err);
}

static int cmd_random_generic(cosim_cli *o, const kc_platform *p)
{
    kc_err err;
    kc_err_clear(&err);
    const kc_rgen_ops *rg = p->family->rgen;
    kc_campaign_opts co = {.model = kc_acc_find(p->acc), .ref = p->ref, .rgen = rg, .build = generic_build,
                           .program = o->avoid_text ? program_avoiding : NULL, .program_ctx = o,
                           .build_ctx = (void *)p, .nrows = rg->nrows ? rg->nrows() : 0, .seed = o->seed,
                           .count = o->count, .dram = o->dram, .cycle_limit = o->cycle_limit,
                           .fresh_model = o->fresh_model, .keep_dir = o->keep, .on_program = on_generic, .ctx = o};
    kc_campaign_report r;
    kc_progress_init(&o->bar, stdout, "kc cosim", o->count);
    kc_status s = kc_campaign_run(&co, &r, &err);
    kc_progress_end(&o->bar);
    if (s != KC_OK) {
        char buf[800];
        fprintf(stderr, "kc cosim: %s\n", kc_err_format(&err, buf, sizeof buf));
        if (r.failed_text)
            fprintf(stderr, "%s", r.failed_text);
    }
    printf("cosim campaign (%s): %" PRIu64 " programs (seeds %" PRIu64 "..%" PRIu64 "), %" PRIu64
           " instructions retired and compared, %" PRIu64 " RTL cycles, %.1f s (%.1f s building)\n", p->name,
           r.programs, o->seed, o->seed + o->count - 1, r.retired, r.cycles, r.seconds, r.build_seconds);
    printf("  ended: %" PRIu64 " halt", r.halted);
    for (unsigned c = 1; c < KC_CAMPAIGN_MAX_TRAPS; c++)
        if (r.traps[c])
            printf(", %" PRIu64 " trap cause %u", r.traps[c], c);
    printf("; not as generated: %" PRIu64 "\n  divergences: %" PRIu64 ", timeouts: %" PRIu64 "\n",
           r.unexpected_end, r.diverged, r.timeouts);
    if (r.nrows && rg->row_name) {
        size_t never = 0;
        for (size_t k = 0; k < r.nrows; k++)
            never += !r.insn_counts[k];
        printf("  instructions exercised: %zu of %zu", r.nrows - never, r.nrows);
        if (never && never <= 64) {
            printf(" (never retired:");
            for (size_t k = 0; k < r.nrows; k++)
                if (!r.insn_counts[k])
                    printf(" %s", rg->row_name(k));
            printf(")");
        }
        printf("\n");
        if (o->coverage)
            for (size_t k = 0; k < r.nrows; k++)
                printf("  %-18s %" PRIu64 "\n", rg->row_name(k), r.insn_counts[k]);
    }
    int rc = s != KC_OK ? 2 : r.diverged || r.timeouts || r.unexpected_end ? 1 : 0;
    kc_campaign_report_free(&r);
    return rc;
}

enum { OPT_TASK = 1, OPT_CONFIG, OPT_SEED, OPT_COUNT, OPT_ARGS, OPT_DRAM_SEED, OPT_DRAM_BYTES, OPT_LATENCY,
       OPT_BW, OPT_CYCLE_LIMIT, OPT_KEEP, OPT_BASELINE, OPT_ISS_ONLY, OPT_RANDOM, OPT_MATRIX, OPT_FRESH_MODEL,
       OPT_AVOID, OPT_COVERAGE, OPT_QUIET };

static const kc_args_opt cosim_rows[] = {
    {OPT_TASK, "task", 0, KC_ARGS_STRING, "T", 0, 0,
     "with --config C --seed S: lay out and fill DRAM exactly as\n"
     "`kc eval` does; a0..a15 = the task's tensors"},
    {OPT_CONFIG, "config", 0, KC_ARGS_NUMBER, "C", 1, KC_TASK_NCONFIGS, "the task's configuration (default 1)"},
    {OPT_SEED, "seed", 0, KC_ARGS_NUMBER, "S", 0, UINT64_MAX,
     "the task's input seed; --random: the first program's seed\n(default 1)"},
    {OPT_BASELINE, "baseline", 0, KC_ARGS_FLAG, NULL, 0, 0, "with --task: use the template compiler's kernel"},
    {OPT_ARGS, "args", 0, KC_ARGS_STRING, "A0,A1,...", 0, 0, "initial a0..a15 without a task (default 0)"},
    {OPT_DRAM_SEED, "dram-seed", 0, KC_ARGS_NUMBER, "N", 0, UINT64_MAX,
     "fill DRAM with the random-program image of seed N\n(default: zeros)"},
    {OPT_DRAM_BYTES, "dram-bytes", 0, KC_ARGS_NUMBER, "N", 1, UINT32_MAX,
     "DRAM size (default 64 MiB; --random: the generator's, 256 KiB unless it says (vliw 512 KiB))"},
    {OPT_LATENCY, "latency", 0, KC_ARGS_NUMBER, "N", 1, 99999, "DRAM latency in cycles"},
    {OPT_BW, "bw", 0, KC_ARGS_NUMBER, "N", 1, 99999, "DRAM bandwidth in bytes/cycle"},
    {OPT_CYCLE_LIMIT, "cycle-limit", 0, KC_ARGS_NUMBER, "N", 1, KC_OPTS_MAX_CYCLE_LIMIT, "RTL cycle limit"},
    {OPT_ISS_ONLY, "iss-only", 0, KC_ARGS_FLAG, NULL, 0, 0, "run only the ISS; print instructions, time and\ninstructions/s"},
    {OPT_RANDOM, "random", 0, KC_ARGS_FLAG, NULL, 0, 0, "campaign of generated programs (seeds S, S+1, ...)"},
    {OPT_COUNT, "count", 0, KC_ARGS_NUMBER, "N", 1, KC_OPTS_MAX_COUNT, "programs in the campaign (default 100)"},
    {OPT_KEEP, "keep", 0, KC_ARGS_STRING, "DIR", 0, 0,
     "write each diverging program to DIR/seed-S.s (a ready\nregression case)"},
    {OPT_COVERAGE, "coverage", 0, KC_ARGS_FLAG, NULL, 0, 0, "with --random: print how often each instruction retired"},
    {OPT_MATRIX, "matrix", 0, KC_ARGS_FLAG, NULL, 0, 0, "with --random: also generate matrix-unit instructions"},
    {OPT_FRESH_MODEL, "fresh-model", 0, KC_ARGS_FLAG, NULL, 0, 0,
     "with --random: a new RTL model per program (default: one\n"
     "model, reset between programs, as a long-lived handle is used)"},
    {OPT_AVOID, "avoid", 0, KC_ARGS_STRING, "LIST", 0, 0,
     "with --random: leave out patterns of open RTL bugs: npu:\n"
     "falloff (running off the program end), red-trap (a trap right\n"
     "behind a reduction), zero-shared (a count-0 loop sharing its\n"
     "end label with the enclosing loop); vliw: dma (no DMA: an RTL\n"
     "without its DMA engine); see docs/cosim.md"},
    {OPT_QUIET, NULL, 'q', KC_ARGS_FLAG, NULL, 0, 0, "print only divergences and the summary"},
    {0},
};

static const kc_args_opt *const cosim_tables[] = {kc_opts_platform_rows, cosim_rows, NULL};

static const kc_args_spec cosim_spec = {
    "cosim", "KERNEL.s [options]\n--random [--count N] [--seed S] [--keep DIR] [options]",
    "Runs a program on the RTL and on the platform's reference model (npu: the ISS of\n"
    "isa/npu.def; rvv: QEMU user mode; vliw: the timed ISS) and compares the\n"
    "architectural state after every retired instruction (vliw: each bundle of each\n"
    "tile) and everything (registers, on-chip memories, DRAM) at halt or trap. Prints\n"
    "the first difference: instruction, pc, location, expected (reference) vs actual (RTL). --random works on every platform with a random-program generator.\n"
    "KERNEL.s is an assembly file ('-' = stdin); a line '# cosim: key=value ...' in it\n"
    "sets defaults for args=, dram-seed=, dram-bytes=, latency=, bw= (regression cases\n"
    "carry one); expect=diverge marks an open RTL bug: exit 0 only while the models\n"
    "disagree.\n",
    cosim_tables,
};

static int parse_avoid(const char *v, unsigned *avoid)
{
    char list[256];
    snprintf(list, sizeof list, "%s", v);
    for (char *save = NULL, *tok = strtok_r(list, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
        if (!strcmp(tok, "falloff"))
            *avoid |= NPU_RGEN_AVOID_FALLOFF;
        else if (!strcmp(tok, "red-trap"))
            *avoid |= NPU_RGEN_AVOID_RED_TRAP;
        else if (!strcmp(tok, "zero-shared"))
            *avoid |= NPU_RGEN_AVOID_ZERO_SHARED;
        else
            return 0;
    }
    return 1;
}

/* One option into o: 1, or KC_ARGS_ERROR. */
static int take_one(cosim_cli *o, kc_args *a, int id)
{
    uint64_t n = a->number;
    switch (id) {
    case KC_OPTS_PLATFORM: return kc_opts_take_platform(a, &o->platform);
    case OPT_TASK: o->task = a->value; break;
    case OPT_CONFIG: o->config = (int)n; break;
    case OPT_SEED: o->seed = n; break;
    case OPT_COUNT: o->count = n; break;
    case OPT_ARGS:
        if (!parse_args_list(a->value, o->args, &o->nargs))
            return kc_args_bad_value(a, "up to 16 numbers below 2^32 separated by commas");
        o->have_args = 1;
        break;
    case OPT_DRAM_SEED: o->dram_seed = n; o->have_dram_seed = 1; break;
    case OPT_DRAM_BYTES: o->dram.size_bytes = (uint32_t)n; break;
    case OPT_LATENCY: o->dram.latency = (unsigned)n; break;
    case OPT_BW: o->dram.bytes_per_cycle = (unsigned)n; break;
    case OPT_CYCLE_LIMIT: o->cycle_limit = n; break;
    case OPT_KEEP: o->keep = a->value; break;
    case OPT_BASELINE: o->baseline = 1; break;
    case OPT_ISS_ONLY: o->iss_only = 1; break;
    case OPT_RANDOM: o->random = 1; break;
    case OPT_MATRIX: o->matrix = 1; break;
    case OPT_FRESH_MODEL: o->fresh_model = 1; break;
    case OPT_COVERAGE: o->coverage = 1; break;
    case OPT_QUIET: o->quiet = 1; break;
    case OPT_AVOID: o->avoid_text = a->value; break;   /* checked with the platform (main) */
    }
    return 1;
}

int kc_cmd_cosim_main(int argc, char **argv)
{
    cosim_cli o;
    memset(&o, 0, sizeof o);
    o.platform = kc_opts_default_platform();
    o.config = 1;
    o.seed = 1;
    o.count = 100;
    kc_args a;
    kc_args_start(&a, &cosim_spec, argc, argv);
    for (int id; (id = kc_args_next(&a)) != KC_ARGS_END;) {
        if (id == KC_ARGS_HELP) {
            kc_args_help(&cosim_spec, stdout);
            return 0;
        }
        if (id == KC_ARGS_ERROR || take_one(&o, &a, id) == KC_ARGS_ERROR)
            return kc_args_exit(&a);
    }
    if (a.npos > 1)
        return kc_args_fail(&a, "more than one kernel file ('%s')", a.pos[1]);
    o.kernel = a.npos ? a.pos[0] : NULL;
    const kc_platform *p = kc_platform_find(o.platform);   /* known: kc_opts_take checked the name */
    if (!p || !p->ref)
        return kc_args_fail(&a, "platform '%s' has no reference model to co-simulate against", o.platform);
    if (o.random && !p->family->rgen)
        return kc_args_fail(&a, "--random: platform '%s' has no random program generator", o.platform);
    if (o.avoid_text && !strcmp(p->family->name, "npu") && !parse_avoid(o.avoid_text, &o.avoid))
        return kc_args_fail(&a, "--avoid %s: npu patterns are falloff, red-trap, zero-shared separated by commas",
                            o.avoid_text);
    if (o.avoid_text && strcmp(p->family->name, "npu") && !(p->family->rgen && p->family->rgen->program_avoiding))
        return kc_args_fail(&a, "--avoid: platform '%s''s generator leaves nothing out", o.platform);
    if (o.random && strcmp(p->family->name, "npu"))   /* npu: its generator options, its report */
        return cmd_random_generic(&o, p);
    return o.random ? cmd_random(&o, p) : cmd_single(&o);
}
