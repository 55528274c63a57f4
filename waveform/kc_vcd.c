/* kc_vcd.c — the streaming VCD parser and the VCD reader (see kc_vcd.h). */
#define _POSIX_C_SOURCE 200809L
#include "kc_vcd.h"
#include "kc_wave_int.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { HDR_WORDS = 8 };

typedef enum cmd { CMD_NONE, CMD_SCOPE, CMD_UPSCOPE, CMD_VAR, CMD_TIMESCALE, CMD_ENDDEFS, CMD_OTHER } cmd;

typedef struct idsig {     /* one id code */
    size_t code;           /* offset of the code in codes */
    size_t len;
    unsigned width;
    int real;
} idsig;

struct kc_vcd_parser {
    kc_vcd_sink sink;
    kc_status st;          /* the first error, sticky */
    int line;
    int body;              /* past $enddefinitions */
    /* the header command being collected */
    cmd cmd;
    char hbuf[2048];
    size_t hlen, hword[HDR_WORDS], nhword;
    /* the body */
    int skipping;          /* inside $comment ... $end */
    int pending;           /* 'b' or 'r': a value word seen, its id comes next */
    char *val;             /* the pending value */
    size_t vlen, vcap;
    char *out;             /* the change handed to the sink */
    size_t ocap;
    /* a word cut by the end of a chunk */
    char *carry;
    size_t clen, ccap;
    /* id codes -> signal numbers */
    idsig *sigs;
    size_t nsigs, sigcap;
    char *codes;
    size_t codelen, codecap;
    size_t *hash;          /* open addressing: signal number + 1, 0 = empty */
    size_t hcap;
};

static size_t hash_str(const char *s, size_t n)
{
    uint64_t h = 1469598103934665603ull;
    for (size_t i = 0; i < n; i++)
        h = (h ^ (unsigned char)s[i]) * 1099511628211ull;
    return (size_t)(h ^ (h >> 29));
}

static void hash_put(size_t *h, size_t cap, const kc_vcd_parser *p, size_t sig)
{
    size_t k = hash_str(p->codes + p->sigs[sig].code, p->sigs[sig].len) & (cap - 1);
    while (h[k])
        k = (k + 1) & (cap - 1);
    h[k] = sig + 1;
}

static idsig *sig_find(const kc_vcd_parser *p, const char *code, size_t n, size_t *num)
{
    if (!p->hcap)
        return NULL;
    for (size_t k = hash_str(code, n) & (p->hcap - 1); p->hash[k]; k = (k + 1) & (p->hcap - 1)) {
        idsig *s = &p->sigs[p->hash[k] - 1];
        if (s->len == n && !memcmp(p->codes + s->code, code, n)) {
            *num = p->hash[k] - 1;
            return s;
        }
    }
    return NULL;
}

/* A new id code; the hash is kept at most half full. Returns its number or SIZE_MAX. */
static size_t sig_add(kc_vcd_parser *p, const char *code, size_t n, unsigned width, int real)
{
    if (!kc_wave_grow((void **)&p->sigs, &p->sigcap, p->nsigs + 1, sizeof *p->sigs) ||
        !kc_wave_grow((void **)&p->codes, &p->codecap, p->codelen + n, 1))
        return SIZE_MAX;
    memcpy(p->codes + p->codelen, code, n);
    p->sigs[p->nsigs] = (idsig){ p->codelen, n, width ? width : 1, real };
    p->codelen += n;
    size_t num = p->nsigs++;
    if (p->nsigs * 2 > p->hcap) {
        size_t cap = p->hcap ? p->hcap * 2 : 256;
        size_t *h = calloc(cap, sizeof *h);
        if (!h)
            return SIZE_MAX;
        for (size_t i = 0; i < p->nsigs; i++)
            hash_put(h, cap, p, i);
        free(p->hash);
        p->hash = h;
        p->hcap = cap;
    } else
        hash_put(p->hash, p->hcap, p, num);
    return num;
}

kc_vcd_parser *kc_vcd_parser_new(const kc_vcd_sink *sink)
{
    kc_vcd_parser *p = calloc(1, sizeof *p);
    if (p) {
        p->sink = *sink;
        p->line = 1;
    }
    return p;
}

void kc_vcd_parser_free(kc_vcd_parser *p)
{
    if (!p)
        return;
    free(p->val);
    free(p->out);
    free(p->carry);
    free(p->sigs);
    free(p->codes);
    free(p->hash);
    free(p);
}

static int word_is(const char *w, size_t n, const char *s)
{
    return strlen(s) == n && !memcmp(w, s, n);
}

static kc_status syntax(kc_vcd_parser *p, kc_err *err, const char *what, const char *w, size_t n)
{
    return kc_err_at(err, KC_ERR_SYNTAX, "vcd", p->line, 0, "vcd: %s '%.*s'", what, (int)(n > 40 ? 40 : n), w);
}

