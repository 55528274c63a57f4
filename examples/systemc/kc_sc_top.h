/* kc_sc_top.h — the example virtual platform: one accelerator, the DRAM, a clock.
 *
 *   clk (10 ns) --> acc (kc_sc_acc: the build's verilator --sc RTL) --mem--> dram
 *                                                                (kc_sc_dram: kc_dram)
 * and a testbench thread that starts the loaded program and stops the
 * simulation when it is done. A platform of your own instantiates the same two
 * modules (systemc/kc_sc_acc.h, systemc/kc_sc_dram.h) and binds `acc->mem` to
 * its interconnect instead.
 */
#ifndef KC_SC_TOP_H
#define KC_SC_TOP_H

#include <memory>

#include <systemc>

#include "kc_sc_dram.h"
#include "kc_sc_registry.h"

struct kc_sc_top : sc_core::sc_module {
    sc_core::sc_clock clk;
    kc_sc_acc *acc;           /* a child module: SystemC owns it for the process */
    kc_sc_dram dram;
    uint64_t cycle_limit = 0;

    /* acc_build: a kc_sc_new name; dram: opened with the accelerator's beat. */
    kc_sc_top(sc_core::sc_module_name name, kc_sc_acc *a, kc_dram *d)
        : sc_module(name),
          /* low at 0, rising at 5 ns: cycle c is [10c, 10c + 10) with its edge in the middle */
          clk("clk", sc_core::sc_time(10, sc_core::SC_NS), 0.5, sc_core::sc_time(5, sc_core::SC_NS), true),
          acc(a), dram("dram", d, a->beat_bytes())
    {
        acc->clk(clk);
        dram.clk(clk);
        acc->mem.bind(dram.socket);
        SC_HAS_PROCESS(kc_sc_top);
        SC_THREAD(testbench);
    }

    void testbench()
    {
        acc->start(cycle_limit);
        wait(acc->done_event);
        sc_core::sc_stop();
    }
};

#endif
