/* test_vliw_top.cpp — the vliw array (rtl/vliw/vliw_top.v, 1 x 2 tiles here)
 * running hand-written bundles. The slot words are built from the generated
 * rtl/vliw/vliw_isa.vh (VLIW_MATCH_<ROW> read at run time, fields at their
 * table places), so nothing here hard-codes an opcode. Each case checks final
 * registers (public_flat_rd state), the cycle count and counters against
 * values derived by hand from the rules in rtl/vliw/vliw_core.md.
 *
 *   test_vliw_top ISA_VH CASE      (CASE: latency, load, branch, loop, mac, macfwd, vec,
 *                                   conflict, illegal, lock, bank, all)
 */
#include "Vvliw_top.h"
#include "Vvliw_top___024root.h"
#include "verilated.h"

extern "C" {
#include "kc_fp.h"
}

#include <array>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <map>
#include <regex>
#include <string>
#include <vector>

namespace {

std::map<std::string, uint32_t> g_match;
using Bundle = std::array<uint32_t, 7>;
enum { S = 0, L0 = 1, L1 = 2, ST = 3, MAC = 4, VEC = 5, MV = 6 };

bool load_isa(const char *path)
{
    std::ifstream f(path);
    std::string line;
    std::regex re("localparam logic \\[31:0\\] VLIW_MATCH_(\\w+) = 32'h([0-9a-fA-F]+);");
    std::smatch mt;
    while (std::getline(f, line))
        if (std::regex_search(line, mt, re)) g_match[mt[1]] = (uint32_t)strtoul(mt[2].str().c_str(), nullptr, 16);
    return g_match.size() > 50;
}

/* a slot word: row + fields d [25:21], a [20:16], b [15:11], c [10:6], imm (low bits, caller-masked) */
uint32_t I(const char *row, unsigned d = 0, unsigned a = 0, unsigned b = 0, unsigned c = 0, uint32_t imm = 0)
{
    auto it = g_match.find(row);
    if (it == g_match.end()) {
        fprintf(stderr, "no row %s in the ISA header\n", row);
        exit(2);
    }
    return it->second | d << 21 | a << 16 | b << 11 | c << 6 | imm;
}
uint32_t imm16(int v) { return (uint32_t)v & 0xffff; }

struct Sim {
    Vvliw_top m;
    uint64_t cycles = 0;
    Sim()
    {
        m.clk = 0;
        m.rst = 1;
        m.eval();   /* the first edge must be seen as one */
    }
    void tick()
    {
        if (getenv("VLIW_TRACE") && !m.rst)
            printf("cyc %llu issue %x pc0 %u pc1 %u r9 %x r10 %x r11 %x r12 %x\n", (unsigned long long)cycles,
                   (unsigned)m.issue_valid, (unsigned)(m.issue_pc & 0xffffffff), (unsigned)(m.issue_pc >> 32),
                   m.rootp->vliw_top__DOT__g_tile__BRA__0__KET____DOT__u_tile__DOT__u_core__DOT__R[9],
                   m.rootp->vliw_top__DOT__g_tile__BRA__0__KET____DOT__u_tile__DOT__u_core__DOT__R[10],
                   m.rootp->vliw_top__DOT__g_tile__BRA__0__KET____DOT__u_tile__DOT__u_core__DOT__R[11],
                   m.rootp->vliw_top__DOT__g_tile__BRA__0__KET____DOT__u_tile__DOT__u_core__DOT__R[12]);
        m.clk = 1;
        m.eval();
        m.clk = 0;
        m.eval();
        cycles++;
    }
    /* tile -1: every tile (SPMD), else that tile only */
    void load(const std::vector<Bundle> &prog, int tile = -1)
    {
        m.rst = 1;
        for (size_t b = 0; b < prog.size(); b++)
            for (unsigned s = 0; s < 7; s++) {
                m.ld_we = 1;
                m.ld_addr = (uint32_t)(tile + 1) << 24 | (uint32_t)(7 * b + s);
                m.ld_wdata = prog[b][s];
                tick();
            }
        m.ld_we = 0;
    }
    void reset(const uint32_t *args)
    {
        m.rst = 1;
        for (unsigned i = 0; i < 8; i++) m.args[i] = args ? args[i] : 0;
        m.dram_bytes = 1u << 20;
        m.mem_req_ready = 1;
        tick();
        m.rst = 0;
        cycles = 0;
    }
    /* cycles to halt or trap (0 if neither in max) */
    uint64_t run(uint64_t max = 10000)
    {
        for (uint64_t i = 0; i < max; i++) {
            m.eval();
            if (m.halted || m.trapped) return cycles;
            tick();
        }
        return 0;
    }
    uint64_t perf(unsigned i) { return (uint64_t)m.perf[2 * i] | (uint64_t)m.perf[2 * i + 1] << 32; }
};

#define CORE(t, x) m.rootp->vliw_top__DOT__g_tile__BRA__##t##__KET____DOT__u_tile__DOT__u_core__DOT__##x
uint32_t reg_r(Sim &s, int t, int i) { return t ? s.CORE(1, R)[i] : s.CORE(0, R)[i]; }
uint32_t reg_a(Sim &s, int t, int i, int lane) { return t ? s.CORE(1, A)[i][lane] : s.CORE(0, A)[i][lane]; }
uint16_t reg_v(Sim &s, int t, int i, int lane)
{
    uint32_t w = t ? s.CORE(1, V)[i][lane / 2] : s.CORE(0, V)[i][lane / 2];
    return (uint16_t)(w >> (16 * (lane & 1)));
}

int g_fail = 0;
void expect(const char *what, uint64_t got, uint64_t want)
{
    if (got != want) {
        printf("  FAIL %s: 0x%llx, expected 0x%llx\n", what, (unsigned long long)got, (unsigned long long)want);
        g_fail++;
    }
}
Bundle B(std::initializer_list<std::pair<int, uint32_t>> slots)
{
    Bundle b{};
    for (auto &p : slots) b[p.first] = p.second;
    return b;
}
const Bundle NOP{};
Bundle HALT() { return B({{S, I("HALT")}}); }

/* ---- cases ---------------------------------------------------------------- */

/* Exposed latencies: a latency-1 result is read by the next bundle; mul
 * (latency 2) read one bundle early gives the old value. */
void t_latency()
{
    Sim s;
    s.load({B({{S, I("ADDI", 9, 0, 0, 0, 5)}, {MV, I("MOVI", 10, 0, 0, 0, 7)}}),
            B({{S, I("ADD", 11, 9, 10)}}),
            B({{S, I("MUL", 12, 9, 10)}}),
            B({{S, I("ADD", 13, 12, 0)}}),      /* one bundle early: old r12 = 0 */
            B({{S, I("ADD", 14, 12, 0)}}),      /* on time: 35 */
            B({{S, I("ADD", 1, 1, 2)}}),        /* args: r1 + r2 */
            HALT()});
    uint32_t args[8] = {100, 23, 0, 0, 0, 0, 0, 0};
    s.reset(args);
    uint64_t c = s.run();
    expect("latency r11", reg_r(s, 0, 11), 12);
    expect("latency r12", reg_r(s, 0, 12), 35);
    expect("latency r13 (read early: old value)", reg_r(s, 0, 13), 0);
    expect("latency r14", reg_r(s, 0, 14), 35);
    expect("latency r1", reg_r(s, 1, 1), 123);
    /* 7 bundles, one per cycle after the first fetch: issue at cycles 1..7, halted seen at 8 */
    expect("latency cycles", c, 8);
    expect("latency bundles counter", s.perf(1), 14);
}

/* Loads (latency 3) and stores; post-modify (latency 1). */
void t_load()
{
    Sim s;
    s.load({B({{MV, I("MOVI_P", 0, 0, 0, 0, 0x100)}, {S, I("ADDI", 3, 0, 0, 0, 0x1234)}}),
            B({{ST, I("ST_PI", 3, 0, 0, 0, imm16(4))}}),        /* [0x100] = 0x1234; p0 = 0x104 */
            B({{ST, I("ST", 1, 0, 0, 0, 0)}, {L0, I("LD", 4, 0, 0, 0, imm16(-4))}}),  /* [0x104] = r1; r4 = [0x100] */
            B({{S, I("ADD", 5, 4, 0)}}),          /* r4 not landed: 0 */
            B({{S, I("ADD", 6, 4, 0)}}),          /* not yet */
            B({{S, I("ADD", 7, 4, 0)}, {L1, I("LD", 8, 0, 0, 0, 0)}}),  /* landed: 0x1234; r8 = [0x104] */
            NOP, NOP,
            B({{MV, I("MOVI_P", 1, 0, 0, 0, 0x100)}}),
            B({{L0, I("VLD", 2, 1, 0, 0, 0)}}),   /* v2 = row 0x100 */
            NOP, NOP,
            B({{MV, I("VEXT", 9, 2, 0, 0)}}),     /* low half of word 0 */
            B({{MV, I("VEXT", 10, 2, 0, 4)}}),    /* lane 4 = low half of word 2 (0x104 + 4 = 0x108: 0) */
            HALT()});
    uint32_t args[8] = {0xdeadbeef, 0, 0, 0, 0, 0, 0, 0};
    s.reset(args);
    s.run();
    expect("load r5", reg_r(s, 0, 5), 0);
    expect("load r6", reg_r(s, 0, 6), 0);
    expect("load r7", reg_r(s, 0, 7), 0x1234);
    expect("load r8", reg_r(s, 0, 8), 0xdeadbeef);
    expect("load r9", reg_r(s, 0, 9), 0x1234);
    expect("load r10", reg_r(s, 0, 10), 0);
    expect("trapped", s.m.trapped, 0);
}

/* Taken branches have BR_DELAY = 2 delay slots; jal links past them. */
void t_branch()
{
    Sim s;
    s.load({B({{S, I("J", 0, 0, 0, 0, 5)}}),
            B({{S, I("ADDI", 2, 2, 0, 0, 1)}}),   /* delay slot 1 */
            B({{S, I("ADDI", 3, 3, 0, 0, 1)}}),   /* delay slot 2 */
            B({{S, I("ADDI", 4, 4, 0, 0, 1)}}),   /* skipped */
            B({{S, I("ADDI", 4, 4, 0, 0, 1)}}),   /* skipped */
            B({{S, I("BEQ", 0, 0, 0, 0, 9)}}),    /* 5: taken (r0 == r0) */
            B({{S, I("ADDI", 5, 5, 0, 0, 1)}}),
            B({{S, I("JAL", 7, 0, 0, 0, 11)}}),   /* 7: a jump in beq's second delay slot */
            B({{S, I("ADDI", 6, 6, 0, 0, 1)}}),   /* skipped by the beq */
            B({{S, I("ADDI", 6, 6, 0, 0, 10)}}),  /* 9: beq target */
            B({{S, I("ADDI", 6, 6, 0, 0, 100)}}), /* 10: jal's delay slots are 9 and 10 */
            B({{S, I("ADDI", 8, 8, 0, 0, 1)}}),   /* 11: jal target */
            HALT()});
    s.reset(nullptr);
    uint64_t c = s.run();
    expect("branch r2", reg_r(s, 0, 2), 1);
    expect("branch r3", reg_r(s, 0, 3), 1);
    expect("branch r4", reg_r(s, 0, 4), 0);
    expect("branch r5", reg_r(s, 0, 5), 1);
    expect("branch r6", reg_r(s, 0, 6), 110);
    expect("branch r7 (jal link = pc + 1 + BR_DELAY)", reg_r(s, 0, 7), 10);
    expect("branch r8", reg_r(s, 0, 8), 1);
    /* issued: 0,1,2,5,6,7,9,10,11,12 = 10 bundles, cycles 1..10 */
    expect("branch cycles", c, 11);
}

/* Zero-overhead loops: a one-bundle body, and two nested loops. */
void t_loop()
{
    Sim t;
    std::vector<Bundle> p = {B({{S, I("LOOPI", 0, 0, 0, 0, 2) | 5u << 16}}),
                             B({{S, I("ADDI", 2, 2, 0, 0, 1)}}),
                             B({{S, I("ADDI", 3, 0, 0, 0, 3)}}),
                             B({{S, I("LOOP", 0, 3, 0, 0, 7)}}),
                             B({{S, I("LOOPI", 0, 0, 0, 0, 6) | 4u << 16}}),
                             B({{S, I("ADDI", 4, 4, 0, 0, 1)}}),
                             B({{S, I("ADDI", 5, 5, 0, 0, 1)}}),
                             HALT()};
    t.load(p);
    t.reset(nullptr);
    uint64_t c = t.run();
    expect("loop r2", reg_r(t, 0, 2), 5);
    expect("loop r4", reg_r(t, 0, 4), 12);
    expect("loop r5", reg_r(t, 0, 5), 3);
    /* bundles: 1 + 5 + 1 + 1 + 3 * (1 + 4 + 1) + 1 = 27, zero overhead: 27 cycles + 1 */
    expect("loop cycles", c, 28);
}

/* vmmac: 4x4 x 4x4 bf16 with fp32 accumulation, back to back into one accumulator. */
void t_mac()
{
    Sim s;
    /* v0 lanes = A (bf16 of small integers + fractions), v1 = B; built with vins */
    float A[16], Bm[16];
    std::vector<Bundle> p;
    for (int i = 0; i < 16; i++) {
        A[i] = (float)(i - 5) * 0.75f;
        Bm[i] = (float)(3 - i) * 1.25f + 0.5f;
    }
    for (int i = 0; i < 16; i++) {
        uint16_t a = kc_fp_to_bf16(kc_fp_bits(A[i])), b = kc_fp_to_bf16(kc_fp_bits(Bm[i]));
        p.push_back(B({{S, I("ORI", 2, 0, 0, 0, a)}}));
        p.push_back(B({{S, I("ORI", 3, 0, 0, 0, b)}, {MV, I("VINS", 0, 2, 0, (unsigned)i)}}));
        p.push_back(B({{MV, I("VINS", 1, 3, 0, (unsigned)i)}}));
    }
    p.push_back(B({{MAC, I("VMMUL", 2, 0, 1)}}));    /* acc2 = A x B */
    p.push_back(B({{MAC, I("VMMAC", 2, 0, 1)}}));    /* acc2 += A x B (forwarded) */
    p.push_back(B({{MAC, I("VMMAC", 2, 1, 0)}}));    /* acc2 += B x A */
    p.push_back(NOP);
    p.push_back(NOP);
    p.push_back(B({{MV, I("AEXT", 4, 2, 0, 5)}}));   /* 3 bundles after the last vmmac: its old value */
    p.push_back(B({{MV, I("AEXT", 5, 2, 0, 5)}}));   /* 4 bundles after: landed */
    p.push_back(HALT());
    s.load(p);
    s.reset(nullptr);
    s.run();
    uint32_t ref[16], mid5 = 0;
    for (int r = 0; r < 4; r++)
        for (int c = 0; c < 4; c++) {
            auto prod = [&](const float *X, const float *Y) {
                uint32_t acc = 0;
                for (int k = 0; k < 4; k++) {
                    uint32_t x = kc_fp_from_bf16(kc_fp_to_bf16(kc_fp_bits(X[4 * r + k])));
                    uint32_t y = kc_fp_from_bf16(kc_fp_to_bf16(kc_fp_bits(Y[4 * k + c])));
                    uint32_t pk = kc_fp_mul(x, y);
                    acc = k == 0 ? pk : kc_fp_add(acc, pk);
                }
                return acc;
            };
            uint32_t ab = prod(A, Bm), ba = prod(Bm, A);
            uint32_t v = kc_fp_add(ab, ab);
            if (4 * r + c == 5) mid5 = v;
            ref[4 * r + c] = kc_fp_add(v, ba);
        }
    for (int l = 0; l < 16; l++) {
        char what[64];
        snprintf(what, sizeof what, "mac acc2 lane %d", l);
        expect(what, reg_a(s, 0, 2, l), ref[l]);
    }
    expect("mac r4 (read before the last vmmac landed)", reg_r(s, 0, 4), mid5);
    expect("mac r5", reg_r(s, 0, 5), ref[5]);
}

/* The accumulator operand of a MAC-slot accumulation issued at bundle k is
 * ACC[d] as bundle k+L-1 sees it, whoever wrote it (docs/vliw_timing.md): an
 * aadd landing between the vmac's issue and its last stage IS accumulated onto. */
void t_macfwd()
{
    Sim s;
    s.load({B({{S, I("LUI", 2, 0, 0, 0, 0x3f80)}}),
            B({{MV, I("ABCST", 3, 2)}, {S, I("ADDI", 3, 0, 0, 0, 0x3f80)}}),
            B({{MV, I("VBCST", 8, 3)}, {S, I("ADDI", 4, 0, 0, 0, 0x4040)}}),
            B({{MV, I("VBCST", 9, 4)}, {VEC, I("AADD", 3, 3, 3)}}),   /* acc3 = 2.0 at the edge of bundle 5 */
            B({{MAC, I("VMAC", 3, 8, 9)}}),                           /* acc3 = 2.0 + 1.0 * 3.0 */
            NOP, NOP, NOP, HALT()});
    s.reset(nullptr);
    s.run();
    expect("macfwd acc3", reg_a(s, 0, 3, 0), kc_fp_bits(5.0f));
}

/* VEC: accumulator ALU, special function, reduction, shuffle; MV srs/ups. */
void t_vec()
{
    Sim s;
    std::vector<Bundle> p = {
        B({{S, I("LUI", 2, 0, 0, 0, 0x3fc0)}}),               /* r2 = 1.5f */
        B({{MV, I("ABCST", 0, 2)}, {S, I("LUI", 3, 0, 0, 0, 0x4000)}}),  /* acc0 = 1.5 */
        B({{MV, I("ABCST", 1, 3)}}),                           /* acc1 = 2.0 */
        B({{VEC, I("AADD", 2, 0, 1)}}),                        /* acc2 = 3.5 (lat 3) */
        B({{VEC, I("AEXP", 3, 0)}}),                           /* acc3 = exp(1.5) (lat 6) */
        B({{VEC, I("AIOTA", 4)}}),                             /* acc4 = 0..15 */
        NOP, NOP,
        B({{VEC, I("AREDSUM", 5, 4)}}),                        /* acc5 = 120 (lat 4) */
        B({{MV, I("SRS", 6, 4)}}),                             /* v6 = bf16(0..15) (lat 2) */
        NOP,
        B({{VEC, I("VTRN", 7, 6)}}),                           /* v7 = transpose (lat 2) */
        NOP, NOP, HALT()};
    s.load(p);
    s.reset(nullptr);
    s.run();
    expect("vec aadd", reg_a(s, 0, 2, 7), kc_fp_bits(3.5f));
    expect("vec aexp", reg_a(s, 0, 3, 0), kc_fp_exp(kc_fp_bits(1.5f)));
    expect("vec aredsum", reg_a(s, 0, 5, 3), kc_fp_bits(120.0f));
    expect("vec srs lane 9", reg_v(s, 0, 6, 9), kc_fp_to_bf16(kc_fp_bits(9.0f)));
    expect("vec vtrn lane 1 = lane 4", reg_v(s, 0, 7, 1), kc_fp_to_bf16(kc_fp_bits(4.0f)));
    expect("vec not trapped", s.m.trapped, 0);
}

/* Two writes of r3 landing at one boundary: write-conflict trap, precise (the
 * bundle has no effect): mul (lat 2) at bundle 1 and addi (lat 1) at bundle 2. */
void t_conflict()
{
    Sim s;
    s.load({B({{S, I("ADDI", 2, 0, 0, 0, 3)}}),
            B({{S, I("MUL", 3, 2, 2)}}),
            B({{S, I("ADDI", 3, 0, 0, 0, 1)}, {MV, I("MOVI", 4, 0, 0, 0, 9)}}),
            HALT()});
    s.reset(nullptr);
    s.run();
    expect("conflict trapped", s.m.trapped, 1);
    expect("conflict cause", s.m.trap_cause, 5);
    expect("conflict pc", s.m.trap_pc, 2);
    expect("conflict info (tile 0, slot 0, r3)", s.m.trap_info, 0x00000003);
    expect("conflict: the bundle had no effect (r4)", reg_r(s, 0, 4), 0);
}

/* A MAC row in the S slot: illegal, slot 0, info = the low 20 bits of the word. */
void t_illegal()
{
    Sim s;
    uint32_t w = I("VMMAC", 1, 2, 3);
    s.load({NOP, B({{VEC, 0}, {S, w}}), HALT()});
    s.reset(nullptr);
    s.run();
    expect("illegal trapped", s.m.trapped, 1);
    expect("illegal cause", s.m.trap_cause, 1);
    expect("illegal pc", s.m.trap_pc, 1);
    expect("illegal info", s.m.trap_info, w & 0xfffff);
    Sim t;   /* a vector access in window 1 from tile 0 (no west neighbour): dm-access */
    t.load({B({{MV, I("MOVI_P", 0, 0, 0, 0, 0x10000)}}), B({{L1, I("VLD", 1, 0, 0, 0, 0)}}), HALT()});
    t.reset(nullptr);
    t.run();
    expect("window trap cause", t.m.trap_cause, 3);
    expect("window trap info (slot 2)", t.m.trap_info, 0x00210000);
}

/* Two tiles: tile 0 stores then releases its lock 2; tile 1 acquires it through
 * window 1 (west) and loads the word from tile 0's memory. */
void t_lock()
{
    Sim s;
    s.load({B({{S, I("ADDI", 3, 0, 0, 0, 77)}, {MV, I("MOVI_P", 0, 0, 0, 0, 0x40)}}),
            NOP, NOP, NOP, NOP, NOP,
            B({{ST, I("ST", 3, 0, 0, 0, 0)}}),
            B({{S, I("REL", 0, 0, 0, 0, 2u << 16 | 1)}}),
            HALT()}, 0);
    s.load({B({{S, I("ACQ", 0, 0, 0, 0, 0x12u << 16 | 1)}, {MV, I("MOVI_P", 1, 0, 0, 0, 0x10040)}}),
            B({{L0, I("LD", 5, 1, 0, 0, 0)}}),
            NOP, NOP, HALT()}, 1);
    s.reset(nullptr);
    uint64_t c = s.run();
    expect("lock r5 on tile 1", reg_r(s, 1, 5), 77);
    /* tile 0 releases at cycle 8 (bundle 7); tile 1's acquire comes later in the
     * same cycle's priority order (own tile first), sees the released value and
     * issues at cycle 8 too: 7 lock-stall cycles; its halt issues at cycle 12 */
    expect("lock stall cycles", s.perf(8), 7);
    expect("lock cycles", c, 13);
}

/* L0 and L1 to one bank: one extra cycle (bank conflict), the counters say so. */
void t_bank()
{
    Sim s;
    s.load({B({{MV, I("MOVI_P", 0, 0, 0, 0, 0x000)}}),
            B({{L0, I("VLD", 1, 0, 0, 0, 0)}, {L1, I("VLD", 2, 0, 0, 0, imm16(256))}}),  /* banks 0, 0 */
            B({{L0, I("VLD", 3, 0, 0, 0, 0)}, {L1, I("VLD", 4, 0, 0, 0, imm16(32))}}),   /* banks 0, 1 */
            HALT()}, 0);
    s.load({HALT()}, 1);
    s.reset(nullptr);
    uint64_t c = s.run();
    expect("bank stall_bank", s.perf(10), 1);
    expect("bank conflicts", s.perf(13), 1);
    /* issue at 1, 2-3 (L1 waits a cycle), 4, halt at 5; the loads of bundle 2
     * (latency 3) land at the edge after cycle 6 (the pipes drain after halt) */
    expect("bank cycles", c, 7);
}

} // namespace

int main(int argc, char **argv)
{
    Verilated::commandArgs(argc, argv);
    if (argc < 3 || !load_isa(argv[1])) {
        fprintf(stderr, "usage: test_vliw_top ISA_VH CASE\n");
        return 2;
    }
    std::string c = argv[2];
    struct { const char *name; void (*fn)(); } cases[] = {
        {"latency", t_latency}, {"load", t_load}, {"branch", t_branch}, {"loop", t_loop}, {"mac", t_mac}, {"macfwd", t_macfwd},
        {"vec", t_vec}, {"conflict", t_conflict}, {"illegal", t_illegal}, {"lock", t_lock}, {"bank", t_bank}};
    int ran = 0;
    for (auto &k : cases)
        if (c == "all" || c == k.name) {
            int before = g_fail;
            k.fn();
            printf("%s: %s\n", k.name, g_fail == before ? "ok" : "FAILED");
            ran++;
        }
    if (!ran) {
        fprintf(stderr, "unknown case %s\n", c.c_str());
        return 2;
    }
    return g_fail ? 1 : 0;
}
