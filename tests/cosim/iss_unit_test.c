/* iss_unit_test — the ISS (isa/npu_iss.c) against hand-computed results: every
 * instruction, the fp rounding and reduction-order rules, DMA rows / padding /
 * lane offsets, hardware loops, and every trap cause with its pc, info and
 * priority. No RTL involved: these pin the reference model itself.
 *
 * A case is a program, a DRAM preset and expectations, written as tokens:
 *   rN=V fN=V aN=V pc=V          registers / next pc after the run
 *   cfg:NAME=V                   configuration register
 *   vR.L=V                       vector-SRAM row R lane L (bf16 bits)
 *   m@ADDR=V                     16-bit DRAM value (little-endian) at ADDR
 *   halt | trap=CAUSE@PC:INFO    how the run ends
 * DRAM presets use the m@ADDR=V form. Values are C integers (0x..., -1).
 *
 * wide_cases run on an ISS opened at a second size (VLEN=32, VROWS=4096,
 * MLEN=8: the `npu_wide` build), so the sizes are the build's, not constants;
 * ref_events checks the reference-model table (npu_iss_ref): its state files at
 * that size and the writes and due cycles its steps report; rgen_ends runs
 * random programs generated for each size on the ISS of that size: each must
 * end the way the generator meant (halt, or its trap cause). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kc_asm.h"
#include "kc_isa.h"
#include "npu_iss.h"
#include "npu_rgen.h"

#define HW_ROW(n, v) { #n, v, NULL }
static const kc_hw_param wide_rows[] = { HW_ROW(VLEN, 32), HW_ROW(VROWS, 4096), HW_ROW(MLEN, 8) };
static const kc_hw wide_hw = { "npu_wide", "npu", 3, wide_rows };

typedef struct iss_case {
    const char *name, *src, *dram, *expect;
} iss_case;

static const iss_case cases[] = {
    /* ---- integer ALU ---- */
    {"add/sub/mul", "li r1, 7\nli r2, -3\nadd r3, r1, r2\nsub r4, r1, r2\nmul r5, r1, r2\nli r6, 0x10000\nmul r7, r6, r6\nhalt",
     "", "r3=4 r4=10 r5=-21 r7=0 halt pc=8"},
    {"logic", "li r1, 0xf0f0\nli r2, 0x0ff0\nand r3, r1, r2\nor r4, r1, r2\nxor r5, r1, r2\nhalt", "",
     "r3=0x00f0 r4=0xfff0 r5=0xff00"},
    {"shifts", "li r1, -16\nli r2, 33\nsll r3, r1, r2\nsrl r4, r1, r2\nsra r5, r1, r2\nslli r6, r1, 4\nsrli r7, r1, 28\nsrai r8, r1, 2\nhalt", "",
     "r3=-32 r4=0x7ffffff8 r5=-8 r6=-256 r7=15 r8=-4"},
    {"compares", "li r1, -1\nli r2, 1\nslt r3, r1, r2\nsltu r4, r1, r2\nslti r5, r1, 0\nslti r6, r2, -5\nhalt", "",
     "r3=1 r4=0 r5=1 r6=0"},
    {"immediates", "addi r1, r0, -32768\nandi r2, r1, 0xffff\nori r3, r0, 0x8000\nxori r4, r1, 0xffff\nlui r5, 0xabcd\nli r6, 0x12345678\nhalt", "",
     "r1=-32768 r2=0x8000 r3=0x8000 r4=0xffff7fff r5=0xabcd0000 r6=0x12345678"},
    {"r0 hard-wired", "addi r0, r0, 5\nlui r0, 1\nadd r1, r0, r0\nhalt", "", "r0=0 r1=0"},
    /* ---- control ---- */
    {"branches", "li r1, 1\nli r2, 2\nbeq r1, r2, bad\nbne r1, r2, b1\nj bad\nb1: blt r2, r1, bad\nbge r2, r1, b2\nj bad\n"
     "b2: li r3, -1\nbltu r3, r1, bad\nbgeu r3, r1, ok\nbad: li r9, 99\nhalt\nok: li r9, 1\nhalt", "", "r9=1"},
    {"jal/jr", "jal r15, f\nli r2, 2\nhalt\nf: li r1, 1\njr r15", "", "r1=1 r2=2 r15=1 halt"},
    {"loopi nested, shared end", "li r1, 0\nloopi 3, e\nloopi 4, e\naddi r1, r1, 1\ne: halt", "", "r1=12 halt"},
    {"loop count 0 skips", "li r1, 0\nli r2, 0\nloop r2, e\naddi r1, r1, 1\ne: addi r1, r1, 10\nhalt", "", "r1=10"},
    {"loop register count", "li r2, 5\nli r1, 0\nloop r2, e\naddi r1, r1, 2\ne: halt", "", "r1=10"},
    {"loops in sequence and nested", "li r1, 0\nloopi 2, o\nloopi 3, i\naddi r1, r1, 1\ni: addi r1, r1, 100\no: halt", "", "r1=206"},
    /* count-0 loop sharing the end label of the enclosing loop: the outer loop
     * still runs all its iterations (docs/isa/npu.md; the RTL does not, see
     * tests/cosim/cases/loop_zero_shared_end.s) */
    {"count-0 loop sharing an end", "li r1, 0\nli r2, 0\nloopi 3, e\naddi r1, r1, 1\nloop r2, e\nnop\ne: halt", "", "r1=3 halt"},
    /* ---- configuration ---- */
    {"csr", "csrr r1, dstride\ncsrr r2, dlen\ncsrr r3, vmask\nli r4, 100\ncsrw dstride, r4\ncsrwi dlen, 7\ncsrwi vmask, 3\ncsrr r5, dstride\ncsrr r6, cycle\ncsrwi cycle, 5\nhalt",
     "", "r1=32 r2=16 r3=16 r5=100 r6=8 cfg:dlen=7 cfg:vmask=3"},
    /* ---- address registers ---- */
    {"address", "li r1, 1000\nmovar a3, r1\nmovra r2, a0\nli r4, -8\nadda a4, a3, r4\naddai a5, a4, -100\nhalt", "",
     "a3=1000 r2=0x100 a4=992 a5=892"},
    /* ---- scalar fp ---- */
    {"fp arithmetic", "fli f1, 1.5\nfli f2, 2.25\nfadd f3, f1, f2\nfsub f4, f1, f2\nfmul f5, f1, f2\nfmax f6, f1, f2\nfmin f7, f1, f2\nfli f8, 1.0\nffma f8, f1, f2\nhalt", "",
     "f3=0x40700000 f4=0xbf400000 f5=0x40580000 f6=0x40100000 f7=0x3fc00000 f8=0x408c0000"},
    {"fp special functions", "fli f1, 0.0\nfexp f2, f1\nfli f3, 4.0\nfrecip f4, f3\nfrsqrt f5, f3\nfli f6, -1.0\nfrsqrt f7, f6\nhalt", "",
     "f2=0x3f800000 f4=0x3e800000 f5=0x3f000000 f7=0x7fc00000"},
    {"fp moves and converts", "li r1, -7\nfcvtif f1, r1\nli r2, 0x7f800001\nfmvif f2, r2\nfmvfi r3, f2\nflui f3, 0x4049\nflli f3, 0x0fdb\nhalt", "",
     "f1=0xc0e00000 f2=0x7f800001 r3=0x7f800001 f3=0x40490fdb"},
    {"fp edge cases", "li r1, 1\nfmvif f1, r1\nfadd f2, f1, f1\nli r2, 0x80000000\nfmvif f3, r2\nfli f4, 0.0\nfadd f5, f3, f3\nfadd f6, f3, f4\n"
     "flui f7, 0x7f80\nfsub f8, f7, f7\nflui f9, 0x7f7f\nflli f9, 0xffff\nfadd f10, f9, f9\nfmax f11, f8, f4\nhalt", "",
     "f2=0 f5=0x80000000 f6=0 f8=0x7fc00000 f10=0x7f800000 f11=0"},
    /* ---- vector ---- */
    {"vector lane ops", "fli f1, 1.5\nfli f2, -2.0\nli r1, 1\nli r2, 2\nli r3, 3\nvbcast [r1], f1\nvbcast [r2], f2\n"
     "vadd [r3], [r1], [r2]\nli r4, 4\nvmul [r4], [r1], [r2]\nli r5, 5\nvmax [r5], [r1], [r2]\nli r6, 6\nvmin [r6], [r1], [r2]\nli r7, 7\nvsub [r7], [r1], [r2]\nhalt", "",
     "v3.0=0xbf00 v3.15=0xbf00 v4.7=0xc040 v5.3=0x3fc0 v6.3=0xc000 v7.9=0x4060"},
    {"vector scalar forms", "fli f1, 3.0\nfli f2, 0.5\nli r1, 1\nli r2, 2\nvbcast [r1], f1\nvadds [r2], [r1], f2\nli r3, 3\nvsubs [r3], [r1], f2\n"
     "li r4, 4\nvmuls [r4], [r1], f2\nli r5, 5\nvmaxs [r5], [r1], f2\nli r6, 6\nvmins [r6], [r1], f2\nvmacs [r1], [r1], f2\nhalt", "",
     "v2.0=0x4060 v3.0=0x4020 v4.0=0x3fc0 v5.0=0x4040 v6.0=0x3f00 v1.0=0x4090"},
    {"vector special", "fli f1, 0.0\nfli f2, 4.0\nli r1, 1\nli r2, 2\nvbcast [r1], f1\nvbcast [r2], f2\nli r3, 3\nvexp [r3], [r1]\nli r4, 4\nvrecip [r4], [r2]\nli r5, 5\nvrsqrt [r5], [r2]\nhalt", "",
     "v3.0=0x3f80 v4.0=0x3e80 v5.0=0x3f00"},
    /* 1 + 2^-8 is a tie between bf16 1.0 and 1+2^-7: even wins; a hair more rounds up */
    {"bf16 rounding", "fli f1, 1.0\nli r1, 1\nvbcast [r1], f1\nli r2, 0x3b800000\nfmvif f2, r2\nli r3, 0x3b880000\nfmvif f3, r3\nli r4, 4\nvadds [r4], [r1], f2\nli r5, 5\nvadds [r5], [r1], f3\nhalt", "",
     "v4.0=0x3f80 v5.0=0x3f81"},
    {"vmask leaves lanes untouched", "fli f1, 1.0\nfli f2, 2.0\nli r1, 1\nvbcast [r1], f1\ncsrwi vmask, 3\nvbcast [r1], f2\nhalt", "",
     "v1.0=0x4000 v1.2=0x4000 v1.3=0x3f80 v1.15=0x3f80"},
    /* pairwise tree: (2^24 + 1) + (1 + 1) = 2^24 + 2; a sequential sum gives 2^24 */
    {"vredsum tree order", "li r1, 4\nli r2, 1\ncsrwi dlen, 4\ndld [r0], a0, r2\ncsrwi vmask, 4\nvredsum f1, [r0]\nhalt",
     "m@0x100=0x4b80 m@0x102=0x3f80 m@0x104=0x3f80 m@0x106=0x3f80", "f1=0x4b800001"},
    {"vredsum identity -0", "li r2, 1\ncsrwi dlen, 1\ndld [r0], a0, r2\ncsrwi vmask, 1\nvredsum f1, [r0]\nhalt", "m@0x100=0x8000",
     "f1=0x80000000"},
    {"vredmax identity -inf and padding", "li r2, 1\ncsrwi dlen, 2\ndld [r0], a0, r2\ncsrwi vmask, 2\nvredmax f1, [r0]\ncsrwi vmask, 16\nvredmax f2, [r0]\nhalt",
     "m@0x100=0xc0a0 m@0x102=0xc040", "f1=0xc0400000 f2=0"},
    /* ---- DMA ---- */
    {"dld rows, padding, stride", "li r1, 10\nli r2, 2\ncsrwi dlen, 18\ncsrwi dstride, 64\ndld [r1], a0, r2\nhalt",
     "m@0x100=0x1111 m@0x120=0x2222 m@0x122=0x3333 m@0x124=0x4444 m@0x140=0x5555", "v10.0=0x1111 v11.0=0x2222 v11.1=0x3333 v11.2=0 v11.15=0 v12.0=0x5555 v13.2=0"},
    {"dld lane offset", "addai a0, a0, 6\nli r2, 1\ncsrwi dlen, 3\ndld [r0], a0, r2\nhalt", "m@0x106=0xaaaa m@0x108=0xbbbb m@0x10a=0xcccc m@0x10c=0xdddd",
     "v0.0=0xaaaa v0.1=0xbbbb v0.2=0xcccc v0.3=0"},
    {"dst exact bytes", "fli f1, 1.0\nfli f2, 2.0\nli r1, 3\nvbcast [r1], f1\nli r4, 4\nvbcast [r4], f2\nli r2, 2\ncsrwi dlen, 3\ncsrwi dstride, 10\naddai a1, a0, 2\ndst [r1], a1, r2\nhalt",
     "m@0x100=0x9999 m@0x108=0x9999 m@0x10a=0x9999 m@0x112=0x9999",
     "m@0x100=0x9999 m@0x102=0x3f80 m@0x106=0x3f80 m@0x108=0x9999 m@0x10a=0x9999 m@0x10c=0x4000 m@0x110=0x4000 m@0x112=0x9999"},
    {"store then load same bytes", "fli f1, 2.0\nvbcast [r0], f1\nli r2, 1\nli r3, 7\ncsrwi dlen, 16\ndst [r0], a0, r2\ndld [r3], a0, r2\nhalt", "",
     "v7.0=0x4000 v7.15=0x4000 m@0x11e=0x4000"},
    {"dma count 0 is a no-op", "li r1, 5000\ncsrwi dlen, 0\ndld [r1], a0, r0\nhalt", "", "halt"},
    /* ---- matrix unit: C = A x B with B from matrix SRAM, plain and transposed ---- */
    {"matrix mmac/mst", "csrwi dlen, 16\nli r2, 16\nmld [r0], a1, r2\nmldb 0, [r0]\nli r3, 1\ndld [r3], a0, r3\ncsrwi mrows, 1\n"
     "mmac 0, [r3]\nli r5, 5\nmst [r5]\nmldbt 1, [r0]\nmmac 1, [r3]\nli r6, 6\nmst [r6]\nhalt",
     "m@0x100=0x4040 m@0x102=0x40a0 m@0x106=0x40e0 m@0x2000=0x4000 m@0x2026=0x3f80",
     "v5.0=0x40c0 v5.1=0 v5.3=0x40a0 v6.0=0x40c0 v6.1=0x40e0 v6.3=0 halt"},
    {"trap bad mrows", "csrwi mrows, 0\nmmac 0, [r0]", "", "trap=6@1:0"},
    {"trap mldb rows", "li r1, 1009\nmldb 0, [r1]", "", "trap=3@1:1009"},
    {"trap mst rows", "csrwi mrows, 4\nli r1, 2046\nmst [r1]", "", "trap=3@2:2046"},
    {"trap mld rows", "li r1, 1020\nli r2, 8\nmld [r1], a0, r2", "", "trap=3@2:1020"},
    /* ---- traps: cause, pc, info; priorities ---- */
    {"trap illegal word", "nop\n.word 0x00001234\nhalt", "", "trap=1@1:0x1234"},
    {"trap running off the end", "nop", "", "trap=1@1:0"},
    {"trap illegal operand", ".word 0x54000020\nhalt", "", "trap=1@0:0x54000020"},   /* slli by 32 */
    {"trap pc-range", "li r1, 20000\njr r1", "", "trap=2@20000:20000 r1=20000"},
    {"trap vsram rd", "li r1, 2048\nvadd [r1], [r0], [r0]", "", "trap=3@1:2048"},
    {"trap vsram rs2", "li r2, 5000\nvadd [r0], [r0], [r2]", "", "trap=3@1:5000"},
    {"trap vsram reduction", "li r2, 3000\nvredsum f1, [r2]", "", "trap=3@1:3000"},
    {"trap vsram dld rows", "li r1, 2047\nli r2, 2\ndld [r1], a0, r2", "", "trap=3@2:2047"},
    {"trap dram-range", "li r1, 0x3fffe\nmovar a1, r1\nli r2, 1\ncsrwi dlen, 2\ndst [r0], a1, r2", "", "trap=4@5:0x40001"},
    {"trap misaligned address", "addai a0, a0, 1\nli r2, 1\ndld [r0], a0, r2", "", "trap=5@2:0x101"},
    {"trap misaligned stride", "csrwi dstride, 3\nli r2, 1\ndld [r0], a0, r2", "", "trap=5@2:3"},
    {"trap bad vmask", "csrwi vmask, 17\nvexp [r0], [r0]", "", "trap=6@1:17"},
    {"trap bad dlen", "csrwi dlen, 0\nli r2, 1\ndst [r0], a0, r2", "", "trap=6@2:0"},
    {"trap loop depth", "loopi 2, e\nloopi 2, e\nloopi 2, e\nnop\ne: halt", "", "trap=7@2:2"},
    {"trap empty loop", "nop\nloopi 2, e\ne: halt", "", "trap=7@1:1"},
    {"priority vmask over rows", "csrwi vmask, 0\nli r1, 9999\nvadd [r1], [r1], [r1]", "", "trap=6@2:0"},
    {"priority rd over rs1", "li r1, 4000\nli r2, 5000\nvadd [r1], [r2], [r0]", "", "trap=3@2:4000"},
    {"priority dlen over alignment", "csrwi dlen, 0\naddai a0, a0, 1\nli r2, 1\ndld [r0], a0, r2", "", "trap=6@3:0"},
    {"priority alignment over range", "li r1, 0x7fffffff\nmovar a0, r1\nli r2, 1\ndld [r0], a0, r2", "", "trap=5@4:0x7fffffff"},
    {"trap has no effect", "li r1, 1\ncsrwi vmask, 0\nfli f1, 2.0\nvbcast [r1], f1", "", "trap=6@3:0 v1.0=0"},
};

