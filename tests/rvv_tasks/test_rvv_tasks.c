/* test_rvv_tasks.c — the rvv baselines (tasks/rvv/<task>.c) off the RTL.
 *
 *   math            kc_math.h (expf, expm1f, tanhf, erff) against libm over the
 *                   ranges the tasks use; prints the measured errors.
 *   shapes          rvv_shapes: macro names and #define text; every task of the
 *                   registry has its baseline file.
 *   host <task>     the baseline compiled natively (the host C compiler, -O2, the
 *                   config's #defines from rvv_shapes prepended, as the platform
 *                   does) into a shared object, run at all five configs on the
 *                   fp32 instance (fixed seed) laid out in a sentinel-filled image
 *                   and checked by kc_check_run; again compiled by clang-19 with
 *                   fused multiply-adds contracted (-mfma -ffp-contract=on, as
 *                   clang does for the core), which must pass too. Prints the worst
 *                   element / tolerance. Then the same outputs rounded to bf16
 *                   must FAIL at every config: the fp32 tolerance is tighter than
 *                   a kernel that loses fp32 precision.
 *   qemu <task>     the baseline compiled for the core (-march=rv32imf_zve32f_zvl128b
 *                   -mrvv-vector-bits=zvl, the platform's flags)
 *                   with the test-only start file qemu_start.c, run under QEMU user
 *                   mode on the image (DRAM window at 0x8000_0000), checked like
 *                   the host runs: C1 and the configs of <= 3 M FLOPs
 *                   (RVV_TASKS_QEMU_ALL=1: all five).
 *   riscv <march> <task|all> [config]
 *                   the baseline (all: every one) at every config (or the one
 *                   given) compiled for the core (clang-19 --target=riscv32 -march=<march>
 *                   -mrvv-vector-bits=zvl when march has a zvl, -mabi=ilp32f -O2
 *                   -ffreestanding -fno-math-errno -S); prints its static count of
 *                   vector instructions, the loops the vectoriser vectorised and
 *                   gave up on, and any calls; fails only when a file does not
 *                   compile. ctest runs rv32imf_zve32f_zvl128b (the core's) per task
 *                   at every config and the brief's rv32imf_zve32f for all at C3,
 *                   for comparison.
 */
#include <dlfcn.h>
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "kc_check.h"
#include "kc_math.h"
#include "kc_task.h"
#include "kc_test.h"
#include "rvv/rvv_shapes.h"

#define SEED 12u   /* RVV_TASKS_SEED overrides it (tolerance studies over seeds) */
#define IMAGE_ALIGN 64u
#define CMD_MAX 4096

/* ---- files and commands ---------------------------------------------------------- */

static int ensure_work_dir(void)
{
    if (mkdir(RVV_WORK_DIR, 0777) != 0 && errno != EEXIST) {
        CHECK(0, "cannot create %s: %s", RVV_WORK_DIR, strerror(errno));
        return 0;
    }
    return 1;
}

/* The task called name, with the work directory ready (NULL after a CHECK). */
static const kc_task *task_named(const char *name)
{
    const kc_task *t = kc_task_find(name);
    CHECK(t != NULL, "no task %s", name);
    return t && ensure_work_dir() ? t : NULL;
}

/* Writes <work>/<stem>.c: the config's #define lines, then an #include of the
 * baseline (what the platform compiles: the shape text prepended to the file). */
static int write_wrapper(const kc_task *t, int config, const char *stem, char *path,
                         size_t size)
{
    char defs[1024];
    kc_err err = { 0 };
    if (rvv_shapes_defines(t, config, defs, sizeof defs, &err) != KC_OK) {
        CHECK(0, "%s", err.text);
        return 0;
    }
    snprintf(path, size, "%s/%s.c", RVV_WORK_DIR, stem);
    FILE *f = fopen(path, "w");
    if (!f) {
        CHECK(0, "cannot write %s", path);
        return 0;
    }
    fprintf(f, "%s#include \"%s/%s.c\"\n", defs, RVV_SRC_DIR, t->name);
    fclose(f);
    return 1;
}

/* Runs cmd; its output goes to <log>. Returns 1 when it exits 0, else prints
 * the log. */
