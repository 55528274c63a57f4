/* vliw_iss_exec.c — what each vliw slot op does (one switch keyed by the
 * semantic a table row maps to, by name), the destinations and latencies each op
 * writes, and the issue of a bundle: register reads, write pipes, branches with
 * BR_DELAY delay slots, zero-overhead loops, S-slot effects.
 *
 * Lanes: a v register is 16 bf16 (or int16) lanes, little-endian, lane 0 at
 * byte 0; an accumulator 16 fp32 (or int32) lanes. fp is kc_fp (bf16 storage,
 * fp32 arithmetic, RNE, FTZ, canonical NaN).
 */
#include "vliw_iss_int.h"

#include <string.h>
#include <strings.h>

#include "kc_fp.h"

/* ---- the semantic table ----------------------------------------------------------- */

static const char *const sem_names[VSEM_N] = {
#define X(name, slot) #name,
    VLIW_SEMS(X)
#undef X
};

static const signed char sem_slots[VSEM_N] = {
#define X(name, slot) slot,
    VLIW_SEMS(X)
#undef X
};

int vliw_sem_by_name(const char *name)
{
    char buf[32];
    size_t j = 0;
    for (size_t i = 0; name[i] && j + 1 < sizeof buf; i++)
        if (name[i] != '.' && name[i] != '_')
            buf[j++] = name[i];
    buf[j] = 0;
    for (int i = 0; i < VSEM_N; i++)
        if (!strcasecmp(buf, sem_names[i]))
            return i;
    return -1;
}

int vliw_sem_slot(unsigned sem)
{
    return sem < VSEM_N ? sem_slots[sem] : -1;
}

const char *vliw_sem_name(unsigned sem)
{
    return sem < VSEM_N ? sem_names[sem] : "?";
}

/* The latencies ISSUE13.md suggests (the table's column overrides them). */
unsigned vliw_sem_default_latency(unsigned sem)
{
    switch (sem) {
    case VSEM_MUL: return 2;
    case VSEM_LW: case VSEM_VLD: case VSEM_LWO: case VSEM_VLDO: return 3;
    case VSEM_VADD: case VSEM_VSUB: case VSEM_VMULV: case VSEM_VMAXV: case VSEM_VMINV: case VSEM_VADDI16:
        return 2;
    case VSEM_VMMAC: case VSEM_VMAC: case VSEM_VMSC: case VSEM_VMUL: case VSEM_VMACI: case VSEM_VMULI:
        return 4;
    case VSEM_AADD: case VSEM_ASUB: case VSEM_AMUL: case VSEM_AMAX: return 3;
    case VSEM_AEXP: case VSEM_ARECIP: case VSEM_ARSQRT: return 6;
    case VSEM_ARSUM: case VSEM_ARMAX: return 4;
    case VSEM_SRS: case VSEM_UPS: case VSEM_SRSI: case VSEM_UPSI: return 2;
    default: return 1;
    }
}

/* Kind of the main destination of a semantic. */
enum { D_NONE, D_R, D_P, D_M, D_V, D_ACC };

