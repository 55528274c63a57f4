/* kc_vl_hooks.cpp — the process-wide overrides of Verilator's vl_stop, vl_fatal
 * and vl_finish (see kc_vl_hooks.h for why). Shared by every accelerator shim:
 * the Verilated runtime exists once per process, so these must too. */
#include "kc_vl_hooks.h"

#include <cstdio>
#include <cstring>

#include "verilated.h"  // declarations of vl_stop, vl_finish, vl_fatal

namespace {
thread_local bool hooks_pending;
thread_local kc_vl_hooks_event hooks_event;

void hooks_record(const char *what, const char *file, int line, const char *msg)
{
    /* Unlike Verilator's handlers this does not touch Verilated::threadContextp():
     * in 5.006 it may still point at a context that was deleted (it is only
     * ever replaced, never cleared), and the shims learn of the event here. */
    if (hooks_pending)
        return; /* first event wins, like kc_err */
    hooks_pending = true;
    hooks_event.what = what;
    if (file && file[0])
        std::snprintf(hooks_event.where, sizeof hooks_event.where, "%s:%d", file, line);
    else
        hooks_event.where[0] = '\0';
    std::snprintf(hooks_event.msg, sizeof hooks_event.msg, "%s", msg ? msg : "");
}
}  // namespace

bool kc_vl_hooks_take(kc_vl_hooks_event *ev)
{
    if (!hooks_pending)
        return false;
    hooks_pending = false;
    if (ev)
        *ev = hooks_event;
    return true;
}

const char *kc_vl_hooks_describe(const kc_vl_hooks_event *ev, char *buf, unsigned size)
{
    std::snprintf(buf, size, "RTL %s%s%s%s%s", ev->what, ev->where[0] ? " at " : "", ev->where,
                  ev->msg[0] ? ": " : "", ev->msg);
    return buf;
}

void vl_stop(const char *filename, int linenum, const char *hier) VL_MT_UNSAFE
{
    (void)hier;
    hooks_record("$stop/$error/$fatal", filename, linenum, nullptr);
}

void vl_finish(const char *filename, int linenum, const char *hier) VL_MT_UNSAFE
{
    (void)hier;
    hooks_record("$finish", filename, linenum, nullptr);
}

void vl_fatal(const char *filename, int linenum, const char *hier, const char *msg) VL_MT_UNSAFE
{
    (void)hier;
    hooks_record("fatal error", filename, linenum, msg);
    throw kc_vl_hooks_fatal(msg ? msg : "Verilator fatal error");
}
