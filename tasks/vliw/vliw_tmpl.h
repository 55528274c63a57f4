/* vliw_tmpl.h — the vliw template compiler's entry point: the baseline kernel of
 * a task at a config for a vliw build (issue 13; tasks/vliw/vliw_tmpl.c, branch
 * vliw-tmpl). Until that lands, tasks/vliw/vliw_tmpl_none.c defines it as
 * "not yet" (KC_ERR_USAGE with the task's name); the merge of the template
 * compiler deletes that file and its line in tasks/CMakeLists.txt. */
#ifndef VLIW_TMPL_H
#define VLIW_TMPL_H

#include "kc_err.h"
#include "kc_hw.h"
#include "kc_task.h"

/* Emits the assembly text of the baseline kernel (malloc'd, caller frees) for
 * the vliw build whose parameters are hw (NULL: the isa/vliw.def defaults).
 * KC_ERR_USAGE when the task has no vliw template or the config does not fit. */
kc_status vliw_tmpl_emit(const kc_task *t, int config, const kc_hw *hw, char **text, kc_err *err);

#endif
