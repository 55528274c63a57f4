/* kc_check.h — DRAM image layout, sentinel fill and the sentinel-guarded checker.
 *
 * The evaluator places each tensor of a task instance at an aligned address with
 * guard gaps between them, fills ALL of DRAM outside the inputs with a sentinel
 * pattern (a NaN in both bf16 and fp32, so an output element the kernel never
 * wrote can never pass), runs the kernel, then checks:
 *   - the DRAM model's write map (kc_dram_written): no byte outside the output
 *     and scratch tensors was written, whatever its value (storing an input's own
 *     bytes back, or the sentinel into a gap, fails too);
 *   - second line of defence, for writes that bypass the port: every byte
 *     outside the output and scratch tensors is unchanged (gaps hold the
 *     sentinel, inputs their inputs);
 *   - every output element is within the task's tolerance of the reference.
 * The first offending address is reported with the region it hit.
 */
#ifndef KC_CHECK_H
#define KC_CHECK_H

#include <stddef.h>
#include <stdint.h>

#include "kc_dram.h"
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

/* The same image, written faster when the bytes from sentinel_from on are known
 * to hold the sentinel already (an earlier image whose check passed them, see
 * kc_check_sentinel_from): only [0, max(sentinel_from, l->end)) is rewritten.
 * sentinel_from = size is kc_check_fill. */
void kc_check_refill(const kc_task_inst *inst, const kc_layout *l, uint8_t *dram, size_t size,
                     size_t sentinel_from);

typedef struct kc_mismatch {
    unsigned tensor;          /* ABI index */
    size_t index;             /* flat element index within the tensor */
    double expected, actual;
} kc_mismatch;

/* Where an address outside the outputs lies. */
typedef enum kc_check_region {
    KC_CHECK_IN_INPUT,        /* inside input tensor oob_tensor */
    KC_CHECK_IN_GAP,          /* in the guard gap just before tensor oob_tensor */
    KC_CHECK_BEYOND           /* after the last tensor (oob_tensor) */
} kc_check_region;

typedef struct kc_check_result {
    int correct;              /* no out-of-bounds write and no mismatch */
    int oob;                  /* a byte outside the outputs (and scratch) was written */
    int oob_written;          /* ...seen in the write map (1) or only as a changed byte (0) */
    uint32_t oob_addr;        /* the first such byte */
    kc_check_region oob_region;
    int oob_tensor;           /* the tensor of the region: the input, the one after the
                                 gap, the last one (-1 when the layout has none) */
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

/* Compares the DRAM image after the run with the instance. written is the DRAM
 * model's write map of the run (NULL: not tracked, the sentinels alone decide). */
void kc_check_run(const kc_task_inst *inst, const kc_layout *l, const uint8_t *dram,
                  size_t size, const kc_dram_wmap *written, kc_check_result *res);

/* After kc_check_run: the first byte from which the image is known to still hold
 * the sentinel (l->end when the check found no out-of-bounds byte, so it compared
 * everything past the tensors; size otherwise). kc_check_refill's argument. */
size_t kc_check_sentinel_from(const kc_layout *l, const kc_check_result *r, size_t size);

/* Names the region of the first offending address: "input x", "the guard before
 * x" (the first tensor), "the gap between x and y", "beyond the last tensor y".
 * names are the tensor names in ABI order. Returns buf. */
const char *kc_check_region_text(const kc_check_result *res, const kc_layout *l,
                                 const char *const *names, char *buf, size_t size);

/* True when `actual` is acceptable for `expected` under tol. */
int kc_check_within(const kc_tol *tol, double expected, double actual);

#endif
