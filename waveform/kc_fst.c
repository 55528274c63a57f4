/* kc_fst.c — FST reading and writing over fstapi (see kc_fst.h). */
#define _POSIX_C_SOURCE 200809L
#include "kc_fst.h"
#include "kc_wave_int.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fstapi.h"
#include "kc_vcd.h"

/* ---- reading ------------------------------------------------------------------ */

typedef struct fst_reader {
    kc_wave *w;
    size_t *sig;           /* fst handle -> kc_wave signal (SIZE_MAX: none yet) */
    unsigned char *real;   /* by handle */
    kc_status st;
    kc_err *err;
} fst_reader;

static void on_change(void *user, uint64_t t, fstHandle h, const unsigned char *value)
{
    fst_reader *r = user;
    if (r->st != KC_OK || r->sig[h] == SIZE_MAX)
        return;
    if (r->real[h]) {
        double d;
        memcpy(&d, value, sizeof d);
        char txt[40];
        int n = snprintf(txt, sizeof txt, "%.16g", d);
        r->st = kc_wave_add_change(r->w, r->sig[h], t, txt, (size_t)n, r->err);
    } else
        r->st = kc_wave_add_change(r->w, r->sig[h], t, (const char *)value, strlen((const char *)value), r->err);
}

kc_status kc_fst_read(const char *path, const char *const *patterns, size_t npatterns, kc_wave **out,
                      kc_err *err)
{
    *out = NULL;
    FILE *probe = fopen(path, "rb");   /* fstapi says nothing about why it failed */
    if (!probe)
        return kc_err_set(err, KC_ERR_IO, "fst: cannot open %s: %s", path, strerror(errno));
    fclose(probe);
    void *ctx = fstReaderOpen(path);
    if (!ctx)
        return kc_err_set(err, KC_ERR_SYNTAX, "fst: %s is not an FST file (or is cut short)", path);
    fstHandle maxh = fstReaderGetMaxHandle(ctx);
    fst_reader r = { .w = kc_wave_new(), .sig = malloc(((size_t)maxh + 1) * sizeof(size_t)),
                     .real = calloc((size_t)maxh + 1, 1), .st = KC_OK, .err = err };
    char scope[1024] = "";
    unsigned depth = 0;
    kc_status s = r.w && r.sig && r.real ? KC_OK : kc_err_set(err, KC_ERR_NOMEM, "fst: out of memory");
    for (size_t i = 0; s == KC_OK && i <= maxh; i++)
        r.sig[i] = SIZE_MAX;
    struct fstHier *h;
    while (s == KC_OK && (h = fstReaderIterateHier(ctx))) {
        if (h->htyp == FST_HT_SCOPE) {
            size_t sl = strlen(scope);
            snprintf(scope + sl, sizeof scope - sl, "%s%s", sl ? "." : "", h->u.scope.name);
            depth++;
        } else if (h->htyp == FST_HT_UPSCOPE) {
            char *dot = strrchr(scope, '.');
            *(dot ? dot : scope) = 0;
            if (depth)
                depth--;
        } else if (h->htyp == FST_HT_VAR) {
            fstHandle fh = h->u.var.handle;
            if (fh > maxh) {
                s = kc_err_set(err, KC_ERR_SYNTAX, "fst: %s: variable handle %u out of range", path, (unsigned)fh);
                break;
            }
            if (r.sig[fh] == SIZE_MAX) {   /* first sight of the handle (aliases follow it) */
                int real = h->u.var.typ == FST_VT_VCD_REAL || h->u.var.typ == FST_VT_SV_SHORTREAL;
                if ((r.sig[fh] = kc_wave_add_signal(r.w, h->u.var.length, real)) == SIZE_MAX) {
                    s = kc_err_set(err, KC_ERR_NOMEM, "fst: out of memory");
                    break;
                }
                r.real[fh] = (unsigned char)real;
            }
            /* "insn [31:0]" -> "insn": the VCD of the same trace has the range apart. */
            size_t nl = h->u.var.name_length;
            const char *name = h->u.var.name, *range = NULL;
            if (nl && name[nl - 1] == ']')
                for (size_t k = nl - 1; k-- > 0;)
                    if (name[k] == '[') {
                        range = k && name[k - 1] == ' ' ? name + k - 1 : NULL;
                        break;
                    }
            char full[1400];
            snprintf(full, sizeof full, "%s%s%.*s", scope, scope[0] ? "." : "",
                     (int)(range ? (size_t)(range - name) : nl), name);
            s = kc_wave_add_var(r.w, full, r.sig[fh], depth, err);
        }
    }
    if (s == KC_OK) {
        kc_wave_keep(r.w, patterns, npatterns);
        fstReaderClrFacProcessMaskAll(ctx);
        for (fstHandle fh = 1; fh <= maxh; fh++)
            if (r.sig[fh] != SIZE_MAX && kc_wave_signal_kept(r.w, r.sig[fh]))
                fstReaderSetFacProcessMask(ctx, fh);
        fstReaderIterBlocksSetNativeDoublesOnCallback(ctx, 1);
        if (!fstReaderIterBlocks(ctx, on_change, &r, NULL) && r.st == KC_OK)
            s = kc_err_set(err, KC_ERR_SYNTAX, "fst: %s: cannot read the value changes", path);
        else
            s = r.st;
        kc_wave_note_time(r.w, fstReaderGetEndTime(ctx));
    }
    fstReaderClose(ctx);
    free(r.sig);
    free(r.real);
    if (s != KC_OK) {
        kc_wave_free(r.w);
        return s;
    }
    *out = r.w;
    return KC_OK;
}

