/* kc_cmd_cosim.c — `kc cosim`: run a program on the RTL and on the ISS and report
 * the first place they disagree (isa/kc_cosim.h); `--random` runs a campaign of
 * generated programs (isa/kc_rgen.h); `--iss-only` runs the ISS alone and prints
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
#include "kc_opts.h"
#include "kc_asm.h"
#include "kc_check.h"
#include "kc_cmds.h"
#include "kc_cosim.h"
#include "kc_iss.h"
#include "kc_platform.h"
#include "kc_rgen.h"
#include "kc_task.h"

static const char cosim_help[] =
    "usage: kc cosim [--platform npu] KERNEL.s [options]\n"
    "       kc cosim --random [--count N] [--seed S] [--keep DIR] [options]\n"
    "\n"
    "Runs a program on the RTL and on the ISS (isa/npu.def exec semantics) and compares\n"
    "the architectural state after every retired instruction and everything (registers,\n"
    "vector SRAM, DRAM) at halt or trap. Prints the first difference: instruction, pc,\n"
    "location, expected (ISS) vs actual (RTL).\n"
    "\n"
    "  KERNEL.s            assembly file ('-' = stdin); a line '# cosim: key=value ...'\n"
    "                      in it sets defaults for args=, dram-seed=, dram-bytes=,\n"
    "                      latency=, bw= (regression cases carry one); expect=diverge\n"
    "                      marks an open RTL bug: exit 0 only while the models disagree\n"
    "  --task T --config C --seed S\n"
    "                      lay out and fill DRAM exactly as `kc eval` does; a0..a15 =\n"
    "                      the task's tensors\n"
    "  --baseline          with --task: use the template compiler's kernel (no KERNEL.s)\n"
    "  --args A0,A1,...    initial a0..a15 without a task (default 0)\n"
    "  --dram-seed N       fill DRAM with the random-program image of seed N (default: zeros)\n"
    "  --dram-bytes N      DRAM size (default 64 MiB; --random: 256 KiB)\n"
    "  --latency N --bw N  DRAM latency (cycles) and bandwidth (bytes/cycle)\n"
    "  --cycle-limit N     RTL cycle limit\n"
    "  --iss-only          run only the ISS; print instructions, time and instructions/s\n"
    "  --random            campaign of generated programs (seeds S, S+1, ...)\n"
    "  --count N           programs in the campaign (default 100)\n"
    "  --keep DIR          write each diverging program to DIR/seed-S.s (a ready\n"
    "                      regression case)\n"
    "  --coverage          with --random: print how often each instruction retired\n"
    "  --matrix            with --random: also generate matrix-unit instructions\n"
    "  --fresh-model       with --random: a new RTL model per program (default: one\n"
    "                      model, reset between programs, as a long-lived handle is used)\n"
    "  --avoid LIST        with --random: leave out patterns of open RTL bugs: falloff\n"
    "                      (running off the program end), red-trap (a trap right behind\n"
    "                      a reduction), zero-shared (a count-0 loop sharing its end\n"
    "                      label with the enclosing loop); see docs/cosim.md\n"
    "  -q                  print only divergences and the summary\n";

typedef struct cosim_cli {
    const char *platform, *task, *kernel, *keep;
    int config, baseline, iss_only, random, coverage, quiet, fresh_model, matrix;
    unsigned avoid;
    uint64_t seed, count, dram_seed, cycle_limit;
    int have_dram_seed, have_args, expect_diverge;
    uint32_t args[KC_ISS_NAREGS];
    size_t nargs;
    kc_dram_cfg dram;
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
        if (errno || !isdigit((unsigned char)*s) || v > UINT32_MAX || *n == KC_ISS_NAREGS)
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
            } else if (!strcmp(key, "dram-seed") && kc_opts_u64(val, &v)) {
                if (!*set_seed) { o->dram_seed = v; o->have_dram_seed = 1; }
            } else if (!strcmp(key, "dram-bytes") && kc_opts_u64(val, &v) && v && v <= UINT32_MAX) {
                if (!*set_size) o->dram.size_bytes = (uint32_t)v;
            } else if (!strcmp(key, "latency") && kc_opts_u64(val, &v) && v && v < 100000) {
                if (!*set_lat) o->dram.latency = (unsigned)v;
            } else if (!strcmp(key, "bw") && kc_opts_u64(val, &v) && v && v < 100000) {
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

static void print_report(const kc_cosim_report *r, const char *label)
{
    if (r->diverged)
        printf("%s: DIVERGED %s\n", label, r->text);
    else if (r->timeout)
        printf("%s: TIMEOUT after %" PRIu64 " cycles (%" PRIu64 " instructions retired, all equal)\n",
               label, r->cycles, r->retired);
    else if (r->rtl_state == KC_CORE_TRAPPED)
        printf("%s: agree: trap %s at pc %" PRIu32 " info 0x%" PRIx32 " after %" PRIu64
               " instructions, %" PRIu64 " cycles\n", label, r->rtl_status.cause_name, r->rtl_status.pc,
               r->rtl_status.info, r->retired, r->cycles);
    else
        printf("%s: agree: halted after %" PRIu64 " instructions, %" PRIu64 " cycles\n", label,
               r->retired, r->cycles);
}

/* ---- one program ----------------------------------------------------------------- */

