/* test_kc_sfu_lane.cpp — one lane of the pipelined special functions
 * (rtl/common/kc_sfu_lane.v) against harness/kc_fp.c's kc_fp_exp, kc_fp_recip
 * and kc_fp_rsqrt, bit for bit: N random operands (random bits, the range
 * where exp is finite, specials) issued back to back with random pipeline
 * freezes (adv low), each result checked when its entry leaves segment 4.
 *
 *   test_kc_sfu_lane N SEED
 */
#include "Vkc_sfu_lane.h"
#include "verilated.h"

extern "C" {
#include "kc_fp.h"
}

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include "../kc_tb_rng.h"

namespace {

uint32_t operand(kc_tb_rng &rng)
{
    static const uint32_t special[] = {0, 0x80000000u, 0x3f800000u, 0x40800000u, 0x7f800000u, 0xff800000u,
                                       0x7fc00000u, 0x00000001u, 0x42fe0000u, 0xc2fe0000u, 0x7f7fffffu};
    uint32_t r = rng.next();
    switch (rng.next() % 4) {
    case 0: return special[r % (sizeof special / sizeof special[0])];
    case 1: return r;
    default: /* |x| in [2^-8, 2^7): exp finite and nonzero, recip/rsqrt normal */
        return (r & 0x807fffffu) | ((119u + rng.next() % 15) << 23);
    }
}

uint32_t ref(unsigned op, uint32_t x)
{
    return op == 1 ? kc_fp_exp(x) : op == 2 ? kc_fp_recip(x) : kc_fp_rsqrt(x);
}

} // namespace

int main(int argc, char **argv)
{
    unsigned n = argc > 1 ? (unsigned)atoi(argv[1]) : 100000;
    kc_tb_rng rng = kc_tb_rng::from_arg(argc, argv, 2);
    Verilated::commandArgs(argc, argv);
    Vkc_sfu_lane m;
    /* the parent's control pipe: stage s1..s4 valid, op, and the operand */
    bool v[5] = {};
    unsigned op[5] = {};
    uint32_t x[5] = {};
    unsigned long checked = 0, errors = 0;
    m.clk = 0;
    for (unsigned cyc = 0; checked < n && errors < 10; cyc++) {
        bool adv = rng.next() % 8 != 0;
        bool in = rng.next() % 4 != 0;
        unsigned o = 1 + rng.next() % 3;
        uint32_t a = operand(rng);
        m.adv = adv;
        m.in0 = in;
        m.op0 = o;
        m.x0 = a;
        m.v = (v[1] ? 1 : 0) | (v[2] ? 2 : 0) | (v[3] ? 4 : 0) | (v[4] ? 8 : 0);
        m.op = op[1] | op[2] << 2 | op[3] << 4 | op[4] << 6;
        m.eval();
        if (v[4]) {   /* segment 4: the result that goes into s5 */
            uint32_t want = ref(op[4], x[4]);
            if (m.y != want) {
                if (errors < 10)
                    printf("cycle %u: op %u x %08x: rtl %08x kc_fp %08x\n", cyc, op[4], x[4], (unsigned)m.y, want);
                errors++;
            }
            if (adv) checked++;
        }
        m.clk = 1;
        m.eval();
        m.clk = 0;
        m.eval();
        if (adv) {
            for (int s = 4; s > 1; s--) {
                v[s] = v[s - 1];
                op[s] = op[s - 1];
                x[s] = x[s - 1];
            }
            v[1] = in;
            op[1] = o;
            x[1] = a;
        }
    }
    printf("kc_sfu_lane: %lu results checked, %lu mismatches\n", checked, errors);
    return errors ? 1 : 0;
}
