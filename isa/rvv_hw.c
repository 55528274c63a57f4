/* rvv_hw.c — the rvv's sizes from a kc_hw table (rvv_hw.h). */
#include "rvv_hw.h"

#include <stddef.h>

static const kc_hw_param rvv_hw_rows[] = {
#define RVV_PARAM(name, value, desc) { #name, value, desc },
#include "rvv.def"
#undef RVV_PARAM
};

static const kc_hw rvv_hw_table = {
    "rvv", "rvv", sizeof rvv_hw_rows / sizeof rvv_hw_rows[0], rvv_hw_rows,
};

const kc_hw *rvv_hw_default_table(void)
{
    return &rvv_hw_table;
}

static int pow2_in(unsigned v, unsigned lo, unsigned hi)
{
    return v >= lo && v <= hi && !(v & (v - 1));
}

kc_status rvv_hw_from(const kc_hw *hw, rvv_hw *o, kc_err *err)
{
    o->vlen = kc_hw_size(hw, &rvv_hw_table, "VLEN");
    o->lanes = kc_hw_size(hw, &rvv_hw_table, "LANES");
    o->itcm_bytes = kc_hw_size(hw, &rvv_hw_table, "ITCM_BYTES");
    o->dtcm_bytes = kc_hw_size(hw, &rvv_hw_table, "DTCM_BYTES");
    o->beat_bytes = kc_hw_size(hw, &rvv_hw_table, "BEAT_BYTES");
    o->vq_depth = kc_hw_size(hw, &rvv_hw_table, "VQ_DEPTH");
    o->nvlsu = kc_hw_size(hw, &rvv_hw_table, "NVLSU");
    o->ncounters = kc_hw_size(hw, &rvv_hw_table, "NCOUNTERS");
    const char *acc = hw && hw->acc ? hw->acc : "rvv";
    if (!pow2_in(o->vlen, 64, 1024))
        return kc_err_set(err, KC_ERR_RANGE, "%s: VLEN %u is not a power of two in 64..1024", acc, o->vlen);
    if (!pow2_in(o->lanes, 1, 32) || o->vlen % (32 * o->lanes))
        return kc_err_set(err, KC_ERR_RANGE, "%s: LANES %u is not a power of two with 32*LANES dividing VLEN %u",
                          acc, o->lanes, o->vlen);
    if (!pow2_in(o->itcm_bytes, 4096, 1u << 20) || !pow2_in(o->dtcm_bytes, 4096, 1u << 20))
        return kc_err_set(err, KC_ERR_RANGE, "%s: ITCM_BYTES %u / DTCM_BYTES %u not a power of two in 4 KiB..1 MiB",
                          acc, o->itcm_bytes, o->dtcm_bytes);
    if (!pow2_in(o->beat_bytes, 4, 256))
        return kc_err_set(err, KC_ERR_RANGE, "%s: BEAT_BYTES %u is not a power of two in 4..256", acc,
                          o->beat_bytes);
    if (!o->vq_depth || !o->ncounters)
        return kc_err_set(err, KC_ERR_RANGE, "%s: VQ_DEPTH or NCOUNTERS is zero", acc);
    if (!pow2_in(o->nvlsu, 2, 64))
        return kc_err_set(err, KC_ERR_RANGE, "%s: NVLSU %u is not a power of two in 2..64", acc, o->nvlsu);
    return KC_OK;
}

unsigned rvv_hw_xarg_addr(const rvv_hw *h, unsigned i)
{
    return RVV_DTCM_BASE + h->dtcm_bytes - RVV_XARG_BYTES + 4 * (i - 8);
}

enum {
#define RVV_PARAM(name, value, desc) RVV_HW_##name = value,
#include "rvv.def"
#undef RVV_PARAM
};

static const rvv_hw rvv_hw_defaults = {
    .vlen = RVV_HW_VLEN, .lanes = RVV_HW_LANES, .itcm_bytes = RVV_HW_ITCM_BYTES,
    .dtcm_bytes = RVV_HW_DTCM_BYTES, .beat_bytes = RVV_HW_BEAT_BYTES, .vq_depth = RVV_HW_VQ_DEPTH,
    .nvlsu = RVV_HW_NVLSU, .ncounters = RVV_HW_NCOUNTERS,
};

const rvv_hw *rvv_hw_default(void)
{
    return &rvv_hw_defaults;
}
