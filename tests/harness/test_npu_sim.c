/* test_npu_sim.c — the simulation loop (kc_sim.c) and the npu shim against the
 * real npu RTL: clean halt with deterministic cycles, a DMA load / compute /
 * store round trip checked in DRAM, timeout, out-of-range store and illegal
 * instruction traps, a VCD trace window, two models at once, argument errors.
 *
 * Programs are raw words built from isa/npu.def through its X-macros (opcodes,
 * function codes, field positions, configuration ids), so they follow the table.
 *
 * Usage: test_npu_sim OUTDIR [GTKW]      the tests (GTKW: save file to check)
 *        test_npu_sim OUTDIR --speed [BLOCKS]
 *   --speed runs a busy kernel (DMA in, vexp, DMA out) and prints cycles/s:
 *   a benchmark that `make perf` runs, not a ctest (a speed is no assertion).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "kc_acc.h"
#include "kc_dram.h"
#include "kc_sim.h"
#include "npu.h"
#include "npu_words.h"

enum {
#define NPU_PARAM(name, value, text) P_##name = value,
#include "npu.def"
#undef NPU_PARAM
};
static const struct { int op, funct; } npu_rows[] = {
#define NPU_INSN(name, opc, funct, ...) { opc, funct },
#include "npu.def"
#undef NPU_INSN
};

static uint32_t addi(int rd, int rs1, int imm) { return INSN(addi) | RD(rd) | RS1(rs1) | IMM16(imm); }
static uint32_t dld(int rrow, int areg, int rcnt) { return INSN(dld) | RD(rrow) | RS1(areg) | RS2(rcnt); }
static uint32_t dst(int rrow, int areg, int rcnt) { return INSN(dst) | RD(rrow) | RS1(areg) | RS2(rcnt); }
static uint32_t vadd(int rd, int ra, int rb) { return INSN(vadd) | RD(rd) | RS1(ra) | RS2(rb); }
static uint32_t vexp(int rd, int ra) { return INSN(vexp) | RD(rd) | RS1(ra); }
/* loopi: the body is the next `body` instructions (end label = pc + 1 + body). */
static uint32_t loopi(int cnt, int body) { return INSN(loopi) | CNT10(cnt) | IMM16(body + 1); }
static uint32_t jump(int off) { return INSN(j) | OFF22(off); }

/* A word whose major opcode no row uses (and outside the matrix range): illegal. */
static uint32_t illegal_word(void)
{
    for (int op = 0x3f - 0x10; op > 0; op--) {
        int used = 0;
        for (size_t i = 0; i < sizeof npu_rows / sizeof npu_rows[0]; i++)
            used |= npu_rows[i].op == op;
        if (!used && (op < 0x30 || op > 0x3f))
            return (uint32_t)op << 26 | 0x1234u;
    }
    return 0;
}

/* ---- test plumbing ---------------------------------------------------------- */
static int failures;
static const char *outdir = ".";


static void die(const char *what, const kc_err *err)
{
    char buf[700];
    fprintf(stderr, "%s: %s\n", what, kc_err_format(err, buf, sizeof buf));
    exit(1);
}

static const kc_acc_ops *ops;

static void *open_model(void)
{
    void *h = NULL;
    kc_err err;
    kc_err_clear(&err);
    if (ops->open(&h, &err) != KC_OK)
        die("open", &err);
    return h;
}

static kc_dram *open_dram(uint32_t size)
{
    kc_dram_cfg cfg = { size, 0, 0 };
    kc_dram *d = NULL;
    kc_err err;
    kc_err_clear(&err);
    if (kc_dram_open(&d, &cfg, ops->beat_bytes, &err) != KC_OK)
        die("dram", &err);
    return d;
}

static kc_sim_report run(void *h, kc_dram *d, const uint32_t *prog, size_t n, const uint32_t *args,
                         size_t nargs, uint64_t limit, const kc_trace_opts *trace)
{
    kc_sim_opts o = { .cycle_limit = limit, .trace = trace };
    kc_sim_report r;
    kc_err err;
    kc_err_clear(&err);
    if (kc_sim_run_words(ops, h, d, prog, n, args, nargs, &o, &r, &err) != KC_OK)
        die("kc_sim_run", &err);
    return r;
}

static uint16_t bf16(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return (uint16_t)(u >> 16); /* exact for the small integers used here */
}