static const iss_case wide_cases[] = {
    {"wide: 32 lanes", "li r1, 5\ncsrwi vmask, 32\nfli f1, 2.0\nvbcast [r1], f1\nvredsum f2, [r1]\nhalt", "",
     "v5.31=0x4000 f2=0x42800000 halt"},
    {"wide: vmask 33 traps", "csrwi vmask, 33\nvbcast [r0], f0", "", "trap=6@1:33"},
    {"wide: row 4095 exists, 4096 traps", "li r1, 4095\nvbcast [r1], f0\nli r1, 4096\nvbcast [r1], f0", "",
     "trap=3@3:4096"},
    {"wide: dlen 40 fills 2 rows of 32", "csrwi dlen, 40\nli r2, 1\nli r1, 10\ndld [r1], a0, r2\nhalt",
     "m@0x100=0x1234 m@0x14e=0x3f80", "v10.0=0x1234 v11.7=0x3f80 v11.8=0 halt"},
    {"wide: mrows 8 of MLEN 8", "csrwi mrows, 8\nmst [r0]\ncsrwi mrows, 9\nmst [r0]", "", "trap=6@3:9"},
};

static int check(const npu_iss *s, const uint8_t *mem, const kc_core_status *st, const char *expect, char *why, size_t n)
{
    char buf[1024];
    snprintf(buf, sizeof buf, "%s", expect);
    for (char *tok = strtok(buf, " "); tok; tok = strtok(NULL, " ")) {
        unsigned i = 0, j = 0;
        long long v;
        char name[32];
        uint32_t got = 0, want;
        if (!strcmp(tok, "halt")) {
            if (st->state != KC_CORE_HALTED) {
                snprintf(why, n, "expected halt, state %d (cause %u at %u)", st->state, st->cause, st->pc);
                return 0;
            }
            continue;
        }
        unsigned c, pc;
        long long info;
        if (sscanf(tok, "trap=%u@%u:%lli", &c, &pc, &info) == 3) {
            if (st->state != KC_CORE_TRAPPED || st->cause != c || st->pc != pc || st->info != (uint32_t)info) {
                snprintf(why, n, "expected trap %u@%u:0x%x, got state %d trap %u@%u:0x%x", c, pc, (uint32_t)info,
                         st->state, st->cause, st->pc, st->info);
                return 0;
            }
            continue;
        }
        if (sscanf(tok, "r%u=%lli", &i, &v) == 2) got = npu_iss_x(s, i);
        else if (sscanf(tok, "f%u=%lli", &i, &v) == 2) got = npu_iss_f(s, i);
        else if (sscanf(tok, "a%u=%lli", &i, &v) == 2) got = npu_iss_a(s, i);
        else if (sscanf(tok, "pc=%lli", &v) == 1) got = npu_iss_pc(s);
        else if (sscanf(tok, "v%u.%u=%lli", &i, &j, &v) == 3) got = npu_iss_vrow(s, i)[j];
        else if (sscanf(tok, "m@%i=%lli", &i, &v) == 2) got = (uint32_t)(mem[i] | mem[i + 1] << 8);
        else if (sscanf(tok, "cfg:%31[^=]=%lli", name, &v) == 2) {
            const kc_isa_cfg *cf = kc_isa_cfg_by_name(kc_isa_find("npu"), name, strlen(name));
            if (!cf) {
                snprintf(why, n, "unknown cfg %s", name);
                return 0;
            }
            got = npu_iss_cfg(s, (unsigned)cf->id);
        } else {
            snprintf(why, n, "bad expectation token '%s'", tok);
            return 0;
        }
        want = (uint32_t)v;
        if (got != want) {
            snprintf(why, n, "%s: got 0x%08x", tok, got);
            return 0;
        }
    }
    return 1;
}