static int run_cmd(const char *cmd, const char *log)
{
    char full[CMD_MAX + 256];
    snprintf(full, sizeof full, "%s > %s 2>&1", cmd, log);
    int rc = system(full);
    if (rc != 0) {
        fprintf(stderr, "command failed (%d): %s\n", rc, cmd);
        FILE *f = fopen(log, "r");
        char line[512];
        for (int n = 0; f && n < 40 && fgets(line, sizeof line, f); n++)
            fputs(line, stderr);
        if (f)
            fclose(f);
    }
    return rc == 0;
}

/* ---- math ------------------------------------------------------------------------- */

static double ulp_err(float got, double ref)
{
    int e;
    frexp(fabs(ref), &e);
    double u = ldexp(1.0, (e < -125 ? -125 : e) - 24);
    return fabs((double)got - ref) / u;
}

typedef struct math_case {
    const char *name;
    float (*f)(float);
    double (*ref)(double);
    float lo, hi;
    int absolute;        /* compare the absolute error, not ulp */
    double bound;
} math_case;

static float f_exp(float x) { return kc_expf(x); }
static float f_expm1(float x) { return kc_expm1f(x); }
static float f_tanh(float x) { return kc_tanhf(x); }
static float f_erf(float x) { return kc_erff(x); }

/* Every 251st float in [lo, hi] (both signs; bit patterns, so every binade is
 * visited), plus a few exact points. */
static void test_math(void)
{
    static const math_case cases[] = {
        { "kc_expf", f_exp, exp, -86.6f, 88.7f, 0, 2.0 },
        { "kc_expm1f", f_expm1, expm1, -86.6f, 88.7f, 0, 2.5 },
        { "kc_tanhf", f_tanh, tanh, -100.0f, 100.0f, 0, 3.5 },
        { "kc_erff", f_erf, erf, -100.0f, 100.0f, 1, 1e-6 },
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        const math_case *m = &cases[c];
        double worst = 0;
        float at = 0;
        for (uint64_t b = 0; b < 0x100000000ull; b += 251) {
            uint32_t bits = (uint32_t)b;
            float x;
            memcpy(&x, &bits, sizeof x);
            if (!(x >= m->lo && x <= m->hi) || fabsf(x) < 1e-30f)
                continue;
            double ref = m->ref((double)x);
            double e = m->absolute ? fabs((double)m->f(x) - ref) : ulp_err(m->f(x), ref);
            if (e > worst) {
                worst = e;
                at = x;
            }
        }
        printf("%-10s [%g, %g]: max error %.3g %s at x = %.9g (bound %g)\n", m->name,
               (double)m->lo, (double)m->hi, worst, m->absolute ? "absolute" : "ulp",
               (double)at, m->bound);
        CHECK(worst <= m->bound, "%s: error %g above its documented bound %g", m->name, worst,
              m->bound);
    }
    CHECK(kc_expf(0.0f) == 1.0f && kc_expm1f(0.0f) == 0.0f && kc_tanhf(0.0f) == 0.0f,
          "exact points at 0");
    CHECK(isinf(kc_expf(100.0f)) && kc_expf(-200.0f) >= 0.0f && kc_expf(-200.0f) < 1e-37f,
          "exp saturation: %g %g", (double)kc_expf(100.0f), (double)kc_expf(-200.0f));
    CHECK(kc_tanhf(50.0f) == 1.0f && kc_tanhf(-50.0f) == -1.0f, "tanh saturation");
    CHECK(kc_sqrtf(2.0f) == sqrtf(2.0f), "sqrt");
}

/* ---- shapes ----------------------------------------------------------------------- */

