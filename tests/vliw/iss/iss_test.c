/* iss_test.c — runs hand-written vliw kernels on the ISS and checks the final
 * state, status and cycle count written next to them (tests/vliw/iss/<case>/:
 * kernel.s, assembled by the table assembler; expect.txt with the expected
 * values and their derivation by hand from ISSUE13.md's rules). Code the
 * assembler refuses (a write conflict it proves) is written as `.bundle` lines of
 * raw slot words.
 *
 * expect.txt lines (# comments):
 *   params KEY N ...          rows, cols, nbanks, dma_inflight, br_delay, loop_depth
 *   dram_latency N | dram_bw N | args A B ...
 *   init dram ADDR = B0 B1 ... (hex bytes; also init dram_fill ADDR N: byte i = i & 255)
 *   cycles N                   the run's cycle count
 *   halted | trap tile T pc P slot S cause NAME [detail D]
 *   t<T>.<file> IDX = V ...    r/p/m/lock: one value; v: 16 hex bf16 lanes; acc: 16 hex lanes
 *   dm T ADDR = B0 ...         DM bytes of tile T;  dram ADDR = B0 ...  DRAM bytes
 *   counter NAME = N           bundles T = N
 *   limit N                    cycle limit (default 100000)
 *   load image                 load through a kc_image (vliw_iss_load), not the kc_program
 *   issues T = P|- ...         the pc tile T issued in cycles 0, 1, ... ('-': none)
 * ISS_TEST_VERBOSE=1 prints the counters and the simulation speed.
 * Usage: iss_test CASE_DIR
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "kc_asm.h"
#include "kc_file.h"
#include "vliw_iss.h"

static int fails;

/* Copies the line at p into buf (comment cut); returns the next line or NULL. */
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

#define FOR_LINES(text, l) \
    for (const char *nx_ = (text); nx_ && *nx_;) \
        for (char l[512], once_ = (nx_ = next_line(nx_, l, sizeof l), 1); once_; once_ = 0)

#define FAIL(...) do { fprintf(stderr, __VA_ARGS__); fputc('\n', stderr); fails++; } while (0)

/* dir/name's text (exits when unreadable). */
static char *read_text(const char *dir, const char *name)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    char *data = NULL;
    size_t n = 0;
    kc_err err = {0};
    if (kc_file_read_text(path, &data, &n, &err) != KC_OK) {
        fprintf(stderr, "%s\n", err.text);
        exit(2);
    }
    return data;
}

/* kernel.s through the assembler into the ISS's program memories. */
static kc_status load_kernel(vliw_iss *s, const char *dir, int via_image, kc_err *err)
{
    char *src = read_text(dir, "kernel.s");
    const kc_isa *isa;
    kc_program prog;
    kc_status st = kc_isa_load("vliw", &isa, err);
    if (st == KC_OK)
        st = kc_asm_assemble(isa, src, "kernel.s", &prog, err);
    free(src);
    if (st != KC_OK)
        return st;
    if (!via_image) {
        st = vliw_iss_load_program(s, &prog, err);
    } else {   /* the kc_image path: segment byte address = PM address (bundles) * 28 */
        kc_image img;
        kc_image_init(&img, 4 * VLIW_ISS_SLOTS, 4 * VLIW_ISS_SLOTS);
        kc_program_seg one = {0, 0, prog.nwords};
        const kc_program_seg *segs = prog.nsegs ? prog.segs : &one;
        for (size_t i = 0; st == KC_OK && i < (prog.nsegs ? prog.nsegs : 1); i++)
            st = kc_image_add(&img, (uint64_t)segs[i].addr * 4 * VLIW_ISS_SLOTS, prog.words + segs[i].first,
                              segs[i].nwords * 4, 1, err);
        if (st == KC_OK)
            st = vliw_iss_load(s, &img, err);
        kc_image_free(&img);
    }
    kc_program_free(&prog);
    return st;
}

static int parse_bytes(const char *p, uint8_t *out, int max)
{
    int n = 0;
    char *end;
    while (n < max) {
        unsigned long v = strtoul(p, &end, 16);
        if (end == p)
            break;
        out[n++] = (uint8_t)v;
        p = end;
    }
    return n;
}

