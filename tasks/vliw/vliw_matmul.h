/* vliw_matmul.h — the vliw contraction templates: GEMV (W rows streamed through
 * the skeleton of vliw_skel.h, lane-wise MACs against x held in DM) and GEMM
 * (vmmac on 4x4 blocks). */
#ifndef VLIW_MATMUL_H
#define VLIW_MATMUL_H

#include "kc_err.h"
#include "kc_task.h"
#include "vliw_emit.h"

int vliw_matmul_serves(const char *name);

kc_status vliw_matmul_gen(vliw_gen *g, const kc_task *t, const kc_task_config *c, kc_err *err);

#endif
