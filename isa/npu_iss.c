/* npu_iss.c — the npu instruction-set simulator (see npu_iss.h).
 *
 * The instruction semantics are the exec column of isa/npu.def, expanded below
 * into the cases of one switch; this file only supplies the vocabulary the
 * column is written in (X(), IMM(), VEC(), DMA(), ...) and the machinery around
 * it: decode once, fall-through pc with hardware loops, the trap order, the
 * vector lane loop, the reduction tree and the DMA row walk — each written to
 * match rtl/npu/npu_core.v, npu_vector.v and npu_dma_*.v exactly.
 *
 * Adding an instruction = its table row with an exec column; nothing here
 * changes unless it needs a new helper.
 */
#include "npu_iss.h"

#include <stdlib.h>
#include <string.h>

#include "kc_asm.h"
#include "kc_fp.h"
#include "kc_isa.h"

_Static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__,
               "DRAM bf16 elements are copied as host uint16_t (little-endian)");

/* ---- table-derived enumerations ------------------------------------------------ */

enum iss_field {
#define NPU_FIELD(name, lo, width, desc) ISS_F_##name,
#include "npu.def"
#undef NPU_FIELD
    ISS_NFIELDS
};

enum iss_code {
#define NPU_INSN(name, ...) ISS_I_##name,
#include "npu.def"
#undef NPU_INSN
    ISS_NINSNS,
    ISS_I_ILLEGAL = ISS_NINSNS
};

static const char *const iss_insn_names[] = {
#define NPU_INSN(name, ...) #name,
#include "npu.def"
#undef NPU_INSN
};

