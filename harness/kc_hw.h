/* kc_hw.h — the hardware parameters of one accelerator build, as name/value rows.
 *
 * One source of truth for every size: the Verilog parameters a model was built
 * with. The Verilated shim fills its table from the model itself (kc_acc_ops.hw),
 * so a second-size build (verilated/CMakeLists.txt, kc_add_accelerator PARAMS)
 * needs no C edit: the platform's peaks, its ISS, its template compiler and its
 * generated documents all read the sizes from here. The defaults of a table ISA
 * (isa/<acc>.def PARAM rows) are the values the RTL's parameters default to via
 * the generated Verilog header; a model built at other values reports those.
 */
#ifndef KC_HW_H
#define KC_HW_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct kc_hw_param {
    const char *name;     /* the Verilog parameter's name: "VLEN" */
    long value;
    const char *desc;     /* one line for documents ("vector lanes ..."), may be NULL */
} kc_hw_param;

typedef struct kc_hw {
    const char *acc;      /* the accelerator build: "npu", "npu_wide" */
    const char *family;   /* its design (the platform row that drives it): "npu" */
    size_t n;
    const kc_hw_param *p;
} kc_hw;

/* The value of parameter `name`, or `dflt` when the build has no such parameter. */
long kc_hw_get(const kc_hw *hw, const char *name, long dflt);

/* A size for a platform's typed view (npu_hw, rvv_hw): `name` of the build `hw`
 * (NULL: none), else of the family's default table `defaults`, else 0; a negative
 * value reads 0. */
unsigned kc_hw_size(const kc_hw *hw, const kc_hw *defaults, const char *name);

/* The row of `name`, or NULL. */
const kc_hw_param *kc_hw_find(const kc_hw *hw, const char *name);

#ifdef __cplusplus
}
#endif

#endif
