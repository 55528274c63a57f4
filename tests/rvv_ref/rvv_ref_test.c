/* rvv_ref_test.c — the QEMU reference (isa/rvv_qemu.h) on its own, before any
 * RTL exists, and the random programs (isa/rvv_rgen.h) on it.
 *
 *   basic DIR        a hand-checked program (DIR/basic.s): final registers,
 *                    DTCM and DRAM; stepping and `run` agree
 *   rtz DIR          the vector RTZ conversions QEMU 7.2 aborts on (DIR/rtz.s)
 *   corrupt DIR      QEMU against itself through kc_cosim (a stand-in "RTL"
 *                    that is a second QEMU): agreement, then planted
 *                    differences (x, f, v lane, DTCM, DRAM) each reported at
 *                    the right element
 *   self DIR SEED N  N random programs from SEED, QEMU against itself through
 *                    kc_cosim: every program builds, terminates and agrees
 *   speed DIR        steps per second through the stub, and start-up cost
 *
 * Everything printed is from main(); helpers return status.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "kc_campaign.h"
#include "kc_cosim.h"
#include "kc_file.h"
#include "rvv_isa.h"
#include "rvv/rvv_platform.h"
#include "rvv_qemu.h"
#include "rvv_ref_build.h"
#include "rvv_rgen.h"

static const kc_hw_param test_params[] = {{"VLEN", 128, NULL}, {"DTCM_BYTES", 65536, NULL},
                                          {"ITCM_BYTES", 65536, NULL}, {"BEAT_BYTES", 32, NULL}};
static const kc_hw test_hw = {"rvv", "rvv", 4, test_params};

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static int failed(const char *what, const kc_err *err)
{
    char buf[900];
    printf("FAIL: %s: %s\n", what, kc_err_format(err, buf, sizeof buf));
    return 1;
}

static char g_ldscript[512];   /* DIR/link.ld */

static char *read_crt0(const char *dir, kc_err *err)
{
    char path[512], *text = NULL;
    snprintf(g_ldscript, sizeof g_ldscript, "%s/link.ld", dir);
    snprintf(path, sizeof path, "%s/crt0.s", dir);
    return kc_file_read_text(path, &text, NULL, err) == KC_OK ? text : NULL;
}

/* ---- QEMU as a stand-in RTL model (kc_acc_ops), for QEMU-vs-QEMU co-simulation ---- */

typedef struct fake {
    void *q;
    uint8_t *data;                 /* the co-simulation's DRAM (the "RTL's"): its bytes */
    uint32_t size;
    kc_dram *own;                  /* what the stand-in's QEMU runs on */
    uint64_t retired;
    int have_retire, ended;
    uint32_t rpc, rinsn;
    /* a planted difference: after retirement `at` (UINT64_MAX: when the run
     * ends), file[elem] lane `lane` ^= 1 (file KC_REF_DRAM: DRAM byte elem, at the end) */
    uint64_t at;
    unsigned file;
    uint32_t elem;
    unsigned lane;
    int plant;
} fake;

static fake g_fake;                /* kc_acc_ops.open takes no context */
static kc_acc_ops g_fake_ops;

static kc_status fake_open(void **h, kc_err *err)
{
    *h = &g_fake;
    return rvv_qemu_ref.open(&g_fake.q, &test_hw, err);
}

static void fake_close(void *h)
{
    fake *f = h;
    rvv_qemu_ref.close(f->q);
    if (f->own)
        kc_dram_close(f->own);
    f->q = NULL;
    f->own = NULL;
}

static kc_status fake_reset(void *h, const kc_image *img, const uint32_t *args, size_t nargs, uint32_t dram_bytes,
                            kc_err *err)
{
    fake *f = h;
    if (f->own)
        kc_dram_close(f->own);
    f->own = NULL;
    f->retired = 0;
    f->have_retire = 0;
    f->ended = 0;
    kc_dram_cfg dc = {f->size, 1, 32};
    kc_status s = f->data && f->size == dram_bytes ? kc_dram_open(&f->own, &dc, 32, err)
                                                   : kc_err_set(err, KC_ERR_USAGE, "stand-in: DRAM not known");
    if (s != KC_OK)
        return s;
    memcpy(kc_dram_data(f->own), f->data, f->size);
    return rvv_qemu_ref.reset(f->q, img, args, nargs, f->own, err);
}

