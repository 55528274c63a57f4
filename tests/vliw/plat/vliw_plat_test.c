/* vliw_plat_test.c — a hand-written vliw case (tests/vliw/iss/<case>: kernel.s and
 * expect.txt, the ISS's own test data) on the vliw build (2x2): assembled into the
 * platform's image (vliw_hw_image), run on the RTL model against the ISS by the co-simulation (every bundle of
 * every tile: pc, issue cycle, every register file; at the end DM and DRAM), then
 * the RTL's final state checked against expect.txt. So a case the ISS test also
 * runs (vliw.iss_*) holds on both models: "a read one bundle early gets the old
 * value" on the ISS and on the RTL.
 *
 * Of expect.txt it reads: dram_latency, dram_bw, args, init dram, cycles,
 * halted | trap tile T pc P slot S cause NAME [detail D], t<T>.<r|p|m|lock> IDX = V.
 * `params rows R cols C` must be the build's or 1 x 1 (an SPMD program: every tile
 * runs it alike, tile 0's lines are checked).
 *
 * It links the one model it runs (kc_acc_vliw), not the registry: building every
 * accelerator's model for one test costs most of an hour.
 *
 * Usage: vliw_plat_test CASE_DIR
 *        vliw_plat_test --random SEED COUNT [AVOID [KEEP_DIR]]
 *        vliw_plat_test --random-trap CAUSE SEED COUNT
 *   the second: a campaign of isa/vliw_rgen.c programs (kc_campaign, as `kc cosim
 *   --platform vliw --random`) on this model, 1 MiB of DRAM; AVOID as --avoid
 *   ("dma", or "-" for nothing); diverging programs kept in KEEP_DIR. Prints each
 *   divergence or timeout and a summary; exit 1 when any. The third: the same,
 *   every program made to end in trap CAUSE (vliw_rgen_program).
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kc_asm.h"
#include "kc_campaign.h"
#include "kc_cosim.h"
#include "kc_file.h"
#include "vliw_hw.h"
#include "vliw_iss.h"
#include "vliw_rgen.h"

extern const kc_acc_ops vliw_acc_ops;   /* verilated/vliw_shim.cpp, the "vliw" build */

static int fails;
#define FAIL(...) do { fprintf(stderr, __VA_ARGS__); fputc('\n', stderr); fails++; } while (0)

static char *read_text(const char *dir, const char *name)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    char *data = NULL;
    kc_err err;
    kc_err_clear(&err);
    if (kc_file_read_text(path, &data, NULL, &err) != KC_OK) {
        fprintf(stderr, "%s\n", err.text);
        exit(2);
    }
    return data;
}

/* Line `i` of text into buf, '#' comments cut; returns the rest or NULL. */
static const char *next_line(const char *p, char *buf, size_t n)
{
    const char *e = strchr(p, '\n');
    size_t len = e ? (size_t)(e - p) : strlen(p);
    snprintf(buf, n, "%.*s", (int)len, p);
    char *h = strchr(buf, '#');
    if (h)
        *h = 0;
    return e ? e + 1 : NULL;
}

static unsigned file_of(const kc_acc_ops *ops, const char *name)
{
    for (size_t i = 0; i < ops->narch_files; i++)
        if (!strcmp(ops->arch_files[i].name, name))
            return (unsigned)i;
    return UINT32_MAX;
}

/* ---- the random campaign ------------------------------------------------------------ */

static kc_status build_text(void *ctx, const char *text, kc_image *img, kc_err *err)
{
    (void)ctx;
    const kc_isa *isa;
    kc_program prog;
    kc_status s = kc_isa_load("vliw", &isa, err);
    if (s == KC_OK && (s = kc_asm_assemble(isa, text, "random.s", &prog, err)) == KC_OK) {
        kc_image_free(img);
        s = vliw_hw_image(&prog, img, err);
        kc_program_free(&prog);
    }
    return s;
}

static kc_status program_avoiding(void *ctx, uint64_t seed, const kc_hw *hw, uint32_t dram_bytes, kc_rgen_prog *out,
                                  kc_err *err)
{
    return vliw_rgen_ops.program_avoiding(seed, hw, dram_bytes, ctx, out, err);
}

/* every program ends with the trap cause *ctx (vliw_rgen_program's `trap`) */
static kc_status program_trapping(void *ctx, uint64_t seed, const kc_hw *hw, uint32_t dram_bytes, kc_rgen_prog *out,
                                  kc_err *err)
{
    return vliw_rgen_program(seed, hw, dram_bytes, *(const int *)ctx, out, err);
}

