/* test_npu_units — npu RTL checks driven through the real harness: DMA
 * realignment (random geometries, both directions, zero padding), hardware loops,
 * vector interlocks and the trap causes. Each check compares against a C model of
 * the documented behaviour, so a wrong RTL fails here before any task does.
 *
 * usage: test_npu_units [dma|loops|interlock|traps|all] [iterations] [seed] */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kc_acc.h"
#include "kc_asm.h"
#include "kc_dram.h"
#include "kc_fp.h"
#include "kc_sim.h"

static const kc_acc_ops *ops;
static void *model;
static kc_dram *dram;
static int failures;

#define CHECK(cond, ...)                                 \
    do {                                                 \
        if (!(cond)) {                                   \
            fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__); \
            fprintf(stderr, __VA_ARGS__);                \
            fprintf(stderr, "\n");                       \
            failures++;                                  \
        }                                                \
    } while (0)

static uint64_t rng_state;
static uint32_t rnd(uint32_t n)
{
    rng_state = rng_state * 6364136223846793005ull + 1442695040888963407ull;
    return (uint32_t)(rng_state >> 33) % n;
}

/* Assembles and runs src with a0..a15 = args; returns the report. */
static kc_sim_report run(const char *src, const uint32_t *args, size_t nargs)
{
    kc_err err;
    kc_err_clear(&err);
    kc_program prog;
    kc_sim_report rep;
    memset(&rep, 0, sizeof rep);
    if (kc_asm_assemble(kc_isa_find("npu"), src, "test.s", &prog, &err) != KC_OK) {
        char buf[700];
        fprintf(stderr, "%s\n--- source:\n%s\n", kc_err_format(&err, buf, sizeof buf), src);
        failures++;
        rep.result = KC_SIM_ERROR;
        return rep;
    }
    kc_sim_opts opts = {.cycle_limit = 2000000, .trace = NULL};
    if (kc_sim_run_words(ops, model, dram, prog.words, prog.nwords, args, nargs, &opts, &rep, &err) != KC_OK) {
        fprintf(stderr, "sim error: %s\n", err.text);
        failures++;
        rep.result = KC_SIM_ERROR;
    }
    kc_program_free(&prog);
    return rep;
}

static void fill_pattern(uint8_t *d, size_t n, uint32_t salt)
{
    for (size_t i = 0; i < n; i++)
        d[i] = (uint8_t)((i * 131u + salt * 17u) >> 1);
}

/* Loads nrows rows of dlen elements from src (stride sstride) into SRAM row vrow,
 * stores them to dst (stride dstride); DRAM must equal the model afterwards. */
static void dma_case(uint32_t src, uint32_t sstride, uint32_t dst, uint32_t dstride,
                     uint32_t dlen, uint32_t nrows, uint32_t vrow)
{
    uint8_t *mem = kc_dram_data(dram);
    size_t size = kc_dram_config(dram)->size_bytes;
    size_t span = 1u << 20;   /* only the first MiB is used; compare that */
    fill_pattern(mem, span, src ^ dst ^ dlen);
    uint8_t *expect = malloc(span);
    memcpy(expect, mem, span);
    for (uint32_t r = 0; r < nrows; r++)
        memcpy(expect + dst + r * dstride, mem + src + r * sstride, 2 * dlen);
    (void)size;

    char src_text[1024];
    snprintf(src_text, sizeof src_text,
             "    csrw dlen, r4\n"
             "    csrw dstride, r5\n"
             "    dld [r1], a0, r2\n"
             "    csrw dstride, r6\n"
             "    dst [r1], a1, r2\n"
             "    halt\n");
    /* registers through a prologue: li is a pseudo of the assembler */
    char full[2048];
    snprintf(full, sizeof full,
             "    li r1, %u\n    li r2, %u\n    li r4, %u\n    li r5, %u\n    li r6, %u\n%s",
             vrow, nrows, dlen, sstride, dstride, src_text);
    uint32_t args[2] = {src, dst};
    kc_sim_report rep = run(full, args, 2);
    CHECK(rep.result == KC_SIM_HALTED, "dma src=%#x dst=%#x dlen=%u n=%u: result %s (cause %s pc %u)",
          src, dst, dlen, nrows, kc_sim_result_name(rep.result),
          rep.status.cause_name ? rep.status.cause_name : "-", rep.status.pc);
    size_t bad = 0;
    for (size_t i = 0; i < span; i++) {
        if (mem[i] != expect[i]) {
            if (!bad)
                CHECK(0, "dma src=%#x sstride=%u dst=%#x dstride=%u dlen=%u n=%u vrow=%u: byte %#zx is %02x, expected %02x",
                      src, sstride, dst, dstride, dlen, nrows, vrow, i, mem[i], expect[i]);
            bad++;
        }
    }
    free(expect);
}

