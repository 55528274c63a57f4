// tb_rvv_vec — self-checking testbench of rvv_vec (the vector unit alone).
//
// Reads cases_vlen<V>.txt (tests/rvv_vec/gen.py: expected state from QEMU),
// and for each case: resets the unit, loads the initial VRF through the VLSU
// write port, feeds the instruction words with their scalar operands to the
// vq_* issue port, plays the VLSU itself (unit-stride/strided, masked, on a
// 256-byte memory; a few cycles per register), checks the vx_* results in
// order, waits for v_idle, then compares all 32 registers and the memory.
// Prints one line per case (cycles) and a total; exit status 1 on a mismatch.
// With --perf: no checking; cycles per instruction of back-to-back streams
// (independent: destinations rotate over 8 register groups; dependent: each
// instruction reads the previous one's result) and the simulation speed.
#include "Vrvv_vec.h"
#include "verilated.h"
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <deque>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#ifndef TB_VLEN
#define TB_VLEN 128
#endif
static const int VLENB = TB_VLEN / 8;
static const int NW = (TB_VLEN + 31) / 32;

typedef std::vector<uint8_t> Bytes;

struct Insn { uint32_t w, xs1, xs2, fs1, vl, vtype, frm; std::string text; };
struct XRes { unsigned rd, fp; uint32_t v; };
struct Case { std::string name; std::vector<Insn> ins; std::vector<XRes> xs; std::vector<Bytes> vexp; Bytes mexp; unsigned fflags = 0; };

static Bytes hex_le(const std::string &h) {   // hex printed most-significant byte first
    Bytes b(h.size() / 2);
    for (size_t i = 0; i < b.size(); i++) b[b.size() - 1 - i] = (uint8_t)strtoul(h.substr(2 * i, 2).c_str(), nullptr, 16);
    return b;
}
static Bytes hex_be(const std::string &h) {   // memory dump: byte 0 first
    Bytes b(h.size() / 2);
    for (size_t i = 0; i < b.size(); i++) b[i] = (uint8_t)strtoul(h.substr(2 * i, 2).c_str(), nullptr, 16);
    return b;
}

static void set_wide(VlWide<NW> &w, const Bytes &b) {
    for (int i = 0; i < NW; i++) {
        uint32_t v = 0;
        for (int k = 0; k < 4 && 4 * i + k < (int)b.size(); k++) v |= (uint32_t)b[4 * i + k] << (8 * k);
        w[i] = v;
    }
}
static Bytes get_wide(const VlWide<NW> &w) {
    Bytes b(VLENB);
    for (int i = 0; i < VLENB; i++) b[i] = (uint8_t)(w[i / 4] >> (8 * (i % 4)));
    return b;
}

// the VLSU stand-in: one instruction at a time, one register per DELAY cycles
struct Vlsu {
    struct Op { uint32_t insn, base, stride, vl, vtype; };
    std::deque<Op> q;
    int phase = 0, reg = 0, wait = 0;
    Bytes mem;
};

struct Tb {
    Vrvv_vec *m;
    uint64_t cycles = 0;
    Vlsu ls;
    unsigned seed = 1;
    unsigned rnd() { seed = seed * 1103515245u + 12345u; return (seed >> 16) & 0x7fff; }

    Bytes vread(int r) { m->vlr_idx = r; m->eval(); return get_wide(m->vlr_data); }