/* Rows whose exec column is missing (the ISS refuses to run such a table). */
static const unsigned char iss_insn_has_exec[] = {
#define NPU_INSN(name, opcode, funct, operands, unit, latency, sem, desc, example, mistake, ...) \
    sizeof(#__VA_ARGS__) > 1,
#include "npu.def"
#undef NPU_INSN
};

enum iss_cfg_id {
#define NPU_CFG(name, id, reset, desc) ISS_CFG_##name = id,
#include "npu.def"
#undef NPU_CFG
};

static const struct { int id; uint32_t reset; } iss_cfg_rows[] = {
#define NPU_CFG(name, id, reset, desc) {id, reset},
#include "npu.def"
#undef NPU_CFG
};

#define ISS_NCFG_ROWS (sizeof iss_cfg_rows / sizeof iss_cfg_rows[0])

static const char *const iss_trap_names[NPU_ISS_NTRAPS] = {
    "none", "illegal-instruction", "pc-range", "vsram-range",
    "dram-range", "dram-misaligned", "bad-config", "loop",
};

const char *npu_iss_trap_name(unsigned cause)
{
    return cause < NPU_ISS_NTRAPS ? iss_trap_names[cause] : "unknown";
}

/* ---- state --------------------------------------------------------------------- */

/* One pre-decoded instruction: the row and every operand field's value (sign-
 * extended for S and B kinds, 0 for fields the row does not have). */
typedef struct iss_insn {
    uint32_t code;
    uint32_t word;
    uint32_t op[ISS_NFIELDS];
} iss_insn;

struct npu_iss {
    npu_hw hw;               /* the build's sizes: every array below is allocated by them */
    uint32_t pc;
    uint32_t x[NPU_ISS_MAXREGS], f[NPU_ISS_MAXREGS], a[NPU_ISS_MAXREGS];
    uint32_t cfg[NPU_ISS_NCFG];
    uint32_t *lp_start, *lp_end, *lp_cnt;   /* LOOP_DEPTH entries each */
    unsigned lp_sp;
    kc_core_state state;
    unsigned cause;
    uint32_t trap_pc, trap_info;
    uint64_t instret;
    const kc_isa *isa;
    iss_insn *prog;          /* IMEM_WORDS entries */
    size_t ndecoded;         /* entries [0, ndecoded) may differ from the zero word */
    iss_insn zero;           /* decode of the zero word (what empty imem holds) */
    uint8_t *dram;
    uint32_t dram_bytes;
    unsigned char cfg_exists[NPU_ISS_NCFG];
    uint16_t *vs;            /* vector SRAM: VROWS rows of VLEN lanes (VS_ROW) */
    /* matrix unit: matrix SRAM (MROWS x VLEN), weight buffers WB[b][k][j] (bf16,
     * MAT_WBUFS x VLEN x VLEN), accumulators ACC[i][j] (fp32, MLEN x VLEN) */
    uint16_t *ms;
    uint16_t *wb;
    uint32_t *acc;
};

/* Row r of an SRAM of VLEN-lane rows; WB[b][k]; ACC[i]. */
#define VS_ROW(s, r)  ((s)->vs + (size_t)(r) * (s)->hw.vlen)
#define MS_ROW(s, r)  ((s)->ms + (size_t)(r) * (s)->hw.vlen)
#define WB_ROW(s, b, k) ((s)->wb + ((size_t)(b) * (s)->hw.vlen + (k)) * (s)->hw.vlen)
#define ACC_ROW(s, i) ((s)->acc + (size_t)(i) * (s)->hw.vlen)

/* ---- helpers the exec column calls ----------------------------------------------- */

static void iss_trap(npu_iss *s, unsigned cause, uint32_t pc, uint32_t info)
{
    s->state = KC_CORE_TRAPPED;
    s->cause = cause;
    s->trap_pc = pc;
    s->trap_info = info;
}

static uint32_t iss_cfg_read(const npu_iss *s, uint32_t id)
{
    if (id == ISS_CFG_cycle)
        return (uint32_t)s->instret;   /* no timing: see npu_iss.h */
    return id < NPU_ISS_NCFG && s->cfg_exists[id] ? s->cfg[id] : 0;
}

static void iss_cfg_write(npu_iss *s, uint32_t id, uint32_t v)
{
    if (id < NPU_ISS_NCFG && s->cfg_exists[id] && id != ISS_CFG_cycle)
        s->cfg[id] = v;   /* read-only and absent registers ignore writes */
}

/* Vector-instruction traps in npu_core.v order: vmask, then destination row,
 * first source row, second source row. */
static int iss_vcheck(npu_iss *s, uint32_t pc, int use_rd, uint32_t rd, int use_a, uint32_t ra,
                      int use_b, uint32_t rb)
{
    uint32_t vm = s->cfg[ISS_CFG_vmask];
    if (vm == 0 || vm > s->hw.vlen)
        iss_trap(s, NPU_ISS_TRAP_CONFIG, pc, vm);
    else if (use_rd && rd >= s->hw.vrows)
        iss_trap(s, NPU_ISS_TRAP_VSRAM, pc, rd);
    else if (use_a && ra >= s->hw.vrows)
        iss_trap(s, NPU_ISS_TRAP_VSRAM, pc, ra);
    else if (use_b && rb >= s->hw.vrows)
        iss_trap(s, NPU_ISS_TRAP_VSRAM, pc, rb);
    else
        return 0;
    return 1;
}

/* The reduction tree of npu_vector.v: level k combines lane i + 2^k into lane i
 * for i a multiple of 2^(k+1); inactive lanes hold the identity. */
static uint32_t iss_reduce(const uint16_t *row, unsigned vlen, unsigned active,
                           uint32_t (*op)(uint32_t, uint32_t), uint32_t identity)
{
    uint32_t t[NPU_ISS_MAX_VLEN];
    for (unsigned i = 0; i < vlen; i++)
        t[i] = i < active ? kc_fp_from_bf16(row[i]) : identity;
    for (unsigned st = 1; st < vlen; st *= 2)
        for (unsigned i = 0; i + st < vlen; i += 2 * st)
            t[i] = op(t[i], t[i + st]);
    return t[0];
}

/* dld / dst: traps in npu_core.v order (none for a zero row count), then the
 * transfer. Each DRAM row of dlen elements maps to ceil(dlen/VLEN) consecutive
 * SRAM rows, which are contiguous here, so a row is one copy; a load zeroes the
 * lanes past dlen of its last SRAM row, a store writes exactly 2*dlen bytes. */
static int iss_dma(npu_iss *s, uint32_t pc, int load, uint16_t *sram, uint32_t nrows,
                   uint32_t vrow, uint32_t addr, uint32_t n)
{
    if (n == 0)
        return 0;
    uint32_t dlen = s->cfg[ISS_CFG_dlen], stride = s->cfg[ISS_CFG_dstride];
    if (dlen == 0 || dlen > 65535) {
        iss_trap(s, NPU_ISS_TRAP_CONFIG, pc, dlen);
        return 1;
    }
    if ((addr & 1) || (stride & 1)) {
        iss_trap(s, NPU_ISS_TRAP_ALIGN, pc, (addr & 1) ? addr : stride);
        return 1;
    }
    const unsigned vlen = s->hw.vlen;
    uint64_t sub = (dlen + vlen - 1) / vlen;
    if ((uint64_t)vrow + (uint64_t)n * sub > nrows) {
        iss_trap(s, NPU_ISS_TRAP_VSRAM, pc, vrow);
        return 1;
    }
    uint64_t dend = (uint64_t)addr + ((uint64_t)n - 1) * stride + 2ull * dlen;
    if (dend > s->dram_bytes) {
        iss_trap(s, NPU_ISS_TRAP_DRAM, pc, (uint32_t)dend - 1u);
        return 1;
    }
    size_t bytes = 2u * (size_t)dlen, span = (size_t)sub * vlen * 2u;
    for (uint32_t r = 0; r < n; r++) {
        uint8_t *row = (uint8_t *)(sram + (vrow + (uint64_t)r * sub) * vlen);
        uint8_t *mem = s->dram + addr + (uint64_t)r * stride;
        if (load) {
            memcpy(row, mem, bytes);
            memset(row + bytes, 0, span - bytes);
        } else {
            memcpy(mem, row, bytes);
        }
    }
    return 0;
}

static int iss_mrows_bad(npu_iss *s, uint32_t pc)
{
    uint32_t m = s->cfg[ISS_CFG_mrows];
    if (m == 0 || m > s->hw.mlen) {
        iss_trap(s, NPU_ISS_TRAP_CONFIG, pc, m);
        return 1;
    }
    return 0;
}

/* mldb / mldbt: WB[b][k][j] = MS[row + k][j], or MS[row + j][k] transposed. */
static int iss_mat_ldb(npu_iss *s, uint32_t pc, uint32_t b, uint32_t row, int transposed)
{
    const unsigned vlen = s->hw.vlen;
    if ((uint64_t)row + vlen > s->hw.mrows) {
        iss_trap(s, NPU_ISS_TRAP_VSRAM, pc, row);
        return 1;
    }
    for (unsigned k = 0; k < vlen; k++) {
        uint16_t *w = WB_ROW(s, b, k);
        for (unsigned j = 0; j < vlen; j++)
            w[j] = transposed ? MS_ROW(s, row + j)[k] : MS_ROW(s, row + k)[j];
    }
    return 0;
}

/* mmac: ACC[i][j] = fma(A[i][k], WB[b][k][j], ACC[i][j]) for k ascending, i < mrows,
 * A[i] = vector-SRAM row `row + i`. */
static int iss_mat_mac(npu_iss *s, uint32_t pc, uint32_t b, uint32_t row)
{
    if (iss_mrows_bad(s, pc))
        return 1;
    uint32_t m = s->cfg[ISS_CFG_mrows];
    const unsigned vlen = s->hw.vlen;
    if ((uint64_t)row + m > s->hw.vrows) {
        iss_trap(s, NPU_ISS_TRAP_VSRAM, pc, row);
        return 1;
    }
    for (uint32_t i = 0; i < m; i++) {
        uint32_t *acc = ACC_ROW(s, i);
        for (unsigned k = 0; k < vlen; k++) {
            uint32_t a = kc_fp_from_bf16(VS_ROW(s, row + i)[k]);
            const uint16_t *w = WB_ROW(s, b, k);
            for (unsigned j = 0; j < vlen; j++)
                acc[j] = kc_fp_fma(a, kc_fp_from_bf16(w[j]), acc[j]);
        }
    }
    return 0;
}

/* mst: VS[row + i][*] = bf16(ACC[i][*]) for i < mrows (all lanes); ACC = +0. */
static int iss_mat_st(npu_iss *s, uint32_t pc, uint32_t row)
{
    if (iss_mrows_bad(s, pc))
        return 1;
    uint32_t m = s->cfg[ISS_CFG_mrows];
    if ((uint64_t)row + m > s->hw.vrows) {
        iss_trap(s, NPU_ISS_TRAP_VSRAM, pc, row);
        return 1;
    }
    for (uint32_t i = 0; i < m; i++)
        for (unsigned j = 0; j < s->hw.vlen; j++)
            VS_ROW(s, row + i)[j] = kc_fp_to_bf16(ACC_ROW(s, i)[j]);
    memset(s->acc, 0, (size_t)s->hw.mlen * s->hw.vlen * sizeof *s->acc);
    return 0;
}

/* ---- the exec vocabulary (see the NPU_INSN comment in npu.def) ------------------- */

#define OPV(fld)      (in->op[ISS_F_##fld])
#define X(fld)        (S->x[OPV(fld)])
#define F(fld)        (S->f[OPV(fld)])
#define A(fld)        (S->a[OPV(fld)])
#define IMM(fld)      OPV(fld)
#define PC            pc
#define JUMP(t)       (npc = (t))
#define SRA(v, n)     ((uint32_t)((int32_t)(v) >> (n)))
#define CFG_READ(id)  iss_cfg_read(S, (id))
#define CFG_WRITE(id, v) iss_cfg_write(S, (id), (v))
#define HALT()        (halt = 1)
#define TRAP(c, i)    do { iss_trap(S, (c), pc, (i)); goto trapped; } while (0)

#define LOOP(n, off) do {                                                         \
        uint32_t n_ = (n);                                                        \
        int32_t off_ = (int32_t)(off);                                            \
        if (S->lp_sp == S->hw.loop_depth || off_ <= 1)                              \
            TRAP(NPU_ISS_TRAP_LOOP, pc);                                           \
        if (n_ == 0) {                                                            \
            /* skip the body: as if its last instruction had just retired, so   \
             * enclosing loops that end at the same label iterate or pop */      \
            dec = iss_fall(S, pc + (uint32_t)off_, &npc, &nsp);                  \
        } else {                                                                  \
            S->lp_start[S->lp_sp] = pc + 1;                                       \
            S->lp_end[S->lp_sp] = pc + (uint32_t)off_;                            \
            S->lp_cnt[S->lp_sp] = n_;                                             \
            nsp = S->lp_sp + 1;                                                   \
            npc = pc + 1;                                                         \
        }                                                                         \
    } while (0)

