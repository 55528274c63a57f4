/* kc_task.c — the task framework: registry, instantiation (generate -> quantize
 * -> fp64 reference) and the roofline. Storage types are kc_dtype.c, the
 * random numbers kc_rng.c. */
#include "kc_task.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "kc_task_attn.h"
#include "kc_task_block.h"
#include "kc_task_conv.h"
#include "kc_task_eltwise.h"
#include "kc_task_matmul.h"
#include "kc_task_rope.h"
#include "kc_task_rownorm.h"

/* The registry: later issues append rows here (GEMM, attention, ...). */
static const kc_task *const registry[] = {
    &kc_task_eltwise_relu,
    &kc_task_eltwise_silu,
    &kc_task_eltwise_gelu,
    &kc_task_rownorm_softmax,
    &kc_task_rownorm_layernorm,
    &kc_task_rownorm_rmsnorm,
    &kc_task_matmul_gemv,
    &kc_task_matmul_gemm,
    &kc_task_matmul_bmm,
    &kc_task_matmul_linear,
    &kc_task_matmul_swiglu,
    &kc_task_rope,
    &kc_task_attn_sdpa,
    &kc_task_attn_flash,
    &kc_task_attn_mha,
    &kc_task_attn_gqa,
    &kc_task_attn_mqa,
    &kc_task_block_ffn,
    &kc_task_block_llama,
    &kc_task_block_t5,
    &kc_task_conv_conv2d,
    &kc_task_conv_dwconv,
    &kc_task_conv_convblock,
    NULL,
};

const kc_task *const *kc_task_all(void)
{
    return registry;
}

const kc_task *kc_task_find(const char *name)
{
    if (!name)
        return NULL;
    for (const kc_task *const *t = registry; *t; t++)
        if (strcmp((*t)->name, name) == 0)
            return *t;
    return NULL;
}

kc_status kc_task_config_get(const kc_task *t, int config, const kc_task_config **out, kc_err *err)
{
    if (config < 1 || config > KC_TASK_NCONFIGS)
        return kc_err_set(err, KC_ERR_USAGE, "task %s: config %d does not exist (use 1..%d)",
                          t->name, config, KC_TASK_NCONFIGS);
    *out = &t->configs[config - 1];
    return KC_OK;
}

/* FNV-1a over the task name mixed with config and seed: every (task, config,
 * seed) gets its own stream, so tasks never share inputs by accident. */
static uint64_t inst_seed(const char *name, int config, uint64_t seed)
{
    uint64_t h = 0xcbf29ce484222325ull;
    for (const char *p = name; *p; p++)
        h = (h ^ (uint8_t)*p) * 0x100000001b3ull;
    h = (h ^ (uint64_t)config) * 0x100000001b3ull;
    return h ^ (seed * 0x9e3779b97f4a7c15ull);
}

/* ---- instances ------------------------------------------------------------- */

double kc_task_dram_bytes(const kc_task_shape *s, kc_dtype dtype)
{
    double bytes = 0;
    for (unsigned i = 0; i < s->ntensors; i++)
        if (s->t[i].role != KC_ROLE_SCRATCH)
            bytes += (double)s->t[i].nelem * kc_dtype_size(dtype);
    return bytes;
}

kc_status kc_task_inst_make(kc_task_inst *inst, const kc_task *t, int config, kc_dtype dtype,
                            uint64_t seed, kc_err *err)
{
    const kc_task_config *c = NULL;
    memset(inst, 0, sizeof *inst);
    kc_status s = kc_task_config_get(t, config, &c, err);
    if (s != KC_OK)
        return s;
    inst->task = t;
    inst->config = config;
    inst->dtype = dtype;
    inst->seed = seed;
    t->shape(t, c, &inst->shape);

    double *in[KC_TASK_MAX_TENSORS] = {0}, *out[KC_TASK_MAX_TENSORS] = {0};
    unsigned nin = 0, nout = 0;
    for (unsigned i = 0; i < inst->shape.ntensors; i++) {
        const kc_tensor_desc *d = &inst->shape.t[i];
        inst->data[i] = calloc(d->nelem ? d->nelem : 1, sizeof(double));
        if (!inst->data[i]) {
            kc_task_inst_free(inst);
            return kc_err_set(err, KC_ERR_NOMEM, "task %s: no memory for tensor %s", t->name,
                              d->name);
        }
        if (d->role == KC_ROLE_SCRATCH)
            continue;
        if (d->role == KC_ROLE_OUTPUT)
            out[nout++] = inst->data[i];
        else
            in[nin++] = inst->data[i];
    }
    inst->dram_bytes = kc_task_dram_bytes(&inst->shape, dtype);

    kc_rng rng;
    kc_rng_seed(&rng, inst_seed(t->name, config, seed));
    t->generate(t, c, &rng, in);
    for (unsigned i = 0; i < inst->shape.ntensors; i++) {
        const kc_tensor_desc *d = &inst->shape.t[i];
        if (d->role != KC_ROLE_INPUT)
            continue;
        for (size_t k = 0; k < d->nelem; k++)
            inst->data[i][k] = kc_dtype_quantize(dtype, inst->data[i][k]);
    }
    t->reference(t, c, (const double *const *)in, out);
    return KC_OK;
}

void kc_task_inst_free(kc_task_inst *inst)
{
    for (unsigned i = 0; i < KC_TASK_MAX_TENSORS; i++) {
        free(inst->data[i]);
        inst->data[i] = NULL;
    }
}

double kc_task_ideal_cycles(const kc_task_shape *s, double dram_bytes, double vec_peak,
                            double mac_peak, double dram_bw)
{
    double c = 0;
    if (vec_peak > 0 && s->vec_flops / vec_peak > c)
        c = s->vec_flops / vec_peak;
    if (mac_peak > 0 && s->mac_flops / mac_peak > c)
        c = s->mac_flops / mac_peak;
    if (dram_bw > 0 && dram_bytes / dram_bw > c)
        c = dram_bytes / dram_bw;
    return ceil(c);
}

const char *kc_task_role_name(kc_role r)
{
    return r == KC_ROLE_OUTPUT ? "output" : r == KC_ROLE_SCRATCH ? "scratch" : "input";
}

void kc_task_shape_nd(kc_task_shape *s, const char *name, kc_role role, unsigned ndims,
                      const uint32_t *dims)
{
    kc_tensor_desc *d = &s->t[s->ntensors++];
    memset(d, 0, sizeof *d);
    d->name = name;
    d->role = role;
    d->ndims = ndims;
    d->nelem = 1;
    for (unsigned i = 0; i < ndims; i++) {
        d->dims[i] = dims[i];
        d->nelem *= dims[i];
    }
}

void kc_task_shape_2d(kc_task_shape *s, const char *name, kc_role role, uint32_t rows,
                      uint32_t cols)
{
    uint32_t dims[2] = { rows, cols };
    kc_task_shape_nd(s, name, role, 2, dims);
}

void kc_task_shape_1d(kc_task_shape *s, const char *name, kc_role role, uint32_t n)
{
    kc_task_shape_nd(s, name, role, 1, &n);
}