static void test_shapes(void)
{
    char buf[256], name[RVV_SHAPES_NAME_MAX];
    kc_err err = { 0 };
    const kc_task *conv = kc_task_find("conv2d"), *sdpa = kc_task_find("sdpa");
    CHECK(rvv_shapes_defines(kc_task_find("softmax"), 3, buf, sizeof buf, &err) == KC_OK &&
              strcmp(buf, "#define KC_M 64\n#define KC_N 512\n") == 0,
          "softmax C3: '%s'", buf);
    CHECK(rvv_shapes_defines(conv, 5, buf, sizeof buf, &err) == KC_OK &&
              strstr(buf, "#define KC_STRIDE 2\n#define KC_PAD 2\n") != NULL,
          "conv2d C5: '%s'", buf);
    CHECK(rvv_shapes_macro(sdpa, 2, name, &err) == KC_OK && strcmp(name, "KC_SQ") == 0, "%s",
          name);
    CHECK(rvv_shapes_macro(sdpa, 5, name, &err) == KC_ERR_RANGE, "no sixth dimension");
    kc_err_clear(&err);
    CHECK(rvv_shapes_defines(sdpa, 6, buf, sizeof buf, &err) == KC_ERR_USAGE, "config 6");
    kc_err_clear(&err);
    CHECK(rvv_shapes_defines(conv, 1, buf, 20, &err) == KC_ERR_RANGE, "too small a buffer");
    /* every task has a baseline and every dimension a macro it can use */
    for (const kc_task *const *t = kc_task_all(); *t; t++) {
        char path[512];
        snprintf(path, sizeof path, "%s/%s.c", RVV_SRC_DIR, (*t)->name);
        FILE *f = fopen(path, "r");
        CHECK(f != NULL, "task %s has no baseline %s", (*t)->name, path);
        /* its top comment names the macros rvv_shapes derives, in order */
        char want[256] = "Shape macros:", line[512], text[4096] = "";
        for (unsigned d = 0; d < KC_TASK_MAX_DIMS && (*t)->dim_names[d]; d++) {
            rvv_shapes_macro(*t, d, name, &err);
            strcat(want, d ? ", " : " ");
            strcat(want, name);
        }
        strcat(want, ".");
        for (int n = 0; f && n < 30 && fgets(line, sizeof line, f); n++)
            strncat(text, line + (line[0] == ' ' && line[1] == '*' ? 3 : 0),
                    sizeof text - strlen(text) - 1);
        for (char *c = text; *c; c++)
            if (*c == '\n')
                *c = ' ';
        CHECK(strstr(text, want) != NULL, "%s: its top comment does not say '%s'", path, want);
        if (f)
            fclose(f);
        kc_err_clear(&err);
        CHECK(rvv_shapes_defines(*t, 1, buf, sizeof buf, &err) == KC_OK, "%s: %s", (*t)->name,
              err.text);
    }
}

/* ---- host runs -------------------------------------------------------------------- */

typedef void (*kernel_fn)();   /* called with exactly the task's tensor count */

static void call_kernel(kernel_fn k, unsigned n, float *const *p)
{
    switch (n) {
    case 2: k(p[0], p[1]); break;
    case 3: k(p[0], p[1], p[2]); break;
    case 4: k(p[0], p[1], p[2], p[3]); break;
    case 5: k(p[0], p[1], p[2], p[3], p[4]); break;
    case 6: k(p[0], p[1], p[2], p[3], p[4], p[5]); break;
    case 7: k(p[0], p[1], p[2], p[3], p[4], p[5], p[6]); break;
    case 8: k(p[0], p[1], p[2], p[3], p[4], p[5], p[6], p[7]); break;
    case 9: k(p[0], p[1], p[2], p[3], p[4], p[5], p[6], p[7], p[8]); break;
    case 12: k(p[0], p[1], p[2], p[3], p[4], p[5], p[6], p[7], p[8], p[9], p[10], p[11]); break;
    case 14:
        k(p[0], p[1], p[2], p[3], p[4], p[5], p[6], p[7], p[8], p[9], p[10], p[11], p[12],
          p[13]);
        break;
    default: CHECK(0, "no call for %u tensors: add a case", n);
    }
}

/* How the baseline is compiled natively. */
typedef struct host_build {
    const char *tag;
    const char *cc;
    const char *flags;
} host_build;

static const host_build host_builds[] = {
    { "cc", RVV_HOST_CC, "-O2 -std=gnu11 -Wall -Wextra -Werror" },
    { "clang19-fma", RVV_CLANG19, "-O2 -std=gnu11 -mfma -ffp-contract=on -Wall -Wextra -Werror" },
};

/* An instance laid out in a sentinel-filled image, as the evaluator does. */
typedef struct image {
    kc_task_inst inst;
    kc_layout l;
    uint8_t *img;
    size_t size;
} image;

