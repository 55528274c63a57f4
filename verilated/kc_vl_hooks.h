/* kc_vl_hooks.h — what the Verilated runtime does on $stop, $error, $fatal,
 * $finish and internal fatal errors, for every accelerator shim (C++ only).
 *
 * Verilator's defaults end the process: vl_fatal() calls std::abort(), and a
 * second $finish calls std::exit(0). A bad kernel must never kill the harness,
 * so the Verilated runtime is compiled with VL_USER_STOP, VL_USER_FATAL and
 * VL_USER_FINISH and kc_vl_hooks.cpp supplies those three functions:
 *   - vl_stop ($stop, $error, $fatal: Verilator lowers all three to it) and
 *     vl_finish record an event and return; the shim checks for it after eval()
 *     and reports KC_ERR_SIM;
 *   - vl_fatal (Verilator's own fatal errors: non-converging logic, bad $readmem,
 *     ...) records the event and throws kc_vl_hooks_fatal out of eval(); the
 *     shim catches it and treats the model as unusable until it is rebuilt.
 * Only one event is kept per thread (the first since the last take): a model is
 * evaluated by one thread at a time, and that thread takes the event right after
 * each eval().
 */
#ifndef KC_VL_HOOKS_H
#define KC_VL_HOOKS_H

#include <stdexcept>

struct kc_vl_hooks_event {
    const char *what;     /* "$stop/$error/$fatal", "$finish" or "fatal error" */
    char where[192];      /* "file:line" of the statement, "" when unknown */
    char msg[256];        /* Verilator's message (fatal errors only) */
};

struct kc_vl_hooks_fatal : std::runtime_error {
    using std::runtime_error::runtime_error;
};

/* True when an event happened on this thread since the last call; then *ev gets
 * it and the pending event is cleared. ev may be null (discard). */
bool kc_vl_hooks_take(kc_vl_hooks_event *ev);

/* "RTL $stop/$error/$fatal at rtl/npu/npu_core.v:120" into buf. */
const char *kc_vl_hooks_describe(const kc_vl_hooks_event *ev, char *buf, unsigned size);

#endif
