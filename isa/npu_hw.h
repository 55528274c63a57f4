/* npu_hw.h — the npu's sizes as one typed view of a build's kc_hw table.
 *
 * Everything on the C side that depends on an npu size (ISS, co-simulation,
 * random programs, template compiler, peaks, documents) takes an npu_hw made
 * from the model's own parameter table (kc_acc_ops.hw), so a build at another
 * size (verilated/CMakeLists.txt) needs no C edit. The defaults are the NPU_PARAM
 * rows of isa/npu.def, which the RTL's parameters also default to.
 */
#ifndef NPU_HW_H
#define NPU_HW_H

#include "kc_err.h"
#include "kc_hw.h"

typedef struct npu_hw {
    unsigned vlen;        /* vector lanes (bf16 elements per SRAM row) */
    unsigned vrows;       /* vector SRAM rows */
    unsigned vbanks;      /* vector SRAM banks (row r in bank r mod vbanks) */
    unsigned mlen;        /* systolic array rows */
    unsigned mrows;       /* matrix SRAM rows */
    unsigned imem_words;  /* instruction memory */
    unsigned nxregs, nfregs, naregs;
    unsigned loop_depth;
    unsigned vec_lat;
    unsigned fp_lat;      /* scalar fp pipeline (fadd fsub fmul ffma fcvtif) */
    unsigned sfu_lanes;   /* special-function unit lanes (divides VLEN) */
    unsigned sfu_lat;     /* SFU latency of a row's first lane group */
    unsigned mat_wbufs;
    unsigned ncounters;
} npu_hw;

/* The view of hw (NULL = the defaults). Missing rows take the defaults; values
 * the design cannot have (VLEN not a power of two in 2..256, MLEN not dividing
 * VLEN, zero sizes) are KC_ERR_RANGE. */
kc_status npu_hw_from(const kc_hw *hw, npu_hw *out, kc_err *err);

/* Cycles from the issue of a vexp/vrecip/vrsqrt until a dependent instruction
 * can issue: the row enters the SFU in VLEN/SFU_LANES groups, one per cycle, and
 * the last group is written SFU_LAT - 1 cycles after it entered (NPU_TIMING
 * sfu_dep). SFU instructions issue VLEN/SFU_LANES cycles apart (sfu_thru). */
unsigned npu_hw_sfu_row_lat(const npu_hw *hw);
/* Cycles from the issue of scalar fp instruction `name` until a dependent
 * instruction can issue when its F result lands after issue (isa/npu.def
 * NPU_FPU): FP_LAT (npu_fpu) or SFU_LAT (fexp/frecip/frsqrt on the SFU); 0 for
 * every other instruction. */
unsigned npu_hw_fp_lat(const npu_hw *hw, const char *name);
/* Cycles from the issue of instruction `name` until an instruction using its
 * result can issue (the ISA document's Timing): a vector SFU row, a reduction,
 * an element-wise row, a delayed fp result, else 1. DMA and matrix
 * instructions are not fixed-latency: 1 here. */
unsigned npu_hw_latency(const npu_hw *hw, const char *name);
/* Is instruction `name` one of the SFU's (isa/npu.def NPU_SFU)? */
int npu_hw_is_sfu(const char *name);
/* Cycles from a vredsum/vredmax's issue to the issue of an instruction using its
 * fp result: 2*log2(VLEN) + 1 (npu_vred: two stages per tree level; NPU_TIMING
 * vred_fp). */
unsigned npu_hw_vred_lat(const npu_hw *hw);
unsigned npu_hw_sfu_groups(const npu_hw *hw);

/* The isa/npu.def defaults, as a view and as a kc_hw table. */
const npu_hw *npu_hw_default(void);
const kc_hw *npu_hw_default_table(void);

#endif
