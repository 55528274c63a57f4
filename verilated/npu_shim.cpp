/* npu_shim.cpp — the npu's port mapping onto the Verilator glue (kc_vl_model.h).
 *
 * Compiled once per npu build by kc_add_accelerator() (verilated/CMakeLists.txt):
 * kc_acc_build.h, generated for the build, names its Verilated classes, its
 * accelerator name and the table symbol this file defines. Everything else here
 * is internal, so several npu builds (npu, npu_wide) link into one process.
 *
 * Sizes are the build's own: every NPU_PARAM row of isa/npu.def that is a
 * parameter of npu_top is read from the Verilated model (the parameter is
 * public_flat_rd, so Verilator emits the value it elaborated as a constant of the
 * root class); the rows that are fixed ISA constants (NXREGS, VEC_LAT, ...) are
 * the table's values, which the RTL takes from the same table through the
 * generated npu_isa.vh, and the register files are checked against them below.
 */
#include <array>
#include <cstring>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "kc_acc_build.h"   /* KC_ACC_NAME, KC_ACC_FAMILY, KC_ACC_OPS, KC_ACC_TOP, ... */
#include KC_ACC_TOP_H
#include KC_ACC_ROOT_H      /* public_flat_rd state and parameters */
#include "kc_vl_model.h"
#include "npu.h"