static int run_cases(npu_iss *s, kc_dram *d, const iss_case *cs, size_t ncases)
{
    const kc_isa *isa = kc_isa_find("npu");
    size_t size = kc_dram_config(d)->size_bytes;
    kc_err err;
    int fails = 0;
    for (size_t k = 0; k < ncases; k++) {
        const iss_case *c = &cs[k];
        kc_program p;
        kc_err_clear(&err);
        if (kc_asm_assemble(isa, c->src, c->name, &p, &err) != KC_OK) {
            printf("FAIL %s: assemble: %s\n", c->name, err.text);
            fails++;
            continue;
        }
        uint8_t *mem = kc_dram_data(d);
        memset(mem, 0, size);
        char pre[512];
        snprintf(pre, sizeof pre, "%s", c->dram);
        for (char *tok = strtok(pre, " "); tok; tok = strtok(NULL, " ")) {
            unsigned a;
            long long v;
            if (sscanf(tok, "m@%i=%lli", &a, &v) == 2) {
                mem[a] = (uint8_t)v;
                mem[a + 1] = (uint8_t)(v >> 8);
            }
        }
        uint32_t args[2] = { 0x100, 0x2000 };
        npu_iss_reset(s, p.words, p.nwords, args, 2, d, &err);
        npu_iss_run(s, 100000);
        kc_core_status st;
        npu_iss_status(s, &st);
        char why[256];
        /* every program ends by itself: halt unless a trap is expected */
        const char *ex = c->expect;
        if (!strstr(ex, "trap=") && st.state != KC_CORE_HALTED) {
            printf("FAIL %s: did not halt (state %d, cause %u at %u info 0x%x)\n", c->name, st.state, st.cause, st.pc, st.info);
            fails++;
        } else if (!check(s, mem, &st, ex, why, sizeof why)) {
            printf("FAIL %s: %s\n", c->name, why);
            fails++;
        }
        kc_program_free(&p);
    }
    return fails;
}

