/* test_npu_wide.c — two npu builds in one process (kc_add_accelerator in
 * verilated/CMakeLists.txt): "npu" at the isa/npu.def sizes and the second-size
 * "npu_wide" (VLEN=32, MLEN=8, VROWS=4096). Checks that each reports every
 * NPU_PARAM row with the value it was built with (kc_acc_ops.hw), that its
 * architectural-state files follow those sizes (kc_acc_ops.arch_files), and runs
 * a small program (sized from each build's VLEN) on both, reading every state
 * file back through arch_read / arch_pc, the stall view included.
 *
 * Programs are raw words built from isa/npu.def through its X-macros.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kc_acc.h"
#include "kc_dram.h"
#include "kc_sim.h"

#include "npu_words.h"

static const struct { const char *name; long value; } def_params[] = {
#define NPU_PARAM(name, value, text) { #name, value },
#include "npu.def"
#undef NPU_PARAM
};
#define NDEF (sizeof def_params / sizeof def_params[0])

static int failures;

static long def_value(const char *name)
{
    for (size_t i = 0; i < NDEF; i++)
        if (!strcmp(def_params[i].name, name))
            return def_params[i].value;
    return -1;
}

/* The file named `name`, its index in *idx. */
static const kc_arch_file *file_of(const kc_acc_ops *ops, const char *name, unsigned *idx)
{
    for (size_t i = 0; ops->arch_files && i < ops->narch_files; i++)
        if (!strcmp(ops->arch_files[i].name, name)) {
            *idx = (unsigned)i;
            return &ops->arch_files[i];
        }
    return NULL;
}

/* hw: every NPU_PARAM row, the table's value unless the build overrides it. */
static void check_hw(const kc_acc_ops *ops, const char *name, long vlen, long mlen, long vrows)
{
    const kc_hw *hw = ops ? ops->hw : NULL;
    CHECK(hw && !strcmp(hw->acc, name) && !strcmp(hw->family, "npu"), "%s: no hw table", name);
    if (!hw)
        return;
    CHECK(hw->n == NDEF, "%s: %zu rows, isa/npu.def has %zu", name, hw->n, NDEF);
    for (size_t i = 0; i < NDEF; i++) {
        const char *p = def_params[i].name;
        long want = !strcmp(p, "VLEN") ? vlen : !strcmp(p, "MLEN") ? mlen : !strcmp(p, "VROWS") ? vrows
                                                                                             : def_params[i].value;
        const kc_hw_param *row = kc_hw_find(hw, p);
        CHECK(row && row->value == want && row->desc && row->desc[0], "%s: %s = %ld, want %ld", name, p,
              row ? row->value : -1, want);
    }
    CHECK(ops->beat_bytes == 2 * vlen, "%s: beat %u bytes, VLEN %ld", name, ops->beat_bytes, vlen);
    struct { const char *f; long count, bytes; unsigned flags; } want[] = {
        { "r", def_value("NXREGS"), 4, KC_ARCH_ZERO0 },
        { "f", def_value("NFREGS"), 4, 0 },
        { "a", def_value("NAREGS"), 4, 0 },
        { "cycle", 1, 4, KC_ARCH_TIMING },
        { "vsram", vrows, 2 * vlen, KC_ARCH_MEMORY },
        { "msram", def_value("MROWS"), 2 * vlen, KC_ARCH_MEMORY },
        { "wbuf", def_value("MAT_WBUFS") * vlen, 2 * vlen, KC_ARCH_MEMORY },
        { "acc", mlen, 4 * vlen, KC_ARCH_MEMORY },
    };
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        unsigned k;
        const kc_arch_file *f = file_of(ops, want[i].f, &k);
        CHECK(f && f->count == want[i].count && f->bytes == want[i].bytes && f->flags == want[i].flags,
              "%s: file %s: %u x %u bytes flags %u, want %ld x %ld flags %u", name, want[i].f,
              f ? f->count : 0, f ? f->bytes : 0, f ? f->flags : 0, want[i].count, want[i].bytes,
              want[i].flags);
    }
    unsigned k;
    const kc_arch_file *cfg = file_of(ops, "cfg", &k);
    CHECK(cfg && cfg->count > CFG_mrows && cfg->elem_names && !strcmp(cfg->elem_names[CFG_vmask], "vmask") &&
              !strcmp(cfg->elem_names[CFG_dlen], "dlen") && cfg->elem_names[CFG_cycle] == NULL,
          "%s: cfg names (by id, cycle apart)", name);
}

