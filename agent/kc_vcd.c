/* kc_vcd.c — VCD parsing and queries (see kc_vcd.h). */
#define _POSIX_C_SOURCE 200809L
#include "kc_vcd.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct change {
    uint64_t t;
    size_t val;          /* offset of the value string in the value pool */
} change;

typedef struct signal {  /* one id code */
    char *code;
    unsigned width;
    change *ch;
    size_t nch, cap;
} signal;

typedef struct var {
    char *name;          /* hierarchical */
    size_t sig;
    unsigned depth;
} var;

struct kc_vcd {
    signal *sigs;
    size_t nsigs, sigcap;
    var *vars;
    size_t nvars, varcap;
    char *pool;          /* NUL-separated value strings */
    size_t plen, pcap;
    size_t *hash;        /* open addressing over sigs: index + 1, 0 = empty */
    size_t hcap;
    uint64_t end;
};

static int grow(void **p, size_t *cap, size_t need, size_t elem)
{
    if (need <= *cap)
        return 1;
    size_t c = *cap ? *cap : 16;
    while (c < need)
        c *= 2;
    void *np = realloc(*p, c * elem);
    if (!np)
        return 0;
    *p = np;
    *cap = c;
    return 1;
}

static uint64_t hash_str(const char *s, size_t n)
{
    uint64_t h = 1469598103934665603ull;
    for (size_t i = 0; i < n; i++)
        h = (h ^ (unsigned char)s[i]) * 1099511628211ull;
    return h;
}

static int hash_rebuild(kc_vcd *v, size_t cap)
{
    size_t *h = calloc(cap, sizeof *h);
    if (!h)
        return 0;
    for (size_t i = 0; i < v->nsigs; i++) {
        size_t k = hash_str(v->sigs[i].code, strlen(v->sigs[i].code)) & (cap - 1);
        while (h[k])
            k = (k + 1) & (cap - 1);
        h[k] = i + 1;
    }
    free(v->hash);
    v->hash = h;
    v->hcap = cap;
    return 1;
}

static signal *sig_find(kc_vcd *v, const char *code, size_t n)
{
    if (!v->hcap)
        return NULL;
    for (size_t k = hash_str(code, n) & (v->hcap - 1); v->hash[k]; k = (k + 1) & (v->hcap - 1)) {
        signal *s = &v->sigs[v->hash[k] - 1];
        if (strlen(s->code) == n && !memcmp(s->code, code, n))
            return s;
    }
    return NULL;
}

/* A new id code; the hash is kept at most half full. */
static signal *sig_add(kc_vcd *v, const char *code, size_t n, unsigned width)
{
    if (!grow((void **)&v->sigs, &v->sigcap, v->nsigs + 1, sizeof *v->sigs))
        return NULL;
    signal *s = &v->sigs[v->nsigs];
    memset(s, 0, sizeof *s);
    if (!(s->code = strndup(code, n)))
        return NULL;
    s->width = width ? width : 1;
    v->nsigs++;
    if (v->nsigs * 2 > v->hcap) {
        if (!hash_rebuild(v, v->hcap ? v->hcap * 2 : 64))
            return NULL;
    } else {
        size_t k = hash_str(code, n) & (v->hcap - 1);
        while (v->hash[k])
            k = (k + 1) & (v->hcap - 1);
        v->hash[k] = v->nsigs;
    }
    return s;
}

void kc_vcd_free(kc_vcd *v)
{
    if (!v)
        return;
    for (size_t i = 0; i < v->nsigs; i++) {
        free(v->sigs[i].code);
        free(v->sigs[i].ch);
    }
    for (size_t i = 0; i < v->nvars; i++)
        free(v->vars[i].name);
    free(v->sigs);
    free(v->vars);
    free(v->pool);
    free(v->hash);
    free(v);
}

/* Tokenizer over the whole text: whitespace-separated words with line numbers. */
typedef struct lexer {
    const char *p, *end;
    int line;
} lexer;