/* Operand use of each VEC form: reads row X(rs1)? row X(rs2)? */
#define VF_VV_A 1
#define VF_VV_B 1
#define VF_VS_A 1
#define VF_VS_B 0
#define VF_VSD_A 1
#define VF_VSD_B 0
#define VF_V_A 1
#define VF_V_B 0
#define VF_S_A 0
#define VF_S_B 0

/* Lane bodies: declare exactly the inputs of the form, then evaluate e. */
#define VL_VV  uint32_t a = kc_fp_from_bf16(va_[l_]), b = kc_fp_from_bf16(vb_[l_]);
#define VL_VS  uint32_t a = kc_fp_from_bf16(va_[l_]);
#define VL_VSD uint32_t a = kc_fp_from_bf16(va_[l_]), d = kc_fp_from_bf16(vd_[l_]);
#define VL_V   uint32_t a = kc_fp_from_bf16(va_[l_]);
#define VL_S

#define VEC(form, e) do {                                                         \
        uint32_t rd_ = X(rd), ra_ = X(rs1), rb_ = X(rs2);                         \
        if (iss_vcheck(S, pc, 1, rd_, VF_##form##_A, ra_, VF_##form##_B, rb_))    \
            goto trapped;                                                         \
        uint16_t *vd_ = VS_ROW(S, rd_);                                           \
        const uint16_t *va_ = VS_ROW(S, VF_##form##_A ? ra_ : 0);                 \
        const uint16_t *vb_ = VS_ROW(S, VF_##form##_B ? rb_ : 0);                 \
        const uint32_t s = F(rs2);                                                \
        (void)va_; (void)vb_; (void)s;                                            \
        for (uint32_t l_ = 0, n_ = S->cfg[ISS_CFG_vmask]; l_ < n_; l_++) {        \
            VL_##form                                                             \
            vd_[l_] = kc_fp_to_bf16(e);                                           \
        }                                                                         \
    } while (0)

#define VRED(dst, op, identity) do {                                              \
        uint32_t ra_ = X(rs1);                                                    \
        if (iss_vcheck(S, pc, 0, 0, 1, ra_, 0, 0))                                \
            goto trapped;                                                         \
        dst = iss_reduce(VS_ROW(S, ra_), S->hw.vlen, S->cfg[ISS_CFG_vmask], op,   \
                         (identity));                                             \
    } while (0)

#define DMA(load) do {                                                            \
        if (iss_dma(S, pc, (load), S->vs, S->hw.vrows, X(rd), A(rs1), X(rs2)))    \
            goto trapped;                                                         \
    } while (0)

/* Matrix unit. Traps in npu_core.v order: mrows (mmac, mst), then the rows. */
#define MDMA() do {                                                               \
        if (iss_dma(S, pc, 1, S->ms, S->hw.mrows, X(rd), A(rs1), X(rs2)))         \
            goto trapped;                                                         \
    } while (0)
