/* kc_task_eltwise.h — element-wise activation tasks: ReLU, SiLU, GELU. */
#ifndef KC_TASK_ELTWISE_H
#define KC_TASK_ELTWISE_H

#include "kc_task.h"

extern const kc_task kc_task_eltwise_relu;
extern const kc_task kc_task_eltwise_silu;
extern const kc_task kc_task_eltwise_gelu;

/* The scalar functions as the references define them (fp64), for tests. */
double kc_task_eltwise_relu_f(double x);
double kc_task_eltwise_silu_f(double x);
double kc_task_eltwise_gelu_f(double x);       /* exact: 0.5 x (1 + erf(x / sqrt 2)) */
double kc_task_eltwise_gelu_tanh_f(double x);  /* tanh approximation */

#endif
