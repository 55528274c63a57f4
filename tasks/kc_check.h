/* kc_check.h — DRAM image layout, sentinel fill and the sentinel-guarded checker.
 *
 * The evaluator places each tensor of a task instance at an aligned address with
 * guard gaps between them, fills ALL of DRAM outside the inputs with a sentinel
 * pattern (a NaN in both bf16 and fp32, so an output element the kernel never
 * wrote can never pass), runs the kernel, then checks:
 *   - every byte outside the output regions is unchanged (gaps hold the sentinel,
 *     input regions their inputs); the first changed address is reported;
 *   - every output element is within the task's tolerance of the reference.
 */
#ifndef KC_CHECK_H
#define KC_CHECK_H

#include <stddef.h>
#include <stdint.h>

#include "kc_err.h"
#include "kc_task.h"

#define KC_CHECK_SENTINEL16 0x7FC1u       /* bytes C1 7F repeated: NaN as bf16 and fp32 */
#define KC_CHECK_GUARD 256u               /* bytes of sentinel before every tensor */
#define KC_CHECK_MAX_REPORT 8

typedef struct kc_layout {
    unsigned ntensors;
    uint32_t addr[KC_TASK_MAX_TENSORS];
    uint32_t bytes[KC_TASK_MAX_TENSORS];
    uint32_t end;                         /* first byte after the last tensor */
} kc_layout;

/* Tensor i at align_up(previous end + KC_CHECK_GUARD, align), the first one after
 * a guard of its own. Fails when the image does not fit in dram_size. */
kc_status kc_check_layout(const kc_task_inst *inst, uint32_t dram_size, uint32_t align,
                          kc_layout *out, kc_err *err);

/* Writes the initial image: sentinel everywhere, then the (quantized) inputs. */
void kc_check_fill(const kc_task_inst *inst, const kc_layout *l, uint8_t *dram, size_t size);

typedef struct kc_mismatch {
    unsigned tensor;          /* ABI index */
    size_t index;             /* flat element index within the tensor */
    double expected, actual;
} kc_mismatch;

typedef struct kc_check_result {
    int correct;              /* no out-of-bounds write and no mismatch */
    int oob;                  /* a byte outside the outputs changed */
    uint32_t oob_addr;        /* the first such byte */
    int oob_tensor;           /* input tensor it belongs to, or -1 (a gap) */
    size_t nchecked;          /* output elements compared */
    size_t mismatches;        /* elements outside tolerance (NaN/inf included) */
    size_t nonfinite;         /* outputs that are NaN or inf (e.g. unwritten sentinels) */
    double max_abs;           /* max |actual - expected| over finite outputs */
    double max_rel;           /* max |actual - expected| / |expected| where |expected| > tol.abs
                                 (or > 0 when tol.abs is 0) */
    double worst;             /* max |actual - expected| / (abs + rel * |expected|) over
                                 finite outputs: > 1 fails, the margin of a passing kernel */
    unsigned nreport;
    kc_mismatch first[KC_CHECK_MAX_REPORT];
} kc_check_result;

/* Compares the DRAM image after the run with the instance. */
void kc_check_run(const kc_task_inst *inst, const kc_layout *l, const uint8_t *dram,
                  size_t size, kc_check_result *res);

/* True when `actual` is acceptable for `expected` under tol. */
int kc_check_within(const kc_tol *tol, double expected, double actual);

#endif
