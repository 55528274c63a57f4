/* kc_task_rope.h — rotary position embedding (RoPE, level 2), LLaMA's
 * rotate-half convention, with the cos/sin tables given as inputs. */
#ifndef KC_TASK_ROPE_H
#define KC_TASK_ROPE_H

#include "kc_task.h"

extern const kc_task kc_task_rope;

/* The table entries the generator produces (before bf16 quantization):
 * angle = pos * 10000^(-2i/dh), i < dh/2. */
double kc_task_rope_angle(uint32_t pos, uint32_t i, uint32_t dh);

#endif
