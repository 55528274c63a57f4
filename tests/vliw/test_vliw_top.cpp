/* test_vliw_top.cpp — the vliw array (rtl/vliw/vliw_top.v, 1 x 2 tiles here)
 * running hand-written bundles. The slot words are built from the generated
 * rtl/vliw/vliw_isa.vh (VLIW_MATCH_<ROW> read at run time, fields at their
 * table places), so nothing here hard-codes an opcode. Each case checks final
 * registers (public_flat_rd state), the cycle count and counters against
 * values derived by hand from the rules in rtl/vliw/vliw_core.md. The DMA
 * cases (dma_*) run the ISS (isa/vliw_iss) in lock step with the RTL, each on
 * its own kc_dram with the same contents, and require the same bundle issued
 * on every tile every cycle, then the same cycles, counters, trap, registers,
 * locks, DM and DRAM; each also checks the hand-derived facts it is about.
 *
 *   test_vliw_top ISA_VH CASE      (CASE: latency, load, branch, loop, mac, macfwd, vec,
 *                                   conflict, illegal, lock, bank,
 *                                   dma_in, dma_3d, dma_out, dma_lock, dma_contend,
 *                                   dma_fault, dma_bdinvalid, dma_relovf, dma_random, all)
 */
#include "Vvliw_top.h"
#include "Vvliw_top___024root.h"
#include "verilated.h"

