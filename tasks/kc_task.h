/* kc_task.h — platform-agnostic task specifications and their instances.
 *
 * A task is data plus three small functions: the tensors of a configuration
 * (shapes, roles, FLOPs), a seeded input generator and an fp64 reference. The
 * framework does everything else once for every task: it quantizes the inputs to
 * the platform's storage type, runs the reference on the quantized values,
 * counts DRAM bytes and derives ideal cycles. Adding a task (GEMM, attention,
 * ...) means adding one kc_task row and its functions to the registry in
 * kc_task.c; nothing in the framework changes.
 *
 * Tensor order is the kernel ABI: tensor i's DRAM address arrives in argument
 * register i (a0..a15 on the npu), inputs first, then outputs.
 */
#ifndef KC_TASK_H
#define KC_TASK_H

#include <stddef.h>
#include <stdint.h>

#include "kc_dtype.h"
#include "kc_err.h"
#include "kc_rng.h"

#define KC_TASK_NCONFIGS 5
#define KC_TASK_MAX_TENSORS 16
#define KC_TASK_MAX_DIMS 8

/* Element-wise acceptance: |actual - expected| <= abs + rel * |expected|.
 * NaN or inf where the reference is finite always fails. */
typedef struct kc_tol {
    double abs;
    double rel;
} kc_tol;

/* One configuration: a label and up to four dimensions whose meaning the task
 * documents (row-wise tasks: dims[0] = rows M, dims[1] = columns N). */
typedef struct kc_task_config {
    uint32_t dims[KC_TASK_MAX_DIMS];
} kc_task_config;

/* What the kernel may do with a tensor. A scratch tensor is a workspace the
 * task grants (composite tasks: room for intermediates that do not fit on chip):
 * its contents are undefined at entry (sentinels), the kernel may read and write
 * it freely, and the checker ignores it. It is not compulsory traffic, so a
 * kernel that does without it scores better. */
typedef enum kc_role {
    KC_ROLE_INPUT = 0,
    KC_ROLE_OUTPUT = 1,
    KC_ROLE_SCRATCH = 2
} kc_role;

const char *kc_task_role_name(kc_role r);

/* One tensor of an instantiated configuration (row-major, contiguous). */
typedef struct kc_tensor_desc {
    const char *name;     /* "x", "gamma", "y" */
    kc_role role;
    unsigned ndims;
    uint32_t dims[KC_TASK_MAX_DIMS];
    size_t nelem;
} kc_tensor_desc;

/* What a configuration needs: its tensors (ABI order) and its work. */
typedef struct kc_task_shape {
    unsigned ntensors;
    kc_tensor_desc t[KC_TASK_MAX_TENSORS];
    double vec_flops;     /* element-wise / reduction operations (exp, recip count 1) */
    double mac_flops;     /* multiply-accumulates (matrix unit work; 0 for vector tasks) */
} kc_task_shape;

typedef struct kc_task kc_task;

struct kc_task {
    const char *name;         /* "softmax": the identifier on the command line */
    const char *title;        /* "Softmax" */
    int level;                /* 1 primitive, 2 composite, 3 end-to-end */
    const char *family;       /* template family on table platforms ("eltwise", "rownorm") */
    const char *description;  /* author-facing: math, shapes, layout, ABI */
    const char *dim_names[KC_TASK_MAX_DIMS]; /* "M", "N" (NULL after the last) */
    kc_task_config configs[KC_TASK_NCONFIGS];
    double eps;               /* numerical epsilon of the task, 0 when none */
    kc_tol tol[KC_DTYPE_COUNT];

    void (*shape)(const kc_task *t, const kc_task_config *c, kc_task_shape *out);
    /* Fills the inputs (ABI order, values before quantization). */
    void (*generate)(const kc_task *t, const kc_task_config *c, kc_rng *rng, double *const *in);
    /* fp64 reference from the quantized inputs into the outputs (scratch
     * tensors are in neither list). */
    void (*reference)(const kc_task *t, const kc_task_config *c, const double *const *in,
                      double *const *out);
};

/* Registry. */
const kc_task *kc_task_find(const char *name);
const kc_task *const *kc_task_all(void);     /* NULL-terminated */

/* Config 1..5, or an error naming the valid range. */
kc_status kc_task_config_get(const kc_task *t, int config, const kc_task_config **out, kc_err *err);

/* An instantiated (task, config, dtype, seed): quantized inputs and the reference
 * outputs, in ABI order (data[i] holds shape.t[i].nelem values). */
typedef struct kc_task_inst {
    const kc_task *task;
    int config;
    kc_dtype dtype;
    uint64_t seed;
    kc_task_shape shape;
    double *data[KC_TASK_MAX_TENSORS];
    double dram_bytes;        /* compulsory traffic: every input and output once, at dtype */
} kc_task_inst;

kc_status kc_task_inst_make(kc_task_inst *inst, const kc_task *t, int config, kc_dtype dtype,
                            uint64_t seed, kc_err *err);
void kc_task_inst_free(kc_task_inst *inst);

/* Compulsory DRAM traffic of a shape: every input and output once, at dtype. */
double kc_task_dram_bytes(const kc_task_shape *s, kc_dtype dtype);

/* Roofline ideal cycles: max(vec_flops / vec_peak, mac_flops / mac_peak,
 * dram_bytes / dram_bw); a zero peak leaves its term out. */
double kc_task_ideal_cycles(const kc_task_shape *s, double dram_bytes, double vec_peak,
                            double mac_peak, double dram_bw);

/* Helpers for tasks on row-major 2-D data (used by several task files). */
void kc_task_shape_2d(kc_task_shape *s, const char *name, kc_role role, uint32_t rows,
                      uint32_t cols);
void kc_task_shape_1d(kc_task_shape *s, const char *name, kc_role role, uint32_t n);
/* A tensor of 1..KC_TASK_MAX_DIMS dimensions (dims[0] outermost). */
void kc_task_shape_nd(kc_task_shape *s, const char *name, kc_role role, unsigned ndims,
                      const uint32_t *dims);

#endif
