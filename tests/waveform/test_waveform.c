/* test_waveform.c — the waveform library on small hand-written VCDs: parsing
 * (whole and in pieces of every size), aliases, left-extension, name matching
 * (suffix and glob), near names for an unknown signal, the table, FST written
 * from the VCD text and read back to the same table, and malformed input.
 *
 *   test_waveform TMPDIR
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kc_fst.h"
#include "kc_vcd.h"
#include "kc_wave.h"
#include "kc_wave_view.h"

static int failures;
#define CHECK(cond, ...)                                                  \
    do {                                                                  \
        if (!(cond)) {                                                    \
            fprintf(stderr, "%s:%d: FAIL: ", __FILE__, __LINE__);         \
            fprintf(stderr, __VA_ARGS__);                                 \
            fprintf(stderr, "\n");                                        \
            failures++;                                                   \
        }                                                                 \
    } while (0)

/* Cycle c: clock low at 10c, rising edge at 10c+5 (kc's convention). pc counts
 * 0,1,2 written with fewer bits than its width; "dat" goes through x; TOP.clk and
 * TOP.top.clk are one signal (one id code). */
static const char *const VCD =
    "$date today $end\n$version hand $end\n$timescale 1ns $end\n"
    "$scope module TOP $end\n"
    " $var wire 1 ! clk $end\n"
    " $scope module top $end\n"
    "  $var wire 1 ! clk $end\n"
    "  $var wire 8 # pc [7:0] $end\n"
    "  $scope module u_core $end\n"
    "   $var wire 8 $ pc [7:0] $end\n"
    "   $var wire 4 % dat [3:0] $end\n"
    "   $var wire 1 & fetch_valid $end\n"
    "  $upscope $end\n"
    "  $scope module g_lane[0] $end\n"
    "   $var wire 1 ' w_en $end\n"
    "  $upscope $end\n"
    "  $scope module g_lane[1] $end\n"
    "   $var wire 1 ( w_en $end\n"
    "  $upscope $end\n"
    " $upscope $end\n"
    "$upscope $end\n"
    "$enddefinitions $end\n"
    "#0\n$dumpvars\n0!\nb0 #\nb11 $\nbx %\n0&\n0'\n1(\n$end\n"
    "#5\n1!\n"
    "#10\n0!\nb1 #\nb1010 %\n1&\n"
    "$comment a comment with $dumpvars inside $end\n"
    "#15\n1!\n"
    "#20\n0!\nb10 #\nbz %\n0&\n1'\n"
    "#25\n1!\n"
    "#30\n0!\n";

/* The hand-written VCD, parsed (NULL after a failed check). */
static kc_wave *hand_wave(void)
{
    kc_err err;
    kc_err_clear(&err);
    kc_wave *w = NULL;
    CHECK(kc_vcd_parse(VCD, strlen(VCD), &w, &err) == KC_OK, "parse: %s", err.text);
    return w;
}

static char *table_of(const kc_wave *w, const char *const *names, size_t n, uint64_t a, uint64_t b,
                      size_t every, char **why)
{
    char *out = NULL, *err = NULL;
    size_t len = 0, elen = 0;
    FILE *f = open_memstream(&out, &len), *e = open_memstream(&err, &elen);
    kc_wave_col cols[16];
    size_t ncols = 0;
    uint64_t *edges = NULL;
    size_t ne = 0;
    kc_err kerr;
    kc_err_clear(&kerr);
    if (kc_wave_select(w, names, n, cols, 16, &ncols, NULL, e) == KC_OK &&
        kc_wave_cycles(w, a, b, &edges, &ne, &kerr) == KC_OK)
        kc_wave_table(w, cols, ncols, edges, ne, every, f);
    free(edges);
    fclose(f);
    fclose(e);
    if (why)
        *why = err;
    else
        free(err);
    return out;
}

