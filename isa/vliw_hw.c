/* vliw_hw.c — the vliw's sizes, argument words and image layout (vliw_hw.h). */
#include "vliw_hw.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kc_asm.h"

_Static_assert(VLIW_NARGS == VLIW_ISS_MAX_ARGS && VLIW_NARGS_REG == VLIW_ISS_NARGS_REG &&
               VLIW_BUNDLE_WORDS == VLIW_ISS_SLOTS, "vliw_hw.h and vliw_iss.h disagree");

static const kc_hw_param vliw_hw_rows[] = {
#define VLIW_PARAM(name, value, desc) { #name, value, desc },
#include "vliw.def"
#undef VLIW_PARAM
};

static const kc_hw vliw_hw_table = { "vliw", "vliw", sizeof vliw_hw_rows / sizeof vliw_hw_rows[0], vliw_hw_rows };

const kc_hw *vliw_hw_default_table(void)
{
    return &vliw_hw_table;
}

kc_status vliw_hw_from(const kc_hw *hw, vliw_iss_params *out, kc_err *err)
{
    if (kc_hw_get(hw ? hw : &vliw_hw_table, "NSLOTS", VLIW_BUNDLE_WORDS) != VLIW_BUNDLE_WORDS)
        return kc_err_set(err, KC_ERR_RANGE, "%s: NSLOTS is not %u", hw && hw->acc ? hw->acc : "vliw",
                          VLIW_BUNDLE_WORDS);
    return vliw_iss_params_from(hw ? hw : &vliw_hw_table, out, err);
}

uint32_t vliw_hw_xarg_addr(const vliw_iss_params *p, unsigned i)
{
    return p->dm_bytes - 4u * (VLIW_NARGS - VLIW_NARGS_REG) + 4u * (i - VLIW_NARGS_REG);
}

/* The words of PM address `addr` (in bundles) in img, or NULL. */
static const uint8_t *bundle_at(const kc_image *img, uint64_t addr)
{
    uint64_t byte = addr * VLIW_BUNDLE_BYTES;
    for (size_t i = 0; i < img->nsegs; i++) {
        const kc_image_seg *s = &img->segs[i];
        if (s->exec && byte >= s->addr && byte + VLIW_BUNDLE_BYTES <= s->addr + s->size)
            return s->data + (byte - s->addr);
    }
    return NULL;
}

int vliw_hw_bundle(const kc_image *img, unsigned tile, uint32_t pc, uint32_t w[VLIW_BUNDLE_WORDS])
{
    const uint8_t *b = bundle_at(img, (uint64_t)(tile + 1) << VLIW_PM_SEL_SHIFT | pc);
    if (!b)
        b = bundle_at(img, pc);
    if (!b) {
        memset(w, 0, VLIW_BUNDLE_BYTES);
        return 0;
    }
    memcpy(w, b, VLIW_BUNDLE_BYTES);   /* little-endian host: the image's words as they are */
    return 1;
}

int vliw_hw_tile_has_own(const kc_image *img, unsigned tile)
{
    for (size_t i = 0; i < img->nsegs; i++)
        if (img->segs[i].addr / VLIW_BUNDLE_BYTES >> VLIW_PM_SEL_SHIFT == (uint64_t)tile + 1)
            return 1;
    return 0;
}

uint64_t vliw_hw_image_pc(const kc_image *img, unsigned tile, uint32_t pc)
{
    return (vliw_hw_tile_has_own(img, tile) ? (uint64_t)(tile + 1) << VLIW_PM_SEL_SHIFT : 0) | pc;
}

