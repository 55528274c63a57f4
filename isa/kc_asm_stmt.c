/* kc_asm_stmt.c — one source line to instruction words: labels, directives
 * (.equ/.set/.word), operands checked against the table's operand kinds and
 * ranges, field encoding, and pseudo-instructions expanded through their
 * textual templates into statements that take the same path. The same code
 * runs in both passes (pass 1 sizes and defines labels, pass 2 emits).
 */
#include "kc_asm_int.h"

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* ---- operands ---------------------------------------------------------------------- */

static kc_status asm_register(asm_ctx *c, kc_isa_kind kind, char *s, int64_t *out)
{
    const kc_isa_regfile *want = kc_isa_regfile_of(c->isa, kind);
    const char *phrase = kc_isa_kind_phrase(kind);
    size_t n = strlen(s);
    long idx;
    if (s[0] == '[')
        return kc_asm_lex_error(c, s, "expected %s, got '%s' (brackets mark %s)", phrase, s,
                                c->isa->bundle_slots ? "memory operands" : "vector rows");
    const kc_isa_regfile *rf = kc_asm_lex_reg_name(c->isa, s, n, &idx);
    if (!rf) {
        if (!*s)
            return kc_asm_lex_error(c, s, "expected %s, got nothing", phrase);
        return kc_asm_lex_error(c, s, "expected %s, got '%s'", phrase, s);
    }
    if (rf != want)
        return kc_asm_lex_error(c, s, "expected %s, got '%s' (one of the %s)", phrase, s, rf->what);
    if (idx >= rf->count)
        return kc_asm_lex_error(c, s, "register '%s' does not exist: %s are %s0..%s%d",
                         s, rf->what, rf->prefix, rf->prefix, rf->count - 1);
    *out = idx;
    return KC_OK;
}

static kc_status asm_vector_row(asm_ctx *c, char *s, int64_t *out)
{
    if (s[0] != '[') {
        long idx;
        if (kc_asm_lex_reg_name(c->isa, s, strlen(s), &idx) == kc_isa_regfile_of(c->isa, KC_ISA_K_R))
            return kc_asm_lex_error(c, s, "expected a vector row like [r3]: write the row register in brackets, [%s]", s);
        return kc_asm_lex_error(c, s, "expected a vector row like [r3], got '%s'", s);
    }
    char *close = strchr(s, ']');
    if (!close)
        return kc_asm_lex_error(c, s + strlen(s), "missing ']' to close the vector row '%s'", s);
    if (close[1])
        return kc_asm_lex_error(c, close + 1, "unexpected '%s' after ']'", close + 1);
    *close = 0;
    char *inner = asm_skip_space(s + 1);
    char *e = inner + strlen(inner);
    while (e > inner && (e[-1] == ' ' || e[-1] == '\t'))
        *--e = 0;
    long idx;
    if (!kc_asm_lex_reg_name(c->isa, inner, strlen(inner), &idx) && *inner)
        return kc_asm_lex_error(c, inner, "a vector row is an integer register in brackets like [r3], "
                         "got '[%s]'", inner);
    return asm_register(c, KC_ISA_K_R, inner, out);
}

