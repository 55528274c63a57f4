/* kc_iss.c — the npu instruction-set simulator (see kc_iss.h).
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
#include "kc_iss.h"

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

_Static_assert(KC_ISS_NXREGS <= 16 && KC_ISS_NFREGS <= 16 && KC_ISS_NAREGS <= 16,
               "register fields are 4 bits wide");

static const char *const iss_trap_names[KC_ISS_NTRAPS] = {
    "none", "illegal-instruction", "pc-range", "vsram-range",
    "dram-range", "dram-misaligned", "bad-config", "loop",
};

const char *kc_iss_trap_name(unsigned cause)
{
    return cause < KC_ISS_NTRAPS ? iss_trap_names[cause] : "unknown";
}

/* ---- state --------------------------------------------------------------------- */

/* One pre-decoded instruction: the row and every operand field's value (sign-
 * extended for S and B kinds, 0 for fields the row does not have). */
typedef struct iss_insn {
    uint32_t code;
    uint32_t word;
    uint32_t op[ISS_NFIELDS];
} iss_insn;

struct kc_iss {
    uint32_t pc;
    uint32_t x[16], f[16], a[16];
    uint32_t cfg[KC_ISS_NCFG];
    uint32_t lp_start[KC_ISS_LOOP_DEPTH], lp_end[KC_ISS_LOOP_DEPTH], lp_cnt[KC_ISS_LOOP_DEPTH];
    unsigned lp_sp;
    kc_core_state state;
    unsigned cause;
    uint32_t trap_pc, trap_info;
    uint64_t instret;
    const kc_isa *isa;
    iss_insn *prog;          /* KC_ISS_IMEM_WORDS entries */
    size_t ndecoded;         /* entries [0, ndecoded) may differ from the zero word */
    iss_insn zero;           /* decode of the zero word (what empty imem holds) */
    uint8_t *dram;
    uint32_t dram_bytes;
    unsigned char cfg_exists[KC_ISS_NCFG];
    uint16_t vs[KC_ISS_VROWS][KC_ISS_VLEN];
    /* matrix unit: matrix SRAM, weight buffers WB[b][k][j] (bf16), accumulators */
    uint16_t ms[KC_ISS_MROWS][KC_ISS_VLEN];
    uint16_t wb[KC_ISS_MAT_WBUFS][KC_ISS_VLEN][KC_ISS_VLEN];
    uint32_t acc[KC_ISS_MLEN][KC_ISS_VLEN];
};

/* ---- helpers the exec column calls ----------------------------------------------- */

static void iss_trap(kc_iss *s, unsigned cause, uint32_t pc, uint32_t info)
{
    s->state = KC_CORE_TRAPPED;
    s->cause = cause;
    s->trap_pc = pc;
    s->trap_info = info;
}

static uint32_t iss_cfg_read(const kc_iss *s, uint32_t id)
{
    if (id == ISS_CFG_cycle)
        return (uint32_t)s->instret;   /* no timing: see kc_iss.h */
    return id < KC_ISS_NCFG && s->cfg_exists[id] ? s->cfg[id] : 0;
}

static void iss_cfg_write(kc_iss *s, uint32_t id, uint32_t v)
{
    if (id < KC_ISS_NCFG && s->cfg_exists[id] && id != ISS_CFG_cycle)
        s->cfg[id] = v;   /* read-only and absent registers ignore writes */
}

/* Vector-instruction traps in npu_core.v order: vmask, then destination row,
 * first source row, second source row. */
static int iss_vcheck(kc_iss *s, uint32_t pc, int use_rd, uint32_t rd, int use_a, uint32_t ra,
                      int use_b, uint32_t rb)
{
    uint32_t vm = s->cfg[ISS_CFG_vmask];
    if (vm == 0 || vm > KC_ISS_VLEN)
        iss_trap(s, KC_ISS_TRAP_CONFIG, pc, vm);
    else if (use_rd && rd >= KC_ISS_VROWS)
        iss_trap(s, KC_ISS_TRAP_VSRAM, pc, rd);
    else if (use_a && ra >= KC_ISS_VROWS)
        iss_trap(s, KC_ISS_TRAP_VSRAM, pc, ra);
    else if (use_b && rb >= KC_ISS_VROWS)
        iss_trap(s, KC_ISS_TRAP_VSRAM, pc, rb);
    else
        return 0;
    return 1;
}

