/* kc_eval_status.c — status names as records spell them. */
#include "kc_eval_status.h"

const char *kc_eval_status_name(kc_eval_status s)
{
    switch (s) {
    case KC_EVAL_CORRECT: return "correct";
    case KC_EVAL_WRONG: return "wrong";
    case KC_EVAL_ASSEMBLE_ERROR: return "assemble-error";
    case KC_EVAL_TRAP: return "trap";
    case KC_EVAL_TIMEOUT: return "timeout";
    case KC_EVAL_OUT_OF_BOUNDS: return "out-of-bounds";
    case KC_EVAL_WRITE_OUTSIDE: return "write-outside-outputs";
    case KC_EVAL_NSTATUS: break;
    }
    return "unknown";
}
