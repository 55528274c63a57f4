// rvv_fpu_tb — rtl/rvv/rvv_fpu.v (Verilated) against QEMU's results.
//
// Reads a vector file written by gen_golden.py (one line: op rm a b c expected
// fflags ftz, hex; '#' comments), issues the vectors back to back (with a
// seeded sprinkle of idle cycles), and checks for every result: the value bit
// for bit, NV and DZ exactly, OF/UF/NX exactly unless the row was flushed to
// zero (ftz = 1: QEMU computed a subnormal), results in issue order with the
// issue's tag, and the latency: RVV_FPU_LAT (3) cycles, FDIV/FSQRT 17 with
// in_ready low for the 15 cycles after their issue.
//
// Usage: rvv_fpu_tb VECTOR_FILE [IDLE_CYCLES]   (exit 0 when every vector matches)
// IDLE_CYCLES (default 0) more cycles with nothing issued follow, during which
// out_valid must stay low: with `time`, a measure of the cost of an idle lane.
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <memory>
#include <string>
#include <vector>

#include "Vrvv_fpu.h"
#include "verilated.h"

namespace {

const char *const kOpNames[] = {
    "FADD", "FSUB", "FMUL", "FMADD", "FMSUB", "FNMSUB", "FNMADD", "FDIV", "FSQRT",
    "FMIN", "FMAX", "FSGNJ", "FSGNJN", "FSGNJX", "FEQ", "FLT", "FLE", "FCLASS",
    "CVT_W_S", "CVT_WU_S", "CVT_S_W", "CVT_S_WU", "REC7", "RSQRT7", "CVT_W16_S", "CVT_WU16_S"};
constexpr unsigned kNumOps = sizeof(kOpNames) / sizeof(kOpNames[0]);
constexpr unsigned kOpDiv = 7, kOpSqrt = 8;
constexpr long kLat = 3, kDivLat = 17;
constexpr unsigned kNV = 0x10, kDZ = 0x08;

struct Vec {
    unsigned op, rm;
    uint32_t a, b, c, want;
    unsigned flags, ftz;
    int line;
};

bool read_vectors(const char *path, std::vector<Vec> &out)
{
    FILE *f = std::fopen(path, "r");
    if (!f) {
        std::perror(path);
        return false;
    }
    char buf[256];
    int line = 0;
    bool ok = true;
    while (std::fgets(buf, sizeof buf, f)) {
        ++line;
        if (buf[0] == '#' || buf[0] == '\n')
            continue;
        Vec v{};
        v.line = line;
        if (std::sscanf(buf, "%x %x %" SCNx32 " %" SCNx32 " %" SCNx32 " %" SCNx32 " %x %x", &v.op,
                        &v.rm, &v.a, &v.b, &v.c, &v.want, &v.flags, &v.ftz) != 8 ||
            v.op >= kNumOps) {
            std::fprintf(stderr, "%s:%d: malformed vector line\n", path, line);
            ok = false;
            break;
        }
        out.push_back(v);
    }
    std::fclose(f);
    return ok;
}

struct Issued {
    size_t idx;
    long cycle;
};

} // namespace

