/* kc_asm_lex.c — the assembler's lexical layer: positioned diagnostics (file,
 * line, column of the offending text), register names, "did you mean"
 * suggestions, comment stripping and the split of an operand list at top-level
 * commas. Character classes (identifier, blank) are inline in kc_asm_int.h.
 */
#include "kc_asm_int.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

static kc_status asm_verror(asm_ctx *c, kc_status code, const char *at, const char *fmt, va_list ap)
{
    char msg[400];
    vsnprintf(msg, sizeof msg, fmt, ap);
    int col = kc_asm_lex_col(c, at);
    return kc_err_at(c->err, code, c->file, c->lineno, col, "%s", msg);
}

__attribute__((format(printf, 3, 4)))
kc_status kc_asm_lex_error(asm_ctx *c, const char *at, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    kc_status s = asm_verror(c, KC_ERR_SYNTAX, at, fmt, ap);
    va_end(ap);
    return s;
}

__attribute__((format(printf, 3, 4)))
kc_status kc_asm_lex_range_error(asm_ctx *c, const char *at, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    kc_status s = asm_verror(c, KC_ERR_RANGE, at, fmt, ap);
    va_end(ap);
    return s;
}

void kc_asm_lex_suggest_try(asm_suggest *s, const char *cand)
{
    int d = kc_asm_edit_distance(s->word, s->len, cand, strlen(cand));
    int limit = s->len <= 3 ? 1 : 2;
    if (d <= limit && d < s->dist) {
        s->dist = d;
        s->best = cand;
    }
}

/* Recognises a register name of any file: returns its regfile and index (which
 * may be out of range) or NULL. */
const kc_isa_regfile *kc_asm_lex_reg_name(const kc_isa *isa, const char *s, size_t len, long *idx)
{
    for (size_t i = 0; i < isa->nregfiles; i++) {
        const kc_isa_regfile *rf = &isa->regfiles[i];
        size_t pl = strlen(rf->prefix);
        if (len <= pl || len > pl + 4 || strncasecmp(s, rf->prefix, pl))
            continue;
        long v = 0;
        size_t k = pl;
        for (; k < len && isdigit((unsigned char)s[k]); k++)
            v = v * 10 + (s[k] - '0');
        if (k == len) {
            *idx = v;
            return rf;
        }
    }
    return NULL;
}

/* Splits the operand list at top-level commas (parentheses nest; brackets nest
 * only when `brackets` (bundle ISAs: [p0, 64]); otherwise they never hold commas,
 * so an unclosed '[' is reported by the operand itself). */
int kc_asm_lex_split(char *p, asm_opnd *ops, char **extra, int brackets)
{
    int n = 0, depth = 0;
    *extra = NULL;
    p = asm_skip_space(p);
    if (!*p)
        return 0;
    char *start = p;
    for (;; p++) {
        if (*p == '(' || (brackets && *p == '['))
            depth++;
        else if ((*p == ')' || (brackets && *p == ']')) && depth > 0)
            depth--;
        if ((*p == ',' && depth == 0) || !*p) {
            char *e = p;
            while (e > start && (e[-1] == ' ' || e[-1] == '\t'))
                e--;
            int last = !*p;
            *e = 0;
            if (n < ASM_MAX_OPERANDS)
                ops[n].s = start;
            else if (!*extra)
                *extra = start;
            n++;
            if (last)
                break;
            start = asm_skip_space(p + 1);
            p = start - 1;
        }
    }
    return n;
}

int kc_asm_lex_col(const asm_ctx *c, const char *at)
{
    return c->force_col > 0 ? c->force_col : (at ? (int)(at - c->lbuf) + 1 : 1);
}

void kc_asm_lex_strip_comment(char *line, int hash_immediates)
{
    for (char *p = line; *p; p++)
        if ((*p == '#' && !hash_immediates) || (p[0] == '/' && p[1] == '/')) {
            *p = 0;
            return;
        }
}
