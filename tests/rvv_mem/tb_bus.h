/* tb_bus.h — one clock cycle of a Verilated model whose kc_bus port talks to
 * the harness DRAM model (harness/kc_bus.h protocol), for the rvv_mem tests. */
#ifndef TB_BUS_H
#define TB_BUS_H

#include "kc_dram.h"

#include <cstring>

template <class W> void tb_wide_set(W &w, const uint8_t *b, unsigned n)
{
    for (unsigned i = 0; i < n / 4; i++) {
        uint32_t x;
        memcpy(&x, b + 4 * i, 4);
        w[i] = x;
    }
}
template <class W> void tb_wide_get(const W &w, uint8_t *b, unsigned n)
{
    for (unsigned i = 0; i < n / 4; i++) {
        uint32_t x = w[i];
        memcpy(b + 4 * i, &x, 4);
    }
}

/* Counts the DRAM reads in flight (accepted, not yet answered) and their maximum. */
struct TbBusStats {
    unsigned inflight = 0, max_inflight = 0;
};

/* One cycle: settle the model, let the DRAM drive ready/response, call
 * pre_edge() (sample what the testbench needs before the edge), clock edge,
 * commit the DRAM side. */
template <class M, class F>
void tb_bus_cycle(M *m, kc_dram *d, unsigned beat, TbBusStats *st, F pre_edge)
{
    kc_bus_req req;
    kc_bus_resp resp;
    m->clk = 0;
    m->eval();
    memset(&req, 0, sizeof req);
    req.valid = m->mem_req_valid;
    req.write = m->mem_req_write;
    req.addr = m->mem_req_addr;
    req.wstrb = m->mem_req_wstrb;
    tb_wide_get(m->mem_req_wdata, req.wdata, beat);
    kc_dram_drive(d, &req, &resp);
    m->mem_req_ready = resp.req_ready;
    m->mem_resp_valid = resp.resp_valid;
    tb_wide_set(m->mem_resp_rdata, resp.rdata, beat);
    m->eval();
    pre_edge();
    m->clk = 1;
    m->eval();
    kc_dram_commit(d, &req, &resp);
    if (req.valid && resp.req_ready && !req.write)
        st->inflight++;
    if (resp.resp_valid)
        st->inflight--;
    if (st->inflight > st->max_inflight)
        st->max_inflight = st->inflight;
}

#endif
