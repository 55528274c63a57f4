/* vliw.c — the vliw family's shared names and load list (vliw.h), once for every
 * vliw build and both its models (C++ and SystemC). */
#include "vliw.h"

#include <stdio.h>
#include <string.h>

#include "vliw_hw.h"
#include "vliw_iss.h"

const char *vliw_cause_name(unsigned cause)
{
    return vliw_iss_cause_name(cause);   /* the codes are the ISS's: one table */
}

/* What the detail field holds, per cause (rtl/vliw/vliw_top_ports.md). */
static const char *const vliw_details[VLIW_NTRAPS] = {
    "", "low 20 bits of the slot word", "pc", "address or lock id", "address",
    "register (file << 4 | index; files r, p, m, v, acc)", "lock id", "DRAM address", "BD",
};

const char *vliw_trap_describe(unsigned cause, uint32_t pc, uint32_t info, char *buf, size_t size)
{
    static const char *const slots[] = { "S", "L0", "L1", "ST", "MAC", "VEC", "MV", "DMA ch0", "DMA ch1" };
    unsigned slot = (info >> 20) & 15;
    if (size)
        snprintf(buf, size, "%s on tile %u at bundle %u, slot %s (%s 0x%05x)", vliw_cause_name(cause),
                 (unsigned)(info >> 24), (unsigned)pc, slot < 9 ? slots[slot] : "?",
                 cause < VLIW_NTRAPS && vliw_details[cause][0] ? vliw_details[cause] : "detail",
                 (unsigned)(info & 0xfffff));
    return buf;
}

size_t vliw_load_writes(const vliw_iss_params *h, const kc_image *img, const uint32_t *prev_hi, uint32_t *hi,
                        kc_load_write *out, size_t cap)
{
    enum { MAX_TILES = 8 };
    unsigned nt = h->rows * h->cols;
    if (nt > MAX_TILES)
        nt = MAX_TILES;
    /* what each tile's PM must hold: its bundles from the image, nop up to what
     * the previous program wrote */
    for (unsigned k = 0; k < nt; k++)
        hi[k] = 0;
    for (size_t i = 0; i < img->nsegs; i++) {
        const kc_image_seg *s = &img->segs[i];
        uint64_t pm = s->addr / VLIW_BUNDLE_BYTES, sel = pm >> VLIW_PM_SEL_SHIFT;
        uint32_t end = (uint32_t)(pm & ((1u << VLIW_PM_SEL_SHIFT) - 1)) + (uint32_t)(s->size / VLIW_BUNDLE_BYTES);
        for (unsigned k = 0; k < nt; k++)
            if ((sel == 0 || sel == k + 1) && end > hi[k])
                hi[k] = end;
    }
    uint32_t most = 0;
    for (unsigned k = 0; k < nt; k++) {
        if (hi[k] > most)
            most = hi[k];
        if (prev_hi[k] > most)
            most = prev_hi[k];
    }
    size_t n = 0;
    for (uint32_t b = 0; b < most; b++) {
        uint32_t w[MAX_TILES][VLIW_BUNDLE_WORDS];
        int same = 1;
        for (unsigned k = 0; k < nt; k++) {
            vliw_hw_bundle(img, k, b, w[k]);
            same = same && memcmp(w[k], w[0], sizeof w[0]) == 0;
        }
        for (unsigned k = 0; k < nt; k++) {
            uint32_t upto = hi[k] > prev_hi[k] ? hi[k] : prev_hi[k];
            if (!same && b >= upto)
                continue;   /* holds nop already */
            for (unsigned s = 0; s < VLIW_BUNDLE_WORDS; s++, n++)
                if (n < cap)
                    out[n] = (kc_load_write){ (same ? 0u : k + 1) << VLIW_PM_SEL_SHIFT | (b * VLIW_BUNDLE_WORDS + s),
                                              w[k][s] };
            if (same)
                break;      /* select 0: every tile at once */
        }
    }
    return n;
}

void vliw_unit_count(unsigned ntiles, uint32_t issue_valid, uint32_t stall_ev,
                     uint64_t (*cnt)[VLIW_NUNIT_COUNTERS])
{
    for (unsigned k = 0; k < ntiles; k++) {
        cnt[k][0] += issue_valid >> k & 1;
        for (unsigned r = 0; r < 3; r++)   /* lock, DMA wait, bank: the list's order */
            cnt[k][1 + r] += stall_ev >> (3 * k + r) & 1;
    }
}