/* The reduction tree of npu_vector.v: level k combines lane i + 2^k into lane i
 * for i a multiple of 2^(k+1); inactive lanes hold the identity. */
static uint32_t iss_reduce(const uint16_t *row, unsigned active, uint32_t (*op)(uint32_t, uint32_t),
                           uint32_t identity)
{
    uint32_t t[KC_ISS_VLEN];
    for (unsigned i = 0; i < KC_ISS_VLEN; i++)
        t[i] = i < active ? kc_fp_from_bf16(row[i]) : identity;
    for (unsigned st = 1; st < KC_ISS_VLEN; st *= 2)
        for (unsigned i = 0; i + st < KC_ISS_VLEN; i += 2 * st)
            t[i] = op(t[i], t[i + st]);
    return t[0];
}

/* dld / dst: traps in npu_core.v order (none for a zero row count), then the
 * transfer. Each DRAM row of dlen elements maps to ceil(dlen/VLEN) consecutive
 * SRAM rows, which are contiguous here, so a row is one copy; a load zeroes the
 * lanes past dlen of its last SRAM row, a store writes exactly 2*dlen bytes. */
static int iss_dma(kc_iss *s, uint32_t pc, int load, uint16_t (*sram)[KC_ISS_VLEN], uint32_t nrows,
                   uint32_t vrow, uint32_t addr, uint32_t n)
{
    if (n == 0)
        return 0;
    uint32_t dlen = s->cfg[ISS_CFG_dlen], stride = s->cfg[ISS_CFG_dstride];
    if (dlen == 0 || dlen > 65535) {
        iss_trap(s, KC_ISS_TRAP_CONFIG, pc, dlen);
        return 1;
    }
    if ((addr & 1) || (stride & 1)) {
        iss_trap(s, KC_ISS_TRAP_ALIGN, pc, (addr & 1) ? addr : stride);
        return 1;
    }
    uint64_t sub = (dlen + KC_ISS_VLEN - 1) / KC_ISS_VLEN;
    if ((uint64_t)vrow + (uint64_t)n * sub > nrows) {
        iss_trap(s, KC_ISS_TRAP_VSRAM, pc, vrow);
        return 1;
    }
    uint64_t dend = (uint64_t)addr + ((uint64_t)n - 1) * stride + 2ull * dlen;
    if (dend > s->dram_bytes) {
        iss_trap(s, KC_ISS_TRAP_DRAM, pc, (uint32_t)dend - 1u);
        return 1;
    }
    size_t bytes = 2u * (size_t)dlen, span = (size_t)sub * KC_ISS_VLEN * 2u;
    for (uint32_t r = 0; r < n; r++) {
        uint8_t *row = (uint8_t *)sram[vrow + (uint64_t)r * sub];
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

static int iss_mrows_bad(kc_iss *s, uint32_t pc)
{
    uint32_t m = s->cfg[ISS_CFG_mrows];
    if (m == 0 || m > KC_ISS_MLEN) {
        iss_trap(s, KC_ISS_TRAP_CONFIG, pc, m);
        return 1;
    }
    return 0;
}

/* mldb / mldbt: WB[b][k][j] = MS[row + k][j], or MS[row + j][k] transposed. */
static int iss_mat_ldb(kc_iss *s, uint32_t pc, uint32_t b, uint32_t row, int transposed)
{
    if ((uint64_t)row + KC_ISS_VLEN > KC_ISS_MROWS) {
        iss_trap(s, KC_ISS_TRAP_VSRAM, pc, row);
        return 1;
    }
    for (unsigned k = 0; k < KC_ISS_VLEN; k++)
        for (unsigned j = 0; j < KC_ISS_VLEN; j++)
            s->wb[b][k][j] = transposed ? s->ms[row + j][k] : s->ms[row + k][j];
    return 0;
}

/* mmac: ACC[i][j] = fma(A[i][k], WB[b][k][j], ACC[i][j]) for k ascending, i < mrows,
 * A[i] = vector-SRAM row `row + i`. */
static int iss_mat_mac(kc_iss *s, uint32_t pc, uint32_t b, uint32_t row)
{
    if (iss_mrows_bad(s, pc))
        return 1;
    uint32_t m = s->cfg[ISS_CFG_mrows];
    if ((uint64_t)row + m > KC_ISS_VROWS) {
        iss_trap(s, KC_ISS_TRAP_VSRAM, pc, row);
        return 1;
    }
    for (uint32_t i = 0; i < m; i++)
        for (unsigned k = 0; k < KC_ISS_VLEN; k++) {
            uint32_t a = kc_fp_from_bf16(s->vs[row + i][k]);
            for (unsigned j = 0; j < KC_ISS_VLEN; j++)
                s->acc[i][j] = kc_fp_fma(a, kc_fp_from_bf16(s->wb[b][k][j]), s->acc[i][j]);
        }
    return 0;
}

/* mst: VS[row + i][*] = bf16(ACC[i][*]) for i < mrows (all lanes); ACC = +0. */
static int iss_mat_st(kc_iss *s, uint32_t pc, uint32_t row)
{
    if (iss_mrows_bad(s, pc))
        return 1;
    uint32_t m = s->cfg[ISS_CFG_mrows];
    if ((uint64_t)row + m > KC_ISS_VROWS) {
        iss_trap(s, KC_ISS_TRAP_VSRAM, pc, row);
        return 1;
    }
    for (uint32_t i = 0; i < m; i++)
        for (unsigned j = 0; j < KC_ISS_VLEN; j++)
            s->vs[row + i][j] = kc_fp_to_bf16(s->acc[i][j]);
    memset(s->acc, 0, sizeof s->acc);
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
        if (S->lp_sp == KC_ISS_LOOP_DEPTH || off_ <= 1)                           \
            TRAP(KC_ISS_TRAP_LOOP, pc);                                           \
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
        uint16_t *vd_ = S->vs[rd_];                                               \
        const uint16_t *va_ = S->vs[VF_##form##_A ? ra_ : 0];                     \
        const uint16_t *vb_ = S->vs[VF_##form##_B ? rb_ : 0];                     \
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
        dst = iss_reduce(S->vs[ra_], S->cfg[ISS_CFG_vmask], op, (identity));      \
    } while (0)

#define DMA(load) do {                                                            \
        if (iss_dma(S, pc, (load), S->vs, KC_ISS_VROWS, X(rd), A(rs1), X(rs2)))   \
            goto trapped;                                                         \
    } while (0)

/* Matrix unit. Traps in npu_core.v order: mrows (mmac, mst), then the rows. */
#define MDMA() do {                                                               \
        if (iss_dma(S, pc, 1, S->ms, KC_ISS_MROWS, X(rd), A(rs1), X(rs2)))        \
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
static inline int iss_fall(const kc_iss *S, uint32_t next, uint32_t *npc, unsigned *nsp)
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

/* One instruction. Kept inline so kc_iss_run's loop is a tight switch. */
static inline __attribute__((always_inline)) void iss_step(kc_iss *S, kc_iss_event *ev)
{
    const uint32_t pc = S->pc;
    const iss_insn *in;
    if (pc >= KC_ISS_IMEM_WORDS) {
        in = &S->zero;
        iss_trap(S, KC_ISS_TRAP_PC_RANGE, pc, pc);
        goto trapped;
    }
    in = pc < S->ndecoded ? &S->prog[pc] : &S->zero;
    if (in->code == ISS_I_ILLEGAL) {
        iss_trap(S, KC_ISS_TRAP_ILLEGAL, pc, in->word);
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

kc_status kc_iss_open(kc_iss **out, kc_err *err)
{
    *out = NULL;
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
    kc_iss *s = calloc(1, sizeof *s);
    if (!s || !(s->prog = calloc(KC_ISS_IMEM_WORDS, sizeof *s->prog))) {
        free(s);
        return kc_err_set(err, KC_ERR_NOMEM, "iss: out of memory");
    }
    s->isa = isa;
    iss_decode(isa, 0, &s->zero);
    for (size_t i = 0; i < ISS_NCFG_ROWS; i++)
        if (iss_cfg_rows[i].id >= 0 && iss_cfg_rows[i].id < KC_ISS_NCFG)
            s->cfg_exists[iss_cfg_rows[i].id] = 1;
    s->state = KC_CORE_HALTED;
    *out = s;
    return KC_OK;
}

void kc_iss_close(kc_iss *s)
{
    if (!s)
        return;
    free(s->prog);
    free(s);
}

kc_status kc_iss_reset(kc_iss *s, const uint32_t *program, size_t nwords, const uint32_t *args,
                       size_t nargs, kc_dram *dram, kc_err *err)
{
    if (nwords > KC_ISS_IMEM_WORDS)
        return kc_err_set(err, KC_ERR_RANGE, "iss: program of %zu instructions does not fit the "
                          "%d-word instruction memory", nwords, (int)KC_ISS_IMEM_WORDS);
    if (nargs > KC_ISS_NAREGS)
        return kc_err_set(err, KC_ERR_RANGE, "iss: %zu arguments (a0..a%d)", nargs,
                          (int)KC_ISS_NAREGS - 1);
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
        if (iss_cfg_rows[i].id >= 0 && iss_cfg_rows[i].id < KC_ISS_NCFG)
            s->cfg[iss_cfg_rows[i].id] = iss_cfg_rows[i].reset;
    s->lp_sp = 0;
    memset(s->lp_start, 0, sizeof s->lp_start);
    memset(s->lp_end, 0, sizeof s->lp_end);
    memset(s->lp_cnt, 0, sizeof s->lp_cnt);
    s->state = KC_CORE_RUNNING;
    s->cause = 0;
    s->trap_pc = s->trap_info = 0;
    s->instret = 0;
    s->dram = kc_dram_data(dram);
    s->dram_bytes = kc_dram_config(dram)->size_bytes;
    memset(s->vs, 0, sizeof s->vs);
    memset(s->ms, 0, sizeof s->ms);
    memset(s->wb, 0, sizeof s->wb);
    memset(s->acc, 0, sizeof s->acc);
    return KC_OK;
}

kc_core_state kc_iss_step(kc_iss *s, kc_iss_event *ev)
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

kc_core_state kc_iss_run(kc_iss *s, uint64_t limit)
{
    uint64_t stop = limit ? s->instret + limit : UINT64_MAX;
    while (s->state == KC_CORE_RUNNING && s->instret < stop)
        iss_step(s, NULL);
    return s->state;
}

void kc_iss_status(const kc_iss *s, kc_core_status *st)
{
    st->state = s->state;
    st->cause = s->state == KC_CORE_TRAPPED ? s->cause : 0;
    st->cause_name = s->state == KC_CORE_TRAPPED ? kc_iss_trap_name(s->cause) : "";
    st->pc = s->state == KC_CORE_TRAPPED ? s->trap_pc : 0;
    st->info = s->state == KC_CORE_TRAPPED ? s->trap_info : 0;
}

uint32_t kc_iss_pc(const kc_iss *s) { return s->pc; }
uint64_t kc_iss_instret(const kc_iss *s) { return s->instret; }
uint32_t kc_iss_x(const kc_iss *s, unsigned i) { return i < KC_ISS_NXREGS ? s->x[i] : 0; }
uint32_t kc_iss_f(const kc_iss *s, unsigned i) { return i < KC_ISS_NFREGS ? s->f[i] : 0; }
uint32_t kc_iss_a(const kc_iss *s, unsigned i) { return i < KC_ISS_NAREGS ? s->a[i] : 0; }
uint32_t kc_iss_cfg(const kc_iss *s, unsigned id) { return iss_cfg_read(s, id); }

const uint16_t *kc_iss_vrow(const kc_iss *s, unsigned row)
{
    return row < KC_ISS_VROWS ? s->vs[row] : NULL;
}

void kc_iss_set_x(kc_iss *s, unsigned i, uint32_t v)
{
    if (i > 0 && i < KC_ISS_NXREGS)
        s->x[i] = v;
}

void kc_iss_set_vrow(kc_iss *s, unsigned row, const uint16_t *lanes)
{
    if (row < KC_ISS_VROWS)
        memcpy(s->vs[row], lanes, sizeof s->vs[row]);
}

const uint16_t *kc_iss_mrow(const kc_iss *s, unsigned row)
{
    return row < KC_ISS_MROWS ? s->ms[row] : NULL;
}

void kc_iss_set_mrow(kc_iss *s, unsigned row, const uint16_t *lanes)
{
    if (row < KC_ISS_MROWS)
        memcpy(s->ms[row], lanes, sizeof s->ms[row]);
}

uint32_t kc_iss_acc(const kc_iss *s, unsigned i, unsigned j)
{
    return i < KC_ISS_MLEN && j < KC_ISS_VLEN ? s->acc[i][j] : 0;
}

unsigned kc_iss_cycle_cfg_id(void)
{
    return ISS_CFG_cycle;
}
