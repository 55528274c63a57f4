/* kc_npu_emit.h — what every npu template generator shares: the text emitter,
 * a few instruction idioms (constants, configuration writes, address
 * arithmetic, hardware loops) and the stage conventions of composite kernels.
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
#ifndef KC_NPU_EMIT_H
#define KC_NPU_EMIT_H

#include <stdint.h>

#include "kc_err.h"
#include "kc_task.h"
#include "kc_text.h"

#define NPU_VLEN 16u     /* vector lanes = elements per SRAM row */
#define NPU_VROWS 2048u  /* vector SRAM rows */
#define NPU_MLEN 4u      /* systolic array rows (A rows per mmac) */
#define NPU_MROWS 1024u  /* matrix SRAM rows */
#define NPU_NAREGS 16u   /* address registers a0..a15 */

typedef struct npu_gen {
    kc_text out;
    int nlabel;
} npu_gen;

void npu_emit(npu_gen *g, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void npu_comment(npu_gen *g, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* f<freg> = v (fp32; -inf/+inf by bit pattern). */
void npu_fconst(npu_gen *g, int freg, double v);
/* Configuration register `name` = v (through r15 when v > 16383). */
void npu_csr(npu_gen *g, const char *name, uint32_t v);
/* a<areg> += bytes (through r15 when it does not fit addai). */
void npu_adda(npu_gen *g, int areg, uint64_t bytes);
/* a<dst> = a<base> + off bytes (through r14/r15). */
void npu_aset(npu_gen *g, int dst, int base, uint64_t off);
/* r<rd> = rs + off ("mv" when off is 0). */
void npu_offset(npu_gen *g, int rd, const char *rs, uint32_t off);
/* Opens a hardware loop of count >= 2 iterations (count register r<count_reg>
 * when count > 1023); returns the label id to close it with. */
int npu_loop_open(npu_gen *g, uint32_t count, int count_reg);
void npu_loop_close(npu_gen *g, int id);

/* A DRAM operand: base address in ABI register `areg`, first element `off`
 * bytes in, consecutive rows `ld` elements apart (the row pitch). */
typedef struct npu_opnd {
    int areg;
    uint64_t off;
    uint32_t ld;
} npu_opnd;

/* Operand helper: tensor `areg` at element offset `elem_off`, pitch `ld`. */
static inline npu_opnd npu_op(int areg, uint64_t elem_off, uint32_t ld)
{
    npu_opnd o = { areg, 2 * elem_off, ld };
    return o;
}

/* The working address registers a stage may clobber (a[0..n-1]). */
#define NPU_WORK_MAX 8
typedef struct npu_work {
    int a[NPU_WORK_MAX];
    int n;
} npu_work;

/* The address registers from `first` up (the ones no ABI tensor uses). */
npu_work npu_work_from(int first);

/* a<dst> = operand's first element + extra bytes. */
void npu_aset_op(npu_gen *g, int dst, npu_opnd o, uint64_t extra);

/* A generator for a whole task (kernel body; the caller adds the header
 * comment and nothing else). */
typedef kc_status (*npu_task_gen)(npu_gen *g, const kc_task *t, const kc_task_config *c,
                                  kc_err *err);

#endif