static void on_program(void *ctx, const kc_campaign_program *p)
{
    (void)ctx;
    const kc_cosim_report *r = p->report;
    if (r->diverged)
        printf("seed %" PRIu64 ": DIVERGED %s\n", p->seed, r->text);
    else if (r->timeout)
        printf("seed %" PRIu64 ": TIMEOUT after %" PRIu64 " cycles\n", p->seed, r->cycles);
    if (p->kept)
        printf("  kept as %s\n", p->kept);
    if (p->seed % 100 == 0) {   /* progress of a long campaign */
        printf("  seed %" PRIu64 " done\n", p->seed);
        fflush(stdout);
    }
}

static int run_random(uint64_t seed, uint64_t count, const char *avoid, const char *keep, const int *trap)
{
    kc_err err;
    kc_err_clear(&err);
    int have_avoid = avoid && strcmp(avoid, "-");
    kc_campaign_opts co = { .model = &vliw_acc_ops, .ref = &vliw_iss_ref, .rgen = &vliw_rgen_ops,
                            .program = trap ? program_trapping : have_avoid ? program_avoiding : NULL,
                            .program_ctx = trap ? (void *)trap : (void *)avoid,
                            .build = build_text, .nrows = vliw_rgen_ops.nrows(), .seed = seed, .count = count,
                            .dram = { .size_bytes = 1u << 20 }, .keep_dir = keep, .on_program = on_program };
    kc_campaign_report r;
    kc_status s = kc_campaign_run(&co, &r, &err);
    if (s != KC_OK) {
        fprintf(stderr, "campaign: %s\n%s", err.text, r.failed_text ? r.failed_text : "");
        kc_campaign_report_free(&r);
        return 2;
    }
    size_t never = 0;
    for (size_t k = 0; k < r.nrows; k++)
        never += !r.insn_counts[k];
    printf("vliw campaign: %" PRIu64 " programs (seeds %" PRIu64 "..%" PRIu64 "), %" PRIu64 " bundles compared, %"
           PRIu64 " RTL cycles, %.1f s; ended: %" PRIu64 " halt, %" PRIu64 " trap, not as generated %" PRIu64
           "; divergences %" PRIu64 ", timeouts %" PRIu64 "; rows issued %zu of %zu\n", r.programs, seed,
           seed + count - 1, r.retired, r.cycles, r.seconds, r.halted, r.programs - r.halted - r.diverged - r.timeouts,
           r.unexpected_end, r.diverged, r.timeouts, r.nrows - never, r.nrows);
    int bad = r.diverged || r.timeouts || r.unexpected_end;
    kc_campaign_report_free(&r);
    return bad ? 1 : 0;
}

