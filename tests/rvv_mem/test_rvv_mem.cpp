/* test_rvv_mem.cpp — rvv_vlsu + rvv_mem (tests/rvv_mem/rvv_mem_tb.v) against a
 * reference model, on the harness DRAM model (harness/kc_dram.c).
 *
 *   test_rvv_mem random N SEED [BW]  (BW: DRAM bytes/cycle, default the model's)
 *                                N random vector loads/stores (every kind and
 *                                EEW, masked or not, ragged vl, DTCM and DRAM,
 *                                back to back under a scoreboard like rvv_vec's)
 *                                and scalar accesses; VRF, DTCM and DRAM compared
 *   test_rvv_mem traps           access faults, misaligned elements, illegal
 *                                encodings: cause, pc and info
 *   test_rvv_mem segments        directed unit-stride segment loads/stores
 *                                (vlseg3e32 masked with a ragged vl, vsseg2e16,
 *                                vlseg2e32 at m2) against spelled-out layouts
 *   test_rvv_mem perf [N]        prints the latency of a load, the sustained
 *                                bytes/cycle of long unit-stride streams and the
 *                                DRAM reads in flight (figures, not checked)
 *
 * One Verilated build per VLEN (TB_VLEN, TB_HDR, TB_TOP from CMake).
 */
#include TB_HDR
#include "verilated.h"

#include "tb_bus.h"

#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <string>
#include <vector>
#include "../kc_tb_rng.h"

namespace {

constexpr unsigned VLEN = TB_VLEN, VB = VLEN / 8, BEAT = 32;
constexpr uint32_t DTCM_BASE = 0x00200000u, DTCM_BYTES = 65536;
constexpr uint32_t DRAM_BASE = 0x80000000u, DRAM_BYTES = 1u << 20;

/* One vector memory instruction, as the generator picks it. */
enum Kind { US, STRIDED, IDX_U, IDX_O, WHOLE, MASK, SEG, NKIND };
struct Ins {
    Kind kind;
    bool store, masked;
    unsigned eew, sew, lmul, nf;  /* bytes; LMUL; registers (whole), fields (segment) */
    uint32_t vl, base, stride;
    unsigned vd, vs2;
};

uint32_t width_code(unsigned eew) { return eew == 1 ? 0 : eew == 2 ? 5 : 6; }
uint32_t log2u(unsigned x) { return x >= 8 ? 3 : x >= 4 ? 2 : x >= 2 ? 1 : 0; }

uint32_t encode(const Ins &in)
{
    uint32_t mop = 0, rs2 = 0, nf = 0;
    switch (in.kind) {
    case US: break;
    case STRIDED: mop = 2; rs2 = 2; break;
    case IDX_U: mop = 1; rs2 = in.vs2; break;
    case IDX_O: mop = 3; rs2 = in.vs2; break;
    case WHOLE: rs2 = 8; nf = in.nf - 1; break;
    case SEG: nf = in.nf - 1; break;
    case MASK: rs2 = 11; break;
    default: break;
    }
    uint32_t vm = in.masked ? 0 : 1;
    return nf << 29 | mop << 26 | vm << 25 | rs2 << 20 | 10u << 15 | width_code(in.eew) << 12 |
           in.vd << 7 | (in.store ? 0x27u : 0x07u);
}
uint32_t vtype_of(const Ins &in) { return log2u(in.sew) << 3 | log2u(in.lmul); }

struct Sampled {
    bool accept, done, sresp_valid, sready;
    uint32_t sresp;
};

class Tb {
public:
    TB_TOP *m;
    kc_dram *d = nullptr;
    uint64_t cycle = 0;
    TbBusStats bus;
    Sampled s{};

    explicit Tb(unsigned bw)
    {
        m = new TB_TOP;
        kc_dram_cfg cfg = { DRAM_BYTES, 0, bw };
        kc_err err;
        if (kc_dram_open(&d, &cfg, BEAT, &err) != KC_OK) {
            fprintf(stderr, "dram: %s\n", err.text);
            exit(2);
        }
        m->dram_bytes = DRAM_BYTES;
    }
    ~Tb()
    {
        m->final();
        delete m;
        kc_dram_close(d);
    }

    void step()
    {
        tb_bus_cycle(m, d, BEAT, &bus, [this] {
            s.accept = m->vl_valid && m->vl_ready;
            s.done = m->vl_done;
            s.sresp_valid = m->sresp_valid;
            s.sresp = m->sresp_rdata;
            s.sready = m->sreq_ready;
        });
        cycle++;
    }

