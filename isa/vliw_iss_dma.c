/* vliw_iss_dma.c — the DMA engines of the vliw ISS (two channels per tile: ch0
 * DRAM -> DM "in", ch1 DM -> DRAM "out") and the array's kc_bus arbiter.
 *
 * A channel is IDLE, ACQ, XFER or REL; each state lasts at least one cycle:
 *  - phase 0 of cycle c: an IDLE channel loads the NEXT BD of the chain it just
 *    finished, else pops its queue (dma.start of cycle c-1 or earlier). The BD is
 *    copied and checked (bd-invalid: CNT1/CNT2 0 or > 65535, LEN0 0 / odd / >
 *    65535, an odd address or stride, a lock index >= NLOCKS, NEXT >= NBDS;
 *    dm-access: a row outside the DM; dma-fault: a row outside the DRAM). -> ACQ.
 *  - ACQ: in phase L the channel acquires its BD's ACQ lock (own module) after
 *    the cores; without ACQ it succeeds at once. Success -> XFER from c+1.
 *  - XFER: the transfer. Rows are walked i2 outer, i1 inner; each row is moved
 *    on its own (a DRAM beat shared by two rows is read twice). A row has "read
 *    units" (32-byte lines of its source: DRAM beats for ch0, DM lines for ch1)
 *    and "write units" (lines of its destination). Read units are issued in
 *    order, at most DMA_INFLIGHT issued and not yet retired; write unit j needs
 *    every read unit holding its bytes to have arrived in an EARLIER cycle, and
 *    retires the read units no later write unit of the row needs.
 *      ch0: read = a bus read (through the arbiter; arrives in the cycle kc_dram
 *           delivers it); write = a DM write in phase B (DMA priority, byte
 *           enables: the realigned bytes of the row in that line).
 *      ch1: read = a DM read in phase B (arrives at once); write = a bus write
 *           (beat-aligned, strobes = the row's bytes in that beat).
 *    The cycle of the last write unit (ch0: its DM write; ch1: its acceptance by
 *    kc_dram) ends XFER -> REL from the next cycle.
 *  - REL: in phase L the channel releases REL (lock-overflow traps); -> IDLE
 *    (the NEXT BD, if any, is loaded in the next cycle's phase 0).
 * Bus: a channel wants the bus in cycle c (decided at phase 0) if ch0 has a read
 * unit left with fewer than DMA_INFLIGHT outstanding, or ch1's next write unit
 * is ready. Round robin over q = tile * 2 + ch starting at the pointer; the
 * pointer moves to q + 1 only when kc_dram accepts. One beat per cycle.
 * dma_busy counts channel-cycles not IDLE; dma_bytes the bytes written to DM
 * (ch0) and enabled in accepted DRAM writes (ch1).
 */
#include "vliw_iss_int.h"

#include <string.h>

typedef struct rowgeo {
    int64_t src, dst;     /* byte addresses of the row (src: DRAM for ch0, DM for ch1) */
    uint32_t nsrc, ndst;  /* read / write units of the row */
} rowgeo;

static void row_geo(const vchan *c, int out, uint32_t r, rowgeo *g)
{
    uint32_t cnt1 = c->f[VLIW_BD_CNT1];
    int64_t i1 = r % cnt1, i2 = r / cnt1;
    int64_t dram = (int64_t)c->f[VLIW_BD_DRAM] + i1 * (int32_t)c->f[VLIW_BD_DSTRIDE1] +
                   i2 * (int32_t)c->f[VLIW_BD_DSTRIDE2];
    int64_t dm = (int64_t)c->f[VLIW_BD_DM] + i1 * (int32_t)c->f[VLIW_BD_MSTRIDE1] +
                 i2 * (int32_t)c->f[VLIW_BD_MSTRIDE2];
    int64_t len = c->f[VLIW_BD_LEN0];
    g->src = out ? dm : dram;
    g->dst = out ? dram : dm;
    g->nsrc = (uint32_t)((g->src + len - 1) / 32 - g->src / 32 + 1);
    g->ndst = (uint32_t)((g->dst + len - 1) / 32 - g->dst / 32 + 1);
}

/* Write unit j of a row: row byte range [lo, hi), the last read unit it needs,
 * and the read units retired once it is written (all below `retire`). */
typedef struct wunit {
    uint32_t lo, hi, last, retire;
} wunit;