static uint16_t rd16(const uint8_t *p) { return (uint16_t)(p[0] | p[1] << 8); }
static void wr16(uint8_t *p, uint16_t v) { p[0] = (uint8_t)v; p[1] = (uint8_t)(v >> 8); }

/* ---- programs ---------------------------------------------------------------- */
enum { RT_ROWS = 4, RT_IN = 0x1000, RT_OUT = 0x3000, RT_DST_ROW = 100 };

/* Loads RT_ROWS rows from a0, doubles each (vadd x, x) into rows 100.., stores
 * them to a1, halts. */
static size_t roundtrip_program(uint32_t *p)
{
    size_t n = 0;
    p[n++] = addi(2, 0, RT_ROWS);        /* r2 = rows */
    p[n++] = addi(1, 0, 0);              /* r1 = source row */
    p[n++] = addi(3, 0, RT_DST_ROW);     /* r3 = destination row */
    p[n++] = dld(1, 0, 2);               /* rows 0..3 <- a0 */
    p[n++] = loopi(RT_ROWS, 3);
    p[n++] = vadd(3, 1, 1);
    p[n++] = addi(1, 1, 1);
    p[n++] = addi(3, 3, 1);
    p[n++] = addi(3, 0, RT_DST_ROW);
    p[n++] = dst(3, 1, 2);               /* a1 <- rows 100..103 */
    p[n++] = INSN(halt);
    return n;
}

static void fill_roundtrip_input(kc_dram *d, int salt)
{
    uint8_t *m = kc_dram_data(d);
    memset(m, 0x5A, 0x8000); /* sentinel everywhere we look */
    for (int i = 0; i < RT_ROWS * 16; i++)
        wr16(m + RT_IN + 2 * i, bf16((float)(i - 32 + salt)));
}

static int check_roundtrip_output(kc_dram *d, int salt, const char *who)
{
    const uint8_t *m = kc_dram_data(d);
    int bad = 0;
    for (int i = 0; i < RT_ROWS * 16; i++) {
        uint16_t want = bf16((float)(2 * (i - 32 + salt))), got = rd16(m + RT_OUT + 2 * i);
        if (got != want && bad++ < 4)
            fprintf(stderr, "%s: out[%d] = %#06x, want %#06x\n", who, i, got, want);
    }
    for (int i = 0; i < 64; i++) /* just past the output: untouched */
        if (m[RT_OUT + RT_ROWS * 32 + i] != 0x5A && bad++ < 8)
            fprintf(stderr, "%s: byte past the output written\n", who);
    return bad;
}

/* ---- tests -------------------------------------------------------------------- */
static void test_registry(void)
{
    CHECK(ops && strcmp(ops->name, "npu") == 0, "no npu in the registry");
    CHECK(kc_acc_find("no-such-accelerator") == NULL && kc_acc_find(NULL) == NULL, "bad lookup");
    CHECK(kc_acc_all()[0] == ops, "kc_acc_all");
    CHECK(ops->beat_bytes == 2 * P_VLEN, "beat %u, VLEN %d", ops->beat_bytes, P_VLEN);
    /* order of rtl/npu/npu_top_ports.md */
    CHECK(ops->ncounters == P_NCOUNTERS && ops->ncounters >= 8 &&
              strcmp(ops->counter_names[0], "cycles") == 0 &&
              strcmp(ops->counter_names[1], "instret") == 0 &&
              strcmp(ops->counter_names[7], "stall_drain") == 0,
          "%u counters (NCOUNTERS %d)", ops->ncounters, P_NCOUNTERS);
    CHECK(strcmp(npu_cause_name(NPU_TRAP_ILLEGAL), "illegal-instruction") == 0 &&
              strcmp(npu_cause_name(99), "unknown") == 0,
          "cause names");
}