static unsigned file_index(const vliw_iss *s, const char *name)
{
    size_t n;
    const kc_arch_file *f = vliw_iss_files(s, &n);
    for (size_t i = 0; i < n; i++)
        if (!strcmp(f[i].name, name))
            return (unsigned)i;
    return UINT32_MAX;
}

/* Pass 1: setup lines (params, dram, args). */
static void setup(const char *ex, vliw_iss_params *pr, kc_dram_cfg *dc, uint32_t *args, size_t *nargs)
{
    vliw_iss_params_default(pr);
    memset(dc, 0, sizeof *dc);
    dc->size_bytes = 1u << 20;
    *nargs = 0;
    FOR_LINES(ex, l) {
        char key[32];
        int k = 0;
        if (sscanf(l, "%31s%n", key, &k) != 1)
            continue;
        const char *r = l + k;
        if (!strcmp(key, "params")) {
            char pk[32];
            unsigned v;
            int m;
            while (sscanf(r, "%31s %u%n", pk, &v, &m) == 2) {
                if (!strcmp(pk, "rows")) pr->rows = v;
                else if (!strcmp(pk, "cols")) pr->cols = v;
                else if (!strcmp(pk, "nbanks")) pr->nbanks = v;
                else if (!strcmp(pk, "dma_inflight")) pr->dma_inflight = v;
                else if (!strcmp(pk, "br_delay")) pr->br_delay = v;
                else if (!strcmp(pk, "loop_depth")) pr->loop_depth = v;
                r += m;
            }
        } else if (!strcmp(key, "dram_latency")) {
            dc->latency = (unsigned)strtoul(r, NULL, 0);
        } else if (!strcmp(key, "dram_bw")) {
            dc->bytes_per_cycle = (unsigned)strtoul(r, NULL, 0);
        } else if (!strcmp(key, "args")) {
            char *end;
            for (;;) {
                unsigned long v = strtoul(r, &end, 0);
                if (end == r || *nargs == VLIW_ISS_MAX_ARGS)
                    break;
                args[(*nargs)++] = (uint32_t)v;
                r = end;
            }
        }
    }
}

static void init_dram(const char *ex, uint8_t *d, uint32_t size)
{
    FOR_LINES(ex, l) {
        unsigned long a, n;
        int k = 0;
        uint8_t bytes[256];
        if (sscanf(l, " init dram_fill %li %li", (long *)&a, (long *)&n) == 2) {
            for (unsigned long i = 0; i < n && a + i < size; i++)
                d[a + i] = (uint8_t)i;
        } else if (sscanf(l, " init dram %li =%n", (long *)&a, &k) == 1 && k) {
            int nb = parse_bytes(l + k, bytes, 256);
            for (int i = 0; i < nb && a + (unsigned)i < size; i++)
                d[a + (unsigned)i] = bytes[i];
        }
    }
}