    // one VLSU step: drives vlw_* / vl_done for the coming edge
    void vlsu_drive() {
        m->vlw_valid = 0; m->vl_done = 0;
        if (ls.q.empty()) return;
        if (ls.wait > 0) { ls.wait--; return; }
        Vlsu::Op &o = ls.q.front();
        unsigned width = (o.insn >> 12) & 7, eewb = width == 0 ? 1 : width == 5 ? 2 : 4;
        unsigned sew = 1u << ((o.vtype >> 3) & 7), lm = o.vtype & 7;
        int lmul_log = lm >= 4 ? (int)lm - 8 : (int)lm;
        int sew_log = sew == 1 ? 0 : sew == 2 ? 1 : 2, eew_log = eewb == 1 ? 0 : eewb == 2 ? 1 : 2;
        int emul = eew_log - sew_log + lmul_log;
        int nregs = emul <= 0 ? 1 : 1 << emul;
        bool store = ((o.insn & 0x7f) == 0x27), masked = !((o.insn >> 25) & 1);
        unsigned mop = (o.insn >> 26) & 3, vd = (o.insn >> 7) & 31;
        uint32_t stride = mop == 2 ? o.stride : eewb;
        // unit-stride segment: field f of element e at base + (e*nf + f)*eewb, in v(vd + f*nregs)
        bool seg = mop == 0 && ((o.insn >> 20) & 31) == 0;
        unsigned nf = seg ? (o.insn >> 29) + 1 : 1, f = ls.reg / nregs, j = ls.reg % nregs;
        if (ls.reg >= nregs * (int)nf) {
            m->vl_done = 1; ls.q.pop_front(); ls.reg = 0; ls.wait = 0;
            return;
        }
        Bytes v0 = vread(0);
        unsigned per = VLENB / eewb;
        Bytes data = vread(vd + ls.reg), be(VLENB, 0);
        for (unsigned e = j * per; e < (j + 1) * per && e < o.vl; e++) {
            if (masked && !((v0[e / 8] >> (e % 8)) & 1)) continue;
            for (unsigned k = 0; k < eewb; k++) {
                uint32_t a = o.base + e * nf * stride + f * eewb + k;
                unsigned off = (e % per) * eewb + k;
                if (a >= ls.mem.size()) { fprintf(stderr, "vlsu stand-in: address %u out of range\n", a); exit(2); }
                if (store) ls.mem[a] = data[off];
                else { data[off] = ls.mem[a]; be[off] = 1; }
            }
        }
        if (!store) {
            m->vlw_valid = 1; m->vlw_idx = vd + ls.reg;
            set_wide(m->vlw_data, data);
            uint64_t bits = 0;
            for (int i = 0; i < VLENB; i++) if (be[i]) bits |= 1ull << i;
            if (VLENB <= 64) m->vlw_be = bits;
        }
        ls.reg++;
        ls.wait = rnd() % 3;
    }

    void edge() {
        m->clk = 0; m->eval();
        m->clk = 1; m->eval();
        cycles++;
    }

    void reset() {
        m->rst = 1; m->vq_valid = 0; m->vl_ready = 0; m->vlw_valid = 0; m->vl_done = 0; m->vl_trap_valid = 0;
        for (int i = 0; i < 3; i++) edge();
        m->rst = 0;
    }

