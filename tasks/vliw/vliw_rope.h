/* vliw_rope.h — the vliw RoPE template (rotate-half, LLaMA's form) on the
 * streaming skeleton of vliw_skel.h. */
#ifndef VLIW_ROPE_H
#define VLIW_ROPE_H

#include "kc_err.h"
#include "kc_task.h"
#include "vliw_emit.h"

/* 1 when `name` is a task this template serves (rope). */
int vliw_rope_serves(const char *name);

/* A RoPE stage (vliw_emit.h): x and y [s][h][dh] (dh even; in == out is
 * fine), cos and sin [s][dh / 2]; row-major, contiguous. KC_ERR_RANGE "does
 * not fit" when a tile's cos / sin rows and the smallest x blocks exceed its
 * DM. */
typedef struct vliw_rope_op {
    uint32_t s, h, dh;
    vliw_opnd x, cos, sin, y;
} vliw_rope_op;

/* The stage function: args is a const vliw_rope_op *. */
kc_status vliw_rope_stage(vliw_gen *g, const void *args, kc_err *err);

kc_status vliw_rope_gen(vliw_gen *g, const kc_task *t, const kc_task_config *c, kc_err *err);

#endif
