/* rvv.h — what the C side knows of the rvv family beyond kc_acc.h.
 *
 * Every rvv build (kc_add_accelerator(FAMILY rvv ...) in verilated/CMakeLists.txt:
 * "rvv", "rvv_wide") is a kc_acc_ops table in the registry: kc_acc_find("rvv").
 * Its model (verilated/rvv_shim.cpp on kc_vl_model.h) owns one Verilated rvv_top:
 * an RV32IMF + Zve32f core with ITCM, DTCM and a vector unit on the kc_bus DRAM.
 * Sizes: kc_acc_ops.hw (VLEN, LANES, ITCM_BYTES, ...); state: kc_acc_ops.arch_files
 * ("x", "f", "v", "csr", "dtcm"). The memory map, and the argument words past a7
 * that the model's reset writes to the DTCM (RVV_NARGS, rvv_hw_xarg_addr): isa/rvv_hw.h.
 */
#ifndef RVV_H
#define RVV_H

#include <stddef.h>
#include <stdint.h>

#include "kc_err.h"
#include "kc_image.h"
#include "kc_load.h"

#ifdef __cplusplus
extern "C" {
#endif

#include "rvv_hw.h"   /* no C++ guard of its own */

/* Trap causes (trap_cause port): the RISC-V mcause numbers, 0 = none. ecall is
 * a halt, not a trap. */
enum rvv_trap_cause {
    RVV_TRAP_NONE = 0,
    RVV_TRAP_FETCH_ACCESS = 1,      /* info = the fetch address */
    RVV_TRAP_ILLEGAL = 2,           /* info = the instruction word */
    RVV_TRAP_BREAKPOINT = 3,        /* ebreak; info = the instruction word */
    RVV_TRAP_LOAD_MISALIGNED = 4,   /* info = the address */
    RVV_TRAP_LOAD_ACCESS = 5,       /* info = the address */
    RVV_TRAP_STORE_MISALIGNED = 6,  /* info = the address */
    RVV_TRAP_STORE_ACCESS = 7       /* info = the address */
};

/* "illegal-instruction", ... ("unknown" for codes the table does not know). */
const char *rvv_cause_name(unsigned cause);

/* What `info` holds for the cause: "instruction word", "address" ("" for none/unknown). */
const char *rvv_cause_info(unsigned cause);

/* One line for a report: "illegal-instruction at pc 0x00100010 (instruction word
 * 0x0000007f)"; returns buf (truncated to size). The instruction word lets a
 * caller with a disassembler name the instruction. */
const char *rvv_trap_describe(unsigned cause, uint32_t pc, uint32_t info, char *buf, size_t size);

/* Refuses (KC_ERR_RANGE, messages naming `acc`) an image or argument count the
 * build `h` cannot load: a segment outside the ITCM and the DTCM, text outside
 * the ITCM, an entry that is not an ITCM word, more than RVV_NARGS arguments. */
kc_status rvv_image_check(const rvv_hw *h, const char *acc, const kc_image *img, size_t nargs, kc_err *err);

/* The load-port writes (kc_load.h: ld_addr = byte address of a word, ld_wdata =
 * the word) of a checked image: the ITCM's words up to the text's end or to
 * `prev_itcm_words` (a previous, longer program: zeroed, so running off the end
 * traps on the zero word), then every DTCM word that differs from `dtcm_now`
 * (the DTCM's bytes as the model holds them; NULL = unknown: every word), the
 * DTCM to hold the data segments, the argument words past a7
 * (rvv_hw_xarg_addr) and zeros elsewhere. itcm and dtcm are scratch of
 * h->itcm_bytes and h->dtcm_bytes. Writes the first min(n, cap) into out,
 * returns n; *itcm_words = the ITCM words the program takes. */
size_t rvv_load_writes(const rvv_hw *h, const kc_image *img, const uint32_t *args, size_t nargs,
                       size_t prev_itcm_words, const uint8_t *dtcm_now, uint8_t *itcm, uint8_t *dtcm,
                       kc_load_write *out, size_t cap, size_t *itcm_words);

#ifdef __cplusplus
}
#endif

#endif
