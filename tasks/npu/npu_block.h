/* npu_block.h — npu baselines of the composite tasks (sdpa, flash_attn, mha,
 * gqa, mqa, ffn, llama_block, t5_block) as sequences of template stages. */
#ifndef NPU_BLOCK_H
#define NPU_BLOCK_H

#include "npu_emit.h"

/* The kernel body (halt included). KC_ERR_USAGE when the task is not
 * composite or the config does not fit. */
kc_status npu_block_gen(npu_gen *g, const kc_task *t, const kc_task_config *c, kc_err *err);

#endif
