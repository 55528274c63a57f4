/* npu_platform.c — the npu's platform row (npu_platform.h). */
#include "npu_platform.h"

#include <stdio.h>

#include "kc_asm.h"
#include "kc_isa.h"
#include "kc_isagen.h"
#include "npu_hw.h"
#include "npu/npu_tmpl.h"
#include "npu_iss.h"
#include "npu_rgen.h"

/* Every size from the build's own parameters: the peaks a roofline divides by
 * are the lanes and the MACs the RTL was built with, never typed-in numbers. */
static kc_status npu_platform_peaks(const kc_hw *hw, kc_platform_peaks *out, kc_err *err)
{
    npu_hw h;
    kc_status s = npu_hw_from(hw, &h, err);
    if (s != KC_OK)
        return s;
    out->vec_peak = h.vlen;                        /* one vector instruction per cycle */
    out->mac_peak = (double)h.mlen * h.vlen;       /* the MLEN x VLEN systolic array */
    out->nargs = h.naregs;                         /* a0.. hold the tensor addresses */
    out->max_insns = h.imem_words;
    return KC_OK;
}

static kc_status npu_platform_build(const kc_platform *p, const kc_hw *hw, const char *src,
                                    const char *filename, kc_image *out, kc_err *err)
{
    (void)hw;   /* the encoding does not depend on the sizes; the model checks the program fits */
    const kc_isa *isa;
    kc_status s = kc_isa_load(p->family->name, &isa, err);
    if (s != KC_OK)
        return s;
    kc_program prog;
    if ((s = kc_asm_assemble(isa, src, filename, &prog, err)) != KC_OK)
        return s;
    s = kc_image_from_words(out, prog.words, prog.nwords, prog.line, err);
    kc_program_free(&prog);
    return s;
}

static kc_status npu_platform_doc(const kc_platform *p, const kc_hw *hw, char **text, kc_err *err)
{
    const kc_isa *isa;
    kc_status s = kc_isa_load(p->family->name, &isa, err);
    if (s != KC_OK)
        return s;
    return kc_isagen_doc(isa, hw, text, err);
}

static int npu_platform_disasm(const kc_platform *p, const kc_image *img, uint64_t pc, char *buf,
                               size_t size)
{
    const kc_isa *isa = kc_isa_find(p->family->name);
    uint32_t word;
    if (!isa || !kc_image_word(img, pc, &word))
        return 0;
    kc_asm_disasm_word(isa, word, (uint32_t)pc, buf, size);
    return 1;
}

/* Tensor addresses arrive in the DRAM address registers a0.. (peaks: nargs). */
static void npu_platform_arg_where(const kc_hw *hw, unsigned i, char *buf, size_t size)
{
    (void)hw;
    snprintf(buf, size, "a%u", i);
}

const kc_platform_family npu_platform_family = {
    .name = "npu",
    .dtype = KC_DTYPE_BF16,
    .align = 256,
    .peaks = npu_platform_peaks,
    .build = npu_platform_build,
    .baseline = npu_tmpl_emit,
    .doc = npu_platform_doc,
    .disasm = npu_platform_disasm,
    .ref = &npu_iss_ref,
    .rgen = &npu_rgen_ops,
    .arg_where = npu_platform_arg_where,
};
