/* test_npu_pe.cpp — the matrix unit's processing element (rtl/npu/npu_pe.v)
 * against harness/kc_fp.c, bit for bit (tests/npu/npu_pe_tb.v is the top):
 *
 *   1. its two arithmetic stages composed, npu_pe_add(npu_pe_mul(a, b), c), equal
 *      kc_fp_fma(bf16(a), bf16(b), c), the ISS's mmac step, on N operand triples:
 *      random bits, edge values (zeros, denormals, inf, NaN, extremes), products
 *      outside the fp32 range, c near -a*b (cancellation), exponents a few
 *      apart (alignment, sticky), results near the flush and overflow bounds;
 *   2. the PE's pipeline on N random cycles (steps in bursts, clock-enable off
 *      now and then, an occasional clear): after every edge its registers match
 *      a three-stage model (operand, product, accumulator) whose accumulator
 *      chain is kc_fp_fma's.
 *
 *   test_npu_pe N SEED     exit 0 when everything matches */
#include "Vnpu_pe_tb.h"
#include "verilated.h"

extern "C" {
#include "kc_fp.h"
}

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include "../kc_tb_rng.h"

namespace {

const uint16_t bf16_edges[] = {0x0000, 0x8000, 0x0001, 0x807F, 0x0040, 0x0080, 0x8080, 0x0081, 0x00FF,
                               0x7F7F, 0xFF7F, 0x7F00, 0x7F80, 0xFF80, 0x7FC0, 0xFFC0, 0x7F81, 0xFFFF,
                               0x3F80, 0xBF80, 0x3F81, 0x3FFF, 0x4000, 0xC040, 0x3F00, 0x1F80, 0x5F80};
const uint32_t fp32_edges[] = {0x00000000u, 0x80000000u, 0x00000001u, 0x807FFFFFu, 0x00800000u,
                               0x80800000u, 0x00800001u, 0x7F7FFFFFu, 0xFF7FFFFFu, 0x7F800000u,
                               0xFF800000u, 0x7FC00000u, 0xFFC00000u, 0x7F800001u, 0x3F800000u,
                               0xBF800000u, 0x3F800001u, 0x3F7FFFFFu, 0x4B000001u, 0xCB7FFFFFu};

/* bf16 with biased exponent e (clamped to 1..254), random sign and mantissa */
uint16_t bf16_exp(kc_tb_rng &r, int e)
{
    e = e < 1 ? 1 : e > 254 ? 254 : e;
    return (uint16_t)((r.next() & 0x807Fu) | ((unsigned)e << 7));
}

uint32_t fp32_exp(kc_tb_rng &r, int e)
{
    e = e < 1 ? 1 : e > 254 ? 254 : e;
    return (r.next() & 0x807FFFFFu) | ((uint32_t)e << 23);
}

/* One triple (a, b, c) by mode (see the top). */
void triple(kc_tb_rng &r, uint16_t &a, uint16_t &b, uint32_t &c)
{
    unsigned mode = r.below(8);
    a = (uint16_t)r.next();
    b = (uint16_t)r.next();
    c = r.next();
    int ea, eb;
    switch (mode) {
    case 0: break;                                            /* random bits */
    case 1:                                                   /* edge values mixed in */
        if (r.below(2)) a = bf16_edges[r.below(sizeof bf16_edges / sizeof bf16_edges[0])];
        if (r.below(2)) b = bf16_edges[r.below(sizeof bf16_edges / sizeof bf16_edges[0])];
        if (r.below(2)) c = fp32_edges[r.below(sizeof fp32_edges / sizeof fp32_edges[0])];
        break;
    case 2: case 3:                                           /* c within a few exponents of a*b */
        ea = 1 + (int)r.below(254);
        eb = 1 + (int)r.below(254);
        a = bf16_exp(r, ea);
        b = bf16_exp(r, eb);
        c = fp32_exp(r, ea + eb - 127 + (int)r.below(61) - 30);
        break;
    case 4: {                                                 /* c ~ -a*b: cancellation */
        a = bf16_exp(r, 97 + (int)r.below(60));
        b = bf16_exp(r, 97 + (int)r.below(60));
        uint32_t p = kc_fp_mul(kc_fp_from_bf16(a), kc_fp_from_bf16(b));
        c = (p ^ 0x80000000u) ^ (r.below(4) ? (r.next() & ((1u << r.below(24)) - 1)) : 0);
        break;
    }
    case 5:                                                   /* near the flush bound */
        ea = 1 + (int)r.below(100);
        a = bf16_exp(r, ea);
        b = bf16_exp(r, 127 - ea + (int)r.below(9) - 4);
        c = r.below(2) ? fp32_exp(r, 1 + (int)r.below(4)) : (r.next() & 0x80000000u);
        break;
    case 6:                                                   /* near overflow */
        ea = 127 + (int)r.below(128);
        a = bf16_exp(r, ea);
        b = bf16_exp(r, 254 - ea + (int)r.below(5));
        c = r.below(2) ? fp32_exp(r, 250 + (int)r.below(5)) : (r.next() & 0x80000000u);
        break;
    default:                                                  /* products outside fp32, c small */
        ea = r.below(2) ? 1 + (int)r.below(40) : 215 + (int)r.below(40);
        a = bf16_exp(r, ea);
        b = bf16_exp(r, ea);
        c = fp32_exp(r, 1 + (int)r.below(254));
        break;
    }
}

unsigned long errors;

void mismatch(const char *what, unsigned long i, uint32_t got, uint32_t want, uint16_t a, uint16_t b,
              uint32_t c)
{
    if (errors++ < 10)
        fprintf(stderr, "npu_pe %s #%lu: a=%04x b=%04x c=%08x: RTL %08x, model %08x\n", what, i, a, b, c,
                got, want);
}

/* Part 1: the stages composed, combinationally. */
void check_stages(Vnpu_pe_tb &m, kc_tb_rng &r, unsigned long n)
{
    for (unsigned long i = 0; i < n; i++) {
        uint16_t a, b;
        uint32_t c;
        triple(r, a, b, c);
        m.a = a;
        m.b = b;
        m.c = c;
        m.eval();
        uint32_t want = kc_fp_fma(kc_fp_from_bf16(a), kc_fp_from_bf16(b), c);
        if (m.y != want)
            mismatch("stages", i, m.y, want, a, b, c);
    }
}

/* A chain operand: mostly values whose sums keep changing scale, now and then
 * an extreme or special one. */
uint16_t chain_operand(kc_tb_rng &r)
{
    if (r.below(64) == 0)
        return bf16_edges[r.below(sizeof bf16_edges / sizeof bf16_edges[0])];
    return bf16_exp(r, 127 + (int)r.below(41) - 20);
}

/* Part 2: the pipeline against its model. */
void check_pipeline(Vnpu_pe_tb &m, kc_tb_rng &r, unsigned long n)
{
    bool ov = false, mv = false;          /* the model: stage O, stage M, accumulator */
    uint16_t oa = 0, ob = 0, ma = 0, mb = 0;
    uint32_t acc = 0;
    m.clk = 0;
    m.clear = 1;                          /* start empty */
    m.en = 0;
    m.eval();
    m.clk = 1;
    m.eval();
    for (unsigned long i = 0; i < n; i++) {
        m.clk = 0;
        m.eval();
        bool clear = r.below(1000) == 0, en = r.below(8) != 0, v = r.below(4) != 0;
        uint16_t a = chain_operand(r), b = chain_operand(r);
        m.clear = clear;
        m.en = en;
        m.in_v = v;
        m.in_a = a;
        m.in_b = b;
        m.clk = 1;
        m.eval();
        if (clear) {
            ov = mv = false;
            acc = 0;
        } else if (en) {
            if (mv)
                acc = kc_fp_fma(kc_fp_from_bf16(ma), kc_fp_from_bf16(mb), acc);
            mv = ov;
            ma = oa;
            mb = ob;
            ov = v;
            if (v) {
                oa = a;
                ob = b;
            }
        }
        bool bad = m.out_v != ov || m.busy != (ov || mv) || m.acc != acc ||
                   m.acc16 != kc_fp_to_bf16(acc) ||
                   (ov && (m.out_a != oa || m.out_b != ob));
        if (bad && errors++ < 10)
            fprintf(stderr, "npu_pe pipeline cycle %lu: RTL v=%d a=%04x b=%04x busy=%d acc=%08x, "
                    "model v=%d a=%04x b=%04x busy=%d acc=%08x\n", i, m.out_v, m.out_a, m.out_b, m.busy,
                    m.acc, ov, oa, ob, ov || mv, acc);
    }
}

} // namespace

int main(int argc, char **argv)
{
    unsigned long n = argc > 1 ? strtoul(argv[1], nullptr, 0) : 200000;
    kc_tb_rng rng = kc_tb_rng::from_arg(argc, argv, 2);
    Verilated::commandArgs(argc, argv);
    Vnpu_pe_tb m;
    check_stages(m, rng, n);
    unsigned long stage_errors = errors;
    check_pipeline(m, rng, n);
    printf("npu_pe: %lu operand triples (%lu mismatches), %lu pipeline cycles (%lu mismatches)\n", n,
           stage_errors, n, errors - stage_errors);
    return errors ? 1 : 0;
}
