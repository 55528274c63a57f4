/* vliw_iss.c — the vliw ISS's cycle (phases P, B, L, W, I of vliw_iss.h), the
 * write pipes, banks and locks, and the public API. The DMA engines are in
 * vliw_iss_dma.c, decode and row semantics in vliw_iss_exec.c.
 */
#include "vliw_iss_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kc_asm.h"
#include "kc_isa.h"
#include "vliw_hw.h"

static const char *const cause_names[VLIW_NTRAPS] = {
    "none", "illegal", "pm-fetch", "dm-access", "misaligned", "write-conflict",
    "lock-overflow", "dma-fault", "bd-invalid",
};

const char *const vliw_iss_counter_names[VLIW_NCOUNTERS] = {
    "cycles", "bundles", "slot_s", "slot_ld", "slot_st", "slot_mac", "slot_vec", "slot_mv",
    "stall_lock", "stall_dma_wait", "stall_bank", "dma_busy", "dma_bytes", "bank_conflicts",
};

const char *vliw_iss_cause_name(unsigned cause)
{
    return cause < VLIW_NTRAPS ? cause_names[cause] : "unknown";
}

/* ---- parameters ------------------------------------------------------------------ */

void vliw_iss_params_default(vliw_iss_params *p)
{
    *p = (vliw_iss_params){ .rows = 2, .cols = 2, .pm_bundles = 2048, .dm_bytes = 65536, .nbanks = 8,
                            .nlocks = 16, .nbds = 16, .loop_depth = 2, .br_delay = 2, .dma_inflight = 8 };
}

kc_status vliw_iss_params_from(const kc_hw *hw, vliw_iss_params *p, kc_err *err)
{
    vliw_iss_params_default(p);
    if (hw) {
        p->rows = (unsigned)kc_hw_get(hw, "ROWS", p->rows);
        p->cols = (unsigned)kc_hw_get(hw, "COLS", p->cols);
        p->pm_bundles = (unsigned)kc_hw_get(hw, "PM_BUNDLES", p->pm_bundles);
        p->dm_bytes = (unsigned)kc_hw_get(hw, "DM_BYTES", p->dm_bytes);
        p->nbanks = (unsigned)kc_hw_get(hw, "NBANKS", p->nbanks);
        p->nlocks = (unsigned)kc_hw_get(hw, "NLOCKS", p->nlocks);
        p->nbds = (unsigned)kc_hw_get(hw, "NBDS", p->nbds);
        p->loop_depth = (unsigned)kc_hw_get(hw, "LOOP_DEPTH", p->loop_depth);
        p->br_delay = (unsigned)kc_hw_get(hw, "BR_DELAY", p->br_delay);
        p->dma_inflight = (unsigned)kc_hw_get(hw, "DMA_INFLIGHT", p->dma_inflight);
    }
    if (!p->rows || !p->cols || p->rows * p->cols > VLIW_ISS_MAX_TILES || !p->pm_bundles ||
        p->pm_bundles > (1u << 20) || p->dm_bytes < 256 || p->dm_bytes > 65536 || p->dm_bytes % 32 ||
        !p->nbanks || p->nbanks > 64 || !p->nlocks || p->nlocks > 16 || !p->nbds || p->nbds > 32 ||
        !p->loop_depth || p->loop_depth > VLIW_ISS_MAX_LOOP || p->br_delay > 6 || !p->dma_inflight ||
        p->dma_inflight > VLIW_ISS_MAX_INFLIGHT)
        return kc_err_set(err, KC_ERR_RANGE, "vliw iss: sizes out of range (%ux%u tiles, PM %u, DM %u, "
                          "%u banks, %u locks, %u BDs, loops %u, delay %u, inflight %u)", p->rows, p->cols,
                          p->pm_bundles, p->dm_bytes, p->nbanks, p->nlocks, p->nbds, p->loop_depth,
                          p->br_delay, p->dma_inflight);
    return KC_OK;
}

/* ---- traps ------------------------------------------------------------------------ */

void vliw_trap(vliw_iss *s, unsigned tile, unsigned slot, unsigned cause, uint32_t pc, uint32_t detail)
{
    if (s->trap_now && (s->trap.tile < tile || (s->trap.tile == tile && s->trap.slot <= slot)))
        return;
    s->trap_now = 1;
    s->trap = (vliw_iss_trap){ tile, slot, cause, pc, detail };
}

