/* kc_asm.c — the table-driven assembler and disassembler.
 *
 * Two passes over the source: pass 1 sizes every statement and defines labels
 * (operands are parsed too, so most errors come out in line order), pass 2
 * encodes with every label known. Statements are assembled by one routine in
 * both passes; symbols a pass-1 expression cannot resolve yet (forward labels)
 * are tolerated there and resolved in pass 2. Pseudo-instructions expand through
 * the textual templates in the ISA table, then go through the same routine as
 * hand-written instructions.
 */
#include "kc_asm.h"

#include <ctype.h>
#include <errno.h>
#include <float.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define ASM_MAX_OPERANDS 8

typedef struct asm_sym {
    char *name;
    int64_t value;
    int is_label;
    int is_set;          /* defined with .set: may be redefined */
    int line;            /* line of the first definition */
    int pass_set;        /* pass in which the current value was assigned */
} asm_sym;

typedef struct asm_ctx {
    const kc_isa *isa;
    const char *file;
    kc_err *err;
    int pass;            /* 1: sizes and labels; 2: encode */
    int statement_mode;  /* kc_asm_statement: no symbol definitions */
    int lineno;
    const char *lbuf;    /* start of the current line, for columns */
    int force_col;       /* >0: report errors at this column (pseudo expansion) */
    uint32_t pc;
    asm_sym *syms;
    size_t nsyms, capsyms;
    size_t *symtab;      /* open-addressing hash of syms: index + 1, 0 = empty */
    size_t symtab_size;  /* power of two, at least twice nsyms */
    uint32_t *words;     /* pass-2 output */
    int *lines;
    size_t nwords, capwords, maxwords;
    unsigned char *sized_long;  /* per line: pass 1 sized a pseudo without its value */
    size_t nsized;
    int unresolved;      /* an expression met a symbol that is not defined yet */
} asm_ctx;

typedef struct asm_opnd {
    char *s;             /* trimmed operand text, NUL-terminated */
} asm_opnd;

/* ---- errors ----------------------------------------------------------------- */

static kc_status asm_verror(asm_ctx *c, kc_status code, const char *at, const char *fmt, va_list ap)
{
    char msg[400];
    vsnprintf(msg, sizeof msg, fmt, ap);
    int col = c->force_col > 0 ? c->force_col : (at ? (int)(at - c->lbuf) + 1 : 1);
    return kc_err_at(c->err, code, c->file, c->lineno, col, "%s", msg);
}

__attribute__((format(printf, 3, 4)))
static kc_status asm_error(asm_ctx *c, const char *at, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    kc_status s = asm_verror(c, KC_ERR_SYNTAX, at, fmt, ap);
    va_end(ap);
    return s;
}

__attribute__((format(printf, 3, 4)))
static kc_status asm_range_error(asm_ctx *c, const char *at, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    kc_status s = asm_verror(c, KC_ERR_RANGE, at, fmt, ap);
    va_end(ap);
    return s;
}

/* ---- small helpers ------------------------------------------------------------ */

int kc_asm_edit_distance(const char *a, size_t alen, const char *b, size_t blen)
{
    enum { MAXL = 64 };
    if (alen > MAXL || blen > MAXL)
        return MAXL;
    int prev[MAXL + 1], cur[MAXL + 1];
    for (size_t j = 0; j <= blen; j++)
        prev[j] = (int)j;
    for (size_t i = 1; i <= alen; i++) {
        cur[0] = (int)i;
        for (size_t j = 1; j <= blen; j++) {
            int sub = prev[j - 1] + (tolower((unsigned char)a[i - 1]) != tolower((unsigned char)b[j - 1]));
            int del = prev[j] + 1, ins = cur[j - 1] + 1;
            cur[j] = sub < del ? (sub < ins ? sub : ins) : (del < ins ? del : ins);
        }
        memcpy(prev, cur, sizeof(int) * (blen + 1));
    }
    return prev[blen];
}

/* Keeps the closest candidate (within a distance that still looks like a typo). */
typedef struct asm_suggest {
    const char *word;
    size_t len;
    const char *best;
    int dist;
} asm_suggest;

static void asm_suggest_try(asm_suggest *s, const char *cand)
{
    int d = kc_asm_edit_distance(s->word, s->len, cand, strlen(cand));
    int limit = s->len <= 3 ? 1 : 2;
    if (d <= limit && d < s->dist) {
        s->dist = d;
        s->best = cand;
    }
}

static int asm_ident_start(int ch)
{
    return isalpha(ch) || ch == '_' || ch == '.' || ch == '$';
}

static int asm_ident_char(int ch)
{
    return isalnum(ch) || ch == '_' || ch == '.' || ch == '$';
}

static char *asm_skip_space(char *p)
{
    while (*p == ' ' || *p == '\t')
        p++;
    return p;
}

/* Recognises a register name of any file: returns its regfile and index (which
 * may be out of range) or NULL. */
static const kc_isa_regfile *asm_reg_name(const kc_isa *isa, const char *s, size_t len, long *idx)
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

/* FNV-1a: symbol lookup must stay O(1), kernels may define 10^5 constants. */
static size_t asm_sym_hash(const char *name, size_t len)
{
    uint64_t h = 1469598103934665603ull;
    for (size_t i = 0; i < len; i++)
        h = (h ^ (unsigned char)name[i]) * 1099511628211ull;
    return (size_t)(h ^ h >> 29);   /* the low bits alone cluster for names like C1, C2, ... */
}