int main(int argc, char **argv)
{
    if (argc != 2 && argc != 3) {
        std::fprintf(stderr, "usage: %s VECTOR_FILE [IDLE_CYCLES]\n", argv[0]);
        return 2;
    }
    const long idle = argc == 3 ? std::atol(argv[2]) : 0;
    std::vector<Vec> vecs;
    if (!read_vectors(argv[1], vecs))
        return 1;

    auto ctx = std::make_unique<VerilatedContext>();
    auto m = std::make_unique<Vrvv_fpu>(ctx.get());
    m->clk = 0;
    m->rst = 1;
    m->in_valid = 0;
    for (int i = 0; i < 2; ++i) {
        m->clk = 0;
        m->eval();
        m->clk = 1;
        m->eval();
    }
    m->rst = 0;

    std::deque<Issued> inflight;
    size_t next = 0, done = 0;
    long cycle = 0, errors = 0, flag_soft = 0, busy_cycles = 0, ds_issue = -1;
    uint32_t lfsr = 0xACE1u;
    const long limit = 40L * (long)vecs.size() + 100;
    auto fail = [&](const Vec &v, const char *what) {
        if (++errors <= 20)
            std::fprintf(stderr,
                         "line %d: %s rm=%u a=%08" PRIx32 " b=%08" PRIx32 " c=%08" PRIx32
                         ": %s (expected %08" PRIx32 " flags %02x, got %08" PRIx32
                         " flags %02x)\n",
                         v.line, kOpNames[v.op], v.rm, v.a, v.b, v.c, what, v.want, v.flags,
                         m->out, m->flags);
    };
    while (done < vecs.size() && cycle < limit) {
        lfsr = (lfsr >> 1) ^ (-(lfsr & 1u) & 0xB400u);
        const bool offer = next < vecs.size() && (lfsr & 7u) != 0; // ~1 idle cycle in 8
        m->clk = 0;
        if (offer) {
            const Vec &v = vecs[next];
            m->in_valid = 1;
            m->op = v.op;
            m->rm = v.rm;
            m->a = v.a;
            m->b = v.b;
            m->c = v.c;
            m->tag = (uint8_t)next;
        } else {
            m->in_valid = 0;
        }
        m->eval();
        // in_ready must be low exactly in the 15 cycles after a div/sqrt issue
        const bool want_ready = ds_issue < 0 || cycle - ds_issue > kDivLat - 2;
        if ((bool)m->in_ready != want_ready && ++errors <= 20)
            std::fprintf(stderr, "cycle %ld: in_ready %d, expected %d\n", cycle, m->in_ready,
                         want_ready);
        busy_cycles += !m->in_ready;
        if (offer && m->in_ready) {
            inflight.push_back({next, cycle});
            if (vecs[next].op == kOpDiv || vecs[next].op == kOpSqrt)
                ds_issue = cycle;
            ++next;
        }
        m->clk = 1;
        m->eval();
        ++cycle;
        if (!m->out_valid)
            continue;
        if (inflight.empty()) {
            std::fprintf(stderr, "cycle %ld: out_valid with nothing in flight\n", cycle);
            return 1;
        }
        const Issued is = inflight.front();
        inflight.pop_front();
        const Vec &v = vecs[is.idx];
        ++done;
        const long lat = (v.op == kOpDiv || v.op == kOpSqrt) ? kDivLat : kLat;
        if (m->out_tag != (uint8_t)is.idx)
            fail(v, "wrong tag (out of order)");
        else if (cycle - is.cycle != lat)
            fail(v, "wrong latency");
        else if (m->out != v.want)
            fail(v, "wrong value");
        else if ((m->flags & (kNV | kDZ)) != (v.flags & (kNV | kDZ)))
            fail(v, "wrong NV/DZ");
        else if (!v.ftz && m->flags != v.flags)
            fail(v, "wrong OF/UF/NX");
        else if (v.ftz && m->flags != v.flags)
            ++flag_soft;
    }
    if (done < vecs.size()) {
        std::fprintf(stderr, "stopped after %ld cycles with %zu of %zu results\n", cycle, done,
                     vecs.size());
        return 1;
    }
    m->in_valid = 0;
    for (long i = 0; i < idle; ++i) {
        m->clk = 0;
        m->eval();
        m->clk = 1;
        m->eval();
        if (m->out_valid && ++errors <= 20)
            std::fprintf(stderr, "idle cycle %ld: out_valid with nothing in flight\n", i);
    }
    std::printf("rvv_fpu_tb: %zu vectors, %ld cycles (%ld with in_ready low), %ld mismatches, "
                "%ld flushed rows with other OF/UF/NX than QEMU's subnormal result\n",
                vecs.size(), cycle, busy_cycles, errors, flag_soft);
    return errors ? 1 : 0;
}