    // returns number of errors
    bool check = true;
    int run(const Case &c, const std::vector<Bytes> &vinit, const Bytes &meminit, uint64_t *ncyc) {
        int err = 0;
        reset();
        for (int r = 0; r < 32; r++) {
            m->vlw_valid = 1; m->vlw_idx = r; set_wide(m->vlw_data, vinit[r]);
            m->vlw_be = (VLENB >= 64) ? ~0ull : ((1ull << VLENB) - 1);
            edge();
        }
        m->vlw_valid = 0;
        ls.mem = meminit; ls.q.clear(); ls.reg = 0; ls.wait = 0;
        size_t next = 0, nx = 0;
        unsigned fflags = 0;
        uint64_t start = cycles;
        int idle = 0;
        while (true) {
            if (cycles - start > 200000) { printf("  %s: TIMEOUT\n", c.name.c_str()); return err + 1; }
            // inputs for this cycle
            if (next < c.ins.size()) {
                const Insn &i = c.ins[next];
                m->vq_valid = 1; m->vq_insn = i.w; m->vq_pc = 0x100000 + 4 * next; m->vq_xs1 = i.xs1;
                m->vq_xs2 = i.xs2; m->vq_fs1 = i.fs1; m->vq_vl = i.vl; m->vq_vtype = i.vtype; m->vq_frm = i.frm;
            } else m->vq_valid = 0;
            m->vl_ready = ls.q.size() < 2;
            vlsu_drive();
            m->clk = 0; m->eval();
            bool take = m->vq_valid && m->vq_ready;
            if (m->vl_valid && m->vl_ready)
                ls.q.push_back({m->vl_insn, m->vl_base, m->vl_stride, m->vl_vl, m->vl_vtype});
            if (m->vx_valid && check) {
                if (nx >= c.xs.size()) { printf("  %s: unexpected vx result\n", c.name.c_str()); err++; }
                else {
                    const XRes &x = c.xs[nx++];
                    if (x.rd != m->vx_rd || x.fp != m->vx_fp || x.v != m->vx_data) {
                        printf("  %s: vx got rd %u fp %u %08x, want rd %u fp %u %08x\n", c.name.c_str(), m->vx_rd,
                               m->vx_fp, m->vx_data, x.rd, x.fp, x.v);
                        err++;
                    }
                }
            }
            if (m->v_fflags_valid) fflags |= m->v_fflags;
            if (m->v_trap_valid) { printf("  %s: trap cause %u\n", c.name.c_str(), m->v_trap_cause); return err + 1; }
            m->clk = 1; m->eval(); cycles++;
            if (take) next++;
            idle = (next == c.ins.size() && m->v_idle && ls.q.empty()) ? idle + 1 : 0;
            if (idle >= 2) break;
        }
        *ncyc = cycles - start;
        if (!check) return 0;
        if (nx != c.xs.size()) { printf("  %s: %zu vx results, want %zu\n", c.name.c_str(), nx, c.xs.size()); err++; }
        for (int r = 0; r < 32; r++) {
            Bytes got = vread(r);
            if (got != c.vexp[r]) {
                err++;
                printf("  %s: v%d\n    got  ", c.name.c_str(), r);
                for (int i = VLENB - 1; i >= 0; i--) printf("%02x", got[i]);
                printf("\n    want ");
                for (int i = VLENB - 1; i >= 0; i--) printf("%02x", c.vexp[r][i]);
                printf("\n");
            }
        }
        // NV and DZ are exact (ISSUE12); OF/UF/NX best effort, not compared
        if ((fflags & 0x18) != (c.fflags & 0x18)) {
            printf("  %s: fflags NV/DZ %02x, want %02x\n", c.name.c_str(), fflags & 0x18, c.fflags & 0x18);
            err++;
        }
        if (ls.mem != c.mexp) { printf("  %s: memory differs\n", c.name.c_str()); err++; }
        return err;
    }
};

// one performance stream: n copies of w (vd rotated, or chained through vs2)
static Case perf_case(uint32_t w, uint8_t vtype, uint32_t vl, bool dep, int group, int n) {
    Case c;
    for (int i = 0; i < n; i++) {
        Insn in = {w, 1, 4, 0x3fc00000, vl, vtype, 0, ""};
        unsigned vd = 8 + (unsigned)(i % (dep ? 1 : 8 / group)) * group;  // v8.. (x group)
        if (((w >> 12) & 7) == 2 && ((w >> 26) & 0x3f) == 0x10) vd = 10;  // vmv.x.s / vcpop: rd = a0
        in.w = (w & ~(31u << 7)) | (vd << 7);
        if (dep) in.w = (in.w & ~(31u << 20)) | (vd << 20);
        c.ins.push_back(in);
    }
    return c;
}

static double now() { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }

