/* kc_acc.h — the common face of every accelerator model, looked up by name.
 *
 * Each accelerator has one narrow C header in verilated/ (e.g. verilated/npu.h)
 * whose functions fill a kc_acc_ops table; no Verilator type crosses it. The
 * simulation loop (kc_sim.c) is written once against this table.
 */
#ifndef KC_ACC_H
#define KC_ACC_H

#include <stddef.h>
#include <stdint.h>

#include "kc_arch.h"
#include "kc_bus.h"
#include "kc_err.h"
#include "kc_hw.h"
#include "kc_image.h"

#ifdef __cplusplus
extern "C" {  /* also used from the C++ shims and SystemC wrappers */
#endif

/* Why the core stopped (or has not). */
typedef enum kc_core_state {
    KC_CORE_RUNNING = 0,
    KC_CORE_HALTED,   /* executed halt and drained */
    KC_CORE_TRAPPED   /* trap: see cause, pc, info */
} kc_core_state;

typedef struct kc_core_status {
    kc_core_state state;
    unsigned cause;        /* accelerator-specific trap cause code (0 when not trapped) */
    const char *cause_name;/* e.g. "illegal-instruction", static string */
    uint32_t pc;           /* pc of the trapping instruction */
    uint32_t info;         /* cause-specific detail: faulting address, row, word */
} kc_core_status;

/* A trace request: VCD, or FST when the path ends in ".fst", written to `path`
 * only for cycles in [start, end) (end 0 = no end), with `depth` levels of
 * hierarchy (0 = all). */
typedef struct kc_trace_opts {
    const char *path;
    uint64_t start;
    uint64_t end;
    int depth;
} kc_trace_opts;

typedef struct kc_acc_ops {
    const char *name;        /* "npu" */
    unsigned beat_bytes;     /* width of the kc_bus port */
    unsigned ncounters;
    const char *const *counter_names; /* ncounters entries, e.g. "vector_busy" */

    /* Creates a model instance with its own VerilatedContext. */
    kc_status (*open)(void **handle, kc_err *err);
    void (*close)(void *handle);

    /* Loads the program image (segments into the model's memories; a segment
     * that fits none is KC_ERR_RANGE), resets the core to the image's entry
     * (args = initial argument registers, dram_bytes = DRAM size the core
     * range-checks against). Leaves the model just out of reset at cycle 0. */
    kc_status (*reset)(void *handle, const kc_image *img,
                       const uint32_t *args, size_t nargs, uint32_t dram_bytes, kc_err *err);

    /* The model's memory-port outputs as of now (after the last edge). */
    void (*bus_out)(void *handle, kc_bus_req *req);

    /* One rising clock edge with the given memory-port inputs. Returns
     * KC_ERR_SIM when the model hit $stop/$error or threw. */
    kc_status (*clock)(void *handle, const kc_bus_resp *in, kc_err *err);

    void (*status)(void *handle, kc_core_status *st);

    /* Copies min(n, ncounters) counters into vals. */
    void (*counters)(void *handle, uint64_t *vals, size_t n);

    /* Waveform control: open the trace file (depth fixed at open), then switch
     * dumping on and off at run time. trace_close flushes. Every model stamps
     * cycle c (0 = first clock after reset) at time 10c (clock low, that
     * cycle's inputs applied) and 10c+5 (after its rising edge), 1 ns units, so
     * tools can map trace time to cycles as floor(t / 10) (kc_wave.h). A path
     * ending in ".fst" writes FST, anything else VCD. A reset closes an open
     * trace (a trace belongs to one run). */
    kc_status (*trace_open)(void *handle, const char *path, int depth, kc_err *err);
    void (*trace_enable)(void *handle, int on);
    kc_status (*trace_close)(void *handle, kc_err *err);   /* KC_ERR_IO: a write failed (disk full) */

    /* Co-simulation (optional: NULL in models without it): returns 1 when an
     * instruction issued at the last edge and names it. */
    int (*retire)(void *handle, uint32_t *pc, uint32_t *insn);

    /* The build: its parameters (kc_hw.h) and its architectural state as files
     * (kc_arch.h) — what co-simulation, traces and documents read. */
    const kc_hw *hw;
    const kc_arch_file *arch_files;
    size_t narch_files;
    /* The pc of the next instruction to issue, as after the last edge. */
    uint64_t (*arch_pc)(void *handle);
    /* Copies elements [first, first + n) of file `file` into buf (n * bytes);
     * returns 0, or -1 when the file or range does not exist. */
    int (*arch_read)(void *handle, unsigned file, uint32_t first, uint32_t n, void *buf);
    /* 1 when arch_pc is a pipeline's issue-stage pc, ahead of retirement (rvv:
     * instructions between decode and write-back have issued but not retired).
     * Co-simulation then follows control flow through the retire stream alone
     * (every retired pc is compared with the reference's) and does not compare
     * arch_pc with the reference's next pc. 0: they coincide (npu). */
    int pc_ahead;
    /* Several issuing units (vliw: one core per tile, any number issuing per
     * edge; co-simulation steps the reference once per unit that issued, in unit
     * order): their number and, for unit u, 1 when it issued at the last edge
     * with its pc and first word. 0 / NULL: one unit, reported by `retire`. */
    unsigned nunits;
    int (*retire_unit)(void *handle, unsigned unit, uint32_t *pc, uint32_t *insn);
    /* Several issuing units, per unit (profiling): unit u's own counts of the
     * counters named unit_counter_names[0..nunit_counters) (names of
     * counter_names: summed over the units they are those counters), as after
     * the last edge; and unit_pc(u), the pc (as kc_image numbers it) of the
     * instruction unit u presents, the one it waits at when it stalls. 0 / NULL:
     * none (the stall view charges core 0's arch_pc). */
    unsigned nunit_counters;
    const char *const *unit_counter_names;
    void (*unit_counters)(void *handle, unsigned unit, uint64_t *vals, size_t n);
    uint64_t (*unit_pc)(void *handle, unsigned unit);
} kc_acc_ops;

/* Registry: the ops for "npu" (later "rvv", "vliw"), or NULL. */
const kc_acc_ops *kc_acc_find(const char *name);

/* NULL-terminated list of all registered accelerators. */
const kc_acc_ops *const *kc_acc_all(void);

#ifdef __cplusplus
}
#endif

#endif
