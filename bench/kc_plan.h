/* kc_plan.h — the job list of a sweep (kc bench / kc run): every (task, config,
 * kernel, seed) of a selection in one stable order (registry order, config,
 * baseline before the candidate kernel, seed), the slice one shard runs minus
 * what the results file already holds, and the cells and seeds the sweep's table
 * covers. Shards of one selection therefore split the same list.
 */
#ifndef KC_PLAN_H
#define KC_PLAN_H

#include <stddef.h>
#include <stdint.h>

#include <jansson.h>

#include "kc_err.h"
#include "kc_platform.h"
#include "kc_score.h"
#include "kc_sweep.h"
#include "kc_task.h"

typedef struct kc_plan {
    kc_sweep_job *jobs;      /* the whole list */
    size_t n, cap;
    char **texts;            /* kernel texts the jobs point to (owned) */
    size_t ntexts;
} kc_plan;

/* A candidate kernel that is not in the directory (why NULL) or cannot be read
 * as text (why says: a NUL byte, not a regular file, too large): the cell is
 * scored as not correct, the sweep goes on. */
typedef void (*kc_plan_note_fn)(void *ctx, const kc_task *task, int config, const kc_err *why);

typedef struct kc_plan_opts {
    const kc_platform *platform;
    const kc_task *const *tasks;  /* the (task, config) pairs of the selection */
    const int *configs;
    size_t npairs;
    const uint64_t *seeds;        /* every pair runs on every seed */
    size_t nseeds;
    const char *kernels_dir;      /* NULL: the baselines alone; else DIR/<task>_c<config>.s
                                     or DIR/<task>/c<config>.s against the baseline */
    kc_plan_note_fn note;         /* may be NULL */
    void *ctx;
} kc_plan_opts;

/* Builds the list (the platform's baseline of every pair, then the kernel found
 * in the directory). A pair whose baseline the platform cannot emit (not served
 * yet, does not fit) gets jobs all the same, marked no_baseline with the
 * compiler's message (kc_sweep.h): the sweep records them as "no-baseline" or,
 * when the compiler says it does not fit (KC_ERR_RANGE), "does-not-fit".
 * Errors: out of memory. Free with kc_plan_free either way. */
kc_status kc_plan_build(kc_plan *pl, const kc_plan_opts *o, kc_err *err);

/* The jobs of shard i of n (index mod n == i) that records (an array, as
 * kc_bench_load reads it) does not hold yet, into todo (room for pl->n). Returns
 * how many; *nshard gets the shard's jobs, recorded or not. */
size_t kc_plan_todo(const kc_plan *pl, const char *platform, unsigned shard_i, unsigned shard_n,
                    const json_t *records, kc_sweep_job *todo, size_t *nshard);

/* The table's selection: the cells of shard i of n, and the seeds every cell
 * needs (those of the whole list). Arrays owned by sel; kc_plan_select_free. */
kc_status kc_plan_select(const kc_plan *pl, unsigned shard_i, unsigned shard_n, kc_score_select *sel,
                         kc_err *err);
void kc_plan_select_free(kc_score_select *sel);

void kc_plan_free(kc_plan *pl);

#endif