/* ---- write pipes ------------------------------------------------------------------ */

static uint8_t *reg_ptr(vtile *t, unsigned reg, unsigned *bytes)
{
    if (reg < VR_P) { *bytes = 4; return (uint8_t *)&t->r[reg]; }
    if (reg < VR_M) { *bytes = 4; return (uint8_t *)&t->p[reg - VR_P]; }
    if (reg < VR_V) { *bytes = 4; return (uint8_t *)&t->m[reg - VR_M]; }
    if (reg < VR_ACC) { *bytes = 32; return t->v[reg - VR_V]; }
    *bytes = 64;
    return t->acc[reg - VR_ACC];
}

/* Results due at bundle number nb land. */
static void land(vtile *t, uint64_t nb)
{
    unsigned k = (unsigned)(nb % VRING);
    for (unsigned i = 0; i < t->nw[k]; i++) {
        const vwrite *w = &t->ring[k][i];
        unsigned bytes = 0;
        uint8_t *dst = reg_ptr(t, w->reg, &bytes);
        if (w->accop)
            vliw_acc_combine(dst, w->val, w->accop);
        else
            memcpy(dst, w->val, bytes);
        t->pend[w->reg] &= (uint16_t)~(1u << k);
    }
    t->nw[k] = 0;
    t->dup[k] = 0;
}

static int in_flight(const vtile *t)
{
    for (unsigned k = 0; k < VRING; k++)
        if (t->nw[k])
            return 1;
    return 0;
}

/* ---- presentation (phase P) ------------------------------------------------------- */

/* Two writes of one register landing at the issue edge of the bundle before
 * `due` (the pending writes due then, plus b's own latency-1 writes when b is
 * the bundle issuing there): the smallest such register id (*key) and the
 * smallest slot writing it. */
static int edge_conflict(const vtile *t, uint64_t due, const vbundle *b, unsigned *key, unsigned *slot)
{
    unsigned k = (unsigned)(due % VRING);
    int maybe = t->dup[k];
    unsigned own[VLIW_ISS_SLOTS * VOP_MAXD], nown = 0;
    if (b)
        for (unsigned sl = 0; sl < VLIW_ISS_SLOTS; sl++)
            for (unsigned d = 0; d < b->op[sl].nd; d++) {
                unsigned reg = b->op[sl].dreg[d];
                if (reg == VR_R || b->op[sl].dlat[d] != 1)
                    continue;
                maybe |= t->pend[reg] >> k & 1;
                for (unsigned i = 0; i < nown; i++)
                    maybe |= (own[i] >> 3) == reg;
                own[nown++] = reg << 3 | sl;
            }
    if (!maybe)
        return 0;
    uint8_t cnt[VR_N], smask[VR_N];
    memset(cnt, 0, sizeof cnt);
    memset(smask, 0, sizeof smask);
    for (unsigned i = 0; i < t->nw[k]; i++) {
        cnt[t->ring[k][i].reg]++;
        smask[t->ring[k][i].reg] |= (uint8_t)(1u << t->ring[k][i].slot);
    }
    for (unsigned i = 0; i < nown; i++) {
        cnt[own[i] >> 3]++;
        smask[own[i] >> 3] |= (uint8_t)(1u << (own[i] & 7));
    }
    for (unsigned r = 1; r < VR_N; r++)
        if (cnt[r] > 1) {
            *key = r;
            *slot = (unsigned)__builtin_ctz(smask[r]);
            return 1;
        }
    return 0;
}

/* Address of a memory op: P[a] (+ sext(imm) for the offset forms) modulo
 * 2^20; bits [19:16] the window, [15:0] the offset. */