#define MAT_LDB(transposed) do {                                                  \
        if (iss_mat_ldb(S, pc, IMM(rd), X(rs1), (transposed)))                    \
            goto trapped;                                                         \
    } while (0)
#define MAT_MAC() do {                                                            \
        if (iss_mat_mac(S, pc, IMM(rd), X(rs1)))                                  \
            goto trapped;                                                         \
    } while (0)
#define MAT_ST() do {                                                             \
        if (iss_mat_st(S, pc, X(rd)))                                             \
            goto trapped;                                                         \
    } while (0)

/* The pc after an instruction whose sequential successor is `next`, with
 * zero-overhead loops: at the end of the innermost body jump back while
 * iterations remain, else pop it and look at the enclosing loop, which may end at
 * the same label (npu_core.v fall_pc). Returns the level whose count to
 * decrement, or -1. */
static inline int iss_fall(const npu_iss *S, uint32_t next, uint32_t *npc, unsigned *nsp)
{
    *npc = next;
    *nsp = S->lp_sp;
    for (int li = (int)S->lp_sp - 1; li >= 0; li--) {
        if (S->lp_end[li] != next)
            break;
        if (S->lp_cnt[li] > 1) {
            *npc = S->lp_start[li];
            return li;
        }
        *nsp = (unsigned)li;
    }
    return -1;
}

