/* kc_platform.c — the platforms: the builds of the accelerator registry, each
 * with the row of its family (kc_platform.h). The only list typed in here is
 * the families; the platforms follow from what was built. */
#include "kc_platform.h"

#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "kc_dram.h"
#include "npu/npu_platform.h"
#include "rvv/rvv_platform.h"
#include "vliw/vliw_platform.h"

static const kc_platform_family *const families[] = { &npu_platform_family, &rvv_platform_family,
                                                            &vliw_platform_family, NULL };

#define KC_PLATFORM_MAX 16

static struct {
    kc_platform rows[KC_PLATFORM_MAX];
    const kc_platform *all[KC_PLATFORM_MAX + 1];
    char problem[256];
} table;

static pthread_once_t table_once = PTHREAD_ONCE_INIT;

static const kc_platform_family *family_of(const char *name)
{
    for (const kc_platform_family *const *f = families; *f; f++)
        if (name && strcmp((*f)->name, name) == 0)
            return *f;
    return NULL;
}

/* First problem wins; later ones are counted out of the message. */
static void note(const char *what, const char *acc, const char *why)
{
    if (!table.problem[0])
        snprintf(table.problem, sizeof table.problem, "platform %.64s: %.40s%.140s", acc, what, why);
}

/* A model without a parameter table (hw NULL) is its own family at the
 * family's default sizes. */
static void table_build(void)
{
    size_t n = 0;
    for (const kc_acc_ops *const *a = kc_acc_all(); *a && n < KC_PLATFORM_MAX; a++) {
        const kc_acc_ops *ops = *a;
        const char *fam = ops->hw && ops->hw->family ? ops->hw->family : ops->name;
        const kc_platform_family *f = family_of(fam);
        if (!f) {
            note("no platform family ", ops->name, fam);
            continue;
        }
        kc_platform_peaks pk;
        kc_err err;
        kc_err_clear(&err);
        if (f->peaks(ops->hw, &pk, &err) != KC_OK) {
            note("", ops->name, err.text);
            continue;
        }
        kc_platform *p = &table.rows[n];
        *p = (kc_platform){
            .name = ops->name,
            .acc = ops->name,
            .model = ops,
            .hw = ops->hw,
            .family = f,
            .variant = strcmp(ops->name, f->name) != 0,
            .dtype = f->dtype,
            .align = f->align,
            .dram_base = f->dram_base,
            .ref = f->ref,
            .vec_peak = pk.vec_peak,
            .mac_peak = pk.mac_peak,
            .dram_bw = KC_DRAM_DEFAULT_BW,
            .nargs = pk.nargs,
            .max_insns = pk.max_insns,
            .build = f->build,
            .baseline = f->baseline,
            .baseline_source = f->baseline_source,
            .doc = f->doc,
            .disasm = f->disasm,
        };
        table.all[n++] = p;
    }
    table.all[n] = NULL;
}

const kc_platform *const *kc_platform_all(void)
{
    pthread_once(&table_once, table_build);
    return table.all;
}

const char *kc_platform_problem(void)
{
    pthread_once(&table_once, table_build);
    return table.problem;
}

const kc_platform *kc_platform_find(const char *name)
{
    if (!name)
        return NULL;
    for (const kc_platform *const *p = kc_platform_all(); *p; p++)
        if (strcmp((*p)->name, name) == 0)
            return *p;
    return NULL;
}

const kc_platform *kc_platform_default(void)
{
    for (const kc_platform *const *p = kc_platform_all(); *p; p++)
        if (!(*p)->variant)
            return *p;
    return NULL;
}

kc_status kc_platform_build(const kc_platform *p, const char *src, const char *filename, kc_image *out,
                            kc_err *err)
{
    kc_image_init(out, 0, 0);   /* empty on failure: the caller frees either way */
    return p->build(p, p->hw, src, filename, out, err);
}

kc_status kc_platform_baseline(const kc_platform *p, const kc_task *t, int config, char **text,
                               kc_err *err)
{
    return p->baseline(t, config, p->hw, text, err);
}

void kc_platform_arg_where(const kc_platform *p, unsigned i, char *buf, size_t size)
{
    p->family->arg_where(p->hw, i, buf, size);
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
