/* npu.h — what the C side knows of the npu family beyond kc_acc.h.
 *
 * Every npu build (kc_add_accelerator(FAMILY npu ...) in verilated/CMakeLists.txt:
 * "npu", "npu_wide") is a kc_acc_ops table in the registry: kc_acc_find("npu").
 * Its model (verilated/npu_shim.cpp on kc_vl_model.h) owns one Verilated npu_top
 * and its own VerilatedContext, so several models live in one process; nothing
 * throws or ends the process (RTL $stop/$error/$fatal/$finish and Verilator's
 * fatal errors come back as KC_ERR_SIM). Sizes: kc_acc_ops.hw (every NPU_PARAM
 * row of isa/npu.def with the build's value); state: kc_acc_ops.arch_files.
 */
#ifndef NPU_H
#define NPU_H

#include <stddef.h>

#include "kc_image.h"
#include "kc_load.h"

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

/* The load-port writes (kc_load.h: imem_addr = word index, imem_wdata = word)
 * of program image `img` into an instruction memory whose first `prev_words`
 * words a previous program wrote: the program's words, then zeros over the rest
 * of the previous one (the memory is a RAM, not reset: a kernel that runs off
 * its end then traps on a zero word in a reused model as in a fresh one).
 * Writes the first min(n, cap) into out and returns n. */
size_t npu_load_writes(const kc_image *img, size_t prev_words, kc_load_write *out, size_t cap);

#ifdef __cplusplus
}
#endif

#endif
