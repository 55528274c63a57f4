/* rvv_shim.cpp — the rvv's port mapping onto the Verilator glue (kc_vl_model.h).
 *
 * Compiled once per rvv build by kc_add_accelerator() (verilated/CMakeLists.txt:
 * rvv, rvv_wide): kc_acc_build.h names the build's Verilated classes, its name and
 * the table symbol defined at the bottom; everything else is internal, so several
 * rvv builds link into one process.
 *
 * Ports: rtl/rvv/rvv_top.v (rtl/rvv/rvv_top_ports.md). Sizes are the build's own:
 * each parameter of RVV_PARAMS is read from the Verilated model (public_flat_rd,
 * set by verilated/rvv.vlt, so Verilator emits the elaborated value as a constant
 * of the root class). Architectural state is read from the model's flattened
 * signals, also made public_flat_rd by rvv.vlt; each source is looked up by name
 * at compile time (RVV_SRC below), so a renamed signal makes its file unreadable
 * (arch_read returns -1: ctest rvv_arch fails) instead of breaking the build of
 * the whole tree while the RTL is being written by several people.
 */
#include <cstring>
#include <type_traits>
#include <utility>
#include <vector>

#include "kc_acc_build.h"   /* KC_ACC_NAME, KC_ACC_FAMILY, KC_ACC_OPS, KC_ACC_TOP, ... */
#include KC_ACC_TOP_H
#include KC_ACC_ROOT_H      /* public_flat_rd state and parameters */
#include "kc_vl_model.h"
#include "rvv.h"
extern "C" {           /* isa/rvv_hw.h has no C++ guard of its own */
#include "rvv_hw.h"     /* the memory map, RVV_NARGS, rvv_hw_xarg_addr */
}