    void reset()
    {
        m->rst = 1;
        m->vl_valid = 0;
        m->sreq_valid = 0;
        m->ld_we = 0;
        m->tb_vw_en = 0;
        step();
        step();
        m->rst = 0;
        kc_dram_reset(d);
        bus = TbBusStats();
    }
};

/* ---- the reference ------------------------------------------------------------ */
struct Ref {
    std::vector<uint8_t> dtcm = std::vector<uint8_t>(DTCM_BYTES);
    std::vector<uint8_t> dram = std::vector<uint8_t>(DRAM_BYTES);
    uint8_t vrf[32 * VB] = {};

    uint8_t *at(uint32_t a)
    {
        if (a - DTCM_BASE < DTCM_BYTES)
            return &dtcm[a - DTCM_BASE];
        if (a - DRAM_BASE < DRAM_BYTES)
            return &dram[a - DRAM_BASE];
        fprintf(stderr, "reference: address %08x outside the test windows\n", a);
        exit(2);
    }
    uint32_t evl(const Ins &in) const
    {
        if (in.kind == WHOLE)
            return in.nf * VB / in.eew;
        if (in.kind == MASK)
            return (in.vl + 7) / 8;
        return in.vl;
    }
    unsigned esize(const Ins &in) const
    {
        return (in.kind == IDX_U || in.kind == IDX_O) ? in.sew : (in.kind == MASK ? 1 : in.eew);
    }
    uint32_t addr(const Ins &in, uint32_t i) const
    {
        switch (in.kind) {
        case STRIDED: return in.base + i * in.stride;
        case IDX_U:
        case IDX_O: {
            uint32_t off = 0;
            memcpy(&off, &vrf[in.vs2 * VB + i * in.eew], in.eew);
            return in.base + off;
        }
        default: return in.base + i * esize(in);
        }
    }
    bool active(const Ins &in, uint32_t i) const
    {
        return !in.masked || (vrf[i / 8] >> (i % 8) & 1);
    }
    void exec(const Ins &in)
    {
        unsigned s = esize(in);
        if (in.kind == SEG) {  /* field f of segment i: base + (i*NF + f)*EEW, v(vd + f*EMUL) */
            unsigned emul = in.eew * in.lmul / in.sew ? in.eew * in.lmul / in.sew : 1;
            for (uint32_t i = 0; i < in.vl; i++)
                for (unsigned f = 0; active(in, i) && f < in.nf; f++) {
                    uint8_t *r = &vrf[(in.vd + f * emul) * VB + i * s];
                    uint8_t *mem = at(in.base + (i * in.nf + f) * s);
                    if (in.store)
                        memcpy(mem, r, s);
                    else
                        memcpy(r, mem, s);
                }
            return;
        }
        for (uint32_t i = 0; i < evl(in); i++) {
            if (!active(in, i))
                continue;
            uint8_t *r = &vrf[in.vd * VB + i * s];
            uint8_t *mem = at(addr(in, i));
            if (in.store)
                memcpy(mem, r, s);
            else
                memcpy(r, mem, s);
        }
    }
};

/* Registers [lo, lo + n) */
struct Regs {
    uint32_t bits = 0;
    void add(unsigned lo, unsigned n)
    {
        for (unsigned k = 0; k < n; k++)
            bits |= 1u << ((lo + k) & 31);
    }
};

unsigned data_regs(const Ins &in)
{
    switch (in.kind) {
    case WHOLE: return in.nf;
    case MASK: return 1;
    case IDX_U:
    case IDX_O: return in.lmul;
    default: {
        unsigned n = in.eew * in.lmul / in.sew;
        return (n ? n : 1) * (in.kind == SEG ? in.nf : 1);
    }
    }
}
unsigned index_regs(const Ins &in)
{
    unsigned n = in.eew * in.lmul / in.sew;
    return n ? n : 1;
}

/* ---- the driver ------------------------------------------------------------------ */
class Run {
public:
    Tb tb;
    Ref ref;
    kc_tb_rng rng;
    int fails = 0;
    std::deque<uint32_t> pending_writes;  /* per dispatched, not done: its load's registers */

    Run(uint64_t seed, unsigned bw) : tb(bw), rng(seed * 2654435761u + 1) {}