static uint16_t bf16_int(int v)   /* exact for small integers */
{
    float f = (float)v;
    uint32_t u;
    memcpy(&u, &f, 4);
    return (uint16_t)(u >> 16);
}

static void run_small(const kc_acc_ops *ops)
{
    const unsigned vlen = (unsigned)kc_hw_get(ops->hw, "VLEN", 0);
    enum { IN = 0x2000 };
    uint32_t prog[] = {
        INSN(addi) | RD(1) | RS1(0) | IMM16(5),              /* r1 = 5 */
        INSN(addi) | RD(2) | RS1(1) | IMM16(7),              /* r2 = 12 */
        INSN(csrwi) | RS2(CFG_dlen) | IMM14(vlen),           /* a DRAM row = one SRAM row */
        INSN(csrwi) | RS2(CFG_dstride) | IMM14(2 * vlen),
        INSN(csrwi) | RS2(CFG_vmask) | IMM14(vlen),          /* all lanes */
        INSN(addi) | RD(3) | RS1(0) | IMM16(1),              /* r3 = 1 row */
        INSN(addi) | RD(4) | RS1(0) | IMM16(3),              /* r4 = row 3 */
        INSN(addi) | RD(5) | RS1(0) | IMM16(5),              /* r5 = row 5 */
        INSN(dld) | RD(4) | RS1(0) | RS2(3),                 /* row 3 <- a0 */
        INSN(vadd) | RD(5) | RS1(4) | RS2(4),                /* row 5 = 2 * row 3 */
        INSN(vredsum) | RD(2) | RS1(5),                      /* f2 = sum of row 5 */
        INSN(fmvif) | RD(1) | RS1(2),                        /* f1 = bits(12) */
        INSN(halt),
    };
    const size_t n = sizeof prog / sizeof prog[0];
    void *h = NULL;
    kc_dram *d = NULL;
    kc_err err;
    kc_err_clear(&err);
    kc_dram_cfg dc = { 1 << 16, 0, 0 };
    if (ops->open(&h, &err) != KC_OK || kc_dram_open(&d, &dc, ops->beat_bytes, &err) != KC_OK) {
        fprintf(stderr, "%s: setup: %s\n", ops->name, err.text);
        exit(1);
    }
    uint8_t *m = kc_dram_data(d);
    for (unsigned i = 0; i < vlen; i++) {
        uint16_t v = bf16_int((int)i + 1);
        m[IN + 2 * i] = (uint8_t)v;
        m[IN + 2 * i + 1] = (uint8_t)(v >> 8);
    }
    uint32_t args[] = { IN };
    kc_sim_stalls stalls = { 0 };
    kc_sim_opts o = { .cycle_limit = 10000, .stalls = &stalls };
    kc_sim_report r;
    CHECK(kc_sim_run_words(ops, h, d, prog, n, args, 1, &o, &r, &err) == KC_OK, "%s", err.text);
    CHECK(r.result == KC_SIM_HALTED, "%s: %s (%s at pc %u)", ops->name, kc_sim_result_name(r.result),
          r.status.cause_name, r.status.pc);
    CHECK(r.dram_read_bytes == 2 * vlen, "%s: DMA read %llu bytes, want one row of %u", ops->name,
          (unsigned long long)r.dram_read_bytes, 2 * vlen);

    /* every file, through arch_read */
    unsigned k;
    uint32_t regs[64];
    const kc_arch_file *f = file_of(ops, "r", &k);
    CHECK(f && ops->arch_read(h, k, 0, f->count, regs) == 0 && regs[0] == 0 && regs[1] == 5 && regs[2] == 12 &&
              regs[3] == 1 && regs[4] == 3 && regs[5] == 5,
          "%s: r0..r5 = %u %u %u %u %u %u", ops->name, regs[0], regs[1], regs[2], regs[3], regs[4], regs[5]);
    CHECK(f && ops->arch_read(h, k, f->count - 1, 2, regs) == -1 && ops->arch_read(h, (unsigned)ops->narch_files,
                                                                                    0, 1, regs) == -1,
          "%s: reads past a file or past the files succeed", ops->name);
    f = file_of(ops, "f", &k);
    float sum = (float)(vlen * (vlen + 1));   /* 2 * (1 + ... + VLEN), exact */
    uint32_t sum_bits;
    memcpy(&sum_bits, &sum, 4);
    CHECK(f && ops->arch_read(h, k, 1, 2, regs) == 0 && regs[0] == 12 && regs[1] == sum_bits,
          "%s: f1 = %#x (want 12), f2 = %#x (want %#x)", ops->name, regs[0], regs[1], sum_bits);
    f = file_of(ops, "a", &k);
    CHECK(f && ops->arch_read(h, k, 0, 2, regs) == 0 && regs[0] == IN && regs[1] == 0, "%s: a0 = %#x", ops->name,
          regs[0]);
    f = file_of(ops, "cfg", &k);
    CHECK(f && ops->arch_read(h, k, 0, f->count, regs) == 0 && regs[CFG_dlen] == vlen &&
              regs[CFG_dstride] == 2 * vlen && regs[CFG_vmask] == vlen,
          "%s: cfg dlen %u dstride %u vmask %u", ops->name, regs[CFG_dlen], regs[CFG_dstride], regs[CFG_vmask]);
    f = file_of(ops, "cycle", &k);
    CHECK(f && ops->arch_read(h, k, 0, 1, regs) == 0 && regs[0] == (uint32_t)r.counters[0] && regs[0] > 0,
          "%s: cycle %u, counter %llu", ops->name, regs[0], (unsigned long long)r.counters[0]);

    uint8_t row[2][256];
    f = file_of(ops, "vsram", &k);
    int bad = !f || ops->arch_read(h, k, 3, 1, row[0]) || ops->arch_read(h, k, 5, 1, row[1]) ||
              ops->arch_read(h, k, f->count - 1, 1, row[1] + 128);
    for (unsigned i = 0; !bad && i < vlen; i++) {
        uint16_t a = (uint16_t)(row[0][2 * i] | row[0][2 * i + 1] << 8);
        uint16_t b = (uint16_t)(row[1][2 * i] | row[1][2 * i + 1] << 8);
        bad |= a != bf16_int((int)i + 1) || b != bf16_int(2 * ((int)i + 1));
    }
    CHECK(!bad, "%s: vsram rows 3 and 5 (all %u lanes) not as loaded and doubled", ops->name, vlen);
    static const char *const zero_files[] = { "msram", "wbuf", "acc" };
    for (size_t z = 0; z < 3; z++) {
        f = file_of(ops, zero_files[z], &k);
        memset(row, 0xAA, sizeof row);
        bad = !f || f->bytes > sizeof row[0] || ops->arch_read(h, k, f->count - 1, 1, row[0]);
        for (unsigned i = 0; !bad && i < f->bytes; i++)
            bad |= row[0][i] != 0;
        CHECK(!bad, "%s: %s (never written) does not read as zeros", ops->name, zero_files[z]);
    }
    /* halted: the pc is past the halt; the DMA stall is charged to the vadd waiting on it */
    CHECK(ops->arch_pc && ops->arch_pc(h) >= n - 1, "%s: pc %llu", ops->name, (unsigned long long)ops->arch_pc(h));
    uint64_t stalled = 0;
    for (size_t c = 0; stalls.cells && c < stalls.nwords * stalls.ncounters; c++)
        stalled += stalls.cells[c].cycles;
    CHECK(stalls.nwords == n && stalled > 0, "%s: stall view empty (%zu words)", ops->name, stalls.nwords);
    printf("%s: %llu cycles, %llu stalled cycles charged to pcs\n", ops->name, (unsigned long long)r.cycles,
           (unsigned long long)stalled);
    kc_sim_stalls_free(&stalls);
    ops->close(h);
    kc_dram_close(d);
}

int main(void)
{
    const kc_acc_ops *npu = kc_acc_find("npu"), *wide = kc_acc_find("npu_wide");
    CHECK(npu && wide, "registry: npu %p npu_wide %p", (const void *)npu, (const void *)wide);
    if (!npu || !wide)
        return 1;
    check_hw(npu, "npu", def_value("VLEN"), def_value("MLEN"), def_value("VROWS"));
    check_hw(wide, "npu_wide", 32, 8, 4096);
    run_small(npu);    /* both models open at once: each owns its context */
    run_small(wide);
    if (failures) {
        fprintf(stderr, "npu_wide: %d failure(s)\n", failures);
        return 1;
    }
    printf("npu_wide: all passed\n");
    return 0;
}