static void check(const char *ex, const vliw_iss *s, kc_dram *dram)
{
    vliw_iss_trap tr;
    kc_core_state st = vliw_iss_state(s, &tr);
    FOR_LINES(ex, l) {
        char key[32];
        int k = 0;
        if (sscanf(l, "%31s%n", key, &k) != 1 || key[0] == '#')
            continue;
        const char *r = l + k;
        unsigned long long v;
        if (!strcmp(key, "cycles")) {
            v = strtoull(r, NULL, 0);
            if (vliw_iss_cycle(s) != v)
                FAIL("cycles: expected %llu, got %" PRIu64, v, vliw_iss_cycle(s));
        } else if (!strcmp(key, "halted")) {
            if (st != KC_CORE_HALTED)
                FAIL("expected halted, state %d (trap %s tile %u pc %u slot %u detail 0x%x)", (int)st,
                     vliw_iss_cause_name(tr.cause), tr.tile, tr.pc, tr.slot, tr.detail);
        } else if (!strcmp(key, "trap")) {
            unsigned t, pc, sl;
            char cause[32];
            int m = 0;
            if (sscanf(r, " tile %u pc %u slot %u cause %31s%n", &t, &pc, &sl, cause, &m) != 4) {
                FAIL("bad trap line");
                continue;
            }
            unsigned long det;
            int has_det = sscanf(r + m, " detail %li", (long *)&det) == 1;
            if (st != KC_CORE_TRAPPED || tr.tile != t || tr.pc != pc || tr.slot != sl ||
                strcmp(vliw_iss_cause_name(tr.cause), cause) || (has_det && tr.detail != det))
                FAIL("trap: expected tile %u pc %u slot %u %s, got state %d tile %u pc %u slot %u %s detail 0x%x",
                     t, pc, sl, cause, (int)st, tr.tile, tr.pc, tr.slot, vliw_iss_cause_name(tr.cause), tr.detail);
        } else if (!strcmp(key, "counter")) {
            char name[32];
            if (sscanf(r, " %31s = %lli", name, (long long *)&v) != 2)
                continue;
            uint64_t c[VLIW_NCOUNTERS];
            vliw_iss_counters(s, c, VLIW_NCOUNTERS);
            int found = 0;
            for (unsigned i = 0; i < VLIW_NCOUNTERS; i++)
                if (!strcmp(vliw_iss_counter_names[i], name)) {
                    found = 1;
                    if (c[i] != v)
                        FAIL("counter %s: expected %llu, got %" PRIu64, name, v, c[i]);
                }
            if (!found)
                FAIL("no counter %s", name);
        } else if (!strcmp(key, "bundles")) {
            unsigned t;
            if (sscanf(r, " %u = %lli", &t, (long long *)&v) == 2 && vliw_iss_bundles(s, t) != v)
                FAIL("bundles of tile %u: expected %llu, got %" PRIu64, t, v, vliw_iss_bundles(s, t));
        } else if (!strcmp(key, "dm") || !strcmp(key, "dram")) {
            unsigned t = 0;
            unsigned long a;
            int m = 0;
            if (!strcmp(key, "dm") ? sscanf(r, " %u %li =%n", &t, (long *)&a, &m) != 2
                                   : sscanf(r, " %li =%n", (long *)&a, &m) != 1) {
                FAIL("bad %s line", key);
                continue;
            }
            uint8_t want[256];
            int n = parse_bytes(r + m, want, 256);
            const uint8_t *have = !strcmp(key, "dm") ? vliw_iss_dm(s, t) + a : kc_dram_data(dram) + a;
            for (int i = 0; i < n; i++)
                if (have[i] != want[i])
                    FAIL("%s %s 0x%lx+%d: expected %02x, got %02x", key, !strcmp(key, "dm") ? "tile" : "", a, i,
                         want[i], have[i]);
        } else if (key[0] == 't' && strchr(key, '.')) {
            unsigned f = file_index(s, key), idx;
            int m = 0;
            if (f == UINT32_MAX || sscanf(r, " %u =%n", &idx, &m) != 1) {
                FAIL("bad state line '%s'", key);
                continue;
            }
            size_t nf;
            const kc_arch_file *af = &vliw_iss_files(s, &nf)[f];
            uint8_t have[64];
            if (vliw_iss_read(s, f, idx, 1, have)) {
                FAIL("%s %u out of range", key, idx);
                continue;
            }
            const char *p = r + m;
            unsigned lane_bytes = af->fmt == KC_ARCH_BF16_LANES ? 2 : af->bytes == 1 ? 1 : 4;
            for (unsigned lane = 0; lane * lane_bytes < af->bytes; lane++) {
                char *end;
                unsigned long long w = strtoull(p, &end, 0);
                if (end == p)
                    break;
                p = end;
                uint64_t got = 0;
                memcpy(&got, have + lane * lane_bytes, lane_bytes);
                if (got != w)
                    FAIL("%s %u lane %u: expected 0x%llx, got 0x%" PRIx64, key, idx, lane, w, got);
            }
        }
    }
}

#define TRACE_CYCLES 64
static int trace[VLIW_ISS_MAX_TILES][TRACE_CYCLES];

