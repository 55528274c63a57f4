/* kc_tools_wave.c — the view_waveform tool: runs the kernel with VCD tracing
 * over a cycle window and prints chosen signals as a table or a per-signal
 * summary, or lists the signal names by scope (kc_vcd reads the trace).
 */
#define _GNU_SOURCE   /* strcasestr */
#include "kc_tools_int.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "kc_vcd.h"

/* ---- view_waveform -------------------------------------------------------------- */

/* Signal names grouped by scope, one scope per line: "TOP.npu_top.u_core: pc insn ...".
 * Scopes whose name contains `scope` (all when NULL); the wrapper's copies of the
 * top module's ports (TOP.<port>) are left out. Returns how many names it listed. */
static size_t list_by_scope(const kc_vcd *v, const char *scope, kc_text *b)
{
    size_t n = kc_vcd_nvars(v), listed = 0;
    char cur[256] = "";
    for (size_t i = 0; i < n; i++) {
        const char *name = kc_vcd_var_name(v, i);
        const char *dot = strrchr(name, '.');
        if (!dot || (!strncmp(name, "TOP.", 4) && dot == name + 3))
            continue;
        int slen = (int)(dot - name);
        char sc[256];
        snprintf(sc, sizeof sc, "%.*s", slen, name);
        if (scope && !strcasestr(sc, scope))
            continue;
        if (strcmp(sc, cur)) {
            kc_text_printf(b, "%s%s:", listed ? "\n" : "", sc);
            snprintf(cur, sizeof cur, "%s", sc);
        }
        unsigned w = kc_vcd_var_width(v, i);
        kc_text_printf(b, " %s", dot + 1);
        if (w > 1)
            kc_text_printf(b, "[%u]", w);
        listed++;
    }
    if (listed)
        kc_text_printf(b, "\n");
    return listed;
}

/* A scope name with generate-loop indices folded: "u_load.g_lane[7]" -> "u_load.g_lane[*]". */
static void scope_fold(const char *name, int len, char *out, size_t size)
{
    size_t k = 0;
    for (int i = 0; i < len && k + 4 < size; i++) {
        out[k++] = name[i];
        if (name[i] == '[' && i + 1 < len && name[i + 1] >= '0' && name[i + 1] <= '9') {
            while (i + 1 < len && name[i + 1] >= '0' && name[i + 1] <= '9')
                i++;
            out[k++] = '*';
        }
    }
    out[k] = 0;
}

/* Names whose last part contains `like` (at most 40), then how many signals each
 * scope has (generate-loop copies folded into one entry), so the model can ask
 * for one scope's list. */
static void list_similar(const kc_vcd *v, const char *like, kc_text *b)
{
    size_t n = kc_vcd_nvars(v), shown = 0, similar = 0;
    for (size_t i = 0; i < n; i++) {
        const char *name = kc_vcd_var_name(v, i);
        const char *leaf = strrchr(name, '.');
        leaf = leaf ? leaf + 1 : name;
        if (!strcasestr(leaf, like) || (!strncmp(name, "TOP.", 4) && leaf == name + 4))
            continue;
        if (shown < 40)
            kc_text_printf(b, "%s%s", shown++ ? ", " : "Signals like it: ", name);
        similar++;
    }
    if (similar > shown)
        kc_text_printf(b, " (and %zu more)", similar - shown);
    kc_text_printf(b, "%sScopes (signals):", shown ? ".\n" : "No similar names.\n");
    enum { MAXSC = 64 };
    char scopes[MAXSC][160];
    size_t counts[MAXSC], nsc = 0;
    for (size_t i = 0; i < n; i++) {
        const char *name = kc_vcd_var_name(v, i);
        const char *dot = strrchr(name, '.');
        if (!dot || (!strncmp(name, "TOP.", 4) && dot == name + 3))
            continue;
        char sc[160];
        scope_fold(name, (int)(dot - name), sc, sizeof sc);
        size_t k = 0;
        while (k < nsc && strcmp(scopes[k], sc))
            k++;
        if (k == nsc && nsc < MAXSC) {
            snprintf(scopes[nsc], sizeof scopes[nsc], "%s", sc);
            counts[nsc++] = 0;
        }
        if (k < nsc)
            counts[k]++;
    }
    for (size_t k = 0; k < nsc; k++)
        kc_text_printf(b, " %s (%zu)", scopes[k], counts[k]);
    kc_text_printf(b, ".\nCall view_waveform with list \"all\" (or a scope) for every name.");
}