static void test_halt_deterministic(void)
{
    uint32_t prog[] = { addi(1, 0, 5), INSN(nop), addi(1, 1, -1), INSN(halt) };
    void *h = open_model();
    kc_dram *d = open_dram(1 << 16);
    kc_sim_report a = run(h, d, prog, 4, NULL, 0, 1000, NULL);
    kc_sim_report b = run(h, d, prog, 4, NULL, 0, 1000, NULL);
    CHECK(a.result == KC_SIM_HALTED, "result %s", kc_sim_result_name(a.result));
    CHECK(a.cycles > 0 && a.cycles < 50, "cycles %llu", (unsigned long long)a.cycles);
    CHECK(a.cycles == b.cycles && memcmp(a.counters, b.counters, sizeof a.counters) == 0,
          "two runs differ: %llu vs %llu cycles", (unsigned long long)a.cycles,
          (unsigned long long)b.cycles);
    CHECK(a.counters[1] == 4, "instret %llu (want 4, halt included)",
          (unsigned long long)a.counters[1]);
    CHECK(a.dram_read_bytes == 0 && a.dram_write_bytes == 0, "DRAM traffic without DMA");
    printf("halt: %llu cycles, counters cycles=%llu instret=%llu\n", (unsigned long long)a.cycles,
           (unsigned long long)a.counters[0], (unsigned long long)a.counters[1]);
    ops->close(h);
    kc_dram_close(d);
}

static void test_roundtrip(void)
{
    uint32_t prog[32];
    size_t n = roundtrip_program(prog);
    uint32_t args[2] = { RT_IN, RT_OUT };
    void *h = open_model();
    kc_dram *d = open_dram(1 << 20);
    fill_roundtrip_input(d, 0);
    kc_sim_report r = run(h, d, prog, n, args, 2, 100000, NULL);
    CHECK(r.result == KC_SIM_HALTED, "result %s cause %s pc %u", kc_sim_result_name(r.result),
          r.status.cause_name, r.status.pc);
    CHECK(check_roundtrip_output(d, 0, "roundtrip") == 0, "DRAM output wrong");
    CHECK(r.dram_read_bytes == RT_ROWS * 32 && r.dram_write_bytes == RT_ROWS * 32,
          "DRAM bytes %llu read, %llu written", (unsigned long long)r.dram_read_bytes,
          (unsigned long long)r.dram_write_bytes);
    CHECK(kc_dram_dropped_bytes(d) == 0, "out-of-range bytes");
    CHECK(r.counters[3] > 0 && r.counters[4] > 0 && r.counters[2] > 0,
          "busy counters load %llu store %llu vector %llu", (unsigned long long)r.counters[3],
          (unsigned long long)r.counters[4], (unsigned long long)r.counters[2]);
    printf("roundtrip: %llu cycles;", (unsigned long long)r.cycles);
    for (size_t i = 0; i < r.ncounters; i++)
        printf(" %s=%llu", r.counter_names[i], (unsigned long long)r.counters[i]);
    printf("\n");

    /* the same again on a fresh model: same cycles (determinism across handles) */
    void *h2 = open_model();
    fill_roundtrip_input(d, 0);
    kc_sim_report r2 = run(h2, d, prog, n, args, 2, 100000, NULL);
    CHECK(r2.cycles == r.cycles && memcmp(r.counters, r2.counters, sizeof r.counters) == 0,
          "fresh model: %llu cycles vs %llu", (unsigned long long)r2.cycles,
          (unsigned long long)r.cycles);
    ops->close(h2);
    ops->close(h);
    kc_dram_close(d);
}

static void test_timeout(void)
{
    uint32_t prog[] = { INSN(nop), jump(0) };
    void *h = open_model();
    kc_dram *d = open_dram(1 << 16);
    kc_sim_report r = run(h, d, prog, 2, NULL, 0, 5000, NULL);
    CHECK(r.result == KC_SIM_TIMEOUT, "result %s", kc_sim_result_name(r.result));
    CHECK(r.cycles == 5000, "cycles %llu", (unsigned long long)r.cycles);
    CHECK(r.status.state == KC_CORE_RUNNING, "state %d", r.status.state);
    ops->close(h);
    kc_dram_close(d);
}

static void test_store_out_of_range(void)
{
    const uint32_t size = 1 << 16, bad = size + 0x100;
    uint32_t prog[] = { addi(2, 0, 1), dld(0, 0, 2), INSN(nop), dst(0, 1, 2), INSN(halt) };
    uint32_t args[2] = { 0x100, bad };
    void *h = open_model();
    kc_dram *d = open_dram(size);
    kc_sim_report r = run(h, d, prog, 5, args, 2, 10000, NULL);
    CHECK(r.result == KC_SIM_TRAPPED, "result %s", kc_sim_result_name(r.result));
    CHECK(r.status.cause == NPU_TRAP_DRAM_RANGE && strcmp(r.status.cause_name, "dram-range") == 0,
          "cause %u %s", r.status.cause, r.status.cause_name);
    CHECK(r.status.pc == 3, "trap pc %u, want 3 (the dst)", r.status.pc);
    /* info is a faulting byte address: inside the row the dst would write
     * (dlen = 16 elements = 32 bytes from a1) */
    CHECK(r.status.info >= bad && r.status.info < bad + 32, "trap info %#x, want in [%#x, %#x)",
          r.status.info, bad, bad + 32);
    CHECK(r.dram_write_bytes == 0 && kc_dram_dropped_bytes(d) == 0, "store reached DRAM");
    ops->close(h);
    kc_dram_close(d);
}

