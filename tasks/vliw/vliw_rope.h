/* vliw_rope.h — the vliw RoPE template (rotate-half, LLaMA's form) on the
 * streaming skeleton of vliw_skel.h. */
#ifndef VLIW_ROPE_H
#define VLIW_ROPE_H

#include "kc_err.h"
#include "kc_task.h"
#include "vliw_emit.h"

/* 1 when `name` is a task this template serves (rope). */
int vliw_rope_serves(const char *name);

kc_status vliw_rope_gen(vliw_gen *g, const kc_task *t, const kc_task_config *c, kc_err *err);

#endif
