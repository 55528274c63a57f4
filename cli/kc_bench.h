/* kc_bench.h — benchmark records: keys, loading JSONL result files, the
 * paper-style aggregation (x/5, speedup, efficiency, level subtotals, fast_p),
 * the table, and merging shard files. docs/scoring.md defines every number.
 *
 * A record is one JSON object per line, as kc_eval_result_json writes it plus
 * "source" ("baseline" | "kernels" | "agent"). Two record shapes are understood:
 *  - one evaluation per record (kc bench / kc run): correct on that seed;
 *  - one record per (task, config) scored on several seeds (the agent suite):
 *    "correct" is already the AND over "seed_results", cycles their mean.
 * The library does not print except into the FILE * a caller hands it.
 */
#ifndef KC_BENCH_H
#define KC_BENCH_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <jansson.h>

#include "kc_err.h"
#include "kc_pool.h"
#include "kc_task.h"

/* The identity of a record: "platform|task|c<config>|<seed>|<kernel_hash>|<role>",
 * role "baseline" or "kernel" (so a submitted kernel whose text equals the
 * baseline still has records of its own). Returns 0, or -1 when the record lacks
 * one of the fields. */
int kc_bench_key(const json_t *rec, char *buf, size_t size);

/* Is the record a baseline evaluation (source "baseline", or a kernel named
 * "baseline-...")? */
int kc_bench_is_baseline(const json_t *rec);

/* Parses and validates one line (without its newline) of a results file into a
 * new record. A record is valid when it has its key fields (platform and task
 * known, config 1..5, seed >= 0, kernel_hash), a known "status" and a boolean
 * "correct" that agree (correct iff status "correct"), "cycles" (an integer)
 * whenever the kernel ran, and, when correct, cycles no fewer than the task's
 * ideal cycles recomputed from the task and platform (never read from the
 * record); "seed_results" (agent records) obey the same rules per seed and
 * their AND is "correct". Returns KC_ERR_SYNTAX (not one JSON object) or
 * KC_ERR_RANGE (a rule broken) with err saying which. */
kc_status kc_bench_parse_record(const char *line, size_t len, json_t **rec, kc_err *err);

/* Lines of a results file that were skipped, the first few described. */
#define KC_BENCH_SHOW_INVALID 8
typedef struct kc_bench_invalid {
    size_t n;                                  /* lines skipped (invalid or a torn last line) */
    size_t nshown;
    char what[KC_BENCH_SHOW_INVALID][560];     /* "line 7: correct record with cycles 1 < ideal 64 ..." */
} kc_bench_invalid;

/* Reads a JSONL results file into a new array of valid records (missing file =
 * empty array). Invalid lines and a torn last line are skipped and described in
 * *bad (may be NULL); a rerun of the sweep evaluates their jobs again. */
kc_status kc_bench_load(const char *path, json_t **records, kc_bench_invalid *bad, kc_err *err);

/* Appends one record as one whole line with a single write() on an O_APPEND fd
 * (concurrent appenders never interleave; a crash leaves no partial line except
 * when the process dies inside write itself). */
kc_status kc_bench_append(int fd, const json_t *rec, kc_err *err);

/* Completes rec (a job's identity: platform, task, config, seed, kernel,
 * kernel_hash, source) as the record of a job whose worker died or hung (r from
 * the pool): status "crash" with "signal" and "signal_number" (or "exit_status"),
 * or "hang" with "job_timeout_seconds"; not correct; "wall_seconds". */
void kc_bench_mark_lost(json_t *rec, const kc_pool_result *r, double job_timeout);

/* Opens (creates) a results file for appending and takes an exclusive lock on
 * it (flock, held until fd is closed): a second sweep on the same file is
 * refused with KC_ERR_IO and a message saying so, rather than duplicating every
 * record. If the file ends in a torn line it is terminated first so the next
 * record starts on a line of its own. Open (and lock) before loading the file. */
kc_status kc_bench_open_out(const char *path, int *fd, kc_err *err);

