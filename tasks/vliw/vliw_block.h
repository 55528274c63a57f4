/* vliw_block.h — the vliw composite kernels, written as stage sequences
 * (vliw_emit.h: each stage emits one tile's code; vliw_emit_stages puts a
 * grid barrier between stages): FFN = gemm (x W1^T + b1 -> h, the scratch
 * tensor) | GELU in place on h | gemm (h W2^T + b2 -> y); the LLaMA and T5
 * decoder blocks = norm | projections | (RoPE) | attention | Wo | + x | norm
 * | MLP | + h1, generated compact (shared stage bodies, stages beside each
 * other: vliw_emit.h) to fit the program memory.
 *
 * To build another composite task: describe each step as a stage (the
 * templates' stage functions: vliw_rows_stage, vliw_matmul_gemm_stage,
 * vliw_matmul_gemv_stage, or a new one keeping vliw_emit.h's contract) with
 * its tensors as operands (vliw_opnd_at(ABI index, byte offset): an
 * intermediate is a region of the task's scratch tensor), list the stages and
 * call vliw_emit_stages. */
#ifndef VLIW_BLOCK_H
#define VLIW_BLOCK_H

#include "kc_err.h"
#include "kc_task.h"
#include "vliw_emit.h"

int vliw_block_serves(const char *name);

kc_status vliw_block_gen(vliw_gen *g, const kc_task *t, const kc_task_config *c, kc_err *err);

#endif