extern "C" {
#include "kc_dram.h"
#include "kc_fp.h"
#include "kc_image.h"
#include "vliw_iss.h"
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

/* ---- DMA: the RTL against the ISS, cycle by cycle ---------------------------- */

constexpr uint32_t kDram = 1u << 20;                 /* Sim::reset's dram_bytes */
constexpr unsigned kDmBytes = 4096, kBanks = 8;      /* the build's -G sizes */

/* BD field ids (bd.set's c field: VLIW_CFG 16..27) */
enum { F_DRAM = 16, F_DM, F_LEN0, F_CNT1, F_DS1, F_MS1, F_CNT2, F_DS2, F_MS2, F_ACQ, F_REL, F_NEXT };
int32_t lockf(unsigned idx, unsigned n) { return (int32_t)(0x2000u | idx << 6 | n); }
uint8_t pattern(uint32_t a) { return (uint8_t)(a * 37u + (a >> 8) * 11u + 5u); }

/* bd.set of BD `bd`, one field per bundle: from register `reg`, else the
 * immediate moved into r9 / r10 by the bundle before. */
struct Fld {
    unsigned id;
    int32_t val;
    unsigned reg;
};
void set_bd(std::vector<Bundle> &p, unsigned bd, std::initializer_list<Fld> fs)
{
    std::vector<Fld> v(fs);
    std::vector<Bundle> out(v.size() + 1, NOP);
    for (size_t i = 0; i < v.size(); i++) {
        unsigned r = v[i].reg ? v[i].reg : (unsigned)(9 + i % 2);
        if (!v[i].reg) out[i][MV] = I("MOVI", r, 0, 0, 0, imm16(v[i].val));
        out[i + 1][S] = I("BD_SET", bd, r, 0, v[i].id);
    }
    p.insert(p.end(), out.begin(), out.end());
}
Bundle Sop(const char *row, unsigned d = 0, unsigned a = 0, uint32_t imm = 0) { return B({{S, I(row, d, a, 0, 0, imm)}}); }
uint32_t lk(unsigned idx, unsigned n) { return idx << 16 | n; }

#define TILE(t, x) m.rootp->vliw_top__DOT__g_tile__BRA__##t##__KET____DOT__u_tile__DOT__##x
#define BANKMEM(t, b) TILE(t, u_dm__DOT__g_bank__BRA__##b##__KET____DOT__u_bank__DOT__mem)
template <class M> void grab(const M &mem, unsigned b, std::vector<uint8_t> &dm)
{
    for (unsigned r = 0; r < kDmBytes / 32 / kBanks; r++)
        for (unsigned w = 0; w < 8; w++)
            for (unsigned k = 0; k < 4; k++) dm[32 * (r * kBanks + b) + 4 * w + k] = (uint8_t)(mem[r][w] >> 8 * k);
}
std::vector<uint8_t> rtl_dm(Sim &s, int t)
{
    std::vector<uint8_t> dm(kDmBytes);
#define G8(T) grab(s.BANKMEM(T, 0), 0, dm); grab(s.BANKMEM(T, 1), 1, dm); grab(s.BANKMEM(T, 2), 2, dm); \
    grab(s.BANKMEM(T, 3), 3, dm); grab(s.BANKMEM(T, 4), 4, dm); grab(s.BANKMEM(T, 5), 5, dm);          \
    grab(s.BANKMEM(T, 6), 6, dm); grab(s.BANKMEM(T, 7), 7, dm)
    if (t) { G8(1); } else { G8(0); }
#undef G8
    return dm;
}
unsigned rtl_lock(Sim &s, int t, unsigned i)
{
    unsigned v = 0;
    for (unsigned k = 0; k < 6; k++) {
        unsigned bit = 6 * i + k;
        uint32_t w = t ? s.TILE(1, u_locks__DOT__value)[bit / 32] : s.TILE(0, u_locks__DOT__value)[bit / 32];
        v |= (w >> bit % 32 & 1) << k;
    }
    return v;
}

/* The array (1 x 2) and the ISS side by side, each with its own kc_dram. */
struct Dual {
    Sim s;
    vliw_iss *iss = nullptr;
    kc_dram *dr = nullptr, *di = nullptr;   /* the RTL's, the ISS's */
    kc_image img;
    std::string name;
    Dual(const char *n, unsigned latency, unsigned bw) : name(n)
    {
        kc_err err;
        kc_dram_cfg cfg = {kDram, latency, bw};
        vliw_iss_params p;
        vliw_iss_params_default(&p);
        p.rows = 1; p.cols = 2; p.pm_bundles = 64; p.dm_bytes = kDmBytes; p.nbanks = kBanks;
        if (kc_dram_open(&dr, &cfg, 32, &err) != KC_OK || kc_dram_open(&di, &cfg, 32, &err) != KC_OK ||
            vliw_iss_create(&iss, &p, &err) != KC_OK) {
            fprintf(stderr, "%s: %s\n", n, err.text);
            exit(2);
        }
        kc_image_init(&img, 28, 28);
        for (uint32_t a = 0; a < kDram; a++) kc_dram_data(dr)[a] = kc_dram_data(di)[a] = pattern(a);
    }
    ~Dual()
    {
        kc_image_free(&img);
        vliw_iss_destroy(iss);
        kc_dram_close(dr);
        kc_dram_close(di);
    }
    void load(const std::vector<Bundle> &prog, int tile)
    {
        s.load(prog, tile);
        std::vector<uint8_t> bytes;
        for (auto &b : prog)
            for (uint32_t w : b)
                for (unsigned k = 0; k < 4; k++) bytes.push_back((uint8_t)(w >> 8 * k));
        kc_err err;
        if (kc_image_add(&img, ((uint64_t)(tile + 1) << 24) * 28, bytes.data(), bytes.size(), 1, &err) != KC_OK) {
            fprintf(stderr, "%s: %s\n", name.c_str(), err.text);
            exit(2);
        }
    }
    /* Lock step until both end; the first difference in the per-cycle issue
     * view fails the case. Returns the RTL's cycles. */
    uint64_t run(const uint32_t *args, uint64_t max = 20000)
    {
        kc_err err;
        if (vliw_iss_load(iss, &img, &err) != KC_OK || vliw_iss_reset(iss, args, 8, di, &err) != KC_OK) {
            fprintf(stderr, "%s: %s\n", name.c_str(), err.text);
            exit(2);
        }
        kc_dram_reset(di);
        kc_dram_reset(dr);
        s.reset(args);
        for (uint64_t c = 0; c < max; c++) {
            s.m.eval();
            bool rd = s.m.halted || s.m.trapped, id = vliw_iss_state(iss, nullptr) != KC_CORE_RUNNING;
            if (rd != id) {
                printf("  FAIL %s: at cycle %llu the RTL %s, the ISS %s\n", name.c_str(), (unsigned long long)c,
                       rd ? "ended" : "runs", id ? "ended" : "runs");
                g_fail++;
                return c;
            }
            if (rd) return c;
            kc_bus_req req;
            kc_bus_resp resp;
            memset(&req, 0, sizeof req);
            req.valid = s.m.mem_req_valid;
            req.write = s.m.mem_req_write;
            req.addr = s.m.mem_req_addr;
            req.wstrb = s.m.mem_req_wstrb;
            for (unsigned w = 0; w < 8; w++)
                for (unsigned k = 0; k < 4; k++) req.wdata[4 * w + k] = (uint8_t)(s.m.mem_req_wdata[w] >> 8 * k);
            kc_dram_drive(dr, &req, &resp);
            s.m.mem_req_ready = resp.req_ready;
            s.m.mem_resp_valid = resp.resp_valid;
            for (unsigned w = 0; w < 8; w++)
                s.m.mem_resp_rdata[w] = (uint32_t)resp.rdata[4 * w] | (uint32_t)resp.rdata[4 * w + 1] << 8 |
                                        (uint32_t)resp.rdata[4 * w + 2] << 16 | (uint32_t)resp.rdata[4 * w + 3] << 24;
            s.m.eval();
            uint32_t iv = s.m.issue_valid, pc0 = s.m.issue_pc & 0xffffffffu, pc1 = (uint32_t)(s.m.issue_pc >> 32);
            s.tick();
            kc_dram_commit(dr, &req, &resp);
            vliw_iss_step(iss);
            for (unsigned t = 0; t < 2; t++) {
                uint32_t ipc = 0, rpc = t ? pc1 : pc0;
                int ii = vliw_iss_issued(iss, t, &ipc), ri = iv >> t & 1;
                if (ii != ri || (ii && ipc != rpc)) {
                    printf("  FAIL %s: cycle %llu tile %u: RTL %s pc %u, ISS %s pc %u\n", name.c_str(),
                           (unsigned long long)c, t, ri ? "issued" : "idle", rpc, ii ? "issued" : "idle", ipc);
                    g_fail++;
                    return c;
                }
            }
        }
        printf("  FAIL %s: no end in %llu cycles\n", name.c_str(), (unsigned long long)max);
        g_fail++;
        return 0;
    }
    void eq(const std::string &what, uint64_t rtl, uint64_t ref) { expect((name + " " + what).c_str(), rtl, ref); }
    /* Everything the two can be compared on. */
    void compare()
    {
        uint64_t cnt[VLIW_NCOUNTERS];
        vliw_iss_counters(iss, cnt, VLIW_NCOUNTERS);
        for (unsigned i = 0; i < VLIW_NCOUNTERS; i++) eq(vliw_iss_counter_names[i], s.perf(i), cnt[i]);
        kc_core_status st;
        vliw_iss_status(iss, &st);
        eq("trapped", s.m.trapped, st.state == KC_CORE_TRAPPED);
        if (st.state == KC_CORE_TRAPPED) {
            eq("trap cause", s.m.trap_cause, st.cause);
            eq("trap pc", s.m.trap_pc, st.pc);
            eq("trap info", s.m.trap_info, st.info);
        }
        for (unsigned t = 0; t < 2; t++) {
            for (unsigned i = 0; i < 16; i++) eq("r" + std::to_string(i), reg_r(s, (int)t, (int)i), vliw_iss_r(iss, t, i));
            for (unsigned i = 0; i < 16; i++)
                for (unsigned l = 0; l < 16; l++) {
                    const uint8_t *v = vliw_iss_v(iss, t, i);
                    eq("v" + std::to_string(i), reg_v(s, (int)t, (int)i, (int)l), (uint16_t)(v[2 * l] | v[2 * l + 1] << 8));
                }
            for (unsigned i = 0; i < 16; i++) eq("lock" + std::to_string(i), rtl_lock(s, (int)t, i), vliw_iss_lock(iss, t, i));
            std::vector<uint8_t> dm = rtl_dm(s, (int)t);
            const uint8_t *ref = vliw_iss_dm(iss, t);
            for (unsigned a = 0; a < kDmBytes; a++)
                if (dm[a] != ref[a]) {
                    eq("tile " + std::to_string(t) + " DM byte 0x" + std::to_string(a), dm[a], ref[a]);
                    break;
                }
        }
        const uint8_t *a = kc_dram_data(dr), *b = kc_dram_data(di);
        for (uint32_t i = 0; i < kDram; i++)
            if (a[i] != b[i]) {
                eq("DRAM byte " + std::to_string(i), a[i], b[i]);
                break;
            }
    }
    /* DM of tile t holds the bytes of a 3-D move from DRAM (as the BD says). */
    void check_in(int t, uint32_t dram, uint32_t dm, uint32_t len, uint32_t c1, int32_t ds1, int32_t ms1, uint32_t c2,
                  int32_t ds2, int32_t ms2)
    {
        std::vector<uint8_t> d = rtl_dm(s, t);
        for (uint32_t i2 = 0; i2 < c2; i2++)
            for (uint32_t i1 = 0; i1 < c1; i1++)
                for (uint32_t k = 0; k < len; k++) {
                    uint32_t sa = dram + i1 * ds1 + i2 * ds2 + k, da = dm + i1 * ms1 + i2 * ms2 + k;
                    if (d[da] != pattern(sa)) {
                        eq("DM byte " + std::to_string(da) + " from DRAM " + std::to_string(sa), d[da], pattern(sa));
                        return;
                    }
                }
    }
};

/* An in-chain from an unaligned DRAM address (0x1006) to an unaligned DM
 * address (0x12), 70 bytes, DRAM latency 4. Bundles 0..5 write the BD,
 * dma.start issues at 7; phase 0 of cycle 8 loads the BD (ACQ, no lock),
 * XFER from 9: the 3 read units (beats 0x1000, 0x1020, 0x1040) are accepted
 * at 9, 10, 11 and arrive at 13, 14, 15; the 3 DM lines (0x00, 0x20, 0x40)
 * need units {0}, {0,1}, {1,2}: written at 14, 15, 16; REL 17; idle from 18,
 * when dma.wait (waiting since 8) issues; then 5 bundles to the halt at 23. */
void t_dma_in()
{
    Dual d("dma_in", 4, 32);
    std::vector<Bundle> p;
    set_bd(p, 0, {{F_DRAM, 0, 1}, {F_DM, 0x12, 0}, {F_LEN0, 70, 0}, {F_CNT1, 1, 0}, {F_CNT2, 1, 0}});
    p.push_back(Sop("DMA_START", 0, 0));
    p.push_back(Sop("DMA_WAIT", 0));
    p.push_back(B({{MV, I("MOVI_P", 0, 0, 0, 0, 0x20)}}));
    p.push_back(B({{L0, I("LD", 11, 0, 0, 0, 0)}}));
    p.push_back(NOP);
    p.push_back(NOP);
    p.push_back(HALT());
    d.load(p, 0);
    d.load({HALT()}, 1);
    uint32_t args[8] = {0x1006, 0, 0, 0, 0, 0, 0, 0};
    uint64_t c = d.run(args);
    d.compare();
    d.check_in(0, 0x1006, 0x12, 70, 1, 0, 0, 1, 0, 0);
    expect("dma_in cycles", c, 24);
    expect("dma_in stall_dma_wait", d.s.perf(9), 10);
    expect("dma_in dma_busy", d.s.perf(11), 10);
    expect("dma_in dma_bytes", d.s.perf(12), 70);
}

/* A 3-D BD: 2 x 3 rows of 20 bytes, DRAM strides 40 / 300 from 0x2002, DM
 * strides 24 / 100 from 0x200 (rows share DRAM beats and DM lines). */
void t_dma_3d()
{
    Dual d("dma_3d", 4, 32);
    std::vector<Bundle> p;
    set_bd(p, 3, {{F_DRAM, 0, 1}, {F_DM, 0x200, 0}, {F_LEN0, 20, 0}, {F_CNT1, 3, 0}, {F_DS1, 40, 0},
                  {F_MS1, 24, 0}, {F_CNT2, 2, 0}, {F_DS2, 300, 0}, {F_MS2, 100, 0}});
    p.push_back(Sop("DMA_START", 0, 3));
    p.push_back(Sop("DMA_WAIT", 0));
    p.push_back(HALT());
    d.load(p, 0);
    d.load({HALT()}, 1);
    uint32_t args[8] = {0x2002, 0, 0, 0, 0, 0, 0, 0};
    d.run(args);
    d.compare();
    d.check_in(0, 0x2002, 0x200, 20, 3, 40, 24, 2, 300, 100);
    expect("dma_3d dma_bytes", d.s.perf(12), 120);
}

/* An out-chain: 256 bytes in, a core store into them, then 2 rows of 48 bytes
 * from DM 0x36 (stride 64) to DRAM 0x5012 (stride 80). */
void t_dma_out()
{
    Dual d("dma_out", 6, 32);
    std::vector<Bundle> p;
    set_bd(p, 0, {{F_DRAM, 0, 1}, {F_DM, 0, 0}, {F_LEN0, 256, 0}, {F_CNT1, 1, 0}, {F_CNT2, 1, 0}});
    set_bd(p, 1, {{F_DRAM, 0, 2}, {F_DM, 0x36, 0}, {F_LEN0, 48, 0}, {F_CNT1, 2, 0}, {F_DS1, 80, 0},
                  {F_MS1, 64, 0}, {F_CNT2, 1, 0}});
    p.push_back(Sop("DMA_START", 0, 0));
    p.push_back(B({{S, I("DMA_WAIT", 0)}, {MV, I("MOVI_P", 0, 0, 0, 0, 0x78)}}));
    p.push_back(B({{S, I("ADDI", 3, 0, 0, 0, 0x5a5a)}}));
    p.push_back(B({{ST, I("ST", 3, 0, 0, 0, 0)}}));     /* DM 0x78: inside row 1 */
    p.push_back(Sop("DMA_START", 1, 1));
    p.push_back(Sop("DMA_WAIT", 1));
    p.push_back(HALT());
    d.load(p, 0);
    d.load({HALT()}, 1);
    uint32_t args[8] = {0x1000, 0x5012, 0, 0, 0, 0, 0, 0};
    d.run(args);
    d.compare();
    const uint8_t *m = kc_dram_data(d.dr);
    for (uint32_t i1 = 0; i1 < 2; i1++)
        for (uint32_t k = 0; k < 48; k++) {
            uint32_t da = 0x36 + 64 * i1 + k, want = da >= 0x78 && da < 0x7c ? (0x5a5au >> 8 * (da - 0x78)) & 0xff
                                                                              : pattern(0x1000 + da);
            if (m[0x5012 + 80 * i1 + k] != want) {
                expect("dma_out DRAM byte", m[0x5012 + 80 * i1 + k], want);
                i1 = 2;
                break;
            }
        }
    expect("dma_out DRAM after the rows untouched", m[0x5012 + 48], pattern(0x5012 + 48));
    expect("dma_out dma_bytes", d.s.perf(12), 256 + 96);
}

/* A BD chain handshaking with the core through locks: BD0 (64 bytes into DM
 * 0x100) releases lock 3, NEXT BD1 waits for lock 4 (released by the core
 * once it has loaded the buffer), refills it and releases lock 3 again.
 * Tile 1 at the same time sends 96 bytes of its DM out, releasing lock 1 by
 * 2, which its core acquires. */
void t_dma_lock()
{
    Dual d("dma_lock", 5, 32);
    std::vector<Bundle> p;
    set_bd(p, 0, {{F_DRAM, 0, 1}, {F_DM, 0x100, 0}, {F_LEN0, 64, 0}, {F_CNT1, 1, 0}, {F_CNT2, 1, 0},
                  {F_REL, lockf(3, 1), 0}, {F_NEXT, 0x11, 0}});
    set_bd(p, 1, {{F_DRAM, 0, 2}, {F_DM, 0x100, 0}, {F_LEN0, 64, 0}, {F_CNT1, 1, 0}, {F_CNT2, 1, 0},
                  {F_ACQ, lockf(4, 1), 0}, {F_REL, lockf(3, 1), 0}});
    p.push_back(B({{S, I("DMA_START", 0, 0)}, {MV, I("MOVI_P", 0, 0, 0, 0, 0x100)}}));
    p.push_back(Sop("ACQ", 0, 0, lk(3, 1)));
    p.push_back(B({{L0, I("VLD", 1, 0, 0, 0, 0)}, {L1, I("VLD", 2, 0, 0, 0, 32)}, {S, I("REL", 0, 0, 0, 0, lk(4, 1))}}));
    p.push_back(Sop("ACQ", 0, 0, lk(3, 1)));
    p.push_back(B({{L0, I("VLD", 3, 0, 0, 0, 0)}, {L1, I("VLD", 4, 0, 0, 0, 32)}}));
    p.push_back(NOP);
    p.push_back(NOP);
    p.push_back(HALT());
    d.load(p, 0);
    std::vector<Bundle> q;
    set_bd(q, 2, {{F_DRAM, 0, 3}, {F_DM, 0, 0}, {F_LEN0, 96, 0}, {F_CNT1, 1, 0}, {F_CNT2, 1, 0}, {F_REL, lockf(1, 2), 0}});
    q.push_back(Sop("DMA_START", 1, 2));
    q.push_back(Sop("ACQ", 0, 0, lk(1, 2)));
    q.push_back(HALT());
    d.load(q, 1);
    uint32_t args[8] = {0x1000, 0x3000, 0x6000, 0, 0, 0, 0, 0};
    d.run(args);
    d.compare();
    expect("dma_lock v1 lane 0 (first buffer)", reg_v(d.s, 0, 1, 0), pattern(0x1000) | pattern(0x1001) << 8);
    expect("dma_lock v3 lane 0 (refilled)", reg_v(d.s, 0, 3, 0), pattern(0x3000) | pattern(0x3001) << 8);
    expect("dma_lock v4 lane 15", reg_v(d.s, 0, 4, 15), pattern(0x303e) | pattern(0x303f) << 8);
    expect("dma_lock DRAM 0x6000 (tile 1's zero DM)", kc_dram_data(d.dr)[0x6000], 0);
    expect("dma_lock stall_lock > 0", d.s.perf(8) > 0, 1);
}

/* Both tiles, both channels at once, DRAM at half rate (16 bytes/cycle) and
 * latency 12: the round robin, DMA_INFLIGHT, the in-order read routing, and a
 * full dma.start queue (the fourth start on ch0 waits). */
std::vector<Bundle> contend_prog(unsigned rin, unsigned rout, uint32_t dm_out)
{
    std::vector<Bundle> p;
    set_bd(p, 0, {{F_DRAM, 0, rin}, {F_DM, 0x2, 0}, {F_LEN0, 300, 0}, {F_CNT1, 1, 0}, {F_CNT2, 1, 0}});
    set_bd(p, 1, {{F_DRAM, 0, rout}, {F_DM, (int32_t)dm_out, 0}, {F_LEN0, 200, 0}, {F_CNT1, 1, 0}, {F_CNT2, 1, 0}});
    p.push_back(Sop("DMA_START", 1, 1));
    for (int i = 0; i < 4; i++) p.push_back(Sop("DMA_START", 0, 0));
    p.push_back(Sop("DMA_WAIT", 0));
    p.push_back(Sop("DMA_WAIT", 1));
    p.push_back(HALT());
    return p;
}
void t_dma_contend()
{
    Dual d("dma_contend", 12, 16);
    d.load(contend_prog(1, 2, 0x800), 0);
    d.load(contend_prog(3, 4, 0x900), 1);
    uint32_t args[8] = {0x1010, 0x7000, 0x2020, 0x7400, 0, 0, 0, 0};
    d.run(args);
    d.compare();
    d.check_in(0, 0x1010, 0x2, 300, 1, 0, 0, 1, 0, 0);
    d.check_in(1, 0x2020, 0x2, 300, 1, 0, 0, 1, 0, 0);
    expect("dma_contend dma_bytes", d.s.perf(12), 2 * (4 * 300 + 200));
    expect("dma_contend stall_dma_wait > 0", d.s.perf(9) > 0, 1);
}

/* A row past the end of DRAM: dma-fault when the BD loads (cycle 8, the
 * bundle at I is 7), slot 7 (ch0), detail = the row's DRAM address. */
void t_dma_fault()
{
    Dual d("dma_fault", 4, 32);
    std::vector<Bundle> p;
    set_bd(p, 0, {{F_DRAM, 0, 1}, {F_DM, 0, 0}, {F_LEN0, 64, 0}, {F_CNT1, 1, 0}, {F_CNT2, 1, 0}});
    p.push_back(Sop("DMA_START", 0, 0));
    p.push_back(Sop("DMA_WAIT", 0));
    p.push_back(HALT());
    d.load(p, 0);
    d.load({HALT()}, 1);
    uint32_t args[8] = {kDram - 32, 0, 0, 0, 0, 0, 0, 0};
    uint64_t c = d.run(args);
    d.compare();
    expect("dma_fault trapped", d.s.m.trapped, 1);
    expect("dma_fault cause", d.s.m.trap_cause, 7);
    expect("dma_fault pc", d.s.m.trap_pc, 7);
    expect("dma_fault info", d.s.m.trap_info, 7u << 20 | ((kDram - 32) & 0xfffff));
    expect("dma_fault cycles", c, 9);
}

/* An odd LEN0 on tile 1's ch1: bd-invalid, slot 8, detail = the BD. */
void t_dma_bdinvalid()
{
    Dual d("dma_bdinvalid", 4, 32);
    std::vector<Bundle> p;
    set_bd(p, 5, {{F_DRAM, 0, 1}, {F_DM, 0, 0}, {F_LEN0, 71, 0}, {F_CNT1, 1, 0}, {F_CNT2, 1, 0}});
    p.push_back(Sop("DMA_START", 1, 5));
    p.push_back(HALT());
    d.load({HALT()}, 0);
    d.load(p, 1);
    uint32_t args[8] = {0x1000, 0, 0, 0, 0, 0, 0, 0};
    d.run(args);
    d.compare();
    expect("dma_bdinvalid cause", d.s.m.trap_cause, 8);
    expect("dma_bdinvalid info", d.s.m.trap_info, 1u << 24 | 8u << 20 | 5);
}
/* A BD's release past 63 (the core released 30 first, ch1's BD adds 40):
 * lock-overflow in the REL cycle, slot 8, detail = the lock index. */
void t_dma_relovf()
{
    Dual d("dma_relovf", 3, 32);
    std::vector<Bundle> p;
    set_bd(p, 4, {{F_DRAM, 0, 1}, {F_DM, 0x40, 0}, {F_LEN0, 32, 0}, {F_CNT1, 1, 0}, {F_CNT2, 1, 0},
                  {F_REL, lockf(5, 40), 0}});
    p.push_back(Sop("REL", 0, 0, lk(5, 30)));
    p.push_back(Sop("DMA_START", 1, 4));
    p.push_back(Sop("DMA_WAIT", 1));
    p.push_back(HALT());
    d.load(p, 0);
    d.load({HALT()}, 1);
    uint32_t args[8] = {0x1000, 0, 0, 0, 0, 0, 0, 0};
    d.run(args);
    d.compare();
    expect("dma_relovf cause", d.s.m.trap_cause, 6);
    expect("dma_relovf info", d.s.m.trap_info, 8u << 20 | 5);
    expect("dma_relovf lock 5 unchanged", rtl_lock(d.s, 0, 5), 30);
}

/* Random BD geometries (alignments, negative strides, 3-D, NEXT chains,
 * both channels of both tiles, DRAM latency 1..24 and 8..32 bytes/cycle),
 * fixed seeds: the RTL and the ISS must agree on everything, whether the
 * programs end or trap. */
struct Rng {
    uint64_t x;
    uint32_t next() { x ^= x << 13; x ^= x >> 7; x ^= x << 17; return (uint32_t)(x >> 11); }
    int32_t in(int32_t lo, int32_t hi) { return lo + (int32_t)(next() % (uint32_t)(hi - lo + 1)); }
    int32_t even(int32_t lo, int32_t hi) { return in(lo / 2, hi / 2) * 2; }
};
std::vector<Bundle> random_prog(Rng &r, unsigned rin, unsigned rout)
{
    std::vector<Bundle> p;
    for (unsigned bd = 0; bd < 3; bd++) {
        int32_t len = r.even(2, 160), c1 = r.in(1, 3), c2 = r.in(1, 2);
        int32_t ms1 = r.even(-200, 200), ms2 = r.even(-400, 400), ds1 = r.even(-300, 300), ds2 = r.even(-600, 600);
        int32_t dm = r.even(1200, 2400) + (bd == 1 && r.next() % 8 == 0 ? 4000 : 0);   /* now and then out of the DM */
        set_bd(p, bd, {{F_DRAM, 0, bd == 2 ? rout : rin}, {F_DM, dm, 0}, {F_LEN0, len, 0}, {F_CNT1, c1, 0},
                       {F_DS1, ds1, 0}, {F_MS1, ms1, 0}, {F_CNT2, c2, 0}, {F_DS2, ds2, 0}, {F_MS2, ms2, 0},
                       {F_NEXT, bd == 0 && r.next() % 2 ? 0x11 : 0, 0}});
    }
    p.push_back(Sop("DMA_START", 0, 0));
    p.push_back(Sop("DMA_START", 1, 2));
    if (r.next() % 2) p.push_back(Sop("DMA_START", 0, 1));
    p.push_back(Sop("DMA_WAIT", 0));
    p.push_back(Sop("DMA_WAIT", 1));
    p.push_back(HALT());
    return p;
}
void t_dma_random()
{
    unsigned traps = 0;
    uint64_t cycles = 0, bytes = 0;
    std::string causes;
    for (uint64_t seed = 1; seed <= 40; seed++) {
        Rng r{seed * 0x9e3779b97f4a7c15ull};
        unsigned lat = (unsigned)r.in(1, 24), bw = 8u << r.in(0, 2);
        std::string n = "dma_random seed " + std::to_string(seed);
        Dual d(n.c_str(), lat, bw);
        d.load(random_prog(r, 1, 2), 0);
        d.load(random_prog(r, 3, 4), 1);
        uint32_t args[8] = {(uint32_t)r.even(0x1000, 0x8000) | (r.next() % 16 == 0 ? kDram - 64 : 0),
                            (uint32_t)r.even(0x10000, 0x18000), (uint32_t)r.even(0x1000, 0x8000),
                            (uint32_t)r.even(0x20000, 0x28000), 0, 0, 0, 0};
        cycles += d.run(args);
        d.compare();
        traps += d.s.m.trapped;
        if (d.s.m.trapped) causes += " " + std::string(vliw_iss_cause_name(d.s.m.trap_cause));
        bytes += d.s.perf(12);
    }
    printf("  40 programs: %u trapped (%s), %llu cycles, %llu DMA bytes\n", traps, causes.c_str(),
           (unsigned long long)cycles, (unsigned long long)bytes);
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
        {"vec", t_vec}, {"conflict", t_conflict}, {"illegal", t_illegal}, {"lock", t_lock}, {"bank", t_bank},
        {"dma_in", t_dma_in}, {"dma_3d", t_dma_3d}, {"dma_out", t_dma_out}, {"dma_lock", t_dma_lock},
        {"dma_contend", t_dma_contend}, {"dma_fault", t_dma_fault}, {"dma_bdinvalid", t_dma_bdinvalid},
        {"dma_relovf", t_dma_relovf}, {"dma_random", t_dma_random}};
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