static void fake_bus_out(void *h, kc_bus_req *req)
{
    (void)h;
    memset(req, 0, sizeof *req);
}

static void fake_plant(fake *f)
{
    size_t n;
    const kc_arch_file *files = rvv_qemu_ref.files(f->q, &n);
    uint8_t buf[64];
    if (f->file == KC_REF_DRAM) {
        f->data[f->elem] ^= 1;
    } else if (f->file < n && files[f->file].bytes <= sizeof buf) {
        rvv_qemu_ref.read(f->q, f->file, f->elem, 1, buf);
        buf[f->lane * (files[f->file].fmt == KC_ARCH_I32_LANES ? 4 : 1)] ^= 1;
        rvv_qemu_ref.write(f->q, f->file, f->elem, 1, buf);
    }
    f->plant = 0;
}

/* The run ended: the stand-in's DRAM becomes the "RTL's" (once). */
static void fake_ended(fake *f)
{
    if (f->ended)
        return;
    f->ended = 1;
    memcpy(f->data, kc_dram_data(f->own), f->size);
    if (f->plant && (f->file == KC_REF_DRAM || f->at == UINT64_MAX))
        fake_plant(f);
}

static kc_status fake_clock(void *h, const kc_bus_resp *in, kc_err *err)
{
    fake *f = h;
    (void)in;
    (void)err;
    kc_ref_event ev;
    f->have_retire = 0;
    kc_core_state st = rvv_qemu_ref.step(f->q, &ev);
    if (ev.retired) {
        f->have_retire = 1;
        f->rpc = (uint32_t)ev.pc;
        f->rinsn = ev.insn;
        f->retired++;
    }
    if (st != KC_CORE_RUNNING)
        fake_ended(f);
    else if (f->plant && f->file != KC_REF_DRAM && f->retired == f->at)
        fake_plant(f);
    return KC_OK;
}

static void fake_status(void *h, kc_core_status *st)
{
    fake *f = h;
    rvv_qemu_ref.status(f->q, st);   /* (at the exit ecall this ends the run) */
    if (st->state != KC_CORE_RUNNING)
        fake_ended(f);
}

static int fake_retire(void *h, uint32_t *pc, uint32_t *insn)
{
    fake *f = h;
    *pc = f->rpc;
    *insn = f->rinsn;
    return f->have_retire;
}

static uint64_t fake_pc(void *h)
{
    return rvv_qemu_ref.pc(((fake *)h)->q);
}

static int fake_read(void *h, unsigned file, uint32_t first, uint32_t n, void *buf)
{
    return rvv_qemu_ref.read(((fake *)h)->q, file, first, n, buf);
}

static void fake_setup(void)
{
    void *q;
    kc_err err;
    kc_err_clear(&err);
    size_t n = 0;
    if (rvv_qemu_ref.open(&q, &test_hw, &err) == KC_OK) {
        static kc_arch_file files[8];
        const kc_arch_file *f = rvv_qemu_ref.files(q, &n);
        memcpy(files, f, n * sizeof *f);
        rvv_qemu_ref.close(q);
        g_fake_ops.arch_files = files;
    }
    g_fake_ops.name = "qemu-as-rtl";
    g_fake_ops.beat_bytes = 32;
    g_fake_ops.open = fake_open;
    g_fake_ops.close = fake_close;
    g_fake_ops.reset = fake_reset;
    g_fake_ops.bus_out = fake_bus_out;
    g_fake_ops.clock = fake_clock;
    g_fake_ops.status = fake_status;
    g_fake_ops.retire = fake_retire;
    g_fake_ops.hw = &test_hw;
    g_fake_ops.narch_files = n;
    g_fake_ops.arch_pc = fake_pc;
    g_fake_ops.arch_read = fake_read;
}

