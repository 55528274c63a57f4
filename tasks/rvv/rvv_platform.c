/* rvv_platform.c — the rvv's platform row (rvv_platform.h).
 *
 * Build: kernel text -> object (clang -c for C, llvm-mc for assembly) -> ld.lld
 * with tasks/rvv/rt/rvv.ld and the runtime objects (crt0 and the string
 * functions, built once per process) -> ELF -> kc_image_from_elf. Every tool
 * runs in a private temporary directory through posix_spawn (rvv_tools.h); its
 * first error becomes a KC_ERR_SYNTAX at the author's file:line:col.
 */
#include "rvv_platform.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "kc_file.h"
#include "rvv_hw.h"
#include "rvv_isa.h"
#include "rvv_isadoc.h"
#include "rvv_lines.h"
#include "rvv_memo.h"
#include "rvv_qemu.h"
#include "rvv_rgen.h"
#include "rvv_shapes.h"
#include "rvv_tools.h"

enum { EM_RISCV = 243 };

/* FLOPs on rvv (docs/tasks.md): every lane does one fp32 operation per cycle, a
 * fused multiply-add counting as one MAC (vec_flops and mac_flops are counted
 * apart, so an fma is not an "op" twice). The vector fp unit is shared by both,
 * and the roofline takes the max of the two bounds, so it stays a lower bound. */
