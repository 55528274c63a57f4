/* npu_platform.h — the npu's platform row (tasks/kc_platform.h): the table
 * assembler, the template compiler, the ISA document, peaks from the build's
 * parameters (isa/npu_hw.h). */
#ifndef NPU_PLATFORM_H
#define NPU_PLATFORM_H

#include "kc_platform.h"

extern const kc_platform_family npu_platform_family;

#endif