/* `issues T = x x ...`: per cycle from 0, the pc tile T issued, or '-'. */
static void check_issues(const char *ex, int tr[][TRACE_CYCLES], unsigned n)
{
    FOR_LINES(ex, l) {
        unsigned t;
        int m = 0;
        if (sscanf(l, " issues %u =%n", &t, &m) != 1 || !m || t >= VLIW_ISS_MAX_TILES)
            continue;
        const char *p = l + m;
        for (unsigned c = 0;; c++) {
            while (*p == ' ')
                p++;
            if (!*p)
                break;
            int want;
            if (*p == '-') {
                want = -1;
                p++;
            } else {
                char *end;
                want = (int)strtol(p, &end, 0);
                if (end == p) {
                    FAIL("bad issues line");
                    break;
                }
                p = end;
            }
            if (c >= n)
                FAIL("issues of tile %u: cycle %u was not traced", t, c);
            else if (tr[t][c] != want)
                FAIL("issues of tile %u, cycle %u: expected %d, got %d", t, c, want, tr[t][c]);
        }
    }
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: iss_test CASE_DIR\n");
        return 2;
    }
    char *ex = read_text(argv[1], "expect.txt");
    vliw_iss_params pr;
    kc_dram_cfg dc;
    uint32_t args[VLIW_ISS_MAX_ARGS];
    size_t nargs;
    setup(ex, &pr, &dc, args, &nargs);
    kc_err err = {0};
    vliw_iss *s;
    kc_dram *dram;
    if (vliw_iss_create(&s, &pr, &err) || kc_dram_open(&dram, &dc, VLIW_ISS_BEAT, &err) ||
        load_kernel(s, argv[1], strstr(ex, "\nload image") != NULL, &err)) {
        fprintf(stderr, "%s:%d:%d: %s\n", err.file, err.line, err.col, err.text);
        return 2;
    }
    init_dram(ex, kc_dram_data(dram), kc_dram_config(dram)->size_bytes);
    if (vliw_iss_reset(s, args, nargs, dram, &err)) {
        fprintf(stderr, "%s\n", err.text);
        return 2;
    }
    unsigned long long limit = 100000;
    unsigned traced = 0;
    FOR_LINES(ex, l) {
        if (!strncmp(l, "limit ", 6))
            limit = strtoull(l + 6, NULL, 0);
    }
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    /* the first TRACE_CYCLES cycles one by one, recording what each tile issued */
    for (unsigned c = 0; c < TRACE_CYCLES && c < limit && vliw_iss_state(s, NULL) == KC_CORE_RUNNING; c++) {
        vliw_iss_step(s);
        for (unsigned t = 0; t < VLIW_ISS_MAX_TILES && t < pr.rows * pr.cols; t++) {
            uint32_t pc;
            trace[t][c] = vliw_iss_issued(s, t, &pc) ? (int)pc : -1;
        }
        traced = c + 1;
    }
    if (vliw_iss_cycle(s) < limit)
        vliw_iss_run(s, limit - vliw_iss_cycle(s));
    clock_gettime(CLOCK_MONOTONIC, &t1);
    check_issues(ex, trace, traced);
    check(ex, s, dram);
    if (getenv("ISS_TEST_VERBOSE")) {
        uint64_t c[VLIW_NCOUNTERS];
        vliw_iss_counters(s, c, VLIW_NCOUNTERS);
        for (unsigned i = 0; i < VLIW_NCOUNTERS; i++)
            fprintf(stderr, "%s=%" PRIu64 " ", vliw_iss_counter_names[i], c[i]);
        double dt = (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec);
        fprintf(stderr, "\n%.0f cycles/s, %.0f bundles/s\n", dt > 0 ? (double)c[VLIW_C_CYCLES] / dt : 0.0,
                dt > 0 ? (double)c[VLIW_C_BUNDLES] / dt : 0.0);
    }
    vliw_iss_destroy(s);
    kc_dram_close(dram);
    free(ex);
    if (fails)
        fprintf(stderr, "%s: %d failure(s)\n", argv[1], fails);
    return fails ? 1 : 0;
}
