/* vliw_sc.cpp — the vliw's SystemC module: kc_sc_model (kc_sc_model.h) over the
 * build's `verilator --sc` module, with the vliw's own ports (load port, per-tile
 * issue and stall outputs) and 64-bit counters. The program-memory load list
 * (verilated/vliw.h) and the data-memory backdoor (verilated/vliw_dm.h) are the
 * ones the C++ model's shim uses. */
#include <array>

#include "kc_sc_build.h"
#include KC_SC_TOP_H
#include KC_SC_ROOT_H
#include "kc_sc_model.h"
#include "vliw.h"
#include "vliw_dm.h"

namespace {

struct vliw_sc_family {
    using top_t = KC_SC_TOP;
    static constexpr const char *name = KC_SC_NAME;
    static constexpr unsigned counter_words = 2;   /* 64-bit counters */

    kc_sc_load_port load;
    kc_sc_sig<decltype(std::declval<top_t &>().issue_valid)> issue_valid{"issue_valid"};
    kc_sc_sig<decltype(std::declval<top_t &>().issue_pc)> issue_pc{"issue_pc"};
    kc_sc_sig<decltype(std::declval<top_t &>().stall_ev)> stall_ev{"stall_ev"};

    void bind(top_t &t)
    {
        load.bind(t.ld_we, t.ld_addr, t.ld_wdata);
        t.issue_valid(issue_valid);
        t.issue_pc(issue_pc);
        t.stall_ev(stall_ev);
        root_ = t.rootp;
    }
    void set_load(bool w, uint32_t a, uint32_t d) { load.set(w, a, d); }
    void set_inputs_at_reset() {}

    kc_status prepare(const kc_image *img, const uint32_t *args, size_t nargs, std::vector<kc_load_write> &writes,
                      kc_err *err)
    {
        /* The build's sizes: its C++ model's, from the same kc_add_accelerator() call. */
        const kc_acc_ops *ops = kc_acc_find(name);
        kc_status s = ops ? vliw_hw_from(ops->hw, &view_, err)
                          : kc_err_set(err, KC_ERR_INTERNAL, "%s: no C++ model to read the sizes from", name);
        if (s != KC_OK)
            return s;
        if (nargs > VLIW_NARGS)
            return kc_err_set(err, KC_ERR_RANGE, "%s: %zu arguments (r1..r8 and %u DM words hold at most %u)",
                              name, nargs, VLIW_NARGS - VLIW_NARGS_REG, VLIW_NARGS);
        if ((s = vliw_hw_check_image(&view_, img, name, err)) != KC_OK)
            return s;
        std::array<uint32_t, VLIW_DM_MAX_TILES> hi{};
        writes.resize(vliw_load_writes(&view_, img, pm_hi_.data(), hi.data(), nullptr, 0));
        vliw_load_writes(&view_, img, pm_hi_.data(), hi.data(), writes.data(), writes.size());
        pm_hi_ = hi;
        args_.assign(args, args + nargs);
        return KC_OK;
    }
    /* After the load-port writes, rst still high: the data memories (vliw_dm.h). */
    bool backdoor() { return vliw_dm_load(root_, &view_, args_.data(), args_.size()); }
    /* The per-tile counters, as the C++ model's shim counts them (vliw_unit_count). */
    void sample(std::vector<std::vector<uint64_t>> &units)
    {
        const unsigned nt = view_.rows * view_.cols;
        if (units.size() != nt)
            units.assign(nt, std::vector<uint64_t>(VLIW_NUNIT_COUNTERS, 0));
        uint64_t cnt[VLIW_DM_MAX_TILES][VLIW_NUNIT_COUNTERS] = {};
        vliw_unit_count(nt, kc_sc_word(issue_valid.read(), 0), kc_sc_word(stall_ev.read(), 0), cnt);
        for (unsigned k = 0; k < nt; k++)
            for (unsigned i = 0; i < VLIW_NUNIT_COUNTERS; i++)
                units[k][i] += cnt[k][i];
    }
    static const char *cause_name(unsigned c) { return vliw_cause_name(c); }

private:
    KC_SC_ROOT *root_ = nullptr;
    vliw_iss_params view_{};
    std::array<uint32_t, VLIW_DM_MAX_TILES> pm_hi_{};   /* bundles the last program wrote, per tile */
    std::vector<uint32_t> args_;
};

}  // namespace

kc_sc_acc *KC_SC_MAKE(const char *inst)
{
    return new kc_sc_model<vliw_sc_family>(inst);
}
