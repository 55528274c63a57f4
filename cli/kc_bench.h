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
#include "kc_task.h"

/* The identity of a record: "platform|task|c<config>|<seed>|<kernel_hash>|<role>",
 * role "baseline" or "kernel" (so a submitted kernel whose text equals the
 * baseline still has records of its own). Returns 0, or -1 when the record lacks
 * one of the fields. */
int kc_bench_key(const json_t *rec, char *buf, size_t size);

/* Is the record a baseline evaluation (source "baseline", or a kernel named
 * "baseline-...")? */
int kc_bench_is_baseline(const json_t *rec);

/* Reads a JSONL results file into a new array (missing file = empty array).
 * Lines that are not one complete JSON object with a key (a torn last line, say)
 * are skipped and counted in *bad (may be NULL). */
kc_status kc_bench_load(const char *path, json_t **records, size_t *bad, kc_err *err);

/* Appends one record as one whole line with a single write() on an O_APPEND fd
 * (concurrent appenders never interleave; a crash leaves no partial line except
 * when the process dies inside write itself). */
kc_status kc_bench_append(int fd, const json_t *rec, kc_err *err);

/* Opens (creates) a results file for appending; if the file ends in a torn line
 * it is terminated first so the next record starts on a line of its own. */
kc_status kc_bench_open_out(const char *path, int *fd, kc_err *err);

/* ---- aggregation -------------------------------------------------------- */

typedef struct kc_bench_cell {        /* one (task, config) */
    const kc_task *task;
    int config;
    int have_kernel;                  /* candidate records exist */
    int have_base;                    /* baseline records exist */
    int nseeds;                       /* candidate seeds seen */
    int correct;                      /* candidate correct on every seed seen */
    char status[24];                  /* first failing status, or "correct" */
    double max_abs, max_rel;          /* worst over seeds */
    double cycles;                    /* mean over seeds (0 when none ran) */
    double ideal;                     /* ideal cycles (mean over seeds) */
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

/* Selection of cells: NULL = every (task, config) that has a record. */
typedef struct kc_bench_select {
    size_t n;
    const kc_task *const *task;
    const int *config;
} kc_bench_select;

/* Aggregates the records of one platform. The candidate of a cell is the kernel
 * hash of its last non-baseline record in file order; its baseline the hash of
 * the last baseline record. Records of other hashes are ignored. */
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

/* Writes the union of the inputs to out (truncated), first record per key wins.
 * Conflicts are described in conflict_log when it is non-NULL. */
kc_status kc_bench_merge(const char *out, const char *const *in, size_t nin, FILE *conflict_log,
                         kc_bench_merge_stats *st, kc_err *err);

#endif
