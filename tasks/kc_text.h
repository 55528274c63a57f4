/* kc_text.h — a growable text buffer for code generators. Out-of-memory is
 * sticky: appends after a failed allocation do nothing and kc_text_take
 * returns NULL, so generators check once at the end. */
#ifndef KC_TEXT_H
#define KC_TEXT_H

#include <stddef.h>

typedef struct kc_text {
    char *buf;
    size_t len, cap;
    int oom;
} kc_text;

void kc_text_init(kc_text *t);
void kc_text_printf(kc_text *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Hands the buffer to the caller (malloc'd, NUL-terminated) or NULL after OOM. */
char *kc_text_take(kc_text *t);
void kc_text_free(kc_text *t);

#endif
