/* kc_platform.h — what the task framework needs to know about a platform: its
 * storage type, roofline peaks, how kernel text becomes a program, which model
 * runs it, and its baseline generator. Later platforms (rvv, vliw) are one more
 * row in kc_platform.c. */
#ifndef KC_PLATFORM_H
#define KC_PLATFORM_H

#include <stdint.h>

#include "kc_asm.h"
#include "kc_err.h"
#include "kc_task.h"

typedef struct kc_platform {
    const char *name;          /* "npu": the --platform value */
    const char *acc;           /* accelerator model name for kc_acc_find */
    kc_dtype dtype;            /* storage type of every tensor */
    double vec_peak;           /* vector FLOPs per cycle (VLEN lanes x 1 op) */
    double mac_peak;           /* matrix MACs per cycle (0: no matrix unit yet) */
    double dram_bw;            /* DRAM bytes per cycle */
    unsigned nargs;            /* argument registers for tensor addresses */
    unsigned align;            /* tensor alignment in DRAM (bytes, power of two) */
    kc_status (*assemble)(const char *src, const char *filename, kc_program *out, kc_err *err);
    kc_status (*baseline)(const kc_task *t, int config, char **text, kc_err *err);
} kc_platform;

const kc_platform *kc_platform_find(const char *name);
const kc_platform *const *kc_platform_all(void);   /* NULL-terminated */

/* Ideal cycles of an instance on a platform (roofline, see docs/tasks.md). */
double kc_platform_ideal_cycles(const kc_platform *p, const kc_task_inst *inst);

/* The same for (task, config) without generating data (seed-independent): what a
 * results-file reader checks a record's cycles against. */
kc_status kc_platform_ideal_of(const kc_platform *p, const kc_task *t, int config, double *ideal, kc_err *err);

#endif
