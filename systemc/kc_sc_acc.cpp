/* kc_sc_acc.cpp — the shared part of every accelerator's SystemC module
 * (kc_sc_acc.h): the control thread and the kc_bus <-> TLM-2.0 AT bridge. */
#include "kc_sc_acc.h"

#include <cstring>
#include <memory>

#include "kc_vl_hooks.h"

using namespace sc_core;

/* Payloads come from a pool (tlm_mm_interface): an AT transaction outlives the
 * call that starts it, and reads are in flight by the dozen. */
struct kc_sc_acc::mm : tlm::tlm_mm_interface {
    struct item : tlm::tlm_generic_payload {
        uint8_t data[KC_BEAT_BYTES_MAX];
        uint8_t be[KC_BEAT_BYTES_MAX];
    };
    std::vector<std::unique_ptr<item>> all;
    std::vector<item *> idle;

    item *alloc()
    {
        if (idle.empty()) {
            all.push_back(std::make_unique<item>());
            all.back()->set_mm(this);
            idle.push_back(all.back().get());
        }
        item *i = idle.back();
        idle.pop_back();
        return i;
    }
    void free(tlm::tlm_generic_payload *p) override
    {
        p->reset();
        idle.push_back(static_cast<item *>(p));
    }
};

kc_sc_acc::kc_sc_acc(sc_module_name name) : sc_module(name), clk("clk"), mem("mem"), mm_(new mm)
{
    mem.register_nb_transport_bw(this, &kc_sc_acc::nb_transport_bw);
    SC_HAS_PROCESS(kc_sc_acc);
    SC_THREAD(run);
}

kc_status kc_sc_acc::load(const kc_image *img, const uint32_t *args, size_t nargs, uint32_t dram_bytes,
                          kc_err *err)
{
    if (!done_)
        return kc_err_set(err, KC_ERR_USAGE, "%s: load while a program runs", acc_name());
    kc_status s = prepare(img, args, nargs, dram_bytes, writes_, err);
    loaded_ = s == KC_OK;
    return s;
}

void kc_sc_acc::start(uint64_t cycle_limit)
{
    limit_ = cycle_limit ? cycle_limit : KC_SIM_DEFAULT_CYCLE_LIMIT;
    done_ = false;
    start_event_.notify(SC_ZERO_TIME);
}

void kc_sc_acc::edge()
{
    wait(clk.posedge_event());
    set_clk(true);
    wait(clk.negedge_event());
    set_clk(false);
}

/* RTL $stop/$error/$fatal/$finish (kc_vl_hooks.h) at the last edge. */
bool kc_sc_acc::stop_on_hooks(uint64_t c)
{
    kc_vl_hooks_event ev;
    if (!kc_vl_hooks_take(&ev))
        return false;
    char buf[512];
    result_.error = std::string(acc_name()) + ": " + kc_vl_hooks_describe(&ev, buf, sizeof buf) +
                    " (cycle " + std::to_string(c) + ")";
    return true;
}

static bool same_request(const kc_bus_req &a, const kc_bus_req &b, unsigned beat)
{
    return a.valid == b.valid && a.write == b.write && a.addr == b.addr &&
           (!a.write || (a.wstrb == b.wstrb && std::memcmp(a.wdata, b.wdata, beat) == 0));
}

/* At the negedge of cycle c: the inputs of this cycle's edge from what the DRAM
 * said at the last posedge, and this cycle's request to it. */