static kc_status asm_cfg(asm_ctx *c, const kc_isa_operand *spec, char *s, int64_t *out)
{
    const kc_isa *isa = c->isa;
    size_t n = strlen(s);
    const kc_isa_cfg *cfg = kc_isa_cfg_by_name(isa, s, n);
    if (cfg) {
        *out = cfg->id;
        return KC_OK;
    }
    int is_ident = n && asm_ident_start((unsigned char)s[0]);
    for (size_t i = 0; is_ident && i < n; i++)
        is_ident = asm_ident_char((unsigned char)s[i]);
    if (is_ident && !kc_asm_sym_find(c, s, n)) {
        char known[160] = "";
        asm_suggest sg = {s, n, NULL, 1 << 30};
        for (size_t i = 0; i < isa->ncfgs; i++) {
            size_t k = strlen(known);
            snprintf(known + k, sizeof known - k, "%s%s", i ? ", " : "", isa->cfgs[i].name);
            kc_asm_lex_suggest_try(&sg, isa->cfgs[i].name);
        }
        if (sg.best)
            return kc_asm_lex_error(c, s, "unknown configuration register '%s'; did you mean '%s'?", s, sg.best);
        return kc_asm_lex_error(c, s, "unknown configuration register '%s'; known: %s", s, known);
    }
    /* A numeric id: what the disassembler prints for ids the table does not name. */
    int64_t v = 0;
    if (kc_asm_expr_eval_int(c, s, "a configuration register", &v))
        return c->err->code;
    if (!c->unresolved && (v < spec->min || v > spec->max))
        return kc_asm_lex_range_error(c, s, "configuration register id %lld out of range: allowed %lld..%lld",
                               (long long)v, (long long)spec->min, (long long)spec->max);
    *out = v;
    return KC_OK;
}

static kc_status asm_immediate(asm_ctx *c, const char *mn, const kc_isa_operand *spec, char *s, int64_t *out)
{
    int64_t v = 0;
    if (kc_asm_expr_eval_int(c, s, kc_isa_kind_phrase(spec->kind), &v))
        return c->err->code;
    if (spec->kind == KC_ISA_K_B) {
        int64_t off = v - (int64_t)c->pc;
        if (!c->unresolved && (off < spec->min || off > spec->max))
            return kc_asm_lex_range_error(c, s, "target %lld is out of reach of '%s' at instruction %u: "
                                   "offset %lld not in %lld..%lld", (long long)v, mn, c->pc,
                                   (long long)off, (long long)spec->min, (long long)spec->max);
        *out = off;
        return KC_OK;
    }
    if (!c->unresolved && (v < spec->min || v > spec->max)) {
        const char *what = spec->kind == KC_ISA_K_N ? "loop count" : "immediate";
        return kc_asm_lex_range_error(c, s, "%s %lld out of range for '%s': allowed %lld..%lld",
                               what, (long long)v, mn, (long long)spec->min, (long long)spec->max);
    }
    *out = v;
    return KC_OK;
}

/* A memory operand "[pN]" or "[pN, off]": the pointer's index in *out, the
 * offset text (NUL-terminated in place) in *inner, NULL when there is none. */
static kc_status asm_memory(asm_ctx *c, char *s, int64_t *out, char **inner)
{
    *inner = NULL;
    if (s[0] != '[') {
        long idx;
        if (kc_asm_lex_reg_name(c->isa, s, strlen(s), &idx) == kc_isa_regfile_of(c->isa, KC_ISA_K_P))
            return kc_asm_lex_error(c, s, "expected a memory operand: write the pointer in brackets, [%s]", s);
        return kc_asm_lex_error(c, s, "expected %s, got '%s'", kc_isa_kind_phrase(KC_ISA_K_L), s);
    }
    size_t n = strlen(s);
    if (s[n - 1] != ']')
        return kc_asm_lex_error(c, s + n, "missing ']' to close the memory operand '%s'", s);
    s[n - 1] = 0;
    char *p = asm_skip_space(s + 1);
    char *comma = strchr(p, ',');
    if (comma) {
        *comma = 0;
        *inner = asm_skip_space(comma + 1);
        char *e = *inner + strlen(*inner);
        while (e > *inner && (e[-1] == ' ' || e[-1] == '\t'))
            *--e = 0;
    }
    char *e = p + strlen(p);
    while (e > p && (e[-1] == ' ' || e[-1] == '\t'))
        *--e = 0;
    return asm_register(c, KC_ISA_K_P, p, out);
}

