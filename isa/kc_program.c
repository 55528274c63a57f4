/* kc_program.c — program images of the table ISAs (kc_program, declared in
 * kc_asm.h): hex text (one 32-bit word per line) and little-endian binary
 * readers, the hex writer, and freeing. Kept apart from the assembler because a
 * platform-generic image type (segments plus an entry point) replaces it.
 */
#include "kc_asm.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void kc_program_free(kc_program *p)
{
    if (!p)
        return;
    free(p->words);
    free(p->line);
    free(p->warnings);
    free(p->segs);
    memset(p, 0, sizeof *p);
}

static kc_status program_alloc(kc_program *out, size_t n, kc_err *err)
{
    memset(out, 0, sizeof *out);
    out->words = calloc(n ? n : 1, sizeof *out->words);
    out->line = calloc(n ? n : 1, sizeof *out->line);
    if (!out->words || !out->line) {
        kc_program_free(out);
        return kc_err_set(err, KC_ERR_NOMEM, "out of memory");
    }
    return KC_OK;
}

kc_status kc_program_from_hex(const char *text, const char *filename, kc_program *out, kc_err *err)
{
    size_t cap = 1;
    for (const char *p = text; *p; p++)
        cap += *p == '\n';
    if (program_alloc(out, cap + 1, err))
        return err->code;
    int line = 1;
    const char *p = text, *line_start = text;
    while (*p) {
        if (*p == '\n') {
            line++;
            line_start = ++p;
        } else if (isspace((unsigned char)*p)) {
            p++;
        } else if (*p == '#') {
            while (*p && *p != '\n')
                p++;
        } else {
            const char *s = p;
            if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X'))
                p += 2;
            const char *d = p;
            uint32_t w = 0;
            while (isxdigit((unsigned char)*p) && p - d < 8) {
                w = w * 16 + (uint32_t)(isdigit((unsigned char)*p) ? *p - '0' : tolower((unsigned char)*p) - 'a' + 10);
                p++;
            }
            if (p == d || (*p && !isspace((unsigned char)*p) && *p != '#')) {
                kc_program_free(out);
                return kc_err_at(err, KC_ERR_SYNTAX, filename, line, (int)(s - line_start) + 1,
                                 "expected a 32-bit hex word (up to 8 hex digits)");
            }
            if (out->nwords == cap) {
                kc_program_free(out);
                return kc_err_set(err, KC_ERR_SYNTAX, "%s: one hex word per line", filename ? filename : "hex");
            }
            out->line[out->nwords] = line;
            out->words[out->nwords++] = w;
        }
    }
    return KC_OK;
}

kc_status kc_program_from_bin(const uint8_t *bytes, size_t size, const char *filename,
                              kc_program *out, kc_err *err)
{
    if (size % 4)
        return kc_err_set(err, KC_ERR_USAGE, "%s: size %zu is not a multiple of 4 bytes",
                          filename ? filename : "image", size);
    if (program_alloc(out, size / 4, err))
        return err->code;
    for (size_t i = 0; i < size / 4; i++)
        out->words[i] = (uint32_t)bytes[4 * i] | (uint32_t)bytes[4 * i + 1] << 8 |
                        (uint32_t)bytes[4 * i + 2] << 16 | (uint32_t)bytes[4 * i + 3] << 24;
    out->nwords = size / 4;
    return KC_OK;
}

char *kc_program_to_hex(const kc_program *p)
{
    char *s = malloc(p->nwords * 9 + 1);
    if (!s)
        return NULL;
    size_t k = 0;
    for (size_t i = 0; i < p->nwords; i++)
        k += (size_t)sprintf(s + k, "%08x\n", p->words[i]);
    s[k] = 0;
    return s;
}