static int image_make(image *m, const kc_task *t, int config)
{
    kc_err err = { 0 };
    const char *seed_env = getenv("RVV_TASKS_SEED");
    uint64_t seed = seed_env ? strtoull(seed_env, NULL, 10) : SEED;
    m->img = NULL;
    if (kc_task_inst_make(&m->inst, t, config, KC_DTYPE_FP32, seed, &err) != KC_OK) {
        CHECK(0, "%s C%d: %s", t->name, config, err.text);
        return 0;
    }
    if (kc_check_layout(&m->inst, UINT32_MAX, IMAGE_ALIGN, &m->l, &err) != KC_OK) {
        CHECK(0, "%s", err.text);
        kc_task_inst_free(&m->inst);
        return 0;
    }
    m->size = (size_t)m->l.end + KC_CHECK_GUARD;
    m->size = (m->size + IMAGE_ALIGN - 1) & ~(size_t)(IMAGE_ALIGN - 1);
    m->img = aligned_alloc(IMAGE_ALIGN, m->size);
    if (!m->img) {
        CHECK(0, "no memory for a %zu-byte image", m->size);
        kc_task_inst_free(&m->inst);
        return 0;
    }
    kc_check_fill(&m->inst, &m->l, m->img, m->size);
    return 1;
}

static void image_free(image *m)
{
    free(m->img);
    kc_task_inst_free(&m->inst);
}

/* Checks the image after a run (what = the build, for messages); returns the
 * worst element / tolerance. */
static double image_check(const image *m, const char *what)
{
    kc_check_result res;
    kc_check_run(&m->inst, &m->l, m->img, m->size, NULL, &res);
    CHECK(res.correct, "%s C%d (%s): %zu of %zu outputs outside the tolerance (%zu non-finite), "
          "oob %d, worst %.3g, first at tensor %u index %zu: expected %.9g got %.9g",
          m->inst.task->name, m->inst.config, what, res.mismatches, res.nchecked, res.nonfinite,
          res.oob, res.worst, res.nreport ? res.first[0].tensor : 0,
          res.nreport ? res.first[0].index : 0, res.nreport ? res.first[0].expected : 0.0,
          res.nreport ? res.first[0].actual : 0.0);
    return res.worst;
}

/* Compiles, runs and checks one (task, config, build); returns the worst ratio
 * (-1 when it could not run). */
static double host_run(const kc_task *t, int config, const host_build *b, double *bf16_worst,
                       size_t *bf16_bad)
{
    char stem[128], src[512], so[512], log[512], cmd[CMD_MAX];
    snprintf(stem, sizeof stem, "host_%s_c%d_%s", t->name, config, b->tag);
    if (!write_wrapper(t, config, stem, src, sizeof src))
        return -1;
    snprintf(so, sizeof so, "%s/%s.so", RVV_WORK_DIR, stem);
    snprintf(log, sizeof log, "%s/%s.log", RVV_WORK_DIR, stem);
    snprintf(cmd, sizeof cmd, "%s %s -fPIC -shared -I%s/rt -o %s %s", b->cc, b->flags,
             RVV_SRC_DIR, so, src);
    if (!run_cmd(cmd, log)) {
        CHECK(0, "%s C%d (%s) does not compile", t->name, config, b->tag);
        return -1;
    }
    void *h = dlopen(so, RTLD_NOW | RTLD_LOCAL);
    if (!h) {
        CHECK(0, "dlopen %s: %s", so, dlerror());
        return -1;
    }
    kernel_fn k;
    *(void **)&k = dlsym(h, "kernel");
    image m;
    double worst = -1;
    if (!k)
        CHECK(0, "%s: no symbol kernel", so);
    else if (image_make(&m, t, config)) {
        float *ptr[KC_TASK_MAX_TENSORS];
        for (unsigned i = 0; i < m.l.ntensors; i++)
            ptr[i] = (float *)(void *)(m.img + m.l.addr[i]);
        call_kernel(k, m.l.ntensors, ptr);
        worst = image_check(&m, b->tag);
        /* the same outputs at bf16 precision must fail the fp32 tolerance */
        for (unsigned i = 0; i < m.l.ntensors; i++) {
            if (m.inst.shape.t[i].role != KC_ROLE_OUTPUT)
                continue;
            for (size_t e = 0; e < m.inst.shape.t[i].nelem; e++) {
                uint8_t *p = m.img + m.l.addr[i] + 4 * e;
                double v = kc_dtype_load(KC_DTYPE_FP32, p);
                kc_dtype_store(KC_DTYPE_FP32, kc_dtype_quantize(KC_DTYPE_BF16, v), p);
            }
        }
        kc_check_result res;
        kc_check_run(&m.inst, &m.l, m.img, m.size, NULL, &res);
        *bf16_worst = res.worst;
        *bf16_bad = res.mismatches;
        CHECK(!res.correct, "%s C%d: outputs rounded to bf16 pass the fp32 tolerance (worst %.3g)",
              t->name, config, res.worst);
        image_free(&m);
    }
    dlclose(h);
    return worst;
}

