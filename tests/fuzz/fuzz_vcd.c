/* fuzz_vcd — the VCD parser (waveform/kc_vcd.c) on any bytes: it accepts or
 * refuses with a reason, never reads past the input (ASan), gives the same
 * answer when the text comes in two pieces cut anywhere (the streaming path
 * a model's trace takes to FST), and what it accepts can be shown as a table
 * of every signal (kc_wave_view.c). Seeds: corpus/vcd (small traces of the
 * npu, rvv and vliw and a hand-written one). */
#define _POSIX_C_SOURCE 200809L
#include "fuzz_util.h"

#include "kc_vcd.h"
#include "kc_wave_view.h"

static size_t count;
static kc_status on_scope(void *u, const char *k, const char *n, kc_err *e) { (void)u; (void)k; (void)n; (void)e; count++; return KC_OK; }
static kc_status on_up(void *u, kc_err *e) { (void)u; (void)e; count++; return KC_OK; }
static kc_status on_var(void *u, const char *t, unsigned w, size_t s, int a, const char *n, const char *r, kc_err *e)
{
    (void)u; (void)t; (void)s; (void)a; (void)n; (void)r; (void)e;
    count += w;
    return KC_OK;
}
static kc_status on_time(void *u, uint64_t t, kc_err *e) { (void)u; (void)e; count += t & 7; return KC_OK; }
static kc_status on_change(void *u, size_t s, const char *v, size_t n, kc_err *e)
{
    (void)u; (void)e;
    count += s + n + (n ? (unsigned char)v[n - 1] : 0);   /* ASan: every byte of the value is owned */
    return KC_OK;
}

/* Parses in two pieces cut at `cut`; returns the status and the events' digest. */
static kc_status pieces(const uint8_t *data, size_t size, size_t cut, size_t *digest)
{
    kc_vcd_sink sink = { NULL, on_scope, on_up, on_var, NULL, NULL, on_time, on_change };
    kc_vcd_parser *p = kc_vcd_parser_new(&sink);
    if (!p)
        abort();
    kc_err err;
    kc_err_clear(&err);
    count = 0;
    kc_status s = kc_vcd_feed(p, (const char *)data, cut, &err);
    if (s == KC_OK)
        s = kc_vcd_feed(p, (const char *)data + cut, size - cut, &err);
    if (s == KC_OK)
        s = kc_vcd_finish(p, &err);
    FUZZ_CHECK(s == KC_OK || err.text[0], "error without a message");
    kc_vcd_parser_free(p);
    *digest = count;
    return s;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    size_t whole, split;
    kc_status a = pieces(data, size, size, &whole);
    kc_status b = pieces(data, size, size ? (size_t)data[0] * size / 256 : 0, &split);
    FUZZ_CHECK(a == b && (a != KC_OK || whole == split), "two pieces: status %d/%d, digest %zu/%zu", a, b,
               whole, split);
    kc_wave *w = NULL;
    kc_err err;
    kc_err_clear(&err);
    if (kc_vcd_parse((const char *)data, size, &w, &err) != KC_OK) {
        FUZZ_CHECK(!w && err.text[0], "refused without a message");
        return 0;
    }
    FUZZ_CHECK(a == KC_OK, "the reader accepts what the parser refused");
    FILE *out = fopen("/dev/null", "w");
    const char *all[] = {"*"};
    kc_wave_col cols[64];
    size_t ncols;
    uint64_t *edges = NULL;
    size_t ne = 0;
    if (out && kc_wave_select(w, all, 1, cols, 64, &ncols, out, out) == KC_OK &&
        kc_wave_cycles(w, 0, 0, &edges, &ne, &err) == KC_OK)
        kc_wave_table(w, cols, ncols, edges, ne, 1, out);
    if (out) {
        kc_wave_list(w, NULL, out);
        kc_wave_near(w, "x", out);
        fclose(out);
    }
    free(edges);
    kc_wave_free(w);
    return 0;
}
