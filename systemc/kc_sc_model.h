/* kc_sc_model.h — kc_sc_acc (kc_sc_acc.h) over one `verilator --sc` module.
 *
 * kc_sc_model<Family> binds every port of the Verilated SystemC module
 * Family::top_t to a signal and maps kc_sc_acc's accessors onto them: the
 * standard ports of an accelerator top (kc_vl_model.h: clk, rst, the kc_bus
 * master, args, dram_bytes, halted, trapped, trap_*, perf) here, once; what is
 * the family's own (its load port, other outputs, the load list, cause names,
 * counter width) in Family:
 *
 *   using top_t;                          the Verilated module (Vsc_<build>)
 *   static constexpr const char *name;    the build's name
 *   static constexpr unsigned counter_words;   perf words per counter (1 or 2)
 *   void bind(top_t &);                   its other ports to signals of its own
 *   void set_load(bool we, uint32_t addr, uint32_t data);
 *   kc_status prepare(img, args, nargs, std::vector<kc_load_write> &, kc_err *);
 *                                          check the image, make the load list
 *   void set_inputs_at_reset();           inputs of its own at load (rvv: entry)
 *   void sample(units);                   per cycle before the edge: counters of its
 *                                          own per unit (vliw's tiles; others: none)
 *   bool backdoor();                      memories written around the load port
 *                                          (vliw's DM; true: done or nothing to do)
 *   static const char *cause_name(unsigned);
 */
#ifndef KC_SC_MODEL_H
#define KC_SC_MODEL_H

#include <cstring>
#include <type_traits>

#include "kc_sc_acc.h"

/* The signal for port P (sc_in<T> / sc_out<T>, as a reference member). */
template <typename P> using kc_sc_sig = sc_core::sc_signal<typename std::remove_reference_t<P>::data_type>;

/* Bits of a port value type: bool, an integer or sc_bv<N>. */
template <typename T> struct kc_sc_bits {
    static constexpr unsigned value = std::is_same_v<T, bool> ? 1 : 8 * sizeof(T);
};
template <int N> struct kc_sc_bits<sc_dt::sc_bv<N>> {
    static constexpr unsigned value = N;
};

/* 32-bit word i of a port value: bool, an integer or sc_bv. */
template <typename T> uint32_t kc_sc_word(const T &v, unsigned i)
{
    if constexpr (std::is_integral_v<T>)
        return i < sizeof(T) / 4 + (sizeof(T) < 4) ? uint32_t(uint64_t(v) >> (32 * i)) : 0;
    else
        return int(i) < v.size() ? uint32_t(v.get_word(int(i))) : 0;
}
template <typename T> void kc_sc_set_word(T &v, unsigned i, uint32_t w)
{
    if constexpr (std::is_integral_v<T>)
        v = T(uint64_t(v) | uint64_t(w) << (32 * i));
    else
        v.set_word(int(i), w);
}
template <typename T> T kc_sc_from_bytes(const uint8_t *b, unsigned n)
{
    T v{};
    for (unsigned i = 0; i < n; i += 4) {
        uint32_t w = 0;
        std::memcpy(&w, b + i, n - i < 4 ? n - i : 4);
        kc_sc_set_word(v, i / 4, w);
    }
    return v;
}

/* Port groups a family binds under its own names. */
struct kc_sc_load_port {   /* write enable, address, word (kc_load.h) */
    sc_core::sc_signal<bool> we{"ld_we"};
    sc_core::sc_signal<uint32_t> addr{"ld_addr"}, data{"ld_wdata"};
    template <typename W, typename A, typename D> void bind(W &w, A &a, D &d)
    {
        w(we);
        a(addr);
        d(data);
    }
    void set(bool w, uint32_t a, uint32_t d)
    {
        we.write(w);
        addr.write(a);
        data.write(d);
    }
};
struct kc_sc_retire_port {   /* retire_valid / retire_pc / retire_insn: bound, not read */
    sc_core::sc_signal<bool> valid{"retire_valid"};
    sc_core::sc_signal<uint32_t> pc{"retire_pc"}, insn{"retire_insn"};
    template <typename Top> void bind(Top &t)
    {
        t.retire_valid(valid);
        t.retire_pc(pc);
        t.retire_insn(insn);
    }
};

#define KC_SC_PORT_SIG(port) kc_sc_sig<decltype(std::declval<top_t &>().port)>