    void step()
    {
        tb.step();
        if (tb.s.done) {
            if (pending_writes.empty()) {
                printf("FAIL: vl_done without a pending instruction (cycle %" PRIu64 ")\n", tb.cycle);
                fails++;
            } else
                pending_writes.pop_front();
        }
    }
    void wait_idle(const char *what)
    {
        uint64_t t0 = tb.cycle;
        while (tb.m->v_mem_busy || !pending_writes.empty()) {
            step();
            if (tb.m->v_trap_valid || tb.cycle - t0 > 200000) {
                printf("FAIL: %s: VLSU %s (cause %u info %08x)\n", what,
                       tb.m->v_trap_valid ? "trapped" : "hangs", tb.m->v_trap_cause,
                       tb.m->v_trap_info);
                fails++;
                exit(1);
            }
        }
    }

    /* fill the DTCM (through the loader, under reset), the DRAM window and the VRF */
    void init_state()
    {
        for (auto &b : ref.dram)
            b = (uint8_t)rng.next();
        memcpy(kc_dram_data(tb.d), ref.dram.data(), DRAM_BYTES);
        for (auto &b : ref.dtcm)
            b = (uint8_t)rng.next();
        tb.m->rst = 1;
        for (uint32_t a = 0; a < DTCM_BYTES; a += 4) {
            uint32_t w;
            memcpy(&w, &ref.dtcm[a], 4);
            tb.m->ld_we = 1;
            tb.m->ld_addr = DTCM_BASE + a;
            tb.m->ld_wdata = w;
            tb.step();
        }
        tb.m->ld_we = 0;
        tb.reset();
        for (unsigned r = 0; r < 32; r++) {
            for (unsigned b = 0; b < VB; b++)
                ref.vrf[r * VB + b] = (uint8_t)rng.next();
            set_vreg(r);
        }
    }
    void set_vreg(unsigned r)
    {
        tb.m->tb_vw_en = 1;
        tb.m->tb_vw_idx = r;
        tb_wide_set(tb.m->tb_vw_data, &ref.vrf[r * VB], VB);
        step();
        tb.m->tb_vw_en = 0;
    }

    void dispatch(const Ins &in, uint32_t pc)
    {
        tb.m->vl_valid = 1;
        tb.m->vl_insn = encode(in);
        tb.m->vl_pc = pc;
        tb.m->vl_base = in.base;
        tb.m->vl_stride = in.stride;
        tb.m->vl_vl = in.vl;
        tb.m->vl_vtype = vtype_of(in);
        uint64_t t0 = tb.cycle;
        for (;;) {
            step();
            if (tb.s.accept)
                break;
            if (tb.cycle - t0 > 200000) {
                printf("FAIL: dispatch never accepted\n");
                exit(1);
            }
        }
        tb.m->vl_valid = 0;
    }

    /* scalar port: a read (returns the word) and a posted write */
    uint32_t sread(uint32_t a)
    {
        tb.m->sreq_valid = 1;
        tb.m->sreq_write = 0;
        tb.m->sreq_addr = a;
        do
            step();
        while (!tb.s.sready);
        tb.m->sreq_valid = 0;
        while (!tb.s.sresp_valid)
            step();
        return tb.s.sresp;
    }
    void swrite(uint32_t a, uint32_t w, unsigned strb)
    {
        tb.m->sreq_valid = 1;
        tb.m->sreq_write = 1;
        tb.m->sreq_addr = a;
        tb.m->sreq_wdata = w;
        tb.m->sreq_wstrb = strb;
        do
            step();
        while (!tb.s.sready);
        tb.m->sreq_valid = 0;
    }
    /* a burst of reads back to back, DTCM and DRAM mixed: answers in order */
    void sburst()
    {
        uint32_t addrs[6];
        for (auto &a : addrs)
            a = rng.below(2) ? DTCM_BASE + rng.below(DTCM_BYTES / 4) * 4
                             : DRAM_BASE + rng.below(DRAM_BYTES / 4) * 4;
        unsigned sent = 0, got = 0;
        tb.m->sreq_write = 0;
        while (got < 6) {
            tb.m->sreq_valid = sent < 6;
            tb.m->sreq_addr = addrs[sent < 6 ? sent : 5];
            step();
            if (sent < 6 && tb.s.sready)
                sent++;
            if (tb.s.sresp_valid) {
                uint32_t want;
                memcpy(&want, ref.at(addrs[got]), 4);
                if (tb.s.sresp != want) {
                    printf("FAIL: scalar burst read %u at %08x: %08x, want %08x\n", got, addrs[got],
                           tb.s.sresp, want);
                    fails++;
                }
                got++;
            }
        }
        tb.m->sreq_valid = 0;
    }
    void scalar_ops()
    {
        for (int k = 0; k < 4; k++) {
            uint32_t a = rng.below(2) ? DTCM_BASE + rng.below(DTCM_BYTES / 4) * 4
                                      : DRAM_BASE + rng.below(DRAM_BYTES / 4) * 4;
            uint32_t w = rng.next();
            unsigned strb = rng.below(15) + 1;
            swrite(a, w, strb);
            for (unsigned b = 0; b < 4; b++)
                if (strb >> b & 1)
                    ref.at(a)[b] = (uint8_t)(w >> (8 * b));
            uint32_t got = sread(a), want;
            memcpy(&want, ref.at(a), 4);
            if (got != want) {
                printf("FAIL: scalar read at %08x: %08x, want %08x\n", a, got, want);
                fails++;
            }
        }
        sburst();
    }

