/* test_vliw_dm.cpp — vliw_dm (rtl/vliw/vliw_dm.v) against a reference model:
 * N cycles of random requests from every port (reads and byte-enabled writes,
 * bunched on few banks so that conflicts are frequent). Checked each cycle:
 * the grants (per bank, the first valid request in port order), the denied
 * count, and the next cycle's read data of every granted read against a byte
 * array updated by the granted writes.
 *
 *   test_vliw_dm N SEED
 */
#include "Vvliw_dm.h"
#include "verilated.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>
#include "../kc_tb_rng.h"

namespace {

constexpr unsigned NREQ = 17, NBANKS = 8, DM_BYTES = 65536;

void set_bit(uint32_t *w, unsigned bit, bool v)
{
    if (v) w[bit / 32] |= 1u << (bit % 32);
    else w[bit / 32] &= ~(1u << (bit % 32));
}

} // namespace

int main(int argc, char **argv)
{
    unsigned n = argc > 1 ? (unsigned)atoi(argv[1]) : 20000;
    kc_tb_rng rng = kc_tb_rng::from_arg(argc, argv, 2);
    Verilated::commandArgs(argc, argv);
    Vvliw_dm m;
    std::vector<uint8_t> mem(DM_BYTES, 0);

    // zero the memory through port 0 (full-row writes, one per cycle)
    m.clk = 0;
    m.eval();
    for (unsigned row = 0; row < DM_BYTES / 32; row++) {
        m.req_valid = 1;
        m.req_write = 1;
        std::memset(m.req_wdata.data(), 0, sizeof(m.req_wdata));
        std::memset(m.req_addr.data(), 0, sizeof(m.req_addr));
        std::memset(m.req_wbe.data(), 0, sizeof(m.req_wbe));
        m.req_addr[0] = (row * 32) & 0xffff;
        m.req_wbe[0] = 0xffffffffu;
        m.eval();
        m.clk = 1;
        m.eval();
        m.clk = 0;
        m.eval();
    }

    bool prev_rd[NREQ] = {};
    uint8_t prev_data[NREQ][32];
    unsigned long grants = 0, denied = 0, errors = 0;
    for (unsigned cyc = 0; cyc < n && errors < 10; cyc++) {
        // a few "hot" rows per cycle: most requests collide
        uint32_t hot[3];
        for (uint32_t &h : hot) h = rng.next() % (DM_BYTES / 32);
        uint32_t valid = 0, write = 0;
        uint32_t addr[NREQ], wbe[NREQ];
        uint8_t wdata[NREQ][32];
        std::memset(m.req_addr.data(), 0, sizeof(m.req_addr));
        for (unsigned i = 0; i < NREQ; i++) {
            bool v = rng.next() % 3 != 0;
            bool w = rng.next() % 3 == 0;
            uint32_t row = rng.next() % 4 ? hot[rng.next() % 3] : rng.next() % (DM_BYTES / 32);
            addr[i] = row * 32 + (rng.next() & 31);
            wbe[i] = rng.next() % 2 ? 0xffffffffu : rng.next();
            for (unsigned b = 0; b < 32; b++) wdata[i][b] = (uint8_t)rng.next();
            if (v) valid |= 1u << i;
            if (w) write |= 1u << i;
            for (unsigned k = 0; k < 16; k++) set_bit(m.req_addr.data(), 16 * i + k, (addr[i] >> k) & 1);
            m.req_wbe[i] = wbe[i];
            std::memcpy((uint8_t *)m.req_wdata.data() + 32 * i, wdata[i], 32);
        }
        m.req_valid = valid;
        m.req_write = write;
        m.eval();

        // last cycle's reads
        for (unsigned i = 0; i < NREQ; i++) {
            bool rv = (m.rvalid >> i) & 1;
            if (rv != prev_rd[i]) {
                printf("FAIL cycle %u: port %u rvalid %d, model %d\n", cyc, i, rv, prev_rd[i]);
                errors++;
            } else if (rv && std::memcmp((const uint8_t *)m.rdata.data() + 32 * i, prev_data[i], 32)) {
                printf("FAIL cycle %u: port %u read data differs\n", cyc, i);
                errors++;
            }
        }
        // this cycle's grants
        uint32_t taken = 0, g_model = 0;
        unsigned nden = 0;
        for (unsigned i = 0; i < NREQ; i++) {
            if (!((valid >> i) & 1)) continue;
            unsigned bank = (addr[i] >> 5) % NBANKS;
            if (taken & (1u << bank)) nden++;
            else g_model |= 1u << i;
            taken |= 1u << bank;
        }
        if (m.req_grant != g_model || m.ndenied != nden) {
            printf("FAIL cycle %u: grant %05x ndenied %u, model %05x %u\n", cyc, (unsigned)m.req_grant,
                   (unsigned)m.ndenied, g_model, nden);
            errors++;
        }
        for (unsigned i = 0; i < NREQ; i++) {
            prev_rd[i] = false;
            if (!((g_model >> i) & 1)) continue;
            grants++;
            uint32_t base = addr[i] & ~31u;
            if ((write >> i) & 1) {
                for (unsigned b = 0; b < 32; b++)
                    if ((wbe[i] >> b) & 1) mem[base + b] = wdata[i][b];
            } else {
                prev_rd[i] = true;
                std::memcpy(prev_data[i], &mem[base], 32);
            }
        }
        denied += nden;
        m.clk = 1;
        m.eval();
        m.clk = 0;
        m.eval();
    }
    if (errors) {
        printf("test_vliw_dm: FAILED\n");
        return 1;
    }
    printf("test_vliw_dm: ok, %u cycles, %lu accesses granted, %lu denied (bank conflicts)\n", n, grants, denied);
    return 0;
}