static int present_access(vliw_iss *s, unsigned tid, unsigned slot, const vop *op, unsigned mem, vaccess *a)
{
    vtile *t = &s->t[tid];
    unsigned size = mem & VM_VEC ? 32 : 4;
    uint32_t addr = (t->p[op->a & 7] + (mem & VM_OFFSET ? (uint32_t)op->imm : 0)) & 0xfffffu;   /* 20-bit adder */
    int m = vliw_window_tile(s, tid, addr >> 16);
    uint32_t off = addr & 0xffff;
    if (m < 0 || off >= s->p.dm_bytes) {
        vliw_trap(s, tid, slot, VLIW_TRAP_DM_ACCESS, t->pc, addr);
        return -1;
    }
    if (off & (size - 1)) {
        vliw_trap(s, tid, slot, VLIW_TRAP_MISALIGNED, t->pc, addr);
        return -1;
    }
    a->slot = (uint8_t)slot;
    a->store = (uint8_t)!!(mem & VM_STORE);
    a->size = (uint8_t)size;
    a->done = 0;
    a->module = (unsigned)m;
    a->off = off;
    a->bank = (off >> 5) % s->p.nbanks;
    if (a->store) {
        if (size == 32)
            memcpy(a->data, t->v[op->d & 15], 32);
        else
            memcpy(a->data, &t->r[op->d & 15], 4);
    }
    return 0;
}

/* Lock operand: window << 4 | index. */
static int present_lock(vliw_iss *s, unsigned tid, const vop *op)
{
    vtile *t = &s->t[tid];
    unsigned id = (unsigned)op->imm & 0x7f, w = id >> 4, idx = id & 15;
    int m = vliw_window_tile(s, tid, w);
    if (m < 0 || idx >= s->p.nlocks) {
        vliw_trap(s, tid, VS_S, VLIW_TRAP_DM_ACCESS, t->pc, id);
        return -1;
    }
    t->lock_kind = op->row == VI_acq ? 1 : 2;
    t->lock_mod = (unsigned)m;
    t->lock_idx = idx;
    t->lock_n = (unsigned)op->imm2 & 63;
    t->lock_ok = 0;
    return 0;
}

static void present(vliw_iss *s, unsigned tid)
{
    vtile *t = &s->t[tid];
    land(t, t->nb);
    if (t->pc >= s->p.pm_bundles) {
        vliw_trap(s, tid, 0, VLIW_TRAP_PM_FETCH, t->pc, t->pc);
        return;
    }
    const vbundle *b = &t->pm[t->pc];
    if (b->illegal) {
        vliw_trap(s, tid, b->illegal - 1u, VLIW_TRAP_ILLEGAL, t->pc, b->op[b->illegal - 1].word);
        return;
    }
    t->nacc = 0;
    t->lock_kind = 0;
    for (unsigned sl = VS_L0; sl <= VS_ST; sl++) {
        const vop *op = &b->op[sl];
        unsigned mem = vliw_row_mem(op->row);
        if (mem) {
            if (present_access(s, tid, sl, op, mem, &t->acc_req[t->nacc]))
                return;
            t->nacc++;
        }
    }
    unsigned key, slot;
    if (edge_conflict(t, t->nb + 1, b, &key, &slot)) {
        vliw_trap(s, tid, slot, VLIW_TRAP_WRITE_CONFLICT, t->pc, key);
        return;
    }
    const vop *sop = &b->op[VS_S];
    if (sop->row == VI_acq || sop->row == VI_rel)
        if (present_lock(s, tid, sop))
            return;
    if ((sop->row == VI_bd_set && (sop->d >= s->p.nbds || sop->c < 16 || sop->c - 16 >= VLIW_BD_NFIELDS)) ||
        (sop->row == VI_dma_start && sop->a >= s->p.nbds)) {
        vliw_trap(s, tid, VS_S, VLIW_TRAP_BD_INVALID, t->pc, sop->row == VI_bd_set ? sop->d : sop->a);
        return;
    }
    if ((sop->row == VI_loop || sop->row == VI_loopi) && t->lp_sp == s->p.loop_depth) {
        vliw_trap(s, tid, VS_S, VLIW_TRAP_ILLEGAL, t->pc, sop->word);   /* loops nested too deep */
        return;
    }
    t->npend = t->nacc;
    t->pb = b;
    t->presented = 1;
}

/* ---- banks (phase B) -------------------------------------------------------------- */

static void perform(vliw_iss *s, vaccess *a)
{
    uint8_t *dm = s->t[a->module].dm + a->off;
    if (a->store)
        memcpy(dm, a->data, a->size);
    else
        memcpy(a->data, dm, a->size);
    a->done = 1;
}