/* The hash slot holding name, or the empty slot where it would go. */
static size_t *asm_sym_slot(asm_ctx *c, const char *name, size_t len)
{
    size_t mask = c->symtab_size - 1;
    for (size_t i = asm_sym_hash(name, len) & mask;; i = (i + 1) & mask) {
        size_t *slot = &c->symtab[i];
        if (!*slot)
            return slot;
        const char *nm = c->syms[*slot - 1].name;
        if (!strncmp(nm, name, len) && !nm[len])
            return slot;
    }
}

static asm_sym *asm_sym_find(asm_ctx *c, const char *name, size_t len)
{
    if (!c->symtab_size)
        return NULL;
    size_t *slot = asm_sym_slot(c, name, len);
    return *slot ? &c->syms[*slot - 1] : NULL;
}

static const char *asm_sym_suggest(asm_ctx *c, const char *name, size_t len)
{
    asm_suggest s = {name, len, NULL, 1 << 30};
    for (size_t i = 0; i < c->nsyms; i++)
        asm_suggest_try(&s, c->syms[i].name);
    return s.best;
}

/* ---- expressions ---------------------------------------------------------------- */

typedef struct asm_val {
    int isf;
    int64_t i;
    double f;
} asm_val;

typedef struct asm_ex {
    asm_ctx *c;
    char *p;
    int allow_float;
    const char *want;    /* what the operand should be, for messages */
    int depth;           /* current nesting, at most KC_ASM_MAX_NESTING */
} asm_ex;

/* Enters one nesting level at `at` (a '(' or a unary operator). */
static kc_status ex_enter(asm_ex *x, const char *at)
{
    if (++x->depth > KC_ASM_MAX_NESTING)
        return asm_error(x->c, at, "expression nested too deeply (more than %d levels of "
                         "parentheses and unary operators)", KC_ASM_MAX_NESTING);
    return KC_OK;
}

static kc_status ex_or(asm_ex *x, asm_val *v);

static double ex_num(const asm_val *v)
{
    return v->isf ? v->f : (double)v->i;
}

static kc_status ex_number(asm_ex *x, asm_val *v)
{
    char *start = x->p, *q = x->p;
    int hex = q[0] == '0' && (q[1] == 'x' || q[1] == 'X');
    while (asm_ident_char((unsigned char)*q) ||
           (!hex && (*q == '+' || *q == '-') && (q[-1] == 'e' || q[-1] == 'E') && q > start))
        q++;
    size_t n = (size_t)(q - start);
    char tok[80];
    if (n >= sizeof tok)
        return asm_error(x->c, start, "number '%.20s...' is too long", start);
    memcpy(tok, start, n);
    tok[n] = 0;
    x->p = q;
    char *end;
    errno = 0;
    if (tok[0] == '0' && (tok[1] == 'x' || tok[1] == 'X' || tok[1] == 'b' || tok[1] == 'B')) {
        int base = (tok[1] == 'x' || tok[1] == 'X') ? 16 : 2;
        unsigned long long u = n > 2 ? strtoull(tok + 2, &end, base) : 0;
        if (n <= 2 || *end || tok[2] == '-' || tok[2] == '+')
            return asm_error(x->c, start, "bad number '%s'", tok);
        if (errno || u > INT64_MAX)
            return asm_error(x->c, start, "number '%s' is too large", tok);
        v->isf = 0;
        v->i = (int64_t)u;
        return KC_OK;
    }
    if (strpbrk(tok, ".eE")) {
        double d = strtod(tok, &end);
        if (*end || strchr(tok, 'x') || strchr(tok, 'X'))
            return asm_error(x->c, start, "bad floating-point literal '%s'", tok);
        if (!x->allow_float)
            return asm_error(x->c, start, "expected %s, got the floating-point value '%s'; "
                             "only fli takes floating-point values", x->want, tok);
        v->isf = 1;
        v->f = d;
        return KC_OK;
    }
    unsigned long long u = strtoull(tok, &end, 10);
    if (*end)
        return asm_error(x->c, start, "bad number '%s'", tok);
    if (errno || u > INT64_MAX)
        return asm_error(x->c, start, "number '%s' is too large", tok);
    v->isf = 0;
    v->i = (int64_t)u;
    return KC_OK;
}

static kc_status ex_symbol(asm_ex *x, asm_val *v)
{
    asm_ctx *c = x->c;
    char *start = x->p, *q = x->p;
    while (asm_ident_char((unsigned char)*q))
        q++;
    size_t n = (size_t)(q - start);
    x->p = q;
    asm_sym *s = asm_sym_find(c, start, n);
    v->isf = 0;
    v->i = 0;
    if (s && (s->is_label || s->pass_set == c->pass)) {
        v->i = s->value;
        return KC_OK;
    }
    if (s && c->pass == 2)
        return asm_error(c, start, "constant '%.*s' is used before its definition on line %d",
                         (int)n, start, s->line);
    if (x->allow_float && (n == 3 && (!strncasecmp(start, "inf", 3) || !strncasecmp(start, "nan", 3)))) {
        v->isf = 1;
        v->f = tolower((unsigned char)start[0]) == 'i' ? INFINITY : NAN;
        return KC_OK;
    }
    long idx;
    const kc_isa_regfile *rf = asm_reg_name(c->isa, start, n, &idx);
    if (rf)
        return asm_error(c, start, "expected %s, got the register '%.*s'", x->want, (int)n, start);
    if (c->pass == 1 && !c->statement_mode) {
        c->unresolved = 1;   /* maybe a label defined further down */
        return KC_OK;
    }
    const char *best = asm_sym_suggest(c, start, n);
    if (best)
        return asm_error(c, start, "undefined label or constant '%.*s'; did you mean '%s'?",
                         (int)n, start, best);
    return asm_error(c, start, "undefined label or constant '%.*s'", (int)n, start);
}

