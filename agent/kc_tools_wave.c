/* kc_tools_wave.c — the view_waveform tool: runs the kernel with VCD tracing
 * over a cycle window and shows chosen signals as a table (the very table `kc
 * wave` prints: waveform/kc_wave_view.h) or a per-signal summary, or lists the
 * signal names by scope.
 */
#define _POSIX_C_SOURCE 200809L   /* open_memstream */
#include "kc_tools_int.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "kc_wave_view.h"

/* ---- view_waveform -------------------------------------------------------------- */

/* Text written to a FILE by the kc_wave_view functions, appended to b. */
typedef struct capture {
    FILE *f;
    char *buf;
    size_t len;
} capture;

static FILE *capture_start(capture *c)
{
    c->buf = NULL;
    c->len = 0;
    return c->f = open_memstream(&c->buf, &c->len);
}

static void capture_end(capture *c, kc_text *b)
{
    if (c->f)
        fclose(c->f);
    if (c->buf)
        kc_text_printf(b, "%s", c->buf);
    free(c->buf);
}

static void capture_drop(capture *c)
{
    if (c->f)
        fclose(c->f);
    free(c->buf);
}

/* Value of a bit string as an unsigned number; 0 when it has x/z or is wider
 * than 64 bits. */
static int wave_number(const char *bits, uint64_t *out)
{
    uint64_t v = 0;
    size_t n = bits ? strlen(bits) : 0;
    if (!n || n > 64)
        return 0;
    for (size_t i = 0; i < n; i++) {
        if (bits[i] != '0' && bits[i] != '1')
            return 0;
        v = v << 1 | (uint64_t)(bits[i] == '1');
    }
    *out = v;
    return 1;
}

/* mode summary: one line per signal over the sampled cycles. */
static void wave_summary(const kc_wave *v, const kc_wave_col *cols, size_t nsig,
                         const uint64_t *edges, size_t ne, kc_text *b)
{
    char first[600], last[600];
    for (size_t i = 0; i < nsig; i++) {
        const char *prev = NULL;
        size_t changes = 0, ones = 0, numeric = 1;
        uint64_t lo = UINT64_MAX, hi = 0;
        for (size_t e = 0; e < ne; e++) {
            const char *val = kc_wave_value_at(v, cols[i].var, edges[e] ? edges[e] - 1 : 0);
            if (prev && val && strcmp(prev, val))
                changes++;
            prev = val;
            uint64_t x;
            if (wave_number(val, &x)) {
                lo = x < lo ? x : lo;
                hi = x > hi ? x : hi;
                ones += x == 1;
            } else
                numeric = 0;
        }
        kc_wave_format(kc_wave_value_at(v, cols[i].var, edges[0] ? edges[0] - 1 : 0), first, sizeof first);
        kc_wave_format(prev, last, sizeof last);
        unsigned bits = kc_wave_var_width(v, cols[i].var);
        kc_text_printf(b, "  %s (%u bit%s): %s at start, %s at end, %zu change%s", cols[i].label, bits, bits == 1 ? "" : "s", first, last, changes,
                       changes == 1 ? "" : "s");
        if (bits == 1 && numeric)
            kc_text_printf(b, ", 1 for %zu of %zu cycles", ones, ne);
        else if (numeric && ne)
            kc_text_printf(b, ", min 0x%" PRIx64 " max 0x%" PRIx64, lo, hi);
        kc_text_printf(b, "\n");
    }
}