/* One step's writes as text: "file:first+n@due[T]" per write ("E" = at the end). */
static void ev_text(const kc_ref_event *ev, char *buf, size_t n)
{
    size_t o = 0;
    buf[0] = 0;
    for (size_t k = 0; k < ev->nwrites && o < n; k++) {
        const kc_ref_write *w = &ev->writes[k];
        char due[16];
        if (w->due == KC_REF_DUE_END)
            snprintf(due, sizeof due, "E");
        else
            snprintf(due, sizeof due, "%u", w->due);
        o += (size_t)snprintf(buf + o, n - o, "%s%d:%u+%u@%s%s", k ? " " : "", w->file == KC_REF_DRAM ? -1 : w->file,
                              w->first, w->n, due, (w->flags & KC_REF_W_TIMING) ? "T" : "");
    }
}

/* npu_iss_ref at the wide size: files, and what each step says it wrote when. */
static int ref_events(kc_dram *d)
{
    static const struct { const char *src, *writes; } steps[] = {
        {"addi r1, r0, 7", "0:1+1@0"},
        {"flui f1, 0x4000", "1:1+1@0"},                  /* f1 = 2.0 */
        {"vbcast [r1], f1", "4:7+1@4"},                  /* a row at VEC_LAT */
        {"vredsum f2, [r1]", "1:2+1@0 1:2+1@11"},        /* the fp result at 2 log2(VLEN) + 1 (last wins) */
        {"vexp [r1], [r1]", "4:7+1@13"},                 /* SFU: VLEN/SFU_LANES - 1 + SFU_LAT = 32/4 - 1 + 6 */
        {"csrwi dlen, 40", "3:1+1@0"},
        {"addi r2, r0, 3", "0:2+1@0"},
        {"dld [r1], a0, r2", "4:7+6@E"},                 /* 3 DRAM rows x 2 SRAM rows, at the end */
        {"dst [r1], a1, r2", "-1:8192+144@E"},           /* DRAM bytes: 2 x dstride 32 + 2 x 40 */
        {"csrr r3, cycle", "0:3+1@0 0:3+1@0T"},          /* timing: the RTL's value is taken */
        {"mst [r1]", "4:7+4@E"},                         /* mrows (reset 4) rows, at the end */
    };
    const kc_isa *isa = kc_isa_find("npu");
    kc_err err;
    kc_err_clear(&err);
    void *h;
    int fails = 0;
    if (npu_iss_ref.open(&h, &wide_hw, &err) != KC_OK) {
        printf("FAIL ref open: %s\n", err.text);
        return 1;
    }
    size_t nf;
    const kc_arch_file *f = npu_iss_ref.files(h, &nf);
    if (nf != 6 || strcmp(f[4].name, "vsram") || f[4].count != 4096 || f[4].bytes != 64 || f[5].count != 1024 ||
        f[5].bytes != 64 || f[0].count != 16 || !(f[3].elem_flags[npu_iss_cycle_cfg_id()] & KC_ARCH_TIMING) ||
        strcmp(f[3].elem_names[2], "vmask")) {
        printf("FAIL ref files at VLEN=32/VROWS=4096\n");
        fails++;
    }
    char src[1024] = "";
    for (size_t k = 0; k < sizeof steps / sizeof steps[0]; k++)
        snprintf(src + strlen(src), sizeof src - strlen(src), "%s\n", steps[k].src);
    kc_program p;
    kc_image img;
    uint32_t args[2] = { 0x100, 0x2000 };
    memset(kc_dram_data(d), 0, kc_dram_config(d)->size_bytes);
    if (kc_asm_assemble(isa, src, "ref", &p, &err) != KC_OK || kc_image_from_words(&img, p.words, p.nwords, NULL, &err) != KC_OK ||
        npu_iss_ref.reset(h, &img, args, 2, d, &err) != KC_OK) {
        printf("FAIL ref setup: %s\n", err.text);
        npu_iss_ref.close(h);
        return 1;
    }
    kc_ref_event ev;
    for (size_t k = 0; k < sizeof steps / sizeof steps[0]; k++) {
        char got[512];
        npu_iss_ref.step(h, &ev);
        ev_text(&ev, got, sizeof got);
        size_t nl = ev.row >= 0 ? strlen(isa->insns[ev.row].name) : 0;
        if (!ev.retired || strcmp(got, steps[k].writes) || ev.row < 0 ||
            (strncmp(steps[k].src, isa->insns[ev.row].name, nl) || steps[k].src[nl] != ' ')) {
            printf("FAIL ref step %zu `%s`: writes \"%s\", expected \"%s\"\n", k, steps[k].src, got, steps[k].writes);
            fails++;
        }
    }
    uint16_t row[32];
    if (npu_iss_ref.read(h, 4, 7, 1, row) || npu_iss_ref.read(h, 4, 4096, 1, row) != -1) {
        printf("FAIL ref read bounds\n");
        fails++;
    }
    kc_image_free(&img);
    kc_program_free(&p);
    npu_iss_ref.close(h);
    return fails;
}

