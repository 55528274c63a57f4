/* npu_hw.c — the npu's sizes from a kc_hw table (npu_hw.h). */
#include "npu_hw.h"

#include <stddef.h>
#include <string.h>

static const kc_hw_param npu_hw_rows[] = {
#define NPU_PARAM(name, value, desc) { #name, value, desc },
#include "npu.def"
#undef NPU_PARAM
};

static const kc_hw npu_hw_table = {
    "npu", "npu", sizeof npu_hw_rows / sizeof npu_hw_rows[0], npu_hw_rows,
};

const kc_hw *npu_hw_default_table(void)
{
    return &npu_hw_table;
}

kc_status npu_hw_from(const kc_hw *hw, npu_hw *o, kc_err *err)
{
    o->vlen = kc_hw_size(hw, &npu_hw_table, "VLEN");
    o->vrows = kc_hw_size(hw, &npu_hw_table, "VROWS");
    o->vbanks = kc_hw_size(hw, &npu_hw_table, "VBANKS");
    o->mlen = kc_hw_size(hw, &npu_hw_table, "MLEN");
    o->mrows = kc_hw_size(hw, &npu_hw_table, "MROWS");
    o->imem_words = kc_hw_size(hw, &npu_hw_table, "IMEM_WORDS");
    o->nxregs = kc_hw_size(hw, &npu_hw_table, "NXREGS");
    o->nfregs = kc_hw_size(hw, &npu_hw_table, "NFREGS");
    o->naregs = kc_hw_size(hw, &npu_hw_table, "NAREGS");
    o->loop_depth = kc_hw_size(hw, &npu_hw_table, "LOOP_DEPTH");
    o->vec_lat = kc_hw_size(hw, &npu_hw_table, "VEC_LAT");
    o->fp_lat = kc_hw_size(hw, &npu_hw_table, "FP_LAT");
    o->sfu_lanes = kc_hw_size(hw, &npu_hw_table, "SFU_LANES");
    o->sfu_lat = kc_hw_size(hw, &npu_hw_table, "SFU_LAT");
    o->mat_wbufs = kc_hw_size(hw, &npu_hw_table, "MAT_WBUFS");
    o->ncounters = kc_hw_size(hw, &npu_hw_table, "NCOUNTERS");
    const char *acc = hw && hw->acc ? hw->acc : "npu";
    if (o->vlen < 2 || o->vlen > 256 || (o->vlen & (o->vlen - 1)))
        return kc_err_set(err, KC_ERR_RANGE, "%s: VLEN %u is not a power of two in 2..256", acc, o->vlen);
    if (!o->mlen || o->vlen % o->mlen)
        return kc_err_set(err, KC_ERR_RANGE, "%s: MLEN %u does not divide VLEN %u", acc, o->mlen, o->vlen);
    if (o->mrows % 2)
        return kc_err_set(err, KC_ERR_RANGE, "%s: MROWS %u is odd (the matrix SRAM is two banks by row "
                          "parity)", acc, o->mrows);
    if (o->vbanks < 2 || o->vbanks > 16 || (o->vbanks & (o->vbanks - 1)) || o->vbanks < o->mlen ||
        o->vrows % o->vbanks)
        return kc_err_set(err, KC_ERR_RANGE, "%s: VBANKS %u is not a power of two in 2..16, at least MLEN %u, "
                          "dividing VROWS %u", acc, o->vbanks, o->mlen, o->vrows);
    if (!o->sfu_lanes || o->vlen % o->sfu_lanes || (o->sfu_lanes & (o->sfu_lanes - 1)))
        return kc_err_set(err, KC_ERR_RANGE, "%s: SFU_LANES %u is not a power of two dividing VLEN %u", acc,
                          o->sfu_lanes, o->vlen);
    if (o->sfu_lat != 6)
        return kc_err_set(err, KC_ERR_RANGE, "%s: SFU_LAT %u: the SFU lane (rtl/common/kc_sfu_lane.v) "
                          "has latency 6", acc, o->sfu_lat);
    if (o->vec_lat != 4)
        return kc_err_set(err, KC_ERR_RANGE, "%s: VEC_LAT %u: the vector lane (rtl/npu/npu_vlane.v) "
                          "has latency 4", acc, o->vec_lat);
    if (o->fp_lat != 4)
        return kc_err_set(err, KC_ERR_RANGE, "%s: FP_LAT %u: the scalar fp pipeline (rtl/npu/npu_fpu.v) "
                          "has latency 4", acc, o->fp_lat);
    if (!o->vrows || !o->mrows || !o->imem_words || !o->nxregs || !o->nfregs || !o->naregs ||
        !o->loop_depth || !o->vec_lat || !o->mat_wbufs)
        return kc_err_set(err, KC_ERR_RANGE, "%s: a size parameter is zero", acc);
    return KC_OK;
}

