/* kc_sc_dram.h — the harness DRAM model (harness/kc_dram.h) as a TLM-2.0 target.
 *
 * It wraps a kc_dram the caller owns (its size, latency, bandwidth and contents
 * are that model's: load inputs and read results through kc_dram_data) and runs
 * it one kc_dram_drive + kc_dram_commit per cycle of its clock, exactly as the C
 * harness does, so a kc_sc_acc (kc_sc_acc.h) sees the same ready and response
 * cycles as the C++ model under kc_sim.c. Approximately-timed (nb_transport):
 *   BEGIN_REQ   a beat (address, beat-sized data, byte enables for a write):
 *               END_REQ at once (TLM_UPDATED) when the DRAM is ready this cycle,
 *               else TLM_ACCEPTED and END_REQ on the backward path at the posedge
 *               before the cycle it is ready in;
 *   posedge     the cycle's commit: the accepted beat is written, or its read
 *               captured; then the next cycle's drive: a read due then gets its
 *               data and BEGIN_RESP (the initiator answers TLM_COMPLETED); an
 *               accepted write gets BEGIN_RESP at its commit.
 * One request in its request phase at a time (the kc_bus has one request
 * channel); responses in order. Debug transport (transport_dbg) reads and
 * writes the memory without timing.
 *
 * The DRAM runs on every cycle of the clock, also while no program runs; it
 * differs from a C-harness run only in the tokens of its bandwidth bucket before
 * a run's first request, and the bucket is full after one idle cycle either way
 * (a core cannot request in its first cycle after reset).
 */
#ifndef KC_SC_DRAM_H
#define KC_SC_DRAM_H

#include <deque>

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_target_socket.h>

#include "kc_dram.h"

class kc_sc_dram : public sc_core::sc_module {
public:
    sc_core::sc_in<bool> clk;
    tlm_utils::simple_target_socket<kc_sc_dram> socket;

    /* dram: opened with the accelerator's beat (kc_dram_open); not owned. */
    kc_sc_dram(sc_core::sc_module_name name, kc_dram *dram, unsigned beat_bytes);

    kc_dram *dram() const { return dram_; }

private:
    kc_dram *dram_;
    unsigned beat_;
    kc_bus_resp cur_{};                            /* this cycle's ready / response */
    tlm::tlm_generic_payload *req_ = nullptr;      /* in its request phase */
    bool accepted_ = false;                        /* req_ goes at this cycle's edge */
    std::deque<tlm::tlm_generic_payload *> reads_; /* accepted reads, oldest first */

    void tick();   /* SC_METHOD on the posedge */
    tlm::tlm_sync_enum nb_transport_fw(tlm::tlm_generic_payload &t, tlm::tlm_phase &phase,
                                       sc_core::sc_time &delay);
    unsigned int transport_dbg(tlm::tlm_generic_payload &t);
    void respond(tlm::tlm_generic_payload &t);
};

#endif