static void write_unit(const vchan *c, const rowgeo *g, uint32_t j, wunit *w)
{
    int64_t len = c->f[VLIW_BD_LEN0];
    int64_t line = g->dst / 32 + j;
    int64_t lo = line * 32 > g->dst ? line * 32 : g->dst;
    int64_t hi = line * 32 + 32 < g->dst + len ? line * 32 + 32 : g->dst + len;
    w->lo = (uint32_t)(lo - g->dst);
    w->hi = (uint32_t)(hi - g->dst);
    w->last = (uint32_t)((g->src + w->hi - 1) / 32 - g->src / 32);
    w->retire = j + 1 == g->ndst ? g->nsrc : (uint32_t)((g->src + w->hi) / 32 - g->src / 32);
}

/* Assembles write unit w of the row into line[32] with byte mask *mask. */
static void assemble(const vliw_iss *s, const vchan *c, const rowgeo *g, const wunit *w, uint8_t *line,
                     uint64_t *mask)
{
    *mask = 0;
    int64_t s0 = g->src / 32;
    for (uint32_t o = w->lo; o < w->hi; o++) {
        int64_t sa = g->src + o, da = g->dst + o;
        uint64_t seq = c->wr_seq0 + (uint64_t)(sa / 32 - s0);
        line[da % 32] = c->buf[seq % s->p.dma_inflight][sa % 32];
        *mask |= UINT64_C(1) << (da % 32);
    }
}

static int unit_ready(const vliw_iss *s, const vchan *c, int out, rowgeo *g, wunit *w)
{
    (void)s;
    if (c->state != VCH_XFER || c->wr_row >= c->nrows)
        return 0;
    row_geo(c, out, c->wr_row, g);
    write_unit(c, g, c->wr_idx, w);
    return c->arr_seq > c->wr_seq0 + w->last;
}

/* After write unit w of the row: retire, advance, detect the end. */
static void unit_written(vchan *c, const rowgeo *g, const wunit *w)
{
    uint64_t r = c->wr_seq0 + w->retire;
    if (r > c->ret_seq)
        c->ret_seq = r;
    if (++c->wr_idx == g->ndst) {
        c->wr_idx = 0;
        c->wr_seq0 += g->nsrc;
        if (++c->wr_row == c->nrows)
            c->xfer_done = 1;
    }
}

/* After issuing a read unit. */
static void unit_read(vchan *c, int out)
{
    rowgeo g;
    row_geo(c, out, c->rd_row, &g);
    c->rd_seq++;
    if (++c->rd_idx == g.nsrc) {
        c->rd_idx = 0;
        c->rd_row++;
    }
}

static int can_read(const vliw_iss *s, const vchan *c)
{
    return c->state == VCH_XFER && c->rd_row < c->nrows && c->rd_seq - c->ret_seq < s->p.dma_inflight;
}

/* ---- phase 0 ----------------------------------------------------------------------- */

static int odd(uint32_t x)
{
    return x & 1;
}

/* An enabled ACQ/REL field naming a lock outside the own module's NLOCKS. */
static int bad_lock(const vliw_iss *s, uint32_t f)
{
    unsigned id = f >> 6 & 0x7f;
    return (f & VLIW_BD_LOCK_EN) && (id >> 4 != 0 || (id & 15) >= s->p.nlocks);
}