static int perf(Tb &tb, const std::vector<Bytes> &vinit, const Bytes &meminit) {
    struct P { const char *name; uint32_t w; uint8_t vtype; uint32_t vl; int group; bool dep; };
    // e32m1 = 0x10, e32m8 = 0x13, e8m1 = 0x00; vl = VLMAX
    const P ps[] = {
        {"vadd.vv e32m1", 0x03190857, 0x10, 4, 1, false},   {"vadd.vv e32m1 dep", 0x03190857, 0x10, 4, 1, true},
        {"vadd.vv e8m1", 0x03190857, 0x00, 16, 1, false},   {"vadd.vv e32m8", 0x030c0457, 0x13, 32, 8, false},
        {"vmul.vv e32m1", 0x97192857, 0x10, 4, 1, false},   {"vmul.vv e32m1 dep", 0x97192857, 0x10, 4, 1, true},
        {"vdiv.vv e32m1", 0x87192857, 0x10, 4, 1, false},   {"vwadd.vv e16m1", 0xc729a857, 0x08, 8, 2, false},
        {"vfadd.vv e32m1", 0x03191857, 0x10, 4, 1, false},  {"vfadd.vv e32m1 dep", 0x03191857, 0x10, 4, 1, true},
        {"vfmul.vv e32m8", 0x930c1457, 0x13, 32, 8, false}, {"vfmacc.vv e32m1", 0xb3289857, 0x10, 4, 1, false},
        {"vfdiv.vv e32m1", 0x83191857, 0x10, 4, 1, false},  {"vfsqrt.v e32m1", 0x4f101857, 0x10, 4, 1, false},
        {"vmflt.vv e32m1", 0x6f191857, 0x10, 4, 1, false},  {"vredsum.vs e32m8", 0x0288a857, 0x13, 32, 1, false},
        {"vfredosum.vs e32m8", 0x0e889857, 0x13, 32, 1, false}, {"vfredusum.vs e32m1", 0x07191857, 0x10, 4, 1, false},
        {"vfredusum.vs e32m8", 0x06889857, 0x13, 32, 1, false},
        {"vrgather.vv e32m1", 0x33190857, 0x10, 4, 1, false}, {"vslidedown.vi e32m1", 0x3f10b857, 0x10, 4, 1, false},
        {"vslidedown.vi e32m8", 0x3f00b457, 0x13, 32, 8, false}, {"vmv.x.s", 0x43102557, 0x10, 4, 1, false},
        {"vcpop.m", 0x43182557, 0x10, 4, 1, false},
    };
    const int n = 64;
    uint64_t total = 0;
    double t0 = now();
    tb.check = false;
    for (const P &p : ps) {
        Case c = perf_case(p.w, p.vtype, p.vl, p.dep, p.group, n);
        c.name = p.name;
        uint64_t cyc = 0;
        tb.run(c, vinit, meminit, &cyc);
        printf("%-22s %6.2f cycles/insn\n", p.name, (double)cyc / n);
        total += cyc;
    }
    // simulation speed: a long mixed stream
    double t1 = now();
    uint64_t sc = 0;
    for (int r = 0; r < 20; r++)
        for (const P &p : ps) {
            Case c = perf_case(p.w, p.vtype, p.vl, p.dep, p.group, n);
            uint64_t cyc = 0;
            tb.run(c, vinit, meminit, &cyc);
            sc += cyc + 35;   // + reset/VRF load cycles
        }
    double t2 = now();
    printf("simulation speed: %.2f M cycles/s (%llu cycles in %.2f s)\n", sc / (t2 - t1) / 1e6,
           (unsigned long long)sc, t2 - t1);
    (void)t0; (void)total;
    return 0;
}