/* One instruction. Kept inline so npu_iss_run's loop is a tight switch. */
static inline __attribute__((always_inline)) void iss_step(npu_iss *S, npu_iss_event *ev)
{
    const uint32_t pc = S->pc;
    const iss_insn *in;
    if (pc >= S->hw.imem_words) {
        in = &S->zero;
        iss_trap(S, NPU_ISS_TRAP_PC_RANGE, pc, pc);
        goto trapped;
    }
    in = pc < S->ndecoded ? &S->prog[pc] : &S->zero;
    if (in->code == ISS_I_ILLEGAL) {
        iss_trap(S, NPU_ISS_TRAP_ILLEGAL, pc, in->word);
        goto trapped;
    }

    /* Fall-through pc. A taken jump at the end of a body overrides the pc but
     * not the loop bookkeeping (the iteration counts), as in the RTL. */
    uint32_t npc;
    unsigned nsp;
    int dec = iss_fall(S, pc + 1, &npc, &nsp);
    int halt = 0;

    switch (in->code) {
#define NPU_INSN(name, opcode, funct, operands, unit, latency, sem, desc, example, mistake, ...) \
    case ISS_I_##name: { __VA_ARGS__; } break;
#include "npu.def"
#undef NPU_INSN
    default:
        break;
    }

    S->x[0] = 0;   /* r0 is hard-wired */
    if (dec >= 0)
        S->lp_cnt[dec]--;
    S->lp_sp = nsp;
    S->pc = npc;
    S->instret++;
    if (halt)
        S->state = KC_CORE_HALTED;
    if (ev) {
        ev->state = S->state;
        ev->retired = 1;
        ev->pc = pc;
        ev->insn = in->word;
        ev->cause = 0;
        ev->info = 0;
    }
    return;

trapped:
    if (ev) {
        ev->state = KC_CORE_TRAPPED;
        ev->retired = 0;
        ev->pc = pc;
        ev->insn = in->word;
        ev->cause = S->cause;
        ev->info = S->trap_info;
    }
}

