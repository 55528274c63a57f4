/* vliw_platform.c — the vliw's platform row (vliw_platform.h). */
#include "vliw_platform.h"

#include <stdio.h>
#include <stdlib.h>

#include "kc_asm.h"
#include "kc_isa.h"
#include "kc_isagen.h"
#include "vliw/vliw_tmpl.h"
#include "vliw_hw.h"
#include "vliw_iss.h"
#include "vliw_rgen.h"

/* Every size from the build's parameters. Per tile and cycle: one VEC-slot
 * instruction on VLANES lanes, and a vmmac (4x4x4 = 64 bf16 MACs); all tiles
 * work at once. */
static kc_status vliw_platform_peaks(const kc_hw *hw, kc_platform_peaks *out, kc_err *err)
{
    vliw_iss_params p;
    kc_status s = vliw_hw_from(hw, &p, err);
    if (s != KC_OK)
        return s;
    const kc_hw *h = hw ? hw : vliw_hw_default_table();
    double tiles = (double)p.rows * p.cols, lanes = (double)kc_hw_get(h, "VLANES", 16);
    out->vec_peak = lanes * tiles;
    out->mac_peak = lanes * 4 * tiles;   /* vmmac: a 4x4 block += 4x4 x 4x4, i.e. VLANES x 4 MACs */
    out->nargs = VLIW_NARGS;             /* r1..r8, then DM words (vliw_hw_xarg_addr) */
    out->max_insns = p.pm_bundles;
    return KC_OK;
}

static kc_status vliw_platform_build(const kc_platform *p, const kc_hw *hw, const char *src, const char *filename,
                                     kc_image *out, kc_err *err)
{
    const kc_isa *isa;
    vliw_iss_params sizes;
    kc_status s = vliw_hw_from(hw, &sizes, err);
    if (s == KC_OK)
        s = kc_isa_load(p->family->name, &isa, err);
    if (s != KC_OK)
        return s;
    kc_program prog;
    if ((s = kc_asm_assemble(isa, src, filename, &prog, err)) != KC_OK)
        return s;
    kc_image_free(out);
    s = vliw_hw_image(&prog, out, err);
    kc_program_free(&prog);
    if (s == KC_OK)
        s = vliw_hw_check_image(&sizes, out, filename && filename[0] ? filename : "kernel", err);
    return s;
}

static kc_status vliw_platform_doc(const kc_platform *p, const kc_hw *hw, char **text, kc_err *err)
{
    const kc_isa *isa;
    kc_status s = kc_isa_load(p->family->name, &isa, err);
    if (s != KC_OK)
        return s;
    return kc_isagen_doc(isa, hw, text, err);
}

/* pc: a bundle index of the SPMD program, or a PM address (tile + 1) << 24 | b
 * of a tile's own program. */
static int vliw_platform_disasm(const kc_platform *p, const kc_image *img, uint64_t pc, char *buf, size_t size)
{
    const kc_isa *isa = kc_isa_find(p->family->name);
    unsigned sel = (unsigned)(pc >> VLIW_PM_SEL_SHIFT);
    uint32_t b = (uint32_t)(pc & ((1u << VLIW_PM_SEL_SHIFT) - 1)), w[VLIW_BUNDLE_WORDS];
    if (!isa || !vliw_hw_bundle(img, sel ? sel - 1 : 0, b, w))
        return 0;
    vliw_hw_bundle_text(isa, w, b, buf, size);
    return 1;
}

static uint64_t vliw_platform_unit_pc(const kc_image *img, unsigned unit, uint64_t pc)
{
    return vliw_hw_image_pc(img, unit, (uint32_t)pc);
}

/* Tensor addresses: r1..r8, then words in every tile's DM (window 0). */
static void vliw_platform_arg_where(const kc_hw *hw, unsigned i, char *buf, size_t size)
{
    vliw_iss_params p;
    if (i < VLIW_NARGS_REG || vliw_hw_from(hw, &p, NULL) != KC_OK)
        snprintf(buf, size, "r%u", i + 1);
    else
        snprintf(buf, size, "DM 0x%05x", (unsigned)vliw_hw_xarg_addr(&p, i));
}

const kc_platform_family vliw_platform_family = {
    .name = "vliw",
    .dtype = KC_DTYPE_BF16,
    .align = 64,
    .dram_base = 0,
    .peaks = vliw_platform_peaks,
    .build = vliw_platform_build,
    .baseline = vliw_tmpl_emit,
    .doc = vliw_platform_doc,
    .disasm = vliw_platform_disasm,
    .ref = &vliw_iss_ref,
    .rgen = &vliw_rgen_ops,
    .arg_where = vliw_platform_arg_where,
    .unit_pc = vliw_platform_unit_pc,
};
