/* kc_args.c — the table-driven option parser of kc (see kc_args.h). getopt_long
 * does the scanning (=, prefixes, --, permutation); this file builds its tables
 * from the rows, checks values and words the errors. */
#include "kc_args.h"

#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* getopt_long's val for row i: above every char, so short options keep theirs. */
#define ARGS_LONG_BASE 256
#define ARGS_HELP_VAL (ARGS_LONG_BASE + KC_ARGS_MAX_OPTS)

static const kc_args_opt args_help_row = {KC_ARGS_HELP, "help", 'h', KC_ARGS_FLAG, NULL, 0, 0,
                                          "print this help and exit"};

int kc_args_u64(const char *s, uint64_t *out)
{
    char *end;
    if (!s || !isdigit((unsigned char)*s))   /* no sign, no leading space */
        return 0;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 0);
    if (errno || *end)
        return 0;
    *out = v;
    return 1;
}

static int args_set(kc_args *a, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int args_set(kc_args *a, const char *fmt, ...)
{
    char buf[sizeof a->err.text];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    kc_err_clear(&a->err);
    kc_err_set(&a->err, KC_ERR_USAGE, "kc %s: %s", a->spec->cmd, buf);
    return KC_ARGS_ERROR;
}

void kc_args_start(kc_args *a, const kc_args_spec *spec, int argc, char **argv)
{
    memset(a, 0, sizeof *a);
    a->spec = spec;
    a->argc = argc;
    a->argv = argv;
    char *s = a->shortopts;
    *s++ = ':';   /* a missing value returns ':', not '?' */
    for (const kc_args_opt *const *t = spec->tables; *t; t++)
        for (const kc_args_opt *o = *t; o->id; o++) {
            if (a->nrows == KC_ARGS_MAX_OPTS) {   /* a programming error: kc_args_next reports it */
                args_set(a, "internal error: more than %d options", KC_ARGS_MAX_OPTS);
                break;
            }
            int i = a->nrows++;
            a->rows[i] = o;
            int has_arg = o->kind == KC_ARGS_FLAG ? no_argument : required_argument;
            if (o->name)
                a->longopts[i] = (struct option){o->name, has_arg, NULL, ARGS_LONG_BASE + i};
            if (o->short_name) {
                *s++ = o->short_name;
                if (has_arg == required_argument)
                    *s++ = ':';
            }
        }
    int n = 0;   /* compact: rows without a long name leave no hole */
    for (int i = 0; i < a->nrows; i++)
        if (a->longopts[i].name)
            a->longopts[n++] = a->longopts[i];
    a->longopts[n++] = (struct option){"help", no_argument, NULL, ARGS_HELP_VAL};
    a->longopts[n] = (struct option){0, 0, 0, 0};
    *s++ = 'h';
    *s = 0;
    optind = 0;   /* glibc: 0 re-initialises the scanner (a fresh parse every time) */
    opterr = 0;   /* our own messages */
}

static const kc_args_opt *args_row_of(const kc_args *a, int val)
{
    if (val == ARGS_HELP_VAL || val == 'h')
        return &args_help_row;
    if (val >= ARGS_LONG_BASE && val < ARGS_LONG_BASE + a->nrows)
        return a->rows[val - ARGS_LONG_BASE];
    for (int i = 0; i < a->nrows; i++)
        if (val > 0 && val < ARGS_LONG_BASE && a->rows[i]->short_name == val)
            return a->rows[i];
    return NULL;
}

/* "--config" or "-o": how the user wrote the option's name. */
static const char *args_shown(const kc_args_opt *o, char *buf, size_t size)
{
    if (o->name)
        snprintf(buf, size, "--%s", o->name);
    else
        snprintf(buf, size, "-%c", o->short_name);
    return buf;
}

/* Edit distance of x[0..n) and y, a swap of neighbours counting one edit
 * (optimal string alignment): "--tsak" is one slip from "--task". */
static size_t args_distance(const char *x, size_t n, const char *y)
{
    size_t m = strlen(y), d[33][33];
    if (n > 32 || m > 32)
        return 99;
    for (size_t i = 0; i <= n; i++)
        d[i][0] = i;
    for (size_t j = 0; j <= m; j++)
        d[0][j] = j;
    for (size_t i = 1; i <= n; i++)
        for (size_t j = 1; j <= m; j++) {
            size_t best = d[i - 1][j - 1] + (x[i - 1] != y[j - 1]);
            if (d[i - 1][j] + 1 < best)
                best = d[i - 1][j] + 1;
            if (d[i][j - 1] + 1 < best)
                best = d[i][j - 1] + 1;
            if (i > 1 && j > 1 && x[i - 1] == y[j - 2] && x[i - 2] == y[j - 1] && d[i - 2][j - 2] + 1 < best)
                best = d[i - 2][j - 2] + 1;
            d[i][j] = best;
        }
    return d[n][m];
}

/* The message for an argument getopt_long did not recognise: an unknown option
 * (with the nearest name as a hint) or an ambiguous prefix. */
static int args_unknown(kc_args *a, const char *word)
{
    char see[80];
    snprintf(see, sizeof see, "see kc %s --help", a->spec->cmd);
    if (word[0] != '-' || word[1] != '-')
        return args_set(a, "unknown option '%s' (%s)", word, see);
    const char *name = word + 2;
    size_t n = strcspn(name, "=");
    char cands[256] = "";
    int nprefix = 0;
    const char *best = NULL;
    size_t bestd = n <= 4 ? 1 : 2;   /* a hint only for a near miss */
    for (int i = 0; i <= a->nrows; i++) {
        const char *cand = i < a->nrows ? a->rows[i]->name : "help";
        if (!cand)
            continue;
        if (n && !strncmp(cand, name, n)) {
            size_t len = strlen(cands);
            snprintf(cands + len, sizeof cands - len, "%s--%s", nprefix++ ? ", " : "", cand);
        }
        size_t d = args_distance(name, n, cand);
        if (d <= bestd && (d < bestd || !best)) {
            best = cand;
            bestd = d;
        }
    }
    if (nprefix > 1)
        return args_set(a, "ambiguous option '%.*s' (%s?)", (int)(n + 2), word, cands);
    if (best)
        return args_set(a, "unknown option '%.*s' (did you mean --%s?)", (int)(n + 2), word, best);
    return args_set(a, "unknown option '%.*s' (%s)", (int)(n + 2), word, see);
}

int kc_args_next(kc_args *a)
{
    if (a->err.code != KC_OK)   /* kc_args_start failed, or an error was returned already */
        return KC_ARGS_ERROR;
    int c = getopt_long(a->argc, a->argv, a->shortopts, a->longopts, NULL);
    a->opt = NULL;
    a->value = NULL;
    a->number = 0;
    char shown[80];
    if (c == -1) {
        a->npos = a->argc - optind;
        a->pos = a->argv + optind;
        return KC_ARGS_END;
    }
    if (c == '?' || c == ':') {
        const kc_args_opt *o = optopt ? args_row_of(a, optopt) : NULL;
        if (c == ':' && o)
            return args_set(a, "%s needs a value", args_shown(o, shown, sizeof shown));
        if (o && optopt >= ARGS_LONG_BASE)   /* "--json=1" */
            return args_set(a, "%s takes no value", args_shown(o, shown, sizeof shown));
        if (optopt && optopt < ARGS_LONG_BASE) {
            char w[3] = {'-', (char)optopt, 0};
            return args_unknown(a, w);
        }
        /* getopt_long has stepped past the word it did not recognise */
        const char *word = optind > 0 && optind <= a->argc ? a->argv[optind - 1] : NULL;
        return args_unknown(a, word ? word : "");
    }
    const kc_args_opt *o = args_row_of(a, c);
    if (!o)   /* cannot happen: every val comes from a row */
        return args_set(a, "internal error: option %d", c);
    a->opt = o;
    a->value = optarg;
    if (o->kind == KC_ARGS_NUMBER &&
        (!kc_args_u64(optarg, &a->number) || a->number < o->lo || a->number > o->hi))
        return args_set(a, "%s takes a whole number in %" PRIu64 "..%" PRIu64 ", got '%s'",
                        args_shown(o, shown, sizeof shown), o->lo, o->hi, optarg ? optarg : "");
    return o->id;
}

int kc_args_bad_value(kc_args *a, const char *wants)
{
    char shown[80];
    if (!a->opt)
        return args_set(a, "bad value: %s", wants);
    return args_set(a, "%s takes %s, got '%s'", args_shown(a->opt, shown, sizeof shown), wants,
                    a->value ? a->value : "");
}

static int args_vusage(kc_args *a, const char *fmt, va_list ap)
{
    char buf[400];
    vsnprintf(buf, sizeof buf, fmt, ap);
    return args_set(a, "%s (see kc %s --help)", buf, a->spec->cmd);
}

int kc_args_usage_error(kc_args *a, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int rc = args_vusage(a, fmt, ap);
    va_end(ap);
    return rc;
}

int kc_args_fail(kc_args *a, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    args_vusage(a, fmt, ap);
    va_end(ap);
    return kc_args_exit(a);
}

int kc_args_exit(const kc_args *a)
{
    fprintf(stderr, "%s\n", a->err.text);
    return 2;
}

/* Writes one option's entry: its forms, then its help text in a column (lines
 * after the first indented), a number's range appended. */
static void args_help_row_write(FILE *out, const kc_args_opt *o)
{
    enum { COL = 24 };
    char head[80];
    int n;
    if (o->short_name && o->name)
        n = snprintf(head, sizeof head, "-%c, --%s", o->short_name, o->name);
    else if (o->name)
        n = snprintf(head, sizeof head, "--%s", o->name);
    else
        n = snprintf(head, sizeof head, "-%c", o->short_name);
    if (o->metavar && n > 0 && (size_t)n < sizeof head)
        snprintf(head + n, sizeof head - (size_t)n, " %s", o->metavar);
    if (strlen(head) + 2 >= COL)
        fprintf(out, "  %s\n%*s", head, COL + 2, "");
    else
        fprintf(out, "  %-*s", COL, head);
    for (const char *p = o->help; *p;) {
        size_t len = strcspn(p, "\n");
        fprintf(out, "%.*s", (int)len, p);
        p += len;
        if (*p == '\n' && *++p)
            fprintf(out, "\n%*s", COL + 2, "");
    }
    if (o->kind == KC_ARGS_NUMBER && !(o->lo == 0 && o->hi == UINT64_MAX))
        fprintf(out, " (%" PRIu64 "..%" PRIu64 ")", o->lo, o->hi);
    fprintf(out, "\n");
}

void kc_args_help(const kc_args_spec *spec, FILE *out)
{
    const char *u = spec->usage;
    for (int first = 1; *u; first = 0) {
        size_t n = strcspn(u, "\n");
        fprintf(out, "%s kc %s %.*s\n", first ? "usage:" : "      ", spec->cmd, (int)n, u);
        u += n + (u[n] == '\n');
    }
    if (spec->about)
        fprintf(out, "\n%s", spec->about);
    fprintf(out, "\noptions:\n");
    for (const kc_args_opt *const *t = spec->tables; *t; t++)
        for (const kc_args_opt *o = *t; o->id; o++)
            args_help_row_write(out, o);
    args_help_row_write(out, &args_help_row);
}
