/* kc_eval.h — the evaluation pipeline: (platform, task, config, seed, kernel
 * text) -> one result record.
 *
 *   instance (generate, quantize, fp64 reference) -> layout + sentinel image ->
 *   the platform's build step (kernel text -> program image) -> simulate on the
 *   RTL model -> check -> result (+ JSON record).
 *
 * Evaluations run in a kc_eval_ctx the caller opens (one per process, worker
 * or thread): it owns what is reused from one evaluation to the next (the DRAM
 * model; kc_eval.c says why not the model instance). Nothing is
 * process-global, so two contexts evaluate independently in one process.
 *
 * A kernel that fails is a RESULT, not an error: kc_eval_run returns KC_OK with
 * res->status telling why (assemble-error, trap, timeout, write-outside-outputs,
 * out-of-bounds, wrong).
 * Errors are for bad options, I/O and simulator failures only.
 */
#ifndef KC_EVAL_H
#define KC_EVAL_H

#include <stddef.h>
#include <stdint.h>

#include <jansson.h>

#include "kc_acc.h"
#include "kc_check.h"
#include "kc_dram.h"
#include "kc_err.h"
#include "kc_eval_status.h"
#include "kc_sim.h"


/* A simulator for kc_eval: kc_sim_run's contract (kc_sim.h). */
typedef kc_status (*kc_eval_sim_fn)(const kc_acc_ops *ops, void *handle, kc_dram *dram,
                                    const kc_image *img, const uint32_t *args, size_t nargs,
                                    const kc_sim_opts *opts, kc_sim_report *report, kc_err *err);

typedef struct kc_eval_opts {
    const char *platform;         /* a kc_platform name (--platform) */
    const char *task;             /* "softmax" */
    int config;                   /* 1..5 */
    uint64_t seed;
    uint64_t cycle_limit;         /* 0 = kc_eval_cycle_limit(the task's ideal cycles) */
    const kc_trace_opts *trace;   /* NULL = no waveform */
    const kc_dram_cfg *dram;      /* NULL = defaults */
    kc_sim_stalls *stalls;        /* NULL = none; else the per-instruction stall view (kc_sim.h) */
    const char *insn_trace;       /* NULL = none; else the instruction trace's path (kc_itrace.h) */
    /* NULL = kc_sim_run on the platform's C++ model, opened for the evaluation.
     * Else the run goes to this function instead, with a NULL handle, and no C++
     * model is opened: the SystemC platform (examples/systemc/kc_sc_eval.cpp)
     * runs the same RTL, built with verilator --sc, against the same DRAM model,
     * so everything before and after the run (instance, layout, build, check,
     * record) is this pipeline's. */
    kc_eval_sim_fn sim;
} kc_eval_opts;

typedef struct kc_eval_result {
    /* identity */
    char platform[16];
    char task[32];
    int config;
    uint64_t seed;
    char kernel_name[128];
    uint64_t kernel_hash;         /* FNV-1a 64 of the kernel text */

    kc_eval_status status;
    int correct;

    /* assembly */
    int assembled;
    char diagnostic[700];         /* assembler message "file:line:col: error: ..." */
    int diag_line, diag_col;
    size_t program_words;         /* instructions (bundles) of the program image */

    /* simulation (valid when assembled) */
    kc_sim_result sim;
    unsigned trap_cause;
    char trap_name[32];
    uint32_t trap_pc, trap_info;
    uint64_t cycles;
    uint64_t cycle_limit;         /* the limit the run had (given, or kc_eval_cycle_limit) */
    double ideal_cycles;
    double efficiency;            /* ideal / cycles, 0 when not correct */
    size_t ncounters;
    const char *const *counter_names;
    uint64_t counters[KC_MAX_COUNTERS];
    /* per issuing unit (vliw: per tile; nunits 0: none): kc_sim_report's */
    unsigned nunits;
    size_t nunit_counters;
    const char *const *unit_counter_names;
    uint64_t unit_counters[KC_MAX_UNITS][KC_MAX_UNIT_COUNTERS];
    uint64_t dram_read_bytes, dram_write_bytes;

    /* the task instance */
    double flops;                 /* vector + matrix work */
    double dram_bytes;            /* compulsory traffic */
    kc_layout layout;
    const char *tensor_names[KC_TASK_MAX_TENSORS];   /* static strings, ABI order */
    kc_check_result check;

    /* wall-clock seconds per phase */
    double t_setup, t_assemble, t_sim, t_check;
} kc_eval_result;

