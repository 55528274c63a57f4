/* kc_isagen.c — the committed generated files of an ISA table: writing them, and
 * checking a committed copy against freshly generated text (the staleness tests).
 * The generators themselves: kc_isagen_verilog.c (Verilog header) and
 * kc_isagen_doc.c (ISA document).
 */
#include "kc_isagen.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

kc_status kc_isagen_write(const char *path, const char *text, kc_err *err)
{
    FILE *f = fopen(path, "wb");
    if (!f)
        return kc_err_set(err, KC_ERR_IO, "cannot write %s", path);
    size_t n = strlen(text);
    int bad = fwrite(text, 1, n, f) != n;
    bad |= fclose(f) != 0;
    if (bad)
        return kc_err_set(err, KC_ERR_IO, "error writing %s", path);
    return KC_OK;
}

kc_status kc_isagen_compare(const char *path, const char *text, const char *regen_cmd, kc_err *err)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return kc_err_set(err, KC_ERR_IO, "%s is missing; generate it with: %s", path, regen_cmd);
    size_t cap = strlen(text) + 4096, n = 0;
    char *have = malloc(cap + 1);
    if (!have) {
        fclose(f);
        return kc_err_set(err, KC_ERR_NOMEM, "out of memory");
    }
    size_t got;
    while ((got = fread(have + n, 1, cap - n, f)) > 0 && n + got < cap)
        n += got;
    n += got;
    fclose(f);
    have[n] = 0;
    if (n == strlen(text) && !memcmp(have, text, n)) {
        free(have);
        return KC_OK;
    }
    int line = 1;
    size_t i = 0;
    while (i < n && text[i] && have[i] == text[i]) {
        if (text[i] == '\n')
            line++;
        i++;
    }
    size_t ls = i;
    while (ls > 0 && text[ls - 1] != '\n')
        ls--;
    int wl = (int)strcspn(text + ls, "\n"), hl = (int)strcspn(have + ls, "\n");
    kc_err_set(err, KC_ERR_INTERNAL, "%s is stale (differs from the table from line %d):\n"
               "  committed: %.*s\n  generated: %.*s\nregenerate with: %s",
               path, line, hl > 200 ? 200 : hl, have + ls, wl > 200 ? 200 : wl, text + ls, regen_cmd);
    free(have);
    return KC_ERR_INTERNAL;
}
