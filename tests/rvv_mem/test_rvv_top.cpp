/* test_rvv_top.cpp — a smoke test of the assembled rvv_top (core, vector unit,
 * VLSU, memory) on the harness DRAM model: a strip-mined vle32/vse32 copy of a
 * ragged length from DRAM to DRAM, a strided e16 load from the DTCM stored back
 * to the DTCM, scalar accesses right after the vector store, and a segment
 * load/store pair that swaps the two words of 3 pairs in the DTCM. The program
 * is fixed machine code (llvm-mc-19 -triple=riscv32 -mattr=+v,+m, listed next
 * to each word), so the test needs no toolchain. `test_rvv_top nop` puts a nop
 * after each vsetvli. Checks the DRAM and the DTCM
 * against a model of the program; prints the cycles.
 * `test_rvv_top perf [N]` (a figure, not a test) runs a scalar countdown loop of
 * N (default 2000000) iterations and prints simulated cycles per CPU second.
 * `test_rvv_top stream m1|m8` runs a strip-mined DRAM-to-DRAM loop over 8192
 * words (m8: vle32/vse32 copy; m1: vle32, vadd.vv v8,v8,v8, vse32 — the
 * register reuse of compiled loops), checks the result and checks the cycles
 * against the early-load rule of rtl/rvv/rvv_vec.md ("Memory timing"): the
 * loads of later iterations go out while earlier ones wait, so an iteration
 * costs its issue slots, not a DRAM latency. Fails on a VLSU that overlaps
 * nothing across iterations (~70 cycles each).
 */
#include "Vrvv_top_smoke.h"
#include "Vrvv_top_smoke___024root.h"
#include "verilated.h"

#include "tb_bus.h"

#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <vector>

namespace {

constexpr unsigned BEAT = 32;
constexpr uint32_t ITCM_BASE = 0x00100000u, DTCM_BASE = 0x00200000u, DRAM_BASE = 0x80000000u;
constexpr uint32_t DRAM_BYTES = 1u << 20;

/* bne rs1, x0, off */
uint32_t bnez(unsigned rs1, int off)
{
    uint32_t o = (uint32_t)off;
    return (o >> 12 & 1) << 31 | (o >> 5 & 0x3f) << 25 | rs1 << 15 | 1u << 12 | (o >> 1 & 0xf) << 8 |
           (o >> 11 & 1) << 7 | 0x63;
}

/* The program; with nop, a nop follows each vsetvli (the vector instruction
 * after a vset* then never meets the vset in EX). */
std::vector<uint32_t> program(bool nop)
{
    std::vector<uint32_t> p;
    p.push_back(0x0d3672d7);  // loop: vsetvli t0, a2, e32, m8, ta, ma
    if (nop)
        p.push_back(0x00000013);
    p.push_back(0x02056407);  //   vle32.v v8, (a0)
    p.push_back(0x0205e427);  //   vse32.v v8, (a1)
    p.push_back(0x40560633);  //   sub a2, a2, t0
    p.push_back(0x00229313);  //   slli t1, t0, 2
    p.push_back(0x00650533);  //   add a0, a0, t1
    p.push_back(0x006585b3);  //   add a1, a1, t1
    p.push_back(bnez(12, -4 * (int)p.size()));  // bnez a2, loop
    p.push_back(0x0c9772d7);  // vsetvli t0, a4, e16, m2, ta, ma
    if (nop)
        p.push_back(0x00000013);
    p.push_back(0x0af6d807);  // vlse16.v v16, (a3), a5
    p.push_back(0x02085827);  // vse16.v v16, (a6)
    p.push_back(0x00082383);  // lw t2, 0(a6)
    p.push_back(0x0076a223);  // sw t2, 4(a3)
    p.push_back(0xcd01f2d7);  // vsetivli t0, 3, e32, m1, ta, ma
    p.push_back(0x2206e207);  // vlseg2e32.v v4, (a3)
    p.push_back(0x9e403357);  // vmv1r.v v6, v4
    p.push_back(0x04080313);  // addi t1, a6, 64
    p.push_back(0x220362a7);  // vsseg2e32.v v5, (t1)
    p.push_back(0x05d00893);  // li a7, 93
    p.push_back(0x00000073);  // ecall
    return p;
}

/* stream: loop: vsetvli t0, a2, e32, m1|m8; vle32.v v8, (a0); [vadd.vv v8, v8, v8];
 * vse32.v v8, (a1); sub a2, a2, t0; slli t1, t0, 2; add a0, a0, t1; add a1, a1, t1;
 * bnez a2, loop; li a7, 93; ecall */
std::vector<uint32_t> stream_program(bool m8)
{
    std::vector<uint32_t> p = { m8 ? 0x0d3672d7u : 0x0d0672d7u, 0x02056407 };
    if (!m8)
        p.push_back(0x02840457);
    for (uint32_t w : { 0x0205e427u, 0x40560633u, 0x00229313u, 0x00650533u, 0x006585b3u })
        p.push_back(w);
    p.push_back(bnez(12, -4 * (int)p.size()));
    p.push_back(0x05d00893);
    p.push_back(0x00000073);
    return p;
}

/* perf: addi a2, a2, -1; bnez a2, loop; li a7, 93; ecall */
std::vector<uint32_t> perf_program()
{
    return { 0xfff60613, bnez(12, -4), 0x05d00893, 0x00000073 };
}

}  // namespace

