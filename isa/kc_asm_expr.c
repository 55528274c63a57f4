/* kc_asm_expr.c — integer (and, for fli, floating-point) expressions of the
 * assembler: a recursive-descent parser over + - * / % << >> & | ^ ~ and
 * parentheses, literals, constants and labels, nested at most
 * KC_ASM_MAX_NESTING deep. In pass 1 a symbol not defined yet (a forward label)
 * evaluates to 0 and sets ctx->unresolved, so range checks wait for pass 2.
 */
#include "kc_asm_int.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

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
        return kc_asm_lex_error(x->c, at, "expression nested too deeply (more than %d levels of "
                         "parentheses and unary operators)", KC_ASM_MAX_NESTING);
    return KC_OK;
}

static kc_status ex_or(asm_ex *x, asm_val *v);

double kc_asm_expr_num(const asm_val *v)
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
        return kc_asm_lex_error(x->c, start, "number '%.20s...' is too long", start);
    memcpy(tok, start, n);
    tok[n] = 0;
    x->p = q;
    char *end;
    errno = 0;
    if (tok[0] == '0' && (tok[1] == 'x' || tok[1] == 'X' || tok[1] == 'b' || tok[1] == 'B')) {
        int base = (tok[1] == 'x' || tok[1] == 'X') ? 16 : 2;
        unsigned long long u = n > 2 ? strtoull(tok + 2, &end, base) : 0;
        if (n <= 2 || *end || tok[2] == '-' || tok[2] == '+')
            return kc_asm_lex_error(x->c, start, "bad number '%s'", tok);
        if (errno || u > INT64_MAX)
            return kc_asm_lex_error(x->c, start, "number '%s' is too large", tok);
        v->isf = 0;
        v->i = (int64_t)u;
        return KC_OK;
    }
    if (strpbrk(tok, ".eE")) {
        double d = strtod(tok, &end);
        if (*end || strchr(tok, 'x') || strchr(tok, 'X'))
            return kc_asm_lex_error(x->c, start, "bad floating-point literal '%s'", tok);
        if (!x->allow_float)
            return kc_asm_lex_error(x->c, start, "expected %s, got the floating-point value '%s'; "
                             "only fli takes floating-point values", x->want, tok);
        v->isf = 1;
        v->f = d;
        return KC_OK;
    }
    unsigned long long u = strtoull(tok, &end, 10);
    if (*end)
        return kc_asm_lex_error(x->c, start, "bad number '%s'", tok);
    if (errno || u > INT64_MAX)
        return kc_asm_lex_error(x->c, start, "number '%s' is too large", tok);
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
    asm_sym *s = kc_asm_sym_find(c, start, n);
    v->isf = 0;
    v->i = 0;
    if (s && (s->is_label || s->pass_set == c->pass)) {
        v->i = s->value;
        return KC_OK;
    }
    if (s && c->pass == 2)
        return kc_asm_lex_error(c, start, "constant '%.*s' is used before its definition on line %d",
                         (int)n, start, s->line);
    if (x->allow_float && (n == 3 && (!strncasecmp(start, "inf", 3) || !strncasecmp(start, "nan", 3)))) {
        v->isf = 1;
        v->f = tolower((unsigned char)start[0]) == 'i' ? INFINITY : NAN;
        return KC_OK;
    }
    long idx;
    const kc_isa_regfile *rf = kc_asm_lex_reg_name(c->isa, start, n, &idx);
    if (rf)
        return kc_asm_lex_error(c, start, "expected %s, got the register '%.*s'", x->want, (int)n, start);
    if (c->pass == 1 && !c->statement_mode) {
        c->unresolved = 1;   /* maybe a label defined further down */
        return KC_OK;
    }
    const char *best = kc_asm_sym_suggest(c, start, n);
    if (best)
        return kc_asm_lex_error(c, start, "undefined label or constant '%.*s'; did you mean '%s'?",
                         (int)n, start, best);
    return kc_asm_lex_error(c, start, "undefined label or constant '%.*s'", (int)n, start);
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
            return kc_asm_lex_error(x->c, x->p, "missing ')' to close the '(' at column %d",
                             (int)(open - x->c->lbuf) + 1);
        x->p++;
        return KC_OK;
    }
    if (isdigit((unsigned char)ch) || (ch == '.' && isdigit((unsigned char)x->p[1])))
        return ex_number(x, v);
    if (asm_ident_start((unsigned char)ch))
        return ex_symbol(x, v);
    if (!ch)
        return kc_asm_lex_error(x->c, x->p, "expected %s, got nothing", x->want);
    if (ch == '[')
        return kc_asm_lex_error(x->c, x->p, "expected %s, got a vector row (brackets mark vector rows)", x->want);
    return kc_asm_lex_error(x->c, x->p, "expected %s, got '%c'", x->want, ch);
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
                return kc_asm_lex_error(x->c, at, "operator '~' needs an integer");
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
            return kc_asm_lex_error(x->c, at, "operator '%s' needs integers", op);
        double l = kc_asm_expr_num(a), r = kc_asm_expr_num(b);
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
            return kc_asm_lex_error(x->c, at, "division by zero");
        }
        if (a->i == INT64_MIN && b->i == -1)
            return kc_asm_lex_error(x->c, at, "integer overflow");
        a->i = op[0] == '/' ? a->i / b->i : a->i % b->i;
        break;
    case '&': a->i = (int64_t)(l & r); break;
    case '|': a->i = (int64_t)(l | r); break;
    case '^': a->i = (int64_t)(l ^ r); break;
    case '<': case '>':
        if (b->i < 0 || b->i > 63)
            return kc_asm_lex_error(x->c, at, "shift amount %lld is not in 0..63", (long long)b->i);
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
kc_status kc_asm_expr_eval(asm_ctx *c, char *s, int allow_float, const char *want, asm_val *v)
{
    asm_ex x = {c, s, allow_float, want, 0};
    c->unresolved = 0;
    if (ex_or(&x, v))
        return c->err->code;
    x.p = asm_skip_space(x.p);
    if (*x.p) {
        if (*x.p == ')')
            return kc_asm_lex_error(c, x.p, "unmatched ')'");
        return kc_asm_lex_error(c, x.p, "unexpected '%s' in %s", x.p, want);
    }
    return KC_OK;
}

kc_status kc_asm_expr_eval_int(asm_ctx *c, char *s, const char *want, int64_t *out)
{
    asm_val v = {0, 0, 0.0};
    *out = 0;
    if (kc_asm_expr_eval(c, s, 0, want, &v))
        return c->err->code;
    *out = v.i;
    return KC_OK;
}