static kc_status asm_operand(asm_ctx *c, const char *mn, const kc_isa_operand *spec, char *s, int64_t *out)
{
    if (c->isa->hash_immediates && s[0] == '#')
        s = asm_skip_space(s + 1);
    switch (spec->kind) {
    case KC_ISA_K_R: case KC_ISA_K_F: case KC_ISA_K_A:
    case KC_ISA_K_P: case KC_ISA_K_O: case KC_ISA_K_W: case KC_ISA_K_Q:
        return asm_register(c, spec->kind, s, out);
    case KC_ISA_K_V: case KC_ISA_K_M:
        return asm_vector_row(c, s, out);
    case KC_ISA_K_C:
        return asm_cfg(c, spec, s, out);
    case KC_ISA_K_I: {
        if (kc_asm_expr_eval_int(c, s, "an integer expression", out))
            return c->err->code;
        if (!c->unresolved && (*out < spec->min || *out > spec->max))
            return kc_asm_lex_range_error(c, s, "value %lld does not fit in 32 bits: allowed %lld..%lld",
                                   (long long)*out, (long long)spec->min, (long long)spec->max);
        return KC_OK;
    }
    default:
        return asm_immediate(c, mn, spec, s, out);
    }
}

/* ---- output ------------------------------------------------------------------------ */

kc_status kc_asm_stmt_emit(asm_ctx *c, uint32_t word, const char *at)
{
    /* Bundle ISAs: the pc is a bundle index, advanced by kc_asm_bundle_close. */
    if (!c->bundle && !c->statement_mode && c->pc >= c->isa->imem_words)
        return kc_asm_lex_range_error(c, at, "program is larger than the instruction memory (%u instructions)",
                               c->isa->imem_words);
    if (c->pass == 2) {
        if (c->nwords == c->capwords) {
            if (c->statement_mode)
                return kc_asm_lex_error(c, at, "statement expands to more than %zu words", c->maxwords);
            size_t cap = c->capwords ? c->capwords * 2 : 256;
            uint32_t *w = realloc(c->words, cap * sizeof *w);
            if (w)
                c->words = w;
            int *l = realloc(c->lines, cap * sizeof *l);
            if (l)
                c->lines = l;
            if (!w || !l)
                return kc_err_set(c->err, KC_ERR_NOMEM, "out of memory");
            c->capwords = cap;
        }
        c->words[c->nwords] = word;
        if (c->lines)
            c->lines[c->nwords] = c->lineno;
        c->nwords++;
    }
    if (!c->bundle)
        c->pc++;
    return KC_OK;
}

/* ---- statements ---------------------------------------------------------------------- */

static kc_status asm_count_error(asm_ctx *c, const char *mn_at, const char *name,
                                 const kc_isa_operand *ops, int nops, asm_opnd *got, int ngot,
                                 char *extra, char *line_end)
{
    char usage[160];
    kc_asm_usage(name, ops, nops, usage, sizeof usage);
    if (ngot > nops) {
        char *at = nops < ASM_MAX_OPERANDS ? got[nops].s : extra;
        if (nops == 0)
            return kc_asm_lex_error(c, at, "'%s' takes no operands", name);
        return kc_asm_lex_error(c, at, "too many operands: '%s' takes %d (usage: %s)", name, nops, usage);
    }
    (void)mn_at;
    return kc_asm_lex_error(c, line_end, "missing operand %d of '%s': expected %s (usage: %s)",
                     ngot + 1, name, kc_isa_kind_phrase(ops[ngot].kind), usage);
}

/* Operands written in the source: a J operand lives inside the preceding L's brackets. */
static int asm_written_ops(const kc_isa_insn *in)
{
    int n = 0;
    for (int i = 0; i < in->nops; i++)
        n += in->ops[i].kind != KC_ISA_K_J;
    return n;
}