int main(int argc, char **argv)
{
    Verilated::commandArgs(argc, argv);
    auto *m = new Vrvv_top_smoke;
    kc_dram *d;
    kc_dram_cfg cfg = { DRAM_BYTES, 0, 0 };
    kc_err err;
    if (kc_dram_open(&d, &cfg, BEAT, &err) != KC_OK) {
        fprintf(stderr, "dram: %s\n", err.text);
        return 2;
    }
    TbBusStats bus;
    auto cycle = [&] { tb_bus_cycle(m, d, BEAT, &bus, [] {}); };

    /* arguments: a0 src, a1 dst (DRAM), a2 n, a3 DTCM src, a4 count, a5 stride, a6 DTCM dst */
    const uint32_t n = 1000, src = 0x1000, dst = 0x20004, cnt = 13, stride = 6;
    const uint32_t dsrc = 0x1000, ddst = 0x2000;
    uint32_t args[8] = { DRAM_BASE + src, DRAM_BASE + dst, n, DTCM_BASE + dsrc, cnt, stride,
                         DTCM_BASE + ddst, 0 };
    std::vector<uint8_t> dram(DRAM_BYTES), dtcm(16384);
    uint32_t x = 12345;
    for (auto &b : dram)
        b = (uint8_t)(x = x * 1103515245u + 12345u, x >> 16);
    for (auto &b : dtcm)
        b = (uint8_t)(x = x * 1103515245u + 12345u, x >> 16);
    memcpy(kc_dram_data(d), dram.data(), DRAM_BYTES);

    m->rst = 1;
    m->entry = ITCM_BASE;
    m->dram_bytes = DRAM_BYTES;
    for (int i = 0; i < 8; i++)
        m->args[i] = args[i];
    bool nop = argc > 1 && !strcmp(argv[1], "nop");
    bool perf = argc > 1 && !strcmp(argv[1], "perf");
    bool stream = argc > 1 && !strcmp(argv[1], "stream");
    bool m8 = stream && argc > 2 && !strcmp(argv[2], "m8");
    uint32_t perf_n = argc > 2 ? (uint32_t)strtoul(argv[2], nullptr, 0) : 2000000u;
    const uint32_t sn = 8192;   /* stream: words */
    if (perf)
        m->args[2] = perf_n;
    if (stream)
        m->args[2] = sn;
    std::vector<uint32_t> prog = perf ? perf_program() : stream ? stream_program(m8) : program(nop);
    if (!perf && !stream && prog[7 + nop] != 0xfe0612e3u - (nop ? 0x200u : 0)) {  /* llvm-mc's bnez a2, loop */
        printf("FAIL: bnez encoding %08x\n", prog[7 + nop]);
        return 1;
    }
    for (unsigned i = 0; i < prog.size(); i++) {
        m->ld_we = 1;
        m->ld_addr = ITCM_BASE + 4 * i;
        m->ld_wdata = prog[i];
        cycle();
    }
    for (uint32_t a = 0; a < dtcm.size(); a += 4) {
        uint32_t w;
        memcpy(&w, &dtcm[a], 4);
        m->ld_we = 1;
        m->ld_addr = DTCM_BASE + a;
        m->ld_wdata = w;
        cycle();
    }
    m->ld_we = 0;
    cycle();
    m->rst = 0;
    kc_dram_reset(d);
    uint64_t cycles = 0;
    const uint64_t max_cycles = perf ? 4ull * perf_n + 1000 : stream ? 2000000 : 100000;
    clock_t t0 = clock();
    while (!m->halted && !m->trapped && cycles < max_cycles) {
        cycle();
        cycles++;
    }
    if (perf) {
        double s = (double)(clock() - t0) / CLOCKS_PER_SEC;
        printf("rvv_top perf: %u-iteration scalar loop: %" PRIu64 " cycles in %.2f s CPU = %.3f M cycles/s%s\n",
               perf_n, cycles, s, cycles / s / 1e6, m->halted && !m->trapped ? "" : " (NOT HALTED)");
        bool ok = m->halted && !m->trapped;
        m->final();
        delete m;
        kc_dram_close(d);
        return !ok;
    }

    if (stream) {
        /* the loop's iterations (VLEN 128: 4 words at m1, 32 at m8) and the bound of
         * rvv_vec.md's rule (per iteration, plus one DRAM round trip and the start):
         * with early loads an iteration costs the v8 hand-off chain (load drain,
         * store walk, ~23 cycles at m8, ~18 at m1 with its vadd, with NVLSU 16
         * memory instructions in flight), not a DRAM latency; with 4 in flight
         * it took ~45 / ~41, without early loads ~93 (m8) / ~80 (m1) cycles */
        uint32_t vlmax = (m8 ? 8 : 1) * 128 / 32, iters = (sn + vlmax - 1) / vlmax;
        uint64_t per_iter = 32, bound = per_iter * iters + 200;
        for (uint32_t i = 0; i < sn; i++) {
            uint32_t w;
            memcpy(&w, &dram[src + 4 * i], 4);
            if (!m8)
                w += w;
            memcpy(&dram[dst + 4 * i], &w, 4);
        }
        int fails = 0;
        if (!m->halted || m->trapped) {
            printf("FAIL: %s after %" PRIu64 " cycles\n", m->trapped ? "trapped" : "not halted", cycles);
            fails++;
        }
        if (memcmp(kc_dram_data(d), dram.data(), DRAM_BYTES)) {
            printf("FAIL: DRAM differs from the model\n");
            fails++;
        }
        double bpc = 2.0 * 4 * sn / (double)cycles;   /* bytes read + written per cycle */
        printf("rvv_top stream %s: %u words DRAM->DRAM, %u iterations: %" PRIu64 " cycles (%.1f per "
               "iteration, bound %" PRIu64 "), %.2f B/cycle read+written (DRAM peak %u B/cycle)%s\n",
               m8 ? "m8 vle32/vse32" : "m1 vle32/vadd/vse32", sn, iters, cycles,
               (double)cycles / iters, bound, bpc, kc_dram_config(d)->bytes_per_cycle,
               fails ? ", FAILED" : "");
        if (cycles > bound) {
            printf("FAIL: %" PRIu64 " cycles > %" PRIu64 "\n", cycles, bound);
            fails++;
        }
        m->final();
        delete m;
        kc_dram_close(d);
        return fails != 0;
    }

    /* the program's effect */
    memmove(&dram[dst], &dram[src], 4 * n);
    for (uint32_t i = 0; i < cnt; i++)
        memcpy(&dtcm[ddst + 2 * i], &dtcm[dsrc + stride * i], 2);
    memcpy(&dtcm[dsrc + 4], &dtcm[ddst], 4);
    for (uint32_t i = 0; i < 3; i++) {   /* vlseg2e32 + vsseg2e32 of (field 1, field 0) */
        memcpy(&dtcm[ddst + 64 + 8 * i], &dtcm[dsrc + 8 * i + 4], 4);
        memcpy(&dtcm[ddst + 64 + 8 * i + 4], &dtcm[dsrc + 8 * i], 4);
    }

    int fails = 0;
    if (!m->halted || m->trapped) {
        printf("FAIL: %s after %" PRIu64 " cycles (cause %u pc %08x info %08x)\n",
               m->trapped ? "trapped" : "not halted", cycles, m->trap_cause, m->trap_pc,
               m->trap_info);
        fails++;
    }
    if (memcmp(kc_dram_data(d), dram.data(), DRAM_BYTES)) {
        printf("FAIL: DRAM differs from the model\n");
        fails++;
    }
    auto &rows = m->rootp->rvv_top__DOT__u_mem__DOT__dtcm;
    for (uint32_t a = 0; a < dtcm.size(); a += BEAT) {
        uint8_t got[BEAT];
        tb_wide_get(rows[a / BEAT], got, BEAT);
        if (memcmp(got, &dtcm[a], BEAT)) {
            printf("FAIL: DTCM row at %04x differs from the model\n", a);
            fails++;
            break;
        }
    }
    printf("rvv_top smoke%s: %u-element vle32/vse32 copy + strided DTCM e16 + scalar + segments: %" PRIu64
           " cycles, %s\n", nop ? " (nop after vsetvli)" : "", n, cycles, fails ? "FAILED" : "ok");
    m->final();
    delete m;
    kc_dram_close(d);
    return fails != 0;
}