/* QEMU against itself on img; DRAM filled by fill (or zeros). */
static kc_status cosim_self(const kc_image *img, const uint32_t *args, size_t nargs, uint32_t dram_bytes,
                            uint64_t dram_seed, kc_cosim_report *rep, kc_err *err)
{
    kc_dram_cfg dc = {dram_bytes, 1, 32};
    kc_dram *dram = NULL;
    kc_status s = kc_dram_open(&dram, &dc, 32, err);
    if (s != KC_OK)
        return s;
    if (dram_seed)
        rvv_rgen_fill_dram(dram_seed, kc_dram_data(dram), dram_bytes);
    void *model = NULL;
    g_fake.data = kc_dram_data(dram);
    g_fake.size = dram_bytes;
    if ((s = g_fake_ops.open(&model, err)) == KC_OK) {
        kc_cosim_opts co = {.cycle_limit = 5000000};
        s = kc_cosim_run(&g_fake_ops, model, &rvv_qemu_ref, dram, img, args, nargs, &co, rep, err);
    }
    if (model)
        g_fake_ops.close(model);
    kc_dram_close(dram);
    return s;
}

/* ---- basic --------------------------------------------------------------------------- */

static int build_file(const char *dir, const char *name, kc_image *img)
{
    kc_err err;
    kc_err_clear(&err);
    char path[512], *text = NULL, *crt0 = read_crt0(dir, &err);
    snprintf(path, sizeof path, "%s/%s", dir, name);
    if (!crt0 || kc_file_read_text(path, &text, NULL, &err) != KC_OK || rvv_ref_build(g_ldscript, crt0, text, img, &err) != KC_OK) {
        free(crt0);
        free(text);
        return failed(name, &err);
    }
    free(crt0);
    free(text);
    return 0;
}

static int expect32(const char *what, uint32_t got, uint32_t want)
{
    if (got == want)
        return 0;
    printf("FAIL: %s = 0x%08" PRIx32 ", expected 0x%08" PRIx32 "\n", what, got, want);
    return 1;
}

/* Runs basic.s by stepping (step = 1) or with `run`; checks the results. */
static int basic_once(const kc_image *img, int step, uint64_t *steps)
{
    kc_err err;
    kc_err_clear(&err);
    void *q = NULL;
    kc_dram *dram = NULL;
    uint32_t args[8] = {0x80000100u};
    if (rvv_qemu_ref.open(&q, &test_hw, &err) != KC_OK || kc_dram_open(&dram, NULL, 32, &err) != KC_OK ||
        rvv_qemu_ref.reset(q, img, args, 1, dram, &err) != KC_OK) {
        if (q)
            rvv_qemu_ref.close(q);
        if (dram)
            kc_dram_close(dram);
        return failed("reset", &err);
    }
    kc_core_state st = KC_CORE_RUNNING;
    kc_ref_event ev;
    *steps = 0;
    if (step)
        while (st == KC_CORE_RUNNING && *steps < 1000) {
            st = rvv_qemu_ref.step(q, &ev);
            *steps += ev.retired;
        }
    else
        st = rvv_qemu_ref.run(q, 0, &err);
    kc_core_status cs;
    rvv_qemu_ref.status(q, &cs);
    int bad = 0;
    if (cs.state != KC_CORE_HALTED) {
        printf("FAIL: basic (%s) ended %d (%s) at 0x%08" PRIx32 ": %s\n", step ? "step" : "run", cs.state,
               cs.cause_name, cs.pc, rvv_qemu_problem(q));
        bad = 1;
    }
    uint32_t x[32], f[32], csr[4], v[32 * 4];
    uint8_t dtcm[32];
    rvv_qemu_ref.read(q, 0, 0, 32, x);
    rvv_qemu_ref.read(q, 1, 0, 32, f);
    rvv_qemu_ref.read(q, 2, 0, 32, v);
    rvv_qemu_ref.read(q, 3, 0, 4, csr);
    rvv_qemu_ref.read(q, 4, 0, 32, dtcm);
    const uint8_t *d = kc_dram_data(dram) + 0x100;
    uint32_t dw[5], tw[4];
    memcpy(dw, d, sizeof dw);
    memcpy(tw, dtcm, sizeof tw);
    bad |= expect32("x7 (t2)", x[7], (uint32_t)-21) | expect32("x28 (t3, vl)", x[28], 4) |
           expect32("x9 (s1)", x[9], 46) | expect32("f2", f[2], 0x40580000u) |
           expect32("csr vl", csr[0], 4) | expect32("csr vtype", csr[1], 0xd0) |
           expect32("v5 lane 3", v[5 * 4 + 3], 13) | expect32("v2 lane 1", v[2 * 4 + 1], 0x40900000u) |
           expect32("v7 lane 0", v[7 * 4], 46) | expect32("dram[0x100]", dw[0], 10) |
           expect32("dram[0x10c]", dw[3], 13) | expect32("dram[0x110]", dw[4], (uint32_t)-21) |
           expect32("dtcm[8]", tw[2], 0x40580000u) | expect32("dtcm[12]", tw[3], 46);
    rvv_qemu_ref.close(q);
    kc_dram_close(dram);
    return bad;
}

