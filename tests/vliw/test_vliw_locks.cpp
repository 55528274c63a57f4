/* test_vliw_locks.cpp — vliw_locks (rtl/vliw/vliw_locks.v) against a
 * reference model: N cycles of random acquires and releases from every port
 * on few locks (so that several hit one lock in one cycle), every 4th cycle on
 * any lock. Checked each
 * cycle: grants and overflow flags (requests applied in port order, an
 * acquire seeing the earlier ones), then the lock values.
 *
 *   test_vliw_locks N SEED
 */
#include "Vvliw_locks.h"
#include "verilated.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include "../kc_tb_rng.h"

namespace {

constexpr unsigned NLREQ = 7, NLOCKS = 16;

void tick(Vvliw_locks &m)
{
    m.clk = 1;
    m.eval();
    m.clk = 0;
    m.eval();
}

} // namespace

int main(int argc, char **argv)
{
    unsigned n = argc > 1 ? (unsigned)atoi(argv[1]) : 20000;
    kc_tb_rng rng = kc_tb_rng::from_arg(argc, argv, 2);
    Verilated::commandArgs(argc, argv);
    Vvliw_locks m;
    m.rst = 1;
    m.req_valid = 0;
    tick(m);
    m.rst = 0;
    unsigned val[NLOCKS] = {};
    unsigned long acq_ok = 0, acq_wait = 0, ovf = 0, errors = 0;
    for (unsigned cyc = 0; cyc < n && errors < 10; cyc++) {
        uint32_t valid = 0, acq = 0, idx = 0;
        uint64_t v = 0;
        for (unsigned i = 0; i < NLREQ; i++) {
            if (rng.next() % 2) valid |= 1u << i;
            if (rng.next() % 2) acq |= 1u << i;
            /* mostly locks 0..2 (several requests on one lock), every 4th cycle any lock */
            idx |= (rng.next() % (cyc % 4 == 3 ? NLOCKS : 3)) << (4 * i);
            v |= (uint64_t)(rng.next() % 4 == 0 ? rng.next() % 64 : rng.next() % 12) << (6 * i);
        }
        m.req_valid = valid;
        m.req_acq = acq;
        m.req_idx = idx;
        m.req_val = v;
        m.eval();
        uint32_t g = 0, o = 0;
        for (unsigned i = 0; i < NLREQ; i++) {
            if (!((valid >> i) & 1)) continue;
            unsigned l = (idx >> (4 * i)) & 15, x = (unsigned)(v >> (6 * i)) & 63;
            if ((acq >> i) & 1) {
                if (val[l] >= x) { val[l] -= x; g |= 1u << i; acq_ok++; }
                else acq_wait++;
            } else if (val[l] + x > 63) {
                o |= 1u << i;
                ovf++;
            } else {
                val[l] += x;
                g |= 1u << i;
            }
        }
        if (m.req_grant != g || m.req_ovf != o) {
            printf("FAIL cycle %u: grant %02x ovf %02x, model %02x %02x\n", cyc, (unsigned)m.req_grant,
                   (unsigned)m.req_ovf, g, o);
            errors++;
        }
        tick(m);   /* the values are checked through later cycles' grants */
    }
    if (errors) {
        printf("test_vliw_locks: FAILED\n");
        return 1;
    }
    printf("test_vliw_locks: ok, %u cycles, %lu acquires granted, %lu refused, %lu overflows\n", n, acq_ok,
           acq_wait, ovf);
    return 0;
}
