/* vliw_iss_exec.c — decode of slot words with the kc_isa description of
 * isa/vliw.def, and what each row does: one switch keyed by the row (VI_<id>),
 * writing through the exposed-latency write pipes with the latencies of the
 * row's dst column. Also the issue of a bundle: branches with BR_DELAY delay
 * slots, zero-overhead loops, S-slot effects.
 *
 * Lanes: a v register is 16 bf16 (or int16) lanes, little-endian, lane 0 at
 * byte 0; an accumulator 16 fp32 (or int32) lanes. fp is kc_fp (bf16 storage,
 * fp32 arithmetic, RNE, FTZ, canonical NaN), as rtl/common computes it.
 */
#include "vliw_iss_int.h"

#include <string.h>

#include "kc_asm.h"
#include "kc_fp.h"
#include "kc_isa.h"

/* ---- decode -------------------------------------------------------------------------- */

unsigned vliw_row_mem(unsigned row)
{
    switch (row) {
    case VI_vld: return VM_LOAD | VM_VEC | VM_OFFSET;
    case VI_vld_pi: case VI_vld_pm: return VM_LOAD | VM_VEC;
    case VI_ld: return VM_LOAD | VM_OFFSET;
    case VI_ld_pi: case VI_ld_pm: return VM_LOAD;
    case VI_vst: return VM_STORE | VM_VEC | VM_OFFSET;
    case VI_vst_pi: case VI_vst_pm: return VM_STORE | VM_VEC;
    case VI_st: return VM_STORE | VM_OFFSET;
    case VI_st_pi: case VI_st_pm: return VM_STORE;
    default: return 0;
    }
}

/* Register id of operand value v of kind k. */
static unsigned reg_id(kc_isa_kind k, unsigned v)
{
    switch (k) {
    case KC_ISA_K_P: case KC_ISA_K_L: return VR_P + (v & 7);
    case KC_ISA_K_O: return VR_M + (v & 7);
    case KC_ISA_K_W: return VR_V + (v & 15);
    case KC_ISA_K_Q: return VR_ACC + (v & 7);
    default: return VR_R + (v & 15);
    }
}

static void decode_op(const kc_isa *isa, uint32_t word, unsigned slot, vop *op, int *illegal)
{
    memset(op, 0, sizeof *op);
    op->word = word;
    op->row = VI_nop;
    if (!word)
        return;   /* nop in every slot */
    const kc_isa_insn *in = kc_asm_decode(isa, word);
    if (!in || !kc_isa_insn_in_slot(isa, in, (int)slot)) {
        *illegal = 1;
        return;
    }
    op->row = (uint16_t)(in - isa->insns);
    for (int i = 0; i < in->nops; i++) {
        const kc_isa_operand *o = &in->ops[i];
        int64_t v = kc_isa_operand_get(o, word);
        const char *f = o->field->name;
        if (!strcmp(f, "d")) op->d = (uint8_t)v;
        else if (!strcmp(f, "a")) op->a = (uint8_t)v;
        else if (!strcmp(f, "b")) op->b = (uint8_t)v;
        else if (!strcmp(f, "c")) op->c = (uint8_t)v;
        else if (!strcmp(f, "val") || !strcmp(f, "cnt10")) op->imm2 = (int32_t)v;
        else op->imm = (int32_t)v;
    }
    for (int k = 0; k < in->ndst && k < VOP_MAXD; k++) {
        const kc_isa_operand *o = &in->ops[in->dsts[k].op];
        op->dreg[k] = (uint8_t)reg_id(o->kind, (unsigned)kc_isa_operand_get(o, word));
        op->dlat[k] = (uint8_t)in->dsts[k].latency;
        op->nd = (uint8_t)(k + 1);
    }
}

void vliw_decode_bundle(const kc_isa *isa, const uint32_t *w, vbundle *b)
{
    memset(b, 0, sizeof *b);
    for (unsigned s = 0; s < VLIW_ISS_SLOTS; s++) {
        int illegal = 0;
        decode_op(isa, w[s], s, &b->op[s], &illegal);
        if (illegal && !b->illegal)
            b->illegal = (uint8_t)(s + 1);
        if (w[s])
            b->active |= (uint8_t)(1u << s);
    }
}