static int cmd_basic(const char *dir)
{
    kc_image img;
    if (build_file(dir, "basic.s", &img))
        return 1;
    uint64_t n1 = 0, n2 = 0;
    int bad = basic_once(&img, 1, &n1) | basic_once(&img, 0, &n2);
    if (!bad && n1 != 25) {
        printf("FAIL: basic stepped %" PRIu64 " instructions, expected 25 (crt0 3 + kernel 22)\n", n1);
        bad = 1;
    }
    kc_image_free(&img);
    if (!bad)
        printf("PASS: basic (%" PRIu64 " steps; stepping and run agree with the hand-checked values)\n", n1);
    return bad;
}

/* rtz.s: the RTZ conversions QEMU 7.2 cannot run give the right values and
 * leave frm as it was, by stepping and by `run`. */
static int cmd_rtz(const char *dir)
{
    kc_image img;
    if (build_file(dir, "rtz.s", &img))
        return 1;
    int bad = 0;
    for (int step = 0; step < 2; step++) {
        kc_err err;
        kc_err_clear(&err);
        void *q = NULL;
        kc_dram *dram = NULL;
        if (rvv_qemu_ref.open(&q, &test_hw, &err) != KC_OK || kc_dram_open(&dram, NULL, 32, &err) != KC_OK ||
            rvv_qemu_ref.reset(q, &img, NULL, 0, dram, &err) != KC_OK) {
            bad = failed("rtz reset", &err);
        } else {
            kc_ref_event ev;
            if (step)
                while (rvv_qemu_ref.step(q, &ev) == KC_CORE_RUNNING)
                    ;
            else
                rvv_qemu_ref.run(q, 0, &err);
            uint32_t x[32];
            rvv_qemu_ref.read(q, 0, 0, 32, x);
            kc_core_status cs;
            rvv_qemu_ref.status(q, &cs);
            bad |= expect32("state", cs.state, KC_CORE_HALTED) | expect32("a0 = rtz(2.75)", x[10], 2) |
                   expect32("a1 = rtz(-2.75)", x[11], (uint32_t)-2) |
                   expect32("a3 = int16 rtz(70000.0)", x[13], 0x7fff) | expect32("a4 = frm", x[14], 0);
        }
        if (q)
            rvv_qemu_ref.close(q);
        if (dram)
            kc_dram_close(dram);
    }
    kc_image_free(&img);
    if (!bad)
        printf("PASS: rtz (vfcvt.rtz / vfncvt.rtz through their twins, stepping and run)\n");
    return bad;
}

