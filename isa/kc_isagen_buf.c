/* kc_isagen_buf.c — the growable text the ISA generators write into. */
#include "kc_isagen_buf.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

void kc_isagen_buf_printf(kc_isagen_buf *b, const char *fmt, ...)
{
    if (b->oom)
        return;
    for (;;) {
        va_list ap;
        va_start(ap, fmt);
        int need = vsnprintf(b->s ? b->s + b->n : NULL, b->s ? b->cap - b->n : 0, fmt, ap);
        va_end(ap);
        if (need < 0) {
            b->oom = 1;
            return;
        }
        if (b->s && b->n + (size_t)need < b->cap) {
            b->n += (size_t)need;
            return;
        }
        size_t cap = (b->cap ? b->cap * 2 : 4096) + (size_t)need;
        char *p = realloc(b->s, cap);
        if (!p) {
            b->oom = 1;
            return;
        }
        b->s = p;
        b->cap = cap;
    }
}

kc_status kc_isagen_buf_finish(kc_isagen_buf *b, char **out, kc_err *err)
{
    if (b->oom || !b->s) {
        free(b->s);
        *out = NULL;
        return kc_err_set(err, KC_ERR_NOMEM, "out of memory while generating");
    }
    *out = b->s;
    return KC_OK;
}

void kc_isagen_buf_upper(char *dst, size_t size, const char *src)
{
    size_t i = 0;
    for (; src[i] && i + 1 < size; i++)
        dst[i] = (char)toupper((unsigned char)src[i]);
    dst[i] = 0;
}