/* ---- write pipes --------------------------------------------------------------------- */

static void put_acc(vtile *t, unsigned reg, const void *val, unsigned bytes, unsigned lat, unsigned slot,
                    unsigned accop)
{
    if (reg == VR_R)
        return;   /* r0 */
    uint64_t due = t->nb + lat;
    unsigned k = (unsigned)(due % VRING);
    if (t->nw[k] == VRING_W)
        return;   /* cannot happen: a conflict traps first */
    if (t->pend[reg] >> k & 1)
        t->dup[k] = 1;   /* traps when due - 1 is presented */
    vwrite *w = &t->ring[k][t->nw[k]++];
    w->reg = (uint8_t)reg;
    w->accop = (uint8_t)accop;
    w->slot = (uint8_t)slot;
    memcpy(w->val, val, bytes);
    if (reg >= VR_P && reg < VR_M) {   /* pointers are 20 bits: window << 16 | offset */
        uint32_t p;
        memcpy(&p, w->val, 4);
        p &= 0xfffffu;
        memcpy(w->val, &p, 4);
    }
    t->pend[reg] |= (uint16_t)(1u << k);
}

static void put(vtile *t, unsigned reg, const void *val, unsigned bytes, unsigned lat, unsigned slot)
{
    put_acc(t, reg, val, bytes, lat, slot, VACC_NONE);
}

/* Destination k of op (in slot sl) with a value of `bytes`. */
static void wr(vtile *t, const vop *op, unsigned k, const void *val, unsigned bytes)
{
    put(t, op->dreg[k], val, bytes, op->dlat[k], (unsigned)(op - t->pb->op));
}

static void wr32(vtile *t, const vop *op, unsigned k, uint32_t v)
{
    wr(t, op, k, &v, 4);
}

/* ---- lanes ---------------------------------------------------------------------------- */

static uint16_t lane16(const uint8_t *v, unsigned l)
{
    return (uint16_t)(v[2 * l] | v[2 * l + 1] << 8);
}

static void set16(uint8_t *v, unsigned l, uint16_t x)
{
    v[2 * l] = (uint8_t)x;
    v[2 * l + 1] = (uint8_t)(x >> 8);
}

static uint32_t lane32(const uint8_t *v, unsigned l)
{
    uint32_t x;
    memcpy(&x, v + 4 * l, 4);
    return x;
}

static void set32(uint8_t *v, unsigned l, uint32_t x)
{
    memcpy(v + 4 * l, &x, 4);
}

static uint32_t bf(const uint8_t *v, unsigned l)
{
    return kc_fp_from_bf16(lane16(v, l));
}

/* MAC-slot rows: the term s of every lane (rtl/vliw/vliw_mac.v): products of
 * bf16 (kc_fp_mul), a matrix lane's sum as the tree (p0 + p1) + (p2 + p3)
 * (the RTL does one add per MAC stage: docs/vliw_timing.md); the accumulation
 * with ACC happens when the result lands (vliw_acc_combine). */
static void mac_row(unsigned row, uint8_t *out, const uint8_t *a, const uint8_t *b)
{
    uint32_t fa[16], fb[16];
    int fp = row != VI_vmac_i16 && row != VI_vmsc_i16 && row != VI_vmul_i16;
    for (unsigned l = 0; l < 16; l++) {
        fa[l] = fp ? bf(a, l) : (uint32_t)(int32_t)(int16_t)lane16(a, l);
        fb[l] = fp ? bf(b, l) : (uint32_t)(int32_t)(int16_t)lane16(b, l);
    }
    for (unsigned l = 0; l < 16; l++) {
        uint32_t r;
        if (row == VI_vmmac || row == VI_vmmul) {
            unsigned i = l / 4, j = l % 4;
            uint32_t p[4];
            for (unsigned k = 0; k < 4; k++)
                p[k] = kc_fp_mul(fa[4 * i + k], fb[4 * k + j]);
            r = kc_fp_add(kc_fp_add(p[0], p[1]), kc_fp_add(p[2], p[3]));
        } else if (fp) {
            r = kc_fp_mul(fa[l], fb[l]);
        } else {
            r = (uint32_t)((int32_t)fa[l] * (int32_t)fb[l]);
        }
        set32(out, l, r);
    }
}

