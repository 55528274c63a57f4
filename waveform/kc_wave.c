/* kc_wave.c — the in-memory waveform and its queries (see kc_wave.h). */
#define _POSIX_C_SOURCE 200809L
#include "kc_wave.h"
#include "kc_wave_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct change {
    uint64_t t;
    size_t val;          /* offset of the value string in the pool */
} change;

typedef struct signal {
    unsigned width;
    int real;
    int keep;
    change *ch;
    size_t nch, cap;
} signal;

typedef struct var {
    char *name;          /* hierarchical */
    size_t sig;
    unsigned depth;
} var;

struct kc_wave {
    signal *sigs;
    size_t nsigs, sigcap;
    var *vars;
    size_t nvars, varcap;
    char *pool;          /* NUL-separated value strings */
    size_t plen, pcap;
    uint64_t end;
};

int kc_wave_grow(void **p, size_t *cap, size_t need, size_t elem)
{
    if (need <= *cap)
        return 1;
    size_t c = *cap ? *cap : 64;
    while (c < need)
        c *= 2;
    void *np = realloc(*p, c * elem);
    if (!np)
        return 0;
    *p = np;
    *cap = c;
    return 1;
}

kc_wave *kc_wave_new(void)
{
    return calloc(1, sizeof(kc_wave));
}

void kc_wave_free(kc_wave *w)
{
    if (!w)
        return;
    for (size_t i = 0; i < w->nsigs; i++)
        free(w->sigs[i].ch);
    for (size_t i = 0; i < w->nvars; i++)
        free(w->vars[i].name);
    free(w->sigs);
    free(w->vars);
    free(w->pool);
    free(w);
}

size_t kc_wave_add_signal(kc_wave *w, unsigned width, int real)
{
    if (!kc_wave_grow((void **)&w->sigs, &w->sigcap, w->nsigs + 1, sizeof *w->sigs))
        return SIZE_MAX;
    w->sigs[w->nsigs] = (signal){ .width = width ? width : 1, .real = real, .keep = 1 };
    return w->nsigs++;
}

kc_status kc_wave_add_var(kc_wave *w, const char *name, size_t sig, unsigned depth, kc_err *err)
{
    if (sig >= w->nsigs)
        return kc_err_set(err, KC_ERR_USAGE, "wave: variable %s of no signal", name);
    char *copy = strdup(name);
    if (!copy || !kc_wave_grow((void **)&w->vars, &w->varcap, w->nvars + 1, sizeof *w->vars)) {
        free(copy);
        return kc_err_set(err, KC_ERR_NOMEM, "wave: out of memory");
    }
    w->vars[w->nvars++] = (var){ copy, sig, depth };
    return KC_OK;
}

kc_status kc_wave_add_change(kc_wave *w, size_t sig, uint64_t t, const char *val, size_t n, kc_err *err)
{
    signal *s = &w->sigs[sig];
    if (t > w->end)
        w->end = t;
    if (!s->keep)
        return KC_OK;
    size_t width = s->real ? n + 1 : (s->width > n ? s->width : n);
    if (!kc_wave_grow((void **)&w->pool, &w->pcap, w->plen + width + 1, 1) ||
        !kc_wave_grow((void **)&s->ch, &s->cap, s->nch + 1, sizeof *s->ch))
        return kc_err_set(err, KC_ERR_NOMEM, "wave: out of memory");
    char *d = w->pool + w->plen;
    if (s->real) {
        d[0] = 'r';
        memcpy(d + 1, val, n);
    } else {
        char lead = n ? val[0] : '0';
        char fill = (lead == 'x' || lead == 'X') ? 'x' : (lead == 'z' || lead == 'Z') ? 'z' : '0';
        size_t pad = width - n;
        memset(d, fill, pad);
        for (size_t i = 0; i < n; i++) {
            char c = val[i];
            d[pad + i] = c == 'X' ? 'x' : c == 'Z' ? 'z' : c;
        }
    }
    d[width] = 0;
    if (s->nch && s->ch[s->nch - 1].t == t)
        s->ch[s->nch - 1].val = w->plen;
    else
        s->ch[s->nch++] = (change){ t, w->plen };
    w->plen += width + 1;
    return KC_OK;
}

void kc_wave_note_time(kc_wave *w, uint64_t t)
{
    if (t > w->end)
        w->end = t;
}

void kc_wave_keep(kc_wave *w, const char *const *patterns, size_t n)
{
    if (!n)
        return;
    for (size_t i = 0; i < w->nsigs; i++)
        w->sigs[i].keep = 0;
    for (size_t v = 0; v < w->nvars; v++) {
        int keep = kc_wave_name_matches("clk", w->vars[v].name);
        for (size_t p = 0; p < n && !keep; p++)
            keep = kc_wave_name_matches(patterns[p], w->vars[v].name);
        if (keep)
            w->sigs[w->vars[v].sig].keep = 1;
    }
}