static int next_word(lexer *lx, const char **w, size_t *n)
{
    while (lx->p < lx->end && (*lx->p == ' ' || *lx->p == '\t' || *lx->p == '\n' || *lx->p == '\r')) {
        if (*lx->p == '\n')
            lx->line++;
        lx->p++;
    }
    if (lx->p >= lx->end)
        return 0;
    *w = lx->p;
    while (lx->p < lx->end && !(*lx->p == ' ' || *lx->p == '\t' || *lx->p == '\n' || *lx->p == '\r'))
        lx->p++;
    *n = (size_t)(lx->p - *w);
    return 1;
}

static int word_is(const char *w, size_t n, const char *s)
{
    return strlen(s) == n && !memcmp(w, s, n);
}

static kc_status skip_to_end(lexer *lx, kc_err *err)
{
    const char *w;
    size_t n;
    while (next_word(lx, &w, &n))
        if (word_is(w, n, "$end"))
            return KC_OK;
    return kc_err_at(err, KC_ERR_SYNTAX, "vcd", lx->line, 0, "vcd: missing $end");
}

static kc_status add_change(kc_vcd *v, uint64_t t, const char *val, size_t vn, const char *code,
                            size_t cn, int line, kc_err *err)
{
    signal *s = sig_find(v, code, cn);
    if (!s)
        return kc_err_at(err, KC_ERR_SYNTAX, "vcd", line, 0, "vcd: value change for undeclared id '%.*s'",
                         (int)cn, code);
    /* Vectors may be written with fewer bits than the width: left-extend with 0
     * (or with x/z when that is the leading bit), as the VCD standard says. */
    size_t w = s->width > vn && val[0] != 'r' ? s->width : vn;
    if (!grow((void **)&v->pool, &v->pcap, v->plen + w + 1, 1) ||
        !grow((void **)&s->ch, &s->cap, s->nch + 1, sizeof *s->ch))
        return kc_err_set(err, KC_ERR_NOMEM, "vcd: out of memory");
    char *d = v->pool + v->plen;
    char fill = (val[0] == 'x' || val[0] == 'z' || val[0] == 'X' || val[0] == 'Z') ? val[0] : '0';
    for (size_t i = 0; i < w - vn; i++)
        d[i] = fill;
    for (size_t i = 0; i < vn; i++) {
        char c = val[i];
        d[w - vn + i] = (c == 'X') ? 'x' : (c == 'Z') ? 'z' : c;
    }
    d[w] = 0;
    /* Several changes of one signal at one time: the last one wins. */
    if (s->nch && s->ch[s->nch - 1].t == t)
        s->ch[s->nch - 1].val = v->plen;
    else
        s->ch[s->nch++] = (change){ t, v->plen };
    v->plen += w + 1;
    return KC_OK;
}