/* Loads BD `bd` into channel ch of tile t (checks; traps). */
static void load_bd(vliw_iss *s, unsigned tid, unsigned ch, unsigned bd)
{
    vtile *t = &s->t[tid];
    vchan *c = &t->ch[ch];
    memcpy(c->f, t->bd[bd], sizeof c->f);
    c->bd = bd;
    const uint32_t *f = c->f;
    unsigned slot = 7 + ch;
    if (!f[VLIW_BD_CNT1] || f[VLIW_BD_CNT1] > 65535 || !f[VLIW_BD_CNT2] || f[VLIW_BD_CNT2] > 65535 ||
        !f[VLIW_BD_LEN0] || f[VLIW_BD_LEN0] > 65535 || odd(f[VLIW_BD_LEN0]) || odd(f[VLIW_BD_DRAM]) ||
        odd(f[VLIW_BD_DM]) || odd(f[VLIW_BD_DSTRIDE1]) || odd(f[VLIW_BD_MSTRIDE1]) ||
        odd(f[VLIW_BD_DSTRIDE2]) || odd(f[VLIW_BD_MSTRIDE2]) ||
        bad_lock(s, f[VLIW_BD_ACQ]) || bad_lock(s, f[VLIW_BD_REL]) ||
        ((f[VLIW_BD_NEXT] & VLIW_BD_NEXT_EN) && (f[VLIW_BD_NEXT] & 15) >= s->p.nbds)) {
        vliw_trap(s, tid, slot, VLIW_TRAP_BD_INVALID, t->pc, bd);
        return;
    }
    c->nrows = f[VLIW_BD_CNT1] * f[VLIW_BD_CNT2];
    /* rows are affine in (i1, i2): the extremes are at the corners */
    for (unsigned k = 0; k < 4; k++) {
        uint32_t r = (k & 1 ? f[VLIW_BD_CNT1] - 1 : 0) + (k & 2 ? (f[VLIW_BD_CNT2] - 1) * f[VLIW_BD_CNT1] : 0);
        rowgeo g;
        row_geo(c, 0, r, &g);
        int64_t len = f[VLIW_BD_LEN0];
        if (g.dst < 0 || g.dst + len > s->p.dm_bytes) {
            vliw_trap(s, tid, slot, VLIW_TRAP_DM_ACCESS, t->pc, (uint32_t)g.dst);
            return;
        }
        if (g.src < 0 || g.src + len > s->dram_bytes) {
            vliw_trap(s, tid, slot, VLIW_TRAP_DMA_FAULT, t->pc, (uint32_t)g.src);
            return;
        }
    }
    c->state = VCH_ACQ;
    c->acquired = 0;
    c->xfer_done = 0;
    c->rd_row = c->rd_idx = c->wr_row = c->wr_idx = 0;
    c->rd_seq = c->arr_seq = c->ret_seq = c->wr_seq0 = 0;
}

/* The NEXT of the BD just released stays in f[NEXT] of the IDLE channel. */
void vliw_dma_phase0(vliw_iss *s)
{
    for (unsigned tid = 0; tid < s->ntiles; tid++)
        for (unsigned ch = 0; ch < 2; ch++) {
            vchan *c = &s->t[tid].ch[ch];
            if (c->state == VCH_IDLE) {
                if (c->f[VLIW_BD_NEXT] & VLIW_BD_NEXT_EN) {
                    load_bd(s, tid, ch, c->f[VLIW_BD_NEXT] & 15);
                } else if (c->qn) {
                    unsigned bd = c->q[0];
                    c->q[0] = c->q[1];
                    c->qn--;
                    load_bd(s, tid, ch, bd);
                }
            }
            if (c->state != VCH_IDLE)
                s->cnt[VLIW_C_DMA_BUSY]++;
            rowgeo g;
            wunit w;
            c->bus_cand = ch == 0 ? can_read(s, c) : unit_ready(s, c, 1, &g, &w);
        }
}

/* ---- phase B (DM side) ----------------------------------------------------------------- */

void vliw_dma_banks(vliw_iss *s, unsigned m, uint64_t *used)
{
    vtile *t = &s->t[m];
    rowgeo g;
    wunit w;
    vchan *c = &t->ch[0];
    if (unit_ready(s, c, 0, &g, &w)) {   /* ch0: write a DM line */
        uint32_t line = (uint32_t)(g.dst / 32) + c->wr_idx;
        uint64_t bit = UINT64_C(1) << (line % s->p.nbanks);
        if (*used & bit) {
            s->cnt[VLIW_C_BANK_CONFLICTS]++;
        } else {
            *used |= bit;
            uint8_t buf[32];
            uint64_t mask;
            assemble(s, c, &g, &w, buf, &mask);
            for (unsigned i = 0; i < 32; i++)
                if (mask >> i & 1)
                    t->dm[line * 32 + i] = buf[i];
            s->cnt[VLIW_C_DMA_BYTES] += w.hi - w.lo;
            unit_written(c, &g, &w);
        }
    }
    c = &t->ch[1];
    if (can_read(s, c)) {                /* ch1: read a DM line */
        row_geo(c, 1, c->rd_row, &g);
        uint32_t line = (uint32_t)(g.src / 32) + c->rd_idx;
        uint64_t bit = UINT64_C(1) << (line % s->p.nbanks);
        if (*used & bit) {
            s->cnt[VLIW_C_BANK_CONFLICTS]++;
        } else {
            *used |= bit;
            memcpy(c->buf[c->rd_seq % s->p.dma_inflight], t->dm + line * 32, 32);
            unit_read(c, 1);
            c->arr_seq++;
        }
    }
}

/* ---- phase L ------------------------------------------------------------------------- */