static kc_status asm_insn(asm_ctx *c, const kc_isa_insn *in, char *mn_at, asm_opnd *ops, int n,
                          char *extra, char *line_end)
{
    const char *mn = kc_isa_insn_mnemonic(in);
    if (n != asm_written_ops(in))
        return asm_count_error(c, mn_at, mn, in->ops, in->nops, ops, n, extra, line_end);
    uint32_t word = in->match;
    char *inner = NULL, zero[] = "0";
    for (int i = 0, k = 0; i < in->nops; i++) {
        const kc_isa_operand *spec = &in->ops[i];
        int64_t v = 0;
        if (spec->kind == KC_ISA_K_J) {
            if (asm_operand(c, mn, spec, inner ? inner : zero, &v))
                return c->err->code;
            inner = NULL;
        } else {
            char *src = ops[k++].s;
            if (inner)
                return kc_asm_lex_error(c, inner, "this form of '%s' takes no offset inside the brackets", mn);
            if (!*src)
                return kc_asm_lex_error(c, src, "missing operand %d of '%s': expected %s",
                                        k, mn, kc_isa_kind_phrase(spec->kind));
            if (spec->kind == KC_ISA_K_L ? asm_memory(c, src, &v, &inner) : asm_operand(c, mn, spec, src, &v))
                return c->err->code;
        }
        uint32_t fm = spec->field->width >= 32 ? 0xffffffffu : ((uint32_t)1 << spec->field->width) - 1;
        word |= ((uint32_t)v & fm) << spec->field->lo;
    }
    if (inner)
        return kc_asm_lex_error(c, inner, "this form of '%s' takes no offset inside the brackets", mn);
    if (c->bundle)
        return kc_asm_bundle_add(c, in, word, mn_at);
    return kc_asm_stmt_emit(c, word, mn_at);
}

/* ---- operand forms (rows sharing a mnemonic) ----------------------------------------- */

/* Does the source operand look like what kind k takes? A syntactic test only,
 * so the form can be chosen before any diagnostic is recorded. */
static int asm_shape_fits(asm_ctx *c, const kc_isa_operand *spec, const char *s, int *has_inner)
{
    long idx;
    if (c->isa->hash_immediates && s[0] == '#')
        s++;
    const kc_isa_regfile *rf = kc_asm_lex_reg_name(c->isa, s, strlen(s), &idx);
    const kc_isa_cfg *cfg = kc_isa_cfg_by_name(c->isa, s, strlen(s));
    switch (spec->kind) {
    case KC_ISA_K_R: case KC_ISA_K_F: case KC_ISA_K_A:
    case KC_ISA_K_P: case KC_ISA_K_O: case KC_ISA_K_W: case KC_ISA_K_Q:
        return rf && rf == kc_isa_regfile_of(c->isa, spec->kind);
    case KC_ISA_K_L: {
        if (s[0] != '[')
            return 0;
        int depth = 0;
        *has_inner = 0;
        for (const char *p = s + 1; *p; p++) {
            depth += *p == '(' ? 1 : *p == ')' ? -1 : 0;
            if (*p == ',' && depth == 0)
                *has_inner = 1;
        }
        return 1;
    }
    case KC_ISA_K_C:
        return cfg && cfg->id >= spec->min && cfg->id <= spec->max;
    default:
        return !rf && !cfg && s[0] != '[';
    }
}

static int asm_form_fits(asm_ctx *c, const kc_isa_insn *in, asm_opnd *ops, int n)
{
    if (n != asm_written_ops(in))
        return 0;
    int inner = 0;
    for (int i = 0, k = 0; i < in->nops; i++) {
        if (in->ops[i].kind == KC_ISA_K_J) {
            inner = 0;
            continue;
        }
        if (inner || !asm_shape_fits(c, &in->ops[i], ops[k++].s, &inner))
            return 0;
    }
    return !inner;
}

/* The row of a shared mnemonic whose operand form the source has; NULL with an
 * error listing the forms when none fits. */