/* Random programs of the build `hw` on its ISS end as generated. */
static int rgen_ends(npu_iss *s, kc_dram *d, const npu_hw *hw, const char *label)
{
    const kc_isa *isa = kc_isa_find("npu");
    size_t size = kc_dram_config(d)->size_bytes;
    int fails = 0;
    for (uint64_t seed = 1; seed <= 150; seed++) {
        kc_err err;
        kc_err_clear(&err);
        npu_rgen_opts ro = { .dram_bytes = (uint32_t)size, .trap = -1, .matrix = 1, .hw = hw };
        npu_rgen_prog rp;
        kc_program p;
        if (npu_rgen_program(seed, &ro, &rp, &err) != KC_OK ||
            kc_asm_assemble(isa, rp.text, "random", &p, &err) != KC_OK) {
            printf("FAIL rgen %s seed %llu: %s\n", label, (unsigned long long)seed, err.text);
            npu_rgen_prog_free(&rp);
            return fails + 1;
        }
        npu_rgen_fill_dram(seed, kc_dram_data(d), size);
        kc_core_status st;
        if (npu_iss_reset(s, p.words, p.nwords, rp.args, rp.nargs, d, &err) != KC_OK)
            st.state = KC_CORE_RUNNING;
        else
            npu_iss_run(s, 10000000);
        npu_iss_status(s, &st);
        unsigned want = (unsigned)rp.trap;
        if (want ? st.state != KC_CORE_TRAPPED || st.cause != want : st.state != KC_CORE_HALTED) {
            printf("FAIL rgen %s seed %llu: meant to end with %s, ended %s (state %d)\n", label,
                   (unsigned long long)seed, want ? npu_iss_trap_name(want) : "halt",
                   st.state == KC_CORE_TRAPPED ? npu_iss_trap_name(st.cause) : "", st.state);
            fails++;
        }
        kc_program_free(&p);
        npu_rgen_prog_free(&rp);
    }
    return fails;
}

