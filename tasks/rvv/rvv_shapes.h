/* rvv_shapes.h — the shape macros of the rvv baselines (tasks/rvv/<task>.c).
 *
 * A baseline is plain C whose sizes are preprocessor macros; the platform
 * prepends their #define text for the (task, config) being compiled. The names
 * are derived mechanically from the task row: one macro per entry of
 * kc_task.dim_names, "KC_" + the name in upper case (M -> KC_M, Sq -> KC_SQ,
 * stride -> KC_STRIDE, Hkv -> KC_HKV), its value the config's dimension. The
 * prefix keeps them clear of the kernels' own identifiers (conv's W dimension
 * vs a weight tensor W). tasks/rvv/README.md lists them per task.
 */
#ifndef RVV_SHAPES_H
#define RVV_SHAPES_H

#include <stddef.h>

#include "kc_err.h"
#include "kc_task.h"

/* Longest name rvv_shapes_macro writes, NUL included. */
#define RVV_SHAPES_NAME_MAX 32

/* The macro name of dimension `dim` of t ("KC_M") into name[RVV_SHAPES_NAME_MAX];
 * KC_ERR_RANGE when t has no such dimension or its name is not an identifier. */
kc_status rvv_shapes_macro(const kc_task *t, unsigned dim, char *name, kc_err *err);

/* The #define lines of t at config (1..5), one per dimension ("#define KC_M 8\n"
 * ...), NUL-terminated in buf; KC_ERR_RANGE when the text does not fit,
 * KC_ERR_USAGE for a config that does not exist. */
kc_status rvv_shapes_defines(const kc_task *t, int config, char *buf, size_t size,
                             kc_err *err);

#endif
