/* npu_sc.cpp — the npu's SystemC module: kc_sc_model (kc_sc_model.h) over the
 * build's `verilator --sc` module, with the npu's own ports. Compiled once per
 * SystemC build by kc_add_systemc_module() (systemc/CMakeLists.txt);
 * kc_sc_build.h names the build's Verilated module and factory. */
#include "kc_sc_build.h"
#include KC_SC_TOP_H
#include "kc_sc_model.h"
#include "npu.h"

namespace {

struct npu_sc_family {
    using top_t = KC_SC_TOP;
    static constexpr const char *name = KC_SC_NAME;
    static constexpr unsigned counter_words = 1;   /* 32-bit counters */

    kc_sc_load_port load;
    kc_sc_retire_port retire;

    void bind(top_t &t)
    {
        load.bind(t.imem_we, t.imem_addr, t.imem_wdata);
        retire.bind(t);
    }
    void set_load(bool w, uint32_t a, uint32_t d) { load.set(w, a, d); }
    bool backdoor() { return true; }   /* every memory has its load port */
    void sample(std::vector<std::vector<uint64_t>> &) {}   /* one unit: the perf counters say it all */
    void set_inputs_at_reset() {}

    /* The shim's image rules (verilated/npu_shim.cpp check) that the load needs: one
     * segment of words at 0; the platform's build keeps a program within IMEM_WORDS. */
    kc_status prepare(const kc_image *img, const uint32_t *, size_t, std::vector<kc_load_write> &writes,
                      kc_err *err)
    {
        size_t nwords;
        const uint32_t *program = kc_image_words(img, &nwords);
        if (img->nsegs != (program ? 1u : 0u) || img->entry != 0)
            return kc_err_set(err, KC_ERR_RANGE, "%s: a program image is one segment of "
                              "instruction words at address 0, entered at pc 0", name);
        writes.resize(npu_load_writes(img, loaded_words_, nullptr, 0));
        npu_load_writes(img, loaded_words_, writes.data(), writes.size());
        loaded_words_ = nwords;
        return KC_OK;
    }
    static const char *cause_name(unsigned c) { return npu_cause_name(c); }

private:
    size_t loaded_words_ = 0;   /* the instruction memory's words the last program wrote */
};

}  // namespace

kc_sc_acc *KC_SC_MAKE(const char *inst)
{
    return new kc_sc_model<npu_sc_family>(inst);
}