static const char *hword(const kc_vcd_parser *p, size_t i)
{
    return i < p->nhword ? p->hbuf + p->hword[i] : NULL;
}

/* The header command just ended with $end. */
static kc_status header_cmd(kc_vcd_parser *p, kc_err *err)
{
    const kc_vcd_sink *k = &p->sink;
    switch (p->cmd) {
    case CMD_SCOPE:
        if (p->nhword < 2)
            return kc_err_at(err, KC_ERR_SYNTAX, "vcd", p->line, 0, "vcd: $scope needs a kind and a name");
        return k->scope(k->user, hword(p, 0), hword(p, 1), err);
    case CMD_UPSCOPE:
        return k->upscope(k->user, err);
    case CMD_VAR: {
        if (p->nhword < 4)
            return kc_err_at(err, KC_ERR_SYNTAX, "vcd", p->line, 0, "vcd: $var needs a type, width, id and name");
        const char *type = hword(p, 0), *code = hword(p, 2);
        char *e;
        unsigned long width = strtoul(hword(p, 1), &e, 10);
        if (*e || width > (1u << 20))
            return syntax(p, err, "bad $var width", hword(p, 1), strlen(hword(p, 1)));
        size_t num;
        int alias = sig_find(p, code, strlen(code), &num) != NULL;
        if (!alias && (num = sig_add(p, code, strlen(code), (unsigned)width, !strcmp(type, "real"))) == SIZE_MAX)
            return kc_err_set(err, KC_ERR_NOMEM, "vcd: out of memory");
        return k->var(k->user, type, p->sigs[num].width, num, alias, hword(p, 3), hword(p, 4), err);
    }
    case CMD_TIMESCALE: {
        char ts[64] = "";
        for (size_t i = 0; i < p->nhword; i++)   /* "1 ns" and "1ns" alike */
            strncat(ts, hword(p, i), sizeof ts - strlen(ts) - 1);
        return k->timescale ? k->timescale(k->user, ts, err) : KC_OK;
    }
    case CMD_ENDDEFS:
        p->body = 1;
        return k->enddefs ? k->enddefs(k->user, err) : KC_OK;
    default:
        return KC_OK;
    }
}

static kc_status header_word(kc_vcd_parser *p, const char *w, size_t n, kc_err *err)
{
    if (p->cmd == CMD_NONE) {
        if (w[0] != '$')
            return syntax(p, err, "unexpected in the header:", w, n);
        p->cmd = word_is(w, n, "$scope") ? CMD_SCOPE : word_is(w, n, "$upscope") ? CMD_UPSCOPE
               : word_is(w, n, "$var") ? CMD_VAR : word_is(w, n, "$timescale") ? CMD_TIMESCALE
               : word_is(w, n, "$enddefinitions") ? CMD_ENDDEFS : CMD_OTHER;   /* $date, $version, $comment */
        p->hlen = p->nhword = 0;
        return KC_OK;
    }
    if (word_is(w, n, "$end")) {
        kc_status s = header_cmd(p, err);
        p->cmd = CMD_NONE;
        return s;
    }
    if (p->cmd == CMD_OTHER || p->nhword == HDR_WORDS)
        return KC_OK;
    if (memchr(w, 0, n))   /* the words become C strings */
        return syntax(p, err, "NUL byte in a header word", w, n);
    if (p->hlen + n + 1 > sizeof p->hbuf)
        return syntax(p, err, "header word too long:", w, n);
    memcpy(p->hbuf + p->hlen, w, n);
    p->hbuf[p->hlen + n] = 0;
    p->hword[p->nhword++] = p->hlen;
    p->hlen += n + 1;
    return KC_OK;
}

/* A value change: vector values left-extended to the width (0, or x/z when that
 * leads), X/Z lowered; a real's text as it is. */
static kc_status change(kc_vcd_parser *p, const char *val, size_t vn, int real, const char *code, size_t cn,
                        kc_err *err)
{
    size_t num;
    idsig *s = sig_find(p, code, cn, &num);
    if (!s)
        return syntax(p, err, "value change for an undeclared id", code, cn);
    int isreal = real || s->real;
    size_t w = isreal || s->width < vn ? vn : s->width;
    /* The usual case, a value of exactly the width in lower case (what
     * Verilator writes), goes to the sink as it stands: no copy. */
    if (!isreal && w == vn && !memchr(val, 'X', vn) && !memchr(val, 'Z', vn))
        return p->sink.change(p->sink.user, num, val, vn, err);
    if (!kc_wave_grow((void **)&p->out, &p->ocap, w + 1, 1))
        return kc_err_set(err, KC_ERR_NOMEM, "vcd: out of memory");
    char *d = p->out;
    if (isreal)
        memcpy(d, val, vn);
    else {
        size_t pad = w - vn;
        char lead = vn ? val[0] : '0';
        memset(d, (lead == 'x' || lead == 'X') ? 'x' : (lead == 'z' || lead == 'Z') ? 'z' : '0', pad);
        for (size_t i = 0; i < vn; i++) {
            char c = val[i];
            d[pad + i] = c == 'X' ? 'x' : c == 'Z' ? 'z' : c;
        }
    }
    d[w] = 0;
    return p->sink.change(p->sink.user, num, d, w, err);
}