/* After a load of dlen elements, the lanes past dlen of the row's last SRAM row
 * read back as zero (documented padding): store whole SRAM rows and look. */
static void dma_padding_case(uint32_t src, uint32_t dlen)
{
    uint8_t *mem = kc_dram_data(dram);
    uint32_t sub = (dlen + 15) / 16;
    uint32_t dst = 0x80000;
    memset(mem + dst, 0xAB, 2 * 16 * sub);
    fill_pattern(mem, 0x80000, dlen);
    char text[1024];
    snprintf(text, sizeof text,
             "    li r1, 7\n    li r2, 1\n    li r4, %u\n    li r5, %u\n"
             "    csrw dlen, r4\n    dld [r1], a0, r2\n"
             "    csrw dlen, r5\n    dst [r1], a1, r2\n    halt\n",
             dlen, 16 * sub);
    uint32_t args[2] = {src, dst};
    kc_sim_report rep = run(text, args, 2);
    CHECK(rep.result == KC_SIM_HALTED, "padding dlen=%u: %s", dlen, kc_sim_result_name(rep.result));
    for (uint32_t e = 0; e < 16 * sub; e++) {
        uint16_t got = (uint16_t)(mem[dst + 2 * e] | mem[dst + 2 * e + 1] << 8);
        uint16_t want = e < dlen ? (uint16_t)(mem[src + 2 * e] | mem[src + 2 * e + 1] << 8) : 0;
        if (got != want) {
            CHECK(0, "padding src=%#x dlen=%u element %u: got %#06x want %#06x", src, dlen, e, got, want);
            break;
        }
    }
}

static void test_dma(int iters)
{
    /* directed: aligned, every lane offset, short and long rows */
    for (uint32_t off = 0; off < 16; off++) {
        dma_case(0x1000 + 2 * off, 64, 0x40000 + 2 * ((off * 7) % 16), 96, 16, 2, 0);
        dma_case(0x1000 + 2 * off, 0, 0x40000 + 2 * ((off * 5) % 16), 100, 1, 3, 5);
        dma_case(0x1000 + 2 * off, 2000, 0x40000, 2002, 999, 2, 100);
        dma_padding_case(0x2000 + 2 * off, 1 + off * 3);
    }
    for (int i = 0; i < iters; i++) {
        uint32_t dlen = 1 + rnd(rnd(2) ? 40 : 300);
        uint32_t nrows = 1 + rnd(6);
        uint32_t sstride = 2 * (dlen + rnd(40));
        uint32_t dstride = 2 * (dlen + rnd(40));
        uint32_t src = 0x1000 + 2 * rnd(4000);
        uint32_t dst = 0x40000 + 2 * rnd(4000);
        uint32_t vrow = rnd(1500);
        dma_case(src, sstride, dst, dstride, dlen, nrows, vrow);
        if (failures > 5)
            return;
    }
}

/* Reads back integer register values through fcvtif/vbcast/dst: r1 -> bf16 in DRAM. */
static double observe(const char *body, const char *what)
{
    char text[4096];
    snprintf(text, sizeof text,
             "%s\n    fcvtif f1, r1\n    li r9, 3\n    vbcast [r9], f1\n"
             "    csrwi dlen, 1\n    li r10, 1\n    dst [r9], a0, r10\n    halt\n",
             body);
    uint32_t args[1] = {0x100};
    kc_sim_report rep = run(text, args, 1);
    CHECK(rep.result == KC_SIM_HALTED, "%s: %s", what, kc_sim_result_name(rep.result));
    uint8_t *mem = kc_dram_data(dram);
    uint16_t h = (uint16_t)(mem[0x100] | mem[0x101] << 8);
    return kc_fp_float(kc_fp_from_bf16(h));
}