/* ---- writing: VCD text in, FST out ----------------------------------------------- */

/* VCD bytes between two flushes of fstapi's value-change buffer (see wr_time). */
#ifndef KC_FST_FLUSH_BYTES
#define KC_FST_FLUSH_BYTES ((size_t)8 << 20)
#endif

struct kc_fst_writer {
    void *ctx;
    size_t unflushed;      /* VCD bytes fed since the last flush */
    char *path;
    kc_vcd_parser *vcd;
    fstHandle *handle;     /* VCD signal number -> FST handle */
    unsigned char *real;
    size_t n, cap, rcap;
    kc_status st;
};

static kc_status wr_scope(void *u, const char *kind, const char *name, kc_err *err)
{
    (void)err;
    static const struct { const char *kind; enum fstScopeType type; } kinds[] = {
        {"module", FST_ST_VCD_MODULE},     {"task", FST_ST_VCD_TASK},
        {"function", FST_ST_VCD_FUNCTION}, {"begin", FST_ST_VCD_BEGIN},
        {"fork", FST_ST_VCD_FORK},         {"generate", FST_ST_VCD_GENERATE},
        {"struct", FST_ST_VCD_STRUCT},     {"union", FST_ST_VCD_UNION},
        {"class", FST_ST_VCD_CLASS},       {"interface", FST_ST_VCD_INTERFACE},
        {"package", FST_ST_VCD_PACKAGE},   {"program", FST_ST_VCD_PROGRAM},
    };
    enum fstScopeType type = FST_ST_VCD_MODULE;
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
        if (!strcmp(kind, kinds[i].kind))
            type = kinds[i].type;
    fstWriterSetScope(((kc_fst_writer *)u)->ctx, type, name, NULL);
    return KC_OK;
}

static kc_status wr_upscope(void *u, kc_err *err)
{
    (void)err;
    fstWriterSetUpscope(((kc_fst_writer *)u)->ctx);
    return KC_OK;
}

static kc_status wr_var(void *u, const char *type, unsigned width, size_t sig, int alias, const char *name,
                        const char *range, kc_err *err)
{
    static const struct { const char *type; enum fstVarType vt; } types[] = {
        {"wire", FST_VT_VCD_WIRE},       {"reg", FST_VT_VCD_REG},         {"integer", FST_VT_VCD_INTEGER},
        {"real", FST_VT_VCD_REAL},       {"event", FST_VT_VCD_EVENT},     {"parameter", FST_VT_VCD_PARAMETER},
        {"time", FST_VT_VCD_TIME},       {"tri", FST_VT_VCD_TRI},         {"supply0", FST_VT_VCD_SUPPLY0},
        {"supply1", FST_VT_VCD_SUPPLY1}, {"logic", FST_VT_SV_LOGIC},      {"bit", FST_VT_SV_BIT},
        {"int", FST_VT_SV_INT},          {"shortint", FST_VT_SV_SHORTINT}, {"longint", FST_VT_SV_LONGINT},
        {"byte", FST_VT_SV_BYTE},        {"enum", FST_VT_SV_ENUM},
    };
    kc_fst_writer *w = u;
    enum fstVarType vt = FST_VT_VCD_WIRE;
    for (size_t i = 0; i < sizeof types / sizeof types[0]; i++)
        if (!strcmp(type, types[i].type))
            vt = types[i].vt;
    /* FST keeps the range in the name, as Verilator's own FST writer does. */
    char full[1200];
    snprintf(full, sizeof full, "%s%s%s", name, range ? " " : "", range ? range : "");
    if (alias) {
        fstWriterCreateVar(w->ctx, vt, FST_VD_IMPLICIT, width, full, w->handle[sig]);
        return KC_OK;
    }
    if (!kc_wave_grow((void **)&w->handle, &w->cap, sig + 1, sizeof *w->handle) ||
        !kc_wave_grow((void **)&w->real, &w->rcap, sig + 1, 1))
        return kc_err_set(err, KC_ERR_NOMEM, "fst: out of memory");
    w->handle[sig] = fstWriterCreateVar(w->ctx, vt, FST_VD_IMPLICIT, width, full, 0);
    w->real[sig] = vt == FST_VT_VCD_REAL;
    w->n = sig + 1;
    return KC_OK;
}