    /* A scalar read issued right after a store's vl_done (as the core may, once
     * rvv_vec drops v_mem_busy) must see the store's data. */
    void store_then_scalar()
    {
        for (int k = 0; k < 8; k++) {
            wait_idle("before store-then-load");
            Ins in{};
            in.kind = US; in.store = true; in.sew = 4; in.lmul = 8; in.eew = 4;
            in.vd = 8; in.vl = VLEN / 4;
            in.base = (k & 1 ? DRAM_BASE + 8192 : DTCM_BASE + 8192) + 64 * k;
            for (unsigned b = 0; b < 8 * VB; b++)
                ref.vrf[in.vd * VB + b] = (uint8_t)rng.next();
            for (unsigned r = 0; r < 8; r++)
                set_vreg(in.vd + r);
            pending_writes.push_back(0);
            dispatch(in, 0);
            ref.exec(in);
            while (!pending_writes.empty())
                step();
            uint32_t a = in.base + 8 * VB - 4, want;
            memcpy(&want, ref.at(a), 4);
            uint32_t got = sread(a);
            if (got != want) {
                printf("FAIL: scalar read at %08x right after a store's vl_done: %08x, want %08x\n", a,
                       got, want);
                fails++;
            }
        }
    }

    Ins gen()
    {
        Ins in{};
        for (;;) {
            in.kind = (Kind)rng.below(NKIND);
            in.store = rng.below(2);
            in.sew = 1u << rng.below(3);
            in.lmul = 1u << rng.below(4);
            in.eew = 1u << rng.below(3);
            if (in.kind == MASK)
                in.eew = 1;
            if (in.kind == WHOLE) {
                in.nf = 1u << rng.below(4);
                if (in.store)
                    in.eew = 1;
            }
            if (in.kind == SEG)
                in.nf = 2 + rng.below(7);
            uint32_t vlmax = in.lmul * VLEN / (8 * in.sew);
            in.vl = rng.below(3) ? vlmax : rng.below(vlmax + 1);
            in.masked = (in.kind == US || in.kind == STRIDED || in.kind == IDX_U || in.kind == IDX_O ||
                         in.kind == SEG) && rng.below(2);
            bool idx = in.kind == IDX_U || in.kind == IDX_O;
            unsigned nd = data_regs(in), ni = idx ? index_regs(in) : 0;
            if (nd > 8 || ni > 8)
                continue;
            in.vd = rng.below(32 / nd) * nd;
            if (in.kind == SEG) {  /* aligned to EMUL, the NF groups below v32 */
                unsigned emul = nd / in.nf;
                in.vd = rng.below((32 - nd) / emul + 1) * emul;
            }
            if (in.masked && in.vd == 0)
                continue;
            if (idx) {
                in.vs2 = rng.below(32 / ni) * ni;
                if (in.vs2 < in.vd + nd && in.vd < in.vs2 + ni)
                    continue;
                if (in.masked && in.vs2 == 0)
                    continue;
            }
            break;
        }
        /* addresses: a 16 KiB window in the DTCM or the DRAM, elements aligned */
        unsigned s = ref.esize(in);
        bool dtcm = rng.below(2);
        uint32_t lo = dtcm ? DTCM_BASE + 16384 : DRAM_BASE + 65536 + rng.below(8) * 65536;
        in.base = lo + rng.below(16384 / s) * s;
        if (in.kind == STRIDED) {
            int k = (int)rng.below(13) - 4;
            in.stride = (uint32_t)(k * (int)s);
        }
        if (in.kind == IDX_U || in.kind == IDX_O)
            in.base = lo;
        return in;
    }