namespace {

using top_t = KC_ACC_TOP;
using root_t = KC_ACC_ROOT;
using ports = kc_vl_ports<top_t>;
template <typename T> using port_t = std::remove_reference_t<T>;

/* ---- the build's parameters -------------------------------------------------------- */
#define NPU_PARAM(name, value, desc) KC_VL_PARAM(root_t, npu_top, name, value)
#include "npu.def"
#undef NPU_PARAM

const kc_hw_param npu_hw_rows[] = {
#define NPU_PARAM(name, value, desc) { #name, long(P_##name), desc },
#include "npu.def"
#undef NPU_PARAM
};

KC_VL_CHECK_BUILD_PARAMS()   /* every kc_add_accelerator(PARAMS) size is the model's */

/* Port widths as Verilator laid them out (kc_vl_model.h: the standard ports). */
constexpr unsigned NPU_BEAT = ports::beat_bytes;
constexpr unsigned NPU_ARG_WORDS = ports::arg_words;
template <typename A> constexpr unsigned npu_elems() { return sizeof(A) / sizeof(std::declval<A &>()[0]); }
#define NPU_STATE(sig) port_t<decltype(std::declval<root_t &>().npu_top__DOT__##sig)>

static_assert(NPU_BEAT == P_VLEN * 2, "mem_req_wdata is not VLEN*16 bits wide");
static_assert(NPU_BEAT <= 128, "beat wider than the npu's kc_bus allows");
static_assert(NPU_ARG_WORDS == P_NAREGS, "args port is not NAREGS x 32 bits");
static_assert(npu_elems<NPU_STATE(u_core__DOT__X)>() == P_NXREGS, "X is not NXREGS registers");
static_assert(npu_elems<NPU_STATE(u_core__DOT__F)>() == P_NFREGS, "F is not NFREGS registers");
static_assert(npu_elems<NPU_STATE(u_core__DOT__A)>() == P_NAREGS, "A is not NAREGS registers");

/* The vector SRAM's banks: npu_vector's g_bank[b].u_bank.mem (npu_vbank), row r in
 * bank r mod VBANKS at r / VBANKS. npu_vbank_<b>(r, 0) is bank b's row array, or
 * nullptr when the build has fewer banks (so one list serves every size). */
#define NPU_VB(b) npu_top__DOT__u_vector__DOT__g_bank__BRA__##b##__KET____DOT__u_bank__DOT__mem
#define NPU_VB_SRC(b) KC_VL_MEMBER(npu_vbank_##b, NPU_VB(b))
NPU_VB_SRC(0) NPU_VB_SRC(1) NPU_VB_SRC(2) NPU_VB_SRC(3) NPU_VB_SRC(4) NPU_VB_SRC(5)
NPU_VB_SRC(6) NPU_VB_SRC(7) NPU_VB_SRC(8) NPU_VB_SRC(9) NPU_VB_SRC(10) NPU_VB_SRC(11)
NPU_VB_SRC(12) NPU_VB_SRC(13) NPU_VB_SRC(14) NPU_VB_SRC(15)
#define NPU_VB_LIST(X) X(0) X(1) X(2) X(3) X(4) X(5) X(6) X(7) X(8) X(9) X(10) X(11) X(12) X(13) X(14) X(15)
constexpr unsigned npu_vbanks_present()
{
#define NPU_VB_COUNT(b) + (std::is_same_v<decltype(npu_vbank_##b(std::declval<root_t *>(), 0)), std::nullptr_t> ? 0u : 1u)
    return 0u NPU_VB_LIST(NPU_VB_COUNT);
#undef NPU_VB_COUNT
}
static_assert(npu_vbanks_present() == P_VBANKS, "the model's vector-SRAM banks are not VBANKS (at most 16 listed)");
static_assert(npu_elems<NPU_STATE(u_vector__DOT__g_bank__BRA__0__KET____DOT__u_bank__DOT__mem)>() ==
                  P_VROWS / P_VBANKS, "a vector-SRAM bank is not VROWS/VBANKS rows");
template <typename P> const void *npu_vb_row(P p, uint32_t i)
{
    if constexpr (std::is_same_v<P, std::nullptr_t>)
        return nullptr;
    else
        return (*p)[i].data();
}
/* Vector-SRAM row `row` (VLEN bf16 lanes) of the model. */
const void *npu_vrow(const root_t *r, uint32_t row)
{
    const uint32_t i = row / P_VBANKS;
    switch (row % P_VBANKS) {
#define NPU_VB_CASE(b) case b: return npu_vb_row(npu_vbank_##b(r, 0), i);
    NPU_VB_LIST(NPU_VB_CASE)
#undef NPU_VB_CASE
    }
    return nullptr;
}
/* The matrix SRAM: two banks by row parity (npu_matrix g_mbank[p].u_bank.mem), row r
 * in bank r mod 2 at r / 2. */
#define NPU_MB(p) npu_top__DOT__u_matrix__DOT__g_mbank__BRA__##p##__KET____DOT__u_bank__DOT__mem
static_assert(npu_elems<port_t<decltype(std::declval<root_t &>().NPU_MB(0))>>() == P_MROWS / 2 &&
                  npu_elems<port_t<decltype(std::declval<root_t &>().NPU_MB(1))>>() == P_MROWS / 2,
              "matrix SRAM is not two banks of MROWS/2 rows");
/* Matrix-SRAM row `row` of the model. */
const void *npu_mrow(const root_t *r, uint32_t row)
{
    return row % 2 ? r->NPU_MB(1)[row / 2].data() : r->NPU_MB(0)[row / 2].data();
}
static_assert(npu_elems<NPU_STATE(u_matrix__DOT__wbuf)>() == P_MAT_WBUFS * P_VLEN,
              "weight buffers are not MAT_WBUFS x VLEN rows");
static_assert(sizeof(NPU_STATE(u_matrix__DOT__acc)) == P_MLEN * P_VLEN * 4,
              "accumulators are not MLEN x VLEN fp32");

const char *const npu_counter_names[] = {
    "cycles", "instret", "vector_busy", "dma_load_busy",
    "dma_store_busy", "stall_vector", "stall_dma", "stall_drain", "matrix_busy", "stall_matrix",
    "fetch_bubble", "stall_bank",
};
static_assert(ports::perf_words == P_NCOUNTERS &&
              sizeof npu_counter_names / sizeof npu_counter_names[0] == P_NCOUNTERS,
              "perf port, counter names and the NCOUNTERS parameter disagree");

/* ---- architectural state (kc_arch.h) ------------------------------------------------
 * The weight buffers and accumulators fill over several cycles of the array's
 * pipeline, so they are flagged MEMORY (compared at the end, like the SRAMs).
 * Configuration registers are one file indexed by their ISA id (ids the table does
 * not use have no name and read 0). `cycle` is a counter, not architecture: it is
 * its own file, flagged KC_ARCH_TIMING, and has no name in "cfg". */
constexpr bool npu_cfg_is_timing(std::string_view name) { return name == "cycle"; }
constexpr unsigned npu_ncfg()
{
    unsigned n = 0;
#define NPU_CFG(name, id, reset, desc) n = (id) + 1u > n ? (id) + 1u : n;
#include "npu.def"
#undef NPU_CFG
    return n;
}
constexpr unsigned NPU_NCFG = npu_ncfg();
constexpr std::array<const char *, NPU_NCFG> npu_cfg_names_make()
{
    std::array<const char *, NPU_NCFG> a{};
#define NPU_CFG(name, id, reset, desc) a[id] = npu_cfg_is_timing(#name) ? nullptr : #name;
#include "npu.def"
#undef NPU_CFG
    return a;
}
constexpr std::array<const char *, NPU_NCFG> npu_cfg_names = npu_cfg_names_make();
constexpr const char *npu_timing_cfg()
{
#define NPU_CFG(name, id, reset, desc) if (npu_cfg_is_timing(#name)) return #name;
#include "npu.def"
#undef NPU_CFG
    return "cycle";
}

/* Each configuration register is read from u_core.cfg_<name> when the RTL has
 * such a signal (0 otherwise). */
#define NPU_CFG(name, id, reset, desc)                                                         \
    template <typename R>                                                                     \
    auto npu_cfg_##name(const R *r, int) -> decltype(uint32_t(r->npu_top__DOT__u_core__DOT__cfg_##name)) \
    {                                                                                         \
        return r->npu_top__DOT__u_core__DOT__cfg_##name;                                      \
    }                                                                                         \
    template <typename R> uint32_t npu_cfg_##name(const R *, long) { return 0; }
#include "npu.def"
#undef NPU_CFG

enum npu_file { F_R, F_F, F_A, F_CFG, F_CYCLE, F_VSRAM, F_MSRAM, F_WBUF, F_ACC, F_COUNT };

/* Copies elements [first, first + n) of size `bytes` from elem(i) (a pointer). */
template <typename E> void npu_copy(uint32_t first, uint32_t n, unsigned bytes, void *buf, E &&elem)
{
    for (uint32_t i = 0; i < n; i++)
        std::memcpy(static_cast<uint8_t *>(buf) + (size_t)i * bytes, elem(first + i), bytes);
}

class npu_model final : public kc_vl_model<npu_model, top_t> {
public:
    static constexpr const char *acc_name = KC_ACC_NAME;
    static constexpr const char *const *counter_names = npu_counter_names;
    static const kc_hw hw;
    static const kc_arch_file arch_files[F_COUNT];
    static constexpr size_t narch_files = F_COUNT;

