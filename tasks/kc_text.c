/* kc_text.c — see kc_text.h. */
#include "kc_text.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void kc_text_init(kc_text *t)
{
    memset(t, 0, sizeof *t);
}

void kc_text_printf(kc_text *t, const char *fmt, ...)
{
    if (t->oom)
        return;
    for (;;) {
        va_list ap;
        size_t room = t->cap - t->len;
        va_start(ap, fmt);
        int n = vsnprintf(t->buf ? t->buf + t->len : NULL, room, fmt, ap);
        va_end(ap);
        if (n < 0) {
            t->oom = 1;
            return;
        }
        if ((size_t)n < room) {
            t->len += (size_t)n;
            return;
        }
        size_t cap = t->cap ? t->cap * 2 : 4096;
        while (cap < t->len + (size_t)n + 1)
            cap *= 2;
        char *b = realloc(t->buf, cap);
        if (!b) {
            t->oom = 1;
            return;
        }
        t->buf = b;
        t->cap = cap;
    }
}

char *kc_text_take(kc_text *t)
{
    char *b = t->oom ? NULL : t->buf;
    if (t->oom)
        free(t->buf);
    else if (!b)
        b = calloc(1, 1);
    kc_text_init(t);
    return b;
}

void kc_text_free(kc_text *t)
{
    free(t->buf);
    kc_text_init(t);
}