    /* the index registers of an indexed access: offsets within 16 KiB (or what
     * the EEW holds), multiples of the data element size; set while idle */
    void set_indices(const Ins &in)
    {
        wait_idle("before an index update");
        uint32_t limit = in.eew == 1 ? 256 : 16384;
        for (uint32_t i = 0; i < in.vl; i++) {
            uint32_t off = rng.below(limit / in.sew) * in.sew;
            memcpy(&ref.vrf[in.vs2 * VB + i * in.eew], &off, in.eew);
        }
        for (unsigned r = 0; r < index_regs(in); r++)
            set_vreg(in.vs2 + r);
    }

    void check_all(const char *when)
    {
        wait_idle(when);
        for (unsigned r = 0; r < 32; r++) {
            uint8_t got[VB];
            tb.m->tb_vr_idx = r;
            tb.m->eval();
            tb_wide_get(tb.m->tb_vr_data, got, VB);
            if (memcmp(got, &ref.vrf[r * VB], VB)) {
                printf("FAIL: %s: v%u differs\n", when, r);
                fails++;
            }
        }
        const uint8_t *dm = kc_dram_data(tb.d);
        for (uint32_t a = 0; a < DRAM_BYTES; a++)
            if (dm[a] != ref.dram[a]) {
                printf("FAIL: %s: DRAM byte %05x is %02x, want %02x\n", when, a, dm[a], ref.dram[a]);
                fails++;
                break;
            }
        for (uint32_t a = 0; a < DTCM_BYTES; a += 4) {
            uint32_t got = sread(DTCM_BASE + a), want;
            memcpy(&want, &ref.dtcm[a], 4);
            if (got != want) {
                printf("FAIL: %s: DTCM word %04x is %08x, want %08x\n", when, a, got, want);
                fails++;
                break;
            }
        }
        if (kc_dram_dropped_bytes(tb.d)) {
            printf("FAIL: %s: accesses outside the DRAM\n", when);
            fails++;
        }
    }

    int random(unsigned n)
    {
        init_state();
        store_then_scalar();
        unsigned per_kind[NKIND] = {};
        for (unsigned k = 0; k < n; k++) {
            Ins in = gen();
            bool idx = in.kind == IDX_U || in.kind == IDX_O;
            if (idx)
                set_indices(in);
            /* the scoreboard: wait while a pending load writes what this reads */
            Regs reads;
            if (in.store)
                reads.add(in.vd, data_regs(in));
            if (idx)
                reads.add(in.vs2, index_regs(in));
            if (in.masked)
                reads.add(0, 1);
            for (;;) {
                uint32_t busy = 0;
                for (uint32_t w : pending_writes)
                    busy |= w;
                if (!(busy & reads.bits))
                    break;
                step();
            }
            Regs writes;
            if (!in.store)
                writes.add(in.vd, data_regs(in));
            pending_writes.push_back(writes.bits);
            dispatch(in, 0x100000 + 4 * k);
            ref.exec(in);
            per_kind[in.kind]++;
            if (rng.below(40) == 0) {
                wait_idle("before scalar accesses");
                scalar_ops();
            }
            if (tb.m->v_trap_valid) {
                printf("FAIL: unexpected trap cause %u info %08x after insn %u (%08x)\n",
                       tb.m->v_trap_cause, tb.m->v_trap_info, k, encode(in));
                return 1;
            }
        }
        check_all("end");
        printf("random: %u instructions (us %u strided %u idx-unord %u idx-ord %u whole %u mask %u "
               "segment %u), %" PRIu64 " cycles, VLEN %u: %s\n",
               n, per_kind[US], per_kind[STRIDED], per_kind[IDX_U], per_kind[IDX_O], per_kind[WHOLE],
               per_kind[MASK], per_kind[SEG], tb.cycle, VLEN, fails ? "FAILED" : "ok");
        return fails != 0;
    }