static int run_iss_only(const kc_program *prog, kc_dram *dram, const uint32_t *args, size_t nargs)
{
    kc_err err;
    kc_err_clear(&err);
    kc_iss *iss;
    if (kc_iss_open(&iss, &err) != KC_OK)
        return fail(&err);
    /* The ISS writes DRAM: run on a copy so every repetition starts alike. */
    size_t size = kc_dram_config(dram)->size_bytes;
    uint8_t *image = malloc(size);
    if (!image) {
        kc_iss_close(iss);
        kc_err_set(&err, KC_ERR_NOMEM, "out of memory");
        return fail(&err);
    }
    memcpy(image, kc_dram_data(dram), size);
    uint64_t insns = 0, runs = 0;
    double t = 0, wall0 = now();   /* t: time inside kc_iss_run only */
    kc_core_status st;
    do {
        memcpy(kc_dram_data(dram), image, size);
        if (kc_iss_reset(iss, prog->words, prog->nwords, args, nargs, dram, &err) != KC_OK) {
            free(image);
            kc_iss_close(iss);
            return fail(&err);
        }
        double t0 = now();
        kc_iss_run(iss, 2000000000ull);
        t += now() - t0;
        insns += kc_iss_instret(iss);
        runs++;
    } while (t < 0.5 && now() - wall0 < 20 && runs < 1000000);
    kc_iss_status(iss, &st);
    printf("iss: %s", st.state == KC_CORE_HALTED ? "halted" : st.state == KC_CORE_TRAPPED ? "trapped" : "limit");
    if (st.state == KC_CORE_TRAPPED)
        printf(" (%s at pc %" PRIu32 ", info 0x%" PRIx32 ")", st.cause_name, st.pc, st.info);
    printf(" after %" PRIu64 " instructions; %" PRIu64 " runs in %.3f s = %.1f M instructions/s\n",
           kc_iss_instret(iss), runs, t, (double)insns / t / 1e6);
    free(image);
    kc_iss_close(iss);
    return 0;
}

