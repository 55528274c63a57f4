/* icarus_ref — the Verilated side of the Icarus equivalence check (run_icarus.sh).
 *
 *   icarus_ref prep TASK CONFIG SEED LAT BW DIR [KERNEL.s]
 *       Builds the npu baseline kernel of (TASK, CONFIG) (or assembles KERNEL.s,
 *       a directed kernel on that task's layout), the DRAM image of seed
 *       SEED (layout + sentinels + inputs, as kc eval), and writes for
 *       rtl/sim/kc_tb.v (with rtl/sim/npu_tb.vh): DIR/load.hex (one load-port
 *       write a program word: word index, word), DIR/args.hex, DIR/dram.hex
 *       and DIR/plusargs. Then runs the Verilated model on the same image with DRAM
 *       latency LAT and bandwidth BW and writes its results the way the testbench
 *       does: DIR/verilator.txt ("key value" lines) and DIR/verilator_dram.hex.
 *   icarus_ref compare TASK CONFIG SEED DIR
 *       Compares DIR/icarus.txt and DIR/icarus_dram.hex with the Verilated ones:
 *       result, cycles, trap state, every perf counter and every DRAM byte of the
 *       image. Prints both cycle counts side by side; exit 0 only when all agree.
 *
 * The image written is DRAM [0, end of the last tensor + one guard): the
 * testbench's DRAM model flags any access outside it, and prep checks that the
 * Verilated run left every byte beyond it as it was, so the window loses nothing.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kc_acc.h"
#include "kc_check.h"
#include "kc_dram.h"
#include "kc_err.h"
#include "kc_file.h"
#include "kc_platform.h"
#include "kc_sim.h"
#include "kc_task.h"

/* One (task, config, seed) set up as kc eval sets it up. */
typedef struct ref_setup {
    const kc_platform *p;
    const kc_acc_ops *ops;
    kc_task_inst inst;
    kc_dram *dram;
    kc_layout layout;
    uint32_t size;        /* DRAM bytes */
    uint32_t nbeats;      /* beats of the image window */
} ref_setup;

static kc_status setup(ref_setup *r, const char *task, int config, uint64_t seed, unsigned lat,
                       unsigned bw, kc_err *err)
{
    const kc_task *t = kc_task_find(task);
    memset(r, 0, sizeof *r);
    if (!t)
        return kc_err_set(err, KC_ERR_USAGE, "unknown task '%s'", task);
    if (!(r->p = kc_platform_find("npu")) || !(r->ops = kc_acc_find(r->p->acc)))
        return kc_err_set(err, KC_ERR_INTERNAL, "no npu platform or model");
    kc_status s = kc_task_inst_make(&r->inst, t, config, r->p->dtype, seed, err);
    if (s != KC_OK)
        return s;
    kc_dram_cfg cfg = { 0, lat, bw };
    if ((s = kc_dram_open(&r->dram, &cfg, r->ops->beat_bytes, err)) != KC_OK)
        return s;
    r->size = kc_dram_config(r->dram)->size_bytes;
    if ((s = kc_check_layout(&r->inst, r->size, r->p->align, &r->layout, err)) != KC_OK)
        return s;
    kc_check_fill(&r->inst, &r->layout, kc_dram_data(r->dram), r->size);
    uint32_t beat = r->ops->beat_bytes;
    r->nbeats = (r->layout.end + KC_CHECK_GUARD + beat - 1) / beat;
    return KC_OK;
}

static void teardown(ref_setup *r)
{
    kc_dram_close(r->dram);
    kc_task_inst_free(&r->inst);
}

static FILE *open_in(const char *dir, const char *name, const char *mode, kc_err *err)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, mode);
    if (!f)
        kc_err_set(err, KC_ERR_IO, "%s: %s", path, strerror(errno));
    return f;
}

/* One beat per line, byte beat-1 first (the testbench's %h of the beat vector). */
static kc_status write_beats(const char *dir, const char *name, const uint8_t *mem,
                             uint32_t nbeats, unsigned beat, kc_err *err)
{
    FILE *f = open_in(dir, name, "w", err);
    if (!f)
        return err->code;
    for (uint32_t i = 0; i < nbeats; i++) {
        for (unsigned b = beat; b-- > 0;)
            fprintf(f, "%02x", mem[(size_t)i * beat + b]);
        fputc('\n', f);
    }
    return fclose(f) ? kc_err_set(err, KC_ERR_IO, "%s/%s: write failed", dir, name) : KC_OK;
}

/* One hex word a line; with `indexed`, each preceded by its index (kc_tb's load list). */
static kc_status write_words(const char *dir, const char *name, const uint32_t *w, size_t n, int indexed,
                             kc_err *err)
{
    FILE *f = open_in(dir, name, "w", err);
    if (!f)
        return err->code;
    for (size_t i = 0; i < n; i++)
        if (indexed)
            fprintf(f, "%08x%08x\n", (unsigned)i, (unsigned)w[i]);
        else
            fprintf(f, "%08x\n", (unsigned)w[i]);
    return fclose(f) ? kc_err_set(err, KC_ERR_IO, "%s/%s: write failed", dir, name) : KC_OK;
}