void vliw_acc_combine(uint8_t *acc, const uint8_t *val, unsigned op)
{
    for (unsigned l = 0; l < 16; l++) {
        uint32_t x = lane32(acc, l), y = lane32(val, l), r;
        switch (op) {
        case VACC_FADD: r = kc_fp_add(x, y); break;
        case VACC_FSUB: r = kc_fp_sub(x, y); break;
        case VACC_IADD: r = x + y; break;
        default: r = x - y; break;   /* VACC_ISUB */
        }
        set32(acc, l, r);
    }
}

/* VEC accumulator rows, lane-wise. */
static void acc_row(unsigned row, uint8_t *out, const uint8_t *a, const uint8_t *b, uint32_t mask)
{
    for (unsigned l = 0; l < 16; l++) {
        uint32_t x = lane32(a, l), y = lane32(b, l), r;
        switch (row) {
        case VI_aadd: r = kc_fp_add(x, y); break;
        case VI_asub: r = kc_fp_sub(x, y); break;
        case VI_amul: r = kc_fp_mul(x, y); break;
        case VI_amax: r = kc_fp_max(x, y); break;
        case VI_amin: r = kc_fp_min(x, y); break;
        case VI_alt: r = kc_fp_lt(x, y) ? KC_FP_ONE : 0; break;
        case VI_asel: r = (mask >> l) & 1 ? x : y; break;
        case VI_aiota: r = kc_fp_from_int((int32_t)l); break;
        case VI_aexp: r = kc_fp_exp(x); break;
        case VI_arcp: r = kc_fp_recip(x); break;
        default: r = kc_fp_rsqrt(x); break;   /* arsqrt */
        }
        set32(out, l, r);
    }
}

/* Pairwise tree over 16 fp32 lanes: ((0+1)+(2+3))+... */
static uint32_t acc_reduce(const uint8_t *a, int max)
{
    uint32_t v[16];
    for (unsigned l = 0; l < 16; l++)
        v[l] = lane32(a, l);
    for (unsigned st = 1; st < 16; st *= 2)
        for (unsigned i = 0; i + st < 16; i += 2 * st)
            v[i] = max ? kc_fp_max(v[i], v[i + st]) : kc_fp_add(v[i], v[i + st]);
    return v[0];
}

/* srs.i16: sat16((x + (c ? 1 << (c-1) : 0)) >> c), in 64 bits. */
static uint16_t srs_i16(uint32_t x, unsigned c)
{
    int64_t v = (int64_t)(int32_t)x;
    if (c)
        v = (v + ((int64_t)1 << (c - 1))) >> c;
    if (v > 32767)
        v = 32767;
    if (v < -32768)
        v = -32768;
    return (uint16_t)v;
}

/* ---- loops and branches ----------------------------------------------------------------- */

/* The pc after a bundle whose sequential successor is `next`, with zero-overhead
 * loops (as npu_iss.c's iss_fall): returns the level to decrement or -1. */
static int fall(const vtile *t, uint32_t next, uint32_t *npc, unsigned *nsp)
{
    *npc = next;
    *nsp = t->lp_sp;
    for (int li = (int)t->lp_sp - 1; li >= 0; li--) {
        if (t->lp_end[li] != next)
            break;
        if (t->lp_cnt[li] > 1) {
            *npc = t->lp_start[li];
            return li;
        }
        *nsp = (unsigned)li;
    }
    return -1;
}

static void redirect(vliw_iss *s, vtile *t, uint32_t target)
{
    if (t->nbr < 8) {
        t->br_pc[t->nbr] = target;
        t->br_at[t->nbr++] = t->nb + 1 + s->p.br_delay;
    }
}

/* ---- issue ------------------------------------------------------------------------------ */

static const uint8_t *load_data(const vtile *t, unsigned slot)
{
    for (unsigned i = 0; i < t->nacc; i++)
        if (t->acc_req[i].slot == slot)
            return t->acc_req[i].data;
    return NULL;
}