static kc_status wr_timescale(void *u, const char *text, kc_err *err)
{
    (void)err;
    fstWriterSetTimescaleFromString(((kc_fst_writer *)u)->ctx, text);
    return KC_OK;
}

/* fstapi keeps every signal's changes as a chain through one buffer and
 * compresses them signal by signal when the buffer reaches 128 MiB (or at
 * close): walking a chain through a buffer that size misses the cache at every
 * link, and was two thirds of an FST trace's cost. Flushing every few MiB of
 * changes keeps the walk in cache; the file gets more (smaller) blocks. */
static kc_status wr_time(void *u, uint64_t t, kc_err *err)
{
    (void)err;
    kc_fst_writer *w = u;
    if (w->unflushed >= KC_FST_FLUSH_BYTES) {
        fstWriterFlushContext(w->ctx);   /* done by the time change below */
        w->unflushed = 0;
    }
    fstWriterEmitTimeChange(w->ctx, t);
    return KC_OK;
}

static kc_status wr_change(void *u, size_t sig, const char *val, size_t n, kc_err *err)
{
    (void)n;
    (void)err;
    kc_fst_writer *w = u;
    if (w->real[sig]) {
        double d = strtod(val, NULL);
        fstWriterEmitValueChange(w->ctx, w->handle[sig], &d);
    } else
        fstWriterEmitValueChange(w->ctx, w->handle[sig], val);
    return KC_OK;
}

kc_status kc_fst_writer_open(const char *path, kc_fst_writer **out, kc_err *err)
{
    *out = NULL;
    kc_fst_writer *w = calloc(1, sizeof *w);
    kc_vcd_sink sink = { w, wr_scope, wr_upscope, wr_var, wr_timescale, NULL, wr_time, wr_change };
    if (!w || !(w->path = strdup(path)) || !(w->vcd = kc_vcd_parser_new(&sink))) {
        if (w)
            free(w->path);
        free(w);
        return kc_err_set(err, KC_ERR_NOMEM, "fst: out of memory");
    }
    /* fstapi prints its own complaint and returns NULL when it cannot create the
     * file; try it first to say why. */
    FILE *f = fopen(path, "wb");
    if (f)
        fclose(f);
    if (!f || !(w->ctx = fstWriterCreate(path, 1))) {
        int e = f ? EIO : errno;
        kc_vcd_parser_free(w->vcd);
        free(w->path);
        free(w);
        return kc_err_set(err, KC_ERR_IO, "fst: cannot write %s: %s", path, strerror(e));
    }
    /* LZ4 blocks, one thread: what Verilator's own FST writer does, less the
     * writer thread (the machine's cores run other simulations). */
    fstWriterSetPackType(w->ctx, FST_WR_PT_LZ4);
    *out = w;
    return KC_OK;
}

kc_status kc_fst_writer_feed(kc_fst_writer *w, const char *vcd, size_t len, kc_err *err)
{
    w->unflushed += len;
    if (w->st == KC_OK)
        w->st = kc_vcd_feed(w->vcd, vcd, len, err);
    return w->st;
}

kc_status kc_fst_writer_close(kc_fst_writer *w, kc_err *err)
{
    if (!w)
        return KC_OK;
    kc_status s = w->st;
    if (s == KC_OK)
        s = kc_vcd_finish(w->vcd, err);
    int seek_failed = fstWriterGetFseekFailed(w->ctx);
    fstWriterClose(w->ctx);
    /* fstapi does not report failed writes: read the file's header back. */
    if (s == KC_OK) {
        void *rd = seek_failed ? NULL : fstReaderOpen(w->path);
        if (!rd)
            s = kc_err_set(err, KC_ERR_IO, "fst: cannot write %s (disk full?)", w->path);
        else
            fstReaderClose(rd);
    }
    kc_vcd_parser_free(w->vcd);
    free(w->handle);
    free(w->real);
    free(w->path);
    free(w);
    return s;
}