static void test_illegal(void)
{
    uint32_t word = illegal_word();
    uint32_t prog[] = { INSN(nop), addi(1, 0, 1), word, INSN(halt) };
    void *h = open_model();
    kc_dram *d = open_dram(1 << 16);
    kc_sim_report r = run(h, d, prog, 4, NULL, 0, 1000, NULL);
    CHECK(r.result == KC_SIM_TRAPPED, "result %s", kc_sim_result_name(r.result));
    CHECK(r.status.cause == NPU_TRAP_ILLEGAL &&
              strcmp(r.status.cause_name, "illegal-instruction") == 0,
          "cause %u %s", r.status.cause, r.status.cause_name);
    CHECK(r.status.pc == 2 && r.status.info == word, "pc %u info %#x (word %#x)", r.status.pc,
          r.status.info, word);
    ops->close(h);
    kc_dram_close(d);
}

/* Timestamps in the VCD (lines "#t"), and the number of $var declarations. */
static int scan_vcd(const char *path, long *tmin, long *tmax, long *nstamps, long *nvars)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return -1;
    char line[4096];
    *tmin = -1;
    *tmax = -1;
    *nstamps = *nvars = 0;
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '#') {
            long t = strtol(line + 1, NULL, 10);
            if (*tmin < 0 || t < *tmin)
                *tmin = t;
            if (t > *tmax)
                *tmax = t;
            ++*nstamps;
        } else if (strncmp(line, "$var", 4) == 0 || strstr(line, " $var ")) {
            ++*nvars;
        }
    }
    fclose(f);
    return 0;
}

static void test_trace_window(void)
{
    uint32_t prog[32];
    size_t n = roundtrip_program(prog);
    uint32_t args[2] = { RT_IN, RT_OUT };
    void *h = open_model();
    kc_dram *d = open_dram(1 << 20);
    char path[1024], path1[1024];
    snprintf(path, sizeof path, "%s/npu_window.vcd", outdir);
    snprintf(path1, sizeof path1, "%s/npu_depth1.vcd", outdir);

    fill_roundtrip_input(d, 0);
    kc_sim_report plain = run(h, d, prog, n, args, 2, 100000, NULL);

    kc_trace_opts tr = { path, 5, 25, 0 };
    fill_roundtrip_input(d, 0);
    kc_sim_report r = run(h, d, prog, n, args, 2, 100000, &tr);
    CHECK(r.result == KC_SIM_HALTED && r.cycles == plain.cycles,
          "tracing changed the run: %llu vs %llu cycles", (unsigned long long)r.cycles,
          (unsigned long long)plain.cycles);
    CHECK(check_roundtrip_output(d, 0, "traced") == 0, "traced output wrong");
    long tmin, tmax, nst, nvars;
    CHECK(scan_vcd(path, &tmin, &tmax, &nst, &nvars) == 0, "no VCD at %s", path);
    CHECK(tmin == 50 && tmax == 245, "VCD times [%ld, %ld], want [50, 245] (cycles 5..24)", tmin,
          tmax);
    CHECK(nst == 40, "%ld timestamps, want 40 (2 per cycle)", nst);
    CHECK(nvars > 20, "only %ld signals at full depth", nvars);

    /* depth 1: the top's ports only; the window runs to the end of the run */
    kc_trace_opts tr1 = { path1, 0, 0, 1 };
    fill_roundtrip_input(d, 0);
    r = run(h, d, prog, n, args, 2, 100000, &tr1);
    long t1min, t1max, n1st, n1vars;
    CHECK(scan_vcd(path1, &t1min, &t1max, &n1st, &n1vars) == 0, "no VCD at %s", path1);
    CHECK(n1vars > 10 && n1vars < nvars, "depth 1 has %ld signals, full depth %ld", n1vars, nvars);
    CHECK(t1min == 0 && t1max == (long)(10 * r.cycles - 5), "depth-1 VCD times [%ld, %ld]", t1min,
          t1max);
    printf("trace: window VCD %ld signals, depth-1 VCD %ld signals\n", nvars, n1vars);

    /* refused and failing trace requests */
    kc_err err;
    kc_sim_opts o = { .cycle_limit = 1000, .trace = NULL };
    kc_sim_report rr;
    kc_trace_opts fst = { "/nonexistent-dir/x.fst", 0, 0, 0 }, nodir = { "/nonexistent-dir/x.vcd", 0, 0, 0 },
                  empty = { path, 10, 10, 0 };
    o.trace = &fst;
    kc_err_clear(&err);
    CHECK(kc_sim_run_words(ops, h, d, prog, n, args, 2, &o, &rr, &err) == KC_ERR_IO && strstr(err.text, "x.fst"),
          "unwritable FST path accepted: %s", err.text);
    o.trace = &nodir;
    kc_err_clear(&err);
    CHECK(kc_sim_run_words(ops, h, d, prog, n, args, 2, &o, &rr, &err) == KC_ERR_IO && err.text[0],
          "unwritable trace path accepted");
    o.trace = &empty;
    kc_err_clear(&err);
    CHECK(kc_sim_run_words(ops, h, d, prog, n, args, 2, &o, &rr, &err) == KC_ERR_USAGE, "empty window");
    /* a disk that fills up: an error naming the file, not an abort out of the VCD writer */
    kc_trace_opts full = { "/dev/full", 0, 0, 0 };
    o.trace = &full;
    kc_err_clear(&err);
    fill_roundtrip_input(d, 0);
    CHECK(kc_sim_run_words(ops, h, d, prog, n, args, 2, &o, &rr, &err) == KC_ERR_IO &&
          strstr(err.text, "/dev/full") && strstr(err.text, "No space left"), "disk full: %s", err.text);
    /* and the model still works after those */
    fill_roundtrip_input(d, 0);
    r = run(h, d, prog, n, args, 2, 100000, NULL);
    CHECK(r.result == KC_SIM_HALTED && r.cycles == plain.cycles, "model unusable after errors");
    ops->close(h);
    kc_dram_close(d);
}