static void test_parse_and_match(void)
{
    kc_wave *w = hand_wave();
    if (!w)
        return;
    size_t idx[8];
    CHECK(kc_wave_match(w, "clk", idx, 8) == 1, "clk aliases are one signal");
    CHECK(!strcmp(kc_wave_var_name(w, idx[0]), "TOP.clk"), "shallowest first: %s", kc_wave_var_name(w, idx[0]));
    CHECK(kc_wave_match(w, "pc", idx, 8) == 2 && !strcmp(kc_wave_var_name(w, idx[0]), "TOP.top.pc"),
          "pc: two signals, the shallower first");
    CHECK(kc_wave_match(w, "c", idx, 8) == 0, "a suffix at a dot boundary only");
    CHECK(kc_wave_match(w, "u_core.pc", idx, 8) == 1 && kc_wave_var_width(w, idx[0]) == 8, "u_core.pc");
    /* globs */
    CHECK(kc_wave_match(w, "*pc", idx, 8) == 2, "*pc");
    CHECK(kc_wave_match(w, "u_core.*", idx, 8) == 3, "u_core.*");
    CHECK(kc_wave_match(w, "?lk", idx, 8) == 1, "?lk");
    CHECK(kc_wave_match(w, "g_lane[1].w_*", idx, 8) == 1, "'[' is literal");
    CHECK(kc_wave_match(w, "*.w_en", idx, 8) == 2, "*.w_en");
    CHECK(kc_wave_match(w, "TOP.top.*_valid", idx, 8) == 1, "a glob over the whole name");
    CHECK(kc_wave_match(w, "p*x", idx, 8) == 0, "p*x");
    CHECK(kc_wave_name_matches("a*b*c", "x.aXbYc") && !kc_wave_name_matches("a*b*c", "x.aXbY"), "backtracking");
    /* values: left-extended, x and z, NULL before the first change */
    kc_wave_match(w, "top.pc", idx, 1);
    CHECK(!strcmp(kc_wave_value_at(w, idx[0], 14), "00000001"), "left-extended with 0");
    kc_wave_match(w, "dat", idx, 1);
    CHECK(!strcmp(kc_wave_value_at(w, idx[0], 4), "xxxx"), "x fills");
    CHECK(!strcmp(kc_wave_value_at(w, idx[0], 24), "zzzz"), "z fills");
    char buf[32];
    kc_wave_format(kc_wave_value_at(w, idx[0], 14), buf, sizeof buf);
    CHECK(!strcmp(buf, "0xa"), "hex: %s", buf);
    kc_wave_format(NULL, buf, sizeof buf);
    CHECK(!strcmp(buf, "-"), "no value");
    CHECK(kc_wave_end_time(w) == 30, "end time");
    kc_wave_match(w, "clk", idx, 1);
    uint64_t t[8];
    CHECK(kc_wave_rising_edges(w, idx[0], 0, UINT64_MAX, t, 8) == 3 && t[0] == 5 && t[2] == 25, "edges");
    kc_wave_free(w);
}

static const char *tmpdir;

/* The VCD text fed to the FST writer in pieces of several sizes (words and
 * lines cut anywhere), read back as FST: the same table as the VCD's. */
