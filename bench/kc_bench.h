/* kc_bench.h — benchmark result records: keys, validating and loading JSONL
 * result files, appending under a lock, and merging shard files. The scores
 * computed from records are kc_score.h; docs/scoring.md defines every field.
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

/* The same key from its fields (a job not yet run, to look it up among the
 * records): the one format both share. */
int kc_bench_key_of(const char *platform, const char *task, int config, uint64_t seed, const char *hash,
                    int baseline, char *buf, size_t size);

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

/* Writes "kc: N lines of PATH are not valid records (skipped; NOTE):" and the
 * lines described in bad as "kc:   PATH:7: why" to out; nothing when none were
 * skipped. */
void kc_bench_write_invalid(const kc_bench_invalid *bad, const char *path, const char *note, FILE *out);

/* Appends one record as one whole line with a single write() on an O_APPEND fd
 * (concurrent appenders never interleave; a crash leaves no partial line except
 * when the process dies inside write itself). */
kc_status kc_bench_append(int fd, const json_t *rec, kc_err *err);

/* The statuses of a (platform, task, config) the platform's compiler emits no
 * baseline for: "no-baseline" (a task its template compiler does not serve
 * yet) or "does-not-fit" (it has one, but the program or data exceeds the
 * build's memories: the compiler's KC_ERR_RANGE, e.g. a tile's program longer
 * than its PM). Either way a record per seed, never correct, no cycles,
 * "reason" saying why. Not an error of the sweep: the cell is scored as not
 * correct and counted apart in the summary (kc_score_sum.nnobase). */
#define KC_BENCH_NO_BASELINE "no-baseline"
#define KC_BENCH_DOES_NOT_FIT "does-not-fit"

/* Which of the two a baseline that failed with code records. */
const char *kc_bench_no_baseline_status(kc_status code);

/* 1 when status (may be NULL) is one of the two. */
int kc_bench_is_no_baseline(const char *status);

/* Completes rec (a job's identity, as kc_bench_mark_lost takes it) as such a
 * record: status (one of the two), not correct, "reason". */
void kc_bench_mark_no_baseline(json_t *rec, const char *status, const char *reason);

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

/* Cycles of a record: the mean over its "seed_results" when it has them (an
 * agent record), else its "cycles". */
double kc_bench_cycles(const json_t *rec);

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
