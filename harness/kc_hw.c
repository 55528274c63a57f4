/* kc_hw.c — lookups in a hardware parameter table (kc_hw.h). */
#include "kc_hw.h"

#include <string.h>

const kc_hw_param *kc_hw_find(const kc_hw *hw, const char *name)
{
    for (size_t i = 0; hw && name && i < hw->n; i++)
        if (!strcmp(hw->p[i].name, name))
            return &hw->p[i];
    return NULL;
}

long kc_hw_get(const kc_hw *hw, const char *name, long dflt)
{
    const kc_hw_param *p = kc_hw_find(hw, name);
    return p ? p->value : dflt;
}

unsigned kc_hw_size(const kc_hw *hw, const kc_hw *defaults, const char *name)
{
    long d = kc_hw_get(defaults, name, 0);
    long v = hw ? kc_hw_get(hw, name, d) : d;
    return v < 0 ? 0u : (unsigned)v;
}
