/* rvv.c — the rvv family's shared names, image rules and load list (rvv.h), once
 * for every rvv build and both its models (C++ and SystemC). */
#include "rvv.h"

#include <stdio.h>
#include <string.h>

/* Indexed by mcause (RISC-V privileged spec, table "machine cause register");
 * 0 is "instruction-address-misaligned" there, but this core never raises it
 * (no compressed instructions, jumps to odd targets trap as fetch access) and
 * uses 0 for "no trap". */
static const struct {
    const char *name, *info;
} rvv_causes[] = {
    { "none", "" },
    { "instruction-access-fault", "address" },
    { "illegal-instruction", "instruction word" },
    { "breakpoint", "instruction word" },
    { "load-address-misaligned", "address" },
    { "load-access-fault", "address" },
    { "store-address-misaligned", "address" },
    { "store-access-fault", "address" },
};
#define RVV_NCAUSES (sizeof rvv_causes / sizeof rvv_causes[0])

const char *rvv_cause_name(unsigned cause)
{
    return cause < RVV_NCAUSES ? rvv_causes[cause].name : "unknown";
}

const char *rvv_cause_info(unsigned cause)
{
    return cause < RVV_NCAUSES ? rvv_causes[cause].info : "";
}

const char *rvv_trap_describe(unsigned cause, uint32_t pc, uint32_t info, char *buf, size_t size)
{
    const char *what = rvv_cause_info(cause);
    if (size)
        snprintf(buf, size, "%s at pc 0x%08x%s%s%s0x%08x%s", rvv_cause_name(cause), (unsigned)pc,
                 what[0] ? " (" : "", what, what[0] ? " " : " info ", (unsigned)info, what[0] ? ")" : "");
    return buf;
}

enum rvv_region { R_NONE, R_ITCM, R_DTCM };

static enum rvv_region region_of(const rvv_hw *h, uint64_t addr, uint64_t size)
{
    if (addr >= RVV_ITCM_BASE && addr + size <= (uint64_t)RVV_ITCM_BASE + h->itcm_bytes)
        return R_ITCM;
    if (addr >= RVV_DTCM_BASE && addr + size <= (uint64_t)RVV_DTCM_BASE + h->dtcm_bytes)
        return R_DTCM;
    return R_NONE;
}

kc_status rvv_image_check(const rvv_hw *h, const char *acc, const kc_image *img, size_t nargs, kc_err *err)
{
    if (nargs > RVV_NARGS)
        return kc_err_set(err, KC_ERR_RANGE, "%s: %zu arguments (a0..a7 and %u DTCM words hold at most %u)",
                          acc, nargs, RVV_NARGS - 8, RVV_NARGS);
    for (size_t i = 0; i < img->nsegs; i++) {
        const kc_image_seg *s = &img->segs[i];
        if (!region_of(h, s->addr, s->size))
            return kc_err_set(err, KC_ERR_RANGE,
                              "%s: segment at 0x%llx (%zu bytes) lies outside ITCM [0x%08x, 0x%08x) and "
                              "DTCM [0x%08x, 0x%08x): link .text to the ITCM and data to the DTCM",
                              acc, (unsigned long long)s->addr, s->size, RVV_ITCM_BASE,
                              RVV_ITCM_BASE + h->itcm_bytes, RVV_DTCM_BASE, RVV_DTCM_BASE + h->dtcm_bytes);
        if (s->exec && region_of(h, s->addr, s->size) != R_ITCM)
            return kc_err_set(err, KC_ERR_RANGE, "%s: executable segment at 0x%llx is not in the ITCM "
                              "[0x%08x, 0x%08x): the core fetches from the ITCM only", acc,
                              (unsigned long long)s->addr, RVV_ITCM_BASE, RVV_ITCM_BASE + h->itcm_bytes);
    }
    if (img->pc_bytes != 1 || img->entry % 4 || region_of(h, img->entry, 4) != R_ITCM)
        return kc_err_set(err, KC_ERR_RANGE, "%s: entry 0x%llx is not a word in the ITCM [0x%08x, 0x%08x)",
                          acc, (unsigned long long)img->entry, RVV_ITCM_BASE, RVV_ITCM_BASE + h->itcm_bytes);
    return KC_OK;
}

size_t rvv_load_writes(const rvv_hw *h, const kc_image *img, const uint32_t *args, size_t nargs,
                       size_t prev_itcm_words, const uint8_t *dtcm_now, uint8_t *itcm, uint8_t *dtcm,
                       kc_load_write *out, size_t cap, size_t *itcm_words)
{
    memset(itcm, 0, h->itcm_bytes);
    memset(dtcm, 0, h->dtcm_bytes);
    size_t itcm_hi = 0;
    for (size_t i = 0; i < img->nsegs; i++) {
        const kc_image_seg *s = &img->segs[i];
        const int in_itcm = region_of(h, s->addr, s->size) == R_ITCM;
        const uint32_t off = (uint32_t)s->addr - (in_itcm ? RVV_ITCM_BASE : RVV_DTCM_BASE);
        memcpy((in_itcm ? itcm : dtcm) + off, s->data, s->size);
        if (in_itcm && off + s->size > itcm_hi)
            itcm_hi = off + s->size;
    }
    /* Arguments past a7: words at the top of the DTCM (isa/rvv_hw.h). */
    for (size_t i = 8; i < nargs; i++)
        memcpy(dtcm + (rvv_hw_xarg_addr(h, (unsigned)i) - RVV_DTCM_BASE), &args[i], 4);
    size_t n = 0;
    const size_t nitcm = (itcm_hi + 3) / 4;
    for (size_t w = 0; w < nitcm || w < prev_itcm_words; w++, n++)
        if (n < cap) {
            out[n].addr = RVV_ITCM_BASE + 4 * (uint32_t)w;
            memcpy(&out[n].data, itcm + 4 * w, 4);
        }
    /* Only the DTCM words that differ from what the memory holds now. */
    for (uint32_t off = 0; off < h->dtcm_bytes; off += 4)
        if (!dtcm_now || memcmp(dtcm_now + off, dtcm + off, 4) != 0) {
            if (n < cap) {
                out[n].addr = RVV_DTCM_BASE + off;
                memcpy(&out[n].data, dtcm + off, 4);
            }
            n++;
        }
    *itcm_words = nitcm;
    return n;
}