static void test_fst_roundtrip(void)
{
    kc_err err;
    kc_wave *w = hand_wave();
    const char *names[] = {"clk", "top.pc", "u_core.pc", "dat", "fetch_valid", "*.w_en"};
    char *want = w ? table_of(w, names, 6, 0, 0, 1, NULL) : NULL;
    kc_wave_free(w);
    CHECK(want && strstr(want, "g_lane[1].w_en"), "the VCD's table:\n%s", want ? want : "");
    static const size_t pieces[] = {1, 2, 3, 7, 13, 4096};
    for (size_t k = 0; want && k < sizeof pieces / sizeof pieces[0]; k++) {
        char path[512];
        snprintf(path, sizeof path, "%s/roundtrip_%zu.fst", tmpdir, pieces[k]);
        kc_fst_writer *fw = NULL;
        kc_err_clear(&err);
        CHECK(kc_fst_writer_open(path, &fw, &err) == KC_OK, "open %s: %s", path, err.text);
        if (!fw)
            continue;
        size_t len = strlen(VCD);
        for (size_t i = 0; i < len; i += pieces[k])
            kc_fst_writer_feed(fw, VCD + i, len - i < pieces[k] ? len - i : pieces[k], &err);
        CHECK(kc_fst_writer_close(fw, &err) == KC_OK, "close: %s", err.text);
        kc_wave *f = NULL;
        CHECK(kc_wave_open(path, NULL, 0, &f, &err) == KC_OK, "read %s: %s", path, err.text);
        if (!f)
            continue;
        CHECK(kc_wave_nvars(f) == 8, "FST variables: %zu (the VCD has 8)", kc_wave_nvars(f));
        char *got = table_of(f, names, 6, 0, 0, 1, NULL);
        CHECK(got && !strcmp(got, want), "piece %zu: FST table\n%s\ndiffers from the VCD's\n%s", pieces[k],
              got ? got : "", want);
        /* only what is asked is kept, and still the same table */
        kc_wave_free(f);
        f = NULL;
        CHECK(kc_wave_open(path, names, 6, &f, &err) == KC_OK, "read %s: %s", path, err.text);
        char *kept = f ? table_of(f, names, 6, 0, 0, 1, NULL) : NULL;
        CHECK(kept && !strcmp(kept, want), "kept-only table differs");
        size_t idx;
        if (f && kc_wave_match(f, "g_lane[0].w_en", &idx, 1)) {
            const char *rest[] = {"top.pc"};
            kc_wave_free(f);
            f = NULL;
            kc_wave_open(path, rest, 1, &f, &err);
            CHECK(f && kc_wave_match(f, "u_core.pc", &idx, 1) && !kc_wave_value_at(f, idx, 20),
                  "a signal not asked for keeps no changes");
        }
        free(kept);
        free(got);
        kc_wave_free(f);
    }
    free(want);
}

static void test_table_and_window(void)
{
    kc_wave *w = hand_wave();
    if (!w)
        return;
    const char *names[] = {"clk", "top.pc", "dat"};
    char *all = table_of(w, names, 3, 0, 0, 1, NULL);
    const char *want =
        "   cycle  clk  top.pc  dat\n"
        "       0    0    0x00  0xx\n"
        "       1    0    0x01  0xa\n"
        "       2    0    0x02  0xz\n";
    CHECK(all && !strcmp(all, want), "table:\n%s\nwant:\n%s", all ? all : "", want);
    char *win = table_of(w, names, 3, 1, 2, 1, NULL);
    CHECK(win && !strcmp(win, "   cycle  clk  top.pc  dat\n       1    0    0x01  0xa\n"), "window 1:2:\n%s",
          win ? win : "");
    char *ev = table_of(w, names, 3, 0, 0, 2, NULL);
    CHECK(ev && strstr(ev, "       0 ") && !strstr(ev, "       1 ") && strstr(ev, "       2 "), "every 2:\n%s",
          ev ? ev : "");
    char *late = table_of(w, names, 3, 7, 9, 1, NULL);
    CHECK(late && !strcmp(late, "   cycle  clk  top.pc  dat\n"), "a window past the end: header only");
    /* a glob column is labelled with its name less TOP. */
    const char *g[] = {"*.w_en"};
    char *gl = table_of(w, g, 1, 0, 1, 1, NULL);
    CHECK(gl && strstr(gl, "top.g_lane[0].w_en  top.g_lane[1].w_en"), "glob labels:\n%s", gl ? gl : "");
    free(all);
    free(win);
    free(ev);
    free(late);
    free(gl);
    kc_wave_free(w);
}

static void test_near_names(void)
{
    kc_wave *w = hand_wave();
    if (!w)
        return;
    const char *typo[] = {"clk", "fech_valid"};
    char *why = NULL;
    char *t = table_of(w, typo, 2, 0, 0, 1, &why);
    CHECK(t && !t[0], "no table for an unknown name");
    CHECK(why && strstr(why, "no signal named 'fech_valid'") && strstr(why, "TOP.top.u_core.fetch_valid"),
          "a typo lists the near name: %s", why ? why : "");
    CHECK(why && strstr(why, "TOP.top.g_lane[*] (2)"), "scopes folded with counts: %s", why ? why : "");
    free(t);
    free(why);
    const char *part[] = {"valid"};
    t = table_of(w, part, 1, 0, 0, 1, &why);
    CHECK(t && !t[0] && why && strstr(why, "Signals like it: TOP.top.u_core.fetch_valid"),
          "a suffix at a dot boundary only ('valid' is not fetch_valid), but a near name: %s", why ? why : "");
    free(t);
    free(why);
    const char *none[] = {"qqqqqqqq"};
    t = table_of(w, none, 1, 0, 0, 1, &why);
    CHECK(why && strstr(why, "No similar names"), "nothing near: %s", why ? why : "");
    free(t);
    free(why);
    kc_wave_col cols[2];
    size_t ncols;
    const char *many[] = {"*"};
    CHECK(kc_wave_select(w, many, 1, cols, 2, &ncols, NULL, NULL) == KC_ERR_RANGE, "too many columns");
    kc_wave_free(w);
}

