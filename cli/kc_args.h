/* kc_args.h — the one option parser of every kc subcommand (getopt_long
 * underneath). A subcommand declares each option once, in a table row: its name,
 * whether it takes a value, the range of a number, and its help text. Parsing and
 * `--help` both come from that table, so the two cannot disagree.
 *
 * Both `--config 3` and `--config=3` work; unambiguous prefixes are accepted (as
 * getopt_long does); `--` ends the options; positional arguments may stand
 * anywhere. Errors come in one form, naming the subcommand and the option:
 *   kc eval: unknown option '--confg' (did you mean --config?)
 *   kc eval: --config needs a value
 *   kc eval: --config takes a whole number in 1..5, got '9'
 *   kc eval: --json takes no value
 * The parser does not print: kc_args_next leaves the message in a->err and the
 * subcommand prints it (kc_args_exit) and exits with status 2.
 */
#ifndef KC_ARGS_H
#define KC_ARGS_H

#include <getopt.h>
#include <stdint.h>
#include <stdio.h>

#include "kc_err.h"

typedef enum kc_args_kind {
    KC_ARGS_FLAG,      /* no value */
    KC_ARGS_STRING,    /* any value */
    KC_ARGS_NUMBER     /* a whole number in lo..hi (kc_opts_u64's rules) */
} kc_args_kind;

typedef struct kc_args_opt {
    int id;              /* what kc_args_next returns for it (> 0); 0 ends a table */
    const char *name;    /* long name without "--" (NULL: short form only) */
    char short_name;     /* 'o' for -o, or 0 */
    kc_args_kind kind;
    const char *metavar; /* the value in --help ("N", "FILE"); NULL for a flag */
    uint64_t lo, hi;     /* KC_ARGS_NUMBER: the allowed range */
    const char *help;    /* may span lines ('\n'); printed indented */
} kc_args_opt;

typedef struct kc_args_spec {
    const char *cmd;                  /* "eval": messages say "kc eval: ..." */
    const char *usage;                /* synopsis after "usage: kc eval " ('\n' = another form) */
    const char *about;                /* paragraph(s) between the synopsis and the options */
    const kc_args_opt *const *tables; /* NULL-terminated list of option tables (own + shared) */
} kc_args_spec;

#define KC_ARGS_MAX_OPTS 64

typedef struct kc_args {
    const kc_args_spec *spec;
    int argc;
    char **argv;
    const kc_args_opt *rows[KC_ARGS_MAX_OPTS];
    int nrows;
    struct option longopts[KC_ARGS_MAX_OPTS + 2];
    char shortopts[3 * KC_ARGS_MAX_OPTS + 4];
    /* the option kc_args_next just returned */
    const kc_args_opt *opt;
    const char *value;   /* its value (NULL for a flag) */
    uint64_t number;     /* KC_ARGS_NUMBER: the value as a number */
    /* after KC_ARGS_END: the positional arguments, in order */
    int npos;
    char **pos;
    kc_err err;          /* after KC_ARGS_ERROR: the message ("kc eval: ...") */
} kc_args;

#define KC_ARGS_END 0     /* no more options: a->pos[0..npos) are the rest */
#define KC_ARGS_ERROR (-1) /* a->err says what (print it, exit 2) */
#define KC_ARGS_HELP (-2)  /* --help or -h (every subcommand has it) */

/* Parses a whole unsigned number (decimal, 0x hex, 0 octal). Returns 1 on
 * success, 0 on an empty, malformed, signed or out-of-range string (strtoull
 * alone reads "-1" as 2^64-1). */
int kc_args_u64(const char *s, uint64_t *out);

/* Starts parsing argv[1..argc) (argv[0] is the subcommand's name). May permute
 * argv (options first). Parsing again later restarts cleanly. */
void kc_args_start(kc_args *a, const kc_args_spec *spec, int argc, char **argv);

/* The next option: its id (a->opt, a->value, a->number describe it),
 * KC_ARGS_END, KC_ARGS_ERROR or KC_ARGS_HELP. */
int kc_args_next(kc_args *a);

/* A value the table cannot check (a list, a pair, a float): records
 * "kc CMD: --OPT takes WANTS, got 'VALUE'" in a->err; returns KC_ARGS_ERROR. */
int kc_args_bad_value(kc_args *a, const char *wants);

/* A usage error not tied to one option: records "kc CMD: TEXT (see kc CMD --help)";
 * returns KC_ARGS_ERROR. */
int kc_args_usage_error(kc_args *a, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* kc_args_usage_error, then kc_args_exit: for a subcommand's own checks. */
int kc_args_fail(kc_args *a, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Prints a->err to stderr; returns 2 (the usage exit status). */
int kc_args_exit(const kc_args *a);

/* Writes the --help text: synopsis, about, and one entry per option row. */
void kc_args_help(const kc_args_spec *spec, FILE *out);

#endif
