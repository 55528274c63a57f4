/* test_args.c — data-driven test of kc's option parser (cli/kc_args.c).
 *
 * test_args CASE_DIR: CASE_DIR/args holds the arguments, one per line (an empty
 * line is an empty argument); CASE_DIR/expect the trace the parser must give
 * over the option table below: one line per option ("config 3", "json"), per
 * positional argument ("pos FILE"), then "end" — or "error MESSAGE" for the
 * error it stops at, or the --help text. Every case is parsed twice in the same
 * process: the second parse must give the same trace (getopt_long's state is
 * reset per parse, as kc's subcommands need). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kc_args.h"

enum { T_CONFIG = 1, T_CONFIGS, T_TASK, T_JSON, T_OUT, T_SEED, T_QUIET };

static const kc_args_opt rows_a[] = {
    {T_CONFIG, "config", 0, KC_ARGS_NUMBER, "C", 1, 5, "the configuration"},
    {T_CONFIGS, "configs", 0, KC_ARGS_STRING, "1,2,...", 0, 0, "configs to select"},
    {T_TASK, "task", 0, KC_ARGS_STRING, "T", 0, 0, "the task"},
    {T_JSON, "json", 0, KC_ARGS_FLAG, NULL, 0, 0, "print JSON"},
    {0},
};
static const kc_args_opt rows_b[] = {   /* a second table, as shared rows are */
    {T_OUT, NULL, 'o', KC_ARGS_STRING, "FILE", 0, 0, "output file,\nsecond line of help"},
    {T_SEED, "seed", 0, KC_ARGS_NUMBER, "S", 0, UINT64_MAX, "the seed"},
    {T_QUIET, "quiet", 'q', KC_ARGS_FLAG, NULL, 0, 0, "quiet"},
    {0},
};
static const kc_args_opt *const tables[] = {rows_a, rows_b, NULL};
static const kc_args_spec spec = {"test", "[options] FILE...\n--other-form", "About the command.\n", tables};

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    char *buf = malloc(1 << 16);
    size_t n = buf ? fread(buf, 1, (1 << 16) - 1, f) : 0;
    fclose(f);
    if (buf)
        buf[n] = 0;
    return buf;
}

/* The trace of one parse of argv (argv is permuted: parse a copy). */
static char *trace(int argc, char **orig)
{
    char **argv = calloc((size_t)argc + 1, sizeof *argv);
    memcpy(argv, orig, (size_t)argc * sizeof *argv);
    char *out = NULL;
    size_t size = 0;
    FILE *t = open_memstream(&out, &size);
    kc_args a;
    kc_args_start(&a, &spec, argc, argv);
    for (int id;;) {
        id = kc_args_next(&a);
        if (id == KC_ARGS_END) {
            for (int i = 0; i < a.npos; i++)
                fprintf(t, "pos %s\n", a.pos[i]);
            fprintf(t, "end\n");
            break;
        }
        if (id == KC_ARGS_ERROR) {
            fprintf(t, "error %s\n", a.err.text);
            break;
        }
        if (id == KC_ARGS_HELP) {
            kc_args_help(&spec, t);
            break;
        }
        static const char *const names[] = {"", "config", "configs", "task", "json", "o", "seed", "quiet"};
        fprintf(t, "%s", names[id]);
        if (a.opt->kind == KC_ARGS_NUMBER)
            fprintf(t, " %llu", (unsigned long long)a.number);
        else if (a.value)
            fprintf(t, " %s", a.value);
        fprintf(t, "\n");
    }
    fclose(t);
    free(argv);
    return out;
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: test_args CASE_DIR\n");
        return 2;
    }
    char path[4096];
    snprintf(path, sizeof path, "%s/args", argv[1]);
    char *args = slurp(path);
    snprintf(path, sizeof path, "%s/expect", argv[1]);
    char *expect = slurp(path);
    if (!args || !expect) {
        fprintf(stderr, "%s: needs args and expect files\n", argv[1]);
        return 2;
    }
    char *av[64] = {"test"};
    int ac = 1;
    for (char *p = args; *p && ac < 63;) {
        char *nl = strchr(p, '\n');
        if (nl)
            *nl = 0;
        av[ac++] = p;
        if (!nl)
            break;
        p = nl + 1;
    }
    char *first = trace(ac, av), *second = trace(ac, av);
    int ok = !strcmp(first, expect) && !strcmp(second, expect);
    if (!ok)
        fprintf(stderr, "FAIL %s\n--- expected\n%s--- got (first parse)\n%s--- got (second parse)\n%s", argv[1],
                expect, first, second);
    else
        printf("PASS %s\n", argv[1]);
    free(first);
    free(second);
    free(args);
    free(expect);
    return ok ? 0 : 1;
}
