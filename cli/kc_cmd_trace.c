/* kc_cmd_trace.c — `kc trace FILE`: reads an instruction trace (kc eval
 * --trace-insn, tasks/kc_itrace.h) and prints the lines of a cycle window and
 * unit, or (--top N) the instructions that waited longest before issuing. */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kc_args.h"
#include "kc_cmds.h"
#include "kc_itrace.h"
#include "kc_opts.h"

enum { OPT_WINDOW = 1, OPT_UNIT, OPT_TOP };

static const kc_args_opt trace_rows[] = {
    {OPT_WINDOW, "window", 0, KC_ARGS_STRING, "A:B", 0, 0, "only cycles [A, B) (B empty = to the end)"},
    {OPT_UNIT, "unit", 0, KC_ARGS_NUMBER, "U", 0, 4095, "only unit U (vliw: the tile)"},
    {OPT_TOP, "top", 0, KC_ARGS_NUMBER, "N", 1, 100000,
     "instead of lines: the N stall sites that waited longest (pc, reason, cycles, waits)"},
    {0},
};

static const kc_args_opt *const trace_tables[] = {trace_rows, NULL};

static const kc_args_spec trace_spec = {
    "trace", "FILE [--window A:B] [--unit U] [--top N]",
    "Reads an instruction trace written by `kc eval --trace-insn FILE` (one line per\n"
    "issued instruction: cycle, unit, pc, the stall before it and its reason, source\n"
    "line, instruction; cycle c is waveform time 10c) and prints the lines in the\n"
    "window, or with --top the stall sites: per (unit, pc, reason) the cycles waited,\n"
    "the number of waits and the longest, hottest first.\n",
    trace_tables,
};

typedef struct site {
    int unit;
    uint64_t pc;
    char reason[96], source[160], insn[192];
    uint64_t cycles, waits, longest;
} site;

static int site_cmp(const void *a, const void *b)
{
    const site *x = a, *y = b;
    return x->cycles != y->cycles ? (x->cycles < y->cycles ? 1 : -1) : x->pc < y->pc ? -1 : x->pc > y->pc;
}

/* Adds one stalled line to the sites (linear search: a program has few of them). */
static int add_site(site **v, size_t *n, size_t *cap, const kc_itrace_line *l)
{
    for (size_t i = 0; i < *n; i++) {
        site *s = &(*v)[i];
        if (s->unit == l->unit && s->pc == l->pc && !strcmp(s->reason, l->reason)) {
            s->cycles += l->stall;
            s->waits++;
            if (l->stall > s->longest)
                s->longest = l->stall;
            return 0;
        }
    }
    if (*n == *cap) {
        size_t nc = *cap ? *cap * 2 : 64;
        site *nv = realloc(*v, nc * sizeof *nv);
        if (!nv)
            return -1;
        *v = nv;
        *cap = nc;
    }
    site *s = &(*v)[(*n)++];
    memset(s, 0, sizeof *s);
    s->unit = l->unit;
    s->pc = l->pc;
    snprintf(s->reason, sizeof s->reason, "%s", l->reason);
    snprintf(s->source, sizeof s->source, "%s", l->source);
    snprintf(s->insn, sizeof s->insn, "%s", l->insn);
    s->cycles = s->longest = l->stall;
    s->waits = 1;
    return 0;
}

int kc_cmd_trace_main(int argc, char **argv)
{
    uint64_t start = 0, end = 0, top = 0;
    long unit = -1;
    kc_args a;
    kc_args_start(&a, &trace_spec, argc, argv);
    for (int id; (id = kc_args_next(&a)) != KC_ARGS_END;) {
        switch (id) {
        case KC_ARGS_HELP: kc_args_help(&trace_spec, stdout); return 0;
        case KC_ARGS_ERROR: return kc_args_exit(&a);
        case OPT_WINDOW:
            if (!kc_opts_window(a.value, &start, &end)) {
                kc_args_bad_value(&a, "cycles A:B (B may be empty)");
                return kc_args_exit(&a);
            }
            break;
        case OPT_UNIT: unit = (long)a.number; break;
        case OPT_TOP: top = a.number; break;
        }
    }
    if (a.npos != 1)
        return kc_args_fail(&a, a.npos ? "unexpected argument '%s'" : "no trace file%s", a.npos ? a.pos[1] : "");
    if (end && end <= start)
        return kc_args_fail(&a, "empty window %" PRIu64 ":%" PRIu64, start, end);
    FILE *f = fopen(a.pos[0], "r");
    if (!f) {
        fprintf(stderr, "kc trace: cannot read %s: %s\n", a.pos[0], strerror(errno));
        return 2;
    }
    char *line = NULL;
    size_t lcap = 0, nlines = 0, nsites = 0, scap = 0;
    site *sites = NULL;
    int header = 1, rc = 0;
    for (ssize_t len; (len = getline(&line, &lcap, f)) > 0;) {
        if (line[len - 1] == '\n')
            line[--len] = 0;
        kc_itrace_line l;
        if (!kc_itrace_parse(line, &l)) {
            if (line[0] == '#' && header && !top)   /* the file's header, once, before the lines */
                printf("%s\n", line);
            else if (line[0] != '#' && line[0]) {
                fprintf(stderr, "kc trace: %s: not an instruction trace line: %.80s\n", a.pos[0], line);
                rc = 2;
                break;
            }
            continue;
        }
        header = 0;
        if (l.cycle < start || (end && l.cycle >= end) || (unit >= 0 && l.unit != unit))
            continue;
        nlines++;
        if (!top)
            printf("%s\n", line);
        else if (l.stall && add_site(&sites, &nsites, &scap, &l)) {
            fprintf(stderr, "kc trace: out of memory\n");
            rc = 2;
            break;
        }
    }
    free(line);
    fclose(f);
    if (rc == 0 && top) {
        qsort(sites, nsites, sizeof *sites, site_cmp);
        printf("%-4s %10s %-24s %10s %7s %8s  %-24s %s\n", "unit", "pc", "reason", "cycles", "waits", "longest",
               "source", "instruction");
        for (size_t i = 0; i < nsites && i < top; i++) {
            char u[12] = "-";
            if (sites[i].unit >= 0)
                snprintf(u, sizeof u, "%d", sites[i].unit);
            printf("%-4s %10" PRIx64 " %-24s %10" PRIu64 " %7" PRIu64 " %8" PRIu64 "  %-24s %s\n", u, sites[i].pc,
                   sites[i].reason, sites[i].cycles, sites[i].waits, sites[i].longest, sites[i].source,
                   sites[i].insn);
        }
        if (!nsites)
            printf("(no instruction waited in the selection: %zu lines)\n", nlines);
    }
    free(sites);
    return rc;
}
