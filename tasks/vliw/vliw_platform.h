/* vliw_platform.h — the vliw's platform row (tasks/kc_platform.h): the table
 * assembler with bundles, the template compiler (tasks/vliw/vliw_tmpl.h), the
 * generated ISA document, peaks from the build's parameters (isa/vliw_hw.h),
 * the timed ISS as the co-simulation reference and its random programs. */
#ifndef VLIW_PLATFORM_H
#define VLIW_PLATFORM_H

#include "kc_platform.h"

extern const kc_platform_family vliw_platform_family;

#endif