static void test_loops(void)
{
    double v;
    v = observe("    li r1, 0\n    loopi 3, outer\n    loopi 5, inner\n    addi r1, r1, 1\ninner:\n"
                "    addi r1, r1, 2\nouter:", "nested loops");
    CHECK(v == 3 * (5 + 2), "nested loopi: r1 = %g, expected 21", v);
    v = observe("    li r1, 0\n    li r2, 4\n    loop r2, done\n    loopi 6, done\n    addi r1, r1, 1\ndone:",
                "loops ending together");
    CHECK(v == 24, "loops sharing an end: r1 = %g, expected 24", v);
    v = observe("    li r1, 7\n    li r2, 0\n    loop r2, skip\n    addi r1, r1, 100\nskip:", "zero count");
    CHECK(v == 7, "loop with count 0 skips the body: r1 = %g", v);
    v = observe("    li r1, 0\n    li r3, 10\nagain:\n    addi r1, r1, 3\n    addi r3, r3, -1\n"
                "    bne r3, r0, again", "branch loop");
    CHECK(v == 30, "branch loop: r1 = %g", v);
}

/* A dld of DRAM bytes that an unfinished dst writes waits for them (the
 * interlock covers DRAM ranges as well as SRAM rows): a 256-row store, then a
 * load of its last row, through a15 to exercise the upper address registers. */
static void test_dram_raw(void)
{
    uint8_t *mem = kc_dram_data(dram);
    memset(mem, 0, 0x4000);
    const char *src =
        "    movra r1, a0\n    addi r1, r1, 4096\n    movar a15, r1\n"
        "    csrwi dlen, 16\n    fli f1, 3.0\n    li r2, 8\n    loopi 256, filled\n"
        "    vbcast [r2], f1\n    addi r2, r2, 1\nfilled:\n"
        "    li r1, 256\n    li r2, 8\n    dst [r2], a15, r1\n"
        "    addai a15, a15, 8160\n    li r1, 1\n    li r3, 6\n    dld [r3], a15, r1\n"
        "    csrwi dlen, 1\n    dst [r3], a0, r1\n    halt\n";
    uint32_t args[1] = { 0x100 };
    kc_sim_report rep = run(src, args, 1);
    CHECK(rep.result == KC_SIM_HALTED, "dram raw: %s", kc_sim_result_name(rep.result));
    float v = kc_fp_float(kc_fp_from_bf16((uint16_t)(mem[0x100] | mem[0x101] << 8)));
    CHECK(v == 3.0f, "dram raw: the load read %g before the store wrote 3", (double)v);
}

/* A dependent chain through the vector unit gives the same values as the fp model:
 * every hazard must be interlocked. */
static void test_interlock(void)
{
    uint8_t *mem = kc_dram_data(dram);
    const uint32_t in = 0x1000, out = 0x2000;
    uint16_t x[16];
    for (int i = 0; i < 16; i++) {
        x[i] = kc_fp_to_bf16(kc_fp_bits((float)(i - 7) * 0.375f));
        mem[in + 2 * i] = (uint8_t)x[i];
        mem[in + 2 * i + 1] = (uint8_t)(x[i] >> 8);
    }
    const char *text =
        "    li r1, 0\n    li r2, 1\n    li r3, 2\n    li r4, 3\n    li r8, 1\n"
        "    dld [r1], a0, r8\n"            /* row0 = x */
        "    vadd [r2], [r1], [r1]\n"       /* row1 = 2x (waits for the load) */
        "    vmul [r3], [r2], [r1]\n"       /* row2 = 2x*x (back-to-back RAW) */
        "    vredsum f2, [r3]\n"            /* f2 = sum */
        "    vadds [r4], [r3], f2\n"        /* row3 = row2 + f2 (fp RAW on a reduction) */
        "    dst [r4], a1, r8\n"
        "    halt\n";
    uint32_t args[2] = {in, out};
    kc_sim_report rep = run(text, args, 2);
    CHECK(rep.result == KC_SIM_HALTED, "interlock: %s", kc_sim_result_name(rep.result));
    uint32_t r2[16], sum = 0x80000000u;
    uint32_t t[16];
    for (int i = 0; i < 16; i++) {
        uint32_t xf = kc_fp_from_bf16(x[i]);
        uint32_t r1 = kc_fp_from_bf16(kc_fp_to_bf16(kc_fp_add(xf, xf)));
        r2[i] = kc_fp_from_bf16(kc_fp_to_bf16(kc_fp_mul(r1, xf)));
        t[i] = r2[i];
    }
    for (int s = 1; s < 16; s *= 2)
        for (int i = 0; i + s < 16; i += 2 * s)
            t[i] = kc_fp_add(t[i], t[i + s]);
    sum = t[0];
    for (int i = 0; i < 16; i++) {
        uint16_t want = kc_fp_to_bf16(kc_fp_add(r2[i], sum));
        uint16_t got = (uint16_t)(mem[out + 2 * i] | mem[out + 2 * i + 1] << 8);
        CHECK(got == want, "interlock lane %d: got %#06x want %#06x", i, got, want);
    }
    CHECK(rep.counters[5] > 0, "interlock: expected vector stalls, counter stall_vector = %llu",
          (unsigned long long)rep.counters[5]);
}