/* ---- corrupt: planted differences are found at the right element ---------------------- */

static int plant_case(const kc_image *img, uint64_t at, unsigned file, uint32_t elem, unsigned lane,
                      const char *where)
{
    kc_err err;
    kc_err_clear(&err);
    kc_cosim_report rep;
    uint32_t args[8] = {0x80000100u};
    memset(&g_fake, 0, sizeof g_fake);
    g_fake.plant = where != NULL;
    g_fake.at = at;
    g_fake.file = file;
    g_fake.elem = elem;
    g_fake.lane = lane;
    if (cosim_self(img, args, 1, 1u << 16, 0, &rep, &err) != KC_OK)
        return failed("cosim", &err);
    if (!where) {
        if (rep.diverged || rep.rtl_state != KC_CORE_HALTED) {
            printf("FAIL: QEMU against itself: %s\n", rep.diverged ? rep.text : "did not halt");
            return 1;
        }
        printf("ok: QEMU against itself agrees (%" PRIu64 " retirements)\n", rep.retired);
        return 0;
    }
    if (!rep.diverged || strcmp(rep.where, where)) {
        printf("FAIL: planted %s: reported %s\n", where, rep.diverged ? rep.text : "no divergence");
        return 1;
    }
    printf("ok: planted %s: %s\n", where, rep.text);
    return 0;
}

static int cmd_corrupt(const char *dir)
{
    kc_image img;
    if (build_file(dir, "basic.s", &img))
        return 1;
    fake_setup();
    int bad = plant_case(&img, 0, 0, 0, 0, NULL);
    bad |= plant_case(&img, 3, 0, 5, 0, "x5");           /* a register: at that retirement */
    bad |= plant_case(&img, 8, 1, 2, 0, "f2");
    bad |= plant_case(&img, UINT64_MAX, 2, 1, 2, "v1 lane 2");   /* vector registers: compared at the end */
    bad |= plant_case(&img, 20, 4, 17, 0, "dtcm row 17");        /* a DTCM byte no store wrote */
    bad |= plant_case(&img, 0, KC_REF_DRAM, 0x10e, 0, "dram 0x0000010e");
    kc_image_free(&img);
    if (!bad)
        printf("PASS: corrupt\n");
    return bad;
}

/* ---- random programs, QEMU against itself (kc_campaign) ------------------------------------ */

/* The generator, telling the stand-in where the campaign's DRAM is. */
static void self_fill(uint64_t seed, uint8_t *data, size_t size)
{
    g_fake.data = data;
    g_fake.size = (uint32_t)size;
    rvv_rgen_ops.fill_dram(seed, data, size);
}

typedef struct self_ctx {
    const char *crt0;
    int verbose, bad;
} self_ctx;

/* The rvv platform's own build (tasks/rvv: its crt0 and linker script), as
 * `kc cosim --platform rvv --random` builds them. */
static kc_status self_build(void *ctx, const char *text, kc_image *img, kc_err *err)
{
    (void)ctx;
    return rvv_platform_build_timed(&test_hw, text, "random.s", img, NULL, err);
}

static void self_program(void *ctx, const kc_campaign_program *p)
{
    self_ctx *c = ctx;
    const kc_cosim_report *r = p->report;
    int odd = r->rtl_state == KC_CORE_TRAPPED ? r->rtl_status.cause != (unsigned)p->trap
                                              : r->rtl_state != KC_CORE_HALTED || p->trap;
    if (r->diverged || r->timeout || odd) {
        printf("FAIL: seed %" PRIu64 ": %s (ended %s at 0x%08" PRIx32 " info 0x%08" PRIx32 ", generated to end "
               "with %d)\n%s\n", p->seed, r->diverged ? r->text : r->timeout ? "timeout" : "agreed",
               r->rtl_state == KC_CORE_HALTED ? "halted" : r->rtl_status.cause_name, r->rtl_status.pc,
               r->rtl_status.info, p->trap, p->text);
        c->bad = 1;
    } else if (c->verbose) {
        printf("seed %" PRIu64 ": %" PRIu64 " retirements, %s\n", p->seed, r->retired,
               r->rtl_state == KC_CORE_HALTED ? "halted" : r->rtl_status.cause_name);
    }
}