static uint32_t special(const vliw_iss *s, unsigned tid, unsigned id)
{
    switch (id) {
    case VSP_TID: return tid;
    case VSP_ROW: return tid / s->p.cols;
    case VSP_COL: return tid % s->p.cols;
    case VSP_NTILES: return s->ntiles;
    case VSP_CYCLELO: return (uint32_t)s->cycle;
    case VSP_CYCLEHI: return (uint32_t)(s->cycle >> 32);
    default: return 0;
    }
}

static const unsigned slot_counter[VLIW_ISS_SLOTS] = {
    VLIW_C_SLOT_S, VLIW_C_SLOT_LD, VLIW_C_SLOT_LD, VLIW_C_SLOT_ST, VLIW_C_SLOT_MAC, VLIW_C_SLOT_VEC, VLIW_C_SLOT_MV,
};

/* The S slot's control flow: branches, jumps, loops. */
static void exec_control(vliw_iss *s, vtile *t, const vop *op, uint32_t pc, uint32_t *npc, unsigned *nsp, int *dec)
{
    const uint32_t ra = t->r[op->a & 15], rb = t->r[op->b & 15], tgt = (uint32_t)op->imm;
    switch (op->row) {
    case VI_beq: if (ra == rb) redirect(s, t, tgt); break;
    case VI_bne: if (ra != rb) redirect(s, t, tgt); break;
    case VI_blt: if ((int32_t)ra < (int32_t)rb) redirect(s, t, tgt); break;
    case VI_bge: if ((int32_t)ra >= (int32_t)rb) redirect(s, t, tgt); break;
    case VI_bltu: if (ra < rb) redirect(s, t, tgt); break;
    case VI_bgeu: if (ra >= rb) redirect(s, t, tgt); break;
    case VI_beqz: if (ra == 0) redirect(s, t, tgt); break;
    case VI_bnez: if (ra != 0) redirect(s, t, tgt); break;
    case VI_j: redirect(s, t, tgt); break;
    case VI_jal: wr32(t, op, 0, pc + 1 + s->p.br_delay); redirect(s, t, tgt); break;
    case VI_jr: redirect(s, t, ra); break;
    case VI_loop: case VI_loopi: {
        /* the body is pc+1 .. tgt-1; a count of 0 runs it once (loop) */
        uint32_t n = op->row == VI_loop ? ra : (uint32_t)op->imm2;
        if (n == 0)
            n = 1;
        t->lp_start[t->lp_sp] = pc + 1;
        t->lp_end[t->lp_sp] = tgt;
        t->lp_cnt[t->lp_sp] = n;
        *nsp = t->lp_sp + 1;
        *npc = pc + 1;
        *dec = -1;
        break;
    }
    default: break;
    }
}

