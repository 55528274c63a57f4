/* rvv_shapes.c — the shape macros of the rvv baselines (see rvv_shapes.h). */
#include "rvv_shapes.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

kc_status rvv_shapes_macro(const kc_task *t, unsigned dim, char *name, kc_err *err)
{
    const char *d = dim < KC_TASK_MAX_DIMS ? t->dim_names[dim] : NULL;
    if (!d || !*d)
        return kc_err_set(err, KC_ERR_RANGE, "task %s has no dimension %u", t->name, dim);
    size_t n = strlen(d);
    if (n + 4 > RVV_SHAPES_NAME_MAX)
        return kc_err_set(err, KC_ERR_RANGE, "task %s: dimension name '%s' is too long",
                          t->name, d);
    memcpy(name, "KC_", 3);
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)d[i];
        if (!isalnum(c) && c != '_')
            return kc_err_set(err, KC_ERR_RANGE,
                              "task %s: dimension name '%s' is not a C identifier", t->name, d);
        name[3 + i] = (char)toupper(c);
    }
    name[3 + n] = '\0';
    return KC_OK;
}

kc_status rvv_shapes_defines(const kc_task *t, int config, char *buf, size_t size,
                             kc_err *err)
{
    const kc_task_config *c = NULL;
    kc_status s = kc_task_config_get(t, config, &c, err);
    if (s != KC_OK)
        return s;
    size_t at = 0;
    if (size)
        buf[0] = '\0';
    for (unsigned i = 0; i < KC_TASK_MAX_DIMS && t->dim_names[i]; i++) {
        char name[RVV_SHAPES_NAME_MAX];
        s = rvv_shapes_macro(t, i, name, err);
        if (s != KC_OK)
            return s;
        int n = snprintf(buf + at, size - at, "#define %s %u\n", name, c->dims[i]);
        if (n < 0 || (size_t)n >= size - at)
            return kc_err_set(err, KC_ERR_RANGE,
                              "task %s config %d: the shape macros need more than %zu bytes",
                              t->name, config, size);
        at += (size_t)n;
    }
    return KC_OK;
}
