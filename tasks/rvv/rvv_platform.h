/* rvv_platform.h — the rvv's platform row (tasks/kc_platform.h): kernels in
 * RISC-V assembly (.s) or C (.c) built by LLVM's tools with the project's crt0
 * and linker script (tasks/rvv/rt), the table disassembler of isa/rvv.def, the
 * ISA document, the clang -O2 baseline of the task's C file, peaks from the
 * build's parameters (isa/rvv_hw.h). */
#ifndef RVV_PLATFORM_H
#define RVV_PLATFORM_H

#include "kc_platform.h"

extern const kc_platform_family rvv_platform_family;

/* Wall time of each step of one build, in seconds (rvv_platform_build_timed). */
typedef struct rvv_build_times {
    double setup;     /* tool lookup (first call only), temp dir, writing inputs */
    double compile;   /* clang -c (C) or llvm-mc (assembly) */
    double link;      /* ld.lld */
    double load;      /* reading the ELF into the image, cleaning up */
    double runtime;   /* crt0/runtime objects (first build of the process only) */
} rvv_build_times;

/* The family's build with its steps timed (times may be NULL). The kernel is C
 * when filename ends in ".c", assembly otherwise. */
kc_status rvv_platform_build_timed(const kc_hw *hw, const char *src, const char *filename, kc_image *out,
                                   rvv_build_times *times, kc_err *err);

/* The baseline's C source of (task, config): the shape `#define`s of
 * rvv_shapes_defines (KC_<DIM>), then tasks/rvv/<task>.c. */
kc_status rvv_platform_baseline_c(const kc_task *t, int config, const kc_hw *hw, char **text, kc_err *err);

#endif
