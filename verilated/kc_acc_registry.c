/* kc_acc_registry.c — every accelerator model linked into this build, by name
 * (kc_acc.h). The list is generated: each kc_add_accelerator() call in
 * verilated/CMakeLists.txt adds one KC_ACC(name) row to kc_acc_list.h, whose
 * table symbol <name>_acc_ops the build's shim defines. No C edit per build. */
#include "kc_acc.h"

#include <string.h>

#define KC_ACC(name) extern const kc_acc_ops name##_acc_ops;
#include "kc_acc_list.h"
#undef KC_ACC

static const kc_acc_ops *const kc_acc_registry[] = {
#define KC_ACC(name) &name##_acc_ops,
#include "kc_acc_list.h"
#undef KC_ACC
    NULL,
};

const kc_acc_ops *kc_acc_find(const char *name)
{
    for (const kc_acc_ops *const *p = kc_acc_registry; name && *p; p++)
        if (strcmp((*p)->name, name) == 0)
            return *p;
    return NULL;
}

const kc_acc_ops *const *kc_acc_all(void)
{
    return kc_acc_registry;
}
