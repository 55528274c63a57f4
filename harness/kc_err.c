#include "kc_err.h"

#include <stdio.h>
#include <string.h>

void kc_err_clear(kc_err *err)
{
    if (err)
        memset(err, 0, sizeof *err);
}

static kc_status err_vset(kc_err *err, kc_status code, const char *file, int line, int col,
                          const char *fmt, va_list ap)
{
    if (!err || err->code != KC_OK)
        return code;
    err->code = code;
    err->line = line;
    err->col = col;
    snprintf(err->file, sizeof err->file, "%s", file ? file : "");
    vsnprintf(err->text, sizeof err->text, fmt, ap);
    return code;
}

kc_status kc_err_set(kc_err *err, kc_status code, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    err_vset(err, code, NULL, 0, 0, fmt, ap);
    va_end(ap);
    return code;
}

kc_status kc_err_at(kc_err *err, kc_status code, const char *file, int line, int col,
                    const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    err_vset(err, code, file, line, col, fmt, ap);
    va_end(ap);
    return code;
}

const char *kc_status_name(kc_status code)
{
    switch (code) {
    case KC_OK: return "ok";
    case KC_ERR_USAGE: return "usage error";
    case KC_ERR_IO: return "i/o error";
    case KC_ERR_SYNTAX: return "syntax error";
    case KC_ERR_RANGE: return "range error";
    case KC_ERR_SIM: return "simulator error";
    case KC_ERR_NOMEM: return "out of memory";
    case KC_ERR_INTERNAL: return "internal error";
    }
    return "unknown error";
}

const char *kc_err_format(const kc_err *err, char *buf, unsigned size)
{
    if (err->line > 0)
        snprintf(buf, size, "%s:%d:%d: error: %s", err->file[0] ? err->file : "<input>",
                 err->line, err->col, err->text);
    else
        snprintf(buf, size, "error: %s", err->text);
    return buf;
}