static int cmd_single(cosim_cli *o)
{
    kc_err err;
    kc_err_clear(&err);
    const kc_platform *p = kc_platform_find(o->platform);
    if (!p || strcmp(p->acc, "npu")) {
        fprintf(stderr, "kc cosim: platform '%s' has no ISS (npu only)\n", o->platform);
        return 2;
    }
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
    kc_program prog = {0};
    kc_task_inst inst;
    memset(&inst, 0, sizeof inst);
    void *model = NULL;
    int rc = 2;
    kc_status s;
    if (!ops) {
        kc_err_set(&err, KC_ERR_USAGE, "no simulation model '%s' is built", p->acc);
        goto out;
    }
    const kc_isa *isa;   /* the ISS runs words of the table ISA (npu only, checked above) */
    if ((s = kc_isa_load(p->family->name, &isa, &err)) != KC_OK ||
        (s = kc_asm_assemble(isa, src, name, &prog, &err)) != KC_OK)
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
        for (unsigned i = 0; i < layout.ntensors && i < 8; i++)
            o->args[i] = layout.addr[i];
    } else if (o->have_dram_seed) {
        kc_rgen_fill_dram(o->dram_seed, kc_dram_data(dram), size);
    }
    if (o->iss_only) {
        rc = run_iss_only(&prog, dram, o->args, o->nargs);
        goto out_noerr;
    }
    if ((s = ops->open(&model, &err)) != KC_OK)
        goto out;
    kc_cosim_opts co = { .cycle_limit = o->cycle_limit };
    kc_cosim_report rep;
    if ((s = kc_cosim_run(ops, model, dram, prog.words, prog.nwords, o->args, o->nargs, &co, &rep,
                          &err)) != KC_OK)
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
    kc_program_free(&prog);
    if (dram)
        kc_dram_close(dram);
    free(src);
    return rc;
}

/* ---- campaign ---------------------------------------------------------------------- */

static int keep_case(const cosim_cli *o, uint64_t seed, const kc_rgen_prog *rp, const kc_dram_cfg *dc,
                     const kc_cosim_report *rep)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/seed-%" PRIu64 ".s", o->keep, seed);
    FILE *f = fopen(path, "w");
    if (!f)
        return 0;
    fprintf(f, "# cosim regression case: kc cosim --random --seed %" PRIu64 " --count 1\n", seed);
    fprintf(f, "# %s\n", rep->text);
    fprintf(f, "# cosim: expect=diverge dram-seed=%" PRIu64 " dram-bytes=%" PRIu32 " latency=%u bw=%u args=",
            seed, dc->size_bytes, dc->latency, dc->bytes_per_cycle);
    for (int i = 0; i < 8; i++)
        fprintf(f, "%s0x%" PRIx32, i ? "," : "", rp->args[i]);
    fprintf(f, "\n%s", rp->text);
    fclose(f);
    return 1;
}