static int cmd_self(const char *dir, uint64_t seed, uint64_t count, int verbose)
{
    kc_err err;
    kc_err_clear(&err);
    char *crt0 = read_crt0(dir, &err);
    if (!crt0)
        return failed("crt0", &err);
    fake_setup();
    self_ctx ctx = {crt0, verbose, 0};
    kc_rgen_ops rg = rvv_rgen_ops;
    rg.fill_dram = self_fill;
    kc_campaign_opts co = {.model = &g_fake_ops, .ref = &rvv_qemu_ref, .rgen = &rg, .build = self_build,
                           .build_ctx = &ctx, .nrows = rvv_isa_count(), .seed = seed, .count = count,
                           .dram = {1u << 16, 1, 32}, .cycle_limit = 5000000, .on_program = self_program,
                           .ctx = &ctx};
    kc_campaign_report r;
    memset(&g_fake, 0, sizeof g_fake);
    kc_status s = kc_campaign_run(&co, &r, &err);
    free(crt0);
    if (s != KC_OK) {
        kc_campaign_report_free(&r);
        return failed("campaign", &err);
    }
    size_t never = 0;
    for (size_t k = 0; k < r.nrows; k++)
        never += !r.insn_counts[k];
    uint64_t traps = 0;
    for (unsigned c = 0; c < KC_CAMPAIGN_MAX_TRAPS; c++)
        traps += r.traps[c];
    int bad = ctx.bad || r.diverged || r.timeouts || r.unexpected_end;
    printf("%s: %" PRIu64 " random programs (seeds %" PRIu64 "..), %" PRIu64 " halted, %" PRIu64 " trapped as "
           "generated, %" PRIu64 " retirements compared, %zu of %zu isa/rvv.def rows retired; %.1f s "
           "(%.1f s building with the platform's build; %.0f retirements/s through two QEMUs)\n", bad ? "FAIL" : "PASS",
           r.programs, seed, r.halted, traps, r.retired, r.nrows - never, r.nrows, r.seconds, r.build_seconds,
           r.seconds > r.build_seconds ? (double)r.retired / (r.seconds - r.build_seconds) : 0.0);
    if (verbose && never) {
        printf("never retired:");
        for (size_t k = 0; k < r.nrows; k++)
            if (!r.insn_counts[k])
                printf(" %s", rvv_isa_at(k)->name);
        printf("\n");
    }
    kc_campaign_report_free(&r);
    return bad;
}

/* ---- speed ---------------------------------------------------------------------------------- */

