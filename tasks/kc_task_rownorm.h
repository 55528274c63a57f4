/* kc_task_rownorm.h — row-wise normalisation tasks: Softmax, LayerNorm, RMSNorm
 * over the last dimension of an M x N tensor. */
#ifndef KC_TASK_ROWNORM_H
#define KC_TASK_ROWNORM_H

#include "kc_task.h"

extern const kc_task kc_task_rownorm_softmax;
extern const kc_task kc_task_rownorm_layernorm;
extern const kc_task kc_task_rownorm_rmsnorm;

#endif