void kc_tools_wave_view(kc_tools_ctx *c, const json_t *a, kc_tools_result *o)
{
    kc_text b = { 0 };
    const char *rel = kc_tools_arg_str(a, "path", KC_TOOLS_DEFAULT_PATH);
    const char *mode = kc_tools_arg_str(a, "mode", "table"), *list = kc_tools_arg_str(a, "list", NULL);
    const json_t *sigs = json_object_get(a, "signals");
    long start = kc_tools_arg_int(a, "start", 0), end = kc_tools_arg_int(a, "end", start + 100), every = kc_tools_arg_int(a, "every", 1);
    int summary = !strcmp(mode, "summary");
    if (!summary && strcmp(mode, "table")) {
        kc_text_printf(&b, "error: mode must be \"table\" or \"summary\" (got \"%s\").", mode);
        kc_tools_finish(o, &b, 1);
        return;
    }
    size_t nsig = list ? 0 : json_array_size(sigs);
    if (!list && !nsig) {
        kc_text_printf(&b, "error: give signals to show, or list (\"all\" or a scope) to see their names.");
        kc_tools_finish(o, &b, 1);
        return;
    }
    if (end <= start || end - start > KC_TOOLS_MAX_WAVE_WINDOW) {
        kc_text_printf(&b, "error: the window must have start < end and at most %d cycles (got %ld..%ld).",
                  KC_TOOLS_MAX_WAVE_WINDOW, start, end);
        kc_tools_finish(o, &b, 1);
        return;
    }
    long rows = (end - start + every - 1) / every;
    if (!list && !summary && rows > KC_TOOLS_MAX_WAVE_ROWS) {
        kc_text_printf(&b, "error: %ld..%ld every %ld cycle%s is %ld rows; a table has at most %d. Pass "
                  "every %ld (or more), or mode \"summary\".", start, end, every, every == 1 ? "" : "s",
                  rows, KC_TOOLS_MAX_WAVE_ROWS,
                  (end - start + KC_TOOLS_MAX_WAVE_ROWS - 1) / KC_TOOLS_MAX_WAVE_ROWS);
        kc_tools_finish(o, &b, 1);
        return;
    }
    if (nsig > KC_TOOLS_MAX_WAVE_SIGNALS)   /* the schema's maxItems; a second guard */
        nsig = KC_TOOLS_MAX_WAVE_SIGNALS;
    const char *names[KC_TOOLS_MAX_WAVE_SIGNALS];
    for (size_t i = 0; i < nsig; i++)
        names[i] = json_string_value(json_array_get(sigs, i));
    if (list) {   /* the names exist from cycle 0: a one-cycle trace is enough */
        start = 0;
        end = 1;
    }
    /* The waveform is opened beneath the workspace like every other file; the
     * simulator and the reader get it by descriptor (/proc/self/fd), never by a
     * name that could lead through a link. */
    int vfd = kc_tools_open(c, "waveform.vcd", KC_WS_WRITE, &b);
    if (vfd < 0) {
        kc_tools_finish(o, &b, 1);
        return;
    }
    char vcd_path[64];
    snprintf(vcd_path, sizeof vcd_path, "/proc/self/fd/%d", vfd);
    kc_trace_opts tr = { .path = vcd_path, .start = (uint64_t)start, .end = (uint64_t)end, .depth = 0 };
    kc_eval_result *r = kc_tools_eval_file(c, rel, &tr, NULL, NULL, &b);
    if (!r) {
        close(vfd);
        kc_tools_finish(o, &b, 1);
        return;
    }
    if (!r->assembled) {
        kc_text_printf(&b, "%s does not assemble: %s", rel, r->diagnostic);
        free(r);
        close(vfd);
        kc_tools_finish(o, &b, 0);
        return;
    }
    uint64_t ran = r->cycles;
    free(r);
    kc_wave *v = NULL;
    kc_err err;
    kc_err_clear(&err);
    kc_status vst = kc_wave_open(vcd_path, names, nsig, &v, &err);
    close(vfd);
    if (vst != KC_OK) {
        char msg[700];
        kc_text_printf(&b, "error: cannot read the waveform: %s", kc_err_format(&err, msg, sizeof msg));
        kc_tools_finish(o, &b, 1);
        return;
    }
    capture cap;
    if (list) {
        int all = !strcasecmp(list, "all");
        size_t listed = capture_start(&cap) ? kc_wave_list(v, all ? NULL : list, cap.f) : 0;
        capture_end(&cap, &b);
        if (!listed)
            kc_text_printf(&b, "no scope contains \"%s\"; list \"all\" shows every signal.", list);
        o->meta = json_pack("{s:s}", "list", list);
        kc_wave_free(v);
        kc_tools_finish(o, &b, 0);
        return;
    }
    kc_wave_col cols[KC_TOOLS_MAX_WAVE_SIGNALS];
    size_t ncols = 0;
    capture notes, why;
    capture_start(&notes);
    capture_start(&why);
    kc_status sst = kc_wave_select(v, names, nsig, cols, KC_TOOLS_MAX_WAVE_SIGNALS, &ncols, notes.f, why.f);
    uint64_t *edges = NULL;
    size_t ne = 0;
    kc_status cst = sst == KC_OK ? kc_wave_cycles(v, (uint64_t)start, (uint64_t)end, &edges, &ne, &err) : KC_OK;
    if (sst != KC_OK || cst != KC_OK) {
        kc_text_printf(&b, "error: ");
        capture_end(&why, &b);
        if (cst != KC_OK)
            kc_text_printf(&b, "%s.", err.text);
        if (sst == KC_ERR_USAGE)
            kc_text_printf(&b, "\nCall view_waveform with list \"all\" (or a scope) for every name.");
        capture_drop(&notes);
        kc_wave_free(v);
        kc_tools_finish(o, &b, 1);
        return;
    }
    capture_drop(&why);
    if (!ne) {
        capture_drop(&notes);
        kc_text_printf(&b, "the kernel ran %" PRIu64 " cycles, which ends before the window %ld..%ld: "
                  "nothing to show.", ran, start, end);
        kc_wave_free(v);
        kc_tools_finish(o, &b, 0);
        return;
    }
    kc_text_printf(&b, "%s: cycles %" PRIu64 "..%" PRIu64 " of %" PRIu64 " (values sampled just before each "
              "rising clock edge", rel, edges[0] / KC_WAVE_PERIOD, edges[ne - 1] / KC_WAVE_PERIOD, ran);
    kc_text_printf(&b, every > 1 && !summary ? "; every %ld cycles)\n" : ")\n", every);
    capture_end(&notes, &b);
    if (summary) {
        wave_summary(v, cols, ncols, edges, ne, &b);
        o->meta = json_pack("{s:i, s:i, s:s, s:I}", "start", (int)start, "cycles", (int)ne, "mode",
                            "summary", "kernel_cycles", (json_int_t)ran);
    } else {
        size_t shown = (ne + (size_t)every - 1) / (size_t)every;
        if (capture_start(&cap))
            kc_wave_table(v, cols, ncols, edges, ne, (size_t)every, cap.f);
        capture_end(&cap, &b);
        o->meta = json_pack("{s:i, s:i, s:i, s:I}", "start", (int)start, "rows", (int)shown, "every",
                            (int)every, "kernel_cycles", (json_int_t)ran);
    }
    free(edges);
    kc_wave_free(v);
    kc_tools_finish(o, &b, 0);
}