    /* ---- traps ---- */
    void expect_trap(const char *name, const Ins &in, unsigned cause, uint32_t info, bool trap = true)
    {
        tb.reset();
        pending_writes.clear();
        pending_writes.push_back(0);
        dispatch(in, 0x100040);
        for (int k = 0; k < 400 && !tb.m->v_trap_valid && tb.m->v_mem_busy; k++)
            step();
        bool got = tb.m->v_trap_valid;
        if (got != trap || (trap && (tb.m->v_trap_cause != cause || tb.m->v_trap_pc != 0x100040 ||
                                     tb.m->v_trap_info != (trap && cause == 2 ? encode(in) : info)))) {
            printf("FAIL: trap %s: trapped %d cause %u pc %08x info %08x\n", name, got,
                   tb.m->v_trap_cause, tb.m->v_trap_pc, tb.m->v_trap_info);
            fails++;
        } else
            printf("trap %s: ok\n", name);
    }
    int traps()
    {
        init_state();
        Ins in{};
        in.sew = 4; in.lmul = 2; in.eew = 4; in.vd = 8; in.vl = 2 * VLEN / 32;
        in.kind = US;
        in.base = DRAM_BASE + DRAM_BYTES - 2 * VB + 16;  /* the last 16 bytes of the access are out */
        expect_trap("load past the DRAM", in, 5, DRAM_BASE + DRAM_BYTES);
        in.store = true; in.base = 0x00100000;  /* ITCM */
        expect_trap("store to the ITCM", in, 7, 0x00100000);
        in.store = false; in.kind = STRIDED; in.base = DRAM_BASE; in.stride = 2;
        expect_trap("misaligned strided element", in, 4, DRAM_BASE + 2);
        in.kind = US; in.base = DTCM_BASE + 2;
        expect_trap("misaligned unit-stride base", in, 4, DTCM_BASE + 2);
        in.kind = STRIDED; in.store = true; in.stride = 0x4000; in.base = DTCM_BASE + DTCM_BYTES - 0x4000;
        expect_trap("strided store past the DTCM", in, 7, DTCM_BASE + DTCM_BYTES);
        in.kind = US; in.store = false; in.nf = 2; in.base = DRAM_BASE;  /* segment load */
        Ins seg = in;
        seg.kind = WHOLE; seg.nf = 3;          /* nf = 3: no such whole-register load */
        expect_trap("whole-register load of 3 registers", seg, 2, 0);
        /* a masked load whose out-of-range elements are all masked off: no trap */
        ref.vrf[0] = 0x01;
        for (unsigned b = 1; b < VB; b++)
            ref.vrf[b] = 0;
        set_vreg(0);
        in.kind = US; in.masked = true; in.nf = 0; in.eew = 4;
        in.base = DRAM_BASE + DRAM_BYTES - 4;  /* element 0 in, the rest out */
        expect_trap("masked-off elements past the DRAM", in, 0, 0, false);
        /* a DRAM end inside a beat: the masked-off elements past it are not checked */
        uint32_t end = DRAM_BASE + DRAM_BYTES - 16;
        tb.m->dram_bytes = DRAM_BYTES - 16;
        in.base = end - 8;
        in.vl = 4;
        ref.vrf[0] = 0x03;   /* elements 0, 1 (before the end) */
        set_vreg(0);
        expect_trap("masked-off elements past a DRAM end inside a beat", in, 0, 0, false);
        ref.vrf[0] = 0x07;   /* element 2 (at the end) too */
        set_vreg(0);
        expect_trap("an active element at a DRAM end inside a beat", in, 5, end);
        tb.m->dram_bytes = DRAM_BYTES;
        /* segments: EMUL*NF > 8, past v31 (illegal), a misaligned base, a field past the DTCM */
        Ins sg{};
        sg.kind = SEG; sg.sew = 4; sg.lmul = 2; sg.eew = 4; sg.nf = 5; sg.vd = 8; sg.vl = 4;
        sg.base = DTCM_BASE;
        expect_trap("vlseg5e32 at m2 (EMUL*NF 10)", sg, 2, 0);
        sg.lmul = 1; sg.nf = 4; sg.vd = 30;
        expect_trap("vlseg4e32 v30 (past v31)", sg, 2, 0);
        sg.lmul = 1; sg.nf = 4; sg.vd = 28;
        expect_trap("vlseg4e32 v28 (v31 the last)", sg, 0, 0, false);
        sg.vd = 8; sg.base = DTCM_BASE + 2;
        expect_trap("misaligned segment base", sg, 4, DTCM_BASE + 2);
        sg.store = true; sg.nf = 2; sg.base = DTCM_BASE + DTCM_BYTES - 8;
        expect_trap("vsseg2e32: segment 1 past the DTCM", sg, 7, DTCM_BASE + DTCM_BYTES);
        return fails != 0;
    }