/* The pending accesses of tile t to module m, in slot order. */
static void bank_requests(vliw_iss *s, unsigned t, unsigned m, uint64_t *used)
{
    vtile *tt = &s->t[t];
    if (!tt->presented || !tt->npend)
        return;
    for (unsigned i = 0; i < tt->nacc; i++) {
        vaccess *a = &tt->acc_req[i];
        if (a->done || a->module != m)
            continue;
        uint64_t bit = UINT64_C(1) << a->bank;
        if (*used & bit) {
            s->cnt[VLIW_C_BANK_CONFLICTS]++;
            continue;
        }
        *used |= bit;
        perform(s, a);
        tt->npend--;
    }
}

static void phase_banks(vliw_iss *s)
{
    for (unsigned m = 0; m < s->ntiles; m++) {
        uint64_t used = 0;
        bank_requests(s, m, m, &used);
        for (unsigned t = 0; t < s->ntiles; t++)
            if (t != m)
                bank_requests(s, t, m, &used);
        vliw_dma_banks(s, m, &used);
    }
}

/* ---- locks (phase L) -------------------------------------------------------------- */

static void core_lock(vliw_iss *s, unsigned t, unsigned m)
{
    vtile *tt = &s->t[t];
    if (!tt->presented || tt->npend || !tt->lock_kind || tt->lock_ok || tt->lock_mod != m)
        return;
    uint8_t *v = &s->t[m].locks[tt->lock_idx];
    if (tt->lock_kind == 1) {
        if (*v >= tt->lock_n) {
            *v = (uint8_t)(*v - tt->lock_n);
            tt->lock_ok = 1;
        }
    } else if (*v + tt->lock_n > 63) {
        vliw_trap(s, t, VS_S, VLIW_TRAP_LOCK_OVERFLOW, tt->pc, (uint32_t)tt->pb->op[VS_S].imm);
        tt->presented = 0;
    } else {
        *v = (uint8_t)(*v + tt->lock_n);
        tt->lock_ok = 1;
    }
}

static void phase_locks(vliw_iss *s)
{
    for (unsigned m = 0; m < s->ntiles; m++) {
        core_lock(s, m, m);
        for (unsigned t = 0; t < s->ntiles; t++)
            if (t != m)
                core_lock(s, t, m);
        vliw_dma_locks(s, m);
    }
}

/* ---- issue (phases W, I) ------------------------------------------------------------ */

static int wait_ok(vliw_iss *s, vtile *t)
{
    const vop *op = &t->pb->op[VS_S];
    if (op->row == VI_dma_wait) {
        const vchan *c = &t->ch[op->d & 1];
        return c->state == VCH_IDLE && c->qn == 0;
    }
    if (op->row == VI_dma_start)
        return t->ch[op->d & 1].qn < 2;
    (void)s;
    return 1;
}

static void phase_issue(vliw_iss *s)
{
    for (unsigned tid = 0; tid < s->ntiles; tid++) {
        vtile *t = &s->t[tid];
        t->issued = 0;
        if (!t->presented)
            continue;
        if (t->npend) {
            s->cnt[VLIW_C_STALL_BANK]++;
            continue;
        }
        if (t->lock_kind && !t->lock_ok) {
            s->cnt[VLIW_C_STALL_LOCK]++;
            continue;
        }
        if (!wait_ok(s, t)) {
            s->cnt[VLIW_C_STALL_DMA_WAIT]++;
            continue;
        }
        t->issued = 1;
        t->issued_n++;
        t->issued_pc = t->pc;
        t->presented = 0;
        vliw_exec_bundle(s, tid);
    }
}

/* ---- the cycle ---------------------------------------------------------------------- */

/* A halted tile's pipes advance one step per cycle (the RTL's drain): the
 * results due at the next boundary land, unless two collide (a write-conflict
 * trap at the halt bundle's pc). `fresh`: the halt issued this cycle (its edge's
 * conflicts were checked when it was presented). */
static void drain_step(vliw_iss *s, unsigned tid, int fresh)
{
    vtile *t = &s->t[tid];
    unsigned key, slot;
    if (!fresh && edge_conflict(t, t->nb, NULL, &key, &slot)) {
        vliw_trap(s, tid, slot, VLIW_TRAP_WRITE_CONFLICT, t->halt_pc, key);
        return;
    }
    land(t, t->nb);
    t->nb++;
    t->quiet = !in_flight(t);
}

