/* fuzz_registry.c — the accelerator registry of the fuzz tree, which builds no
 * Verilated model: each family's default build, described by its parameter
 * table only (no functions), so the platform table (tasks/kc_platform.c) and
 * what reads records against it (kc_bench) behave as in the main build. */
#include <string.h>

#include "kc_acc.h"
#include "npu_hw.h"

static kc_acc_ops npu_params_only;

const kc_acc_ops *const *kc_acc_all(void)
{
    static const kc_acc_ops *all[2];
    if (!all[0]) {
        npu_params_only.hw = npu_hw_default_table();
        npu_params_only.name = npu_params_only.hw->acc;
        all[0] = &npu_params_only;
    }
    return all;
}

const kc_acc_ops *kc_acc_find(const char *name)
{
    for (const kc_acc_ops *const *a = kc_acc_all(); *a; a++)
        if (name && !strcmp((*a)->name, name))
            return *a;
    return NULL;
}