kc_status kc_vcd_parse(const char *text, size_t len, kc_vcd **out, kc_err *err)
{
    *out = NULL;
    kc_vcd *v = calloc(1, sizeof *v);
    if (!v)
        return kc_err_set(err, KC_ERR_NOMEM, "vcd: out of memory");
    lexer lx = { text, text + len, 1 };
    char scope[1024] = "";
    unsigned depth = 0;
    int defs_done = 0;
    uint64_t t = 0;
    const char *w;
    size_t n;
    kc_status st = KC_OK;
    while (st == KC_OK && next_word(&lx, &w, &n)) {
        if (!defs_done) {
            if (word_is(w, n, "$scope")) {
                const char *kind, *name;
                size_t kn, nn;
                if (!next_word(&lx, &kind, &kn) || !next_word(&lx, &name, &nn)) {
                    st = kc_err_at(err, KC_ERR_SYNTAX, "vcd", lx.line, 0, "vcd: truncated $scope");
                    break;
                }
                size_t sl = strlen(scope);
                snprintf(scope + sl, sizeof scope - sl, "%s%.*s", sl ? "." : "", (int)nn, name);
                depth++;
                st = skip_to_end(&lx, err);
            } else if (word_is(w, n, "$upscope")) {
                char *dot = strrchr(scope, '.');
                if (dot)
                    *dot = 0;
                else
                    scope[0] = 0;
                if (depth)
                    depth--;
                st = skip_to_end(&lx, err);
            } else if (word_is(w, n, "$var")) {
                const char *f[4];
                size_t fn[4];
                for (int i = 0; i < 4; i++)
                    if (!next_word(&lx, &f[i], &fn[i])) {
                        st = kc_err_at(err, KC_ERR_SYNTAX, "vcd", lx.line, 0, "vcd: truncated $var");
                        break;
                    }
                if (st != KC_OK)
                    break;
                /* f: type, width, id code, name; an optional [msb:lsb] follows. */
                unsigned width = (unsigned)strtoul(f[1], NULL, 10);
                signal *s = sig_find(v, f[2], fn[2]);
                if (!s && !(s = sig_add(v, f[2], fn[2], width))) {
                    st = kc_err_set(err, KC_ERR_NOMEM, "vcd: out of memory");
                    break;
                }
                if (!grow((void **)&v->vars, &v->varcap, v->nvars + 1, sizeof *v->vars)) {
                    st = kc_err_set(err, KC_ERR_NOMEM, "vcd: out of memory");
                    break;
                }
                char full[1400];
                snprintf(full, sizeof full, "%s%s%.*s", scope, scope[0] ? "." : "", (int)fn[3], f[3]);
                v->vars[v->nvars++] = (var){ strdup(full), (size_t)(s - v->sigs), depth };
                st = skip_to_end(&lx, err);
            } else if (word_is(w, n, "$enddefinitions")) {
                defs_done = 1;
                st = skip_to_end(&lx, err);
            } else if (w[0] == '$') {
                st = skip_to_end(&lx, err);   /* $date, $version, $timescale, $comment */
            } else
                st = kc_err_at(err, KC_ERR_SYNTAX, "vcd", lx.line, 0,
                               "vcd: unexpected '%.*s' in the header", (int)(n > 40 ? 40 : n), w);
            continue;
        }
        char c = w[0];
        if (c == '#') {
            char *e;
            errno = 0;
            t = strtoull(w + 1, &e, 10);
            if (errno || e != w + n)
                st = kc_err_at(err, KC_ERR_SYNTAX, "vcd", lx.line, 0, "vcd: bad timestamp");
            if (t > v->end)
                v->end = t;
        } else if (c == '$') {
            /* $dumpvars / $dumpon / $dumpoff / $dumpall / $end wrap value changes:
             * the keywords carry no data; $comment does and is skipped. */
            if (word_is(w, n, "$comment"))
                st = skip_to_end(&lx, err);
        } else if (c == '0' || c == '1' || c == 'x' || c == 'X' || c == 'z' || c == 'Z') {
            if (n < 2)
                st = kc_err_at(err, KC_ERR_SYNTAX, "vcd", lx.line, 0, "vcd: scalar change without an id");
            else
                st = add_change(v, t, w, 1, w + 1, n - 1, lx.line, err);
        } else if (c == 'b' || c == 'B' || c == 'r' || c == 'R') {
            const char *code;
            size_t cn;
            if (!next_word(&lx, &code, &cn))
                st = kc_err_at(err, KC_ERR_SYNTAX, "vcd", lx.line, 0, "vcd: vector change without an id");
            else if (c == 'r' || c == 'R')
                st = add_change(v, t, w, n, code, cn, lx.line, err);
            else
                st = add_change(v, t, w + 1, n - 1, code, cn, lx.line, err);
        } else
            st = kc_err_at(err, KC_ERR_SYNTAX, "vcd", lx.line, 0, "vcd: unexpected '%.*s'",
                           (int)(n > 40 ? 40 : n), w);
    }
    if (st == KC_OK && !defs_done)
        st = kc_err_set(err, KC_ERR_SYNTAX, "vcd: no $enddefinitions (not a VCD file?)");
    if (st != KC_OK) {
        kc_vcd_free(v);
        return st;
    }
    *out = v;
    return KC_OK;
}