template <typename Family> class kc_sc_model final : public kc_sc_acc {
    using top_t = typename Family::top_t;

public:
    explicit kc_sc_model(sc_core::sc_module_name name)
        : kc_sc_acc(name), top_("rtl"), clk_("model_clk"), rst_("rst"), req_valid_("mem_req_valid"),
          req_ready_("mem_req_ready"), req_write_("mem_req_write"), req_addr_("mem_req_addr"),
          req_wdata_("mem_req_wdata"), req_wstrb_("mem_req_wstrb"), resp_valid_("mem_resp_valid"),
          resp_rdata_("mem_resp_rdata"), args_("args"), dram_bytes_("dram_bytes"), halted_("halted"),
          trapped_("trapped"), trap_cause_("trap_cause"), trap_pc_("trap_pc"), trap_info_("trap_info"),
          perf_("perf")
    {
        top_.clk(clk_);
        top_.rst(rst_);
        top_.mem_req_valid(req_valid_);
        top_.mem_req_ready(req_ready_);
        top_.mem_req_write(req_write_);
        top_.mem_req_addr(req_addr_);
        top_.mem_req_wdata(req_wdata_);
        top_.mem_req_wstrb(req_wstrb_);
        top_.mem_resp_valid(resp_valid_);
        top_.mem_resp_rdata(resp_rdata_);
        top_.args(args_);
        top_.dram_bytes(dram_bytes_);
        top_.halted(halted_);
        top_.trapped(trapped_);
        top_.trap_cause(trap_cause_);
        top_.trap_pc(trap_pc_);
        top_.trap_info(trap_info_);
        top_.perf(perf_);
        fam_.bind(top_);
    }

    const char *acc_name() const override { return Family::name; }
    unsigned beat_bytes() const override { return beat; }
    unsigned ncounters() const override { return perf_bits / 32 / Family::counter_words; }

private:
    using wdata_t = typename std::remove_reference_t<decltype(std::declval<top_t &>().mem_req_wdata)>::data_type;
    using args_t = typename std::remove_reference_t<decltype(std::declval<top_t &>().args)>::data_type;
    using perf_t = typename std::remove_reference_t<decltype(std::declval<top_t &>().perf)>::data_type;
    static constexpr unsigned beat = kc_sc_bits<wdata_t>::value / 8;
    static constexpr unsigned perf_bits = kc_sc_bits<perf_t>::value;
    static constexpr unsigned arg_words = kc_sc_bits<args_t>::value / 32;
    static_assert(beat <= KC_BEAT_BYTES_MAX, "beat wider than kc_bus allows");

    top_t top_;
    Family fam_;
    sc_core::sc_signal<bool> clk_, rst_;
    KC_SC_PORT_SIG(mem_req_valid) req_valid_;
    KC_SC_PORT_SIG(mem_req_ready) req_ready_;
    KC_SC_PORT_SIG(mem_req_write) req_write_;
    KC_SC_PORT_SIG(mem_req_addr) req_addr_;
    KC_SC_PORT_SIG(mem_req_wdata) req_wdata_;
    KC_SC_PORT_SIG(mem_req_wstrb) req_wstrb_;
    KC_SC_PORT_SIG(mem_resp_valid) resp_valid_;
    KC_SC_PORT_SIG(mem_resp_rdata) resp_rdata_;
    KC_SC_PORT_SIG(args) args_;
    KC_SC_PORT_SIG(dram_bytes) dram_bytes_;
    KC_SC_PORT_SIG(halted) halted_;
    KC_SC_PORT_SIG(trapped) trapped_;
    KC_SC_PORT_SIG(trap_cause) trap_cause_;
    KC_SC_PORT_SIG(trap_pc) trap_pc_;
    KC_SC_PORT_SIG(trap_info) trap_info_;
    KC_SC_PORT_SIG(perf) perf_;
    args_t args_val_{};
    uint32_t dram_bytes_val_ = 0;

    kc_status prepare(const kc_image *img, const uint32_t *args, size_t nargs, uint32_t dram_bytes,
                      std::vector<kc_load_write> &writes, kc_err *err) override
    {
        kc_status s = fam_.prepare(img, args, nargs, writes, err);
        if (s != KC_OK)
            return s;
        args_val_ = args_t{};
        for (unsigned i = 0; i < arg_words; i++)   /* a0..; registers past the port: the family's */
            kc_sc_set_word(args_val_, i, i < nargs ? args[i] : 0u);
        dram_bytes_val_ = dram_bytes;
        return KC_OK;
    }
    void set_inputs_at_reset() override
    {
        args_.write(args_val_);
        dram_bytes_.write(dram_bytes_val_);
        fam_.set_inputs_at_reset();
    }
    void set_clk(bool v) override { clk_.write(v); }
    void set_rst(bool v) override { rst_.write(v); }
    void set_load(bool we, uint32_t addr, uint32_t data) override { fam_.set_load(we, addr, data); }
    bool load_backdoor() override { return fam_.backdoor(); }
    void sample(std::vector<std::vector<uint64_t>> &units) override { fam_.sample(units); }
    void set_bus(const kc_bus_resp &in) override
    {
        req_ready_.write(in.req_ready);
        resp_valid_.write(in.resp_valid);
        if (in.resp_valid)
            resp_rdata_.write(kc_sc_from_bytes<wdata_t>(in.rdata, beat));
    }
    void get_bus(kc_bus_req &req) const override
    {
        req.valid = req_valid_.read();
        req.write = req_write_.read();
        req.addr = req_addr_.read();
        req.wstrb = uint64_t(req_wstrb_.read());
        if (req.valid && req.write) {
            const wdata_t &d = req_wdata_.read();
            for (unsigned i = 0; i < beat; i += 4) {
                uint32_t w = kc_sc_word(d, i / 4);
                std::memcpy(req.wdata + i, &w, 4);
            }
        }
    }
    void get_status(kc_core_status &st) const override
    {
        const bool trapped = trapped_.read(), halted = halted_.read();
        st = kc_core_status{};
        st.cause_name = "";
        if (!trapped && !halted)
            return;
        st.state = trapped ? KC_CORE_TRAPPED : KC_CORE_HALTED;
        if (trapped) {
            st.cause = trap_cause_.read();
            st.cause_name = Family::cause_name(st.cause);
            st.pc = trap_pc_.read();
            st.info = trap_info_.read();
        }
    }
    void get_counters(uint64_t *vals, size_t n) const override
    {
        const perf_t &p = perf_.read();
        for (size_t i = 0; i < n && i < ncounters(); i++) {
            uint64_t v = 0;
            for (unsigned k = 0; k < Family::counter_words; k++)
                v |= uint64_t(kc_sc_word(p, unsigned(i) * Family::counter_words + k)) << (32 * k);
            vals[i] = v;
        }
    }
};

#endif