void vliw_exec_bundle(vliw_iss *s, unsigned tid)
{
    vtile *t = &s->t[tid];
    const vbundle *b = t->pb;
    const uint32_t pc = t->pc;
    uint32_t npc;
    unsigned nsp;
    int dec = fall(t, pc + 1, &npc, &nsp);
    s->cnt[VLIW_C_BUNDLES]++;
    for (unsigned sl = 0; sl < VLIW_ISS_SLOTS; sl++) {
        if (!(b->active >> sl & 1))
            continue;
        s->cnt[slot_counter[sl]]++;
        const vop *op = &b->op[sl];
        const uint32_t ra = t->r[op->a & 15], rb = t->r[op->b & 15], imm = (uint32_t)op->imm;
        const uint8_t *va = t->v[op->a & 15], *vb = t->v[op->b & 15];
        const uint8_t *aa = t->acc[op->a & 7], *ab = t->acc[op->b & 7];
        uint8_t tmp[64];
        switch (op->row) {
        case VI_nop: break;
        case VI_halt: t->halted = 1; t->halt_pc = pc; break;
        case VI_add: wr32(t, op, 0, ra + rb); break;
        case VI_sub: wr32(t, op, 0, ra - rb); break;
        case VI_and: wr32(t, op, 0, ra & rb); break;
        case VI_or: wr32(t, op, 0, ra | rb); break;
        case VI_xor: wr32(t, op, 0, ra ^ rb); break;
        case VI_sll: wr32(t, op, 0, ra << (rb & 31)); break;
        case VI_srl: wr32(t, op, 0, ra >> (rb & 31)); break;
        case VI_sra: wr32(t, op, 0, (uint32_t)((int32_t)ra >> (rb & 31))); break;
        case VI_slt: wr32(t, op, 0, (int32_t)ra < (int32_t)rb); break;
        case VI_sltu: wr32(t, op, 0, ra < rb); break;
        case VI_mul: wr32(t, op, 0, ra * rb); break;
        case VI_addi: wr32(t, op, 0, ra + imm); break;
        case VI_andi: wr32(t, op, 0, ra & imm); break;
        case VI_ori: wr32(t, op, 0, ra | imm); break;
        case VI_xori: wr32(t, op, 0, ra ^ imm); break;
        case VI_slti: wr32(t, op, 0, (int32_t)ra < (int32_t)imm); break;
        case VI_lui: wr32(t, op, 0, imm << 16); break;
        case VI_slli: wr32(t, op, 0, ra << (op->c & 31)); break;
        case VI_srli: wr32(t, op, 0, ra >> (op->c & 31)); break;
        case VI_srai: wr32(t, op, 0, (uint32_t)((int32_t)ra >> (op->c & 31))); break;
        case VI_padd: wr32(t, op, 0, t->p[op->d & 7] + imm); break;
        case VI_padd_m: wr32(t, op, 0, t->p[op->d & 7] + t->m[op->b & 7]); break;
        case VI_beq: case VI_bne: case VI_blt: case VI_bge: case VI_bltu: case VI_bgeu: case VI_beqz:
        case VI_bnez: case VI_j: case VI_jal: case VI_jr: case VI_loop: case VI_loopi:
            exec_control(s, t, op, pc, &npc, &nsp, &dec);
            break;
        case VI_acq: case VI_rel: case VI_dma_wait: break;   /* phases L / W */
        case VI_dma_start: { vchan *c = &t->ch[op->d & 1]; c->q[c->qn++] = op->a; break; }
        case VI_bd_set: t->bd[op->d][op->c - 16] = ra; break;
        case VI_vld: case VI_vld_pi: case VI_vld_pm:
            wr(t, op, 0, load_data(t, sl), 32);
            break;
        case VI_ld: case VI_ld_pi: case VI_ld_pm: {
            uint32_t v;
            memcpy(&v, load_data(t, sl), 4);
            wr32(t, op, 0, v);
            break;
        }
        case VI_vst: case VI_vst_pi: case VI_vst_pm: case VI_st: case VI_st_pi: case VI_st_pm:
            break;   /* performed in phase B; post-modify below */
        case VI_vmmac: case VI_vmmul: case VI_vmac: case VI_vmsc: case VI_vmul: case VI_vmac_i16:
        case VI_vmsc_i16: case VI_vmul_i16:
        {
            static const uint8_t accops[VI_N] = {
                [VI_vmmac] = VACC_FADD, [VI_vmac] = VACC_FADD, [VI_vmsc] = VACC_FSUB,
                [VI_vmac_i16] = VACC_IADD, [VI_vmsc_i16] = VACC_ISUB,
            };
            mac_row(op->row, tmp, va, vb);
            put_acc(t, op->dreg[0], tmp, 64, op->dlat[0], sl, accops[op->row]);
            break;
        }
        case VI_aadd: case VI_asub: case VI_amul: case VI_amax: case VI_amin: case VI_alt: case VI_asel:
        case VI_aiota: case VI_aexp: case VI_arcp: case VI_arsqrt:
            acc_row(op->row, tmp, aa, ab, t->r[op->c & 15]);
            wr(t, op, 0, tmp, 64);
            break;
        case VI_aredsum: case VI_aredmax: {
            uint32_t r = acc_reduce(aa, op->row == VI_aredmax);
            for (unsigned l = 0; l < 16; l++)
                set32(tmp, l, r);
            wr(t, op, 0, tmp, 64);
            break;
        }
        case VI_vtrn:
            for (unsigned i = 0; i < 4; i++)
                for (unsigned j = 0; j < 4; j++)
                    set16(tmp, 4 * i + j, lane16(va, 4 * j + i));
            wr(t, op, 0, tmp, 32);
            break;
        case VI_vcatlo: case VI_vcathi: {
            unsigned h = op->row == VI_vcathi ? 16 : 0;
            memcpy(tmp, va + h, 16);
            memcpy(tmp + 16, vb + h, 16);
            wr(t, op, 0, tmp, 32);
            break;
        }
        case VI_vsplat:
            for (unsigned l = 0; l < 16; l++)
                set16(tmp, l, lane16(va, op->c & 15));
            wr(t, op, 0, tmp, 32);
            break;
        case VI_vsel: {
            uint32_t m = t->r[op->c & 15];
            for (unsigned l = 0; l < 16; l++)
                set16(tmp, l, (m >> l) & 1 ? lane16(va, l) : lane16(vb, l));
            wr(t, op, 0, tmp, 32);
            break;
        }
        case VI_mov: wr32(t, op, 0, ra); break;
        case VI_mov_pr: wr32(t, op, 0, ra & 0xfffff); break;
        case VI_mov_mr: wr32(t, op, 0, ra); break;
        case VI_mov_rp: wr32(t, op, 0, t->p[op->a & 7]); break;
        case VI_mov_rs: wr32(t, op, 0, special(s, tid, op->a)); break;
        case VI_vmov: wr(t, op, 0, va, 32); break;
        case VI_amov: wr(t, op, 0, aa, 64); break;
        case VI_vbcst:
            for (unsigned l = 0; l < 16; l++)
                set16(tmp, l, (uint16_t)ra);
            wr(t, op, 0, tmp, 32);
            break;
        case VI_abcst:
            for (unsigned l = 0; l < 16; l++)
                set32(tmp, l, ra);
            wr(t, op, 0, tmp, 64);
            break;
        case VI_srs: case VI_srs_i16:
            for (unsigned l = 0; l < 16; l++)
                set16(tmp, l, op->row == VI_srs ? kc_fp_to_bf16(lane32(aa, l)) : srs_i16(lane32(aa, l), op->c));
            wr(t, op, 0, tmp, 32);
            break;
        case VI_ups:
            for (unsigned l = 0; l < 16; l++)
                set32(tmp, l, bf(va, l));
            wr(t, op, 0, tmp, 64);
            break;
        case VI_ups_i16:
            for (unsigned l = 0; l < 16; l++)
                set32(tmp, l, (uint32_t)(int32_t)(int16_t)lane16(va, l) << (op->c & 31));
            wr(t, op, 0, tmp, 64);
            break;
        case VI_vext: wr32(t, op, 0, lane16(va, op->c & 15)); break;
        case VI_aext: wr32(t, op, 0, lane32(aa, op->c & 15)); break;
        case VI_vins:
            memcpy(tmp, t->v[op->d & 15], 32);
            set16(tmp, op->c & 15, (uint16_t)ra);
            wr(t, op, 0, tmp, 32);
            break;
        case VI_movi: wr32(t, op, 0, imm); break;
        case VI_movi_p: wr32(t, op, 0, imm & 0xfffff); break;
        case VI_movi_m: wr32(t, op, 0, imm); break;
        default: break;
        }
        /* post-modify (dst 1 = the pointer, latency 1) */
        switch (op->row) {
        case VI_vld_pi: case VI_ld_pi: case VI_vst_pi: case VI_st_pi:
            wr32(t, op, op->row == VI_vst_pi || op->row == VI_st_pi ? 0 : 1, t->p[op->a & 7] + imm);
            break;
        case VI_vld_pm: case VI_ld_pm: case VI_vst_pm: case VI_st_pm:
            wr32(t, op, op->row == VI_vst_pm || op->row == VI_st_pm ? 0 : 1, t->p[op->a & 7] + t->m[op->b & 7]);
            break;
        default: break;
        }
    }
    if (dec >= 0)
        t->lp_cnt[dec]--;
    t->lp_sp = nsp;
    t->nb++;
    for (unsigned i = 0; i < t->nbr; i++)
        if (t->br_at[i] == t->nb) {
            npc = t->br_pc[i];
            t->br_pc[i] = t->br_pc[--t->nbr];
            t->br_at[i] = t->br_at[t->nbr];
            break;
        }
    t->pc = npc;
}
