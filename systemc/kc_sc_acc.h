/* kc_sc_acc.h — an accelerator as a SystemC module with a TLM-2.0 memory port.
 *
 * kc_sc_acc is the part every accelerator shares: the platform clock in, the
 * kc_bus DRAM port as a TLM-2.0 initiator socket (`mem`), and the control
 * interface (load a program, start, a done event with halted/trapped, cause and
 * pc, the cycle count and the counters). The RTL itself is the `verilator --sc`
 * module of the build (kc_add_systemc_model, verilated/CMakeLists.txt), held by
 * kc_sc_model<Family> (kc_sc_model.h), which maps this class's port accessors
 * onto the module's signals; the families differ only there.
 *
 * Protocol: TLM-2.0 approximately-timed (nb_transport, four phases), because the
 * kc_bus port is pipelined — up to `latency` reads in flight, a new request every
 * cycle the DRAM's bandwidth allows — and its timing is what the cycle counts
 * measure. BEGIN_REQ/END_REQ is the valid/ready handshake (END_REQ in the cycle
 * the DRAM accepts the beat: its bandwidth), BEGIN_RESP the read data (in the
 * cycle the DRAM delivers it: its latency). The loosely-timed b_transport would
 * block the port for a read's whole latency, or need the DRAM's timing
 * re-implemented in the initiator; docs/systemc.md has the argument.
 *
 * One clock cycle c, with the platform clock low at 10c and rising at 10c + 5
 * (any period: the times only order events), as the C harness (kc_sim.c) runs it:
 *   negedge  the model's outputs as after the last edge: status (halted or trapped
 *            ends the run before this cycle's edge), the request (a new one goes
 *            out as BEGIN_REQ; the DRAM may accept it at once: END_REQ); what the
 *            DRAM sent at the last posedge (END_REQ of a waiting request, a read's
 *            BEGIN_RESP) becomes this cycle's ready / response inputs;
 *   posedge  the model's clock edge; the DRAM target commits the cycle on the same
 *            edge (kc_sc_dram.h).
 * The model's clock is gated: it runs only while a program loads and runs, so
 * its counters stop when it halts, as the C harness stops clocking.
 *
 * Loading: with rst high, two idle cycles, one cycle per load-port write of the
 * family's list (kc_load.h: the list the C++ model's shim plays), two idle
 * cycles, release — the cycles before release are not counted.
 */
#ifndef KC_SC_ACC_H
#define KC_SC_ACC_H

#include <cstdint>
#include <deque>
#include <string>
#include <vector>

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>

#include "kc_acc.h"
#include "kc_load.h"
#include "kc_sim.h"

/* A finished run, as kc_sim_report has it. */
struct kc_sc_result {
    kc_sim_result result = KC_SIM_ERROR;
    uint64_t cycles = 0;
    kc_core_status status{};
    std::vector<uint64_t> counters;
    /* per issuing unit (vliw: per tile), as kc_sim_report has them; empty: none */
    std::vector<std::vector<uint64_t>> unit_counters;
    std::string error;          /* KC_SIM_ERROR: what the RTL or the bus did */
};

class kc_sc_acc : public sc_core::sc_module {
public:
    sc_core::sc_in<bool> clk;                                   /* the platform clock */
    tlm_utils::simple_initiator_socket<kc_sc_acc> mem;          /* kc_bus traffic, TLM-2.0 AT */
    sc_core::sc_event done_event;                               /* the run ended (result()) */

    /* ---- control interface ---- */
    /* Takes a program (kc_image: segments + entry), its argument registers and the
     * DRAM size the core checks addresses against; it loads at the next start().
     * Refuses an image the accelerator cannot take (kc_acc_ops.reset's rules). */
    kc_status load(const kc_image *img, const uint32_t *args, size_t nargs, uint32_t dram_bytes,
                   kc_err *err);
    /* Loads the program and runs it until it halts or traps, or for at most
     * cycle_limit cycles (0: KC_SIM_DEFAULT_CYCLE_LIMIT); then done_event. */
    void start(uint64_t cycle_limit);
    bool done() const { return done_; }
    const kc_sc_result &result() const { return result_; }

    virtual const char *acc_name() const = 0;
    virtual unsigned beat_bytes() const = 0;
    virtual unsigned ncounters() const = 0;

protected:
    explicit kc_sc_acc(sc_core::sc_module_name name);

    /* ---- the model's ports (kc_sc_model.h); written at a negedge, read settled ---- */
    virtual kc_status prepare(const kc_image *img, const uint32_t *args, size_t nargs, uint32_t dram_bytes,
                              std::vector<kc_load_write> &writes, kc_err *err) = 0;
    virtual void set_inputs_at_reset() = 0;   /* args, dram size, entry: prepare()'s values */
    virtual void set_clk(bool v) = 0;
    virtual void set_rst(bool v) = 0;
    virtual void set_load(bool we, uint32_t addr, uint32_t data) = 0;
    /* After the load-port writes, rst still high: memories without a load port
     * written the way the C++ model's shim writes them (vliw's DM); false: failed. */
    virtual bool load_backdoor() = 0;
    virtual void set_bus(const kc_bus_resp &in) = 0;
    virtual void get_bus(kc_bus_req &req) const = 0;
    virtual void get_status(kc_core_status &st) const = 0;
    virtual void get_counters(uint64_t *vals, size_t n) const = 0;
    /* Once per cycle, before its edge, while the core runs: counters the module
     * keeps itself from its ports (vliw's per-tile ones); into result().unit_counters. */
    virtual void sample(std::vector<std::vector<uint64_t>> &unit_counters) = 0;

private:
    struct mm;                  /* the payload pool (tlm_mm_interface) */
    mm *mm_;
    std::vector<kc_load_write> writes_;
    bool loaded_ = false, done_ = true;
    uint64_t limit_ = 0;
    sc_core::sc_event start_event_;
    kc_sc_result result_;

    /* the bridge: kc_bus <-> TLM */
    tlm::tlm_generic_payload *waiting_ = nullptr;   /* sent (BEGIN_REQ), not accepted yet */
    kc_bus_req sent_{};                             /* what waiting_ carries */
    bool accepted_ = false;                         /* END_REQ came for waiting_ */
    std::deque<tlm::tlm_generic_payload *> resps_;  /* BEGIN_RESPs since the last negedge */

    void run();                 /* SC_THREAD: load, then the cycles */
    void edge();                /* one cycle of the model's clock, back at the negedge */
    bool cycle_bus(uint64_t c); /* this cycle's kc_bus handshake; false on a protocol error */
    bool stop_on_hooks(uint64_t c);
    tlm::tlm_sync_enum nb_transport_bw(tlm::tlm_generic_payload &trans, tlm::tlm_phase &phase,
                                       sc_core::sc_time &delay);
};

#endif
