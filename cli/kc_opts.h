/* kc_opts.h — the selection options shared by the sweep-style subcommands
 * (run, perf, and later bench): --platform, --tasks, --configs, --seed. */
#ifndef KC_OPTS_H
#define KC_OPTS_H

#include <stddef.h>
#include <stdint.h>

#include "kc_task.h"

#define KC_OPTS_MAX_JOBS 1024

typedef struct kc_opts {
    const char *platform;                 /* default "npu" */
    const char *tasks;                    /* comma list or NULL = all */
    unsigned configs;                     /* bit c set = config c selected; default all */
    uint64_t seed;                        /* default 1 */
} kc_opts;

typedef struct kc_opts_job {
    const kc_task *task;
    int config;
} kc_opts_job;

void kc_opts_init(kc_opts *o);

/* Ranges of the numeric options every subcommand shares. */
#define KC_OPTS_MAX_CYCLE_LIMIT (1ull << 40)   /* ~10^12 cycles: hours of simulation */
#define KC_OPTS_MAX_COUNT 100000000ull         /* programs in a random campaign */

/* Parses a whole unsigned number (decimal, 0x hex, 0 octal). Returns 1 on
 * success, 0 on an empty, malformed, signed or out-of-range string (strtoull
 * alone reads "-1" as 2^64-1). */
int kc_opts_u64(const char *s, uint64_t *out);

/* The value s of option opt as a whole number in lo..hi. Returns 1, or prints
 * "kc: OPT takes a whole number in LO..HI, got 'S'" and returns 0. */
int kc_opts_number(const char *opt, const char *s, uint64_t lo, uint64_t hi, uint64_t *out);

/* Tries to parse the option at argv[i]. Returns the number of argv entries used
 * (0 = not one of ours, -1 = one of ours but malformed: a message was printed). */
int kc_opts_parse(kc_opts *o, int argc, char **argv, int i);

/* Expands the selection in registry order; returns the number of jobs (at most
 * max). Unknown task names were already rejected by kc_opts_parse. */
size_t kc_opts_jobs(const kc_opts *o, kc_opts_job *jobs, size_t max);

#endif
