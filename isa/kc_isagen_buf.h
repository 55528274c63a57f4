/* kc_isagen_buf.h — growable text for the ISA generators (kc_isagen_verilog.c,
 * kc_isagen_doc.c): printf-style appends, an out-of-memory flag checked once at
 * the end. Internal to isa/.
 */
#ifndef KC_ISAGEN_BUF_H
#define KC_ISAGEN_BUF_H

#include <stddef.h>

#include "kc_err.h"

typedef struct kc_isagen_buf {
    char *s;
    size_t n, cap;
    int oom;
} kc_isagen_buf;

/* Appends; after an allocation failure it does nothing (kc_isagen_buf_finish reports it). */
__attribute__((format(printf, 2, 3)))
void kc_isagen_buf_printf(kc_isagen_buf *b, const char *fmt, ...);

/* Hands the text to *out (caller frees), or KC_ERR_NOMEM (the buffer is freed). */
kc_status kc_isagen_buf_finish(kc_isagen_buf *b, char **out, kc_err *err);

/* dst = src in upper case (truncated to size). */
void kc_isagen_buf_upper(char *dst, size_t size, const char *src);

#endif