static void end_of_cycle(vliw_iss *s)
{
    int all = 1;
    for (unsigned t = 0; t < s->ntiles && !s->trap_now; t++) {
        vtile *tt = &s->t[t];
        if (tt->halted && !tt->quiet)
            drain_step(s, t, tt->issued);
        all &= tt->quiet;
    }
    s->cycle++;
    s->cnt[VLIW_C_CYCLES] = s->cycle;
    if (s->trap_now)
        s->state = KC_CORE_TRAPPED;
    else if (all && vliw_dma_idle(s))
        s->state = KC_CORE_HALTED;
}

kc_core_state vliw_iss_step(vliw_iss *s)
{
    if (s->state != KC_CORE_RUNNING)
        return s->state;
    s->trap_now = 0;
    vliw_dma_phase0(s);
    for (unsigned t = 0; t < s->ntiles; t++) {
        vtile *tt = &s->t[t];
        tt->issued = 0;
        if (!tt->halted && !tt->presented && s->cycle > 0)   /* cycle 0 fetches bundle 0 */
            present(s, t);
    }
    phase_banks(s);
    phase_locks(s);
    phase_issue(s);
    vliw_dma_bus(s);
    end_of_cycle(s);
    return s->state;
}

kc_core_state vliw_iss_run(vliw_iss *s, uint64_t max_cycles)
{
    uint64_t stop = max_cycles ? s->cycle + max_cycles : UINT64_MAX;
    while (s->state == KC_CORE_RUNNING && s->cycle < stop)
        vliw_iss_step(s);
    return s->state;
}

static void clear_programs(vliw_iss *s);

/* ---- create / load / reset ------------------------------------------------------------ */

static const char *const file_kinds[VLIW_ISS_NFILES] = { "r", "p", "m", "v", "acc", "lock", "dm" };
static const char *const file_what[VLIW_ISS_NFILES] = {
    "scalar registers", "pointer registers", "modifier registers", "vector registers",
    "accumulators", "locks", "data memory (32-byte lines)",
};

static kc_status make_files(vliw_iss *s, kc_err *err)
{
    size_t n = (size_t)s->ntiles * VLIW_ISS_NFILES;
    s->files = calloc(n, sizeof *s->files);
    s->names = calloc(n, 16);
    if (!s->files || !s->names)
        return kc_err_set(err, KC_ERR_NOMEM, "vliw iss: out of memory");
    for (unsigned t = 0; t < s->ntiles; t++)
        for (unsigned k = 0; k < VLIW_ISS_NFILES; k++) {
            size_t i = (size_t)t * VLIW_ISS_NFILES + k;
            char *nm = s->names + 16 * i;
            snprintf(nm, 16, "t%u.%s", t, file_kinds[k]);
            static const uint32_t counts[] = { 16, 8, 8, 16, 8, 0, 0 };
            static const uint32_t bytes[] = { 4, 4, 4, 32, 64, 1, 32 };
            static const kc_arch_fmt fmts[] = { KC_ARCH_U32, KC_ARCH_U32, KC_ARCH_U32, KC_ARCH_BF16_LANES,
                                                KC_ARCH_FP32_LANES, KC_ARCH_BYTES, KC_ARCH_BYTES };
            uint32_t count = k == VLIW_F_LOCK ? s->p.nlocks : k == VLIW_F_DM ? s->p.dm_bytes / 32 : counts[k];
            s->files[i] = (kc_arch_file){ nm, file_what[k], count, bytes[k], fmts[k],
                                          (k == VLIW_F_R ? KC_ARCH_ZERO0 : 0u) |
                                              (k == VLIW_F_DM ? KC_ARCH_MEMORY : 0u), NULL, NULL };
        }
    return KC_OK;
}

