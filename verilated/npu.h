/* npu.h — the narrow C face of the Verilated npu (verilated/npu_shim.cpp).
 *
 * An opaque handle owns one Verilated npu_top and its own VerilatedContext, so
 * several models can live in one process. No Verilator type crosses this header.
 * Nothing here throws or ends the process: RTL $stop/$error/$fatal/$finish and
 * Verilator's own fatal errors come back as KC_ERR_SIM with a message.
 *
 * Most callers use the table npu_acc_ops through kc_acc_find("npu") and the
 * simulation loop of kc_sim.h; the typed functions are the same operations for
 * callers that drive the model themselves (a SystemC wrapper, tests).
 *
 * Cycle and waveform conventions: npu_clock() is one full clock cycle (clock low
 * with this cycle's inputs, then the rising edge). Cycle c after reset (c = 0 for
 * the first npu_clock call) is dumped at VCD time 10c (clock low, inputs applied)
 * and 10c+5 (after the edge), timescale 1 ns: a 10 ns clock in GTKWave.
 */
#ifndef NPU_H
#define NPU_H

#include <stddef.h>
#include <stdint.h>

#include "kc_acc.h"
#include "kc_bus.h"
#include "kc_err.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Trap causes (trap_cause port, rtl/npu/npu_top_ports.md). */
enum npu_trap_cause {
    NPU_TRAP_NONE = 0,
    NPU_TRAP_ILLEGAL = 1,        /* info = the instruction word */
    NPU_TRAP_PC_RANGE = 2,       /* info = pc */
    NPU_TRAP_VSRAM_RANGE = 3,    /* info = row */
    NPU_TRAP_DRAM_RANGE = 4,     /* info = byte address */
    NPU_TRAP_DRAM_MISALIGNED = 5,/* info = address or stride */
    NPU_TRAP_BAD_CONFIG = 6,     /* info = value */
    NPU_TRAP_LOOP = 7            /* info = pc */
};

/* "illegal-instruction", ... ("unknown" for codes the table does not know). */
const char *npu_cause_name(unsigned cause);

typedef struct npu_model npu_model;

kc_status npu_open(npu_model **out, kc_err *err);
void npu_close(npu_model *m);

/* Holds reset, writes the program (at most IMEM_WORDS words) through the
 * instruction-memory port, sets a0..a15 from args (nargs <= 16, the rest 0) and the
 * DRAM size, releases reset. The model is then at cycle 0, about to fetch pc 0.
 * Also recovers a model stopped by a Verilator fatal error (it is rebuilt). */
kc_status npu_reset(npu_model *m, const uint32_t *program, size_t nwords, const uint32_t *args,
                    size_t nargs, uint32_t dram_bytes, kc_err *err);

void npu_bus_out(npu_model *m, kc_bus_req *req);
kc_status npu_clock(npu_model *m, const kc_bus_resp *in, kc_err *err);
void npu_status(npu_model *m, kc_core_status *st);
void npu_counters(npu_model *m, uint64_t *vals, size_t n);

/* VCD only (a path ending in .fst is refused: this build has no FST writer).
 * depth = levels of hierarchy below the top (0 = all). */
kc_status npu_trace_open(npu_model *m, const char *path, int depth, kc_err *err);
void npu_trace_enable(npu_model *m, int on);
kc_status npu_trace_close(npu_model *m, kc_err *err);   /* KC_ERR_IO: the trace could not be written */

/* Cycles clocked since the last reset. */
uint64_t npu_cycle(const npu_model *m);

/* Co-simulation (kc_acc.h): architectural registers after the last edge; the
 * instruction that issued at the last edge (returns 0 when none did); rows
 * [row, row + n) of an on-chip memory as VLEN little-endian bf16 lanes per row
 * (returns the bytes per row, 0 when the memory or the rows do not exist). */
enum npu_mem { NPU_MEM_VSRAM = 0, NPU_MEM_MSRAM = 1 };
void npu_arch(npu_model *m, kc_arch_state *st);
int npu_retire(npu_model *m, uint32_t *pc, uint32_t *insn);
size_t npu_arch_mem(npu_model *m, unsigned mem, uint32_t row, uint32_t n, void *buf);

/* The ops table registered under "npu" (beat_bytes = VLEN*2, counters in the
 * order of the perf port). */
extern const kc_acc_ops npu_acc_ops;

#ifdef __cplusplus
}
#endif

#endif