static kc_status prep(const char *task, int config, uint64_t seed, unsigned lat, unsigned bw,
                      const char *dir, const char *kernel, kc_err *err)
{
    ref_setup r;
    kc_image img;
    kc_image_init(&img, 0, 0);
    void *model = NULL;
    uint8_t *fresh = NULL;
    char *text = NULL;
    kc_status s = setup(&r, task, config, seed, lat, bw, err);
    if (s != KC_OK)
        goto out;
    const kc_task *t = r.inst.task;
    s = kernel ? kc_file_read(kernel, &text, NULL, err) : kc_platform_baseline(r.p, t, config, &text, err);
    if (s != KC_OK || (s = kc_platform_build(r.p, text, kernel ? kernel : "baseline", &img, err)) != KC_OK)
        goto out;
    size_t nwords;
    const uint32_t *words = kc_image_words(&img, &nwords);

    uint32_t args[KC_TASK_MAX_TENSORS] = { 0 };
    for (unsigned i = 0; i < r.layout.ntensors; i++)
        args[i] = r.layout.addr[i];
    uint32_t argw[32] = { 0 };   /* every argument register the testbench reads */
    memcpy(argw, args, sizeof args);
    unsigned beat = r.ops->beat_bytes;
    const uint8_t *mem = kc_dram_data(r.dram);
    if ((s = write_words(dir, "load.hex", words, nwords, 1, err)) != KC_OK ||
        (s = write_words(dir, "args.hex", argw, r.p->nargs, 0, err)) != KC_OK ||
        (s = write_beats(dir, "dram.hex", mem, r.nbeats, beat, err)) != KC_OK)
        goto out;
    FILE *f = open_in(dir, "plusargs", "w", err);
    if (!f) {
        s = err->code;
        goto out;
    }
    fprintf(f, "+nload=%zu +dram_beats=%u +dram_bytes=%u +lat=%u +bw=%u +limit=%llu\n",
            nwords, (unsigned)r.nbeats, (unsigned)r.size, kc_dram_config(r.dram)->latency,
            kc_dram_config(r.dram)->bytes_per_cycle, (unsigned long long)KC_SIM_DEFAULT_CYCLE_LIMIT);
    fclose(f);

    /* the Verilated reference run */
    kc_sim_report rep;
    if ((s = r.ops->open(&model, err)) != KC_OK ||
        (s = kc_sim_run(r.ops, model, r.dram, &img, args, r.layout.ntensors, NULL, &rep, err)) != KC_OK)
        goto out;
    /* nothing beyond the window changed, so comparing the window is comparing DRAM */
    if (!(fresh = malloc(r.size))) {
        s = kc_err_set(err, KC_ERR_NOMEM, "out of memory");
        goto out;
    }
    kc_check_fill(&r.inst, &r.layout, fresh, r.size);
    size_t win = (size_t)r.nbeats * beat;
    if (win < r.size && memcmp(fresh + win, mem + win, r.size - win)) {
        s = kc_err_set(err, KC_ERR_INTERNAL, "the Verilated run wrote DRAM beyond the image "
                       "window (%zu bytes): widen it", win);
        goto out;
    }
    if (!(f = open_in(dir, "verilator.txt", "w", err))) {
        s = err->code;
        goto out;
    }
    fprintf(f, "result %s\ncycles %llu\n", kc_sim_result_name(rep.result),
            (unsigned long long)rep.cycles);
    int stopped = rep.result == KC_SIM_TRAPPED;
    fprintf(f, "trap_cause %u\ntrap_pc %u\ntrap_info %u\n", stopped ? rep.status.cause : 0,
            stopped ? (unsigned)rep.status.pc : 0, stopped ? (unsigned)rep.status.info : 0);
    for (size_t i = 0; i < rep.ncounters; i++)
        fprintf(f, "counter%zu %llu\n", i, (unsigned long long)(uint32_t)rep.counters[i]);
    fprintf(f, "dram_error 0\n");
    fclose(f);
    s = write_beats(dir, "verilator_dram.hex", mem, r.nbeats, beat, err);
out:
    if (model)
        r.ops->close(model);
    free(fresh);
    free(text);
    kc_image_free(&img);
    teardown(&r);
    return s;
}

/* Reads up to cap lines of a small text file into one buffer; returns line count. */
static size_t read_lines(FILE *f, char ***lines)
{
    size_t n = 0, cap = 0;
    char buf[512];
    *lines = NULL;
    while (fgets(buf, sizeof buf, f)) {
        buf[strcspn(buf, "\r\n")] = 0;
        if (n == cap) {
            cap = cap ? 2 * cap : 64;
            char **nl = realloc(*lines, cap * sizeof *nl);
            if (!nl)
                break;
            *lines = nl;
        }
        (*lines)[n++] = strdup(buf);
    }
    return n;
}

static void free_lines(char **l, size_t n)
{
    for (size_t i = 0; i < n; i++)
        free(l[i]);
    free(l);
}