/* Two models clocked alternately, each against its own DRAM: separate contexts,
 * no shared state, the same cycles as a model alone. */
static void test_two_models(void)
{
    uint32_t prog[32];
    size_t n = roundtrip_program(prog);
    uint32_t args[2] = { RT_IN, RT_OUT };
    void *h[2] = { open_model(), open_model() };
    kc_dram *d[2] = { open_dram(1 << 20), open_dram(1 << 20) };
    kc_err err;
    kc_err_clear(&err);

    fill_roundtrip_input(d[0], 0);
    kc_sim_report solo = run(h[0], d[0], prog, n, args, 2, 100000, NULL);

    uint64_t cycles[2] = { 0, 0 };
    int done[2] = { 0, 0 };
    for (int k = 0; k < 2; k++) {
        fill_roundtrip_input(d[k], 3 * k);
        kc_dram_reset(d[k]);
        kc_image img;
        if (kc_image_from_words(&img, prog, n, NULL, &err) != KC_OK ||
            ops->reset(h[k], &img, args, 2, kc_dram_config(d[k])->size_bytes, &err) != KC_OK)
            die("reset", &err);
        kc_image_free(&img);
    }
    for (int c = 0; c < 100000 && !(done[0] && done[1]); c++) {
        for (int k = 0; k < 2; k++) {
            kc_core_status st;
            ops->status(h[k], &st);
            if (st.state != KC_CORE_RUNNING) {
                done[k] = 1;
                continue;
            }
            kc_bus_req rq;
            kc_bus_resp rs;
            ops->bus_out(h[k], &rq);
            kc_dram_drive(d[k], &rq, &rs);
            if (ops->clock(h[k], &rs, &err) != KC_OK)
                die("clock", &err);
            kc_dram_commit(d[k], &rq, &rs);
            cycles[k]++;
        }
    }
    for (int k = 0; k < 2; k++) {
        char who[32];
        snprintf(who, sizeof who, "model %d", k);
        CHECK(done[k] && cycles[k] == solo.cycles, "%s: %llu cycles, alone %llu", who,
              (unsigned long long)cycles[k], (unsigned long long)solo.cycles);
        CHECK(check_roundtrip_output(d[k], 3 * k, who) == 0, "%s output wrong", who);
        ops->close(h[k]);
        kc_dram_close(d[k]);
    }
}

