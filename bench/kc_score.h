/* kc_score.h — the scores of a set of result records (kc_bench.h), as the
 * KernelCraft paper reports them and more: per (task, config) correct, cycles,
 * efficiency and speedup over the baseline; per task x/5; per-level subtotals;
 * fast_p; and the table that shows them. docs/scoring.md defines every number.
 * Nothing here prints except into the FILE * a caller hands it.
 */
#ifndef KC_SCORE_H
#define KC_SCORE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <jansson.h>

#include "kc_err.h"
#include "kc_task.h"

typedef struct kc_score_cell {        /* one (task, config) */
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
    const json_t *rec;                /* the first candidate record folded in (borrowed from the
                                         records array: kernel name, agent fields), or NULL */
} kc_score_cell;

typedef struct kc_score_sum {         /* a task, a level, or everything */
    int ncells, ncorrect;
    double mean_cycles;               /* arithmetic mean over correct cells */
    double speedup;                   /* geometric mean over cells with a speedup */
    double efficiency;                /* arithmetic mean over correct cells */
    int nfast10, nfast15;             /* cells correct with speedup >= 1.0 / 1.5 */
    int nnobase;                      /* cells of status "no-baseline" or "does-not-fit" (kc_bench.h) */
} kc_score_sum;

#define KC_SCORE_MAX_CELLS 1024

typedef struct kc_score_table {
    char platform[16];
    int candidates;                   /* 1: speedups of kernels vs baseline; 0: baselines alone */
    size_t ncells;
    kc_score_cell cells[KC_SCORE_MAX_CELLS];   /* registry order, then config */
    size_t ntasks;
    const kc_task *tasks[KC_SCORE_MAX_CELLS];
    kc_score_sum task_sum[KC_SCORE_MAX_CELLS];
    kc_score_sum level_sum[4];        /* index 1..3 */
    kc_score_sum total;
} kc_score_table;

/* Selection of cells and the seeds each cell needs. NULL selection = every
 * config 1..5 of every task that has a record (configs without records count as
 * missing); nseeds 0 = the seeds the file holds for the platform (per-seed
 * records; an agent record with seed_results is whole by itself). */
typedef struct kc_score_select {
    size_t n;
    const kc_task *const *task;
    const int *config;
    size_t nseeds;
    const uint64_t *seeds;
} kc_score_select;

/* Aggregates the records of one platform. The candidate of a cell is the kernel
 * hash of its last non-baseline record in file order; its baseline the hash of
 * the last baseline record. Records of other hashes, and of seeds outside the
 * expected set, are ignored. A cell missing an expected seed is a gap: not
 * correct, its status "gap k/n seeds". */
kc_status kc_score_aggregate(const json_t *records, const char *platform, const kc_score_select *sel,
                             kc_score_table *t, kc_err *err);

/* Writes the per-cell table, the per-task summary with level subtotals, and
 * fast_p; then, when there are any, the cells without a baseline per task. */
void kc_score_write(const kc_score_table *t, FILE *out);

#endif