int main(int argc, char **argv) {
    if (argc < 2) { fprintf(stderr, "usage: %s cases.txt [case-name-substring | --perf]\n", argv[0]); return 2; }
    std::ifstream f(argv[1]);
    if (!f) { fprintf(stderr, "cannot open %s\n", argv[1]); return 2; }
    const char *only = argc > 2 ? argv[2] : nullptr;
    std::vector<Bytes> vinit;
    Bytes meminit;
    std::vector<Case> cases;
    std::string line;
    while (std::getline(f, line)) {
        std::istringstream s(line);
        std::string k;
        s >> k;
        if (k == "vlen") { int v; s >> v; if (v != TB_VLEN) { fprintf(stderr, "file is for VLEN %d\n", v); return 2; } }
        else if (k == "vinit") { std::string h; s >> h; vinit.push_back(hex_le(h)); }
        else if (k == "meminit") { std::string h; s >> h; meminit = hex_be(h); }
        else if (k == "case") { cases.emplace_back(); s >> cases.back().name; }
        else if (k == "i") {
            Insn i; std::string w[7];
            for (auto &x : w) s >> x;
            i.w = strtoul(w[0].c_str(), 0, 16); i.xs1 = strtoul(w[1].c_str(), 0, 16); i.xs2 = strtoul(w[2].c_str(), 0, 16);
            i.fs1 = strtoul(w[3].c_str(), 0, 16); i.vl = strtoul(w[4].c_str(), 0, 16); i.vtype = strtoul(w[5].c_str(), 0, 16);
            i.frm = strtoul(w[6].c_str(), 0, 16);
            std::getline(s, i.text);
            cases.back().ins.push_back(i);
        } else if (k == "x") {
            XRes x; std::string v; s >> x.rd >> x.fp >> v; x.v = strtoul(v.c_str(), 0, 16);
            cases.back().xs.push_back(x);
        } else if (k == "e") { std::string h; s >> h; cases.back().vexp.push_back(hex_le(h)); }
        else if (k == "f") { std::string h; s >> h; cases.back().fflags = strtoul(h.c_str(), 0, 16); }
        else if (k == "m") { std::string h; s >> h; cases.back().mexp = hex_be(h); }
    }
    Verilated::commandArgs(argc, argv);
    Tb tb;
    tb.m = new Vrvv_vec;
    if (only && !strcmp(only, "--perf")) {
        int r = perf(tb, vinit, meminit);
        delete tb.m;
        return r;
    }
    int fails = 0, n = 0;
    uint64_t total = 0;
    for (const Case &c : cases) {
        if (only && c.name.find(only) == std::string::npos) continue;
        uint64_t cyc = 0;
        int e = tb.run(c, vinit, meminit, &cyc);
        printf("%-14s %s %3zu insns %5llu cycles\n", c.name.c_str(), e ? "FAIL" : "ok  ", c.ins.size(), (unsigned long long)cyc);
        if (e) {
            fails++;
            for (const Insn &i : c.ins) printf("      %08x %s\n", i.w, i.text.c_str());
        }
        n++;
        total += cyc;
    }
    if (!only || !strcmp(only, "traps")) {
        // directed: a rounding fp op with frm = RDN traps illegal-instruction (info = the word),
        // and the instructions behind it do not execute; a VLSU fault is passed through.
        n++;
        int e = 0;
        Case c;
        c.ins.push_back({0x03191857, 0, 0, 0, 4, 0x10, 2, " vfadd.vv v16, v17, v18 (frm=RDN)"});
        c.ins.push_back({0x03190857, 0, 0, 0, 4, 0x10, 0, " vadd.vv v16, v17, v18"});
        tb.check = false;
        tb.reset();
        for (size_t k = 0; k < c.ins.size(); k++) {
            const Insn &i = c.ins[k];
            tb.m->vq_valid = 1; tb.m->vq_insn = i.w; tb.m->vq_pc = 0x100000 + 4 * k; tb.m->vq_vl = i.vl;
            tb.m->vq_vtype = i.vtype; tb.m->vq_frm = i.frm;
            tb.edge();
        }
        tb.m->vq_valid = 0;
        for (int k = 0; k < 20; k++) tb.edge();
        if (!tb.m->v_trap_valid || tb.m->v_trap_cause != 2 || tb.m->v_trap_info != 0x03191857 || tb.m->v_trap_pc != 0x100000) {
            printf("  traps: frm trap valid %u cause %u pc %08x info %08x\n", tb.m->v_trap_valid, tb.m->v_trap_cause,
                   tb.m->v_trap_pc, tb.m->v_trap_info);
            e++;
        }
        if (tb.m->v_idle) { printf("  traps: the instruction behind the trap left the queue\n"); e++; }
        tb.reset();
        tb.m->vl_trap_valid = 1; tb.m->vl_trap_cause = 5; tb.m->vl_trap_pc = 0x100040; tb.m->vl_trap_info = 0x80001234;
        tb.edge();
        tb.m->vl_trap_valid = 0;
        tb.edge();
        if (!tb.m->v_trap_valid || tb.m->v_trap_cause != 5 || tb.m->v_trap_pc != 0x100040 || tb.m->v_trap_info != 0x80001234) {
            printf("  traps: VLSU fault not reported\n");
            e++;
        }
        printf("%-14s %s\n", "traps", e ? "FAIL" : "ok  ");
        fails += e ? 1 : 0;
        tb.check = true;
    }
    printf("%d/%d cases passed, %llu cycles\n", n - fails, n, (unsigned long long)total);
    tb.m->final();
    delete tb.m;
    return fails ? 1 : 0;
}