static const kc_isa_insn *asm_pick_form(asm_ctx *c, const kc_isa_insn *first, char *mn_at, asm_opnd *ops, int n)
{
    for (const kc_isa_insn *in = first; in; in = kc_isa_insn_next_form(c->isa, in))
        if (asm_form_fits(c, in, ops, n))
            return in;
    char forms[600];
    size_t k = 0;
    forms[0] = 0;
    for (const kc_isa_insn *in = first; in && k < sizeof forms; in = kc_isa_insn_next_form(c->isa, in)) {
        char usage[160];
        kc_asm_usage(kc_isa_insn_mnemonic(in), in->ops, in->nops, usage, sizeof usage);
        k += (size_t)snprintf(forms + k, sizeof forms - k, "%s%s", k ? " | " : "", usage);
    }
    kc_asm_lex_error(c, mn_at, "no form of '%s' takes these operands; its forms: %s",
                     kc_isa_insn_mnemonic(first), forms);
    return NULL;
}

/* Parses "mnemonic operands" in a NUL-terminated buffer and assembles it. */
static kc_status asm_statement(asm_ctx *c, char *p, int allow_pseudo);

static int asm_cond_holds(const char *cond, size_t len, int64_t v, int known)
{
    if (len == 3 && !strncmp(cond, "s16", 3))
        return known && v >= -32768 && v <= 32767;
    if (len == 2 && !strncmp(cond, "lo", 2))
        return !known || (v & 0xffff) != 0;
    return -1;
}