#undef OPV
#undef X
#undef F
#undef A
#undef IMM
#undef PC

/* ---- public API ----------------------------------------------------------------- */

static void iss_decode(const kc_isa *isa, uint32_t word, iss_insn *d)
{
    memset(d, 0, sizeof *d);
    d->word = word;
    const kc_isa_insn *row = kc_asm_decode(isa, word);
    if (!row) {
        d->code = ISS_I_ILLEGAL;
        return;
    }
    d->code = (uint32_t)(row - isa->insns);
    for (int i = 0; i < row->nops; i++) {
        const kc_isa_operand *op = &row->ops[i];
        d->op[op->field - isa->fields] = (uint32_t)kc_isa_operand_get(op, word);
    }
}

kc_status npu_iss_open(npu_iss **out, const npu_hw *hw, kc_err *err)
{
    *out = NULL;
    if (!hw)
        hw = npu_hw_default();
    if (hw->vlen > NPU_ISS_MAX_VLEN || hw->nxregs > NPU_ISS_MAXREGS || hw->nfregs > NPU_ISS_MAXREGS ||
        hw->naregs > NPU_ISS_MAXREGS || !hw->vlen || !hw->vrows || !hw->mlen || !hw->mrows ||
        !hw->mat_wbufs || !hw->loop_depth || !hw->imem_words)
        return kc_err_set(err, KC_ERR_RANGE, "iss: sizes out of range (VLEN %u, registers %u/%u/%u: "
                          "register fields are 4 bits wide)", hw->vlen, hw->nxregs, hw->nfregs, hw->naregs);
    const kc_isa *isa;
    kc_status st = kc_isa_load("npu", &isa, err);
    if (st != KC_OK)
        return st;
    /* The switch is indexed by row position: the description must list the rows
     * (and fields) in table order. */
    if (isa->ninsns != ISS_NINSNS || isa->nfields != ISS_NFIELDS)
        return kc_err_set(err, KC_ERR_INTERNAL, "iss: npu table has %zu rows / %zu fields, "
                          "the ISS was built with %d / %d", isa->ninsns, isa->nfields,
                          (int)ISS_NINSNS, (int)ISS_NFIELDS);
    for (size_t i = 0; i < isa->ninsns; i++)
        if (!iss_insn_has_exec[i])
            return kc_err_set(err, KC_ERR_INTERNAL, "iss: isa/npu.def row '%s' has no exec column",
                              iss_insn_names[i]);
    for (size_t i = 0; i < isa->ninsns; i++)
        if (strcmp(isa->insns[i].name, iss_insn_names[i]))
            return kc_err_set(err, KC_ERR_INTERNAL, "iss: row %zu is '%s' in the description, "
                              "'%s' in the ISS", i, isa->insns[i].name, iss_insn_names[i]);
    npu_iss *s = calloc(1, sizeof *s);
    if (!s)
        return kc_err_set(err, KC_ERR_NOMEM, "iss: out of memory");
    s->hw = *hw;
    size_t v = hw->vlen;
    s->prog = calloc(hw->imem_words, sizeof *s->prog);
    s->lp_start = calloc(3u * hw->loop_depth, sizeof *s->lp_start);
    s->vs = calloc((size_t)hw->vrows * v, sizeof *s->vs);
    s->ms = calloc((size_t)hw->mrows * v, sizeof *s->ms);
    s->wb = calloc((size_t)hw->mat_wbufs * v * v, sizeof *s->wb);
    s->acc = calloc((size_t)hw->mlen * v, sizeof *s->acc);
    if (!s->prog || !s->lp_start || !s->vs || !s->ms || !s->wb || !s->acc) {
        npu_iss_close(s);
        return kc_err_set(err, KC_ERR_NOMEM, "iss: out of memory");
    }
    s->lp_end = s->lp_start + hw->loop_depth;
    s->lp_cnt = s->lp_end + hw->loop_depth;
    s->isa = isa;
    iss_decode(isa, 0, &s->zero);
    for (size_t i = 0; i < ISS_NCFG_ROWS; i++)
        if (iss_cfg_rows[i].id >= 0 && iss_cfg_rows[i].id < NPU_ISS_NCFG)
            s->cfg_exists[iss_cfg_rows[i].id] = 1;
    s->state = KC_CORE_HALTED;
    *out = s;
    return KC_OK;
}