    void built() { loaded_words_ = 0; /* a fresh model's memories are zero */ }

    kc_status check(const kc_image *img, const uint32_t *, size_t nargs, kc_err *err) const
    {
        size_t nwords;
        const uint32_t *program = kc_image_words(img, &nwords);
        if (img->nsegs != (program ? 1u : 0u) || img->entry != 0)
            return kc_err_set(err, KC_ERR_RANGE, "%s: a program image is one segment of "
                              "instruction words at address 0, entered at pc 0", acc_name);
        if (nwords > P_IMEM_WORDS)
            return kc_err_set(err, KC_ERR_RANGE,
                              "%s: program of %zu instructions does not fit the %u-word instruction memory",
                              acc_name, nwords, P_IMEM_WORDS);
        if (nargs > NPU_ARG_WORDS)
            return kc_err_set(err, KC_ERR_RANGE, "%s: %zu arguments (a0..a%u hold at most %u)", acc_name,
                              nargs, NPU_ARG_WORDS - 1, NPU_ARG_WORDS);
        return KC_OK;
    }

    /* With rst high: two cycles of plain reset, one cycle per load-port write
     * (npu_load_writes: the program, then zeros over the rest of the previous
     * one), two more so the last write settles. The first clock after it is the
     * first edge with rst low, where the core fetches pc 0. */
    void load(const kc_image *img, const uint32_t *args, size_t nargs, uint32_t dram_bytes)
    {
        top_t *t = top;
        t->imem_we = 0;
        t->imem_addr = 0;
        t->imem_wdata = 0;
        reset_inputs(args, nargs, dram_bytes);
        reset_edge();
        reset_edge();
        writes_.resize(npu_load_writes(img, loaded_words_, nullptr, 0));
        npu_load_writes(img, loaded_words_, writes_.data(), writes_.size());
        t->imem_we = 1;
        for (const kc_load_write &w : writes_) {
            t->imem_addr = w.addr;
            t->imem_wdata = w.data;
            reset_edge();
        }
        kc_image_words(img, &loaded_words_);
        t->imem_we = 0;
        t->imem_addr = 0;
        t->imem_wdata = 0;
        reset_edge();
        reset_edge();
    }

    static const char *cause_name(unsigned cause) { return npu_cause_name(cause); }

    uint64_t arch_pc() const { return root()->npu_top__DOT__u_core__DOT__pc; }