static kc_status asm_pseudo(asm_ctx *c, const kc_isa_pseudo *ps, char *mn_at, asm_opnd *ops, int n,
                            char *extra, char *line_end)
{
    if (n != ps->nops)
        return asm_count_error(c, mn_at, ps->name, ps->ops, ps->nops, ops, n, extra, line_end);
    char text[KC_ISA_MAX_OPS][32];
    int64_t val[KC_ISA_MAX_OPS];
    int64_t value = 0;
    int known = 1;
    for (int i = 0; i < n; i++) {
        const kc_isa_operand *spec = &ps->ops[i];
        char *s = ops[i].s;
        if (!*s)
            return kc_asm_lex_error(c, s, "missing operand %d of '%s': expected %s",
                             i + 1, ps->name, kc_isa_kind_phrase(spec->kind));
        if (spec->kind == KC_ISA_K_X) {
            asm_val v = {0, 0, 0.0};
            if (kc_asm_expr_eval(c, s, 1, kc_isa_kind_phrase(spec->kind), &v))
                return c->err->code;
            double d = kc_asm_expr_num(&v);
            float f = (float)d;
            if (isfinite(d) && isinf(f))
                return kc_asm_lex_range_error(c, s, "value %g is outside the fp32 range (max %g)", d, FLT_MAX);
            uint32_t bits;
            memcpy(&bits, &f, sizeof bits);
            val[i] = bits;
        } else if (asm_operand(c, ps->name, spec, s, &val[i])) {
            return c->err->code;
        }
        if (spec->kind == KC_ISA_K_I || spec->kind == KC_ISA_K_X) {
            if (c->unresolved)
                known = 0;
            if (val[i] > INT32_MAX)   /* 32-bit patterns: 0xffffffff is -1 */
                val[i] -= (int64_t)1 << 32;
            value = val[i];
        }
        const kc_isa_regfile *rf = kc_isa_regfile_of(c->isa, spec->kind);
        if (spec->kind == KC_ISA_K_V || spec->kind == KC_ISA_K_M)
            snprintf(text[i], sizeof text[i], "[%s%lld]", rf->prefix, (long long)val[i]);
        else if (rf)
            snprintf(text[i], sizeof text[i], "%s%lld", rf->prefix, (long long)val[i]);
        else
            snprintf(text[i], sizeof text[i], "%lld", (long long)val[i]);
    }
    /* The word count must not change between the passes: a value pass 1 could not
     * resolve keeps the long form in pass 2 too. */
    if (c->pass == 1 && !known && !c->statement_mode) {
        if ((size_t)c->lineno >= c->nsized) {
            size_t cap = (size_t)c->lineno * 2 + 64;
            unsigned char *p = realloc(c->sized_long, cap);
            if (!p)
                return kc_err_set(c->err, KC_ERR_NOMEM, "out of memory");
            memset(p + c->nsized, 0, cap - c->nsized);
            c->sized_long = p;
            c->nsized = cap;
        }
        c->sized_long[c->lineno] = 1;
    }
    if (c->pass == 2 && (size_t)c->lineno < c->nsized && c->sized_long[c->lineno])
        known = 0;

    int saved_col = c->force_col;
    const char *saved_lbuf = c->lbuf;
    if (!c->force_col)
        c->force_col = (int)(mn_at - c->lbuf) + 1;
    const char *t = ps->expansion;
    kc_status st = KC_OK;
    int kept = 0;
    while (*t && st == KC_OK) {
        char line[160];
        size_t k = 0;
        int keep = 1;
        while (*t == ' ' || *t == ';')
            t++;
        while (*t == '?') {
            int neg = t[1] == '!';
            const char *cond = t + 1 + neg;
            size_t len = strcspn(cond, " ");
            int h = asm_cond_holds(cond, len, value, known);
            if (h < 0) {
                st = kc_err_set(c->err, KC_ERR_INTERNAL, "%s: pseudo '%s': unknown condition '%.*s'",
                                c->isa->def_path, ps->name, (int)len, cond);
                break;
            }
            keep &= neg ? !h : h;
            t = cond + len;
            while (*t == ' ')
                t++;
        }
        while (st == KC_OK && *t && *t != ';' && k < sizeof line - 24) {
            if (*t != '{') {
                line[k++] = *t++;
                continue;
            }
            size_t len = strcspn(t + 1, "}.");
            int i = 0;
            while (i < n && (strlen(ps->ops[i].name) != len || strncmp(ps->ops[i].name, t + 1, len)))
                i++;
            if (i == n) {
                st = kc_err_set(c->err, KC_ERR_INTERNAL, "%s: pseudo '%s': unknown placeholder in '%s'",
                                c->isa->def_path, ps->name, ps->expansion);
                break;
            }
            const char *after = t + 1 + len;
            uint32_t u = (uint32_t)val[i];
            if (!strncmp(after, ".hi}", 4)) {
                k += (size_t)snprintf(line + k, sizeof line - k, "%u", (u >> 16) & 0xffffu);
                t = after + 4;
            } else if (!strncmp(after, ".lo}", 4)) {
                k += (size_t)snprintf(line + k, sizeof line - k, "%u", u & 0xffffu);
                t = after + 4;
            } else {
                k += (size_t)snprintf(line + k, sizeof line - k, "%s", text[i]);
                t = after + 1;
            }
        }
        line[k] = 0;
        if (st == KC_OK && keep) {
            /* Bundle ISAs: each further instruction of the expansion takes the next
             * bundle, so the pseudo must be the only statement of its bundle. */
            if (kept++ && c->bundle) {
                if (c->bundle->in_brace || c->bundle->line_stmts > 1 || c->bundle->npend > 1)
                    st = kc_asm_lex_error(c, mn_at, "'%s' expands to several instructions here (one "
                                          "bundle each): write it alone on its line, outside braces", ps->name);
                else
                    st = kc_asm_bundle_close(c, mn_at);
                if (st)
                    break;
            }
            c->lbuf = line;
            st = asm_statement(c, line, 0);
            c->lbuf = saved_lbuf;
        }
    }
    c->force_col = saved_col;
    return st;
}