static kc_status ex_primary(asm_ex *x, asm_val *v)
{
    x->p = asm_skip_space(x->p);
    char ch = *x->p;
    if (ch == '(') {
        char *open = x->p;
        x->p++;
        if (ex_enter(x, open) || ex_or(x, v))
            return x->c->err->code;
        x->depth--;
        x->p = asm_skip_space(x->p);
        if (*x->p != ')')
            return asm_error(x->c, x->p, "missing ')' to close the '(' at column %d",
                             (int)(open - x->c->lbuf) + 1);
        x->p++;
        return KC_OK;
    }
    if (isdigit((unsigned char)ch) || (ch == '.' && isdigit((unsigned char)x->p[1])))
        return ex_number(x, v);
    if (asm_ident_start((unsigned char)ch))
        return ex_symbol(x, v);
    if (!ch)
        return asm_error(x->c, x->p, "expected %s, got nothing", x->want);
    if (ch == '[')
        return asm_error(x->c, x->p, "expected %s, got a vector row (brackets mark vector rows)", x->want);
    return asm_error(x->c, x->p, "expected %s, got '%c'", x->want, ch);
}

static kc_status ex_unary(asm_ex *x, asm_val *v)
{
    x->p = asm_skip_space(x->p);
    char op = *x->p;
    if (op == '-' || op == '+' || op == '~') {
        char *at = x->p++;
        if (ex_enter(x, at) || ex_unary(x, v))
            return x->c->err->code;
        x->depth--;
        if (op == '-') {
            if (v->isf)
                v->f = -v->f;
            else
                v->i = (int64_t)(0 - (uint64_t)v->i);
        } else if (op == '~') {
            if (v->isf)
                return asm_error(x->c, at, "operator '~' needs an integer");
            v->i = ~v->i;
        }
        return KC_OK;
    }
    return ex_primary(x, v);
}

/* Applies a binary operator; `at` points at the operator for messages. */
static kc_status ex_apply(asm_ex *x, const char *at, const char *op, asm_val *a, const asm_val *b)
{
    int arith = !strcmp(op, "+") || !strcmp(op, "-") || !strcmp(op, "*") || !strcmp(op, "/");
    if (a->isf || b->isf) {
        if (!arith)
            return asm_error(x->c, at, "operator '%s' needs integers", op);
        double l = ex_num(a), r = ex_num(b);
        a->isf = 1;
        a->f = op[0] == '+' ? l + r : op[0] == '-' ? l - r : op[0] == '*' ? l * r : l / r;
        return KC_OK;
    }
    uint64_t l = (uint64_t)a->i, r = (uint64_t)b->i;
    switch (op[0]) {
    case '+': a->i = (int64_t)(l + r); break;
    case '-': a->i = (int64_t)(l - r); break;
    case '*': a->i = (int64_t)(l * r); break;
    case '/': case '%':
        if (b->i == 0) {
            if (x->c->unresolved)
                return KC_OK;   /* a pass-1 placeholder: the real value comes in pass 2 */
            return asm_error(x->c, at, "division by zero");
        }
        if (a->i == INT64_MIN && b->i == -1)
            return asm_error(x->c, at, "integer overflow");
        a->i = op[0] == '/' ? a->i / b->i : a->i % b->i;
        break;
    case '&': a->i = (int64_t)(l & r); break;
    case '|': a->i = (int64_t)(l | r); break;
    case '^': a->i = (int64_t)(l ^ r); break;
    case '<': case '>':
        if (b->i < 0 || b->i > 63)
            return asm_error(x->c, at, "shift amount %lld is not in 0..63", (long long)b->i);
        a->i = op[0] == '<' ? (int64_t)(l << b->i) : a->i >> b->i;
        break;
    }
    return KC_OK;
}

/* Binary-operator precedence levels, loosest first. */
static const char *const ex_levels[][3] = {
    {"|", NULL, NULL}, {"^", NULL, NULL}, {"&", NULL, NULL},
    {"<<", ">>", NULL}, {"+", "-", NULL}, {"*", "/", "%"},
};

static kc_status ex_level(asm_ex *x, int level, asm_val *v)
{
    if (level == (int)(sizeof ex_levels / sizeof ex_levels[0]))
        return ex_unary(x, v);
    if (ex_level(x, level + 1, v))
        return x->c->err->code;
    for (;;) {
        x->p = asm_skip_space(x->p);
        const char *op = NULL;
        for (int k = 0; k < 3 && ex_levels[level][k]; k++) {
            size_t n = strlen(ex_levels[level][k]);
            if (!strncmp(x->p, ex_levels[level][k], n)) {
                /* "<" alone is not an operator; don't take "<<" for "<" either. */
                op = ex_levels[level][k];
                break;
            }
        }
        if (!op)
            return KC_OK;
        char *at = x->p;
        x->p += strlen(op);
        asm_val r = {0, 0, 0.0};
        if (ex_level(x, level + 1, &r) || ex_apply(x, at, op, v, &r))
            return x->c->err->code;
    }
}

static kc_status ex_or(asm_ex *x, asm_val *v)
{
    return ex_level(x, 0, v);
}

