/* kc_timing.c — the timing formulas of an ISA table (see kc_timing.h).
 *
 * A small recursive-descent evaluator: the formulas are a handful of terms, and
 * keeping them as text lets the document print exactly what the test checks. */
#include "kc_timing.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "kc_dram.h"

typedef struct tparse {
    const char *s, *p;
    const kc_isa *isa;
    const kc_timing_env *env;
    kc_err *err;
    int bad;
} tparse;

static double t_expr(tparse *t);

static void t_skip(tparse *t)
{
    while (isspace((unsigned char)*t->p))
        t->p++;
}

static double t_fail(tparse *t, const char *what)
{
    if (!t->bad)
        kc_err_set(t->err, KC_ERR_SYNTAX, "timing formula \"%s\": %s at offset %d", t->s, what,
                   (int)(t->p - t->s));
    t->bad = 1;
    return 0;
}

static int t_eat(tparse *t, char c)
{
    t_skip(t);
    if (*t->p != c)
        return 0;
    t->p++;
    return 1;
}

static double t_name(tparse *t, const char *name, size_t len)
{
    static const char *const vars[] = {"LAT", "BW", "BEAT", "N"};
    const double vals[] = {t->env->lat, t->env->bw, t->env->beat, t->env->n};
    for (size_t i = 0; i < sizeof vars / sizeof vars[0]; i++)
        if (strlen(vars[i]) == len && !strncmp(vars[i], name, len))
            return vals[i];
    for (size_t i = 0; i < t->isa->nparams; i++)
        if (strlen(t->isa->params[i].name) == len && !strncmp(t->isa->params[i].name, name, len))
            return (double)t->isa->params[i].value;
    return t_fail(t, "unknown name");
}

static double t_primary(tparse *t)
{
    t_skip(t);
    if (t_eat(t, '(')) {
        double v = t_expr(t);
        if (!t_eat(t, ')'))
            return t_fail(t, "expected ')'");
        return v;
    }
    if (t_eat(t, '-'))
        return -t_primary(t);
    if (isdigit((unsigned char)*t->p)) {
        double v = 0;
        while (isdigit((unsigned char)*t->p))
            v = v * 10 + (*t->p++ - '0');
        return v;
    }
    const char *n = t->p;
    while (isalnum((unsigned char)*t->p) || *t->p == '_')
        t->p++;
    size_t len = (size_t)(t->p - n);
    if (!len)
        return t_fail(t, "expected a number, a name or '('");
    int is_ceil = len == 4 && !strncmp(n, "ceil", 4), is_max = len == 3 && !strncmp(n, "max", 3);
    int is_log2 = len == 4 && !strncmp(n, "log2", 4);
    if (!is_ceil && !is_max && !is_log2)
        return t_name(t, n, len);
    if (!t_eat(t, '('))
        return t_fail(t, "expected '(' after a function name");
    double a = t_expr(t), b = 0;
    if (is_max && !t_eat(t, ','))
        return t_fail(t, "max takes two arguments");
    if (is_max)
        b = t_expr(t);
    if (!t_eat(t, ')'))
        return t_fail(t, "expected ')'");
    if (is_log2)
        return a > 0 ? log2(a) : t_fail(t, "log2 of a value <= 0");
    return is_ceil ? ceil(a - 1e-9) : (a > b ? a : b);
}

static double t_term(tparse *t)
{
    double v = t_primary(t);
    for (;;) {
        if (t_eat(t, '*'))
            v *= t_primary(t);
        else if (t_eat(t, '/')) {
            double d = t_primary(t);
            if (d == 0)
                return t_fail(t, "division by zero");
            v /= d;
        } else
            return v;
    }
}

static double t_expr(tparse *t)
{
    double v = t_term(t);
    for (;;) {
        if (t_eat(t, '+'))
            v += t_term(t);
        else if (t_eat(t, '-'))
            v -= t_term(t);
        else
            return v;
    }
}

kc_timing_env kc_timing_default_env(const kc_isa *isa, int n)
{
    const kc_isa_param *vlen = kc_isa_param_by_name(isa, "VLEN");
    kc_timing_env e = {KC_DRAM_DEFAULT_LATENCY, KC_DRAM_DEFAULT_BW, vlen ? 2.0 * (double)vlen->value : 0,
                       n};
    return e;
}

kc_status kc_timing_eval(const kc_isa *isa, const char *formula, const kc_timing_env *env,
                         double *out, kc_err *err)
{
    tparse t = {formula, formula, isa, env, err, 0};
    double v = t_expr(&t);
    t_skip(&t);
    if (!t.bad && *t.p)
        t_fail(&t, "unexpected text");
    if (t.bad)
        return KC_ERR_SYNTAX;
    *out = v;
    return KC_OK;
}

/* Is `name` a space-separated word of `list`? */
static int t_listed(const char *list, const char *name)
{
    size_t n = strlen(name);
    for (const char *p = list; *p;) {
        while (*p == ' ')
            p++;
        size_t w = strcspn(p, " ");
        if (w == n && !strncmp(p, name, n))
            return 1;
        p += w;
    }
    return 0;
}

size_t kc_timing_rows_for(const kc_isa *isa, const char *insn, const char *unit,
                          const kc_isa_timing **rows, size_t max)
{
    char u[40];
    snprintf(u, sizeof u, "unit:%s", unit);
    size_t k = 0;
    for (size_t i = 0; i < isa->ntimings; i++)
        if (t_listed(isa->timings[i].insns, insn) || t_listed(isa->timings[i].insns, u)) {
            if (k < max)
                rows[k] = &isa->timings[i];
            k++;
        }
    return k;
}
