/* kc_platform.h — a platform: one accelerator build and the row of its design.
 *
 * A platform family (npu; later rvv, vliw) is one row in kc_platform.c: how
 * kernel text becomes a program image, its reference model for co-simulation,
 * its baseline generator, its ISA/hardware document generator, its storage type
 * and how its roofline peaks follow from a build's parameters. The platforms
 * themselves are not typed in: they are the builds of the accelerator registry
 * (kc_acc_all), each the row of its hw->family applied to its own parameters
 * (kc_acc_ops.hw), named after the build. A second-size build added in
 * verilated/CMakeLists.txt ("npu_wide") is a platform with no C edit.
 *
 * Nothing above this module names a platform: callers pass the --platform
 * string through, list kc_platform_all(), or take kc_platform_default().
 */
#ifndef KC_PLATFORM_H
#define KC_PLATFORM_H

#include <stddef.h>
#include <stdint.h>

#include "kc_acc.h"
#include "kc_err.h"
#include "kc_hw.h"
#include "kc_image.h"
#include "kc_ref.h"
#include "kc_rgen.h"
#include "kc_task.h"

typedef struct kc_platform kc_platform;

/* Roofline peaks and ABI facts of one build, computed from its parameters. */
typedef struct kc_platform_peaks {
    double vec_peak;           /* vector operations per cycle (lanes x 1 op) */
    double mac_peak;           /* matrix MACs per cycle (0: no matrix unit) */
    unsigned nargs;            /* argument registers for tensor addresses */
    size_t max_insns;          /* instruction memory, in instructions (0: no fixed limit) */
} kc_platform_peaks;

/* One row per design. */
typedef struct kc_platform_family {
    const char *name;          /* matches kc_hw.family: "npu" */
    kc_dtype dtype;            /* storage type of every tensor */
    unsigned align;            /* tensor alignment in DRAM (bytes, power of two) */
    uint32_t dram_base;        /* DRAM offset 0 as the kernel addresses it (npu 0, rvv 0x80000000):
                                * added to the tensor offsets passed in the argument registers */
    kc_status (*peaks)(const kc_hw *hw, kc_platform_peaks *out, kc_err *err);
    /* Kernel text -> program image (npu: the table assembler; rvv: LLVM's tools
     * and kc_image_from_elf). A kernel error is KC_ERR_SYNTAX with line:col. */
    kc_status (*build)(const kc_platform *p, const kc_hw *hw, const char *src, const char *filename,
                       kc_image *out, kc_err *err);
    /* The compiler baseline of (task, config) for this build, as kernel text. */
    kc_status (*baseline)(const kc_task *t, int config, const kc_hw *hw, char **text, kc_err *err);
    /* The source the baseline is compiled from (rvv: the task's C with its shapes);
     * NULL when the baseline text is its own source (npu's template compiler). */
    kc_status (*baseline_source)(const kc_task *t, int config, const kc_hw *hw, char **text, kc_err *err);
    /* The agent-facing ISA and hardware document of this build (markdown). */
    kc_status (*doc)(const kc_platform *p, const kc_hw *hw, char **text, kc_err *err);
    /* One instruction at pc of an image as text ("vadd [r3], [r1], [r2]"),
     * for profiles and traces; 0 when pc holds none. */
    int (*disasm)(const kc_platform *p, const kc_image *img, uint64_t pc, char *buf, size_t size);
    /* The reference model for co-simulation; NULL while none is wired. */
    const kc_ref_ops *ref;
    /* Random programs for `kc cosim --random` (kc_campaign); NULL: none. */
    const kc_rgen_ops *rgen;
    /* Where argument i (0-based, the task's ABI order) is on entry, as the ISA
     * document names it: "a3" (npu, rvv), "4(sp)" (rvv's ninth on), ... */
    void (*arg_where)(const kc_hw *hw, unsigned i, char *buf, size_t size);
    /* The image pc of unit `unit`'s instruction at `pc` as the unit counts it
     * (vliw: a tile's bundle address -> its own program's, when it has one), for
     * disasm and source lines of a multi-unit model; NULL: the same pc. */
    uint64_t (*unit_pc)(const kc_image *img, unsigned unit, uint64_t pc);
} kc_platform_family;

struct kc_platform {
    const char *name;          /* the build's name, the --platform value: "npu", "npu_wide" */
    const char *acc;           /* the accelerator model (kc_acc_find), = name */
    const kc_acc_ops *model;
    const kc_hw *hw;           /* its parameters (NULL: the family's defaults) */
    const kc_platform_family *family;
    int variant;               /* a test variant (another size): default sweeps skip it */
    /* from the family row */
    kc_dtype dtype;
    unsigned align;
    uint32_t dram_base;
    const kc_ref_ops *ref;
    /* computed from hw */
    double vec_peak, mac_peak;
    double dram_bw;            /* DRAM bytes per cycle (the DRAM model's default) */
    unsigned nargs;
    size_t max_insns;
    /* the family's functions, called as p->build(p, p->hw, ...) */
    kc_status (*build)(const kc_platform *p, const kc_hw *hw, const char *src, const char *filename,
                       kc_image *out, kc_err *err);
    kc_status (*baseline)(const kc_task *t, int config, const kc_hw *hw, char **text, kc_err *err);
    kc_status (*baseline_source)(const kc_task *t, int config, const kc_hw *hw, char **text, kc_err *err);
    kc_status (*doc)(const kc_platform *p, const kc_hw *hw, char **text, kc_err *err);
    int (*disasm)(const kc_platform *p, const kc_image *img, uint64_t pc, char *buf, size_t size);
};

/* The platform named `name` (a registered build), or NULL. */
const kc_platform *kc_platform_find(const char *name);

/* Every platform, registry order, NULL-terminated; variants included. */
const kc_platform *const *kc_platform_all(void);

/* The first non-variant platform: what --platform defaults to (NULL: none built). */
const kc_platform *kc_platform_default(void);

/* Why the table could not be built (a build whose parameters the family
 * refuses, or one of no known family); "" when every build is a platform. */
const char *kc_platform_problem(void);

/* Kernel text -> image on p (p->build with p's own parameters). `out` is
 * initialised first, so kc_image_free(out) is right after a failure too. */
kc_status kc_platform_build(const kc_platform *p, const char *src, const char *filename, kc_image *out,
                            kc_err *err);

/* The baseline kernel text of (task, config) on p. */
kc_status kc_platform_baseline(const kc_platform *p, const kc_task *t, int config, char **text,
                               kc_err *err);

/* Where argument i is on entry on p ("a3"), from the family row. */
void kc_platform_arg_where(const kc_platform *p, unsigned i, char *buf, size_t size);

/* Ideal cycles of an instance on a platform (roofline, see docs/tasks.md). */
double kc_platform_ideal_cycles(const kc_platform *p, const kc_task_inst *inst);

/* The same for (task, config) without generating data (seed-independent): what a
 * results-file reader checks a record's cycles against. */
kc_status kc_platform_ideal_of(const kc_platform *p, const kc_task *t, int config, double *ideal, kc_err *err);

#endif