static void test_bad_arguments(void)
{
    void *h = open_model();
    kc_dram *d = open_dram(1 << 16);
    kc_err err;
    kc_sim_report r;
    size_t big = 1u << 20;
    uint32_t *prog = calloc(big, 4);
    uint32_t args[P_NAREGS + 1] = { 0 };
    kc_err_clear(&err);
    CHECK(kc_sim_run_words(ops, h, d, prog, big, NULL, 0, NULL, &r, &err) == KC_ERR_RANGE && err.text[0],
          "oversized program accepted");
    kc_err_clear(&err);
    prog[0] = INSN(halt);
    CHECK(kc_sim_run_words(ops, h, d, prog, 1, args, P_NAREGS + 1, NULL, &r, &err) == KC_ERR_RANGE,
          "one argument more than address registers");
    kc_err_clear(&err);
    CHECK(kc_sim_run_words(NULL, h, d, prog, 1, NULL, 0, NULL, &r, &err) == KC_ERR_USAGE, "no ops");
    kc_err_clear(&err);
    CHECK(kc_sim_run_words(ops, h, d, prog, 1, args, 8, NULL, &r, &err) == KC_OK &&
              r.result == KC_SIM_HALTED,
          "halt after errors: %s", err.text);
    free(prog);
    ops->close(h);
    kc_dram_close(d);
}

/* A busy kernel: blocks of 64 rows DMA'd in, vexp'd row by row while the DMA
 * is still filling later rows, DMA'd out. Prints simulated cycles per second. */
static void speed(int blocks)
{
    uint32_t p[32];
    size_t n = 0;
    p[n++] = addi(2, 0, 64);
    p[n++] = loopi(blocks, 9);
    p[n++] = addi(1, 0, 0);
    p[n++] = dld(1, 0, 2);
    p[n++] = addi(3, 0, 512);
    p[n++] = loopi(64, 3);
    p[n++] = vexp(3, 1);
    p[n++] = addi(1, 1, 1);
    p[n++] = addi(3, 3, 1);
    p[n++] = addi(3, 0, 512);
    p[n++] = dst(3, 1, 2);
    p[n++] = INSN(halt);
    uint32_t args[2] = { 0x10000, 0x20000 };
    void *h = open_model();
    kc_dram *d = open_dram(1 << 20);
    /* CPU time as well as wall time: on a loaded machine the former is the
     * property of the model, the latter of the machine. */
    struct timespec t0, t1, c0, c1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &c0);
    kc_sim_report r = run(h, d, p, n, args, 2, 0, NULL);
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &c1);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double s = (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec);
    double cs = (double)(c1.tv_sec - c0.tv_sec) + 1e-9 * (double)(c1.tv_nsec - c0.tv_nsec);
    CHECK(r.result == KC_SIM_HALTED, "speed kernel: %s", kc_sim_result_name(r.result));
    printf("speed: %d blocks, %llu cycles in %.3f s wall (%.0f cycles/s), %.3f s CPU "
           "(%.0f cycles/s)\n  vector_busy %llu, dma_load_busy %llu, DRAM %llu B read, "
           "%llu B written\n",
           blocks, (unsigned long long)r.cycles, s, (double)r.cycles / s, cs,
           (double)r.cycles / cs,
           (unsigned long long)r.counters[2], (unsigned long long)r.counters[3],
           (unsigned long long)r.dram_read_bytes, (unsigned long long)r.dram_write_bytes);
    ops->close(h);
    kc_dram_close(d);
}

int main(int argc, char **argv)
{
    if (argc > 1)
        outdir = argv[1];
    ops = kc_acc_find("npu");
    if (!ops) {
        fprintf(stderr, "npu not registered\n");
        return 1;
    }
    if (argc > 2 && strcmp(argv[2], "--speed") == 0) {
        speed(argc > 3 ? atoi(argv[3]) : 200);
    } else {
        test_registry();
        test_halt_deterministic();
        test_roundtrip();
        test_timeout();
        test_store_out_of_range();
        test_illegal();
        test_trace_window();
        test_two_models();
        test_bad_arguments();
    }
    if (failures) {
        fprintf(stderr, "test_npu_sim: %d failure(s)\n", failures);
        return 1;
    }
    printf("test_npu_sim: all passed\n");
    return 0;
}
