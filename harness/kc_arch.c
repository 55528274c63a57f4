/* kc_arch.c — naming and printing architectural state elements (kc_arch.h). */
#include "kc_arch.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

const char *kc_arch_elem_name(const kc_arch_file *f, uint32_t idx, char *buf, size_t size)
{
    if (f->elem_names && idx < f->count && f->elem_names[idx])
        snprintf(buf, size, "%s %s", f->name, f->elem_names[idx]);
    else if (f->flags & KC_ARCH_MEMORY)
        snprintf(buf, size, "%s row %" PRIu32, f->name, idx);
    else if (f->count == 1)
        snprintf(buf, size, "%s", f->name);
    else
        snprintf(buf, size, "%s%" PRIu32, f->name, idx);
    return buf;
}

static uint32_t le(const uint8_t *p, unsigned n)
{
    uint32_t v = 0;
    for (unsigned i = 0; i < n; i++)
        v |= (uint32_t)p[i] << (8 * i);
    return v;
}

const char *kc_arch_value(const kc_arch_file *f, const void *elem, int lane, char *buf, size_t size)
{
    const uint8_t *p = elem;
    unsigned lb;
    switch (f->fmt) {
    case KC_ARCH_BF16_LANES: case KC_ARCH_I16_LANES: lb = 2; break;
    case KC_ARCH_FP32_LANES: case KC_ARCH_I32_LANES: lb = 4; break;
    case KC_ARCH_I8_LANES: case KC_ARCH_BYTES: lb = 1; break;
    default: lb = f->bytes < 4 ? f->bytes : 4; lane = 0; break;
    }
    if (lane < 0) {   /* the whole element: its first 8 lanes, enough to recognise it */
        size_t o = 0;
        unsigned n = f->bytes / lb;
        for (unsigned i = 0; i < n && i < 8 && o + 12 < size; i++)
            o += (size_t)snprintf(buf + o, size - o, "%s0x%0*" PRIx32, i ? " " : "", (int)(2 * lb),
                                  le(p + (size_t)i * lb, lb));
        if (n > 8 && o + 5 < size)
            snprintf(buf + o, size - o, " ...");
        return buf;
    }
    snprintf(buf, size, "0x%0*" PRIx32, (int)(2 * lb), le(p + (size_t)lane * lb, lb));
    return buf;
}