static void test_host(const char *name)
{
    const kc_task *t = task_named(name);
    if (!t)
        return;
    const kc_tol *tol = &t->tol[KC_DTYPE_FP32];
    printf("%s: fp32 tolerance abs %g rel %g; worst element / tolerance per config "
           "(bf16-rounded outputs: worst, failing elements)\n", name, tol->abs, tol->rel);
    for (size_t b = 0; b < sizeof host_builds / sizeof host_builds[0]; b++) {
        if (!host_builds[b].cc[0])
            continue;    /* no clang-19: the native compiler alone */
        if (strstr(host_builds[b].flags, "-mfma") && !__builtin_cpu_supports("fma"))
            continue;    /* a host without FMA cannot run that build */
        printf("  %-12s", host_builds[b].tag);
        for (int c = 1; c <= KC_TASK_NCONFIGS; c++) {
            double bw = 0;
            size_t bad = 0;
            double w = host_run(t, c, &host_builds[b], &bw, &bad);
            printf(" C%d %.3f (%.3g, %zu)", c, w, bw, bad);
            fflush(stdout);
        }
        printf("\n");
    }
}

/* ---- riscv compiles ------------------------------------------------------------- */

/* Static count of vector instructions in an assembly file (mnemonics starting
 * with 'v' in instruction lines) and the symbols it calls. */
static int count_vector(const char *path, int *nvec, int *ninsn, char *calls, size_t size)
{
    FILE *f = fopen(path, "r");
    char line[512];
    *nvec = *ninsn = 0;
    if (!f)
        return 0;
    while (fgets(line, sizeof line, f)) {
        char mn[64], arg[256];
        if (line[0] != '\t' && line[0] != ' ')
            continue;       /* labels */
        int n = sscanf(line, " %63s %255s", mn, arg);
        if (n < 1 || mn[0] == '.' || mn[0] == '#')
            continue;       /* directives, comments */
        (*ninsn)++;
        if (mn[0] == 'v')
            (*nvec)++;
        if (n == 2 && (strcmp(mn, "call") == 0 || strcmp(mn, "tail") == 0) &&
            !strstr(calls, arg) && strlen(calls) + strlen(arg) + 2 < size) {
            strcat(calls, " ");
            strcat(calls, arg);
        }
    }
    fclose(f);
    return 1;
}

/* Loops the vectoriser reports as vectorised / not vectorised (its -Rpass
 * remarks in the compile log; a loop of an inlined kc_nn.h helper counts once per
 * call site). */
static void count_loops(const char *log, int *vec, int *missed)
{
    FILE *f = fopen(log, "r");
    char line[1024];
    *vec = *missed = 0;
    while (f && fgets(line, sizeof line, f)) {
        if (strstr(line, "remark: vectorized loop"))
            (*vec)++;
        else if (strstr(line, "[-Rpass-missed=loop-vectorize]") &&
                 (strstr(line, "remark: loop not vectorized") ||
                  strstr(line, "vectorization is not beneficial")))
            (*missed)++;
    }
    if (f)
        fclose(f);
}

/* The two -march strings: the brief's (Zve32f alone promises only VLEN >= 32,
 * so LLVM cannot use scalable vectors and vectorises 2 floats at a time) and
 * the core's (Zvl128b: VLEN >= 128, true of rvv and rvv_wide). */