    /* ---- directed segment accesses: layouts spelled out ---- */
    void get_vreg(unsigned r, uint8_t *out)
    {
        tb.m->tb_vr_idx = r;
        tb.m->eval();
        tb_wide_get(tb.m->tb_vr_data, out, VB);
    }
    void run_one(const Ins &in)
    {
        pending_writes.push_back(0);
        dispatch(in, 0x100080);
        wait_idle("segment access");
    }
    uint32_t vreg_elem(unsigned r, unsigned i, unsigned s)
    {
        uint8_t b[VB];
        get_vreg(r + i * s / VB, b);
        uint32_t v = 0;
        memcpy(&v, &b[i * s % VB], s);
        return v;
    }
    void expect_eq(const char *what, unsigned i, uint32_t got, uint32_t want)
    {
        if (got != want) {
            printf("FAIL: segments: %s element %u: %08x, want %08x\n", what, i, got, want);
            fails++;
        }
    }
    int segments()
    {
        init_state();
        const uint32_t words = DTCM_BASE + 0x2000;  /* word k = 0x1000 + k */
        for (uint32_t k = 0; k < 64; k++)
            swrite(words + 4 * k, 0x1000 + k, 0xf);
        /* vlseg3e32.v v8, (words), v0.t at e32m1, vl = VLMAX - 1: v(8+f)[i] =
         * word 3i+f for active i; masked-off and tail elements keep their value */
        const unsigned n1 = VLEN / 32, vl1 = n1 - 1;
        uint8_t v0[VB] = { 0xb5 };   /* elements 0 2 4 5 7 */
        memcpy(ref.vrf, v0, VB);
        set_vreg(0);
        uint32_t old[3][8];
        for (unsigned f = 0; f < 3; f++)
            for (unsigned i = 0; i < n1; i++)
                old[f][i] = vreg_elem(8 + f, i, 4);
        Ins a{};
        a.kind = SEG; a.sew = 4; a.lmul = 1; a.eew = 4; a.nf = 3; a.vd = 8; a.vl = vl1;
        a.masked = true; a.base = words;
        run_one(a);
        for (unsigned f = 0; f < 3; f++)
            for (unsigned i = 0; i < n1; i++)
                expect_eq(f == 0 ? "vlseg3e32 v8" : f == 1 ? "vlseg3e32 v9" : "vlseg3e32 v10", i,
                          vreg_elem(8 + f, i, 4),
                          i < vl1 && (0xb5 >> i & 1) ? 0x1000 + 3 * i + f : old[f][i]);
        /* vlseg2e32.v v16, (words) at e32m2 (EMUL 2): fields in v16-17 and v18-19 */
        Ins b{};
        b.kind = SEG; b.sew = 4; b.lmul = 2; b.eew = 4; b.nf = 2; b.vd = 16; b.vl = 2 * n1;
        b.base = words;
        run_one(b);
        for (unsigned i = 0; i < 2 * n1; i++) {
            expect_eq("vlseg2e32 m2 v16", i, vreg_elem(16, i, 4), 0x1000 + 2 * i);
            expect_eq("vlseg2e32 m2 v18", i, vreg_elem(18, i, 4), 0x1000 + 2 * i + 1);
        }
        /* vsseg2e16.v v12, (DRAM) at e16m1, vl = VLMAX - 3: halfword 2i+f = v(12+f)[i];
         * the halfword after the last segment untouched */
        const unsigned n2 = VLEN / 16, vl2 = n2 - 3;
        for (unsigned f = 0; f < 2; f++) {
            for (unsigned i = 0; i < n2; i++) {
                uint16_t h = (uint16_t)(0x1200 + 0x100 * f + i);
                memcpy(&ref.vrf[(12 + f) * VB + 2 * i], &h, 2);
            }
            set_vreg(12 + f);
        }
        const uint32_t out = DRAM_BASE + 0x3002;
        uint16_t after;
        memcpy(&after, &kc_dram_data(tb.d)[out + 4 * vl2 - DRAM_BASE], 2);
        Ins c{};
        c.kind = SEG; c.store = true; c.sew = 2; c.lmul = 1; c.eew = 2; c.nf = 2; c.vd = 12; c.vl = vl2;
        c.base = out;
        run_one(c);
        const uint8_t *dm = kc_dram_data(tb.d);
        for (unsigned k = 0; k <= 2 * vl2; k++) {
            uint16_t h;
            memcpy(&h, &dm[out + 2 * k - DRAM_BASE], 2);
            expect_eq("vsseg2e16 halfword", k, h,
                      k == 2 * vl2 ? after : 0x1200 + 0x100 * (k % 2) + k / 2);
        }
        printf("segments: vlseg3e32 masked vl %u, vlseg2e32 m2 vl %u, vsseg2e16 vl %u, VLEN %u: %s\n", vl1,
               2 * n1, vl2, VLEN, fails ? "FAILED" : "ok");
        return fails != 0;
    }

