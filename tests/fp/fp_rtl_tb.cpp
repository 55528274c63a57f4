// fp_rtl_tb — the rtl/common fp modules (Verilated kc_fp_tb) against the C
// model harness/kc_fp.c, bit for bit.
//
// Vectors: every bf16 value (as fp32) for the unary ops and the conversions;
// every triple/pair of edge values for fma and the binary ops; then >= 1M
// seeded random vectors, each eval() driving an fma triple, a binary pair, a
// unary input, a bf16 and an int together. Stops at the first mismatch,
// printing inputs, expected and actual in hex.
//
// Usage: fp_rtl_tb [nrandom [seed]]
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <memory>

#include "Vkc_fp_tb.h"
#include "verilated.h"

extern "C" {
#include "fp_gen.h"
#include "kc_fp.h"
}

namespace {

struct Counts {
    long fma = 0, bin = 0, unary = 0, bf16 = 0;
};

// Compares one output; prints and returns false on a mismatch.
bool same(const char *op, uint32_t got, uint32_t want, uint32_t i0, uint32_t i1 = 0, uint32_t i2 = 0)
{
    if (got == want)
        return true;
    std::fprintf(stderr,
                 "MISMATCH %s: inputs %08" PRIx32 " %08" PRIx32 " %08" PRIx32
                 ": expected %08" PRIx32 " (C model), got %08" PRIx32 " (RTL)\n",
                 op, i0, i1, i2, want, got);
    return false;
}

// Drives one set of inputs, evaluates, checks every output against the model.
bool check(Vkc_fp_tb &m, Counts &n, uint32_t a, uint32_t b, uint32_t c, uint32_t p, uint32_t q,
           uint32_t x, uint16_t h)
{
    m.a = a;
    m.b = b;
    m.c = c;
    m.p = p;
    m.q = q;
    m.x = x;
    m.h = h;
    m.eval();
    bool ok = same("fma", m.fma_y, kc_fp_fma(a, b, c), a, b, c) &&
              same("add", m.add_y, kc_fp_add(p, q), p, q) &&
              same("sub", m.sub_y, kc_fp_sub(p, q), p, q) &&
              same("mul", m.mul_y, kc_fp_mul(p, q), p, q) &&
              same("min", m.min_y, kc_fp_min(p, q), p, q) &&
              same("max", m.max_y, kc_fp_max(p, q), p, q) &&
              same("lt", m.lt_y, (uint32_t)kc_fp_lt(p, q), p, q) &&
              same("exp", m.exp_y, kc_fp_exp(x), x) &&
              same("recip", m.recip_y, kc_fp_recip(x), x) &&
              same("rsqrt", m.rsqrt_y, kc_fp_rsqrt(x), x) &&
              same("to_bf16", m.to_bf16_y, kc_fp_to_bf16(x), x) &&
              same("from_int", m.from_int_y, kc_fp_from_int((int32_t)x), x) &&
              same("from_bf16", m.from_bf16_y, kc_fp_from_bf16(h), h);
    n.fma++;
    n.bin++;
    n.unary++;
    n.bf16++;
    return ok;
}

uint32_t model_mul(uint32_t a, uint32_t b) { return kc_fp_mul(a, b); }

// A unary input: any bit pattern, or the range where exp/recip/rsqrt do work.
uint32_t gen_unary(fp_rng *r, long i)
{
    switch (i % 3) {
    case 0:
        return fp_rng_u32(r);
    case 1:
        return fp_gen_with_exp(r, fp_rng_range(r, 100, 134)); // |x| up to ~256
    default:
        return fp_gen_with_exp(r, fp_rng_range(r, 1, 254));
    }
}

} // namespace

int main(int argc, char **argv)
{
    long nrandom = argc > 1 ? std::strtol(argv[1], nullptr, 0) : 1000000;
    fp_rng rng = {argc > 2 ? std::strtoull(argv[2], nullptr, 0) : 0xC0FFEEull};
    if (rng.s == 0)
        rng.s = 1;

    auto ctx = std::make_unique<VerilatedContext>();
    auto m = std::make_unique<Vkc_fp_tb>(ctx.get());
    Counts n;
    bool ok = true;

    // every bf16 value: unary ops on it as fp32, bf16 -> fp32 on it
    for (uint32_t i = 0; i < 65536 && ok; i++) {
        uint32_t a, b, c, p, q;
        fp_gen_triple(&rng, (int)(i % FP_GEN_MODES), &a, &b, &c, model_mul);
        fp_gen_pair(&rng, (int)(i % FP_GEN_MODES), &p, &q);
        ok = check(*m, n, a, b, c, p, q, i << 16, (uint16_t)i);
    }
    // every triple / pair of edge values
    for (int i = 0; i < FP_NEDGES * FP_NEDGES * FP_NEDGES && ok; i++) {
        uint32_t e0 = fp_edges[i % FP_NEDGES], e1 = fp_edges[(i / FP_NEDGES) % FP_NEDGES],
                 e2 = fp_edges[i / (FP_NEDGES * FP_NEDGES)];
        ok = check(*m, n, e0, e1, e2, e0, e1, e2 ^ (uint32_t)i, (uint16_t)(e0 >> 16));
    }
    // seeded random vectors
    for (long i = 0; i < nrandom && ok; i++) {
        uint32_t a, b, c, p, q;
        fp_gen_triple(&rng, (int)(i % FP_GEN_MODES), &a, &b, &c, model_mul);
        fp_gen_pair(&rng, (int)((i / FP_GEN_MODES) % FP_GEN_MODES), &p, &q);
        uint32_t x = gen_unary(&rng, i);
        ok = check(*m, n, a, b, c, p, q, x, (uint16_t)fp_rng_u32(&rng));
    }
    m->final();
    std::printf("fp_rtl_tb: %s after %ld fma triples, %ld binary pairs (add, sub, mul, min, max, lt), "
                "%ld unary inputs (exp, recip, rsqrt, to_bf16, from_int; the 65536 bf16 values "
                "included), %ld bf16 inputs\n",
                ok ? "all bit-exact" : "FAILED", n.fma, n.bin, n.unary, n.bf16);
    return ok ? 0 : 1;
}