static void test_riscv(const char *march, const char *task, int only)
{
    if (!ensure_work_dir())
        return;
    printf("per config: static vector instructions / all instructions, loops vectorised / "
           "loops the vectoriser gave up on\n(clang-19 --target=riscv32 -march=%s "
           "-mrvv-vector-bits=zvl -mabi=ilp32f -O2 -ffreestanding -fno-math-errno)\n", march);
    for (const kc_task *const *tp = kc_task_all(); *tp; tp++) {
        const kc_task *t = *tp;
        char calls[256] = "";
        if (task && strcmp(task, "all") != 0 && strcmp(task, t->name) != 0)
            continue;
        printf("%-12s", t->name);
        for (int c = 1; c <= KC_TASK_NCONFIGS; c++) {
            char stem[128], src[512], s[512], log[512], cmd[CMD_MAX];
            if (only && c != only)
                continue;
            snprintf(stem, sizeof stem, "rv_%s_%s_c%d", march, t->name, c);
            if (!write_wrapper(t, c, stem, src, sizeof src))
                continue;
            snprintf(s, sizeof s, "%s/%s.s", RVV_WORK_DIR, stem);
            snprintf(log, sizeof log, "%s/%s.log", RVV_WORK_DIR, stem);
            snprintf(cmd, sizeof cmd,
                     "%s --target=riscv32 -march=%s %s-mabi=ilp32f -O2 -ffreestanding "
                     "-fno-math-errno -Wall -Wextra -Rpass=loop-vectorize "
                     "-Rpass-missed=loop-vectorize -Rpass-analysis=loop-vectorize -I%s/rt -S "
                     "-o %s %s",
                     RVV_CLANG19, march,
                     /* the exact length needs a zvl (clang: VLEN >= 64); bare Zve32f has none */
                     strstr(march, "zvl") ? "-mrvv-vector-bits=zvl " : "", RVV_SRC_DIR, s, src);
            int nvec = 0, ninsn = 0, lv = 0, lm = 0;
            if (!run_cmd(cmd, log)) {
                CHECK(0, "%s C%d does not compile for the core", t->name, c);
                printf(" C%d FAIL", c);
                continue;
            }
            count_vector(s, &nvec, &ninsn, calls, sizeof calls);
            count_loops(log, &lv, &lm);
            printf(" C%d %3d/%4d %2d/%-2d", c, nvec, ninsn, lv, lm);
        }
        printf("%s%s\n", calls[0] ? "  calls:" : "", calls);
        fflush(stdout);
    }
}

/* ---- QEMU user mode ---------------------------------------------------------------- */

#define RV_MARCH "rv32imf_zve32f_zvl128b"
#define RV_QEMU_CPU "rv32,v=true,vlen=128,elen=32,vext_spec=v1.0"
/* QEMU runs vector code at a few M instructions/s: configs above this much work
 * (MACs + vector FLOPs) are skipped (C1 always runs) unless RVV_TASKS_QEMU_ALL=1,
 * which runs all 115 (minutes). */
#define QEMU_WORK_BUDGET 3e6

static int write_file(const char *path, const uint8_t *p, size_t n)
{
    FILE *f = fopen(path, "wb");
    int ok = f && fwrite(p, 1, n, f) == n;
    if (f)
        ok = (fclose(f) == 0) && ok;
    CHECK(ok, "cannot write %s", path);
    return ok;
}

static int read_file(const char *path, uint8_t *p, size_t n)
{
    FILE *f = fopen(path, "rb");
    int ok = f && fread(p, 1, n, f) == n;
    if (f)
        fclose(f);
    CHECK(ok, "cannot read %zu bytes of %s", n, path);
    return ok;
}

/* The baseline compiled for the core (-march RV_MARCH) and linked with
 * qemu_start.c, run by qemu-riscv32 on the instance's image, checked. */
