/* rvv_qemu.h — QEMU user mode as the rvv reference model (kc_ref_ops).
 *
 * Each reset starts `qemu-riscv32 -cpu rv32,v=true,vlen=VLEN,elen=32,vext_spec=v1.0`
 * on an ELF made from the image (its executable segments, plus a one-word
 * helper page holding an `ecall`) and drives it through the gdbstub
 * (isa/rvv_rsp.h). Before the program runs, the guest is made to execute two
 * mmap syscalls at the helper ecall (DTCM and the DRAM window, anonymous and
 * fixed), the image's data segments and the DRAM contents are written with M
 * packets, and the registers are set as the RTL's reset does (a0..a7 = args,
 * sp = DTCM top, every other x register 0, pc = entry).
 *
 * State files (the names and numbering the RTL model uses; co-simulation
 * matches them by name): x (32 x 4, x0 zero), f (32 x 4), v (32 x VLEN/8),
 * csr (vl, vtype, vstart, fcsr), dtcm (DTCM_BYTES x 1 byte, memory). DRAM is the
 * kc_dram the caller attaches; it is read back from the guest when the run ends.
 *
 * Stepping: one gdbstub single-step per instruction. x and pc are read after
 * every step that can write x or jump (writes found by difference, visible at
 * retire: due 0; the others leave pc + 4); f[rd] and
 * the CSRs are read when the instruction's encoding can write them. Writes with
 * no fixed time on the RTL are reported as KC_REF_DUE_END and compared at the
 * end: the vector registers (every vector instruction but vset*), fcsr (every fp
 * or fcsr-touching instruction: the vector unit ORs its flags in later), and the
 * DTCM/DRAM bytes a store writes. A cycle/time/instret read is a
 * KC_REF_W_TIMING write. vl and vtype are compared at the end only (reported in
 * flight from the first step on): the RTL's CSRs are written in its execute
 * stage, before the vset* retires. `ecall` halts without being executed (the exit); `ebreak`, SIGILL,
 * SIGSEGV and SIGBUS become the RISC-V trap causes.
 */
#ifndef RVV_QEMU_H
#define RVV_QEMU_H

#include <stdint.h>

#include "kc_ref.h"

#define RVV_QEMU_ITCM_BASE 0x00100000u
#define RVV_QEMU_DTCM_BASE 0x00200000u
#define RVV_QEMU_DRAM_BASE 0x80000000u
#define RVV_QEMU_HELPER    0x00080000u   /* the helper page (outside ITCM/DTCM/DRAM) */

/* Trap causes (RISC-V mcause numbers, as the RTL reports them); RVV_QEMU_FAILED:
 * the emulator itself failed (see rvv_qemu_problem). */
enum {
    RVV_QEMU_FETCH_ACCESS = 1, RVV_QEMU_ILLEGAL = 2, RVV_QEMU_BREAKPOINT = 3, RVV_QEMU_LOAD_MISALIGNED = 4,
    RVV_QEMU_LOAD_ACCESS = 5, RVV_QEMU_STORE_MISALIGNED = 6, RVV_QEMU_STORE_ACCESS = 7, RVV_QEMU_FAILED = 15
};

extern const kc_ref_ops rvv_qemu_ref;

/* Why the emulator stopped answering ("" when it did not). */
const char *rvv_qemu_problem(void *handle);

/* gdbstub round trips since open (speed figures). */
uint64_t rvv_qemu_round_trips(void *handle);

/* The name of a trap cause ("illegal-instruction"). */
const char *rvv_qemu_cause_name(unsigned cause);

#endif