int kc_wave_signal_kept(const kc_wave *w, size_t sig)
{
    return sig < w->nsigs && w->sigs[sig].keep;
}

size_t kc_wave_nvars(const kc_wave *w)
{
    return w->nvars;
}

const char *kc_wave_var_name(const kc_wave *w, size_t var)
{
    return var < w->nvars ? w->vars[var].name : NULL;
}

unsigned kc_wave_var_width(const kc_wave *w, size_t var)
{
    return var < w->nvars ? w->sigs[w->vars[var].sig].width : 0;
}

uint64_t kc_wave_end_time(const kc_wave *w)
{
    return w->end;
}

/* '*' and '?' over the whole of s (iterative, with backtracking to the last '*'). */
static int glob(const char *p, const char *s)
{
    const char *star = NULL, *resume = NULL;
    while (*s) {
        if (*p == '*') {
            star = p++;
            resume = s;
        } else if (*p == '?' || *p == *s) {
            p++;
            s++;
        } else if (star) {
            p = star + 1;
            s = ++resume;
        } else
            return 0;
    }
    while (*p == '*')
        p++;
    return !*p;
}

int kc_wave_name_matches(const char *pattern, const char *name)
{
    if (!strpbrk(pattern, "*?")) {
        size_t pl = strlen(pattern), nl = strlen(name);
        return pl && nl >= pl && !strcmp(name + nl - pl, pattern) && (nl == pl || name[nl - pl - 1] == '.');
    }
    for (const char *s = name; s; s = strchr(s, '.'), s = s ? s + 1 : NULL)
        if (glob(pattern, s))
            return 1;
    return 0;
}

size_t kc_wave_match(const kc_wave *w, const char *pattern, size_t *idx, size_t max)
{
    size_t count = 0;
    unsigned maxdepth = 0;
    for (size_t i = 0; i < w->nvars; i++)
        if (w->vars[i].depth > maxdepth)
            maxdepth = w->vars[i].depth;
    unsigned char *seen = calloc(w->nsigs ? w->nsigs : 1, 1);
    /* Shallowest first: one pass per depth. */
    for (unsigned d = 0; d <= maxdepth; d++)
        for (size_t i = 0; i < w->nvars; i++) {
            const var *x = &w->vars[i];
            if (x->depth != d || !kc_wave_name_matches(pattern, x->name))
                continue;
            if (seen) {
                if (seen[x->sig])
                    continue;
                seen[x->sig] = 1;
            }
            if (count < max)
                idx[count] = i;
            count++;
        }
    free(seen);
    return count;
}

static const change *change_at(const signal *s, uint64_t t)
{
    size_t lo = 0, hi = s->nch;   /* first change with time > t */
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (s->ch[mid].t <= t)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo ? &s->ch[lo - 1] : NULL;
}

const char *kc_wave_value_at(const kc_wave *w, size_t var, uint64_t t)
{
    if (var >= w->nvars)
        return NULL;
    const change *c = change_at(&w->sigs[w->vars[var].sig], t);
    return c ? w->pool + c->val : NULL;
}

size_t kc_wave_rising_edges(const kc_wave *w, size_t var, uint64_t t0, uint64_t t1, uint64_t *times,
                            size_t max)
{
    if (var >= w->nvars)
        return 0;
    const signal *s = &w->sigs[w->vars[var].sig];
    size_t count = 0;
    for (size_t i = 1; i < s->nch; i++) {
        const char *prev = w->pool + s->ch[i - 1].val, *cur = w->pool + s->ch[i].val;
        if (s->ch[i].t < t0 || s->ch[i].t > t1 || cur[0] != '1' || prev[0] == '1')
            continue;
        if (count < max)
            times[count] = s->ch[i].t;
        count++;
    }
    return count;
}

void kc_wave_format(const char *bits, char *out, size_t size)
{
    if (!size)
        return;
    size_t n = bits ? strlen(bits) : 0;
    if (!n) {
        snprintf(out, size, "-");
        return;
    }
    if (bits[0] == 'r') {
        snprintf(out, size, "%s", bits + 1);
        return;
    }
    if (n == 1) {
        snprintf(out, size, "%c", bits[0]);
        return;
    }
    if (size < 3) {
        out[0] = 0;
        return;
    }
    size_t nib = (n + 3) / 4, k = 0;
    out[k++] = '0';
    out[k++] = 'x';
    for (size_t d = 0; d < nib && k + 1 < size; d++) {
        /* nibble d covers bits [n - 4*(nib-d), n - 4*(nib-d-1)) counted from the MSB side */
        long hi = (long)n - 4 * (long)(nib - d);
        unsigned val = 0;
        char special = 0;
        for (long b = hi; b < hi + 4; b++) {
            char c = b < 0 ? '0' : bits[b];
            val <<= 1;
            if (c == '1')
                val |= 1;
            else if (c != '0')
                special = c == 'z' ? 'z' : 'x';
        }
        out[k++] = special ? special : "0123456789abcdef"[val];
    }
    out[k] = 0;
}
