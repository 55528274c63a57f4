/* kc_cosim_legacy.c — TEMPORARY: see kc_cosim_legacy.h. Delete at merge, with
 * the two calls in kc_cosim.c marked TEMPORARY. */
#include "kc_cosim_legacy.h"

#include <string.h>

uint64_t kc_cosim_legacy_pc(const kc_acc_ops *ops, void *model)
{
    kc_arch_state st;
    memset(&st, 0, sizeof st);
    ops->arch(model, &st);
    return st.pc;
}

int kc_cosim_legacy_read(const kc_acc_ops *ops, void *model, unsigned file, uint32_t first, uint32_t n,
                         void *buf)
{
    if (file >= 4) {   /* 4 vsram = memory 0, 5 msram = memory 1 */
        if (!n)
            return 0;
        return ops->arch_mem(model, file - 4, first, n, buf) ? 0 : -1;
    }
    kc_arch_state st;
    memset(&st, 0, sizeof st);
    ops->arch(model, &st);
    const uint32_t *regs[4] = { st.x, st.f, st.a, st.cfg };
    uint32_t count = file == 3 ? KC_ARCH_MAX_CFG : KC_ARCH_MAX_REGS;
    if (first > count || n > count - first)
        return -1;
    memcpy(buf, regs[file] + first, (size_t)n * 4);
    return 0;
}