/* ---- aggregation -------------------------------------------------------- */

typedef struct kc_bench_cell {        /* one (task, config) */
    const kc_task *task;
    int config;
    int have_kernel;                  /* candidate records exist */
    int have_base;                    /* baseline records exist */
    int nseeds;                       /* candidate seeds seen */
    int nexpected;                    /* candidate seeds expected (fewer seen: a gap, not correct) */
    int correct;                      /* candidate correct on every expected seed */
    char status[40];                  /* first failing status, "gap 2/3 seeds", "missing", or "correct" */
    double max_abs, max_rel;          /* worst over seeds */
    double cycles;                    /* mean over seeds (0 when none ran) */
    double ideal;                     /* ideal cycles, recomputed from the task (kc_platform_ideal_of) */
    double efficiency;                /* ideal / cycles when correct, else 0 */
    int base_correct;
    double base_cycles;
    double speedup;                   /* base_cycles / cycles when both correct, else 0 */
} kc_bench_cell;

typedef struct kc_bench_sum {         /* a task, a level, or everything */
    int ncells, ncorrect;
    double mean_cycles;               /* arithmetic mean over correct cells */
    double speedup;                   /* geometric mean over cells with a speedup */
    double efficiency;                /* arithmetic mean over correct cells */
    int nfast10, nfast15;             /* cells correct with speedup >= 1.0 / 1.5 */
} kc_bench_sum;

#define KC_BENCH_MAX_CELLS 1024

typedef struct kc_bench_table {
    char platform[16];
    int candidates;                   /* 1: speedups of kernels vs baseline; 0: baselines alone */
    size_t ncells;
    kc_bench_cell cells[KC_BENCH_MAX_CELLS];   /* registry order, then config */
    size_t ntasks;
    const kc_task *tasks[KC_BENCH_MAX_CELLS];
    kc_bench_sum task_sum[KC_BENCH_MAX_CELLS];
    kc_bench_sum level_sum[4];        /* index 1..3 */
    kc_bench_sum total;
} kc_bench_table;

/* Selection of cells and the seeds each cell needs. NULL selection = every
 * config 1..5 of every task that has a record (configs without records count as
 * missing); nseeds 0 = the seeds the file holds for the platform (per-seed
 * records; an agent record with seed_results is whole by itself). */
typedef struct kc_bench_select {
    size_t n;
    const kc_task *const *task;
    const int *config;
    size_t nseeds;
    const uint64_t *seeds;
} kc_bench_select;

/* Aggregates the records of one platform. The candidate of a cell is the kernel
 * hash of its last non-baseline record in file order; its baseline the hash of
 * the last baseline record. Records of other hashes, and of seeds outside the
 * expected set, are ignored. A cell missing an expected seed is a gap: not
 * correct, its status "gap k/n seeds". */
kc_status kc_bench_aggregate(const json_t *records, const char *platform, const kc_bench_select *sel,
                             kc_bench_table *t, kc_err *err);

/* Writes the per-cell table, the per-task summary with level subtotals, and
 * fast_p. */
void kc_bench_table_write(const kc_bench_table *t, FILE *out);

/* ---- merging shards ----------------------------------------------------- */

typedef struct kc_bench_merge_stats {
    size_t read;          /* valid records read */
    size_t written;       /* unique records written */
    size_t duplicates;    /* same key, same outcome: dropped */
    size_t conflicts;     /* same key, different correct/cycles: first kept */
    size_t bad_lines;     /* lines that were not a complete record */
} kc_bench_merge_stats;

/* Writes the union of the inputs to out (replaced whole, through a temporary file
 * renamed over it), first record per key wins. Refused while a sweep holds out's
 * lock (kc_bench_open_out). Conflicts are described in conflict_log when non-NULL. */
kc_status kc_bench_merge(const char *out, const char *const *in, size_t nin, FILE *conflict_log,
                         kc_bench_merge_stats *st, kc_err *err);

#endif
