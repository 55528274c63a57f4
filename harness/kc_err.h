/* kc_err.h — the one error convention of KernelCraft.
 *
 * Every fallible function returns a kc_status and fills a caller-owned kc_err.
 * The first error wins: kc_err_set() does nothing when err already holds one,
 * so a low-level message is never overwritten by a vaguer one from a caller.
 * Errors are written once, where they are detected; only main() prints.
 */
#ifndef KC_ERR_H
#define KC_ERR_H

#include <stdarg.h>

#ifdef __cplusplus
extern "C" {  /* also used from the C++ shims and SystemC wrappers */
#endif

typedef enum kc_status {
    KC_OK = 0,
    KC_ERR_USAGE,    /* bad arguments / options */
    KC_ERR_IO,       /* file could not be read or written */
    KC_ERR_SYNTAX,   /* assembler: kernel text is malformed (line/col set) */
    KC_ERR_RANGE,    /* a value is out of its allowed range */
    KC_ERR_SIM,      /* the simulator itself failed ($stop/$error, C++ exception) */
    KC_ERR_NOMEM,
    KC_ERR_INTERNAL
} kc_status;

typedef struct kc_err {
    kc_status code;
    int line;        /* 1-based; 0 when not about a source position */
    int col;         /* 1-based; 0 when unknown */
    char file[128];  /* source name for line/col, may be empty */
    char text[512];  /* message (and hint), no trailing newline */
} kc_err;

/* Clears err (code = KC_OK). */
void kc_err_clear(kc_err *err);

/* Records an error unless err already holds one (first error wins).
 * Returns code so callers can write `return kc_err_set(err, KC_ERR_IO, "...")`.
 * err may be NULL. */
kc_status kc_err_set(kc_err *err, kc_status code, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Same, with a source position. */
kc_status kc_err_at(kc_err *err, kc_status code, const char *file, int line, int col,
                    const char *fmt, ...) __attribute__((format(printf, 6, 7)));

/* Short name of a status ("syntax error", ...). */
const char *kc_status_name(kc_status code);

/* Formats err as "file:line:col: error: text" (or "error: text") into buf. */
const char *kc_err_format(const kc_err *err, char *buf, unsigned size);

#ifdef __cplusplus
}
#endif

#endif