kc_status vliw_hw_image(const kc_program *prog, kc_image *out, kc_err *err)
{
    kc_image_init(out, VLIW_BUNDLE_BYTES, VLIW_BUNDLE_BYTES);
    kc_program_seg one = { 0, 0, prog->nwords };
    const kc_program_seg *segs = prog->nsegs ? prog->segs : &one;
    size_t nsegs = prog->nsegs ? prog->nsegs : 1;
    kc_status s = KC_OK;
    for (size_t i = 0; s == KC_OK && i < nsegs; i++)
        if (segs[i].nwords)
            s = kc_image_add(out, (uint64_t)segs[i].addr * VLIW_BUNDLE_BYTES, prog->words + segs[i].first,
                             segs[i].nwords * 4, 1, err);
    if (s != KC_OK || !prog->line)
        return s;
    /* Each program (the SPMD one, every tile's own) keeps its source lines: a bundle's
     * line is that of its first word that has one. */
    for (size_t i = 0, k = 0; s == KC_OK && i < nsegs; i++) {
        if (!segs[i].nwords)
            continue;   /* kc_image_add above made image segment k of each non-empty one */
        size_t seg = k++, n = segs[i].nwords / VLIW_BUNDLE_WORDS;
        if (!n)
            continue;
        int *lines = calloc(n, sizeof *lines);
        if (!lines)
            return kc_err_set(err, KC_ERR_NOMEM, "out of memory");
        for (size_t b = 0; b < n; b++)
            for (unsigned w = 0; w < VLIW_BUNDLE_WORDS && !lines[b]; w++)
                lines[b] = prog->line[segs[i].first + b * VLIW_BUNDLE_WORDS + w];
        s = kc_image_set_seg_lines(out, seg, lines, err);
        free(lines);
    }
    return s;
}

kc_status vliw_hw_check_image(const vliw_iss_params *p, const kc_image *img, const char *who, kc_err *err)
{
    unsigned ntiles = p->rows * p->cols;
    if (img->entry != 0)
        return kc_err_set(err, KC_ERR_RANGE, "%s: entry %llu (every tile starts at bundle 0)", who,
                          (unsigned long long)img->entry);
    for (size_t i = 0; i < img->nsegs; i++) {
        const kc_image_seg *s = &img->segs[i];
        uint64_t pm = s->addr / VLIW_BUNDLE_BYTES, sel = pm >> VLIW_PM_SEL_SHIFT;
        uint64_t b = pm & ((1u << VLIW_PM_SEL_SHIFT) - 1), n = s->size / VLIW_BUNDLE_BYTES;
        if (!s->exec)
            return kc_err_set(err, KC_ERR_RANGE, "%s: data segment at 0x%llx: DM is set by DMA and stores only",
                              who, (unsigned long long)s->addr);
        if (s->addr % VLIW_BUNDLE_BYTES || s->size % VLIW_BUNDLE_BYTES)
            return kc_err_set(err, KC_ERR_RANGE, "%s: segment at 0x%llx (%zu bytes) is not whole bundles of %u bytes",
                              who, (unsigned long long)s->addr, s->size, VLIW_BUNDLE_BYTES);
        if (sel > ntiles)
            return kc_err_set(err, KC_ERR_RANGE, "%s: a program for tile %llu, the build has %u tiles", who,
                              (unsigned long long)(sel - 1), ntiles);
        if (b + n > p->pm_bundles)
            return kc_err_set(err, KC_ERR_RANGE, "%s: program of %llu bundles does not fit the %u-bundle PM", who,
                              (unsigned long long)(b + n), p->pm_bundles);
    }
    return KC_OK;
}

const char *vliw_hw_bundle_text(const kc_isa *isa, const uint32_t w[VLIW_BUNDLE_WORDS], uint32_t pc, char *buf,
                                size_t size)
{
    size_t at = 0;
    if (size)
        buf[0] = 0;
    for (unsigned s = 0; s < VLIW_BUNDLE_WORDS && at < size; s++) {
        if (!w[s])
            continue;
        char one[96];
        kc_asm_disasm_word(isa, w[s], pc, one, sizeof one);
        int k = snprintf(buf + at, size - at, "%s%s", at ? " ; " : "", one);
        at += k > 0 ? (size_t)k : 0;
    }
    if (size && !buf[0])
        snprintf(buf, size, "nop");
    return buf;
}