static kc_status body_word(kc_vcd_parser *p, const char *w, size_t n, kc_err *err)
{
    if (p->skipping) {
        p->skipping = !word_is(w, n, "$end");
        return KC_OK;
    }
    if (p->pending) {
        int real = p->pending == 'r';
        p->pending = 0;
        return change(p, p->val, p->vlen, real, w, n, err);
    }
    switch (w[0]) {
    case '#': {
        uint64_t t = 0;
        if (n < 2)
            return syntax(p, err, "bad timestamp", w, n);
        for (size_t i = 1; i < n; i++) {
            if (w[i] < '0' || w[i] > '9' || t > (UINT64_MAX - 9) / 10)
                return syntax(p, err, "bad timestamp", w, n);
            t = t * 10 + (uint64_t)(w[i] - '0');
        }
        return p->sink.time(p->sink.user, t, err);
    }
    case '$':   /* $dumpvars/$dumpon/$dumpoff/$dumpall/$end carry no data; $comment does */
        p->skipping = word_is(w, n, "$comment");
        return KC_OK;
    case '0': case '1': case 'x': case 'X': case 'z': case 'Z':
        if (n < 2)
            return syntax(p, err, "scalar change without an id:", w, n);
        return change(p, w, 1, 0, w + 1, n - 1, err);
    case 'b': case 'B': case 'r': case 'R':
        if (!kc_wave_grow((void **)&p->val, &p->vcap, n + 1, 1))
            return kc_err_set(err, KC_ERR_NOMEM, "vcd: out of memory");
        memcpy(p->val, w + 1, n - 1);
        p->vlen = n - 1;
        p->pending = (w[0] == 'r' || w[0] == 'R') ? 'r' : 'b';
        return KC_OK;
    default:
        return syntax(p, err, "unexpected", w, n);
    }
}

static kc_status word(kc_vcd_parser *p, const char *w, size_t n, kc_err *err)
{
    return p->body ? body_word(p, w, n, err) : header_word(p, w, n, err);
}

static int is_ws(char c)
{
    return (unsigned char)c <= ' ' && (c == ' ' || c == '\n' || c == '\t' || c == '\r');
}

kc_status kc_vcd_feed(kc_vcd_parser *p, const char *buf, size_t len, kc_err *err)
{
    if (p->st != KC_OK)
        return p->st;
    size_t i = 0;
    kc_status s = KC_OK;
    if (p->clen) {   /* finish the word the last chunk cut */
        while (i < len && !is_ws(buf[i]))
            i++;
        if (!kc_wave_grow((void **)&p->carry, &p->ccap, p->clen + i, 1))
            return p->st = kc_err_set(err, KC_ERR_NOMEM, "vcd: out of memory");
        memcpy(p->carry + p->clen, buf, i);
        p->clen += i;
        if (i == len)
            return KC_OK;
        s = word(p, p->carry, p->clen, err);
        p->clen = 0;
    }
    while (s == KC_OK && i < len) {
        if (is_ws(buf[i])) {
            p->line += buf[i++] == '\n';
            continue;
        }
        size_t start = i;
        while (i < len && !is_ws(buf[i]))
            i++;
        if (i == len) {
            if (!kc_wave_grow((void **)&p->carry, &p->ccap, i - start, 1))
                return p->st = kc_err_set(err, KC_ERR_NOMEM, "vcd: out of memory");
            memcpy(p->carry, buf + start, i - start);
            p->clen = i - start;
            break;
        }
        s = word(p, buf + start, i - start, err);
    }
    return p->st = s;
}

kc_status kc_vcd_finish(kc_vcd_parser *p, kc_err *err)
{
    if (p->st == KC_OK && p->clen) {
        p->st = word(p, p->carry, p->clen, err);
        p->clen = 0;
    }
    if (p->st == KC_OK && !p->body)
        p->st = kc_err_set(err, KC_ERR_SYNTAX, "vcd: no $enddefinitions (not a VCD file, or cut short)");
    if (p->st == KC_OK && p->pending)
        p->st = kc_err_at(err, KC_ERR_SYNTAX, "vcd", p->line, 0, "vcd: vector change without an id at the end");
    return p->st;
}

