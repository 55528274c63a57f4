/* vliw_shim.cpp — the vliw's port mapping onto the Verilator glue (kc_vl_model.h).
 *
 * Compiled once per vliw build by kc_add_accelerator() (verilated/CMakeLists.txt:
 * vliw, vliw_wide): kc_acc_build.h names the build's Verilated classes, its name and
 * the table symbol defined at the bottom; everything else is internal.
 *
 * Ports: rtl/vliw/vliw_top.v (rtl/vliw/vliw_top_ports.md). They differ from the
 * standard ones in three places, mapped here: `perf` holds 64-bit counters; the
 * program loader addresses slot words (tile select << 24 | bundle * 7 + slot);
 * and instead of one retire port there is one issue port per tile (issue_valid /
 * issue_pc, valid during the cycle a bundle issues: sampled before each edge).
 *
 * Sizes: every VLIW_PARAM row of isa/vliw.def, read from the model where vliw_top
 * has the parameter (public_flat_rd), else the table's value (the RTL fixes it).
 * State: per tile the register files, locks and the data memory banks, all
 * public_flat_rd in the RTL; each source is looked up by name at compile time
 * (VLIW_SRC), so a renamed signal makes its file unreadable (arch_read -1), not
 * the tree unbuildable.
 *
 * Reset: the program memories through the load port (every bundle a previous
 * program wrote and this one does not is written back to nop, so the PM holds
 * exactly the image, as the ISS's). The data memories are SRAMs without a reset;
 * the loader clears them and writes argument words 9.. (vliw_hw_xarg_addr) through
 * the model's memory arrays (a testbench's backdoor load: the hardware has no
 * port for it), so a run does not depend on the previous one and starts where
 * the ISS does.
 */
#include <algorithm>
#include <array>
#include <cstdio>
#include <cstring>
#include <type_traits>
#include <vector>

#include "kc_acc_build.h"   /* KC_ACC_NAME, KC_ACC_FAMILY, KC_ACC_OPS, KC_ACC_TOP, ... */
#include KC_ACC_TOP_H
#include KC_ACC_ROOT_H      /* public_flat_rd state and parameters */
#include "kc_vl_model.h"
#include "vliw.h"
#include "vliw_dm.h"        /* the DM backdoor, shared with the SystemC model */
extern "C" {
#include "vliw_hw.h"        /* image layout, argument words; no C++ guard of its own */
}