/* Value of a VCD bit string as an unsigned number; 0 when it has x/z or is wider
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
static void wave_summary(const kc_vcd *v, const size_t *idx, const json_t *sigs, size_t nsig,
                         const uint64_t *edges, size_t ne, kc_text *b)
{
    char first[600], last[600];
    for (size_t i = 0; i < nsig; i++) {
        const char *prev = NULL;
        size_t changes = 0, ones = 0, numeric = 1;
        uint64_t lo = UINT64_MAX, hi = 0;
        for (size_t e = 0; e < ne; e++) {
            const char *val = kc_vcd_value_at(v, idx[i], edges[e] ? edges[e] - 1 : 0);
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
        kc_vcd_format(kc_vcd_value_at(v, idx[i], edges[0] ? edges[0] - 1 : 0), first, sizeof first);
        kc_vcd_format(prev, last, sizeof last);
        unsigned bits = kc_vcd_var_width(v, idx[i]);
        kc_text_printf(b, "  %s (%u bit%s): %s at start, %s at end, %zu change%s", json_string_value(
                       json_array_get(sigs, i)), bits, bits == 1 ? "" : "s", first, last, changes,
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
    if (!list && !json_array_size(sigs)) {
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
    kc_vcd *v = NULL;
    kc_err err;
    kc_err_clear(&err);
    kc_status vst = kc_vcd_load(vcd_path, 0, &v, &err);
    close(vfd);
    if (vst != KC_OK) {
        char msg[700];
        kc_text_printf(&b, "error: cannot read the waveform: %s", kc_err_format(&err, msg, sizeof msg));
        kc_tools_finish(o, &b, 1);
        return;
    }
    if (list) {
        int all = !strcasecmp(list, "all");
        if (!list_by_scope(v, all ? NULL : list, &b))
            kc_text_printf(&b, "no scope contains \"%s\"; list \"all\" shows every signal.", list);
        o->meta = json_pack("{s:s}", "list", list);
        kc_vcd_free(v);
        kc_tools_finish(o, &b, 0);
        return;
    }
    size_t clk;
    if (!kc_vcd_match(v, "clk", &clk, 1)) {
        kc_text_printf(&b, "error: the waveform has no clock signal 'clk'.");
        kc_vcd_free(v);
        kc_tools_finish(o, &b, 1);
        return;
    }
    size_t nsig = json_array_size(sigs), idx[KC_TOOLS_MAX_WAVE_SIGNALS];
    kc_text notes = { 0 };
    for (size_t i = 0; i < nsig; i++) {
        const char *name = json_string_value(json_array_get(sigs, i));
        size_t found[4];
        size_t n = kc_vcd_match(v, name, found, 4);
        if (!n) {
            kc_text_printf(&b, "error: no signal named '%s'. ", name);
            list_similar(v, name, &b);
            kc_text_free(&notes);
            kc_vcd_free(v);
            kc_tools_finish(o, &b, 1);
            return;
        }
        idx[i] = found[0];
        if (n > 1)
            kc_text_printf(&notes, "note: '%s' matches %zu signals; showing %s (give a longer suffix "
                      "for another, e.g. %s)\n", name, n, kc_vcd_var_name(v, found[0]),
                      kc_vcd_var_name(v, found[1]));
    }
    uint64_t *edges = malloc(sizeof *edges * (size_t)(end - start + 2));
    size_t ne = edges ? kc_vcd_rising_edges(v, clk, 0, UINT64_MAX, edges, (size_t)(end - start + 2)) : 0;
    if (!ne) {
        kc_text_printf(&b, "the kernel ran %" PRIu64 " cycles, which ends before the window %ld..%ld: "
                  "nothing to show.", ran, start, end);
        free(edges);
        kc_text_free(&notes);
        kc_vcd_free(v);
        kc_tools_finish(o, &b, 0);
        return;
    }
    if (ne > (size_t)(end - start))
        ne = (size_t)(end - start);
    kc_text_printf(&b, "%s: cycles %ld..%ld of %" PRIu64 " (values sampled just before each rising clock edge",
              rel, start, start + (long)ne - 1, ran);
    kc_text_printf(&b, every > 1 && !summary ? "; every %ld cycles)\n" : ")\n", every);
    if (notes.buf)
        kc_text_printf(&b, "%s", notes.buf);
    kc_text_free(&notes);
    if (summary) {
        wave_summary(v, idx, sigs, nsig, edges, ne, &b);
        o->meta = json_pack("{s:i, s:i, s:s, s:I}", "start", (int)start, "cycles", (int)ne, "mode",
                            "summary", "kernel_cycles", (json_int_t)ran);
        free(edges);
        kc_vcd_free(v);
        kc_tools_finish(o, &b, 0);
        return;
    }
    /* Column widths from the header and the widest value. */
    int width[KC_TOOLS_MAX_WAVE_SIGNALS];
    char cell[600];
    kc_text_printf(&b, "%8s", "cycle");
    for (size_t i = 0; i < nsig; i++) {
        const char *leaf = json_string_value(json_array_get(sigs, i));
        unsigned bits = kc_vcd_var_width(v, idx[i]);
        width[i] = (int)strlen(leaf);
        int vw = bits == 1 ? 1 : 2 + (int)((bits + 3) / 4);
        if (vw > width[i])
            width[i] = vw;
        kc_text_printf(&b, "  %*s", width[i], leaf);
    }
    kc_text_printf(&b, "\n");
    size_t shown = 0;
    for (size_t e = 0; e < ne; e += (size_t)every, shown++) {
        kc_text_printf(&b, "%8ld", start + (long)e);
        for (size_t i = 0; i < nsig; i++) {
            kc_vcd_format(kc_vcd_value_at(v, idx[i], edges[e] ? edges[e] - 1 : 0), cell, sizeof cell);
            kc_text_printf(&b, "  %*s", width[i], cell);
        }
        kc_text_printf(&b, "\n");
    }
    o->meta = json_pack("{s:i, s:i, s:i, s:I}", "start", (int)start, "rows", (int)shown, "every",
                        (int)every, "kernel_cycles", (json_int_t)ran);
    free(edges);
    kc_vcd_free(v);
    kc_tools_finish(o, &b, 0);
}