static int cmd_speed(const char *dir)
{
    kc_err err;
    kc_err_clear(&err);
    const char *loop = "    .text\n    .globl kernel\nkernel:\n    li t0, 20000\n"
                       "    vsetivli zero, 4, e32, m1, ta, ma\n"
                       "1:  addi t0, t0, -1\n    vadd.vv v1, v1, v2\n    bnez t0, 1b\n    ret\n";
    char *crt0 = read_crt0(dir, &err);
    kc_image img;
    if (!crt0 || rvv_ref_build(g_ldscript, crt0, loop, &img, &err) != KC_OK) {
        free(crt0);
        return failed("speed program", &err);
    }
    free(crt0);
    void *q = NULL;
    kc_dram *dram = NULL;
    if (rvv_qemu_ref.open(&q, &test_hw, &err) != KC_OK || kc_dram_open(&dram, NULL, 32, &err) != KC_OK)
        return failed("open", &err);
    int bad = 0;
    double t0 = now();
    const int starts = 20;
    for (int i = 0; i < starts && !bad; i++)
        bad = rvv_qemu_ref.reset(q, &img, NULL, 0, dram, &err) != KC_OK;
    double t1 = now();
    kc_ref_event ev;
    uint64_t steps = 0, trips0 = rvv_qemu_round_trips(q);
    while (!bad && rvv_qemu_ref.step(q, &ev) == KC_CORE_RUNNING)
        steps++;
    double t2 = now();
    uint64_t trips = rvv_qemu_round_trips(q) - trips0;
    bad |= rvv_qemu_ref.reset(q, &img, NULL, 0, dram, &err) != KC_OK;
    double t3 = now();
    kc_core_state st = bad ? KC_CORE_TRAPPED : rvv_qemu_ref.run(q, 0, &err);
    double t4 = now();
    if (bad || st != KC_CORE_HALTED) {
        rvv_qemu_ref.close(q);
        kc_dram_close(dram);
        kc_image_free(&img);
        return failed("speed", &err);
    }
    printf("start-up (spawn, connect, map 64 MiB DRAM window, set registers): %.1f ms per program (%d starts)\n",
           (t1 - t0) * 1e3 / starts, starts);
    printf("stepping: %" PRIu64 " instructions in %.2f s = %.0f steps/s (%.2f round trips per step)\n", steps,
           t2 - t1, (double)steps / (t2 - t1), (double)trips / (double)steps);
    printf("run (continue to the exit breakpoint, then the whole 64 MiB DRAM window read back): %.1f ms\n",
           (t4 - t3) * 1e3);
    rvv_qemu_ref.close(q);
    kc_dram_close(dram);
    kc_image_free(&img);
    return 0;
}

/* One assembly file, QEMU against itself (a debugging aid). */
static int cmd_file(const char *dir, const char *path)
{
    kc_err err;
    kc_err_clear(&err);
    char *crt0 = read_crt0(dir, &err), *text = NULL;
    kc_image img;
    if (!crt0 || kc_file_read_text(path, &text, NULL, &err) != KC_OK || rvv_ref_build(g_ldscript, crt0, text, &img, &err) != KC_OK) {
        free(crt0);
        free(text);
        return failed(path, &err);
    }
    free(crt0);
    free(text);
    fake_setup();
    kc_cosim_report rep;
    uint32_t args[8] = {0x80000000u, 0x80004000u, 0x80008000u, 0x8000c000u};
    memset(&g_fake, 0, sizeof g_fake);
    kc_status s = cosim_self(&img, args, 8, 1u << 16, 1, &rep, &err);
    kc_image_free(&img);
    if (s != KC_OK)
        return failed("cosim", &err);
    printf("%s: %s after %" PRIu64 " retirements (%s at 0x%08" PRIx32 ", info 0x%08" PRIx32 ")\n", path,
           rep.diverged ? rep.text : "agree", rep.retired, rep.rtl_status.cause_name, rep.rtl_status.pc,
           rep.rtl_status.info);
    return rep.diverged;
}

int main(int argc, char **argv)
{
    if (argc >= 4 && !strcmp(argv[1], "file"))
        return cmd_file(argv[2], argv[3]);
    if (argc >= 3 && !strcmp(argv[1], "basic"))
        return cmd_basic(argv[2]);
    if (argc >= 3 && !strcmp(argv[1], "rtz"))
        return cmd_rtz(argv[2]);
    if (argc >= 3 && !strcmp(argv[1], "corrupt"))
        return cmd_corrupt(argv[2]);
    if (argc >= 3 && !strcmp(argv[1], "speed"))
        return cmd_speed(argv[2]);
    if (argc >= 5 && !strcmp(argv[1], "self"))
        return cmd_self(argv[2], strtoull(argv[3], NULL, 0), strtoull(argv[4], NULL, 0), argc > 5);
    fprintf(stderr, "usage: rvv_ref_test basic|corrupt|speed DIR | self DIR SEED COUNT [-v]\n");
    return 2;
}