bool kc_sc_acc::cycle_bus(uint64_t c)
{
    const unsigned beat = beat_bytes();
    kc_bus_resp in{};
    in.req_ready = waiting_ && accepted_;
    while (!resps_.empty()) {
        tlm::tlm_generic_payload *t = resps_.front();
        resps_.pop_front();
        if (t->is_read()) {
            if (in.resp_valid) {
                result_.error = "DRAM target sent two read responses for cycle " + std::to_string(c);
                t->release();
                return false;
            }
            in.resp_valid = 1;
            std::memcpy(in.rdata, t->get_data_ptr(), beat);
        }
        t->release();
    }
    kc_bus_req req{};
    get_bus(req);
    if (waiting_) {
        /* A TLM request cannot be taken back: the model must hold it (kc_bus). */
        if (!same_request(req, sent_, beat)) {
            result_.error = std::string(acc_name()) + ": kc_bus request changed before the DRAM took it (cycle " +
                            std::to_string(c) + ")";
            return false;
        }
    } else if (req.valid) {
        mm::item *t = mm_->alloc();
        t->acquire();
        t->set_command(req.write ? tlm::TLM_WRITE_COMMAND : tlm::TLM_READ_COMMAND);
        t->set_address(req.addr);
        t->set_data_ptr(t->data);
        t->set_data_length(beat);
        t->set_streaming_width(beat);
        t->set_dmi_allowed(false);
        t->set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
        if (req.write) {
            std::memcpy(t->data, req.wdata, beat);
            for (unsigned i = 0; i < beat; i++)
                t->be[i] = (req.wstrb >> i) & 1 ? 0xff : 0x00;
            t->set_byte_enable_ptr(t->be);
            t->set_byte_enable_length(beat);
        } else {
            t->set_byte_enable_ptr(nullptr);
            t->set_byte_enable_length(0);
        }
        waiting_ = t;
        sent_ = req;
        accepted_ = false;
        tlm::tlm_phase phase = tlm::BEGIN_REQ;
        sc_time delay = SC_ZERO_TIME;
        tlm::tlm_sync_enum r = mem->nb_transport_fw(*t, phase, delay);
        if (r == tlm::TLM_UPDATED && phase == tlm::END_REQ) {
            accepted_ = true;
            in.req_ready = 1;
        }
        else if (r != tlm::TLM_ACCEPTED) {
            result_.error = "DRAM target answered BEGIN_REQ other than END_REQ or accepted";
            return false;
        }
    }
    if (in.req_ready) {   /* the beat goes at this cycle's edge */
        waiting_->release();
        waiting_ = nullptr;
        accepted_ = false;
    }
    set_bus(in);
    return true;
}

tlm::tlm_sync_enum kc_sc_acc::nb_transport_bw(tlm::tlm_generic_payload &trans, tlm::tlm_phase &phase,
                                              sc_time &)
{
    if (phase == tlm::END_REQ && &trans == waiting_) {
        accepted_ = true;   /* the DRAM takes the beat at the next edge */
        return tlm::TLM_ACCEPTED;
    }
    if (phase == tlm::BEGIN_RESP) {
        trans.acquire();    /* read at the next negedge */
        resps_.push_back(&trans);
        return tlm::TLM_COMPLETED;
    }
    SC_REPORT_ERROR("kc_sc_acc", "unexpected phase on the backward path");
    return tlm::TLM_COMPLETED;
}

void kc_sc_acc::run()
{
    for (;;) {
        wait(start_event_);
        result_ = kc_sc_result{};
        for (tlm::tlm_generic_payload *t : resps_)   /* a previous run's last responses */
            t->release();
        resps_.clear();
        result_.counters.assign(ncounters(), 0);
        if (!loaded_) {
            result_.error = std::string(acc_name()) + ": start without a program";
            done_ = true;
            done_event.notify(SC_ZERO_TIME);
            continue;
        }
        wait(clk.negedge_event());   /* a cycle boundary */
        set_clk(false);
        set_rst(true);
        set_load(false, 0, 0);
        set_inputs_at_reset();
        set_bus(kc_bus_resp{});
        edge();
        edge();
        for (const kc_load_write &w : writes_) {
            set_load(true, w.addr, w.data);
            edge();
        }
        set_load(false, 0, 0);
        bool failed = !load_backdoor();
        if (failed)
            result_.error = std::string(acc_name()) + ": the model does not expose a memory the loader writes";
        edge();
        edge();
        failed = failed || stop_on_hooks(0);
        set_rst(false);
        wait(SC_ZERO_TIME);   /* rst falls, the model settles (as the shim's eval after reset) */
        wait(SC_ZERO_TIME);
        uint64_t c = 0;
        kc_core_status st{};
        while (!failed) {
            get_status(st);
            if (st.state != KC_CORE_RUNNING || c >= limit_)
                break;
            if (!cycle_bus(c)) {
                failed = true;
                break;
            }
            sample(result_.unit_counters);
            edge();
            c++;
            failed = stop_on_hooks(c - 1);
        }
        result_.cycles = c;
        result_.status = st;
        get_counters(result_.counters.data(), result_.counters.size());
        if (failed)
            result_.result = KC_SIM_ERROR;
        else if (st.state == KC_CORE_HALTED)
            result_.result = KC_SIM_HALTED;
        else if (st.state == KC_CORE_TRAPPED)
            result_.result = KC_SIM_TRAPPED;
        else
            result_.result = KC_SIM_TIMEOUT;
        done_ = true;
        done_event.notify(SC_ZERO_TIME);
    }
}
