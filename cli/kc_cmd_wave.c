/* kc_cmd_wave.c — `kc wave`: chosen signals of a VCD or FST waveform as a text
 * table, one row per cycle (waveform/kc_wave_view.h; the agent's view_waveform
 * prints the same table). */
#define _POSIX_C_SOURCE 200809L   /* open_memstream */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kc_args.h"
#include "kc_cmds.h"
#include "kc_opts.h"
#include "kc_wave_view.h"

enum { OPT_SIGNALS = 1, OPT_WINDOW, OPT_EVERY, OPT_LIST };

#define KC_WAVE_MAX_COLUMNS 64

static const kc_args_opt wave_rows[] = {
    {OPT_SIGNALS, "signals", 0, KC_ARGS_STRING, "A,B,...", 0, 0,
     "signals to show: a name is a suffix at a '.' (pc, u_core.pc), a name with * or ?\n"
     "a glob giving every match (u_dma.*_en)"},
    {OPT_WINDOW, "window", 0, KC_ARGS_STRING, "A:B", 0, 0, "cycles [A, B) (B empty = to the end; default all)"},
    {OPT_EVERY, "every", 0, KC_ARGS_NUMBER, "K", 1, 1000000, "every K-th cycle only"},
    {OPT_LIST, "list", 0, KC_ARGS_STRING, "SCOPE", 0, 0, "list the signal names of scopes containing SCOPE (all: every one)"},
    {0},
};

static const kc_args_opt *const wave_tables[] = {wave_rows, NULL};

static const kc_args_spec wave_spec = {
    "wave", "FILE --signals A,B,... [--window A:B] [--every K]\nFILE --list SCOPE|all",
    "Prints chosen signals of a waveform (FST when FILE ends in .fst, VCD otherwise;\n"
    "kc eval --vcd writes both) as a table: one row per cycle, each value as it was\n"
    "just before that cycle's rising clk edge (1 bit as 0/1/x/z, wider as hex). An\n"
    "unknown name is an error that lists the near names.\n"
    "Exit status: 0 printed, 1 unknown signal or no clock, 2 usage or I/O error.\n",
    wave_tables,
};

static int fail(const kc_err *err)
{
    char buf[800];
    fprintf(stderr, "kc wave: %s\n", kc_err_format(err, buf, sizeof buf));
    return 2;
}

/* Splits "a,b,c" in place into names (empty items are a usage error). */
static size_t split(char *s, const char **names, size_t max, int *bad)
{
    size_t n = 0;
    *bad = 0;
    for (char *p = s;; p++) {
        char *comma = strchr(p, ',');
        if (comma)
            *comma = 0;
        if (!*p || n == max)
            *bad = 1;
        else
            names[n++] = p;
        if (!comma)
            return n;
        p = comma;
    }
}

int kc_cmd_wave_main(int argc, char **argv)
{
    char *signals = NULL;
    const char *list = NULL;
    uint64_t a0 = 0, b0 = 0, every = 1;
    kc_args a;
    kc_args_start(&a, &wave_spec, argc, argv);
    for (int id; (id = kc_args_next(&a)) != KC_ARGS_END;) {
        switch (id) {
        case KC_ARGS_HELP: kc_args_help(&wave_spec, stdout); return 0;
        case KC_ARGS_ERROR: return kc_args_exit(&a);
        case OPT_SIGNALS: signals = (char *)a.value; break;
        case OPT_LIST: list = a.value; break;
        case OPT_EVERY: every = a.number; break;
        case OPT_WINDOW:
            if (!kc_opts_window(a.value, &a0, &b0) || (b0 && b0 <= a0)) {
                kc_args_bad_value(&a, "cycles A:B with A < B (B may be empty)");
                return kc_args_exit(&a);
            }
            break;
        }
    }
    if (a.npos != 1)
        return kc_args_fail(&a, a.npos ? "one waveform file, please" : "no waveform file");
    if (!signals == !list)
        return kc_args_fail(&a, "give --signals or --list");
    const char *names[KC_WAVE_MAX_COLUMNS];
    size_t n = 0;
    if (signals) {
        int bad;
        n = split(signals, names, KC_WAVE_MAX_COLUMNS, &bad);
        if (bad)
            return kc_args_fail(&a, "--signals: 1 to %d names separated by commas", KC_WAVE_MAX_COLUMNS);
    }
    kc_err err;
    kc_err_clear(&err);
    kc_wave *w = NULL;
    if (kc_wave_open(a.pos[0], names, n, &w, &err) != KC_OK)
        return fail(&err);
    int rc = 0;
    if (list) {
        if (!kc_wave_list(w, strcmp(list, "all") ? list : NULL, stdout)) {
            fprintf(stderr, "kc wave: no scope contains \"%s\" (--list all shows every name)\n", list);
            rc = 1;
        }
        kc_wave_free(w);
        return rc;
    }
    kc_wave_col cols[KC_WAVE_MAX_COLUMNS];
    size_t ncols;
    uint64_t *edges = NULL;
    size_t ne = 0;
    char *why = NULL;
    size_t whylen = 0;
    FILE *wf = open_memstream(&why, &whylen);
    kc_status s = kc_wave_select(w, names, n, cols, KC_WAVE_MAX_COLUMNS, &ncols, stderr, wf);
    if (wf)
        fclose(wf);
    if (s != KC_OK) {
        fprintf(stderr, "kc wave: %s%s\n", why ? why : "out of memory",
                s == KC_ERR_USAGE ? "\n(kc wave FILE --list all shows every name.)" : "");
        rc = 1;
    } else if ((s = kc_wave_cycles(w, a0, b0, &edges, &ne, &err)) != KC_OK) {
        char buf[800];
        fprintf(stderr, "kc wave: %s\n", kc_err_format(&err, buf, sizeof buf));
        rc = 1;
    } else {
        if (!ne)
            fprintf(stderr, "kc wave: no clock edge in the window (the trace ends at cycle %llu)\n",
                    (unsigned long long)(kc_wave_end_time(w) / KC_WAVE_PERIOD));
        kc_wave_table(w, cols, ncols, edges, ne, (size_t)every, stdout);
    }
    free(why);
    free(edges);
    kc_wave_free(w);
    return rc;
}
