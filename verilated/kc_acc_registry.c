/* kc_acc_registry.c — every accelerator model linked into this build, by name
 * (kc_acc.h). Adding an accelerator = one header include and one list entry. */
#include "kc_acc.h"

#include <string.h>

#include "npu.h"

static const kc_acc_ops *const kc_acc_registry[] = {
    &npu_acc_ops,
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