static const char *value_of(char **l, size_t n, const char *key)
{
    size_t k = strlen(key);
    for (size_t i = 0; i < n; i++)
        if (l[i] && !strncmp(l[i], key, k) && l[i][k] == ' ')
            return l[i] + k + 1;
    return "?";
}

/* The tensor (or gap) holding byte a, for a readable report. */
static void where(const ref_setup *r, uint32_t a, char *buf, size_t size)
{
    for (unsigned i = 0; i < r->layout.ntensors; i++)
        if (a >= r->layout.addr[i] && a < r->layout.addr[i] + r->layout.bytes[i]) {
            snprintf(buf, size, "tensor %s + %u", r->inst.shape.t[i].name, a - r->layout.addr[i]);
            return;
        }
    snprintf(buf, size, "outside every tensor");
}

static kc_status compare(const char *task, int config, uint64_t seed, const char *dir, int *same,
                         char *report, size_t rsize, kc_err *err)
{
    ref_setup r;
    FILE *f[4] = { 0 };
    char **l[4] = { 0 };
    size_t n[4] = { 0 };
    static const char *names[4] = { "verilator.txt", "icarus.txt", "verilator_dram.hex",
                                    "icarus_dram.hex" };
    kc_status s = setup(&r, task, config, seed, 0, 0, err);
    *same = 0;
    for (int i = 0; i < 4 && s == KC_OK; i++) {
        if (!(f[i] = open_in(dir, names[i], "r", err)))
            s = err->code;
        else
            n[i] = read_lines(f[i], &l[i]);
    }
    if (s == KC_OK) {
        int ok = n[0] == n[1] && n[2] == n[3] && n[2] == r.nbeats;
        size_t at = 0;
        for (size_t i = 0; ok && i < n[0]; i++)
            if (strcmp(l[0][i], l[1][i])) {
                ok = 0;
                at = i;
            }
        int off = snprintf(report, rsize, "%s C%d: verilator %s cycles, icarus %s cycles",
                           task, config, value_of(l[0], n[0], "cycles"),
                           value_of(l[1], n[1], "cycles"));
        if (!ok && n[0] == n[1] && n[0]) {
            snprintf(report + off, rsize - (size_t)off, "; first difference: verilator '%s', "
                     "icarus '%s'", l[0][at], l[1][at]);
        } else if (!ok) {
            snprintf(report + off, rsize - (size_t)off, "; result files differ in length "
                     "(%zu/%zu lines, %zu/%zu/%u beats)", n[0], n[1], n[2], n[3], r.nbeats);
        } else {
            for (size_t i = 0; ok && i < n[2]; i++) {
                if (!strcmp(l[2][i], l[3][i]))
                    continue;
                ok = 0;
                /* hex lines hold byte beat-1 first: find the lowest differing byte */
                size_t len = strlen(l[2][i]);
                uint32_t byte = 0;
                for (size_t c = 0; c < len; c++)
                    if (l[2][i][c] != l[3][i][c])
                        byte = (uint32_t)((len - 1 - c) / 2);
                uint32_t a = (uint32_t)i * r.ops->beat_bytes + byte;
                char w[128];
                where(&r, a, w, sizeof w);
                snprintf(report + off, rsize - (size_t)off, "; DRAM differs at 0x%08x (%s): "
                         "verilator %s, icarus %s", (unsigned)a, w, l[2][i], l[3][i]);
            }
            if (ok)
                snprintf(report + off, rsize - (size_t)off, "; result, %zu counters and %u DRAM "
                         "bytes equal", n[0] - 6, (unsigned)(n[2] * r.ops->beat_bytes));
        }
        *same = ok;
    }
    for (int i = 0; i < 4; i++) {
        if (f[i])
            fclose(f[i]);
        free_lines(l[i], n[i]);
    }
    teardown(&r);
    return s;
}

int main(int argc, char **argv)
{
    kc_err err;
    kc_err_clear(&err);
    char buf[1024];
    kc_status s;
    if ((argc == 8 || argc == 9) && !strcmp(argv[1], "prep")) {
        s = prep(argv[2], atoi(argv[3]), strtoull(argv[4], NULL, 10), (unsigned)atoi(argv[5]),
                 (unsigned)atoi(argv[6]), argv[7], argc == 9 ? argv[8] : NULL, &err);
        if (s == KC_OK)
            return 0;
    } else if (argc == 6 && !strcmp(argv[1], "compare")) {
        int same = 0;
        char report[2048];
        s = compare(argv[2], atoi(argv[3]), strtoull(argv[4], NULL, 10), argv[5], &same, report,
                    sizeof report, &err);
        if (s == KC_OK) {
            printf("%s %s\n", same ? "EQUAL" : "DIFFERENT", report);
            return same ? 0 : 1;
        }
    } else {
        fprintf(stderr, "usage: icarus_ref prep TASK CONFIG SEED LAT BW DIR [KERNEL.s]\n"
                        "       icarus_ref compare TASK CONFIG SEED DIR\n");
        return 2;
    }
    fprintf(stderr, "icarus_ref: %s\n", kc_err_format(&err, buf, sizeof buf));
    return 1;
}