struct trap_case {
    const char *name, *text, *cause;
    uint32_t pc;
};

static void test_traps(void)
{
    static const struct trap_case cases[] = {
        {"illegal", "    nop\n    .word 0\n    halt\n", "illegal-instruction", 1},
        {"pc range", "    li r1, 60000\n    jr r1\n", "pc-range", 60000},
        {"vsram row", "    li r1, 2048\n    vadd [r1], [r0], [r0]\n    halt\n", "vsram-range", 1},
        {"dram range", "    li r2, 1\n    lui r3, 0x0400\n    movar a0, r3\n    dld [r0], a0, r2\n    halt\n",
         "dram-range", 3},
        {"misaligned", "    li r2, 1\n    addai a0, a0, 1\n    dst [r0], a0, r2\n    halt\n",
         "dram-misaligned", 2},
        {"vmask", "    csrwi vmask, 17\n    vadd [r0], [r0], [r0]\n    halt\n", "bad-config", 1},
        {"empty loop", "    loopi 4, end\nend:\n    halt\n", "loop", 0},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        uint32_t args[1] = {0x1000};
        kc_sim_report rep = run(cases[i].text, args, 1);
        CHECK(rep.result == KC_SIM_TRAPPED, "trap %s: result %s", cases[i].name,
              kc_sim_result_name(rep.result));
        CHECK(rep.status.cause_name && !strcmp(rep.status.cause_name, cases[i].cause),
              "trap %s: cause %s, expected %s", cases[i].name,
              rep.status.cause_name ? rep.status.cause_name : "(none)", cases[i].cause);
        CHECK(rep.status.pc == cases[i].pc, "trap %s: pc %u, expected %u", cases[i].name,
              rep.status.pc, cases[i].pc);
    }
}

int main(int argc, char **argv)
{
    const char *which = argc > 1 ? argv[1] : "all";
    int iters = argc > 2 ? atoi(argv[2]) : 300;
    rng_state = argc > 3 ? strtoull(argv[3], NULL, 0) : 12345;
    kc_err err;
    kc_err_clear(&err);
    ops = kc_acc_find("npu");
    if (!ops || ops->open(&model, &err) != KC_OK || kc_dram_open(&dram, NULL, ops->beat_bytes, &err) != KC_OK) {
        fprintf(stderr, "setup failed: %s\n", err.text);
        return 1;
    }
    int all = !strcmp(which, "all");
    if (all || !strcmp(which, "dma"))
        test_dma(iters);
    if (all || !strcmp(which, "loops"))
        test_loops();
    if (all || !strcmp(which, "interlock"))
        test_interlock();
    if (all || !strcmp(which, "traps"))
        test_traps();
    if (all || !strcmp(which, "dram_raw"))
        test_dram_raw();
    kc_dram_close(dram);
    ops->close(model);
    printf("test_npu_units %s: %s\n", which, failures ? "FAILED" : "ok");
    return failures ? 1 : 0;
}