kc_status kc_vcd_load(const char *path, size_t max_bytes, kc_vcd **out, kc_err *err)
{
    *out = NULL;
    if (!max_bytes)
        max_bytes = (size_t)256 << 20;
    FILE *f = fopen(path, "rb");
    if (!f)
        return kc_err_set(err, KC_ERR_IO, "vcd: cannot open %s: %s", path, strerror(errno));
    if (fseek(f, 0, SEEK_END) != 0) {
        fclose(f);
        return kc_err_set(err, KC_ERR_IO, "vcd: cannot seek %s", path);
    }
    long size = ftell(f);
    rewind(f);
    if (size < 0 || (size_t)size > max_bytes) {
        fclose(f);
        return kc_err_set(err, KC_ERR_RANGE, "vcd: %s is %ld bytes, more than the %zu allowed; "
                          "ask for a shorter window", path, size, max_bytes);
    }
    char *buf = malloc((size_t)size + 1);
    if (!buf) {
        fclose(f);
        return kc_err_set(err, KC_ERR_NOMEM, "vcd: out of memory");
    }
    size_t got = fread(buf, 1, (size_t)size, f);
    fclose(f);
    if (got != (size_t)size) {
        free(buf);
        return kc_err_set(err, KC_ERR_IO, "vcd: cannot read %s", path);
    }
    buf[got] = 0;
    kc_status st = kc_vcd_parse(buf, got, out, err);
    free(buf);
    return st;
}

size_t kc_vcd_nvars(const kc_vcd *v)
{
    return v->nvars;
}

const char *kc_vcd_var_name(const kc_vcd *v, size_t var)
{
    return var < v->nvars ? v->vars[var].name : NULL;
}

unsigned kc_vcd_var_width(const kc_vcd *v, size_t var)
{
    return var < v->nvars ? v->sigs[v->vars[var].sig].width : 0;
}

uint64_t kc_vcd_end_time(const kc_vcd *v)
{
    return v->end;
}

size_t kc_vcd_match(const kc_vcd *v, const char *suffix, size_t *idx, size_t max)
{
    size_t sl = strlen(suffix), count = 0;
    /* Shallowest first: scan depth by depth. */
    unsigned maxdepth = 0;
    for (size_t i = 0; i < v->nvars; i++)
        if (v->vars[i].depth > maxdepth)
            maxdepth = v->vars[i].depth;
    size_t *seen = calloc(v->nsigs ? v->nsigs : 1, sizeof *seen);
    for (unsigned d = 0; d <= maxdepth; d++)
        for (size_t i = 0; i < v->nvars; i++) {
            const var *x = &v->vars[i];
            size_t nl = strlen(x->name);
            if (x->depth != d || nl < sl || strcmp(x->name + nl - sl, suffix) ||
                (nl > sl && x->name[nl - sl - 1] != '.'))
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

const char *kc_vcd_value_at(const kc_vcd *v, size_t var, uint64_t t)
{
    if (var >= v->nvars)
        return NULL;
    const change *c = change_at(&v->sigs[v->vars[var].sig], t);
    return c ? v->pool + c->val : NULL;
}

size_t kc_vcd_rising_edges(const kc_vcd *v, size_t var, uint64_t t0, uint64_t t1,
                           uint64_t *times, size_t max)
{
    if (var >= v->nvars)
        return 0;
    const signal *s = &v->sigs[v->vars[var].sig];
    size_t count = 0;
    for (size_t i = 1; i < s->nch; i++) {
        const char *prev = v->pool + s->ch[i - 1].val, *cur = v->pool + s->ch[i].val;
        if (s->ch[i].t < t0 || s->ch[i].t > t1 || cur[0] != '1' || prev[0] == '1')
            continue;
        if (count < max)
            times[count] = s->ch[i].t;
        count++;
    }
    return count;
}

void kc_vcd_format(const char *bits, char *out, size_t size)
{
    if (!size)
        return;
    size_t n = bits ? strlen(bits) : 0;
    if (!n) {
        snprintf(out, size, "-");
        return;
    }
    if (bits[0] == 'r' || bits[0] == 'R') {
        snprintf(out, size, "%s", bits + 1);
        return;
    }
    if (n == 1) {
        snprintf(out, size, "%c", bits[0]);
        return;
    }
    size_t nib = (n + 3) / 4, k = 0;
    if (size < 3) {
        out[0] = 0;
        return;
    }
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
                special = (c == 'z' || c == 'Z') ? 'z' : 'x';
        }
        out[k++] = special ? special : "0123456789abcdef"[val];
    }
    out[k] = 0;
}