namespace {

using top_t = KC_ACC_TOP;
using root_t = KC_ACC_ROOT;
using ports = kc_vl_ports<top_t>;

/* ---- the build's parameters: every VLIW_PARAM row, and the beat (a port size) ----- */
#define VLIW_TOP_PARAMS(X)                                                                     \
    X(BEAT_BYTES, 32, "bytes of one DRAM beat (kc_bus)")
#define VLIW_PARAM(name, value, desc) KC_VL_PARAM(root_t, vliw_top, name, value)
#include "vliw.def"
VLIW_TOP_PARAMS(VLIW_PARAM)
#undef VLIW_PARAM

const kc_hw_param vliw_hw_rows[] = {
#define VLIW_PARAM(name, value, desc) { #name, long(P_##name), desc },
#include "vliw.def"
    VLIW_TOP_PARAMS(VLIW_PARAM)
#undef VLIW_PARAM
};

KC_VL_CHECK_BUILD_PARAMS()

constexpr unsigned NT = P_ROWS * P_COLS;
constexpr unsigned VLIW_MAX_TILES = 8;   /* tiles VLIW_TILE_SRCS names below */
static_assert(NT >= 1 && NT <= VLIW_MAX_TILES, "more tiles than the shim's state table names");
static_assert(3 * NT <= 32, "stall_ev is read as one 32-bit word");
static_assert(P_NBANKS >= 1 && P_NBANKS <= VLIW_DM_MAX_BANKS && NT <= VLIW_DM_MAX_TILES && P_DM_BYTES % (32 * P_NBANKS) == 0, "odd DM shape");
static_assert(ports::beat_bytes == P_BEAT_BYTES, "mem_req_wdata is not BEAT_BYTES wide");
static_assert(ports::arg_words == VLIW_NARGS_REG, "args port is not r1..r8 (8 x 32 bits)");
static_assert(ports::perf_words == 2 * P_NCOUNTERS && P_NCOUNTERS == VLIW_NCOUNTERS,
              "perf port (64-bit counters), NCOUNTERS and the ISS's counter list disagree");

/* ---- where the state lives: Verilator's flattened names --------------------------- */
#define VLIW_SRC KC_VL_MEMBER   /* kc_vl_member.h */
#define VT(t, x) vliw_top__DOT__g_tile__BRA__##t##__KET____DOT__u_tile__DOT__##x
#define VLIW_TILE_SRCS(t)                                                                      \
    VLIW_SRC(src_r_##t, VT(t, u_core__DOT__R))                                                 \
    VLIW_SRC(src_p_##t, VT(t, u_core__DOT__P))                                                 \
    VLIW_SRC(src_m_##t, VT(t, u_core__DOT__M))                                                 \
    VLIW_SRC(src_v_##t, VT(t, u_core__DOT__V))                                                 \
    VLIW_SRC(src_a_##t, VT(t, u_core__DOT__A))                                                 \
    VLIW_SRC(src_lk_##t, VT(t, u_locks__DOT__value))
VLIW_TILE_SRCS(0) VLIW_TILE_SRCS(1) VLIW_TILE_SRCS(2) VLIW_TILE_SRCS(3)
VLIW_TILE_SRCS(4) VLIW_TILE_SRCS(5) VLIW_TILE_SRCS(6) VLIW_TILE_SRCS(7)

template <typename P> constexpr bool vliw_have = !std::is_same_v<P, std::nullptr_t>;

/* The bytes of one element (a scalar of up to 32 bits, or a VlWide). */
template <typename T> const void *raw(const T &e)
{
    if constexpr (std::is_integral_v<T>)
        return &e;
    else
        return e.data();
}

/* One tile's state, as pointers into the root (nullptr: the model lacks it). */
struct tile_view {
    int (*regs)(const root_t *r, unsigned kind, uint32_t first, uint32_t n, unsigned bytes, void *buf);
    uint32_t (*locks)(const root_t *r, uint32_t *words, unsigned nwords);   /* words copied, 0 = none */
};

/* Elements [first, first + n) of `bytes` bytes each from an unpacked array. */
template <typename P> int copy_regs(P p, uint32_t first, uint32_t n, unsigned bytes, void *buf)
{
    if constexpr (vliw_have<P>) {
        constexpr size_t count = sizeof *p / sizeof (*p)[0];
        if (first + n > count || sizeof (*p)[0] < bytes)
            return -1;
        for (uint32_t i = 0; i < n; i++)
            std::memcpy(static_cast<uint8_t *>(buf) + (size_t)i * bytes, raw((*p)[first + i]), bytes);
        return 0;
    }
    return -1;
}

template <typename P> uint32_t copy_wide(P p, uint32_t *words, unsigned nwords)
{
    if constexpr (vliw_have<P>) {
        using T = std::remove_reference_t<decltype(*p)>;
        if constexpr (std::is_integral_v<T>) {
            uint64_t v = *p;
            for (unsigned i = 0; i < nwords; i++)
                words[i] = i < 2 ? (uint32_t)(v >> (32 * i)) : 0;
            return nwords;
        } else {
            unsigned k = (unsigned)(sizeof *p / 4);
            for (unsigned i = 0; i < nwords; i++)
                words[i] = i < k ? p->data()[i] : 0;
            return nwords;
        }
    }
    return 0;
}

#define VLIW_TILE_VIEW(t)                                                                      \
    tile_view{                                                                                 \
        [](const root_t *r, unsigned kind, uint32_t first, uint32_t n, unsigned bytes, void *buf) -> int { \
            switch (kind) {                                                                    \
            case VLIW_F_R: return copy_regs(src_r_##t(r, 0), first, n, bytes, buf);            \
            case VLIW_F_P: return copy_regs(src_p_##t(r, 0), first, n, bytes, buf);            \
            case VLIW_F_M: return copy_regs(src_m_##t(r, 0), first, n, bytes, buf);            \
            case VLIW_F_V: return copy_regs(src_v_##t(r, 0), first, n, bytes, buf);            \
            case VLIW_F_ACC: return copy_regs(src_a_##t(r, 0), first, n, bytes, buf);          \
            }                                                                                  \
            return -1;                                                                         \
        },                                                                                     \
        [](const root_t *r, uint32_t *w, unsigned nw) -> uint32_t { return copy_wide(src_lk_##t(r, 0), w, nw); } }
const tile_view tile_views[VLIW_MAX_TILES] = {
    VLIW_TILE_VIEW(0), VLIW_TILE_VIEW(1), VLIW_TILE_VIEW(2), VLIW_TILE_VIEW(3),
    VLIW_TILE_VIEW(4), VLIW_TILE_VIEW(5), VLIW_TILE_VIEW(6), VLIW_TILE_VIEW(7),
};

/* ---- the state files: the ISS's list (vliw_iss.h), per tile ------------------------ */
constexpr unsigned NFILES = NT * VLIW_ISS_NFILES;
struct file_table {
    kc_arch_file f[NFILES];
    char names[NFILES][16];
    file_table()
    {
        static const char *const kinds[VLIW_ISS_NFILES] = { "r", "p", "m", "v", "acc", "lock", "dm" };
        static const char *const what[VLIW_ISS_NFILES] = {
            "scalar registers", "pointer registers", "modifier registers", "vector registers",
            "accumulators", "locks", "data memory (32-byte lines)",
        };
        static const uint32_t counts[VLIW_ISS_NFILES] = { 16, 8, 8, 16, 8, P_NLOCKS, P_DM_BYTES / 32 };
        static const unsigned bytes[VLIW_ISS_NFILES] = { 4, 4, 4, 32, 64, 1, 32 };
        static const kc_arch_fmt fmts[VLIW_ISS_NFILES] = { KC_ARCH_U32, KC_ARCH_U32, KC_ARCH_U32,
                                                          KC_ARCH_BF16_LANES, KC_ARCH_FP32_LANES, KC_ARCH_BYTES,
                                                          KC_ARCH_BYTES };
        for (unsigned t = 0; t < NT; t++)
            for (unsigned k = 0; k < VLIW_ISS_NFILES; k++) {
                unsigned i = t * VLIW_ISS_NFILES + k;
                std::snprintf(names[i], sizeof names[i], "t%u.%s", t, kinds[k]);
                f[i] = kc_arch_file{ names[i], what[k], counts[k], bytes[k], fmts[k],
                                     (k == VLIW_F_R ? KC_ARCH_ZERO0 : 0u) | (k == VLIW_F_DM ? KC_ARCH_MEMORY : 0u),
                                     nullptr, nullptr };
            }
    }
};
const file_table vliw_files;

const vliw_iss_params vliw_view = { P_ROWS, P_COLS, P_PM_BUNDLES, P_DM_BYTES, P_NBANKS, P_NLOCKS, P_NBDS,
                                    P_LOOP_DEPTH, P_BR_DELAY, P_DMA_INFLIGHT };

class vliw_model final : public kc_vl_model<vliw_model, top_t> {
public:
    static constexpr const char *acc_name = KC_ACC_NAME;
    static constexpr const char *const *counter_names = vliw_iss_counter_names;
    static constexpr unsigned ncounters = P_NCOUNTERS;   /* 64-bit counters: hides the base's word count */
    static const kc_hw hw;
    static constexpr const kc_arch_file *arch_files = vliw_files.f;
    static constexpr size_t narch_files = NFILES;
    static constexpr unsigned nunits = NT;
    /* per tile: the counters the top sums over the tiles that its ports show per
     * tile (issue_valid, stall_ev), counted here as the RTL counts them */
    static constexpr const char *unit_counter_list[] = { "bundles", "stall_lock", "stall_dma_wait", "stall_bank" };
    static constexpr unsigned nunit_counters = VLIW_NUNIT_COUNTERS;
    static constexpr const char *const *unit_counter_names = unit_counter_list;
    /* several pcs: co-simulation follows each tile's issue stream, not arch_pc */
    static constexpr int pc_ahead = 1;

    void built()
    {
        pm_hi_.fill(0);
        issued_ = 0;
    }

    kc_status check(const kc_image *img, const uint32_t *, size_t nargs, kc_err *err) const
    {
        if (nargs > VLIW_NARGS)
            return kc_err_set(err, KC_ERR_RANGE, "%s: %zu arguments (r1..r8 and %u DM words hold at most %u)",
                              acc_name, nargs, VLIW_NARGS - VLIW_NARGS_REG, VLIW_NARGS);
        return vliw_hw_check_image(&vliw_view, img, acc_name, err);
    }

    /* With rst high: two plain reset cycles, the program words through the load
     * port, the DM backdoor (see the top), two more reset cycles. */
    void load(const kc_image *img, const uint32_t *args, size_t nargs, uint32_t dram_bytes)
    {
        top_t *t = top;
        t->ld_we = 0;
        t->ld_addr = 0;
        t->ld_wdata = 0;
        reset_inputs(args, nargs, dram_bytes);
        reset_edge();
        reset_edge();
        image_ = img;
        /* the program memories: vliw_load_writes (every tile's bundles, nop over
         * the rest of what the previous program wrote) */
        std::array<uint32_t, VLIW_MAX_TILES> hi{};
        writes_.resize(vliw_load_writes(&vliw_view, img, pm_hi_.data(), hi.data(), nullptr, 0));
        vliw_load_writes(&vliw_view, img, pm_hi_.data(), hi.data(), writes_.data(), writes_.size());
        for (const kc_load_write &w : writes_) {
            top->ld_we = 1;
            top->ld_addr = w.addr;
            top->ld_wdata = w.data;
            reset_edge();
        }
        for (unsigned k = 0; k < NT; k++) {
            pm_hi_[k] = hi[k];
            own_[k] = vliw_hw_tile_has_own(img, k);   /* looked up once: unit_pc runs every edge */
        }
        for (auto &u : unit_cnt_)
            std::fill(std::begin(u), std::end(u), 0);
        t->ld_we = 0;
        t->ld_addr = 0;
        t->ld_wdata = 0;
        dm_backdoor(args, nargs);
        reset_edge();
        reset_edge();
        issued_ = 0;
    }

    static const char *cause_name(unsigned cause) { return vliw_cause_name(cause); }

    void counters(uint64_t *vals, size_t n) const
    {
        for (size_t i = 0; i < n && i < ncounters; i++)
            vals[i] = (uint64_t)top->perf[2 * i] | (uint64_t)top->perf[2 * i + 1] << 32;
    }

    /* The issue ports as they stand before the edge (this cycle's), then the edge. */
    kc_status clock(const kc_bus_resp *in, kc_err *err)
    {
        issued_ = port_word(top->issue_valid, 0);
        for (unsigned k = 0; k < NT; k++)
            issue_pc_[k] = issue_pc_of(k);
        if (!top->halted && !top->trapped)   /* the RTL counters' condition */
            vliw_unit_count(NT, issued_, port_word(top->stall_ev, 0), unit_cnt_.data());
        return kc_vl_model::clock(in, err);
    }

    void unit_counters(unsigned unit, uint64_t *vals, size_t n) const
    {
        for (size_t i = 0; i < n && i < nunit_counters; i++)
            vals[i] = unit < NT ? unit_cnt_[unit][i] : 0;
    }

    /* the presented bundle as the image numbers it: in the tile's own program
     * ((tile + 1) << VLIW_PM_SEL_SHIFT) or the SPMD one */
    uint64_t unit_pc(unsigned unit) const
    {
        if (unit >= NT)
            return 0;
        return (own_[unit] ? (uint64_t)(unit + 1) << VLIW_PM_SEL_SHIFT : 0) | issue_pc_of(unit);
    }

    int retire_unit(unsigned unit, uint32_t *pc, uint32_t *insn) const
    {
        if (unit >= NT || !(issued_ >> unit & 1))
            return 0;
        uint32_t w[VLIW_BUNDLE_WORDS];
        *pc = issue_pc_[unit];
        vliw_hw_bundle(image_, unit, *pc, w);
        *insn = w[0];
        return 1;
    }

    /* One unit's view for callers that know one: the lowest tile that issued. */
    int retire(uint32_t *pc, uint32_t *insn) const
    {
        for (unsigned k = 0; k < NT; k++)
            if (retire_unit(k, pc, insn))
                return 1;
        return 0;
    }

    uint64_t arch_pc() const { return issue_pc_of(0); }

    int arch_read(unsigned file, uint32_t first, uint32_t n, void *buf) const
    {
        if (file >= NFILES || first > arch_files[file].count || n > arch_files[file].count - first)
            return -1;
        const unsigned tile = file / VLIW_ISS_NFILES, kind = file % VLIW_ISS_NFILES;
        const tile_view &tv = tile_views[tile];
        root_t *r = top->rootp;
        switch (kind) {
        case VLIW_F_R:
            if (tv.regs(r, kind, first, n, 4, buf) != 0)
                return -1;
            if (first == 0 && n)   /* r0 reads 0 whatever its flop holds */
                std::memset(buf, 0, 4);
            return 0;
        case VLIW_F_P: {
            if (tv.regs(r, kind, first, n, 4, buf) != 0)
                return -1;
            for (uint32_t i = 0; i < n; i++) {   /* 20 bits used */
                uint32_t v;
                std::memcpy(&v, static_cast<uint8_t *>(buf) + 4 * i, 4);
                v &= 0xfffffu;
                std::memcpy(static_cast<uint8_t *>(buf) + 4 * i, &v, 4);
            }
            return 0;
        }
        case VLIW_F_M: case VLIW_F_V: case VLIW_F_ACC:
            return tv.regs(r, kind, first, n, arch_files[file].bytes, buf);
        case VLIW_F_LOCK: {
            uint32_t w[(6 * P_NLOCKS + 31) / 32];
            if (!tv.locks(r, w, (unsigned)(sizeof w / 4)))
                return -1;
            for (uint32_t i = 0; i < n; i++) {
                unsigned bit = 6 * (first + i);
                uint64_t two = (uint64_t)w[bit / 32] | (bit / 32 + 1 < sizeof w / 4 ? (uint64_t)w[bit / 32 + 1] << 32 : 0);
                static_cast<uint8_t *>(buf)[i] = (uint8_t)(two >> (bit % 32) & 63);
            }
            return 0;
        }
        case VLIW_F_DM:
            for (uint32_t i = 0; i < n; i++) {
                const uint8_t *line = dm_line(r, tile, first + i);
                if (!line)
                    return -1;
                std::memcpy(static_cast<uint8_t *>(buf) + 32 * (size_t)i, line, 32);
            }
            return 0;
        }
        return -1;
    }

private:
    std::array<uint32_t, VLIW_MAX_TILES> pm_hi_{};   /* bundles the last program wrote, per tile */
    std::vector<kc_load_write> writes_;              /* load()'s list, kept to reuse its storage */
    std::array<uint32_t, VLIW_MAX_TILES> issue_pc_{};
    std::array<bool, VLIW_MAX_TILES> own_{};                     /* tile runs its own program */
    std::array<uint64_t[VLIW_NUNIT_COUNTERS], VLIW_MAX_TILES> unit_cnt_{};   /* unit_counter_list, per tile */
    uint32_t issued_ = 0;
    const kc_image *image_ = nullptr;   /* the program (valid until the next reset, as the caller's) */

    uint32_t issue_pc_of(unsigned k) const { return port_word(top->issue_pc, k); }

    /* 32-bit word k of a port however wide Verilator made it. */
    template <typename T> static uint32_t port_word(const T &v, unsigned k)
    {
        if constexpr (std::is_integral_v<T>)
            return k < (sizeof v + 3) / 4 ? (uint32_t)((uint64_t)v >> (32 * k)) : 0;
        else
            return v[k];
    }

    /* 32-byte line L of tile's DM (vliw_dm.h). */
    static uint8_t *dm_line(root_t *r, unsigned tile, uint32_t line) { return vliw_dm_line(r, &vliw_view, tile, line); }

    void dm_backdoor(const uint32_t *args, size_t nargs) { vliw_dm_load(top->rootp, &vliw_view, args, nargs); }
};

const kc_hw vliw_model::hw = { KC_ACC_NAME, KC_ACC_FAMILY, sizeof vliw_hw_rows / sizeof vliw_hw_rows[0],
                               vliw_hw_rows };

}  // namespace

extern "C" const kc_acc_ops KC_ACC_OPS;
const kc_acc_ops KC_ACC_OPS = kc_vl_ops<vliw_model>::ops;