namespace {

using top_t = KC_ACC_TOP;
using root_t = KC_ACC_ROOT;
using ports = kc_vl_ports<top_t>;

/* ---- the build's parameters (name, default of rvv_top, what it is) ---------------- */
#define RVV_PARAMS(X)                                                                          \
    X(VLEN, 128, "bits of a vector register")                                                  \
    X(LANES, 4, "32-bit lanes of the vector unit (a vector register per VLEN/(32*LANES) cycles)") \
    X(ITCM_BYTES, 65536, "instruction memory bytes at 0x00100000")                             \
    X(DTCM_BYTES, 65536, "data memory bytes at 0x00200000 (1-cycle, BEAT_BYTES wide)")         \
    X(BEAT_BYTES, 32, "bytes of one DRAM beat (kc_bus)")                                       \
    X(VQ_DEPTH, 8, "vector instruction queue entries")                                         \
    X(NVLSU, 16, "vector memory instructions in flight")                                       \
    X(NCOUNTERS, 10, "performance counters")

/* The model's value when rvv_top exposes the parameter, else the RTL default. */
#define RVV_PARAM_READ(name, value, desc) KC_VL_PARAM(root_t, rvv_top, name, value)
RVV_PARAMS(RVV_PARAM_READ)
#undef RVV_PARAM_READ

const kc_hw_param rvv_hw_rows[] = {
#define RVV_PARAM_ROW(name, value, desc) { #name, long(P_##name), desc },
    RVV_PARAMS(RVV_PARAM_ROW)
#undef RVV_PARAM_ROW
};

KC_VL_CHECK_BUILD_PARAMS()   /* every kc_add_accelerator(PARAMS) size is the model's (rvv.vlt) */

/* Port widths as Verilator laid them out (kc_vl_model.h: the standard ports). */
constexpr unsigned RVV_BEAT = ports::beat_bytes;
constexpr unsigned RVV_ARG_WORDS = ports::arg_words;
static_assert(RVV_BEAT == P_BEAT_BYTES, "mem_req_wdata is not BEAT_BYTES wide");
static_assert(RVV_ARG_WORDS == 8, "args port is not a0..a7 (8 x 32 bits)");
static_assert(RVV_NARGS >= RVV_ARG_WORDS && (RVV_NARGS - RVV_ARG_WORDS) * 4 <= RVV_XARG_BYTES,
              "the argument words past a7 do not fit the DTCM block isa/rvv_hw.h reserves");
/* The build's sizes as isa/rvv_hw.h's view (for rvv_hw_xarg_addr). */
const rvv_hw rvv_view = { P_VLEN, P_LANES, P_ITCM_BYTES, P_DTCM_BYTES, P_BEAT_BYTES, P_VQ_DEPTH, P_NVLSU,
                          P_NCOUNTERS };
static_assert(P_VLEN % 32 == 0 && P_DTCM_BYTES % 4 == 0 && P_ITCM_BYTES % 4 == 0, "odd sizes");

/* ISSUE12 "Counters": the perf port's order. */
const char *const rvv_counter_names[] = {
    "cycles", "instret", "vec_busy", "vlsu_busy", "stall_raw",
    "stall_vq", "stall_mem", "vstall_hazard", "fpu_busy", "branch_flush",
};
static_assert(ports::perf_words == P_NCOUNTERS &&
              sizeof rvv_counter_names / sizeof rvv_counter_names[0] == P_NCOUNTERS,
              "perf port, counter names and the NCOUNTERS parameter disagree");

/* ---- where the architectural state lives in the RTL ----------------------------------
 * RVV_SRC(fn, flat name): fn(root, 0) is a pointer to that member of the root
 * class, or nullptr when the model has no such signal. The names are Verilator's
 * flattening of the hierarchy (instance names joined by __DOT__); rvv.vlt lists
 * the same signals as public_flat_rd. */
#define RVV_SRC KC_VL_MEMBER   /* kc_vl_member.h */
RVV_SRC(src_pc, rvv_top__DOT__u_core__DOT__id_pc)
RVV_SRC(src_x, rvv_top__DOT__u_core__DOT__u_xrf__DOT__r)
RVV_SRC(src_f, rvv_top__DOT__u_core__DOT__u_frf__DOT__r)
RVV_SRC(src_v, rvv_top__DOT__u_vec__DOT__u_vrf__DOT__r)
RVV_SRC(src_vl, rvv_top__DOT__u_core__DOT__u_csr__DOT__vl_r)
RVV_SRC(src_vtype, rvv_top__DOT__u_core__DOT__u_csr__DOT__vtype_r)
RVV_SRC(src_frm, rvv_top__DOT__u_core__DOT__u_csr__DOT__frm_r)
RVV_SRC(src_fflags, rvv_top__DOT__u_core__DOT__u_csr__DOT__fflags_r)
RVV_SRC(src_dtcm, rvv_top__DOT__u_mem__DOT__dtcm)
#undef RVV_SRC

template <typename P> constexpr bool rvv_have = !std::is_same_v<P, std::nullptr_t>;

/* The bytes of one element (a scalar of up to 64 bits, or a VlWide). */
template <typename T> const void *rvv_raw(const T &e)
{
    if constexpr (std::is_integral_v<T>)
        return &e;
    else
        return e.data();
}
template <typename A> constexpr size_t rvv_elems(const A &a) { return sizeof a / sizeof a[0]; }

/* Elements [first, first + n) of `bytes` bytes from an unpacked array whose
 * element k is file element k + skip (elements below skip read as zero: an x
 * register file without x0). Returns -1 when the array is not the file's shape. */
template <typename A>
int rvv_copy(const A &a, uint32_t count, uint32_t skip, uint32_t first, uint32_t n, unsigned bytes, void *buf)
{
    if (rvv_elems(a) + skip != count || sizeof a[0] < bytes)
        return -1;
    for (uint32_t i = 0; i < n; i++) {
        uint8_t *dst = static_cast<uint8_t *>(buf) + (size_t)i * bytes;
        uint32_t k = first + i;
        if (k < skip)
            std::memset(dst, 0, bytes);
        else
            std::memcpy(dst, rvv_raw(a[k - skip]), bytes);
    }
    return 0;
}

enum rvv_file { F_X, F_F, F_V, F_CSR, F_DTCM, F_COUNT };
enum rvv_csr { C_VL, C_VTYPE, C_VSTART, C_FCSR, C_COUNT };
const char *const rvv_csr_names[C_COUNT] = { "vl", "vtype", "vstart", "fcsr" };

class rvv_model final : public kc_vl_model<rvv_model, top_t> {
public:
    static constexpr const char *acc_name = KC_ACC_NAME;
    static constexpr const char *const *counter_names = rvv_counter_names;
    static const kc_hw hw;
    static const kc_arch_file arch_files[F_COUNT];
    static constexpr size_t narch_files = F_COUNT;

