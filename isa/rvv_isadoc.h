/* rvv_isadoc.h — the agent-facing rvv ISA and hardware document (`kc isa-doc
 * --platform rvv`): the supported subset of isa/rvv.def with every instruction's
 * latency and occupancy, the memory map, ABI, timing model, how to build a
 * kernel, worked examples and common mistakes, at the sizes of one build. */
#ifndef RVV_ISADOC_H
#define RVV_ISADOC_H

#include "kc_err.h"
#include "kc_hw.h"

/* The document of the build hw (NULL = the defaults); *out malloc'd. */
kc_status rvv_isadoc(const kc_hw *hw, char **out, kc_err *err);

#endif
