/* vliw_tmpl.h — the vliw template compiler: baseline kernels for the tasks it
 * serves (all 23 tasks; the families in vliw_tmpl.c) at
 * every config, for a vliw array of any size (ROWS x COLS from the build),
 * written as one program per tile (`.tile N`) with the tile's share of the
 * work: a streaming skeleton with double-buffered DMA and locks (vliw_skel),
 * the row templates on it (vliw_rows, vliw_rope), the contractions
 * (vliw_matmul), convolutions (vliw_conv), attention (vliw_attn), the
 * composite kernels as stage sequences with grid barriers (vliw_emit.h,
 * vliw_block), all scheduled into bundles under the exposed latencies by
 * vliw_sched (software-pipelined where a loop's count is known). The platform
 * row's `baseline` (tasks/vliw/vliw_platform.c). */
#ifndef VLIW_TMPL_H
#define VLIW_TMPL_H

#include "kc_err.h"
#include "kc_hw.h"
#include "kc_task.h"

/* Emits the assembly text of the baseline kernel (malloc'd, caller frees) for
 * the vliw build whose parameters are hw (NULL: the isa/vliw.def defaults).
 * KC_ERR_USAGE when the task has no vliw template or (older templates) the
 * config does not fit; KC_ERR_RANGE when hw is not a valid vliw or a tile's
 * data or program does not fit ("does not fit"); KC_ERR_INTERNAL when a
 * template failed to schedule (a generator bug). */
kc_status vliw_tmpl_emit(const kc_task *t, int config, const kc_hw *hw, char **text, kc_err *err);

/* The same kernel behind a first stage that fills every tile's DM with NaN:
 * a test that each stage clears the DM it relies on (vliw_emit.h's contract:
 * DM is zero only in a first stage). */
kc_status vliw_tmpl_emit_poisoned(const kc_task *t, int config, const kc_hw *hw, char **text, kc_err *err);

#endif