    void built() { itcm_words_ = 0; /* a fresh model's memories are zero */ }

    kc_status check(const kc_image *img, const uint32_t *, size_t nargs, kc_err *err) const
    {
        return rvv_image_check(&rvv_view, acc_name, img, nargs, err);
    }

    /* With rst high: two cycles of plain reset, then one cycle per memory word the
     * load port writes, then two more. The DTCM ends holding the image's data
     * segments and zeros elsewhere (.bss and the stack start zero, whatever a
     * previous run left); the ITCM the text, and zeros where a previous, longer
     * program was (running off the end traps on the zero word). */
    void load(const kc_image *img, const uint32_t *args, size_t nargs, uint32_t dram_bytes)
    {
        top_t *t = top;
        t->ld_we = 0;
        t->ld_addr = 0;
        t->ld_wdata = 0;
        t->entry = (uint32_t)img->entry;
        reset_inputs(args, nargs, dram_bytes);
        reset_edge();
        reset_edge();
        itcm_.resize(P_ITCM_BYTES);
        dtcm_.resize(P_DTCM_BYTES);
        /* Only the DTCM words that differ from what the memory holds now (all of
         * them when the model does not expose the DTCM): rvv_load_writes. */
        const uint8_t *now = dtcm_now();
        size_t nitcm = 0;
        writes_.resize(rvv_load_writes(&rvv_view, img, args, nargs, itcm_words_, now, itcm_.data(),
                                       dtcm_.data(), nullptr, 0, &nitcm));
        rvv_load_writes(&rvv_view, img, args, nargs, itcm_words_, now, itcm_.data(), dtcm_.data(),
                        writes_.data(), writes_.size(), &nitcm);
        for (const kc_load_write &w : writes_) {
            t->ld_we = 1;
            t->ld_addr = w.addr;
            t->ld_wdata = w.data;
            reset_edge();
        }
        itcm_words_ = nitcm;
        t->ld_we = 0;
        t->ld_addr = 0;
        t->ld_wdata = 0;
        reset_edge();
        reset_edge();
    }

    static const char *cause_name(unsigned cause) { return rvv_cause_name(cause); }

    /* id_pc: the instruction in decode, the one a stall holds (what the stall
     * view charges); up to three older ones are still in EX/MEM/WB. */
    static constexpr int pc_ahead = 1;
    uint64_t arch_pc() const
    {
        uint32_t pc = 0;
        scalar(src_pc(root(), 0), &pc);
        return pc;
    }

