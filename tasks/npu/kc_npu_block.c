/* kc_npu_block.c — npu baselines of the composite tasks (attention, FFN,
 * decoder blocks) as sequences of template stages (kc_npu_stage.h). */
#include <string.h>

#include "kc_npu_stage.h"

kc_status npu_block_gen(npu_gen *g, const kc_task *t, const kc_task_config *c, kc_err *err)
{
    (void)g;
    (void)c;
    return kc_err_set(err, KC_ERR_USAGE, "npu template: no template for task %s", t->name);
}