void npu_iss_close(npu_iss *s)
{
    if (!s)
        return;
    free(s->prog);
    free(s->lp_start);
    free(s->vs);
    free(s->ms);
    free(s->wb);
    free(s->acc);
    free(s);
}

const npu_hw *npu_iss_hw(const npu_iss *s)
{
    return &s->hw;
}

kc_status npu_iss_reset(npu_iss *s, const uint32_t *program, size_t nwords, const uint32_t *args,
                        size_t nargs, kc_dram *dram, kc_err *err)
{
    const npu_hw *hw = &s->hw;
    if (nwords > hw->imem_words)
        return kc_err_set(err, KC_ERR_RANGE, "iss: program of %zu instructions does not fit the "
                          "%u-word instruction memory", nwords, hw->imem_words);
    if (nargs > hw->naregs)
        return kc_err_set(err, KC_ERR_RANGE, "iss: %zu arguments (a0..a%u)", nargs, hw->naregs - 1);
    if (!dram)
        return kc_err_set(err, KC_ERR_USAGE, "iss: no DRAM");
    for (size_t i = 0; i < nwords; i++)
        iss_decode(s->isa, program[i], &s->prog[i]);
    s->ndecoded = nwords;
    s->pc = 0;
    memset(s->x, 0, sizeof s->x);
    memset(s->f, 0, sizeof s->f);
    memset(s->a, 0, sizeof s->a);
    for (size_t i = 0; i < nargs; i++)
        s->a[i] = args[i];
    memset(s->cfg, 0, sizeof s->cfg);
    for (size_t i = 0; i < ISS_NCFG_ROWS; i++)
        if (iss_cfg_rows[i].id >= 0 && iss_cfg_rows[i].id < NPU_ISS_NCFG)
            s->cfg[iss_cfg_rows[i].id] = iss_cfg_rows[i].reset;
    s->lp_sp = 0;
    memset(s->lp_start, 0, 3u * hw->loop_depth * sizeof *s->lp_start);
    s->state = KC_CORE_RUNNING;
    s->cause = 0;
    s->trap_pc = s->trap_info = 0;
    s->instret = 0;
    s->dram = kc_dram_data(dram);
    s->dram_bytes = kc_dram_config(dram)->size_bytes;
    size_t v = hw->vlen;
    memset(s->vs, 0, (size_t)hw->vrows * v * sizeof *s->vs);
    memset(s->ms, 0, (size_t)hw->mrows * v * sizeof *s->ms);
    memset(s->wb, 0, (size_t)hw->mat_wbufs * v * v * sizeof *s->wb);
    memset(s->acc, 0, (size_t)hw->mlen * v * sizeof *s->acc);
    return KC_OK;
}