/* Evaluates the whole of s. */
static kc_status asm_eval(asm_ctx *c, char *s, int allow_float, const char *want, asm_val *v)
{
    asm_ex x = {c, s, allow_float, want, 0};
    c->unresolved = 0;
    if (ex_or(&x, v))
        return c->err->code;
    x.p = asm_skip_space(x.p);
    if (*x.p) {
        if (*x.p == ')')
            return asm_error(c, x.p, "unmatched ')'");
        return asm_error(c, x.p, "unexpected '%s' in %s", x.p, want);
    }
    return KC_OK;
}

static kc_status asm_eval_int(asm_ctx *c, char *s, const char *want, int64_t *out)
{
    asm_val v = {0, 0, 0.0};
    *out = 0;
    if (asm_eval(c, s, 0, want, &v))
        return c->err->code;
    *out = v.i;
    return KC_OK;
}

/* ---- operands ---------------------------------------------------------------------- */

static kc_status asm_register(asm_ctx *c, kc_isa_kind kind, char *s, int64_t *out)
{
    const kc_isa_regfile *want = kc_isa_regfile_of(c->isa, kind);
    const char *phrase = kc_isa_kind_phrase(kind);
    size_t n = strlen(s);
    long idx;
    if (s[0] == '[')
        return asm_error(c, s, "expected %s, got '%s' (brackets mark vector rows)", phrase, s);
    const kc_isa_regfile *rf = asm_reg_name(c->isa, s, n, &idx);
    if (!rf) {
        if (!*s)
            return asm_error(c, s, "expected %s, got nothing", phrase);
        return asm_error(c, s, "expected %s, got '%s'", phrase, s);
    }
    if (rf != want)
        return asm_error(c, s, "expected %s, got '%s' (one of the %s)", phrase, s, rf->what);
    if (idx >= rf->count)
        return asm_error(c, s, "register '%s' does not exist: %s are %s0..%s%d",
                         s, rf->what, rf->prefix, rf->prefix, rf->count - 1);
    *out = idx;
    return KC_OK;
}