static int cmd_random(cosim_cli *o)
{
    kc_err err;
    kc_err_clear(&err);
    const kc_acc_ops *ops = kc_acc_find("npu");
    const kc_isa *isa = kc_isa_find("npu");
    if (!ops || !isa) {
        fprintf(stderr, "kc cosim: the npu model or ISA table is not available\n");
        return 2;
    }
    uint64_t *counts = calloc(isa->ninsns, sizeof *counts);
    void *model = NULL;
    if (!counts || ops->open(&model, &err) != KC_OK) {
        free(counts);
        if (!counts)
            kc_err_set(&err, KC_ERR_NOMEM, "out of memory");
        return fail(&err);
    }
    static const unsigned lats[] = {1, 2, 5, 16, 64};
    static const unsigned bws[] = {4, 16, 32, 64};
    uint64_t ndiv = 0, nto = 0, nhalt = 0, insns = 0, cycles = 0, traps[KC_ISS_NTRAPS] = {0};
    int rc = 0;
    double t0 = now();
    for (uint64_t i = 0; i < o->count; i++) {
        uint64_t seed = o->seed + i;
        kc_dram_cfg dc = o->dram;
        if (!dc.size_bytes)
            dc.size_bytes = 256u << 10;
        if (!dc.latency)
            dc.latency = lats[seed % 5];
        if (!dc.bytes_per_cycle)
            dc.bytes_per_cycle = bws[(seed / 5) % 4];
        kc_rgen_opts ro = { .dram_bytes = dc.size_bytes, .blocks = 0, .trap = -1, .avoid = o->avoid,
                             .matrix = o->matrix };
        kc_rgen_prog rp;
        kc_program prog = {0};
        kc_dram *dram = NULL;
        kc_status s = kc_rgen_program(seed, &ro, &rp, &err);
        if (s == KC_OK)
            s = kc_asm_assemble(isa, rp.text, "random", &prog, &err);
        if (s == KC_OK)
            s = kc_dram_open(&dram, &dc, ops->beat_bytes, &err);
        kc_cosim_report rep;
        if (s == KC_OK && o->fresh_model) {
            ops->close(model);
            model = NULL;
            s = ops->open(&model, &err);
        }
        if (s == KC_OK) {
            kc_rgen_fill_dram(seed, kc_dram_data(dram), dc.size_bytes);
            kc_cosim_opts co = { .cycle_limit = o->cycle_limit ? o->cycle_limit : 2000000,
                                 .insn_counts = counts };
            s = kc_cosim_run(ops, model, dram, prog.words, prog.nwords, rp.args, KC_ISS_NAREGS, &co, &rep, &err);
        }
        if (s != KC_OK) {
            char buf[800];
            fprintf(stderr, "kc cosim: seed %" PRIu64 ": %s\n", seed, kc_err_format(&err, buf, sizeof buf));
            if (s == KC_ERR_SYNTAX && rp.text)
                fprintf(stderr, "%s", rp.text);
            kc_rgen_prog_free(&rp);
            kc_program_free(&prog);
            if (dram)
                kc_dram_close(dram);
            rc = 2;
            break;
        }
        insns += rep.retired;
        cycles += rep.cycles;
        char label[64];
        snprintf(label, sizeof label, "seed %" PRIu64, seed);
        if (rep.diverged) {
            ndiv++;
            print_report(&rep, label);
            if (o->keep && keep_case(o, seed, &rp, &dc, &rep))
                printf("  kept as %s/seed-%" PRIu64 ".s\n", o->keep, seed);
        } else if (rep.timeout) {
            nto++;
            print_report(&rep, label);
        } else {
            if (rep.rtl_state == KC_CORE_TRAPPED && rep.rtl_status.cause < KC_ISS_NTRAPS)
                traps[rep.rtl_status.cause]++;
            else
                nhalt++;
            if (!o->quiet)
                print_report(&rep, label);
        }
        kc_rgen_prog_free(&rp);
        kc_program_free(&prog);
        kc_dram_close(dram);
    }
    double t = now() - t0;
    if (model)
        ops->close(model);
    printf("cosim campaign: %" PRIu64 " programs (seeds %" PRIu64 "..%" PRIu64 "), %" PRIu64
           " instructions retired and compared, %" PRIu64 " RTL cycles, %.1f s\n",
           o->count, o->seed, o->seed + o->count - 1, insns, cycles, t);
    printf("  ended: %" PRIu64 " halt", nhalt);
    for (unsigned c = 1; c < KC_ISS_NTRAPS; c++)
        printf(", %" PRIu64 " %s", traps[c], kc_iss_trap_name(c));
    printf("\n  divergences: %" PRIu64 ", timeouts: %" PRIu64 "\n", ndiv, nto);
    size_t unexercised = 0;
    for (size_t k = 0; k < isa->ninsns; k++)
        if (!counts[k])
            unexercised++;
    printf("  instructions exercised: %zu of %zu", isa->ninsns - unexercised, isa->ninsns);
    if (unexercised) {
        printf(" (never retired:");
        for (size_t k = 0; k < isa->ninsns; k++)
            if (!counts[k])
                printf(" %s", isa->insns[k].name);
        printf(")");
    }
    printf("\n");
    if (o->coverage)
        for (size_t k = 0; k < isa->ninsns; k++)
            printf("  %-8s %" PRIu64 "\n", isa->insns[k].name, counts[k]);
    free(counts);
    if (rc)
        return rc;
    return ndiv || nto ? 1 : 0;
}