static kc_status asm_word_directive(asm_ctx *c, char *mn_at, asm_opnd *ops, int n, char *line_end)
{
    if (c->bundle)
        return kc_asm_lex_error(c, mn_at, "'.word' has no slot in a bundle: write raw bundles as "
                                "'.bundle w0, ..., w%d'", c->isa->bundle_slots - 1);
    if (n == 0)
        return kc_asm_lex_error(c, line_end, "'.word' needs at least one value");
    if (n > ASM_MAX_OPERANDS)
        return kc_asm_lex_error(c, mn_at, "at most %d values per '.word' line", ASM_MAX_OPERANDS);
    for (int i = 0; i < n; i++) {
        int64_t v = 0;
        if (!*ops[i].s)
            return kc_asm_lex_error(c, ops[i].s, "missing value %d of '.word'", i + 1);
        if (kc_asm_expr_eval_int(c, ops[i].s, "an integer expression", &v))
            return c->err->code;
        if (!c->unresolved && (v < INT32_MIN || v > (int64_t)UINT32_MAX))
            return kc_asm_lex_range_error(c, ops[i].s, "value %lld does not fit in 32 bits", (long long)v);
        if (kc_asm_stmt_emit(c, (uint32_t)v, mn_at))
            return c->err->code;
    }
    return KC_OK;
}

static kc_status asm_equ(asm_ctx *c, char *mn, size_t mnlen, char *mn_at, asm_opnd *ops, int n,
                         char *line_end)
{
    int is_set = mnlen == 4 && !strncasecmp(mn, ".set", 4);
    if (c->statement_mode)
        return kc_asm_lex_error(c, mn_at, "'%.*s' is not allowed here", (int)mnlen, mn);
    if (n < 2)
        return kc_asm_lex_error(c, n ? line_end : mn_at, "usage: %.*s NAME, expression", (int)mnlen, mn);
    if (n > 2)
        return kc_asm_lex_error(c, ops[2].s, "too many operands: usage: %.*s NAME, expression", (int)mnlen, mn);
    char *name = ops[0].s;
    size_t nl = strlen(name);
    int ok = nl && asm_ident_start((unsigned char)name[0]);
    for (size_t i = 0; ok && i < nl; i++)
        ok = asm_ident_char((unsigned char)name[i]);
    if (!ok)
        return kc_asm_lex_error(c, name, "'%s' is not a valid constant name", name);
    if (kc_asm_sym_check_name(c, name, nl, "constant"))
        return c->err->code;
    int64_t v = 0;
    int saved = c->statement_mode;
    c->statement_mode = 1;     /* constants only use what is already defined */
    kc_status st = kc_asm_expr_eval_int(c, ops[1].s, "an integer expression", &v);
    c->statement_mode = saved;
    if (st)
        return st;
    asm_sym *s = kc_asm_sym_find(c, name, nl);
    if (!s)
        return kc_asm_sym_add(c, name, nl, v, 0, is_set);
    if (c->pass == 2 && s->line == c->lineno) {   /* first definition, seen again */
        s->value = v;
        s->pass_set = 2;
        return KC_OK;
    }
    if (s->is_label || !s->is_set || !is_set)
        return kc_asm_lex_error(c, name, "'%s' is already defined on line %d%s", name, s->line,
                         s->is_label ? " (as a label)" : "; use .set for a constant that changes");
    s->value = v;
    s->pass_set = c->pass;
    return KC_OK;
}

static kc_status asm_unknown_mnemonic(asm_ctx *c, char *mn, size_t len, int has_operands)
{
    const kc_isa *isa = c->isa;
    asm_suggest sg = {mn, len, NULL, 1 << 30};
    for (size_t i = 0; i < isa->ninsns; i++)
        kc_asm_lex_suggest_try(&sg, kc_isa_insn_mnemonic(&isa->insns[i]));
    for (size_t i = 0; i < isa->npseudos; i++)
        kc_asm_lex_suggest_try(&sg, isa->pseudos[i].name);
    static const char *const directives[] = {".equ", ".set", ".word", ".tile", ".bundle", ".nocheck", ".check"};
    for (size_t i = 0; i < (isa->bundle_slots ? 7u : 3u); i++)
        kc_asm_lex_suggest_try(&sg, directives[i]);
    if (sg.best)
        return kc_asm_lex_error(c, mn, "unknown instruction '%.*s'; did you mean '%s'?", (int)len, mn, sg.best);
    if (!has_operands && mn[0] != '.')
        return kc_asm_lex_error(c, mn, "unknown instruction '%.*s'; a label needs a colon: '%.*s:'",
                         (int)len, mn, (int)len, mn);
    return kc_asm_lex_error(c, mn, "unknown %s '%.*s'", mn[0] == '.' ? "directive" : "instruction", (int)len, mn);
}