static kc_status asm_vector_row(asm_ctx *c, char *s, int64_t *out)
{
    if (s[0] != '[') {
        long idx;
        if (asm_reg_name(c->isa, s, strlen(s), &idx) == kc_isa_regfile_of(c->isa, KC_ISA_K_R))
            return asm_error(c, s, "expected a vector row like [r3]: write the row register in brackets, [%s]", s);
        return asm_error(c, s, "expected a vector row like [r3], got '%s'", s);
    }
    char *close = strchr(s, ']');
    if (!close)
        return asm_error(c, s + strlen(s), "missing ']' to close the vector row '%s'", s);
    if (close[1])
        return asm_error(c, close + 1, "unexpected '%s' after ']'", close + 1);
    *close = 0;
    char *inner = asm_skip_space(s + 1);
    char *e = inner + strlen(inner);
    while (e > inner && (e[-1] == ' ' || e[-1] == '\t'))
        *--e = 0;
    long idx;
    if (!asm_reg_name(c->isa, inner, strlen(inner), &idx) && *inner)
        return asm_error(c, inner, "a vector row is an integer register in brackets like [r3], "
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
    if (is_ident && !asm_sym_find(c, s, n)) {
        char known[160] = "";
        asm_suggest sg = {s, n, NULL, 1 << 30};
        for (size_t i = 0; i < isa->ncfgs; i++) {
            size_t k = strlen(known);
            snprintf(known + k, sizeof known - k, "%s%s", i ? ", " : "", isa->cfgs[i].name);
            asm_suggest_try(&sg, isa->cfgs[i].name);
        }
        if (sg.best)
            return asm_error(c, s, "unknown configuration register '%s'; did you mean '%s'?", s, sg.best);
        return asm_error(c, s, "unknown configuration register '%s'; known: %s", s, known);
    }
    /* A numeric id: what the disassembler prints for ids the table does not name. */
    int64_t v = 0;
    if (asm_eval_int(c, s, "a configuration register", &v))
        return c->err->code;
    if (!c->unresolved && (v < spec->min || v > spec->max))
        return asm_range_error(c, s, "configuration register id %lld out of range: allowed %lld..%lld",
                               (long long)v, (long long)spec->min, (long long)spec->max);
    *out = v;
    return KC_OK;
}

static kc_status asm_immediate(asm_ctx *c, const char *mn, const kc_isa_operand *spec, char *s, int64_t *out)
{
    int64_t v = 0;
    if (asm_eval_int(c, s, kc_isa_kind_phrase(spec->kind), &v))
        return c->err->code;
    if (spec->kind == KC_ISA_K_B) {
        int64_t off = v - (int64_t)c->pc;
        if (!c->unresolved && (off < spec->min || off > spec->max))
            return asm_range_error(c, s, "target %lld is out of reach of '%s' at instruction %u: "
                                   "offset %lld not in %lld..%lld", (long long)v, mn, c->pc,
                                   (long long)off, (long long)spec->min, (long long)spec->max);
        *out = off;
        return KC_OK;
    }
    if (!c->unresolved && (v < spec->min || v > spec->max)) {
        const char *what = spec->kind == KC_ISA_K_N ? "loop count" : "immediate";
        return asm_range_error(c, s, "%s %lld out of range for '%s': allowed %lld..%lld",
                               what, (long long)v, mn, (long long)spec->min, (long long)spec->max);
    }
    *out = v;
    return KC_OK;
}

static kc_status asm_operand(asm_ctx *c, const char *mn, const kc_isa_operand *spec, char *s, int64_t *out)
{
    switch (spec->kind) {
    case KC_ISA_K_R: case KC_ISA_K_F: case KC_ISA_K_A:
        return asm_register(c, spec->kind, s, out);
    case KC_ISA_K_V: case KC_ISA_K_M:
        return asm_vector_row(c, s, out);
    case KC_ISA_K_C:
        return asm_cfg(c, spec, s, out);
    case KC_ISA_K_I: {
        if (asm_eval_int(c, s, "an integer expression", out))
            return c->err->code;
        if (!c->unresolved && (*out < spec->min || *out > spec->max))
            return asm_range_error(c, s, "value %lld does not fit in 32 bits: allowed %lld..%lld",
                                   (long long)*out, (long long)spec->min, (long long)spec->max);
        return KC_OK;
    }
    default:
        return asm_immediate(c, mn, spec, s, out);
    }
}

/* Syntax of one operand for usage hints and the ISA document. */
static void asm_operand_syntax(const kc_isa_operand *op, char *buf, size_t size)
{
    const char *n = op->name;
    switch (op->kind) {
    case KC_ISA_K_R: snprintf(buf, size, "%s", n); break;
    case KC_ISA_K_F: snprintf(buf, size, "f%s", n[0] == 'r' ? n + 1 : n); break;
    case KC_ISA_K_A: snprintf(buf, size, "a%s", n[0] == 'r' ? n + 1 : n); break;
    case KC_ISA_K_V: case KC_ISA_K_M: snprintf(buf, size, "[%s]", n); break;
    case KC_ISA_K_B: snprintf(buf, size, "label"); break;
    case KC_ISA_K_C: snprintf(buf, size, "cfg"); break;
    case KC_ISA_K_N: snprintf(buf, size, "count"); break;
    case KC_ISA_K_X: snprintf(buf, size, "value"); break;
    default: snprintf(buf, size, "imm"); break;
    }
}

void kc_asm_usage(const char *name, const kc_isa_operand *ops, int nops, char *buf, size_t size)
{
    size_t k = (size_t)snprintf(buf, size, "%s", name);
    for (int i = 0; i < nops && k < size; i++) {
        char one[32];
        asm_operand_syntax(&ops[i], one, sizeof one);
        k += (size_t)snprintf(buf + k, size - k, "%s%s", i ? ", " : " ", one);
    }
}

/* Splits the operand list at top-level commas (parentheses nest; brackets never
 * hold commas, so an unclosed '[' is reported by the operand itself). */
static int asm_split(char *p, asm_opnd *ops, char **extra)
{
    int n = 0, depth = 0;
    *extra = NULL;
    p = asm_skip_space(p);
    if (!*p)
        return 0;
    char *start = p;
    for (;; p++) {
        if (*p == '(')
            depth++;
        else if (*p == ')' && depth > 0)
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

/* ---- output ------------------------------------------------------------------------ */

static kc_status asm_emit(asm_ctx *c, uint32_t word, const char *at)
{
    if (!c->statement_mode && c->pc >= c->isa->imem_words)
        return asm_range_error(c, at, "program is larger than the instruction memory (%u instructions)",
                               c->isa->imem_words);
    if (c->pass == 2) {
        if (c->nwords == c->capwords) {
            if (c->statement_mode)
                return asm_error(c, at, "statement expands to more than %zu words", c->maxwords);
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
            return asm_error(c, at, "'%s' takes no operands", name);
        return asm_error(c, at, "too many operands: '%s' takes %d (usage: %s)", name, nops, usage);
    }
    (void)mn_at;
    return asm_error(c, line_end, "missing operand %d of '%s': expected %s (usage: %s)",
                     ngot + 1, name, kc_isa_kind_phrase(ops[ngot].kind), usage);
}

static kc_status asm_insn(asm_ctx *c, const kc_isa_insn *in, char *mn_at, asm_opnd *ops, int n,
                          char *extra, char *line_end)
{
    if (n != in->nops)
        return asm_count_error(c, mn_at, in->name, in->ops, in->nops, ops, n, extra, line_end);
    uint32_t word = in->match;
    for (int i = 0; i < n; i++) {
        const kc_isa_operand *spec = &in->ops[i];
        if (!*ops[i].s)
            return asm_error(c, ops[i].s, "missing operand %d of '%s': expected %s",
                             i + 1, in->name, kc_isa_kind_phrase(spec->kind));
        int64_t v = 0;
        if (asm_operand(c, in->name, spec, ops[i].s, &v))
            return c->err->code;
        uint32_t fm = spec->field->width >= 32 ? 0xffffffffu : ((uint32_t)1 << spec->field->width) - 1;
        word |= ((uint32_t)v & fm) << spec->field->lo;
    }
    return asm_emit(c, word, mn_at);
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
            return asm_error(c, s, "missing operand %d of '%s': expected %s",
                             i + 1, ps->name, kc_isa_kind_phrase(spec->kind));
        if (spec->kind == KC_ISA_K_X) {
            asm_val v = {0, 0, 0.0};
            if (asm_eval(c, s, 1, kc_isa_kind_phrase(spec->kind), &v))
                return c->err->code;
            double d = ex_num(&v);
            float f = (float)d;
            if (isfinite(d) && isinf(f))
                return asm_range_error(c, s, "value %g is outside the fp32 range (max %g)", d, FLT_MAX);
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
    if (n == 0)
        return asm_error(c, line_end, "'.word' needs at least one value");
    if (n > ASM_MAX_OPERANDS)
        return asm_error(c, mn_at, "at most %d values per '.word' line", ASM_MAX_OPERANDS);
    for (int i = 0; i < n; i++) {
        int64_t v = 0;
        if (!*ops[i].s)
            return asm_error(c, ops[i].s, "missing value %d of '.word'", i + 1);
        if (asm_eval_int(c, ops[i].s, "an integer expression", &v))
            return c->err->code;
        if (!c->unresolved && (v < INT32_MIN || v > (int64_t)UINT32_MAX))
            return asm_range_error(c, ops[i].s, "value %lld does not fit in 32 bits", (long long)v);
        if (asm_emit(c, (uint32_t)v, mn_at))
            return c->err->code;
    }
    return KC_OK;
}

static kc_status asm_check_new_symbol(asm_ctx *c, const char *name, size_t n, const char *what)
{
    long idx;
    if (asm_reg_name(c->isa, name, n, &idx))
        return asm_error(c, name, "'%.*s' is a register name and cannot be a %s", (int)n, name, what);
    return KC_OK;
}

static kc_status asm_sym_add(asm_ctx *c, const char *name, size_t n, int64_t value, int is_label, int is_set)
{
    if (c->nsyms == c->capsyms) {
        size_t cap = c->capsyms ? c->capsyms * 2 : 64;
        asm_sym *s = realloc(c->syms, cap * sizeof *s);
        if (!s)
            return kc_err_set(c->err, KC_ERR_NOMEM, "out of memory");
        c->syms = s;
        c->capsyms = cap;
    }
    if (2 * (c->nsyms + 1) > c->symtab_size) {   /* keep the load factor at most 1/2 */
        size_t size = c->symtab_size ? c->symtab_size * 2 : 128;
        size_t *tab = calloc(size, sizeof *tab);
        if (!tab)
            return kc_err_set(c->err, KC_ERR_NOMEM, "out of memory");
        free(c->symtab);
        c->symtab = tab;
        c->symtab_size = size;
        for (size_t i = 0; i < c->nsyms; i++)
            *asm_sym_slot(c, c->syms[i].name, strlen(c->syms[i].name)) = i + 1;
    }
    char *nm = malloc(n + 1);
    if (!nm)
        return kc_err_set(c->err, KC_ERR_NOMEM, "out of memory");
    memcpy(nm, name, n);
    nm[n] = 0;
    *asm_sym_slot(c, nm, n) = c->nsyms + 1;
    c->syms[c->nsyms++] = (asm_sym){nm, value, is_label, is_set, c->lineno, c->pass};
    return KC_OK;
}

static kc_status asm_equ(asm_ctx *c, char *mn, size_t mnlen, char *mn_at, asm_opnd *ops, int n,
                         char *line_end)
{
    int is_set = mnlen == 4 && !strncasecmp(mn, ".set", 4);
    if (c->statement_mode)
        return asm_error(c, mn_at, "'%.*s' is not allowed here", (int)mnlen, mn);
    if (n < 2)
        return asm_error(c, n ? line_end : mn_at, "usage: %.*s NAME, expression", (int)mnlen, mn);
    if (n > 2)
        return asm_error(c, ops[2].s, "too many operands: usage: %.*s NAME, expression", (int)mnlen, mn);
    char *name = ops[0].s;
    size_t nl = strlen(name);
    int ok = nl && asm_ident_start((unsigned char)name[0]);
    for (size_t i = 0; ok && i < nl; i++)
        ok = asm_ident_char((unsigned char)name[i]);
    if (!ok)
        return asm_error(c, name, "'%s' is not a valid constant name", name);
    if (asm_check_new_symbol(c, name, nl, "constant"))
        return c->err->code;
    int64_t v = 0;
    int saved = c->statement_mode;
    c->statement_mode = 1;     /* constants only use what is already defined */
    kc_status st = asm_eval_int(c, ops[1].s, "an integer expression", &v);
    c->statement_mode = saved;
    if (st)
        return st;
    asm_sym *s = asm_sym_find(c, name, nl);
    if (!s)
        return asm_sym_add(c, name, nl, v, 0, is_set);
    if (c->pass == 2 && s->line == c->lineno) {   /* first definition, seen again */
        s->value = v;
        s->pass_set = 2;
        return KC_OK;
    }
    if (s->is_label || !s->is_set || !is_set)
        return asm_error(c, name, "'%s' is already defined on line %d%s", name, s->line,
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
        asm_suggest_try(&sg, isa->insns[i].name);
    for (size_t i = 0; i < isa->npseudos; i++)
        asm_suggest_try(&sg, isa->pseudos[i].name);
    static const char *const directives[] = {".equ", ".set", ".word"};
    for (size_t i = 0; i < 3; i++)
        asm_suggest_try(&sg, directives[i]);
    if (sg.best)
        return asm_error(c, mn, "unknown instruction '%.*s'; did you mean '%s'?", (int)len, mn, sg.best);
    if (!has_operands && mn[0] != '.')
        return asm_error(c, mn, "unknown instruction '%.*s'; a label needs a colon: '%.*s:'",
                         (int)len, mn, (int)len, mn);
    return asm_error(c, mn, "unknown %s '%.*s'", mn[0] == '.' ? "directive" : "instruction", (int)len, mn);
}

static kc_status asm_statement(asm_ctx *c, char *p, int allow_pseudo)
{
    p = asm_skip_space(p);
    char *mn = p;
    if (!asm_ident_start((unsigned char)*p))
        return asm_error(c, p, "expected an instruction, got '%s'", p);
    while (asm_ident_char((unsigned char)*p))
        p++;
    size_t mnlen = (size_t)(p - mn);
    if (*p && *p != ' ' && *p != '\t')
        return asm_error(c, p, "unexpected '%c' after '%.*s'", *p, (int)mnlen, mn);
    char *line_end = p + strlen(p);
    while (line_end > p && (line_end[-1] == ' ' || line_end[-1] == '\t'))
        line_end--;
    asm_opnd ops[ASM_MAX_OPERANDS];
    char *extra;
    /* mn is not NUL-terminated yet; the split writes NULs only past it. */
    int n = asm_split(p, ops, &extra);
    if (mn[0] == '.') {
        if ((mnlen == 4 && (!strncasecmp(mn, ".equ", 4) || !strncasecmp(mn, ".set", 4))))
            return asm_equ(c, mn, mnlen, mn, ops, n, line_end);
        if (mnlen == 5 && !strncasecmp(mn, ".word", 5))
            return asm_word_directive(c, mn, ops, n, line_end);
    }
    const kc_isa_insn *in = kc_isa_insn_by_name(c->isa, mn, mnlen);
    if (in)
        return asm_insn(c, in, mn, ops, n, extra, line_end);
    const kc_isa_pseudo *ps = allow_pseudo ? kc_isa_pseudo_by_name(c->isa, mn, mnlen) : NULL;
    if (ps)
        return asm_pseudo(c, ps, mn, ops, n, extra, line_end);
    return asm_unknown_mnemonic(c, mn, mnlen, n > 0);
}

static void asm_strip_comment(char *line)
{
    for (char *p = line; *p; p++)
        if (*p == '#' || (p[0] == '/' && p[1] == '/')) {
            *p = 0;
            return;
        }
}

static kc_status asm_line(asm_ctx *c, char *line)
{
    c->lbuf = line;
    asm_strip_comment(line);
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
            return asm_error(c, p, "labels are not allowed here");
        if (c->pass == 1) {
            if (asm_check_new_symbol(c, p, n, "label"))
                return c->err->code;
            asm_sym *s = asm_sym_find(c, p, n);
            if (s)
                return asm_error(c, p, "duplicate label '%.*s' (first defined on line %d)",
                                 (int)n, p, s->line);
            if (asm_sym_add(c, p, n, c->pc, 1, 0))
                return c->err->code;
        }
        p = asm_skip_space(colon + 1);
    }
    if (!*p)
        return KC_OK;
    return asm_statement(c, p, 1);
}

static kc_status asm_pass(asm_ctx *c, const char *src)
{
    size_t cap = 256;
    char *buf = malloc(cap);
    if (!buf)
        return kc_err_set(c->err, KC_ERR_NOMEM, "out of memory");
    c->pc = 0;
    c->lineno = 0;
    kc_status st = KC_OK;
    const char *p = src;
    while (*p && st == KC_OK) {
        const char *e = strchr(p, '\n');
        size_t n = e ? (size_t)(e - p) : strlen(p);
        if (n + 1 > cap) {
            cap = n + 1;
            char *nb = realloc(buf, cap);
            if (!nb) {
                st = kc_err_set(c->err, KC_ERR_NOMEM, "out of memory");
                break;
            }
            buf = nb;
        }
        memcpy(buf, p, n);
        if (n && buf[n - 1] == '\r')
            n--;
        buf[n] = 0;
        c->lineno++;
        st = asm_line(c, buf);
        p = e ? e + 1 : p + n;
        if (!e)
            break;
    }
    free(buf);
    return st;
}

static void asm_ctx_free(asm_ctx *c)
{
    for (size_t i = 0; i < c->nsyms; i++)
        free(c->syms[i].name);
    free(c->syms);
    free(c->symtab);
    free(c->sized_long);
}

void kc_program_free(kc_program *p)
{
    if (!p)
        return;
    free(p->words);
    free(p->line);
    memset(p, 0, sizeof *p);
}

kc_status kc_asm_assemble(const kc_isa *isa, const char *src, const char *filename,
                          kc_program *out, kc_err *err)
{
    memset(out, 0, sizeof *out);
    kc_err local;
    if (!err) {
        kc_err_clear(&local);
        err = &local;
    }
    asm_ctx c = {0};
    c.isa = isa;
    c.file = filename;
    c.err = err;
    c.pass = 1;
    kc_status st = asm_pass(&c, src);
    if (st == KC_OK) {
        c.pass = 2;
        st = asm_pass(&c, src);
    }
    asm_ctx_free(&c);
    if (st == KC_OK && !c.nwords)   /* it would only trap at pc 0 */
        st = kc_err_at(err, KC_ERR_SYNTAX, filename, 1, 1,
                       "empty program: no instructions (a kernel ends with at least a halt)");
    if (st != KC_OK) {
        free(c.words);
        free(c.lines);
        return st;
    }
    out->words = c.words;
    out->line = c.lines;
    out->nwords = c.nwords;
    return KC_OK;
}

kc_status kc_asm_statement(const kc_isa *isa, const char *text, uint32_t pc,
                           uint32_t *words, size_t max, size_t *nwords, kc_err *err)
{
    kc_err local;
    if (!err) {
        kc_err_clear(&local);
        err = &local;
    }
    asm_ctx c = {0};
    c.isa = isa;
    c.err = err;
    c.pass = 2;
    c.statement_mode = 1;
    c.pc = pc;
    c.lineno = 1;
    c.words = words;
    c.capwords = max;
    c.maxwords = max;
    *nwords = 0;
    size_t n = strlen(text);
    char *buf = malloc(n + 1);
    if (!buf)
        return kc_err_set(err, KC_ERR_NOMEM, "out of memory");
    memcpy(buf, text, n + 1);
    kc_status st = asm_line(&c, buf);
    free(buf);
    asm_ctx_free(&c);
    *nwords = c.nwords;
    return st;
}

/* ---- disassembler ------------------------------------------------------------------ */

const kc_isa_insn *kc_asm_decode(const kc_isa *isa, uint32_t word)
{
    const kc_isa_insn *in = kc_isa_decode(isa, word);
    if (!in)
        return NULL;
    for (int i = 0; i < in->nops; i++) {
        const kc_isa_operand *op = &in->ops[i];
        int64_t v = kc_isa_operand_get(op, word);
        if (op->kind != KC_ISA_K_B && (v < op->min || v > op->max))
            return NULL;
    }
    return in;
}

/* Formats a word; targets[] (NULL for plain numbers) marks the indices that have
 * labels L<index> in a listing of nwords words. */
static const char *asm_format(const kc_isa *isa, uint32_t word, uint32_t pc, const unsigned char *targets,
                              size_t nwords, char *buf, size_t size)
{
    const kc_isa_insn *in = kc_asm_decode(isa, word);
    if (!in) {
        snprintf(buf, size, ".word 0x%08x", word);
        return buf;
    }
    size_t k = (size_t)snprintf(buf, size, "%s", in->name);
    for (int i = 0; i < in->nops && k < size; i++) {
        const kc_isa_operand *op = &in->ops[i];
        int64_t v = kc_isa_operand_get(op, word);
        const kc_isa_regfile *rf = kc_isa_regfile_of(isa, op->kind);
        const kc_isa_cfg *cfg;
        char one[48];
        switch (op->kind) {
        case KC_ISA_K_R: case KC_ISA_K_F: case KC_ISA_K_A:
            snprintf(one, sizeof one, "%s%lld", rf->prefix, (long long)v);
            break;
        case KC_ISA_K_V: case KC_ISA_K_M:
            snprintf(one, sizeof one, "[%s%lld]", rf->prefix, (long long)v);
            break;
        case KC_ISA_K_C:
            cfg = kc_isa_cfg_by_id(isa, (int)v);
            if (cfg)
                snprintf(one, sizeof one, "%s", cfg->name);
            else
                snprintf(one, sizeof one, "%lld", (long long)v);
            break;
        case KC_ISA_K_B: {
            int64_t target = (int64_t)pc + v;
            if (targets && target >= 0 && (size_t)target <= nwords && targets[target])
                snprintf(one, sizeof one, "L%lld", (long long)target);
            else
                snprintf(one, sizeof one, "%lld", (long long)target);
            break;
        }
        case KC_ISA_K_U:
            /* Wide unsigned immediates are bit patterns (lui, andi, flui): hex. */
            if (op->max >= 0xffff)
                snprintf(one, sizeof one, "0x%llx", (long long)v);
            else
                snprintf(one, sizeof one, "%lld", (long long)v);
            break;
        default:
            snprintf(one, sizeof one, "%lld", (long long)v);
            break;
        }
        k += (size_t)snprintf(buf + k, size - k, "%s%s", i ? ", " : " ", one);
    }
    return buf;
}

const char *kc_asm_disasm_word(const kc_isa *isa, uint32_t word, uint32_t pc, char *buf, size_t size)
{
    return asm_format(isa, word, pc, NULL, 0, buf, size);
}

kc_status kc_asm_disasm_program(const kc_isa *isa, const uint32_t *words, size_t nwords,
                                char **text, kc_err *err)
{
    *text = NULL;
    if (nwords > isa->imem_words)   /* the listing would not assemble back */
        return kc_err_set(err, KC_ERR_RANGE, "program of %zu words is larger than the instruction "
                          "memory (%u words)", nwords, (unsigned)isa->imem_words);
    unsigned char *targets = calloc(nwords + 1, 1);
    size_t cap = 128 * (nwords + 1) + 64;
    char *out = malloc(cap);
    if (!targets || !out) {
        free(targets);
        free(out);
        return kc_err_set(err, KC_ERR_NOMEM, "out of memory");
    }
    for (size_t pc = 0; pc < nwords; pc++) {
        const kc_isa_insn *in = kc_asm_decode(isa, words[pc]);
        for (int i = 0; in && i < in->nops; i++)
            if (in->ops[i].kind == KC_ISA_K_B) {
                int64_t t = (int64_t)pc + kc_isa_operand_get(&in->ops[i], words[pc]);
                if (t >= 0 && (size_t)t <= nwords)
                    targets[t] = 1;
            }
    }
    size_t k = 0;
    out[0] = 0;   /* an empty program lists as nothing */
    for (size_t pc = 0; pc <= nwords; pc++) {
        if (targets[pc])
            k += (size_t)snprintf(out + k, cap - k, "L%zu:\n", pc);
        if (pc == nwords)
            break;
        char line[160];
        asm_format(isa, words[pc], (uint32_t)pc, targets, nwords, line, sizeof line);
        k += (size_t)snprintf(out + k, cap - k, "    %-32s # %5zu: %08x\n", line, pc, words[pc]);
    }
    free(targets);
    *text = out;
    return KC_OK;
}

/* ---- images ------------------------------------------------------------------------- */

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