kc_status vliw_iss_create(vliw_iss **out, const vliw_iss_params *p, kc_err *err)
{
    *out = NULL;
    vliw_iss_params def;
    if (!p) {
        vliw_iss_params_default(&def);
        p = &def;
    }
    vliw_iss *s = calloc(1, sizeof *s);
    if (!s)
        return kc_err_set(err, KC_ERR_NOMEM, "vliw iss: out of memory");
    s->p = *p;
    s->ntiles = p->rows * p->cols;
    s->t = calloc(s->ntiles, sizeof *s->t);
    s->pm = calloc((size_t)s->ntiles * p->pm_bundles, sizeof *s->pm);
    if (!s->t || !s->pm) {
        vliw_iss_destroy(s);
        return kc_err_set(err, KC_ERR_NOMEM, "vliw iss: out of memory");
    }
    for (unsigned i = 0; i < s->ntiles; i++) {
        vtile *t = &s->t[i];
        t->dm = calloc(p->dm_bytes, 1);
        t->locks = calloc(p->nlocks, 1);
        t->bd = calloc(p->nbds, sizeof *t->bd);
        t->pm = s->pm + (size_t)i * p->pm_bundles;
        if (!t->dm || !t->locks || !t->bd) {
            vliw_iss_destroy(s);
            return kc_err_set(err, KC_ERR_NOMEM, "vliw iss: out of memory");
        }
        unsigned row = i / p->cols, col = i % p->cols;
        s->neigh[i][0] = (int)i;
        s->neigh[i][1] = col > 0 ? (int)(i - 1) : -1;
        s->neigh[i][2] = col + 1 < p->cols ? (int)(i + 1) : -1;
        s->neigh[i][3] = row > 0 ? (int)(i - p->cols) : -1;
        s->neigh[i][4] = row + 1 < p->rows ? (int)(i + p->cols) : -1;
    }
    kc_status st = kc_isa_load("vliw", &s->isa, err);
    if (st == KC_OK && s->isa->ninsns != VI_N)
        st = kc_err_set(err, KC_ERR_INTERNAL, "vliw iss: the table has %zu rows, the ISS was built with %d",
                        s->isa->ninsns, (int)VI_N);
    if (st == KC_OK)
        st = make_files(s, err);
    if (st == KC_OK)
        clear_programs(s);
    if (st != KC_OK) {
        vliw_iss_destroy(s);
        return st;
    }
    s->state = KC_CORE_HALTED;
    *out = s;
    return KC_OK;
}

void vliw_iss_destroy(vliw_iss *s)
{
    if (!s)
        return;
    if (s->t)
        for (unsigned i = 0; i < s->ntiles; i++) {
            free(s->t[i].dm);
            free(s->t[i].locks);
            free(s->t[i].bd);
        }
    free(s->t);
    free(s->pm);
    free(s->files);
    free(s->names);
    free(s);
}

const vliw_iss_params *vliw_iss_get_params(const vliw_iss *s)
{
    return &s->p;
}

/* Empty program memories: every bundle all nops. */
static void clear_programs(vliw_iss *s)
{
    vbundle nopb;
    uint32_t zero[VLIW_ISS_SLOTS] = {0};
    vliw_decode_bundle(s->isa, zero, &nopb);
    size_t n = (size_t)s->ntiles * s->p.pm_bundles;
    for (size_t i = 0; i < n; i++)
        s->pm[i] = nopb;
}

/* Bundles [first, first + n) of selector sel (0: every tile, t + 1: tile t) from
 * 7 words each. */
static kc_status load_seg(vliw_iss *s, uint32_t sel, uint32_t first, const uint32_t *words, size_t n, kc_err *err)
{
    if (sel > s->ntiles)
        return kc_err_set(err, KC_ERR_RANGE, "vliw iss: a program for tile %u; the array has %u tiles",
                          sel - 1, s->ntiles);
    if (first > s->p.pm_bundles || n > s->p.pm_bundles - first)
        return kc_err_set(err, KC_ERR_RANGE, "vliw iss: bundles %u..%zu do not fit the %u-bundle program memory",
                          first, first + n - 1, s->p.pm_bundles);
    for (size_t i = 0; i < n; i++) {
        vbundle b;
        vliw_decode_bundle(s->isa, words + VLIW_ISS_SLOTS * i, &b);
        for (unsigned t = 0; t < s->ntiles; t++)
            if (sel == 0 || sel == t + 1)
                s->t[t].pm[first + i] = b;
    }
    return KC_OK;
}