    int arch_read(unsigned file, uint32_t first, uint32_t n, void *buf) const
    {
        if (file >= F_COUNT || first > arch_files[file].count || n > arch_files[file].count - first)
            return -1;
        const root_t *r = root();
        const unsigned bytes = arch_files[file].bytes;
        switch (file) {
        case F_R: npu_copy(first, n, bytes, buf, [&](uint32_t i) { return &r->npu_top__DOT__u_core__DOT__X[i]; }); break;
        case F_F: npu_copy(first, n, bytes, buf, [&](uint32_t i) { return &r->npu_top__DOT__u_core__DOT__F[i]; }); break;
        case F_A: npu_copy(first, n, bytes, buf, [&](uint32_t i) { return &r->npu_top__DOT__u_core__DOT__A[i]; }); break;
        case F_CFG:
            for (uint32_t i = 0; i < n; i++) {
                uint32_t v = cfg_value(first + i);
                std::memcpy(static_cast<uint8_t *>(buf) + 4 * (size_t)i, &v, 4);
            }
            break;
        case F_CYCLE:   /* the `cycle` register reads the cycles counter */
            if (n) {
                uint32_t v = top->perf[0];
                std::memcpy(buf, &v, 4);
            }
            break;
        case F_VSRAM: npu_copy(first, n, bytes, buf, [&](uint32_t i) { return npu_vrow(r, i); }); break;
        case F_MSRAM: npu_copy(first, n, bytes, buf, [&](uint32_t i) { return npu_mrow(r, i); }); break;
        case F_WBUF: npu_copy(first, n, bytes, buf, [&](uint32_t i) { return r->npu_top__DOT__u_matrix__DOT__wbuf[i].data(); }); break;
        case F_ACC:  /* acc[P*32 +: 32], P = row*VLEN + column */
            npu_copy(first, n, bytes, buf, [&](uint32_t i) { return r->npu_top__DOT__u_matrix__DOT__acc.data() + (size_t)i * P_VLEN; });
            break;
        }
        return 0;
    }

private:
    size_t loaded_words_ = 0;   /* instruction-memory words the last program wrote */
    std::vector<kc_load_write> writes_;   /* load()'s list, kept to reuse its storage */

    uint32_t cfg_value(unsigned id) const
    {
        const root_t *r = root();
        switch (id) {
#define NPU_CFG(name, id, reset, desc) case id: return npu_cfg_is_timing(#name) ? 0 : npu_cfg_##name(r, 0);
#include "npu.def"
#undef NPU_CFG
        }
        return 0;
    }
};

const kc_hw npu_model::hw = { KC_ACC_NAME, KC_ACC_FAMILY, sizeof npu_hw_rows / sizeof npu_hw_rows[0],
                              npu_hw_rows };

const kc_arch_file npu_model::arch_files[F_COUNT] = {
    { "r", "integer registers", P_NXREGS, 4, KC_ARCH_U32, KC_ARCH_ZERO0, nullptr, nullptr },
    { "f", "fp32 registers", P_NFREGS, 4, KC_ARCH_FP32, 0, nullptr, nullptr },
    { "a", "DRAM address registers", P_NAREGS, 4, KC_ARCH_U32, 0, nullptr, nullptr },
    { "cfg", "configuration registers (by id)", NPU_NCFG, 4, KC_ARCH_U32, 0, npu_cfg_names.data(), nullptr },
    { npu_timing_cfg(), "cycles since reset (low 32 bits)", 1, 4, KC_ARCH_U32, KC_ARCH_TIMING, nullptr, nullptr },
    { "vsram", "vector SRAM (VLEN bf16 lanes a row)", P_VROWS, NPU_BEAT, KC_ARCH_BF16_LANES, KC_ARCH_MEMORY,
      nullptr, nullptr },
    { "msram", "matrix SRAM (VLEN bf16 lanes a row)", P_MROWS, NPU_BEAT, KC_ARCH_BF16_LANES, KC_ARCH_MEMORY,
      nullptr, nullptr },
    { "wbuf", "weight buffers (MAT_WBUFS x VLEN rows of VLEN bf16)", P_MAT_WBUFS * P_VLEN, NPU_BEAT,
      KC_ARCH_BF16_LANES, KC_ARCH_MEMORY, nullptr, nullptr },
    { "acc", "matrix accumulators (MLEN rows of VLEN fp32)", P_MLEN, P_VLEN * 4, KC_ARCH_FP32_LANES,
      KC_ARCH_MEMORY, nullptr, nullptr },
};

}  // namespace

extern "C" const kc_acc_ops KC_ACC_OPS;
const kc_acc_ops KC_ACC_OPS = kc_vl_ops<npu_model>::ops;
