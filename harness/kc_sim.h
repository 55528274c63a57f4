/* kc_sim.h — simulation control, written once for every accelerator:
 * load program and DRAM image, clock to halt / trap / cycle limit, collect cycles
 * and counters, optional waveform window. */
#ifndef KC_SIM_H
#define KC_SIM_H

#include <stddef.h>
#include <stdint.h>

#include "kc_acc.h"
#include "kc_dram.h"
#include "kc_err.h"

#ifdef __cplusplus
extern "C" {  /* also used from the C++ shims and SystemC wrappers */
#endif

typedef enum kc_sim_result {
    KC_SIM_HALTED = 0,  /* clean halt */
    KC_SIM_TRAPPED,     /* trap: see status */
    KC_SIM_TIMEOUT,     /* cycle limit reached */
    KC_SIM_ERROR        /* simulator failure ($stop/$error/exception); err set */
} kc_sim_result;

#define KC_MAX_COUNTERS 32
#define KC_MAX_UNITS 16           /* issuing units a report keeps counters of */
#define KC_MAX_UNIT_COUNTERS 8

/* Per-instruction stall view (profiling). After every edge at which a counter
 * named "stall_*" grew, that cycle is charged to the instruction at the core's pc
 * (the one waiting to issue) under that counter: which instruction waited, on
 * what, how long. Sampled through the model's counters and architectural pc
 * (kc_acc_ops.counters / .arch_pc), so it needs no RTL support and costs nothing
 * when not requested. A model with several issuing units and per-unit counters
 * (kc_acc_ops.unit_counters / .unit_pc: vliw's tiles) is sampled the same way
 * per unit: each unit's stalls at its own pc. */
typedef struct kc_sim_stall {
    uint64_t cycles;     /* cycles the instruction waited for this reason */
    uint64_t waits;      /* separate waits (runs of consecutive cycles) */
    uint64_t longest;    /* the longest wait */
} kc_sim_stall;
typedef struct kc_sim_stall_range {   /* one executable segment's pcs */
    uint64_t pc0;        /* its first pc */
    size_t first, n;     /* its slots: [first, first + n) */
} kc_sim_stall_range;
typedef struct kc_sim_stalls {
    size_t nwords;       /* instruction slots per unit, over the ranges (kc_sim_stalls_pc) */
    uint64_t pc0;        /* the lowest pc of the program's text (npu 0; rvv the ITCM base) */
    uint64_t pc_step;    /* pcs per instruction (npu 1; rvv 4: byte pcs) */
    size_t nranges;      /* the image's executable segments, by pc (vliw: the SPMD program */
    kc_sim_stall_range *ranges;   /* and each tile's own, (tile + 1) << 24 on) */
    unsigned nunits;     /* 1, or the model's units when it counts per unit */
    size_t ncounters;    /* counters per pc (the model's counter order) */
    kc_sim_stall *cells; /* [(unit * nwords + slot) * ncounters + counter]; kc_sim_run allocates */
    uint64_t elsewhere;  /* stalled cycles at a pc outside the program */
} kc_sim_stalls;
void kc_sim_stalls_free(kc_sim_stalls *s);
/* The pc of slot `slot` (0 .. nwords - 1). */
uint64_t kc_sim_stalls_pc(const kc_sim_stalls *s, size_t slot);

/* One instruction (bundle) issued by one unit at the edge ending `cycle` (cycle c
 * is VCD time 10c .. 10c+5, kc_acc_ops.trace_open), as kc_acc_ops.retire /
 * .retire_unit name it; `counters` are the model's counters after that edge. */
typedef struct kc_sim_issue {
    uint64_t cycle;
    unsigned unit;               /* 0 for a single-unit model; vliw: the tile */
    uint64_t pc;                 /* as the unit counts it (vliw: the tile's own bundle address) */
    uint32_t insn;               /* its first word */
    const uint64_t *counters;    /* kc_sim_report.ncounters entries */
} kc_sim_issue;
typedef void (*kc_sim_issue_fn)(void *ctx, const kc_sim_issue *is);

typedef struct kc_sim_opts {
    uint64_t cycle_limit;        /* 0 = KC_SIM_DEFAULT_CYCLE_LIMIT */
    const kc_trace_opts *trace;  /* NULL = no waveform */
    kc_sim_stalls *stalls;       /* NULL = no stall view; else filled (needs ops->arch_pc) */
    /* Instruction trace: called for every issued instruction, in unit order within
     * an edge (needs ops->retire or ->retire_unit); NULL = none, and no cost. */
    kc_sim_issue_fn on_issue;
    void *issue_ctx;
} kc_sim_opts;

#define KC_SIM_DEFAULT_CYCLE_LIMIT 50000000ull

typedef struct kc_sim_report {
    kc_sim_result result;
    uint64_t cycles;
    kc_core_status status;
    size_t ncounters;
    uint64_t counters[KC_MAX_COUNTERS];
    const char *const *counter_names;
    uint64_t dram_read_bytes;    /* measured by the DRAM model */
    uint64_t dram_write_bytes;
    /* per issuing unit (kc_acc_ops.unit_counters; nunits 0: the model has none) */
    unsigned nunits;
    size_t nunit_counters;
    const char *const *unit_counter_names;
    uint64_t unit_counters[KC_MAX_UNITS][KC_MAX_UNIT_COUNTERS];
} kc_sim_report;

/* Runs one program on an open model against `dram` (already holding the input
 * image). Returns KC_OK when the run completed with any of halted / trapped /
 * timeout (see report->result); an error status only when the simulator itself
 * failed or the arguments are bad. */
kc_status kc_sim_run(const kc_acc_ops *ops, void *handle, kc_dram *dram,
                     const kc_image *img,
                     const uint32_t *args, size_t nargs,
                     const kc_sim_opts *opts, kc_sim_report *report, kc_err *err);

/* kc_sim_run for a program of 32-bit words at address 0 (kc_image_from_words):
 * the npu's image, for tests and probes that hold raw words. */
kc_status kc_sim_run_words(const kc_acc_ops *ops, void *handle, kc_dram *dram,
                           const uint32_t *words, size_t nwords,
                           const uint32_t *args, size_t nargs,
                           const kc_sim_opts *opts, kc_sim_report *report, kc_err *err);

const char *kc_sim_result_name(kc_sim_result r);

#ifdef __cplusplus
}
#endif

#endif