static int sem_dest(unsigned sem)
{
    switch (sem) {
    case VSEM_ADD: case VSEM_SUB: case VSEM_AND: case VSEM_OR: case VSEM_XOR: case VSEM_SLL: case VSEM_SRL:
    case VSEM_SRA: case VSEM_SLT: case VSEM_SLTU: case VSEM_MUL: case VSEM_ADDI: case VSEM_ANDI:
    case VSEM_ORI: case VSEM_XORI: case VSEM_SLLI: case VSEM_SRLI: case VSEM_SRAI: case VSEM_SLTI:
    case VSEM_LUI: case VSEM_LI: case VSEM_LW: case VSEM_LWO: case VSEM_ARSUM: case VSEM_ARMAX:
    case VSEM_MOV: case VSEM_MVRP: case VSEM_MVSP:
        return D_R;
    case VSEM_PADDI: case VSEM_MVPR: return D_P;
    case VSEM_MVMR: return D_M;
    case VSEM_VLD: case VSEM_VLDO: case VSEM_VADD: case VSEM_VSUB: case VSEM_VMULV: case VSEM_VMAXV:
    case VSEM_VMINV: case VSEM_VADDI16: case VSEM_VBCST: case VSEM_VMOV: case VSEM_SRS: case VSEM_SRSI:
    case VSEM_VZERO:
        return D_V;
    case VSEM_VMMAC: case VSEM_VMAC: case VSEM_VMSC: case VSEM_VMUL: case VSEM_VMACI: case VSEM_VMULI:
    case VSEM_AADD: case VSEM_ASUB: case VSEM_AMUL: case VSEM_AMAX: case VSEM_AEXP: case VSEM_ARECIP:
    case VSEM_ARSQRT: case VSEM_AMOV: case VSEM_UPS: case VSEM_UPSI:
        return D_ACC;
    default:
        return D_NONE;
    }
}

static int sem_postmod(unsigned sem)
{
    return sem == VSEM_LW || sem == VSEM_VLD || sem == VSEM_SW || sem == VSEM_VST;
}

void vliw_op_finish(vop *op)
{
    op->nd = 0;
    unsigned reg = 0;
    switch (sem_dest(op->sem)) {
    case D_R: reg = op->d ? VR_R + (op->d & 15u) : 0; break;
    case D_P: reg = VR_P + (op->d & 7u); break;
    case D_M: reg = VR_M + (op->d & 7u); break;
    case D_V: reg = VR_V + (op->d & 15u); break;
    case D_ACC: reg = VR_ACC + (op->d & 7u); break;
    default: break;
    }
    if (reg) {
        op->dreg[op->nd] = (uint8_t)reg;
        op->dlat[op->nd++] = op->lat;
    }
    if (sem_postmod(op->sem)) {   /* p += m: latency 1 */
        op->dreg[op->nd] = (uint8_t)(VR_P + (op->a & 7u));
        op->dlat[op->nd++] = 1;
    }
}

/* ---- write pipes --------------------------------------------------------------------- */

static void put(vtile *t, unsigned reg, const void *val, unsigned bytes, unsigned lat, int mac)
{
    if (reg == VR_R)
        return;   /* r0 */
    uint64_t due = t->nb + lat;
    unsigned k = (unsigned)(due % VRING);
    vwrite *w = &t->ring[k][t->nw[k]++];
    w->reg = (uint8_t)reg;
    w->mac = (uint8_t)mac;
    memcpy(w->val, val, bytes);
    t->pend[reg] |= (uint16_t)(1u << k);
    if (mac)
        t->mac_due[reg - VR_ACC] = due;
}

static void put32(vtile *t, unsigned reg, uint32_t v, unsigned lat)
{
    put(t, reg, &v, 4, lat, 0);
}

/* The accumulator a MAC-slot op accumulates onto: the youngest MAC result in
 * flight to it (forwarded in the MAC pipe), else the landed value. */