    int arch_read(unsigned file, uint32_t first, uint32_t n, void *buf) const
    {
        if (file >= F_COUNT || first > arch_files[file].count || n > arch_files[file].count - first)
            return -1;
        const root_t *r = root();
        const kc_arch_file &f = arch_files[file];
        switch (file) {
        case F_X:
            if (regs(src_x(r, 0), f, first, n, buf) != 0)
                return -1;
            if (first == 0 && n)   /* x0: the file's flop 0 may hold anything; x0 reads 0 */
                std::memset(buf, 0, 4);
            return 0;
        case F_F: return regs(src_f(r, 0), f, first, n, buf);
        case F_V: return regs(src_v(r, 0), f, first, n, buf);
        case F_CSR:
            for (uint32_t i = 0; i < n; i++) {
                uint32_t v;
                if (csr(first + i, &v) != 0)
                    return -1;
                std::memcpy(static_cast<uint8_t *>(buf) + 4 * (size_t)i, &v, 4);
            }
            return 0;
        case F_DTCM: {
            const uint8_t *m = dtcm_now();
            if (!m)
                return -1;
            std::memcpy(buf, m + first, n);
            return 0;
        }
        }
        return -1;
    }

private:
    size_t itcm_words_ = 0;          /* ITCM words the last program wrote */
    std::vector<uint8_t> itcm_, dtcm_;  /* the images being loaded (kept: no realloc per reset) */
    std::vector<kc_load_write> writes_;

    /* The DTCM's bytes in address order, or NULL when the model does not expose
     * them in that layout (one unpacked array of little-endian rows). */
    const uint8_t *dtcm_now() const { return mem_bytes(src_dtcm(root(), 0)); }

    template <typename P> static const uint8_t *mem_bytes(P p)
    {
        if constexpr (rvv_have<P>) {
            if (sizeof *p == P_DTCM_BYTES)
                return reinterpret_cast<const uint8_t *>(rvv_raw((*p)[0]));
        }
        return nullptr;
    }

    template <typename P> static int regs(P p, const kc_arch_file &f, uint32_t first, uint32_t n, void *buf)
    {
        if constexpr (rvv_have<P>) {
            const uint32_t skip = rvv_elems(*p) + 1 == f.count ? 1 : 0;   /* x without x0 */
            return rvv_copy(*p, f.count, skip, first, n, f.bytes, buf);
        }
        return -1;
    }

    template <typename P> static int scalar(P p, uint32_t *v)
    {
        if constexpr (rvv_have<P>) {
            *v = (uint32_t)*p;
            return 0;
        }
        return -1;
    }

    int csr(uint32_t id, uint32_t *v) const
    {
        const root_t *r = root();
        switch (id) {
        case C_VL: return scalar(src_vl(r, 0), v);
        case C_VTYPE: return scalar(src_vtype(r, 0), v);
        case C_VSTART:  /* always 0 here: only a trapped vector instruction sets it, and
                           a trap stops this core (rvv_csr reads it as 0) */
            *v = 0;
            return 0;
        case C_FCSR: {
            uint32_t frm, fflags;
            if (scalar(src_frm(r, 0), &frm) != 0 || scalar(src_fflags(r, 0), &fflags) != 0)
                return -1;
            *v = (frm & 7u) << 5 | (fflags & 31u);
            return 0;
        }
        }
        return -1;
    }
};

const kc_hw rvv_model::hw = { KC_ACC_NAME, KC_ACC_FAMILY, sizeof rvv_hw_rows / sizeof rvv_hw_rows[0],
                              rvv_hw_rows };

const kc_arch_file rvv_model::arch_files[F_COUNT] = {
    { "x", "integer registers", 32, 4, KC_ARCH_U32, KC_ARCH_ZERO0, nullptr, nullptr },
    { "f", "fp32 registers", 32, 4, KC_ARCH_FP32, 0, nullptr, nullptr },
    { "v", "vector registers (VLEN bits, lane 0 = element 0 at SEW 32)", 32, P_VLEN / 8, KC_ARCH_I32_LANES,
      0, nullptr, nullptr },
    { "csr", "vector and fp CSRs (fcsr = frm << 5 | fflags)", C_COUNT, 4, KC_ARCH_U32, 0, rvv_csr_names,
      nullptr },
    { "dtcm", "data memory (byte i at 0x00200000 + i)", P_DTCM_BYTES, 1, KC_ARCH_BYTES, KC_ARCH_MEMORY,
      nullptr, nullptr },
};

}  // namespace

extern "C" const kc_acc_ops KC_ACC_OPS;
const kc_acc_ops KC_ACC_OPS = kc_vl_ops<rvv_model>::ops;