int kc_cmd_cosim_main(int argc, char **argv)
{
    cosim_cli o;
    memset(&o, 0, sizeof o);
    o.platform = "npu";
    o.config = 1;
    o.seed = 1;
    o.count = 100;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        uint64_t n;
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            fputs(cosim_help, stdout);
            return 0;
        } else if (!strcmp(a, "--platform") && v) {
            o.platform = v; i++;
        } else if (!strcmp(a, "--task") && v) {
            o.task = v; i++;
        } else if (!strcmp(a, "--config") && v) {
            if (!kc_opts_number(a, v, 1, KC_TASK_NCONFIGS, &n))
                return 2;
            o.config = (int)n; i++;
        } else if (!strcmp(a, "--seed") && v) {
            if (!kc_opts_number(a, v, 0, UINT64_MAX, &n))
                return 2;
            o.seed = n; i++;
        } else if (!strcmp(a, "--count") && v) {
            if (!kc_opts_number(a, v, 1, KC_OPTS_MAX_COUNT, &n))
                return 2;
            o.count = n; i++;
        } else if (!strcmp(a, "--args") && v && parse_args_list(v, o.args, &o.nargs)) {
            o.have_args = 1; i++;
        } else if (!strcmp(a, "--dram-seed") && v) {
            if (!kc_opts_number(a, v, 0, UINT64_MAX, &n))
                return 2;
            o.dram_seed = n; o.have_dram_seed = 1; i++;
        } else if (!strcmp(a, "--dram-bytes") && v) {
            if (!kc_opts_number(a, v, 1, UINT32_MAX, &n))
                return 2;
            o.dram.size_bytes = (uint32_t)n; i++;
        } else if (!strcmp(a, "--latency") && v) {
            if (!kc_opts_number(a, v, 1, 99999, &n))
                return 2;
            o.dram.latency = (unsigned)n; i++;
        } else if (!strcmp(a, "--bw") && v) {
            if (!kc_opts_number(a, v, 1, 99999, &n))
                return 2;
            o.dram.bytes_per_cycle = (unsigned)n; i++;
        } else if (!strcmp(a, "--cycle-limit") && v) {
            if (!kc_opts_number(a, v, 1, KC_OPTS_MAX_CYCLE_LIMIT, &n))
                return 2;
            o.cycle_limit = n; i++;
        } else if (!strcmp(a, "--keep") && v) {
            o.keep = v; i++;
        } else if (!strcmp(a, "--baseline")) {
            o.baseline = 1;
        } else if (!strcmp(a, "--iss-only")) {
            o.iss_only = 1;
        } else if (!strcmp(a, "--random")) {
            o.random = 1;
        } else if (!strcmp(a, "--matrix")) {
            o.matrix = 1;
        } else if (!strcmp(a, "--fresh-model")) {
            o.fresh_model = 1;
        } else if (!strcmp(a, "--avoid") && v) {
            char list[256];
            snprintf(list, sizeof list, "%s", v);
            for (char *tok = strtok(list, ","); tok; tok = strtok(NULL, ",")) {
                if (!strcmp(tok, "falloff"))
                    o.avoid |= KC_RGEN_AVOID_FALLOFF;
                else if (!strcmp(tok, "red-trap"))
                    o.avoid |= KC_RGEN_AVOID_RED_TRAP;
                else if (!strcmp(tok, "zero-shared"))
                    o.avoid |= KC_RGEN_AVOID_ZERO_SHARED;
                else {
                    fprintf(stderr, "kc cosim: unknown --avoid pattern '%s'\n", tok);
                    return 2;
                }
            }
            i++;
        } else if (!strcmp(a, "--coverage")) {
            o.coverage = 1;
        } else if (!strcmp(a, "-q")) {
            o.quiet = 1;
        } else if (a[0] != '-' || !strcmp(a, "-")) {
            if (o.kernel) {
                fprintf(stderr, "kc cosim: more than one kernel file ('%s')\n", a);
                return 2;
            }
            o.kernel = a;
        } else {
            fprintf(stderr, "kc cosim: bad option '%s' (see kc cosim --help)\n", a);
            return 2;
        }
    }
    return o.random ? cmd_random(&o) : cmd_single(&o);
}