kc_status vliw_iss_load_program(vliw_iss *s, const kc_program *prog, kc_err *err)
{
    clear_programs(s);
    kc_program_seg one = { 0, 0, prog->nwords };
    const kc_program_seg *segs = prog->nsegs ? prog->segs : &one;
    size_t nsegs = prog->nsegs ? prog->nsegs : 1;
    /* SPMD segments first: a tile's own program overrides them */
    for (int pass = 0; pass < 2; pass++)
        for (size_t i = 0; i < nsegs; i++) {
            uint32_t sel = segs[i].addr >> 24;
            if ((sel != 0) != pass)
                continue;
            if (segs[i].nwords % VLIW_ISS_SLOTS || segs[i].first + segs[i].nwords > prog->nwords)
                return kc_err_set(err, KC_ERR_RANGE, "vliw iss: segment of %zu words is not whole bundles",
                                  segs[i].nwords);
            kc_status st = load_seg(s, sel, segs[i].addr & 0xffffff, prog->words + segs[i].first,
                                    segs[i].nwords / VLIW_ISS_SLOTS, err);
            if (st != KC_OK)
                return st;
        }
    return KC_OK;
}

kc_status vliw_iss_load(vliw_iss *s, const kc_image *img, kc_err *err)
{
    clear_programs(s);
    const size_t bb = 4 * VLIW_ISS_SLOTS;
    for (int pass = 0; pass < 2; pass++)
        for (size_t i = 0; i < img->nsegs; i++) {
            const kc_image_seg *sg = &img->segs[i];
            uint64_t b0 = sg->addr / bb;
            uint32_t sel = (uint32_t)(b0 >> 24);
            if (!sg->exec || (sel != 0) != pass)
                continue;
            if (sg->addr % bb || sg->size % bb)
                return kc_err_set(err, KC_ERR_RANGE, "vliw iss: segment at 0x%llx is not whole bundles",
                                  (unsigned long long)sg->addr);
            size_t n = sg->size / bb;
            uint32_t *w = malloc(sg->size ? sg->size : 1);
            if (!w)
                return kc_err_set(err, KC_ERR_NOMEM, "vliw iss: out of memory");
            for (size_t k = 0; k < n * VLIW_ISS_SLOTS; k++) {
                const uint8_t *p = sg->data + 4 * k;
                w[k] = (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
            }
            kc_status st = load_seg(s, sel, (uint32_t)(b0 & 0xffffff), w, n, err);
            free(w);
            if (st != KC_OK)
                return st;
        }
    return KC_OK;
}

uint32_t vliw_iss_args_dm(const vliw_iss *s)
{
    return vliw_hw_xarg_addr(&s->p, VLIW_ISS_NARGS_REG);
}

kc_status vliw_iss_reset(vliw_iss *s, const uint32_t *args, size_t nargs, kc_dram *dram, kc_err *err)
{
    if (nargs > VLIW_ISS_MAX_ARGS)
        return kc_err_set(err, KC_ERR_RANGE, "vliw iss: %zu arguments (at most %d)", nargs, VLIW_ISS_MAX_ARGS);
    if (!dram)
        return kc_err_set(err, KC_ERR_USAGE, "vliw iss: no DRAM");
    s->dram = dram;
    s->dram_bytes = kc_dram_config(dram)->size_bytes;
    for (unsigned i = 0; i < s->ntiles; i++) {
        vtile *t = &s->t[i];
        uint8_t *dm = t->dm, *locks = t->locks;
        uint32_t (*bd)[VLIW_BD_NFIELDS] = t->bd;
        vbundle *pm = t->pm;
        memset(t, 0, sizeof *t);
        t->dm = dm;
        t->locks = locks;
        t->bd = bd;
        t->pm = pm;
        memset(dm, 0, s->p.dm_bytes);
        memset(locks, 0, s->p.nlocks);
        memset(bd, 0, s->p.nbds * sizeof *bd);
        for (size_t a = 0; a < nargs; a++) {
            if (a < VLIW_ISS_NARGS_REG)
                t->r[a + 1] = args[a];
            else
                memcpy(dm + vliw_iss_args_dm(s) + 4 * (a - VLIW_ISS_NARGS_REG), &args[a], 4);
        }
    }
    s->cycle = 0;
    s->state = KC_CORE_RUNNING;
    memset(&s->trap, 0, sizeof s->trap);
    s->trap_now = 0;
    memset(s->cnt, 0, sizeof s->cnt);
    s->rr = 0;
    s->tag_head = s->tag_n = 0;
    return KC_OK;
}

/* ---- status, counters, state ---------------------------------------------------------- */

int vliw_iss_issued(const vliw_iss *s, unsigned tile, uint32_t *pc)
{
    if (tile >= s->ntiles)
        return 0;
    if (pc)
        *pc = s->t[tile].issued_pc;
    return s->t[tile].issued;
}

uint64_t vliw_iss_bundles(const vliw_iss *s, unsigned tile)
{
    return tile < s->ntiles ? s->t[tile].issued_n : 0;
}

uint64_t vliw_iss_cycle(const vliw_iss *s)
{
    return s->cycle;
}

kc_core_state vliw_iss_state(const vliw_iss *s, vliw_iss_trap *trap)
{
    if (trap)
        *trap = s->trap;
    return s->state;
}

void vliw_iss_status(const vliw_iss *s, kc_core_status *st)
{
    int tr = s->state == KC_CORE_TRAPPED;
    st->state = s->state;
    st->cause = tr ? s->trap.cause : 0;
    st->cause_name = tr ? vliw_iss_cause_name(s->trap.cause) : "";
    st->pc = tr ? s->trap.pc : 0;
    st->info = tr ? (s->trap.tile << 24 | (s->trap.slot & 15) << 20 | (s->trap.detail & 0xfffff)) : 0;
}

void vliw_iss_counters(const vliw_iss *s, uint64_t *vals, size_t n)
{
    for (size_t i = 0; i < n && i < VLIW_NCOUNTERS; i++)
        vals[i] = s->cnt[i];
}

const kc_arch_file *vliw_iss_files(const vliw_iss *s, size_t *n)
{
    *n = (size_t)s->ntiles * VLIW_ISS_NFILES;
    return s->files;
}

static uint8_t *file_base(const vliw_iss *s, unsigned file)
{
    vtile *t = &s->t[file / VLIW_ISS_NFILES];
    switch (file % VLIW_ISS_NFILES) {
    case VLIW_F_R: return (uint8_t *)t->r;
    case VLIW_F_P: return (uint8_t *)t->p;
    case VLIW_F_M: return (uint8_t *)t->m;
    case VLIW_F_V: return &t->v[0][0];
    case VLIW_F_ACC: return &t->acc[0][0];
    case VLIW_F_LOCK: return t->locks;
    default: return t->dm;
    }
}

int vliw_iss_read(const vliw_iss *s, unsigned file, uint32_t first, uint32_t n, void *buf)
{
    if (file >= s->ntiles * VLIW_ISS_NFILES || first > s->files[file].count || n > s->files[file].count - first)
        return -1;
    size_t b = s->files[file].bytes;
    memcpy(buf, file_base(s, file) + first * b, n * b);
    return 0;
}

int vliw_iss_write(vliw_iss *s, unsigned file, uint32_t first, uint32_t n, const void *buf)
{
    if (file >= s->ntiles * VLIW_ISS_NFILES || first > s->files[file].count || n > s->files[file].count - first)
        return -1;
    size_t b = s->files[file].bytes;
    memcpy(file_base(s, file) + first * b, buf, n * b);
    s->t[file / VLIW_ISS_NFILES].r[0] = 0;
    return 0;
}

uint32_t vliw_iss_r(const vliw_iss *s, unsigned tile, unsigned i)
{
    return tile < s->ntiles && i < 16 ? s->t[tile].r[i] : 0;
}

uint32_t vliw_iss_p(const vliw_iss *s, unsigned tile, unsigned i)
{
    return tile < s->ntiles && i < 8 ? s->t[tile].p[i] : 0;
}

uint32_t vliw_iss_m(const vliw_iss *s, unsigned tile, unsigned i)
{
    return tile < s->ntiles && i < 8 ? s->t[tile].m[i] : 0;
}

const uint8_t *vliw_iss_v(const vliw_iss *s, unsigned tile, unsigned i)
{
    return tile < s->ntiles && i < 16 ? s->t[tile].v[i] : NULL;
}

const uint8_t *vliw_iss_acc(const vliw_iss *s, unsigned tile, unsigned i)
{
    return tile < s->ntiles && i < 8 ? s->t[tile].acc[i] : NULL;
}

unsigned vliw_iss_lock(const vliw_iss *s, unsigned tile, unsigned i)
{
    return tile < s->ntiles && i < s->p.nlocks ? s->t[tile].locks[i] : 0;
}

const uint8_t *vliw_iss_dm(const vliw_iss *s, unsigned tile)
{
    return tile < s->ntiles ? s->t[tile].dm : NULL;
}