int main(void)
{
    const kc_isa *isa = kc_isa_find("npu");
    kc_err err;
    kc_err_clear(&err);
    npu_iss *s, *w;
    npu_hw wide;
    kc_dram *d;
    kc_dram_cfg dc = { .size_bytes = 1u << 18 };
    if (!isa || npu_iss_open(&s, NULL, &err) != KC_OK || npu_hw_from(&wide_hw, &wide, &err) != KC_OK ||
        npu_iss_open(&w, &wide, &err) != KC_OK || kc_dram_open(&d, &dc, 32, &err) != KC_OK) {
        fprintf(stderr, "setup: %s\n", err.text);
        return 1;
    }
    size_t ncases = sizeof cases / sizeof cases[0], nwide = sizeof wide_cases / sizeof wide_cases[0];
    int fails = run_cases(s, d, cases, ncases) + run_cases(w, d, wide_cases, nwide) + ref_events(d) +
                rgen_ends(s, d, NULL, "npu") + rgen_ends(w, d, &wide, "npu_wide");
    /* the table is complete: every row has exec semantics (npu_iss_open checked) and
     * the trap names are the RTL shim's */
    static const char *const names[] = {"none", "illegal-instruction", "pc-range", "vsram-range",
                                        "dram-range", "dram-misaligned", "bad-config", "loop"};
    for (unsigned c = 0; c < NPU_ISS_NTRAPS; c++)
        if (strcmp(npu_iss_trap_name(c), names[c])) {
            printf("FAIL trap name %u: %s\n", c, npu_iss_trap_name(c));
            fails++;
        }
    npu_iss_close(s);
    npu_iss_close(w);
    kc_dram_close(d);
    printf("%zu cases, %d failed\n", ncases + nwide, fails);
    return fails ? 1 : 0;
}
