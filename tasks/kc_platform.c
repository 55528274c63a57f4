/* kc_platform.c — the platform table. */
#include "kc_platform.h"

#include <string.h>

#include "kc_dram.h"
#include "kc_isa.h"
#include "npu/npu_tmpl.h"

static kc_status npu_assemble(const char *src, const char *filename, kc_program *out, kc_err *err)
{
    const kc_isa *isa;
    kc_status s = kc_isa_load("npu", &isa, err);
    if (s != KC_OK)
        return s;
    return kc_asm_assemble(isa, src, filename, out, err);
}

/* The baseline at the default sizes (the platform row passes its model's kc_hw). */
static kc_status npu_baseline(const kc_task *t, int config, char **text, kc_err *err)
{
    return npu_tmpl_emit(t, config, npu_hw_default_table(), text, err);
}

static const kc_platform npu = {
    .name = "npu",
    .acc = "npu",
    .dtype = KC_DTYPE_BF16,
    .vec_peak = 16,                 /* VLEN lanes, one vector instruction per cycle */
    .mac_peak = 64,                 /* MLEN x VLEN = 4 x 16 bf16 MACs per cycle */
    .dram_bw = KC_DRAM_DEFAULT_BW,
    .nargs = 16,
    .align = 256,
    .assemble = npu_assemble,
    .baseline = npu_baseline,
};

static const kc_platform *const platforms[] = { &npu, NULL };

const kc_platform *const *kc_platform_all(void)
{
    return platforms;
}

const kc_platform *kc_platform_find(const char *name)
{
    if (!name)
        return NULL;
    for (const kc_platform *const *p = platforms; *p; p++)
        if (strcmp((*p)->name, name) == 0)
            return *p;
    return NULL;
}

double kc_platform_ideal_cycles(const kc_platform *p, const kc_task_inst *inst)
{
    return kc_task_ideal_cycles(&inst->shape, inst->dram_bytes, p->vec_peak, p->mac_peak,
                                p->dram_bw);
}

kc_status kc_platform_ideal_of(const kc_platform *p, const kc_task *t, int config, double *ideal, kc_err *err)
{
    const kc_task_config *c = NULL;
    kc_status s = kc_task_config_get(t, config, &c, err);
    if (s != KC_OK)
        return s;
    kc_task_shape shape;
    memset(&shape, 0, sizeof shape);
    t->shape(t, c, &shape);
    *ideal = kc_task_ideal_cycles(&shape, kc_task_dram_bytes(&shape, p->dtype), p->vec_peak, p->mac_peak,
                                  p->dram_bw);
    return KC_OK;
}