    /* ---- figures ---- */
    uint64_t one_load(uint32_t base)
    {
        Ins in{};
        in.kind = US; in.sew = 4; in.lmul = 1; in.eew = 4; in.vd = 4; in.vl = VLEN / 32; in.base = base;
        pending_writes.push_back(0);
        uint64_t t0 = tb.cycle;
        dispatch(in, 0);
        uint64_t t1 = tb.cycle;
        while (!pending_writes.empty())
            step();
        (void)t0;
        return tb.cycle - t1 + 1;   /* from the dispatch edge to the vl_done edge */
    }
    void stream(bool store, unsigned n, unsigned lmul, unsigned nf = 1)
    {
        tb.reset();
        pending_writes.clear();
        uint64_t first_done = 0, t0 = 0;
        unsigned dispatched = 0, done = 0;
        Ins in{};
        in.kind = nf > 1 ? SEG : US; in.store = store; in.sew = 4; in.lmul = lmul; in.eew = 4;
        in.nf = nf;
        in.vl = lmul * VLEN / 32;
        tb.m->vl_insn = 0;
        while (done < n) {
            if (dispatched < n) {
                in.vd = 8 * (1 + dispatched % 3);
                in.base = DRAM_BASE + dispatched * nf * lmul * VB % (DRAM_BYTES / 2);
                tb.m->vl_valid = 1;
                tb.m->vl_insn = encode(in);
                tb.m->vl_base = in.base;
                tb.m->vl_vl = in.vl;
                tb.m->vl_vtype = vtype_of(in);
            } else
                tb.m->vl_valid = 0;
            tb.step();
            if (tb.m->v_trap_valid) {
                printf("FAIL: stream trapped (cause %u info %08x)\n", tb.m->v_trap_cause,
                       tb.m->v_trap_info);
                fails++;
                return;
            }
            if (tb.s.accept) {
                if (!dispatched)
                    t0 = tb.cycle;
                dispatched++;
            }
            if (tb.s.done) {
                if (!done)
                    first_done = tb.cycle;
                done++;
            }
        }
        tb.m->vl_valid = 0;
        uint64_t bytes = (uint64_t)n * nf * lmul * VB, cyc = tb.cycle - t0;
        uint64_t rest = (uint64_t)(n - 1) * nf * lmul * VB;
        char op[32];
        if (nf > 1)
            snprintf(op, sizeof op, "v%sseg%ue32", store ? "s" : "l", nf);
        else
            snprintf(op, sizeof op, "v%se32", store ? "s" : "l");
        printf("unit-stride %s stream: %u x %s m%u (%u bytes each) from DRAM: %" PRIu64
               " bytes in %" PRIu64 " cycles = %.2f B/cycle; after the first: %.2f B/cycle; "
               "DRAM reads in flight max %u\n",
               store ? "store" : "load", n, op, lmul, nf * lmul * VB, bytes, cyc, (double)bytes / cyc,
               (double)rest / (tb.cycle - first_done), tb.bus.max_inflight);
    }
    int perf(unsigned n)
    {
        tb.reset();
        printf("VLEN %u, beat %u bytes, DRAM latency %u cycles, %u B/cycle\n", VLEN, BEAT,
               kc_dram_config(tb.d)->latency, kc_dram_config(tb.d)->bytes_per_cycle);
        printf("latency of one vle32 m1 (dispatch to vl_done): DRAM %" PRIu64 " cycles, DTCM %" PRIu64
               " cycles\n",
               one_load(DRAM_BASE + 4096), one_load(DTCM_BASE + 4096));
        stream(false, n, 8);
        stream(true, n, 8);
        stream(false, n, 1);
        stream(true, n, 1);
        stream(false, n, 1, 2);   /* segments: one element per cycle */
        stream(true, n, 1, 2);
        return fails != 0;
    }
};

}  // namespace

int main(int argc, char **argv)
{
    Verilated::commandArgs(argc, argv);
    std::string mode = argc > 1 ? argv[1] : "random";
    unsigned n = argc > 2 ? (unsigned)strtoul(argv[2], nullptr, 0) : 400;
    uint64_t seed = argc > 3 ? strtoull(argv[3], nullptr, 0) : 1;
    unsigned bw = argc > 4 ? (unsigned)strtoul(argv[4], nullptr, 0) : 0;  /* DRAM B/cycle; 0: default */
    Run run(seed, bw);
    run.tb.reset();
    if (mode == "random")
        return run.random(n);   /* (starts with store_then_scalar) */
    if (mode == "traps")
        return run.traps();
    if (mode == "segments")
        return run.segments();
    if (mode == "perf")
        return run.perf(argc > 2 ? n : 256);
    fprintf(stderr, "usage: test_rvv_mem random N SEED | traps | segments | perf\n");
    return 2;
}