int main(int argc, char **argv)
{
    if (argc >= 4 && !strcmp(argv[1], "--random"))
        return run_random(strtoull(argv[2], NULL, 0), strtoull(argv[3], NULL, 0), argc > 4 ? argv[4] : NULL,
                          argc > 5 ? argv[5] : NULL, NULL);
    if (argc == 5 && !strcmp(argv[1], "--random-trap")) {
        int cause = atoi(argv[2]);
        return run_random(strtoull(argv[3], NULL, 0), strtoull(argv[4], NULL, 0), NULL, NULL, &cause);
    }
    if (argc != 2) {
        fprintf(stderr, "usage: vliw_plat_test CASE_DIR\n");
        return 2;
    }
    const kc_acc_ops *ops = &vliw_acc_ops;
    const char *dir = argv[1];
    char *src = read_text(dir, "kernel.s"), *ex = read_text(dir, "expect.txt");
    kc_err err;
    kc_err_clear(&err);
    kc_dram_cfg dc = { .size_bytes = 1u << 20 };
    uint32_t args[40] = { 0 };
    size_t nargs = 0;
    long rows = kc_hw_get(ops->hw, "ROWS", 0), cols = kc_hw_get(ops->hw, "COLS", 0);
    char l[512];
    for (const char *q = ex; q && *q;) {   /* setup lines */
        q = next_line(q, l, sizeof l);
        unsigned a, b;
        if (sscanf(l, " params rows %u cols %u", &a, &b) == 2 && !(a == 1 && b == 1) &&
            (a != rows || b != cols)) {
            fprintf(stderr, "%s: a %ux%u case, the build is %ldx%ld\n", dir, a, b, rows, cols);
            return 2;
        }
        if (sscanf(l, " dram_latency %u", &a) == 1)
            dc.latency = a;
        if (sscanf(l, " dram_bw %u", &a) == 1)
            dc.bytes_per_cycle = a;
        if (!strncmp(l, "args", 4)) {
            char *r = l + 4, *end;
            for (unsigned long v; nargs < 40 && (v = strtoul(r, &end, 0), end != r); r = end)
                args[nargs++] = (uint32_t)v;
        }
    }
    kc_image img;
    kc_dram *dram = NULL;
    void *model = NULL;
    const kc_isa *isa;
    kc_program prog;
    kc_image_init(&img, 1, 4);
    if (kc_isa_load("vliw", &isa, &err) != KC_OK || kc_asm_assemble(isa, src, "kernel.s", &prog, &err) != KC_OK ||
        vliw_hw_image(&prog, &img, &err) != KC_OK || kc_dram_open(&dram, &dc, ops->beat_bytes, &err) != KC_OK ||
        ops->open(&model, &err) != KC_OK) {
        fprintf(stderr, "%s: %s\n", dir, err.text);
        return 2;
    }
    kc_program_free(&prog);
    uint8_t *d = kc_dram_data(dram);
    for (const char *q = ex; q && *q;) {
        q = next_line(q, l, sizeof l);
        unsigned long a;
        int k = 0;
        if (sscanf(l, " init dram %li =%n", (long *)&a, &k) == 1 && k) {
            char *r = l + k, *end;
            for (unsigned long v; (v = strtoul(r, &end, 16), end != r) && a < dc.size_bytes; r = end)
                d[a++] = (uint8_t)v;
        }
    }
    kc_cosim_report rep;
    if (kc_cosim_run(ops, model, &vliw_iss_ref, dram, &img, args, nargs, NULL, &rep, &err) != KC_OK) {
        fprintf(stderr, "%s: %s\n", dir, err.text);
        return 2;
    }
    if (rep.diverged || rep.timeout)
        FAIL("co-simulation: %s", rep.diverged ? rep.text : "timeout");
    kc_core_status st = rep.rtl_status;
    for (const char *q = ex; q && *q;) {   /* the RTL's final state */
        q = next_line(q, l, sizeof l);
        unsigned long long v;
        unsigned t, idx, pc, slot;
        char fname[16], cause[32];
        int k = 0;
        if (sscanf(l, " cycles %llu", &v) == 1) {
            if (rep.cycles != v)
                FAIL("cycles: expected %llu, RTL %" PRIu64, v, rep.cycles);
        } else if (sscanf(l, " halted %n", &k) == 0 && k) {
            if (st.state != KC_CORE_HALTED)
                FAIL("expected halted, RTL state %d (%s)", (int)st.state, st.cause_name);
        } else if (sscanf(l, " trap tile %u pc %u slot %u cause %31s", &t, &pc, &slot, cause) == 4) {
            if (st.state != KC_CORE_TRAPPED || strcmp(st.cause_name, cause) || st.pc != pc ||
                st.info >> 24 != t || (st.info >> 20 & 15) != slot)
                FAIL("expected trap %s tile %u pc %u slot %u; RTL state %d %s pc %u info 0x%x", cause, t, pc, slot,
                     (int)st.state, st.cause_name, st.pc, st.info);
        } else if (sscanf(l, " t%u.%15[a-z] %u = %lli", &t, fname, &idx, (long long *)&v) == 4 &&
                   (!strcmp(fname, "r") || !strcmp(fname, "p") || !strcmp(fname, "m") || !strcmp(fname, "lock"))) {
            char name[32];
            snprintf(name, sizeof name, "t%u.%s", t, fname);
            unsigned f = file_of(ops, name);
            uint32_t got = 0;
            if (f == UINT32_MAX || ops->arch_read(model, f, idx, 1, &got) != 0)
                FAIL("%s %u: not readable on the RTL", name, idx);
            else if (!strcmp(fname, "lock") ? (got & 0xff) != v : got != (uint32_t)v)
                FAIL("%s %u: expected 0x%llx, RTL 0x%x", name, idx, v, got);
        }
    }
    printf("%s on %s: %s, %" PRIu64 " bundles, %" PRIu64 " cycles; %s\n", dir, ops->name,
           rep.diverged ? "DIVERGED" : "agree", rep.retired, rep.cycles, fails ? "FAIL" : "ok");
    ops->close(model);
    kc_dram_close(dram);
    kc_image_free(&img);
    free(src);
    free(ex);
    return fails ? 1 : 0;
}
