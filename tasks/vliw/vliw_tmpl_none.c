/* vliw_tmpl_none.c — vliw_tmpl_emit until the template compiler lands (see
 * vliw_tmpl.h): every baseline is "not yet", with a message that says so. */
#include "vliw_tmpl.h"

kc_status vliw_tmpl_emit(const kc_task *t, int config, const kc_hw *hw, char **text, kc_err *err)
{
    (void)hw;
    *text = NULL;
    return kc_err_set(err, KC_ERR_USAGE, "baseline: %s C%d: the vliw template compiler is not built yet "
                      "(tasks/vliw/vliw_tmpl.c, issue 13); write the kernel by hand", t ? t->name : "?", config);
}
