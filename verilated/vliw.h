/* vliw.h — what the C side knows of the vliw family beyond kc_acc.h.
 *
 * Every vliw build (kc_add_accelerator(FAMILY vliw ...) in verilated/CMakeLists.txt:
 * "vliw" 2x2, "vliw_small" 1x2) is a kc_acc_ops table in the registry. Its model
 * (verilated/vliw_shim.cpp on kc_vl_model.h) owns one Verilated vliw_top: ROWS x
 * COLS tiles, each a 7-slot VLIW core with its program memory, banked data memory,
 * locks and DMA, on the kc_bus DRAM (rtl/vliw/vliw_top_ports.md). Sizes:
 * kc_acc_ops.hw; state: kc_acc_ops.arch_files ("t0.r", ..., "t0.dm" per tile, as the
 * ISS's); one issuing unit per tile (kc_acc_ops.nunits, retire_unit).
 *
 * Trap causes (trap_cause port) are the ISS's codes (isa/vliw_iss.h, one table):
 * 1 illegal, 2 pm-fetch, 3 dm-access, 4 misaligned, 5 write-conflict,
 * 6 lock-overflow, 7 dma-fault, 8 bd-invalid. trap_info = tile << 24 | slot << 20 |
 * detail (slot 7 + channel for a DMA trap).
 */
#ifndef VLIW_H
#define VLIW_H

#include <stddef.h>
#include <stdint.h>

#include "kc_image.h"
#include "kc_load.h"

#ifdef __cplusplus
extern "C" {
#endif

#include "vliw_iss.h"   /* vliw_iss_params; no C++ guard of its own */

/* "write-conflict", ... ("unknown" for codes the table does not know). */
const char *vliw_cause_name(unsigned cause);

/* One line for a report: "write-conflict on tile 1 at bundle 12, slot MAC (detail
 * 0x00043)"; returns buf (truncated to size). */
const char *vliw_trap_describe(unsigned cause, uint32_t pc, uint32_t info, char *buf, size_t size);

/* The load-port writes (kc_load.h: ld_addr = tile select << 24 | bundle * 7 +
 * slot, select 0 = every tile, t + 1 = tile t; ld_wdata = the slot word) of a
 * checked image on a build of h->rows x h->cols tiles (at most 8) whose program
 * memories a previous program wrote up to bundle prev_hi[t] (all zero for a
 * fresh model): every bundle of each tile's program and nop over the rest of
 * the previous one, a bundle all tiles share written once with select 0. Writes
 * the first min(n, cap) into out and returns n; hi[t] = the bundles tile t's
 * program takes (the next load's prev_hi). */
/* The per-tile counters a model keeps from the per-tile ports (the RTL sums them
 * over the tiles in its perf counters): bundles issued, stalls on a lock, on a
 * DMA wait, on a bank conflict (the order of kc_acc_ops.unit_counter_names).
 * Called once per edge with the ports as they stand before it (issue_valid bit
 * t, stall_ev bits 3t..3t+2) while the core runs: the RTL counters' condition. */
#define VLIW_NUNIT_COUNTERS 4
void vliw_unit_count(unsigned ntiles, uint32_t issue_valid, uint32_t stall_ev,
                     uint64_t (*cnt)[VLIW_NUNIT_COUNTERS]);

size_t vliw_load_writes(const vliw_iss_params *h, const kc_image *img, const uint32_t *prev_hi, uint32_t *hi,
                        kc_load_write *out, size_t cap);

#ifdef __cplusplus
}
#endif

#endif