/* ---- the reader: a sink that fills a kc_wave ---------------------------------- */

typedef struct reader {
    kc_wave *w;
    char scope[1024];
    unsigned depth;
    uint64_t t;
    size_t *sig;           /* VCD signal number -> kc_wave signal */
    size_t nsig, sigcap;
    const char *const *patterns;
    size_t npatterns;
} reader;

static kc_status rd_scope(void *u, const char *kind, const char *name, kc_err *err)
{
    (void)kind;
    (void)err;
    reader *r = u;
    size_t sl = strlen(r->scope);
    snprintf(r->scope + sl, sizeof r->scope - sl, "%s%s", sl ? "." : "", name);
    r->depth++;
    return KC_OK;
}

static kc_status rd_upscope(void *u, kc_err *err)
{
    (void)err;
    reader *r = u;
    char *dot = strrchr(r->scope, '.');
    *(dot ? dot : r->scope) = 0;
    if (r->depth)
        r->depth--;
    return KC_OK;
}

static kc_status rd_var(void *u, const char *type, unsigned width, size_t sig, int alias, const char *name,
                        const char *range, kc_err *err)
{
    (void)range;
    reader *r = u;
    if (!alias) {   /* numbers come dense and in order */
        if (!kc_wave_grow((void **)&r->sig, &r->sigcap, r->nsig + 1, sizeof *r->sig) ||
            (r->sig[r->nsig] = kc_wave_add_signal(r->w, width, !strcmp(type, "real"))) == SIZE_MAX)
            return kc_err_set(err, KC_ERR_NOMEM, "vcd: out of memory");
        r->nsig++;
    }
    char full[1400];
    snprintf(full, sizeof full, "%s%s%s", r->scope, r->scope[0] ? "." : "", name);
    return kc_wave_add_var(r->w, full, r->sig[sig], r->depth, err);
}

static kc_status rd_enddefs(void *u, kc_err *err)
{
    (void)err;
    reader *r = u;
    kc_wave_keep(r->w, r->patterns, r->npatterns);
    return KC_OK;
}

static kc_status rd_time(void *u, uint64_t t, kc_err *err)
{
    (void)err;
    reader *r = u;
    r->t = t;
    kc_wave_note_time(r->w, t);
    return KC_OK;
}

static kc_status rd_change(void *u, size_t sig, const char *val, size_t n, kc_err *err)
{
    reader *r = u;
    return kc_wave_add_change(r->w, r->sig[sig], r->t, val, n, err);
}

/* Parses from a FILE (when f) or a buffer; on success *out owns the waveform. */
static kc_status read_vcd(FILE *f, const char *text, size_t len, const char *const *patterns, size_t npatterns,
                          kc_wave **out, kc_err *err)
{
    *out = NULL;
    reader r = { .patterns = patterns, .npatterns = npatterns };
    kc_vcd_sink sink = { &r, rd_scope, rd_upscope, rd_var, NULL, rd_enddefs, rd_time, rd_change };
    kc_vcd_parser *p = kc_vcd_parser_new(&sink);
    if (!p || !(r.w = kc_wave_new())) {
        kc_vcd_parser_free(p);
        return kc_err_set(err, KC_ERR_NOMEM, "vcd: out of memory");
    }
    kc_status s = KC_OK;
    if (f) {
        enum { CHUNK = 1 << 16 };
        char *buf = malloc(CHUNK);
        size_t got;
        if (!buf)
            s = kc_err_set(err, KC_ERR_NOMEM, "vcd: out of memory");
        while (s == KC_OK && (got = fread(buf, 1, CHUNK, f)) > 0)
            s = kc_vcd_feed(p, buf, got, err);
        free(buf);
        if (s == KC_OK && ferror(f))
            s = kc_err_set(err, KC_ERR_IO, "vcd: read error: %s", strerror(errno));
    } else
        s = kc_vcd_feed(p, text, len, err);
    if (s == KC_OK)
        s = kc_vcd_finish(p, err);
    kc_vcd_parser_free(p);
    free(r.sig);
    if (s != KC_OK) {
        kc_wave_free(r.w);
        return s;
    }
    *out = r.w;
    return KC_OK;
}

kc_status kc_vcd_parse(const char *text, size_t len, kc_wave **out, kc_err *err)
{
    return read_vcd(NULL, text, len, NULL, 0, out, err);
}

kc_status kc_vcd_read(const char *path, const char *const *patterns, size_t npatterns, kc_wave **out,
                      kc_err *err)
{
    *out = NULL;
    FILE *f = fopen(path, "rb");
    if (!f)
        return kc_err_set(err, KC_ERR_IO, "vcd: cannot open %s: %s", path, strerror(errno));
    kc_status s = read_vcd(f, NULL, 0, patterns, npatterns, out, err);
    fclose(f);
    return s;
}
