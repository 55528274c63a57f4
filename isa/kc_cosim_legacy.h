/* kc_cosim_legacy.h — TEMPORARY (issue 11 merge scaffolding; the lead deletes it
 * at merge). arch_pc / arch_read for a model that still has only the old
 * kc_arch_state `arch` and `arch_mem` entries (the npu shim until the `model`
 * branch fills arch_pc/arch_read/arch_files), in the npu file numbering r, f, a,
 * cfg, vsram, msram. kc_cosim.c calls these only when ops->arch_read is NULL. */
#ifndef KC_COSIM_LEGACY_H
#define KC_COSIM_LEGACY_H

#include <stdint.h>

#include "kc_acc.h"

uint64_t kc_cosim_legacy_pc(const kc_acc_ops *ops, void *model);
int kc_cosim_legacy_read(const kc_acc_ops *ops, void *model, unsigned file, uint32_t first, uint32_t n,
                         void *buf);

#endif