static double qemu_run(const kc_task *t, int config)
{
    char stem[128], src[512], elf[512], log[512], in[512], out[512], addrs[512];
    char cmd[CMD_MAX];
    image m;
    double worst = -1;
    snprintf(stem, sizeof stem, "qemu_%s_c%d", t->name, config);
    if (!write_wrapper(t, config, stem, src, sizeof src) || !image_make(&m, t, config))
        return -1;
    snprintf(elf, sizeof elf, "%s/%s.elf", RVV_WORK_DIR, stem);
    snprintf(log, sizeof log, "%s/%s.log", RVV_WORK_DIR, stem);
    snprintf(in, sizeof in, "%s/%s.img", RVV_WORK_DIR, stem);
    snprintf(out, sizeof out, "%s/%s.out", RVV_WORK_DIR, stem);
    size_t at = (size_t)snprintf(addrs, sizeof addrs, "{");
    for (unsigned i = 0; i < m.l.ntensors; i++)
        at += (size_t)snprintf(addrs + at, sizeof addrs - at, "%s%uu", i ? "," : "", m.l.addr[i]);
    snprintf(addrs + at, sizeof addrs - at, "}");
    snprintf(cmd, sizeof cmd,
             "%s --target=riscv32 -march=" RV_MARCH " -mrvv-vector-bits=zvl -mabi=ilp32f -O2 -ffreestanding "
             "-fno-math-errno -nostdlib -static -fuse-ld=lld -I%s/rt -DRV_NT=%u "
             "'-DRV_ADDRS=%s' -DRV_BYTES=%zuu '-DRV_IMG=\"%s\"' '-DRV_OUT=\"%s\"' -o %s %s "
             "%s/qemu_start.c",
             RVV_CLANG19, RVV_SRC_DIR, m.l.ntensors, addrs, m.size, in, out, elf, src,
             RVV_TEST_DIR);
    if (!run_cmd(cmd, log)) {
        CHECK(0, "%s C%d does not build for QEMU", t->name, config);
        goto out;
    }
    if (!write_file(in, m.img, m.size))
        goto out;
    snprintf(cmd, sizeof cmd, "%s -cpu " RV_QEMU_CPU " %s", RVV_QEMU, elf);
    if (!run_cmd(cmd, log)) {
        CHECK(0, "%s C%d: the QEMU run failed", t->name, config);
        goto out;
    }
    if (read_file(out, m.img, m.size))
        worst = image_check(&m, "qemu");
    remove(in);
    remove(out);
out:
    image_free(&m);
    return worst;
}

static void test_qemu(const char *name)
{
    const kc_task *t = task_named(name);
    if (!t)
        return;
    printf("%s under qemu-riscv32 -cpu " RV_QEMU_CPU " (-march=" RV_MARCH
           "): worst element / tolerance\n ", name);
    const char *all = getenv("RVV_TASKS_QEMU_ALL");
    for (int c = 1; c <= KC_TASK_NCONFIGS; c++) {
        kc_task_shape sh;
        t->shape(t, &t->configs[c - 1], &sh);
        double work = sh.mac_flops + sh.vec_flops;
        if (c > 1 && work > QEMU_WORK_BUDGET && !(all && strcmp(all, "1") == 0))
            printf(" C%d skipped (%.1f M FLOPs)", c, work / 1e6);
        else
            printf(" C%d %.3f", c, qemu_run(t, c));
        fflush(stdout);
    }
    printf("\n");
}

int main(int argc, char **argv)
{
    if (argc == 2 && strcmp(argv[1], "math") == 0)
        test_math();
    else if (argc == 2 && strcmp(argv[1], "shapes") == 0)
        test_shapes();
    else if (argc == 3 && strcmp(argv[1], "host") == 0)
        test_host(argv[2]);
    else if (argc == 3 && strcmp(argv[1], "qemu") == 0)
        test_qemu(argv[2]);
    else if ((argc == 4 || argc == 5) && strcmp(argv[1], "riscv") == 0)
        test_riscv(argv[2], argv[3], argc == 5 ? atoi(argv[4]) : 0);
    else {
        fprintf(stderr, "usage: %s math | shapes | host <task> | qemu <task> | riscv <march> <task|all> [config]\n", argv[0]);
        return 2;
    }
    if (kc_test_failures) {
        printf("%d failure(s)\n", kc_test_failures);
        return 1;
    }
    printf("ok\n");
    return 0;
}