static kc_status rvv_platform_peaks(const kc_hw *hw, kc_platform_peaks *out, kc_err *err)
{
    rvv_hw h;
    kc_status s = rvv_hw_from(hw, &h, err);
    if (s != KC_OK)
        return s;
    out->vec_peak = h.lanes;       /* LANES fp32 operations per cycle */
    out->mac_peak = h.lanes;       /* LANES fp32 MACs per cycle (vfmacc) */
    out->nargs = RVV_NARGS;        /* a0..a7, then the DTCM words of rvv_hw_xarg_addr */
    out->max_insns = h.itcm_bytes / 4;
    return KC_OK;
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static int ends_with(const char *s, const char *suffix)
{
    size_t n = s ? strlen(s) : 0, k = strlen(suffix);
    return n >= k && !strcmp(s + n - k, suffix);
}

/* ---- runtime objects (crt0, string functions): built once per process ---------- */

static const char *const rt_objs[] = { "crt0.o", "kc_rt.o" };
#define NRT (sizeof rt_objs / sizeof rt_objs[0])

static struct {
    pthread_mutex_t lock;
    int done;
    char *data[NRT];
    size_t size[NRT];
} rt = { PTHREAD_MUTEX_INITIALIZER, 0, { NULL }, { 0 } };

/* The C flags of every compile (the kernel's, the runtime's): the core's ISA with
 * the build's VLEN (zvl<VLEN>b: rvv 128, rvv_wide 256), and that VLEN as the
 * exact vector length (-mrvv-vector-bits=zvl), so the vectoriser knows the
 * machine: fixed-length vectors (a 16-float partial-sum array is one LMUL-4
 * register group at VLEN 128), no scalable-vector set-up or tail checks. A user
 * compiling for one known core passes the same. */
static void c_flags(const char **argv, int *n, const rvv_hw *h, char *march, size_t msize, char *inc, size_t isize,
                    const rvv_tools *t)
{
    snprintf(march, msize, "-march=rv32imf_zve32f_zvl%ub", h->vlen);
    snprintf(inc, isize, "-I%s", t->rt_dir);
    const char *f[] = { t->clang, "-O2", "--target=riscv32-unknown-elf", march, "-mrvv-vector-bits=zvl", "-mabi=ilp32f", "-ffreestanding",
                        "-nostdlib", "-fno-math-errno", "-fno-common", "-ffunction-sections", inc };
    for (size_t i = 0; i < sizeof f / sizeof f[0]; i++)
        argv[(*n)++] = f[i];
}

static kc_status rt_build(const rvv_tools *t, const rvv_hw *h, const char *dir, kc_err *err)
{
    char src[2][RVV_TOOLS_PATH + 16], obj[2][RVV_TOOLS_PATH + 16], log[RVV_TOOLS_PATH + 16];
    char march[64], inc[RVV_TOOLS_PATH + 4];
    snprintf(src[0], sizeof src[0], "%s/crt0.s", t->rt_dir);
    snprintf(src[1], sizeof src[1], "%s/kc_rt.c", t->rt_dir);
    snprintf(log, sizeof log, "%s/rt.log", dir);
    for (size_t i = 0; i < NRT; i++) {
        snprintf(obj[i], sizeof obj[i], "%s/%s", dir, rt_objs[i]);
        const char *argv[32];
        int n = 0;
        if (i == 0) {
            const char *a[] = { t->mc, "-triple=riscv32", "-mattr=+m,+f,+zve32f", "-filetype=obj", "-o", obj[i], src[i] };
            for (size_t k = 0; k < sizeof a / sizeof a[0]; k++)
                argv[n++] = a[k];
        } else {
            c_flags(argv, &n, h, march, sizeof march, inc, sizeof inc, t);
            argv[n++] = "-c";
            argv[n++] = "-o";
            argv[n++] = obj[i];
            argv[n++] = src[i];
        }
        argv[n] = NULL;
        int status;
        kc_status s = rvv_tools_run(argv, dir, log, &status, err);
        if (s != KC_OK)
            return s;
        if (status != 0) {
            kc_err e;
            kc_err_clear(&e);
            rvv_tools_diag(log, src[i], src[i], "runtime", dir, NULL, &e);
            char buf[800];
            return kc_err_set(err, KC_ERR_INTERNAL, "rvv runtime %s does not build: %s", rt_objs[i],
                              kc_err_format(&e, buf, sizeof buf));
        }
        if ((s = kc_file_read(obj[i], &rt.data[i], &rt.size[i], err)) != KC_OK)
            return s;
    }
    return KC_OK;
}

/* Writes the runtime objects into dir (building them on the first call). The
 * runtime is compiled at the default sizes: it has no VLEN-dependent code. */
static kc_status rt_place(const rvv_tools *t, const char *dir, kc_err *err)
{
    pthread_mutex_lock(&rt.lock);
    kc_status s = KC_OK;
    if (!rt.done) {
        s = rt_build(t, rvv_hw_default(), dir, err);
        rt.done = s == KC_OK;
    }
    pthread_mutex_unlock(&rt.lock);
    for (size_t i = 0; s == KC_OK && i < NRT; i++) {
        char path[RVV_TOOLS_PATH + 16];
        snprintf(path, sizeof path, "%s/%s", dir, rt_objs[i]);
        s = rvv_tools_write(path, rt.data[i], rt.size[i], err);
    }
    return s;
}

/* ---- build ------------------------------------------------------------------------ */

/* The author's name of the kernel file (diagnostics, the image): filename, or the default. */
static const char *kernel_name(const char *filename)
{
    return filename && filename[0] ? filename : (ends_with(filename, ".c") ? "kernel.c" : "kernel.s");
}

/* The image of a linked ELF, with its per-pc source lines. */
static kc_status image_of_elf(const char *bytes, size_t size, const char *filename, kc_image *out, kc_err *err)
{
    int is_c = ends_with(filename, ".c");
    const char *name = kernel_name(filename);
    kc_status s = kc_image_from_elf((const uint8_t *)bytes, size, name, EM_RISCV, out, err);
    if (s == KC_OK && rvv_lines_from_elf((const uint8_t *)bytes, size, is_c ? "kernel.c" : "kernel.s", out) < 0)
        s = kc_err_set(err, KC_ERR_NOMEM, "out of memory");
    return s;
}

/* memo_ctx: when not NULL, the linked ELF is kept in the memo under (memo_ctx, src). */
static kc_status build_in(const rvv_tools *t, const rvv_hw *h, const char *dir, const char *src,
                          const char *filename, const char *memo_ctx, kc_image *out, rvv_build_times *tm,
                          kc_err *err)
{
    int is_c = ends_with(filename, ".c");
    char ksrc[RVV_TOOLS_PATH + 16], kobj[RVV_TOOLS_PATH + 16], elf[RVV_TOOLS_PATH + 16], log[RVV_TOOLS_PATH + 16];
    snprintf(ksrc, sizeof ksrc, "%s/%s", dir, is_c ? "kernel.c" : "kernel.s");
    snprintf(kobj, sizeof kobj, "%s/kernel.o", dir);
    snprintf(elf, sizeof elf, "%s/kernel.elf", dir);
    snprintf(log, sizeof log, "%s/tool.log", dir);
    const char *name = kernel_name(filename);

    double t0 = now();
    kc_status s = rt_place(t, dir, err);
    double t1 = now();
    tm->runtime += t1 - t0;
    if (s == KC_OK)
        s = rvv_tools_write(ksrc, src, strlen(src), err);
    double t2 = now();
    tm->setup += t2 - t1;
    if (s != KC_OK)
        return s;

    const char *argv[40];
    int n = 0, status = 0;
    char march[64], inc[RVV_TOOLS_PATH + 4];
    /* Debug line tables give the image its per-pc source lines (rvv_lines.c). An
     * assembly file with its own .loc/.file directives (clang -S -g output) keeps
     * them instead: llvm-mc refuses -g then. */
    if (is_c) {
        c_flags(argv, &n, h, march, sizeof march, inc, sizeof inc, t);
        argv[n++] = "-gdwarf-4";
        argv[n++] = "-c";
    } else {
        argv[n++] = t->mc;
        argv[n++] = "-triple=riscv32";
        argv[n++] = "-mattr=+m,+f,+zve32f";
        argv[n++] = "-filetype=obj";
        if (!strstr(src, ".loc") && !strstr(src, ".file\t1") && !strstr(src, ".file 1")) {
            argv[n++] = "-g";
            argv[n++] = "-dwarf-version=4";
        }
    }
    argv[n++] = "-o";
    argv[n++] = kobj;
    argv[n++] = ksrc;
    argv[n] = NULL;
    s = rvv_tools_run(argv, dir, log, &status, err);
    double t3 = now();
    tm->compile += t3 - t2;
    if (s != KC_OK)
        return s;
    if (status != 0)
        return rvv_tools_diag(log, ksrc, name, is_c ? "clang" : "llvm-mc", dir, src, err);

    char ld[RVV_TOOLS_PATH + 16], itcm[64], dtcm[64], xarg[64], crt0[RVV_TOOLS_PATH + 16], krt[RVV_TOOLS_PATH + 16];
    snprintf(ld, sizeof ld, "%s/rvv.ld", t->rt_dir);
    snprintf(itcm, sizeof itcm, "--defsym=__itcm_bytes=%u", h->itcm_bytes);
    snprintf(dtcm, sizeof dtcm, "--defsym=__dtcm_bytes=%u", h->dtcm_bytes);
    snprintf(xarg, sizeof xarg, "--defsym=__xarg_bytes=%u", RVV_XARG_BYTES);
    snprintf(crt0, sizeof crt0, "%s/%s", dir, rt_objs[0]);
    snprintf(krt, sizeof krt, "%s/%s", dir, rt_objs[1]);
    const char *largv[] = { t->lld, "--threads=1", "--gc-sections", "-T", ld, itcm, dtcm, xarg, "-o", elf, crt0, kobj, krt,
                            NULL };
    s = rvv_tools_run(largv, dir, log, &status, err);
    double t4 = now();
    tm->link += t4 - t3;
    if (s != KC_OK)
        return s;
    if (status != 0)
        return rvv_tools_diag(log, ksrc, name, "ld.lld", dir, src, err);

    char *bytes = NULL;
    size_t size = 0;
    if ((s = kc_file_read(elf, &bytes, &size, err)) != KC_OK)
        return s;
    s = image_of_elf(bytes, size, filename, out, err);
    if (s == KC_OK && memo_ctx)
        rvv_memo_put(RVV_MEMO_ELF, memo_ctx, src, bytes, size);
    free(bytes);
    return s;
}

static kc_status build_tools(const kc_hw *hw, const char *src, const char *filename, const char *memo_ctx,
                             kc_image *out, rvv_build_times *times, kc_err *err)
{
    rvv_build_times tm = { 0 };
    double t0 = now();
    const rvv_tools *t;
    rvv_hw h;
    char dir[RVV_TOOLS_PATH];
    kc_status s = rvv_hw_from(hw, &h, err);
    if (s == KC_OK)
        s = rvv_tools_get(&t, err);
    if (s == KC_OK)
        s = rvv_tools_mkdir(dir, sizeof dir, err);
    tm.setup = now() - t0;
    if (s == KC_OK) {
        s = build_in(t, &h, dir, src ? src : "", filename, memo_ctx, out, &tm, err);
        double t1 = now();
        rvv_tools_rmdir(dir);
        tm.load += now() - t1;
    }
    if (times)
        *times = tm;
    return s;
}

kc_status rvv_platform_build_timed(const kc_hw *hw, const char *src, const char *filename, kc_image *out,
                                   rvv_build_times *times, kc_err *err)
{
    return build_tools(hw, src, filename, NULL, out, times, err);
}

/* The memo's context of a build or a baseline: everything besides the text the
 * tools' output depends on (the sizes of the build; the file name: C or assembly,
 * the image's name). */
static void memo_context(const rvv_hw *h, const char *filename, char *ctx, size_t size)
{
    snprintf(ctx, size, "vlen=%u lanes=%u itcm=%u dtcm=%u file=%s", h->vlen, h->lanes, h->itcm_bytes,
             h->dtcm_bytes, filename ? filename : "");
}

/* The family's build: the tools' output for this exact (text, sizes, name) when
 * this process made it before (rvv_memo.h), else the tools, their output kept. */
static kc_status rvv_platform_build(const kc_platform *p, const kc_hw *hw, const char *src, const char *filename,
                                    kc_image *out, kc_err *err)
{
    (void)p;
    rvv_hw h;
    kc_status s = rvv_hw_from(hw, &h, err);
    if (s != KC_OK)
        return s;
    char ctx[256], *elf;
    size_t size;
    memo_context(&h, filename, ctx, sizeof ctx);
    if (!rvv_memo_get(RVV_MEMO_ELF, ctx, src ? src : "", &elf, &size))
        return build_tools(hw, src, filename, ctx, out, NULL, err);
    s = image_of_elf(elf, size, filename, out, err);
    free(elf);
    return s;
}

/* ---- disassembly, document ---------------------------------------------------------- */

static int rvv_platform_disasm(const kc_platform *p, const kc_image *img, uint64_t pc, char *buf, size_t size)
{
    (void)p;
    uint32_t word;
    if (!kc_image_word(img, pc, &word))
        return 0;
    rvv_isa_disasm(word, buf, size);
    return 1;
}

static kc_status rvv_platform_doc(const kc_platform *p, const kc_hw *hw, char **text, kc_err *err)
{
    (void)p;
    return rvv_isadoc(hw, text, err);
}

/* ---- baseline: the task's C at the config, compiled by clang -O2 -S ------------------ */

kc_status rvv_platform_baseline_c(const kc_task *t, int config, const kc_hw *hw, char **text, kc_err *err)
{
    (void)hw;
    char defs[1024];
    kc_status s = rvv_shapes_defines(t, config, defs, sizeof defs, err);
    const rvv_tools *tools;
    if (s == KC_OK)
        s = rvv_tools_get(&tools, err);
    if (s != KC_OK)
        return s;
    char path[RVV_TOOLS_PATH + 64];
    snprintf(path, sizeof path, "%s/%s.c", tools->task_dir, t->name);
    char *body = NULL;
    kc_err ferr;
    kc_err_clear(&ferr);
    if (kc_file_read(path, &body, NULL, &ferr) != KC_OK)
        return kc_err_set(err, KC_ERR_USAGE, "rvv: no baseline C for task %s (%s)", t->name, ferr.text);
    size_t cap = strlen(body) + strlen(defs) + 256;
    char *o = malloc(cap);
    if (!o) {
        free(body);
        return kc_err_set(err, KC_ERR_NOMEM, "out of memory");
    }
    /* #line keeps the diagnostics' and the debug info's lines those of the file */
    snprintf(o, cap, "/* rvv baseline: task %s, config %d; shapes prepended by the platform */\n%s#line 1 \"%s.c\"\n%s",
             t->name, config, defs, t->name, body);
    free(body);
    *text = o;
    return KC_OK;
}

/* The baseline as kernel text: the compiled assembly (clang -O2 -S), what the
 * auto-vectoriser makes of the plain C loop at this build's VLEN. */
static kc_status rvv_platform_baseline(const kc_task *t, int config, const kc_hw *hw, char **text, kc_err *err)
{
    char *csrc = NULL;
    kc_status s = rvv_platform_baseline_c(t, config, hw, &csrc, err);
    rvv_hw h;
    const rvv_tools *tools;
    if (s == KC_OK)
        s = rvv_hw_from(hw, &h, err);
    if (s == KC_OK)
        s = rvv_tools_get(&tools, err);
    char ctx[256];
    if (s == KC_OK) {
        memo_context(&h, "baseline.c", ctx, sizeof ctx);
        if (rvv_memo_get(RVV_MEMO_BASELINE, ctx, csrc, text, NULL)) {
            free(csrc);
            return KC_OK;
        }
    }
    char dir[RVV_TOOLS_PATH];
    if (s == KC_OK)
        s = rvv_tools_mkdir(dir, sizeof dir, err);
    if (s != KC_OK) {
        free(csrc);
        return s;
    }
    char csrcp[RVV_TOOLS_PATH + 16], asmp[RVV_TOOLS_PATH + 16], log[RVV_TOOLS_PATH + 16], name[128];
    snprintf(csrcp, sizeof csrcp, "%s/kernel.c", dir);
    snprintf(asmp, sizeof asmp, "%s/kernel.s", dir);
    snprintf(log, sizeof log, "%s/tool.log", dir);
    snprintf(name, sizeof name, "%s.c", t->name);
    s = rvv_tools_write(csrcp, csrc, strlen(csrc), err);
    if (s == KC_OK) {
        const char *argv[40];
        int n = 0, status = 0;
        char march[64], inc[RVV_TOOLS_PATH + 4];
        c_flags(argv, &n, &h, march, sizeof march, inc, sizeof inc, tools);
        const char *tail[] = { "-S", "-fno-ident", "-o", asmp, csrcp, NULL };
        for (size_t i = 0; i < sizeof tail / sizeof tail[0]; i++)
            argv[n++] = tail[i];
        s = rvv_tools_run(argv, dir, log, &status, err);
        if (s == KC_OK && status != 0) {
            kc_err e;
            kc_err_clear(&e);
            rvv_tools_diag(log, csrcp, name, "clang", dir, NULL, &e);
            char buf[800];
            s = kc_err_set(err, KC_ERR_INTERNAL, "rvv baseline of %s C%d does not compile: %s", t->name, config,
                           kc_err_format(&e, buf, sizeof buf));
        }
        size_t size = 0;
        if (s == KC_OK && (s = kc_file_read(asmp, text, &size, err)) == KC_OK)
            rvv_memo_put(RVV_MEMO_BASELINE, ctx, csrc, *text, size);
    }
    free(csrc);
    rvv_tools_rmdir(dir);
    return s;
}

/* a0..a7, then the stack words crt0 leaves at sp (the DTCM words of
 * rvv_hw_xarg_addr), as the ISA document's kernel ABI says. */
static void rvv_platform_arg_where(const kc_hw *hw, unsigned i, char *buf, size_t size)
{
    (void)hw;
    if (i < 8)
        snprintf(buf, size, "a%u", i);
    else
        snprintf(buf, size, "%u(sp)", (i - 8) * 4);
}

const kc_platform_family rvv_platform_family = {
    .name = "rvv",
    .dtype = KC_DTYPE_FP32,
    .align = 64,
    .dram_base = RVV_DRAM_BASE,
    .peaks = rvv_platform_peaks,
    .build = rvv_platform_build,
    .baseline = rvv_platform_baseline,
    .baseline_source = rvv_platform_baseline_c,
    .doc = rvv_platform_doc,
    .disasm = rvv_platform_disasm,
    .ref = &rvv_qemu_ref,    /* QEMU user mode through its gdbstub (isa/rvv_qemu.c) */
    .rgen = &rvv_rgen_ops,   /* kc cosim --random (isa/rvv_rgen.c) */
    .arg_where = rvv_platform_arg_where,
};
