/* rvv_sc.cpp — the rvv's SystemC module: kc_sc_model (kc_sc_model.h) over the
 * build's `verilator --sc` module, with the rvv's own ports (load port, entry,
 * retirement). The image rules and the load list are the family's
 * (verilated/rvv.h), the ones the C++ model's shim uses. */
#include "kc_sc_build.h"
#include KC_SC_TOP_H
#include "kc_sc_model.h"
#include "rvv.h"

namespace {

struct rvv_sc_family {
    using top_t = KC_SC_TOP;
    static constexpr const char *name = KC_SC_NAME;
    static constexpr unsigned counter_words = 1;   /* 32-bit counters */

    kc_sc_load_port load;
    kc_sc_retire_port retire;
    sc_core::sc_signal<uint32_t> entry{"entry"};

    void bind(top_t &t)
    {
        load.bind(t.ld_we, t.ld_addr, t.ld_wdata);
        retire.bind(t);
        t.entry(entry);
    }
    void set_load(bool w, uint32_t a, uint32_t d) { load.set(w, a, d); }
    bool backdoor() { return true; }   /* every memory has its load port */
    void sample(std::vector<std::vector<uint64_t>> &) {}   /* one unit: the perf counters say it all */
    void set_inputs_at_reset() { entry.write(entry_); }

    kc_status prepare(const kc_image *img, const uint32_t *args, size_t nargs, std::vector<kc_load_write> &writes,
                      kc_err *err)
    {
        /* The build's sizes: its C++ model's, from the same kc_add_accelerator() call. */
        const kc_acc_ops *ops = kc_acc_find(name);
        rvv_hw h;
        kc_status s = ops ? rvv_hw_from(ops->hw, &h, err)
                          : kc_err_set(err, KC_ERR_INTERNAL, "%s: no C++ model to read the sizes from", name);
        if (s != KC_OK || (s = rvv_image_check(&h, name, img, nargs, err)) != KC_OK)
            return s;
        std::vector<uint8_t> itcm(h.itcm_bytes), dtcm(h.dtcm_bytes);
        /* A fresh model's DTCM is zero (--x-initial 0); later, what a run left is unknown. */
        std::vector<uint8_t> zero(fresh_ ? h.dtcm_bytes : 0);
        const uint8_t *now = fresh_ ? zero.data() : nullptr;
        size_t nitcm = 0;
        writes.resize(rvv_load_writes(&h, img, args, nargs, itcm_words_, now, itcm.data(), dtcm.data(), nullptr, 0,
                                      &nitcm));
        rvv_load_writes(&h, img, args, nargs, itcm_words_, now, itcm.data(), dtcm.data(), writes.data(),
                        writes.size(), &nitcm);
        itcm_words_ = nitcm;
        fresh_ = false;
        entry_ = uint32_t(img->entry);
        return KC_OK;
    }
    static const char *cause_name(unsigned c) { return rvv_cause_name(c); }

private:
    size_t itcm_words_ = 0;   /* the ITCM words the last program wrote */
    bool fresh_ = true;
    uint32_t entry_ = 0;
};

}  // namespace

kc_sc_acc *KC_SC_MAKE(const char *inst)
{
    return new kc_sc_model<rvv_sc_family>(inst);
}