kc_status kc_asm_stmt_one(asm_ctx *c, char *p, int allow_pseudo)
{
    return asm_statement(c, p, allow_pseudo);
}

static kc_status asm_statement(asm_ctx *c, char *p, int allow_pseudo)
{
    p = asm_skip_space(p);
    char *mn = p;
    if (!asm_ident_start((unsigned char)*p))
        return kc_asm_lex_error(c, p, "expected an instruction, got '%s'", p);
    while (asm_ident_char((unsigned char)*p))
        p++;
    size_t mnlen = (size_t)(p - mn);
    if (*p && *p != ' ' && *p != '\t')
        return kc_asm_lex_error(c, p, "unexpected '%c' after '%.*s'", *p, (int)mnlen, mn);
    char *line_end = p + strlen(p);
    while (line_end > p && (line_end[-1] == ' ' || line_end[-1] == '\t'))
        line_end--;
    asm_opnd ops[ASM_MAX_OPERANDS];
    char *extra;
    /* mn is not NUL-terminated yet; the split writes NULs only past it. */
    int n = kc_asm_lex_split(p, ops, &extra, c->isa->bundle_slots > 0);
    if (mn[0] == '.') {
        if ((mnlen == 4 && (!strncasecmp(mn, ".equ", 4) || !strncasecmp(mn, ".set", 4))))
            return asm_equ(c, mn, mnlen, mn, ops, n, line_end);
        if (mnlen == 5 && !strncasecmp(mn, ".word", 5))
            return asm_word_directive(c, mn, ops, n, line_end);
    }
    const kc_isa_insn *in = kc_isa_insn_by_name(c->isa, mn, mnlen);
    if (in && kc_isa_insn_next_form(c->isa, in) && !(in = asm_pick_form(c, in, mn, ops, n)))
        return c->err->code;
    if (in)
        return asm_insn(c, in, mn, ops, n, extra, line_end);
    const kc_isa_pseudo *ps = allow_pseudo ? kc_isa_pseudo_by_name(c->isa, mn, mnlen) : NULL;
    if (ps)
        return asm_pseudo(c, ps, mn, ops, n, extra, line_end);
    return asm_unknown_mnemonic(c, mn, mnlen, n > 0);
}

kc_status kc_asm_stmt_line(asm_ctx *c, char *line)
{
    c->lbuf = line;
    kc_asm_lex_strip_comment(line, c->isa->hash_immediates);
    char *p = asm_skip_space(line);
    /* Labels: identifiers followed by ':' (several may precede a statement). */
    for (;;) {
        char *q = p;
        if (!asm_ident_start((unsigned char)*q))
            break;
        while (asm_ident_char((unsigned char)*q))
            q++;
        char *colon = asm_skip_space(q);
        if (*colon != ':')
            break;
        size_t n = (size_t)(q - p);
        if (c->statement_mode)
            return kc_asm_lex_error(c, p, "labels are not allowed here");
        if (c->bundle && c->bundle->in_brace)
            return kc_asm_lex_error(c, p, "a label inside a '{ ... }' bundle: put it before the '{'");
        if (c->pass == 1) {
            if (kc_asm_sym_check_name(c, p, n, "label"))
                return c->err->code;
            asm_sym *s = kc_asm_sym_find(c, p, n);
            if (s)
                return kc_asm_lex_error(c, p, "duplicate label '%.*s' (first defined on line %d)",
                                 (int)n, p, s->line);
            if (kc_asm_sym_add(c, p, n, c->pc, 1, 0))
                return c->err->code;
        }
        p = asm_skip_space(colon + 1);
    }
    if (c->bundle)
        return kc_asm_bundle_line(c, p);
    if (!*p)
        return KC_OK;
    return asm_statement(c, p, 1);
}
