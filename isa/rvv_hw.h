/* rvv_hw.h — the rvv's sizes as one typed view of a build's kc_hw table.
 *
 * Everything on the C side that depends on an rvv size (platform peaks, the
 * linker's memory sizes, the ISA document, the reference model's VLEN) takes an
 * rvv_hw made from the model's own parameter table (kc_acc_ops.hw), so the second
 * size (rvv_wide: VLEN 256, LANES 8) needs no C edit. The defaults are the
 * RVV_PARAM rows of isa/rvv.def, which the RTL's parameters also default to.
 */
#ifndef RVV_HW_H
#define RVV_HW_H

#include "kc_err.h"
#include "kc_hw.h"

/* The fixed memory map (issue 12 memo); sizes come from the build. */
#define RVV_ITCM_BASE 0x00100000u
#define RVV_DTCM_BASE 0x00200000u
#define RVV_DRAM_BASE 0x80000000u

/* Tensor addresses past the eighth (a0..a7): the loader (the model's reset, the
 * reference model's) writes address i (8 <= i < RVV_NARGS) to the DTCM word at
 * rvv_hw_xarg_addr(h, i), the top RVV_XARG_BYTES of the DTCM. crt0 sets sp to
 * the start of that block, so at kernel entry they sit at 0(sp), 4(sp), ... where
 * the psABI (ilp32f) puts a C function's arguments 9.. (the stack stays 16-byte
 * aligned). */
#define RVV_NARGS 16u
#define RVV_XARG_BYTES 32u

typedef struct rvv_hw {
    unsigned vlen;        /* bits per vector register */
    unsigned lanes;       /* 32-bit lanes of each vector unit */
    unsigned itcm_bytes;  /* instruction TCM at RVV_ITCM_BASE */
    unsigned dtcm_bytes;  /* data TCM at RVV_DTCM_BASE */
    unsigned beat_bytes;  /* DRAM/DTCM beat */
    unsigned vq_depth;    /* vector instruction queue */
    unsigned nvlsu;       /* vector memory instructions in flight */
    unsigned ncounters;
} rvv_hw;

/* The view of hw (NULL = the defaults). Missing rows take the defaults; values the
 * design cannot have (VLEN not a power of two in 64..1024, LANES not a power of
 * two with 32*LANES dividing VLEN, TCMs not a power of two of 4 KiB..1 MiB, a beat
 * not a power of two in 4..256, zero queue or counters) are KC_ERR_RANGE. */
kc_status rvv_hw_from(const kc_hw *hw, rvv_hw *out, kc_err *err);

/* The DTCM byte address of tensor address i (8 <= i < RVV_NARGS). */
unsigned rvv_hw_xarg_addr(const rvv_hw *h, unsigned i);

/* The isa/rvv.def defaults, as a view and as a kc_hw table. */
const rvv_hw *rvv_hw_default(void);
const kc_hw *rvv_hw_default_table(void);

#endif