static const uint8_t *mac_acc_in(const vtile *t, unsigned a)
{
    uint64_t due = t->mac_due[a];
    if (due > t->nb) {
        unsigned k = (unsigned)(due % VRING);
        for (unsigned i = t->nw[k]; i-- > 0;)
            if (t->ring[k][i].reg == VR_ACC + a && t->ring[k][i].mac)
                return t->ring[k][i].val;
    }
    return t->acc[a];
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

static uint32_t fp_neg(uint32_t x)
{
    return x ^ 0x80000000u;
}

/* bf16 vector op, lane by lane. */
static void vec_bf16(uint8_t *out, const uint8_t *a, const uint8_t *b, unsigned sem)
{
    for (unsigned l = 0; l < 16; l++) {
        uint32_t x = kc_fp_from_bf16(lane16(a, l)), y = kc_fp_from_bf16(lane16(b, l)), r;
        switch (sem) {
        case VSEM_VADD: r = kc_fp_add(x, y); break;
        case VSEM_VSUB: r = kc_fp_sub(x, y); break;
        case VSEM_VMULV: r = kc_fp_mul(x, y); break;
        case VSEM_VMAXV: r = kc_fp_max(x, y); break;
        default: r = kc_fp_min(x, y); break;
        }
        set16(out, l, kc_fp_to_bf16(r));
    }
}

/* fp32 accumulator op, lane by lane (unary ones ignore b). */
static void acc_fp(uint8_t *out, const uint8_t *a, const uint8_t *b, unsigned sem)
{
    for (unsigned l = 0; l < 16; l++) {
        uint32_t x = lane32(a, l), y = lane32(b, l), r;
        switch (sem) {
        case VSEM_AADD: r = kc_fp_add(x, y); break;
        case VSEM_ASUB: r = kc_fp_sub(x, y); break;
        case VSEM_AMUL: r = kc_fp_mul(x, y); break;
        case VSEM_AMAX: r = kc_fp_max(x, y); break;
        case VSEM_AEXP: r = kc_fp_exp(x); break;
        case VSEM_ARECIP: r = kc_fp_recip(x); break;
        default: r = kc_fp_rsqrt(x); break;
        }
        set32(out, l, r);
    }
}

/* Reduction tree over 16 fp32 lanes: level k combines lane i + 2^k into lane i
 * (as the npu's). */
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

/* MAC-slot ops: out = f(acc_in, a, b). */
static void mac_op(uint8_t *out, const uint8_t *acc, const uint8_t *a, const uint8_t *b, unsigned sem)
{
    switch (sem) {
    case VSEM_VMMAC:   /* C(4x4) += A(4x4) x B(4x4), k ascending, one rounding per fma */
        for (unsigned i = 0; i < 4; i++)
            for (unsigned j = 0; j < 4; j++) {
                uint32_t c = lane32(acc, 4 * i + j);
                for (unsigned k = 0; k < 4; k++)
                    c = kc_fp_fma(kc_fp_from_bf16(lane16(a, 4 * i + k)), kc_fp_from_bf16(lane16(b, 4 * k + j)), c);
                set32(out, 4 * i + j, c);
            }
        return;
    default:
        break;
    }
    for (unsigned l = 0; l < 16; l++) {
        uint32_t x = kc_fp_from_bf16(lane16(a, l)), y = kc_fp_from_bf16(lane16(b, l)), c = lane32(acc, l);
        int32_t xi = (int16_t)lane16(a, l), yi = (int16_t)lane16(b, l);
        uint32_t r;
        switch (sem) {
        case VSEM_VMAC: r = kc_fp_fma(x, y, c); break;
        case VSEM_VMSC: r = kc_fp_fma(fp_neg(x), y, c); break;
        case VSEM_VMUL: r = kc_fp_mul(x, y); break;
        case VSEM_VMACI: r = c + (uint32_t)(xi * yi); break;
        default: r = (uint32_t)(xi * yi); break;   /* VMULI */
        }
        set32(out, l, r);
    }
}

/* int32 lane -> int16 with an arithmetic right shift and saturation. */
static uint16_t srs_int(uint32_t x, unsigned sh)
{
    int32_t v = (int32_t)x >> (sh & 31);
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

static uint32_t special(const vliw_iss *s, unsigned tid, int32_t id)
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
        const unsigned rd = VR_R + (op->d & 15u), lat = op->lat;
        uint8_t tmp[64];
        switch (op->sem) {
        case VSEM_NOP: break;
        case VSEM_HALT: t->halted = 1; break;
        case VSEM_ADD: put32(t, rd, ra + rb, lat); break;
        case VSEM_SUB: put32(t, rd, ra - rb, lat); break;
        case VSEM_AND: put32(t, rd, ra & rb, lat); break;
        case VSEM_OR: put32(t, rd, ra | rb, lat); break;
        case VSEM_XOR: put32(t, rd, ra ^ rb, lat); break;
        case VSEM_SLL: put32(t, rd, ra << (rb & 31), lat); break;
        case VSEM_SRL: put32(t, rd, ra >> (rb & 31), lat); break;
        case VSEM_SRA: put32(t, rd, (uint32_t)((int32_t)ra >> (rb & 31)), lat); break;
        case VSEM_SLT: put32(t, rd, (int32_t)ra < (int32_t)rb, lat); break;
        case VSEM_SLTU: put32(t, rd, ra < rb, lat); break;
        case VSEM_MUL: put32(t, rd, ra * rb, lat); break;
        case VSEM_ADDI: put32(t, rd, ra + imm, lat); break;
        case VSEM_ANDI: put32(t, rd, ra & imm, lat); break;
        case VSEM_ORI: put32(t, rd, ra | imm, lat); break;
        case VSEM_XORI: put32(t, rd, ra ^ imm, lat); break;
        case VSEM_SLLI: put32(t, rd, ra << (imm & 31), lat); break;
        case VSEM_SRLI: put32(t, rd, ra >> (imm & 31), lat); break;
        case VSEM_SRAI: put32(t, rd, (uint32_t)((int32_t)ra >> (imm & 31)), lat); break;
        case VSEM_SLTI: put32(t, rd, (int32_t)ra < (int32_t)imm, lat); break;
        case VSEM_LUI: put32(t, rd, imm << 16, lat); break;
        case VSEM_LI: put32(t, rd, imm, lat); break;
        case VSEM_BEQ: if (ra == rb) redirect(s, t, pc + imm); break;
        case VSEM_BNE: if (ra != rb) redirect(s, t, pc + imm); break;
        case VSEM_BLT: if ((int32_t)ra < (int32_t)rb) redirect(s, t, pc + imm); break;
        case VSEM_BGE: if ((int32_t)ra >= (int32_t)rb) redirect(s, t, pc + imm); break;
        case VSEM_BLTU: if (ra < rb) redirect(s, t, pc + imm); break;
        case VSEM_BGEU: if (ra >= rb) redirect(s, t, pc + imm); break;
        case VSEM_J: redirect(s, t, pc + imm); break;
        case VSEM_LOOP: case VSEM_LOOPI: {
            uint32_t n = op->sem == VSEM_LOOP ? ra : imm;
            uint32_t end = pc + (uint32_t)(op->sem == VSEM_LOOP ? op->imm : op->imm2);
            if (n == 0) {
                dec = fall(t, end, &npc, &nsp);
            } else if (t->lp_sp < s->p.loop_depth) {
                t->lp_start[t->lp_sp] = pc + 1;
                t->lp_end[t->lp_sp] = end;
                t->lp_cnt[t->lp_sp] = n;
                nsp = t->lp_sp + 1;
                npc = pc + 1;
                dec = -1;
            }
            break;
        }
        case VSEM_ACQ: case VSEM_REL: break;   /* applied in phase L */
        case VSEM_BDSET: t->bd[imm][op->imm2] = t->r[op->a & 15]; break;
        case VSEM_DMASTART: { vchan *c = &t->ch[imm & 1]; c->q[c->qn++] = (unsigned)op->imm2; break; }
        case VSEM_DMAWAIT: break;
        case VSEM_PADDI: put32(t, VR_P + (op->d & 7u), t->p[op->a & 7] + imm, lat); break;
        case VSEM_LW: case VSEM_LWO: {
            uint32_t v;
            memcpy(&v, load_data(t, sl), 4);
            put32(t, rd, v, lat);
            break;
        }
        case VSEM_VLD: case VSEM_VLDO: put(t, VR_V + (op->d & 15u), load_data(t, sl), 32, lat, 0); break;
        case VSEM_SW: case VSEM_VST: case VSEM_SWO: case VSEM_VSTO: break;   /* performed in phase B */
        case VSEM_VMMAC: case VSEM_VMAC: case VSEM_VMSC: case VSEM_VMUL: case VSEM_VMACI: case VSEM_VMULI:
            mac_op(tmp, mac_acc_in(t, op->d & 7), t->v[op->a & 15], t->v[op->b & 15], op->sem);
            put(t, VR_ACC + (op->d & 7u), tmp, 64, lat, 1);
            break;
        case VSEM_VADD: case VSEM_VSUB: case VSEM_VMULV: case VSEM_VMAXV: case VSEM_VMINV:
            vec_bf16(tmp, t->v[op->a & 15], t->v[op->b & 15], op->sem);
            put(t, VR_V + (op->d & 15u), tmp, 32, lat, 0);
            break;
        case VSEM_VADDI16:
            for (unsigned l = 0; l < 16; l++)
                set16(tmp, l, (uint16_t)(lane16(t->v[op->a & 15], l) + lane16(t->v[op->b & 15], l)));
            put(t, VR_V + (op->d & 15u), tmp, 32, lat, 0);
            break;
        case VSEM_AADD: case VSEM_ASUB: case VSEM_AMUL: case VSEM_AMAX: case VSEM_AEXP: case VSEM_ARECIP:
        case VSEM_ARSQRT:
            acc_fp(tmp, t->acc[op->a & 7], t->acc[op->b & 7], op->sem);
            put(t, VR_ACC + (op->d & 7u), tmp, 64, lat, 0);
            break;
        case VSEM_ARSUM: case VSEM_ARMAX:
            put32(t, rd, acc_reduce(t->acc[op->a & 7], op->sem == VSEM_ARMAX), lat);
            break;
        case VSEM_MOV: put32(t, rd, ra, lat); break;
        case VSEM_MVPR: put32(t, VR_P + (op->d & 7u), ra, lat); break;
        case VSEM_MVMR: put32(t, VR_M + (op->d & 7u), ra, lat); break;
        case VSEM_MVRP: put32(t, rd, t->p[op->a & 7], lat); break;
        case VSEM_MVSP: put32(t, rd, special(s, tid, op->imm), lat); break;
        case VSEM_VBCST:
            for (unsigned l = 0; l < 16; l++)
                set16(tmp, l, (uint16_t)ra);
            put(t, VR_V + (op->d & 15u), tmp, 32, lat, 0);
            break;
        case VSEM_VZERO:
            memset(tmp, 0, 32);
            put(t, VR_V + (op->d & 15u), tmp, 32, lat, 0);
            break;
        case VSEM_VMOV: put(t, VR_V + (op->d & 15u), t->v[op->a & 15], 32, lat, 0); break;
        case VSEM_AMOV: put(t, VR_ACC + (op->d & 7u), t->acc[op->a & 7], 64, lat, 0); break;
        case VSEM_SRS: case VSEM_SRSI:
            for (unsigned l = 0; l < 16; l++) {
                uint32_t x = lane32(t->acc[op->a & 7], l);
                set16(tmp, l, op->sem == VSEM_SRS ? kc_fp_to_bf16(x) : srs_int(x, imm));
            }
            put(t, VR_V + (op->d & 15u), tmp, 32, lat, 0);
            break;
        case VSEM_UPS: case VSEM_UPSI:
            for (unsigned l = 0; l < 16; l++) {
                uint16_t h = lane16(t->v[op->a & 15], l);
                set32(tmp, l, op->sem == VSEM_UPS ? kc_fp_from_bf16(h) : (uint32_t)(int32_t)(int16_t)h);
            }
            put(t, VR_ACC + (op->d & 7u), tmp, 64, lat, 0);
            break;
        default: break;
        }
        if (sem_postmod(op->sem))
            put32(t, VR_P + (op->a & 7u), t->p[op->a & 7] + t->m[op->b & 7], 1);
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