static void test_errors(void)
{
    static const char *const bad[] = {
        "#1\n1!\n",                                                                /* no header */
        "$scope module a $end $var wire 1 ! x $end $enddefinitions $end #1 1\"\n", /* undeclared id */
        "$scope module a $end $var wire 1 ! x $end $enddefinitions $end #1x\n",    /* bad time */
        "$scope module a $end $var wire 1 ! x $end $enddefinitions $end #1 b01\n", /* no id */
        "$scope module a $end $var wire 1 ! x $end",                               /* cut short */
        "$scope module a $end $var wire 1 ! x $end $enddefinitions $end #1 q!\n",  /* garbage */
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        kc_err err;
        kc_err_clear(&err);
        kc_wave *w = NULL;
        CHECK(kc_vcd_parse(bad[i], strlen(bad[i]), &w, &err) == KC_ERR_SYNTAX && !w && err.text[0],
              "bad VCD %zu accepted", i);
    }
    kc_err err;
    kc_err_clear(&err);
    kc_wave *w = NULL;
    char path[512];
    snprintf(path, sizeof path, "%s/not_fst.fst", tmpdir);
    FILE *f = fopen(path, "w");
    if (f) {
        fputs(VCD, f);
        fclose(f);
    }
    CHECK(kc_wave_open(path, NULL, 0, &w, &err) == KC_ERR_SYNTAX && !w, "a VCD named .fst: %s", err.text);
    kc_err_clear(&err);
    CHECK(kc_wave_open("/nonexistent-dir/x.vcd", NULL, 0, &w, &err) == KC_ERR_IO, "missing VCD");
    kc_err_clear(&err);
    CHECK(kc_wave_open("/nonexistent-dir/x.fst", NULL, 0, &w, &err) == KC_ERR_IO, "missing FST");
    kc_fst_writer *fw = NULL;
    kc_err_clear(&err);
    CHECK(kc_fst_writer_open("/nonexistent-dir/x.fst", &fw, &err) == KC_ERR_IO && !fw, "unwritable FST");
    /* a VCD cut short is an error when the FST is closed */
    snprintf(path, sizeof path, "%s/cut.fst", tmpdir);
    kc_err_clear(&err);
    if (kc_fst_writer_open(path, &fw, &err) == KC_OK) {
        kc_fst_writer_feed(fw, VCD, 100, &err);
        CHECK(kc_fst_writer_close(fw, &err) == KC_ERR_SYNTAX, "a cut VCD made an FST");
    }
    /* no clock */
    const char *noclk = "$scope module a $end $var wire 1 ! x $end $upscope $end $enddefinitions $end #0 1!\n";
    kc_err_clear(&err);
    if (kc_vcd_parse(noclk, strlen(noclk), &w, &err) == KC_OK) {
        uint64_t *edges;
        size_t ne;
        CHECK(kc_wave_cycles(w, 0, 0, &edges, &ne, &err) == KC_ERR_USAGE && strstr(err.text, "clk"), "no clk");
        kc_wave_free(w);
    }
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: test_waveform TMPDIR\n");
        return 2;
    }
    tmpdir = argv[1];
    test_parse_and_match();
    test_fst_roundtrip();
    test_table_and_window();
    test_near_names();
    test_errors();
    if (failures)
        fprintf(stderr, "%d failure(s)\n", failures);
    else
        printf("waveform: all passed\n");
    return failures ? 1 : 0;
}