kc_core_state npu_iss_step(npu_iss *s, npu_iss_event *ev)
{
    if (s->state != KC_CORE_RUNNING) {
        if (ev) {
            memset(ev, 0, sizeof *ev);
            ev->state = s->state;
            ev->pc = s->pc;
        }
        return s->state;
    }
    iss_step(s, ev);
    return s->state;
}

kc_core_state npu_iss_run(npu_iss *s, uint64_t limit)
{
    uint64_t stop = limit ? s->instret + limit : UINT64_MAX;
    while (s->state == KC_CORE_RUNNING && s->instret < stop)
        iss_step(s, NULL);
    return s->state;
}

void npu_iss_status(const npu_iss *s, kc_core_status *st)
{
    st->state = s->state;
    st->cause = s->state == KC_CORE_TRAPPED ? s->cause : 0;
    st->cause_name = s->state == KC_CORE_TRAPPED ? npu_iss_trap_name(s->cause) : "";
    st->pc = s->state == KC_CORE_TRAPPED ? s->trap_pc : 0;
    st->info = s->state == KC_CORE_TRAPPED ? s->trap_info : 0;
}

uint32_t npu_iss_pc(const npu_iss *s) { return s->pc; }
uint64_t npu_iss_instret(const npu_iss *s) { return s->instret; }
uint32_t npu_iss_x(const npu_iss *s, unsigned i) { return i < s->hw.nxregs ? s->x[i] : 0; }
uint32_t npu_iss_f(const npu_iss *s, unsigned i) { return i < s->hw.nfregs ? s->f[i] : 0; }
uint32_t npu_iss_a(const npu_iss *s, unsigned i) { return i < s->hw.naregs ? s->a[i] : 0; }
uint32_t npu_iss_cfg(const npu_iss *s, unsigned id) { return iss_cfg_read(s, id); }

const uint32_t *npu_iss_regs(const npu_iss *s, unsigned which)
{
    switch (which) {
    case 0: return s->x;
    case 1: return s->f;
    case 2: return s->a;
    default: return s->cfg;
    }
}

const uint16_t *npu_iss_vrow(const npu_iss *s, unsigned row)
{
    return row < s->hw.vrows ? VS_ROW(s, row) : NULL;
}

void npu_iss_set_x(npu_iss *s, unsigned i, uint32_t v)
{
    if (i > 0 && i < s->hw.nxregs)
        s->x[i] = v;
}

void npu_iss_set_f(npu_iss *s, unsigned i, uint32_t v)
{
    if (i < s->hw.nfregs)
        s->f[i] = v;
}

void npu_iss_set_a(npu_iss *s, unsigned i, uint32_t v)
{
    if (i < s->hw.naregs)
        s->a[i] = v;
}

void npu_iss_set_cfg(npu_iss *s, unsigned id, uint32_t v)
{
    iss_cfg_write(s, id, v);
}

void npu_iss_set_vrow(npu_iss *s, unsigned row, const uint16_t *lanes)
{
    if (row < s->hw.vrows)
        memcpy(VS_ROW(s, row), lanes, s->hw.vlen * sizeof *lanes);
}

const uint16_t *npu_iss_mrow(const npu_iss *s, unsigned row)
{
    return row < s->hw.mrows ? MS_ROW(s, row) : NULL;
}

void npu_iss_set_mrow(npu_iss *s, unsigned row, const uint16_t *lanes)
{
    if (row < s->hw.mrows)
        memcpy(MS_ROW(s, row), lanes, s->hw.vlen * sizeof *lanes);
}

uint32_t npu_iss_acc(const npu_iss *s, unsigned i, unsigned j)
{
    return i < s->hw.mlen && j < s->hw.vlen ? ACC_ROW(s, i)[j] : 0;
}

unsigned npu_iss_cycle_cfg_id(void)
{
    return ISS_CFG_cycle;
}
