#include "kc_file.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

kc_status kc_file_read(const char *path, char **data, size_t *size, kc_err *err)
{
    *data = NULL;
    FILE *f = strcmp(path, "-") ? fopen(path, "rb") : stdin;
    if (!f)
        return kc_err_set(err, KC_ERR_IO, "cannot open %s: %s", path, strerror(errno));
    size_t cap = 1 << 16, len = 0, got;
    char *buf = malloc(cap);
    while (buf && (got = fread(buf + len, 1, cap - len - 1, f)) > 0) {
        len += got;
        if (len + 1 == cap) {
            char *nb = realloc(buf, cap *= 2);
            if (!nb)
                free(buf);
            buf = nb;
        }
    }
    int bad = ferror(f);
    if (f != stdin)
        fclose(f);
    if (!buf)
        return kc_err_set(err, KC_ERR_NOMEM, "out of memory reading %s", path);
    if (bad) {
        free(buf);
        return kc_err_set(err, KC_ERR_IO, "error reading %s", path);
    }
    buf[len] = 0;
    *data = buf;
    if (size)
        *size = len;
    return KC_OK;
}
