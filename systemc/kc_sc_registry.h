/* kc_sc_registry.h — the SystemC modules of the accelerator builds, by name.
 *
 * Every kc_add_systemc_module(NAME n ...) (systemc/CMakeLists.txt) is listed:
 * kc_sc_new("npu", "acc") makes the npu's module as a child of the module under
 * construction, or returns NULL when no SystemC model of that build is built.
 */
#ifndef KC_SC_REGISTRY_H
#define KC_SC_REGISTRY_H

#include "kc_sc_acc.h"

kc_sc_acc *kc_sc_new(const char *build, const char *inst);

/* The names, comma separated ("npu, rvv, vliw"), for messages. */
const char *kc_sc_names(void);

#endif