void vliw_dma_locks(vliw_iss *s, unsigned m)
{
    vtile *t = &s->t[m];
    for (unsigned ch = 0; ch < 2; ch++) {
        vchan *c = &t->ch[ch];
        if (c->state == VCH_ACQ && !c->acquired) {
            uint32_t a = c->f[VLIW_BD_ACQ];
            unsigned idx = a >> 6 & 15, n = a & 63;
            if (!(a & VLIW_BD_LOCK_EN)) {
                c->acquired = 1;
            } else if (t->locks[idx] >= n) {
                t->locks[idx] = (uint8_t)(t->locks[idx] - n);
                c->acquired = 1;
            }
        } else if (c->state == VCH_REL) {
            uint32_t r = c->f[VLIW_BD_REL];
            unsigned idx = r >> 6 & 15, n = r & 63;
            if (r & VLIW_BD_LOCK_EN) {
                if (t->locks[idx] + n > 63)
                    vliw_trap(s, m, 7 + ch, VLIW_TRAP_LOCK_OVERFLOW, t->pc, idx);
                else
                    t->locks[idx] = (uint8_t)(t->locks[idx] + n);
            }
        }
    }
}

/* ---- phase D ------------------------------------------------------------------------- */

void vliw_dma_bus(vliw_iss *s)
{
    unsigned nq = 2 * s->ntiles, q = nq;
    for (unsigned i = 0; i < nq; i++) {
        unsigned k = (s->rr + i) % nq;
        if (s->t[k / 2].ch[k % 2].bus_cand) {
            q = k;
            break;
        }
    }
    kc_bus_req req;
    req.valid = 0;
    req.write = 0;
    req.addr = 0;
    req.wstrb = 0;
    rowgeo g = {0, 0, 0, 0};
    wunit w = {0, 0, 0, 0};
    if (q < nq) {
        vchan *c = &s->t[q / 2].ch[q % 2];
        req.valid = 1;
        if (q % 2 == 0) {
            row_geo(c, 0, c->rd_row, &g);
            req.addr = (uint32_t)((g.src / 32 + c->rd_idx) * 32);
        } else {
            unit_ready(s, c, 1, &g, &w);
            req.write = 1;
            memset(req.wdata, 0, sizeof req.wdata);
            assemble(s, c, &g, &w, req.wdata, &req.wstrb);
            req.addr = (uint32_t)((g.dst / 32 + c->wr_idx) * 32);
        }
    }
    kc_bus_resp resp;
    kc_dram_drive(s->dram, &req, &resp);
    if (resp.resp_valid && s->tag_n) {
        unsigned owner = s->tags[s->tag_head];
        s->tag_head = (s->tag_head + 1) % (unsigned)(sizeof s->tags / sizeof s->tags[0]);
        s->tag_n--;
        vchan *c = &s->t[owner].ch[0];
        memcpy(c->buf[c->arr_seq % s->p.dma_inflight], resp.rdata, VLIW_ISS_BEAT);
        c->arr_seq++;
    }
    kc_dram_commit(s->dram, &req, &resp);
    if (req.valid && resp.req_ready) {
        vchan *c = &s->t[q / 2].ch[q % 2];
        s->rr = (q + 1) % nq;
        if (q % 2 == 0) {
            unsigned cap = (unsigned)(sizeof s->tags / sizeof s->tags[0]);
            s->tags[(s->tag_head + s->tag_n++) % cap] = (uint16_t)(q / 2);
            unit_read(c, 0);
        } else {
            s->cnt[VLIW_C_DMA_BYTES] += (unsigned)__builtin_popcountll(req.wstrb);
            unit_written(c, &g, &w);
        }
    }
    /* state transitions (seen from the next cycle) */
    for (unsigned tid = 0; tid < s->ntiles; tid++)
        for (unsigned ch = 0; ch < 2; ch++) {
            vchan *c = &s->t[tid].ch[ch];
            switch (c->state) {
            case VCH_ACQ:
                if (c->acquired)
                    c->state = VCH_XFER;
                break;
            case VCH_XFER:
                if (c->xfer_done)
                    c->state = VCH_REL;
                break;
            case VCH_REL:
                c->state = VCH_IDLE;   /* f[NEXT] says whether phase 0 loads a next BD */
                break;
            default:
                break;
            }
        }
}

int vliw_dma_idle(const vliw_iss *s)
{
    for (unsigned tid = 0; tid < s->ntiles; tid++)
        for (unsigned ch = 0; ch < 2; ch++) {
            const vchan *c = &s->t[tid].ch[ch];
            if (c->state != VCH_IDLE || c->qn || (c->f[VLIW_BD_NEXT] & VLIW_BD_NEXT_EN))
                return 0;
        }
    return 1;
}
