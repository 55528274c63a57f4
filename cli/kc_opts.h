/* kc_opts.h — the options several subcommands share, as kc_args rows: the
 * platform (--platform) and the selection of a sweep (--tasks, --configs, --seed).
 * The default platform is the first row of the platform table (kc_platform_all),
 * never a name written into a subcommand. */
#ifndef KC_OPTS_H
#define KC_OPTS_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "kc_args.h"
#include "kc_task.h"

#define KC_OPTS_MAX_JOBS 1024

/* Ranges of the numeric options every subcommand shares. */
#define KC_OPTS_MAX_CYCLE_LIMIT (1ull << 40)   /* ~10^12 cycles: hours of simulation */
#define KC_OPTS_MAX_COUNT 100000000ull         /* programs in a random campaign */

/* Option ids of the shared rows (a subcommand's own ids stay below 1000). */
enum { KC_OPTS_PLATFORM = 1000, KC_OPTS_TASKS, KC_OPTS_CONFIGS, KC_OPTS_SEED };

extern const kc_args_opt kc_opts_platform_rows[];   /* --platform */
extern const kc_args_opt kc_opts_select_rows[];     /* --tasks, --configs, --seed */

typedef struct kc_opts {
    const char *platform;                 /* default kc_opts_default_platform() */
    const char *tasks;                    /* comma list or NULL = all */
    unsigned configs;                     /* bit c set = config c selected; default all */
    uint64_t seed;                        /* default the visible seed */
} kc_opts;

typedef struct kc_opts_job {
    const kc_task *task;
    int config;
} kc_opts_job;

/* The first platform of kc_platform_all(): every --platform default. */
const char *kc_opts_default_platform(void);

/* Writes " npu rvv ..." (the platforms that exist, in table order). */
void kc_opts_list_platforms(FILE *out);

void kc_opts_init(kc_opts *o);

/* Takes option id (just returned by kc_args_next) when it is one of the shared
 * rows: returns 1 (taken), 0 (not a shared row) or KC_ARGS_ERROR (a->err says
 * why: an unknown platform or task, a malformed config list). */
int kc_opts_take(kc_opts *o, kc_args *a, int id);

/* The value of --platform (just returned by kc_args_next) into *platform:
 * 1, or KC_ARGS_ERROR when no platform has that name. */
int kc_opts_take_platform(kc_args *a, const char **platform);

/* Expands the selection in registry order; returns the number of jobs (at most
 * max). Unknown task names were already rejected by kc_opts_take. */
/* A cycle window "A:B" ([A, B); B may be empty: *b = 0, no end), as kc eval
 * --window and kc wave --window take it. Returns 1, or 0 when malformed. */
int kc_opts_window(const char *s, uint64_t *a, uint64_t *b);

size_t kc_opts_jobs(const kc_opts *o, kc_opts_job *jobs, size_t max);

#endif