/* The cycle limit of an evaluation given none: KC_EVAL_LIMIT_FACTOR times the
 * (task, config)'s ideal cycles (kc_platform_ideal_of), at least
 * KC_EVAL_LIMIT_FLOOR. Why scaled: one flat limit is either too short for the
 * big configs' baselines (rvv: tens of M cycles at 1-3% efficiency) or lets a
 * hanging kernel at a small config run for minutes; scaled, a hang costs at
 * most FACTOR / (the baseline's cycles / ideal) times what the baseline itself
 * costs. FACTOR is a few times the worst baseline ratio cycles / ideal measured
 * on any platform (docs/tasks.md "Cycle limit" has the figures), so a
 * legitimately slow baseline does not time out; FLOOR covers the fixed costs the
 * ideal ignores (DRAM latency, set-up) at tiny configs. One definition: eval,
 * run, bench and the agent all pass 0 and get this. */
#define KC_EVAL_LIMIT_FACTOR 300.0
#define KC_EVAL_LIMIT_FLOOR 2000000ull
uint64_t kc_eval_cycle_limit(double ideal_cycles);

/* Seeds. The visible seed is the one an author develops against (kc eval's
 * default, the agent's run_eval); scoring (kc run, kc bench, the agent's final
 * record) uses the hidden seeds, never shown to an author, all different from it. */
#define KC_EVAL_VISIBLE_SEED 1u
#define KC_EVAL_NHIDDEN 3
extern const uint64_t kc_eval_hidden_seeds[KC_EVAL_NHIDDEN];

/* Fresh scoring seeds: the hidden seeds are fixed (reproducible tables) and
 * public, so a kernel could recognise their inputs. Fresh seeds are drawn from
 * the OS random source at scoring time: n distinct seeds in 1..2^48-1 (exact in
 * any JSON reader), none equal to `avoid` (the visible seed). Records carry
 * them, so a run can be replayed with explicit seeds. n <= KC_EVAL_MAX_SEEDS. */
#define KC_EVAL_MAX_SEEDS 64
kc_status kc_eval_fresh_seeds(uint64_t *out, size_t n, uint64_t avoid, kc_err *err);

/* The caller's evaluation context: open one per process / worker / thread,
 * pass it to every evaluation, close it at the end. Not shared between
 * threads at the same time. */
typedef struct kc_eval_ctx kc_eval_ctx;
kc_status kc_eval_ctx_open(kc_eval_ctx **out, kc_err *err);
void kc_eval_ctx_close(kc_eval_ctx *ctx);   /* NULL is fine */

/* Evaluates kernel_src. kernel_name labels the record and error positions. */
kc_status kc_eval_run(kc_eval_ctx *ctx, const kc_eval_opts *opts, const char *kernel_src,
                      const char *kernel_name, kc_eval_result *res, kc_err *err);

/* Generates the platform's baseline kernel for (task, config) and evaluates it. */
kc_status kc_eval_baseline(kc_eval_ctx *ctx, const kc_eval_opts *opts, kc_eval_result *res,
                           kc_err *err);

/* The region of check.oob_addr ("input x", "the gap between x and y", ...). */
const char *kc_eval_oob_where(const kc_eval_result *r, char *buf, size_t size);

/* FNV-1a 64 of a string. */
uint64_t kc_eval_hash(const char *text);

/* The record as one JSON object (new reference; NULL when out of memory). */
json_t *kc_eval_result_json(const kc_eval_result *res);

#endif
