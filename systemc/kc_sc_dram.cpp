/* kc_sc_dram.cpp — kc_dram behind a TLM-2.0 AT target socket (kc_sc_dram.h). */
#include "kc_sc_dram.h"

#include <cstring>

using namespace sc_core;

kc_sc_dram::kc_sc_dram(sc_module_name name, kc_dram *dram, unsigned beat_bytes)
    : sc_module(name), clk("clk"), socket("socket"), dram_(dram), beat_(beat_bytes)
{
    socket.register_nb_transport_fw(this, &kc_sc_dram::nb_transport_fw);
    socket.register_transport_dbg(this, &kc_sc_dram::transport_dbg);
    kc_bus_req idle{};
    kc_dram_drive(dram_, &idle, &cur_);   /* cycle 0 */
    SC_HAS_PROCESS(kc_sc_dram);
    SC_METHOD(tick);
    sensitive << clk.pos();
    dont_initialize();
}

/* The payload of a beat as the kc_bus request it is. */
static bool to_bus(const tlm::tlm_generic_payload &t, unsigned beat, kc_bus_req &r)
{
    if (t.get_data_length() != beat || t.get_streaming_width() != beat)
        return false;
    r.valid = 1;
    r.write = t.is_write();
    r.addr = (uint32_t)t.get_address();
    r.wstrb = 0;
    if (r.write) {
        std::memcpy(r.wdata, t.get_data_ptr(), beat);
        const unsigned char *be = t.get_byte_enable_ptr();
        for (unsigned i = 0; i < beat; i++)
            if (!be || be[i % t.get_byte_enable_length()])
                r.wstrb |= uint64_t(1) << i;
    }
    return true;
}

tlm::tlm_sync_enum kc_sc_dram::nb_transport_fw(tlm::tlm_generic_payload &t, tlm::tlm_phase &phase,
                                               sc_time &)
{
    if (phase == tlm::END_RESP)
        return tlm::TLM_COMPLETED;
    if (phase != tlm::BEGIN_REQ || req_) {
        SC_REPORT_ERROR("kc_sc_dram", req_ ? "BEGIN_REQ before the last request's END_REQ"
                                           : "unexpected phase on the forward path");
        return tlm::TLM_COMPLETED;
    }
    kc_bus_req r;
    if (t.get_command() == tlm::TLM_IGNORE_COMMAND || !to_bus(t, beat_, r)) {
        t.set_response_status(tlm::TLM_BURST_ERROR_RESPONSE);   /* one beat a transaction */
        return tlm::TLM_COMPLETED;
    }
    t.acquire();
    req_ = &t;
    accepted_ = cur_.req_ready;
    if (accepted_) {
        phase = tlm::END_REQ;
        return tlm::TLM_UPDATED;
    }
    return tlm::TLM_ACCEPTED;
}

void kc_sc_dram::respond(tlm::tlm_generic_payload &t)
{
    t.set_response_status(tlm::TLM_OK_RESPONSE);
    tlm::tlm_phase phase = tlm::BEGIN_RESP;
    sc_time delay = SC_ZERO_TIME;
    socket->nb_transport_bw(t, phase, delay);   /* TLM_COMPLETED, or END_RESP later: same to us */
    t.release();
}

void kc_sc_dram::tick()
{
    /* The edge ending this cycle: the accepted beat (if any), the response of the cycle. */
    kc_bus_req r{};
    tlm::tlm_generic_payload *went = nullptr;
    if (req_ && accepted_) {
        to_bus(*req_, beat_, r);
        went = req_;
        req_ = nullptr;
        accepted_ = false;
    }
    kc_dram_commit(dram_, &r, &cur_);
    if (went) {
        if (went->is_write())
            respond(*went);
        else
            reads_.push_back(went);
    }
    /* The next cycle: a read due then, and whether a waiting request goes. */
    kc_bus_req idle{};
    kc_dram_drive(dram_, &idle, &cur_);
    if (cur_.resp_valid) {
        tlm::tlm_generic_payload *t = reads_.front();
        reads_.pop_front();
        std::memcpy(t->get_data_ptr(), cur_.rdata, beat_);
        respond(*t);
    }
    if (req_ && cur_.req_ready) {
        accepted_ = true;
        tlm::tlm_phase phase = tlm::END_REQ;
        sc_time delay = SC_ZERO_TIME;
        socket->nb_transport_bw(*req_, phase, delay);
    }
}

unsigned int kc_sc_dram::transport_dbg(tlm::tlm_generic_payload &t)
{
    uint32_t size = kc_dram_config(dram_)->size_bytes;
    uint64_t a = t.get_address();
    unsigned n = t.get_data_length();
    if (a >= size)
        return 0;
    if (n > size - a)
        n = unsigned(size - a);
    uint8_t *m = kc_dram_data(dram_) + a;
    if (t.is_write())
        std::memcpy(m, t.get_data_ptr(), n);
    else if (t.is_read())
        std::memcpy(t.get_data_ptr(), m, n);
    t.set_response_status(tlm::TLM_OK_RESPONSE);
    return n;
}
