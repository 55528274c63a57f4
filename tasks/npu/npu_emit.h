/* npu_emit.h — what every npu template generator shares: the text emitter and
 * the sizes of the npu it emits for, a few instruction idioms (constants,
 * configuration writes, address arithmetic, hardware loops) and the stage
 * conventions of composite kernels.
 *
 * Sizes. Every size that depends on the build (VLEN, MLEN, VROWS, MROWS,
 * NAREGS) is read from g->hw, the npu_hw of the model the kernel is for; the
 * templates keep literal numbers only for what the ISA fixes (register numbers
 * r0..r15 / f0..f15, immediate ranges: loopi <= 1023, addai <= 32767, csrwi <=
 * 16383, 16-bit dlen/dstride) and for tuning choices (tile rows, unroll slots),
 * each said where it is defined.
 *
 * Stages. A composite baseline (FFN, attention, decoder blocks) is a sequence of
 * stages, each one a template (a contraction, a row pass, an attention core)
 * applied to DRAM operands. A stage
 *   - reads its operands through npu_opnd: ABI register + byte offset + row
 *     pitch, and never writes an ABI address register;
 *   - may clobber the working address registers it is given (npu_work), every
 *     integer register r1..r15, every fp register f1..f15 (f0 must read 0.0 when
 *     the stage ends), every configuration register (it leaves vmask = VLEN and
 *     mrows = MLEN) and all of both SRAMs;
 *   - hands results to the next stage through DRAM (outputs or the task's
 *     scratch tensor); the hardware orders a dld behind an unfinished dst of
 *     the same DRAM bytes, so no fence is needed between stages.
 */
#ifndef NPU_EMIT_H
#define NPU_EMIT_H

#include <stdint.h>

#include "kc_err.h"
#include "kc_task.h"
#include "kc_text.h"
#include "npu_hw.h"

/* A kernel being generated: its text, the next free label, the npu's sizes
 * (hw.vlen lanes = elements per SRAM row, hw.mlen systolic rows = A rows per
 * mmac, hw.vrows / hw.mrows SRAM rows, hw.naregs address registers). */
typedef struct npu_gen {
    kc_text out;
    int nlabel;
    npu_hw hw;
} npu_gen;

void npu_emit_ins(npu_gen *g, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void npu_emit_comment(npu_gen *g, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* f<freg> = v (fp32; -inf/+inf by bit pattern). */
void npu_emit_fconst(npu_gen *g, int freg, double v);
/* Configuration register `name` = v (through r15 when v > 16383). */
void npu_emit_csr(npu_gen *g, const char *name, uint32_t v);
/* a<areg> += bytes (through r15 when it does not fit addai). */
void npu_emit_adda(npu_gen *g, int areg, uint64_t bytes);
/* a<dst> = a<base> + off bytes (through r14/r15). */
void npu_emit_aset(npu_gen *g, int dst, int base, uint64_t off);
/* The first vector-SRAM row at or after `row` that is in bank `bank` (row r is in
 * bank r mod hw.vbanks). A bank reads one row per cycle, so regions that one
 * instruction reads together (two operands walked in lock step, a row and the
 * scratch row it is combined with) go in different banks: a region placed with
 * this at bank k of the one it is read with never costs the instruction a
 * cycle (docs/isa/npu.md, Timing: bank_read). */
uint32_t npu_emit_bank_row(const npu_hw *hw, uint32_t row, uint32_t bank);
/* r<rd> = rs + off ("mv" when off is 0). */
void npu_emit_offset(npu_gen *g, int rd, const char *rs, uint32_t off);
/* Opens a hardware loop of count >= 2 iterations (count register r<count_reg>
 * when count > 1023); returns the label id to close it with. */
int npu_emit_loop_open(npu_gen *g, uint32_t count, int count_reg);
void npu_emit_loop_close(npu_gen *g, int id);

/* A DRAM operand: base address in ABI register `areg`, first element `off`
 * bytes in, consecutive rows `ld` elements apart (the row pitch). */
typedef struct npu_opnd {
    int areg;
    uint64_t off;
    uint32_t ld;
} npu_opnd;

/* Operand helper: tensor `areg` at element offset `elem_off`, pitch `ld`. */
static inline npu_opnd npu_emit_op(int areg, uint64_t elem_off, uint32_t ld)
{
    npu_opnd o = { areg, 2 * elem_off, ld };
    return o;
}

/* The working address registers a stage may clobber (a[0..n-1]); no stage
 * needs more than 8 (attention with a bias takes 7). */
#define NPU_EMIT_WORK_MAX 8
typedef struct npu_work {
    int a[NPU_EMIT_WORK_MAX];
    int n;
} npu_work;

/* The address registers from `first` up (the ones no ABI tensor uses). */
npu_work npu_emit_work_from(const npu_gen *g, int first);

/* KC_ERR_INTERNAL (a generator bug) when a stage `what` gets fewer than n
 * working registers. */
kc_status npu_emit_need_work(const npu_work *w, int n, const char *what, kc_err *err);

/* a<dst> = operand's first element + extra bytes. */
void npu_emit_aset_op(npu_gen *g, int dst, npu_opnd o, uint64_t extra);

#endif
