/* vliw_rows.h — the vliw row templates on the streaming skeleton
 * (vliw_skel.h): element-wise ReLU / SiLU / GELU and the row reductions
 * Softmax / LayerNorm / RMSNorm. */
#ifndef VLIW_ROWS_H
#define VLIW_ROWS_H

#include "kc_err.h"
#include "kc_task.h"
#include "vliw_emit.h"

/* 1 when `name` is a task these templates serve. */
int vliw_rows_serves(const char *name);

kc_status vliw_rows_gen(vliw_gen *g, const kc_task *t, const kc_task_config *c, kc_err *err);

#endif
