/* vliw_dm.h — the vliw data memories as a Verilated vliw model holds them (C++ only).
 *
 * The DM banks are SRAMs without a reset and without a load port; a run starts
 * with every DM cleared and the argument words 9.. (vliw_hw_xarg_addr) written,
 * as the ISS's does, through the model's memory arrays (a testbench's backdoor
 * load). Both Verilated models of a build — the C++ one (vliw_shim.cpp) and the
 * SystemC one (systemc/vliw_sc.cpp) — have the same flattened arrays (they are
 * public_flat_rd in the RTL) in differently named root classes, so everything
 * here is a template over the root class R. A bank the model does not expose
 * (a renamed signal) reads as missing (NULL), not as a build error.
 */
#ifndef VLIW_DM_H
#define VLIW_DM_H

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "kc_vl_member.h"

extern "C" {
#include "vliw_hw.h"   /* vliw_hw_xarg_addr, VLIW_NARGS_REG; no C++ guard of its own */
}

#define VLIW_DM_SRC KC_VL_MEMBER
#define VLIW_DM_VB(t, b) vliw_top__DOT__g_tile__BRA__##t##__KET____DOT__u_tile__DOT__u_dm__DOT__g_bank__BRA__##b##__KET____DOT__u_bank__DOT__mem
#define VLIW_DM_TILE(t)                                                                        \
    VLIW_DM_SRC(vliw_dm_b0_##t, VLIW_DM_VB(t, 0)) VLIW_DM_SRC(vliw_dm_b1_##t, VLIW_DM_VB(t, 1)) \
    VLIW_DM_SRC(vliw_dm_b2_##t, VLIW_DM_VB(t, 2)) VLIW_DM_SRC(vliw_dm_b3_##t, VLIW_DM_VB(t, 3)) \
    VLIW_DM_SRC(vliw_dm_b4_##t, VLIW_DM_VB(t, 4)) VLIW_DM_SRC(vliw_dm_b5_##t, VLIW_DM_VB(t, 5)) \
    VLIW_DM_SRC(vliw_dm_b6_##t, VLIW_DM_VB(t, 6)) VLIW_DM_SRC(vliw_dm_b7_##t, VLIW_DM_VB(t, 7))
VLIW_DM_TILE(0) VLIW_DM_TILE(1) VLIW_DM_TILE(2) VLIW_DM_TILE(3)
VLIW_DM_TILE(4) VLIW_DM_TILE(5) VLIW_DM_TILE(6) VLIW_DM_TILE(7)
#undef VLIW_DM_TILE
#undef VLIW_DM_VB
#undef VLIW_DM_SRC

constexpr unsigned VLIW_DM_MAX_TILES = 8, VLIW_DM_MAX_BANKS = 8;   /* what the list above names */

/* A bank array as bytes (an unpacked array of 32-byte rows, VlWide each). */
template <typename P> uint8_t *vliw_dm_bank_bytes(P p, size_t *bytes)
{
    if constexpr (!std::is_same_v<P, std::nullptr_t>) {
        if constexpr (!std::is_const_v<std::remove_reference_t<decltype(*p)>>) {
            *bytes = sizeof *p;
            return reinterpret_cast<uint8_t *>((*p)[0].data());
        }
    }
    *bytes = 0;
    return nullptr;
}

/* Bank b of tile t, and its size in *bytes (NULL, 0: the model does not have it). */
template <typename R> uint8_t *vliw_dm_bank(R *r, unsigned t, unsigned b, size_t *bytes)
{
#define VLIW_DM_CASE(t, b)                                                                     \
    case (t)*VLIW_DM_MAX_BANKS + (b): return vliw_dm_bank_bytes(vliw_dm_b##b##_##t(r, 0), bytes);
#define VLIW_DM_CASES(t)                                                                       \
    VLIW_DM_CASE(t, 0) VLIW_DM_CASE(t, 1) VLIW_DM_CASE(t, 2) VLIW_DM_CASE(t, 3)                \
    VLIW_DM_CASE(t, 4) VLIW_DM_CASE(t, 5) VLIW_DM_CASE(t, 6) VLIW_DM_CASE(t, 7)
    switch (t * VLIW_DM_MAX_BANKS + b) {
        VLIW_DM_CASES(0) VLIW_DM_CASES(1) VLIW_DM_CASES(2) VLIW_DM_CASES(3)
        VLIW_DM_CASES(4) VLIW_DM_CASES(5) VLIW_DM_CASES(6) VLIW_DM_CASES(7)
    }
#undef VLIW_DM_CASES
#undef VLIW_DM_CASE
    *bytes = 0;
    return nullptr;
}

/* 32-byte line L of tile t's DM (bank L % NBANKS, row L / NBANKS), or NULL. */
template <typename R> uint8_t *vliw_dm_line(R *r, const vliw_iss_params *h, unsigned t, uint32_t line)
{
    size_t bytes;
    uint8_t *bank = vliw_dm_bank(r, t, line % h->nbanks, &bytes);
    if (!bank || bytes != h->dm_bytes / h->nbanks)
        return nullptr;
    return bank + 32 * (size_t)(line / h->nbanks);
}

/* Clears every tile's DM and writes the argument words past r8 (the loader's
 * backdoor); returns false when the model does not expose a bank. */
template <typename R> bool vliw_dm_load(R *r, const vliw_iss_params *h, const uint32_t *args, size_t nargs)
{
    for (unsigned k = 0; k < h->rows * h->cols; k++)
        for (uint32_t line = 0; line < h->dm_bytes / 32; line++) {
            uint8_t *l = vliw_dm_line(r, h, k, line);
            if (!l)
                return false;
            std::memset(l, 0, 32);
            for (size_t i = VLIW_NARGS_REG; i < nargs; i++) {
                uint32_t at = vliw_hw_xarg_addr(h, (unsigned)i);
                if (at / 32 == line)
                    std::memcpy(l + at % 32, &args[i], 4);
            }
        }
    return true;
}

#endif