enum {
#define NPU_PARAM(name, value, desc) NPU_HW_##name = value,
#include "npu.def"
#undef NPU_PARAM
};

static const npu_hw npu_hw_defaults = {
    .vlen = NPU_HW_VLEN, .vrows = NPU_HW_VROWS, .vbanks = NPU_HW_VBANKS, .mlen = NPU_HW_MLEN, .mrows = NPU_HW_MROWS,
    .imem_words = NPU_HW_IMEM_WORDS, .nxregs = NPU_HW_NXREGS, .nfregs = NPU_HW_NFREGS,
    .naregs = NPU_HW_NAREGS, .loop_depth = NPU_HW_LOOP_DEPTH, .vec_lat = NPU_HW_VEC_LAT,
    .fp_lat = NPU_HW_FP_LAT,
    .sfu_lanes = NPU_HW_SFU_LANES, .sfu_lat = NPU_HW_SFU_LAT,
    .mat_wbufs = NPU_HW_MAT_WBUFS, .ncounters = NPU_HW_NCOUNTERS,
};

int npu_hw_is_sfu(const char *name)
{
    static const char *const sfu[] = {
#define NPU_SFU(n) #n,
#include "npu.def"
#undef NPU_SFU
    };
    for (size_t i = 0; i < sizeof sfu / sizeof sfu[0]; i++)
        if (!strcmp(name, sfu[i]))
            return 1;
    return 0;
}

unsigned npu_hw_fp_lat(const npu_hw *hw, const char *name)
{
    static const struct { const char *name; int sfu; } fpu[] = {
#define NPU_FPU(n, sfu) {#n, sfu},
#include "npu.def"
#undef NPU_FPU
    };
    for (size_t i = 0; i < sizeof fpu / sizeof fpu[0]; i++)
        if (!strcmp(name, fpu[i].name))
            return fpu[i].sfu ? hw->sfu_lat : hw->fp_lat;
    return 0;
}

unsigned npu_hw_latency(const npu_hw *hw, const char *name)
{
    if (npu_hw_is_sfu(name))
        return npu_hw_sfu_row_lat(hw);
    if (!strncmp(name, "vred", 4))
        return npu_hw_vred_lat(hw);
    if (name[0] == 'v')
        return hw->vec_lat;
    unsigned fp = npu_hw_fp_lat(hw, name);
    return fp ? fp : 1;
}

unsigned npu_hw_sfu_groups(const npu_hw *hw)
{
    return hw->vlen / hw->sfu_lanes;
}

unsigned npu_hw_sfu_row_lat(const npu_hw *hw)
{
    return npu_hw_sfu_groups(hw) - 1 + hw->sfu_lat;
}

unsigned npu_hw_vred_lat(const npu_hw *hw)
{
    unsigned lv = 0;
    while ((1u << lv) < hw->vlen)
        lv++;
    return 2 * lv + 1;
}

const npu_hw *npu_hw_default(void)
{
    return &npu_hw_defaults;
}
