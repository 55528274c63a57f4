/* vliw_matmul.c — GEMV and GEMM templates (vliw_matmul.h).
 *
 * GEMV, y = W x: the rows of W stream through the skeleton (vliw_skel.h, rows
 * at a 32-byte DM pitch, 16 rows per compute step); x is in DM once per tile
 * (BD 4, ahead of the blocks on ch0). Four rows at a time: per 16-element
 * slice one x load, four W loads and four vmac into four fp32 accumulators
 * (the MAC unit chains them back to back); each row's sum (aredsum) is
 * selected into its lane of acc7 (asel), and 16 rows make one bf16 vector of
 * y. Padding lanes of W and x in DM are 0 (never written; DM resets to 0), so
 * a ragged K needs no mask. */
#include "vliw_matmul.h"

#include <string.h>

#include "kc_task_matmul.h"
#include "vliw_skel.h"

typedef struct gemv {
    uint32_t n, k, nv, pitch, xdm;
    vliw_opnd x;
} gemv;

static void gemv_setup(vliw_gen *g, const void *ctx)
{
    const gemv *m = ctx;
    vliw_emit_begin(g);
    vliw_emit_li(g, 13, 1);
    vliw_emit_op(g, "bd.set 4, cnt1, r13");
    vliw_emit_op(g, "bd.set 4, cnt2, r13");
    vliw_emit_li(g, 13, m->k * 2);
    vliw_emit_op(g, "bd.set 4, len0, r13");
    vliw_emit_li(g, 13, m->xdm);
    vliw_emit_op(g, "bd.set 4, dm, r13");
    vliw_emit_op(g, "bd.set 4, dram, r%d", vliw_emit_addr_reg(g, 9, m->x));
    vliw_emit_op(g, "dma.start 0, 4");
    vliw_emit_end(g);
}

static void gemv_compute(vliw_gen *g, const void *ctx)
{
    const gemv *m = ctx;
    static const int wp[4] = {2, 3, 5, 6};   /* row pointers; p4 walks x */
    vliw_emit_begin(g);
    vliw_emit_op(g, "mov r4, p0");
    vliw_emit_end(g);
    int grp = vliw_emit_label(g);
    vliw_emit_line(g, "    loop r14, L%d", grp);
    for (int s = 0; s < 4; s++) {
        vliw_emit_begin(g);
        for (int r = 0; r < 4; r++) {
            vliw_emit_op(g, "addi r6, r4, %u", (uint32_t)(4 * s + r) * m->pitch);
            vliw_emit_op(g, "mov p%d, r6", wp[r]);
            vliw_emit_op(g, "abcst acc%d, r0", r);
        }
        vliw_emit_li(g, 7, m->xdm);
        vliw_emit_op(g, "mov p4, r7");
        if (s == 0)
            vliw_emit_op(g, "abcst acc7, r0");
        vliw_emit_end(g);
        vliw_emit_begin(g);
        vliw_emit_op(g, "vld v8, [p4], 32");
        for (int r = 0; r < 4; r++)
            vliw_emit_op(g, "vld v%d, [p%d], 32", r, wp[r]);
        for (int r = 0; r < 4; r++)
            vliw_emit_op(g, "vmac acc%d, v%d, v8", r, r);
        vliw_emit_loopi_end(g, m->nv);
        vliw_emit_begin(g);
        for (int r = 0; r < 4; r++) {
            vliw_emit_op(g, "aredsum acc%d, acc%d", r, r);
            vliw_emit_li(g, 7, 1u << (4 * s + r));
            vliw_emit_op(g, "asel acc7, acc%d, acc7, r7", r);
        }
        vliw_emit_end(g);
    }
    vliw_emit_begin(g);
    vliw_emit_op(g, "srs v9, acc7");
    vliw_emit_op(g, "vst v9, [p1], 32");
    vliw_emit_op(g, "addi r4, r4, %u", 16 * m->pitch);
    vliw_emit_end(g);
    vliw_emit_line(g, "L%d:", grp);
}

kc_status vliw_matmul_gemv_stage(vliw_gen *g, const void *args, kc_err *err)
{
    const vliw_mm_op *op = args;
    gemv m;
    memset(&m, 0, sizeof m);
    m.n = op->n;
    m.k = op->k;
    m.x = op->b;
    m.nv = (m.k + 15) / 16;
    m.pitch = m.nv * 32;
    uint32_t avail = g->hw.dm_bytes - 128 - m.pitch - 256;
    uint32_t rows = avail / (2 * m.pitch) / 16 * 16;
    uint32_t share = (m.n + g->ntiles - 1) / g->ntiles;
    if (rows > 64)
        rows = 64;
    while (rows > 16 && rows > share / 4)   /* ~4 blocks per tile: DMA overlaps compute */
        rows -= 16;
    if (!rows || 16 * m.pitch > 32767)
        return kc_err_set(err, KC_ERR_USAGE, "baseline: gemv with K = %u does not fit the vliw DM", m.k);
    vliw_skel_stream st;
    memset(&st, 0, sizeof st);
    st.in = op->a;
    st.out = op->c;
    st.total = m.n;
    st.quantum = 16;
    st.rows = 1;
    st.out_elems = 1;
    st.row_bytes = m.k * 2;
    st.pitch = m.pitch;
    st.block_units = rows;
    st.group = 16;
    uint32_t buf = rows * m.pitch;
    st.in0 = 0, st.in1 = buf, st.out0 = 2 * buf, st.out1 = 2 * buf + rows * 2;
    m.xdm = 2 * buf + rows * 4;
    st.setup = gemv_setup;
    st.compute = gemv_compute;
    if (m.k % 16)   /* padding lanes of W and x must read 0 */
        vliw_emit_dm_zero(g, 0, m.xdm + m.pitch);
    vliw_skel_stream_tile(g, &m, &st);
    return KC_OK;
}


/* ---- GEMM family: GEMM, BatchMatMul, Linear, SwiGLU -----------------------------------

 * C = A B on 4x4 blocks with vmmac. The columns are split by tile id (4-column
 * blocks); a tile holds its B columns in DM in block layout while every A
 * panel flows past them, in chunks of columns when they do not all fit its DM
 * (A then streams once per chunk). B is gathered by one 3-D BD of 8-byte rows
 * per chunk: as B[k][n] (GEMM, BMM: column block j, k-block kb at
 * Bdm + (j KB + kb) 32; len0 = 8, cnt1 = K rows, cnt2 = blocks), or as
 * W[n][k] (Linear, SwiGLU: the chunk's W rows, k-block-major, block (j, kb) at
 * Bdm + (kb CB + j) 32; cnt1 = rows, cnt2 = k-blocks), whose 4x4 blocks are
 * W-blocks: `vtrn` turns each into the B block in the free VEC slot of the
 * vmmac loop. A flows through in panels of 8 rows (two row blocks, each
 * [kb][4 rows][4 k] in DM, gathered the same way, double-buffered under locks
 * 0 / 1). Per panel and group of columns: 2 A vectors and the B vectors per
 * k-block feed vmmac into up to 8 accumulators (the MAC unit chains each one
 * back to back); the 4x4 results (srs) go to an output buffer in block layout,
 * written back by the DMA with 8-byte rows. Linear starts the accumulators at
 * the bias (a DM vector per column block, bias[4j..4j+3] in every row: the
 * gather reads DRAM with stride 0); SwiGLU runs both weights in one loop (one
 * column block per group, gate and up accumulators) and forms silu(g) u in
 * fp32 before the single rounding. BatchMatMul repeats the whole per batch
 * (a branch loop advancing the ABI registers, restored after it). Ragged K, N
 * and M: partial k-block / column block / row block BDs; what the DMA never
 * writes stays 0 in DM (B's rows k >= K), so padding lanes add 0; rows and
 * columns past M and N are computed from stale DM and not written back.
 * The panel is a subroutine (after the tile's halt, one per chunk width:
 * code size) called with the A buffer in r8, link r7.
 * Registers: r1..r4 the operands, r5 the chunk's B offset, r6 its column
 * byte offset, r8 the panel's A buffer, r13 / r14 temporaries, r9 / r10 the
 * next A panel / C panel, r11 / r12 / r15 the panel-pair / batch / chunk
 * loops. */

/* The contraction as the code below sees it: operands in registers (their
 * DRAM addresses). */
typedef struct vliw_mm {
    uint32_t batch, m, n, k;
    int a, b, c;      /* A (M x K), B (K x N, or N x K when bt; SwiGLU: W_gate), C (M x N) */
    int b2;           /* SwiGLU: W_up (N x K), else -1 */
    int bias;         /* Linear: bias (N), else -1 */
    int bt;           /* B held as W[n][k] (torch.nn.Linear's layout) */
    int relu;         /* max(C, 0) before the rounding */
    uint32_t pgw;     /* parametric in N (vliw_mm_op.pgw) */
} vliw_mm;

/* The DM layout and column range of one chunk. Every chunk of a tile has the
 * layout of the widest (cw column blocks), so B's padding (k >= K) stays
 * where no chunk writes: 0. */
typedef struct mm_chunk {
    uint32_t cw;                /* column blocks the layout holds */
    uint32_t cb, nbf, nrag;     /* column blocks, whole ones, ragged columns (0: none) */
    uint32_t bdm[2], biasdm, adm[2], cdm;
    uint32_t kstride, jstride;  /* DM bytes between B's k-blocks / column blocks */
} mm_chunk;

typedef struct mm_plan {
    const vliw_mm *a;
    uint32_t kb, kbf, krag;     /* k-blocks (padded), whole ones, ragged k (0: none) */
    uint32_t nw, gw;            /* weights (SwiGLU: 2), column blocks per group */
    int nsub, sub_label[2];     /* panel subroutines emitted, per chunk width sub_cb */
    uint32_t sub_cb[2];
    int pn;                     /* parametric in N (vliw_mm_op.pgw): C's row pitch in r3,
                                   the tile's column blocks in r15 (one chunk, no ragged
                                   column), its B / C offsets in r5 / r6 from the call */
} mm_plan;

static int acc_of(const mm_plan *p, int rb, uint32_t w, uint32_t i)
{
    return rb * (int)(p->nw * p->gw) + (int)(w * p->gw + i);
}

static void chunk_layout(const mm_plan *p, uint32_t cw, uint32_t cb, uint32_t nrag, mm_chunk *ch)
{
    memset(ch, 0, sizeof *ch);
    ch->cw = cw;
    ch->cb = cb;
    ch->nrag = nrag;
    ch->nbf = cb - (nrag ? 1 : 0);
    ch->bdm[0] = 0;
    ch->bdm[1] = cw * p->kb * 32;
    ch->biasdm = p->nw * cw * p->kb * 32;
    ch->adm[0] = ch->biasdm + (p->a->bias >= 0 ? cw * 32 : 0);
    ch->adm[1] = ch->adm[0] + 2 * p->kb * 32;
    ch->cdm = ch->adm[1] + 2 * p->kb * 32;
    ch->kstride = p->a->bt ? cw * 32 : 32;
    ch->jstride = p->a->bt ? 32 : p->kb * 32;
}

/* BD fields from a constant (through r13). */
static void bd_const(vliw_gen *g, int bd, const char *field, uint32_t v)
{
    vliw_emit_li(g, 13, v);
    vliw_emit_op(g, "bd.set %d, %s, r13", bd, field);
}

/* A 3-D gather BD: len0 bytes per row, cnt1 rows (dstride1 DRAM, mstride1 DM),
 * cnt2 blocks (dstride2, mstride2), DRAM address reg (+ offreg when nonzero)
 * + off, DM dm. */
static void bd_gather(vliw_gen *g, int bd, int reg, int offreg, uint32_t off, uint32_t dm, uint32_t len0,
                      uint32_t cnt1, uint32_t ds1, uint32_t ms1, uint32_t cnt2, uint32_t ds2, uint32_t ms2)
{
    vliw_emit_li(g, 13, off);
    vliw_emit_op(g, "add r14, r%d, r13", reg);
    if (offreg)
        vliw_emit_op(g, "add r14, r14, r%d", offreg);
    vliw_emit_op(g, "bd.set %d, dram, r14", bd);
    bd_const(g, bd, "dm", dm);
    bd_const(g, bd, "len0", len0);
    bd_const(g, bd, "cnt1", cnt1);
    bd_const(g, bd, "dstride1", ds1);
    bd_const(g, bd, "mstride1", ms1);
    bd_const(g, bd, "cnt2", cnt2);
    bd_const(g, bd, "dstride2", ds2);
    bd_const(g, bd, "mstride2", ms2);
    bd_const(g, bd, "next", 0);
    bd_const(g, bd, "rel", 0);
}

/* A BD's DRAM address r<reg> + off (compact kernels: no add for off 0). */
static void bd_dram(vliw_gen *g, int bd, int reg, uint32_t off)
{
    if (g->compact && !off) {
        vliw_emit_op(g, "bd.set %d, dram, r%d", bd, reg);
        return;
    }
    vliw_emit_li(g, 13, off);
    vliw_emit_op(g, "add r14, r%d, r13", reg);
    vliw_emit_op(g, "bd.set %d, dram, r14", bd);
}

/* bd_gather (8-byte rows: DM rows 8 bytes apart, blocks 32) with its chain
 * link and lock release, each field written once (g->compact). */
static void bd_gather_fields(vliw_gen *g, int bd, int reg, uint32_t off, uint32_t dm, uint32_t len0,
                             uint32_t cnt1, uint32_t ds1, uint32_t cnt2, uint32_t next, uint32_t rel)
{
    bd_dram(g, bd, reg, off);
    const struct { const char *f; uint32_t v; } fl[] = {
        {"dm", dm}, {"len0", len0}, {"cnt1", cnt1}, {"dstride1", ds1}, {"mstride1", 8}, {"cnt2", cnt2},
        {"dstride2", 8}, {"mstride2", 32}, {"next", next}, {"rel", rel},
    };
    for (size_t i = 0; i < sizeof fl / sizeof fl[0]; i++)
        bd_const(g, bd, fl[i].f, fl[i].v);
}

/* Links BDs ids[0..n-1] into one chain and starts it on channel ch. */
static void bd_chain_start(vliw_gen *g, const int *ids, int n, int ch)
{
    for (int i = 0; i + 1 < n; i++)
        bd_const(g, ids[i], "next", 0x10u | (uint32_t)ids[i + 1]);
    vliw_emit_op(g, "dma.start %d, %d", ch, ids[0]);
}

/* panel_bds' C chain of a body parametric in N: C's row pitch in r3, the
 * tile's column blocks in r15 (whole: one BD per row block). */
static void panel_out_param(vliw_gen *g, const mm_chunk *ch, uint32_t rows, int full, int start)
{
    uint32_t rr[2] = {rows < 4 ? rows : 4, rows < 4 ? 0 : rows - 4};
    int ragged = full && rows != 8;
    for (int rb = 0; rb < 2 && rr[rb]; rb++) {
        int bd = 6 + rb;
        if (rb) {   /* the second row block: 4 rows further */
            vliw_emit_op(g, "slli r13, r3, 2");
            vliw_emit_op(g, "add r14, r10, r13");
        }
        vliw_emit_op(g, "bd.set %d, dram, r%d", bd, rb ? 14 : 10);
        if (full && !ragged) {
            bd_const(g, bd, "dm", ch->cdm + (uint32_t)rb * ch->cw * 32);
            bd_const(g, bd, "len0", 8);
            bd_const(g, bd, "cnt1", rr[rb]);
            vliw_emit_op(g, "bd.set %d, dstride1, r3", bd);
            bd_const(g, bd, "mstride1", 8);
            vliw_emit_op(g, "bd.set %d, cnt2, r15", bd);
            bd_const(g, bd, "dstride2", 8);
            bd_const(g, bd, "mstride2", 32);
            bd_const(g, bd, "next", rb ? 0 : 0x10u | 7u);
            bd_const(g, bd, "rel", 0);
        }
        if (ragged && rr[rb] != 4)
            bd_const(g, bd, "cnt1", rr[rb]);
        if (ragged && !rr[1])
            bd_const(g, bd, "next", 0);
    }
    if (start)
        vliw_emit_op(g, "dma.start 1, 6");
}

/* The chain of BDs moving `rows` rows of each row block: A in (DRAM r9, into
 * the A buffer b, BDs 0..3 / 10..13; its last BD releases lock b) or C out
 * (DRAM r10, BDs 6..9). full = 1 writes every field (a chunk's start, a ragged
 * panel), 0 only the DRAM addresses (a whole panel: the rest is as the chunk's
 * start left it); then the chain starts. */
static void panel_bds(vliw_gen *g, const mm_plan *p, const mm_chunk *ch, int out, int b, uint32_t rows,
                      int full, int start)
{
    int bd = out ? 6 : b ? 10 : 0, reg = out ? 10 : 9;
    uint32_t pitch = out ? p->a->n * 2 : p->a->k * 2;
    if (out && p->pn) {
        panel_out_param(g, ch, rows, full, start);
        return;
    }
    int nbd = 0, ids[8] = {0};
    uint32_t r0 = rows < 4 ? rows : 4, r1 = rows - r0;
    struct { uint32_t off, dm, len0, rr, cnt2; } f[4];
    for (int rb = 0; rb < 2; rb++) {
        uint32_t rr = rb ? r1 : r0;
        if (!rr)
            continue;
        uint32_t base = (uint32_t)rb * 4 * pitch;
        uint32_t dm = out ? ch->cdm + (uint32_t)rb * ch->cw * 32 : ch->adm[b] + (uint32_t)rb * p->kb * 32;
        uint32_t nf = out ? ch->nbf : p->kbf, rag = out ? ch->nrag : p->krag;
        for (int part = 0; part < 2; part++) {
            if (!(part ? rag : nf))
                continue;
            f[nbd].off = base + (part ? nf * 8 : 0);
            f[nbd].dm = dm + (part ? nf * 32 : 0);
            f[nbd].len0 = part ? rag * 2 : 8;
            f[nbd].rr = rr;
            f[nbd].cnt2 = part ? 1 : nf;
            ids[nbd++] = bd++;
        }
    }
    /* compact: a ragged panel's chain differs from the whole panels' (the
     * chunk's start wrote those) only in its rows and, without a second row
     * block, in where it ends */
    int ragged = full && g->compact && rows != 8;
    for (int i = 0; i < nbd; i++) {
        if (!full || ragged) {
            bd_dram(g, ids[i], reg, f[i].off);
            if (ragged && f[i].rr != 4)
                bd_const(g, ids[i], "cnt1", f[i].rr);
            if (ragged && !r1 && i + 1 == nbd) {
                bd_const(g, ids[i], "next", 0);
                if (!out)
                    bd_const(g, ids[i], "rel", 0x2000u | (uint32_t)b << 6 | 1u);
            }
            continue;
        }
        if (!g->compact) {
            bd_gather(g, ids[i], reg, 0, f[i].off, f[i].dm, f[i].len0, f[i].rr, pitch, 8, f[i].cnt2, 8, 32);
            continue;
        }
        /* the chain: each BD to the next; the last A BD releases lock b */
        uint32_t next = i + 1 < nbd ? 0x10u | (uint32_t)ids[i + 1] : 0;
        uint32_t rel = !out && i + 1 == nbd ? 0x2000u | (uint32_t)b << 6 | 1u : 0;
        bd_gather_fields(g, ids[i], reg, f[i].off, f[i].dm, f[i].len0, f[i].rr, pitch, f[i].cnt2, next, rel);
    }
    if (full && !g->compact && !out)
        bd_const(g, ids[nbd - 1], "rel", 0x2000u | (uint32_t)b << 6 | 1u);
    if (full && !g->compact)
        for (int i = 0; i + 1 < nbd; i++)
            bd_const(g, ids[i], "next", 0x10u | (uint32_t)ids[i + 1]);
    if (start)
        vliw_emit_op(g, "dma.start %d, %d", out, ids[0]);
}

/* Starts the load of the next A panel (`rows` rows, DRAM r9) into buffer b. */
static void mm_prefetch(vliw_gen *g, const mm_plan *p, const mm_chunk *ch, int b, uint32_t rows)
{
    vliw_emit_begin(g);
    panel_bds(g, p, ch, 0, b, rows, rows != 8, 1);
    vliw_emit_li(g, 13, 8 * p->a->k * 2);
    vliw_emit_op(g, "add r9, r9, r13");
    vliw_emit_end(g);
}

/* SwiGLU's gate: g = silu(g) u in fp32 (acc6 = -1, acc7 = 1, t a temporary). */
static void swiglu_gate(vliw_gen *g, int gacc, int uacc, int t)
{
    vliw_emit_op(g, "amul acc%d, acc%d, acc6", t, gacc);
    vliw_emit_op(g, "aexp acc%d, acc%d", t, t);
    vliw_emit_op(g, "aadd acc%d, acc%d, acc7", t, t);
    vliw_emit_op(g, "arcp acc%d, acc%d", t, t);
    vliw_emit_op(g, "amul acc%d, acc%d, acc%d", gacc, gacc, t);
    vliw_emit_op(g, "amul acc%d, acc%d, acc%d", gacc, gacc, uacc);
}

/* The group's results max(C, 0), stored: acc0's result goes out first (bf16;
 * its ReLU is exact on the rounded value) so acc0 can hold the zeros, then
 * the others by amax in fp32, acc0's last through acc1. */
static void mm_relu(vliw_gen *g, const mm_plan *p, const mm_chunk *ch, uint32_t jn)
{
    int a0 = acc_of(p, 0, 0, 0), t = -1;
    vliw_emit_op(g, "srs v8, acc%d", a0);
    vliw_emit_op(g, "abcst acc%d, r0", a0);
    for (int rb = 0; rb < 2; rb++)
        for (uint32_t i = 0; i < jn; i++) {
            int acc = acc_of(p, rb, 0, i);
            uint32_t v = 8 + 4 * (uint32_t)rb + i;
            if (acc == a0)
                continue;
            vliw_emit_op(g, "amax acc%d, acc%d, acc%d", acc, acc, a0);
            vliw_emit_op(g, "srs v%u, acc%d", v, acc);
            vliw_emit_op(g, "vst v%u, [p6, %u]", v, ((uint32_t)rb * ch->cw + i) * 32);
            t = acc;
        }
    if (t >= 0) {   /* acc0's: up, max, down through the last result's accumulator */
        vliw_emit_op(g, "ups acc%d, v8", t);
        vliw_emit_op(g, "amax acc%d, acc%d, acc%d", t, t, a0);
        vliw_emit_op(g, "srs v8, acc%d", t);
    } else {
        vliw_emit_op(g, "ups acc1, v8");
        vliw_emit_op(g, "amax acc1, acc1, acc%d", a0);
        vliw_emit_op(g, "srs v8, acc1");
    }
    vliw_emit_op(g, "vst v8, [p6, 0]");
}

/* One group of jn column blocks of the panel in A buffer b: p2.. its B
 * columns (then moved on by m1 to the next group's), p6 its C outputs, p7 its
 * bias (both moved on by a group). */
static void mm_group(vliw_gen *g, const mm_plan *p, const mm_chunk *ch, uint32_t jn)
{
    const vliw_mm *a = p->a;
    vliw_emit_begin(g);
    for (int rb = 0; rb < 2; rb++) {   /* r8: the A buffer */
        vliw_emit_op(g, "addi r13, r8, %u", (uint32_t)rb * p->kb * 32);
        vliw_emit_op(g, "mov p%d, r13", rb);
    }
    if (p->nw == 2) {
        vliw_emit_li(g, 13, vliw_emit_fbits(-1.0f));
        vliw_emit_op(g, "abcst acc6, r13");
        vliw_emit_li(g, 14, vliw_emit_fbits(1.0f));
        vliw_emit_op(g, "abcst acc7, r14");
    }
    for (uint32_t w = 0; w < p->nw; w++)
        for (uint32_t i = 0; i < jn; i++) {
            if (a->bias >= 0) {
                vliw_emit_op(g, "vld v%u, [p7, %u]", 10 + i, i * 32);
                for (int rb = 0; rb < 2; rb++)
                    vliw_emit_op(g, "ups acc%d, v%u", acc_of(p, rb, w, i), 10 + i);
            } else {
                for (int rb = 0; rb < 2; rb++)
                    vliw_emit_op(g, "abcst acc%d, r0", acc_of(p, rb, w, i));
            }
        }
    if (a->bias >= 0)
        vliw_emit_op(g, "padd p7, %u", p->gw * 32);
    vliw_emit_end(g);
    vliw_emit_begin(g);
    for (int rb = 0; rb < 2; rb++)
        vliw_emit_op(g, "vld v%d, [p%d], 32", rb, rb);
    for (uint32_t w = 0; w < p->nw; w++)
        for (uint32_t i = 0; i < jn; i++) {
            uint32_t x = w * p->gw + i;
            vliw_emit_op(g, "vld v%u, [p%u], m0", 2 + x, 2 + x);
            if (a->bt)
                vliw_emit_op(g, "vtrn v%u, v%u", 6 + x, 2 + x);
        }
    for (int rb = 0; rb < 2; rb++)
        for (uint32_t w = 0; w < p->nw; w++)
            for (uint32_t i = 0; i < jn; i++) {
                uint32_t x = w * p->gw + i;
                vliw_emit_op(g, "vmmac acc%d, v%d, v%u", acc_of(p, rb, w, i), rb, (a->bt ? 6 : 2) + x);
            }
    vliw_emit_loopi_end(g, p->kb);
    vliw_emit_begin(g);
    vliw_emit_op(g, "dma.wait 1");   /* the previous panel's C is out (waits in a panel's first group only) */
    if (a->relu)
        mm_relu(g, p, ch, jn);
    else
    for (int rb = 0; rb < 2; rb++)
        for (uint32_t i = 0; i < jn; i++) {
            int acc = acc_of(p, rb, 0, i);
            uint32_t v = 8 + 4 * (uint32_t)rb + i;
            if (p->nw == 2)
                swiglu_gate(g, acc, acc_of(p, rb, 1, i), 4 + rb);
            vliw_emit_op(g, "srs v%u, acc%d", v, acc);
            vliw_emit_op(g, "vst v%u, [p6, %u]", v, ((uint32_t)rb * ch->cw + i) * 32);
        }
    vliw_emit_op(g, "padd p6, %u", p->gw * 32);
    for (uint32_t x = 0; x < p->nw * p->gw; x++)
        vliw_emit_op(g, "padd p%u, m1", 2 + x);
    vliw_emit_end(g);
}

/* The panel subroutine of a chunk width (after the tile's halt; one per
 * width): the whole groups in a hardware loop, then the partial one; r8 = the
 * A buffer, link r7. Returns its label. */
static int mm_panel_sub(vliw_gen *g, mm_plan *p, const mm_chunk *ch)
{
    for (int i = 0; i < p->nsub; i++)
        if (p->sub_cb[i] == ch->cb)
            return p->sub_label[i];
    const vliw_mm *a = p->a;
    int l = vliw_emit_label(g);
    if (p->nsub < 2) {
        p->sub_cb[p->nsub] = ch->cb;
        p->sub_label[p->nsub++] = l;
    }
    uint32_t ng = ch->cb / p->gw, tail = ch->cb % p->gw;
    vliw_emit_sub_begin(g);
    vliw_emit_line(g, "L%d:", l);
    vliw_emit_begin(g);
    vliw_emit_li(g, 13, ch->cdm);
    vliw_emit_op(g, "mov p6, r13");
    if (a->bias >= 0) {
        vliw_emit_li(g, 13, ch->biasdm);
        vliw_emit_op(g, "mov p7, r13");
    }
    for (uint32_t w = 0; w < p->nw; w++)
        for (uint32_t i = 0; i < p->gw; i++) {
            vliw_emit_li(g, 14, ch->bdm[w] + i * ch->jstride);
            vliw_emit_op(g, "mov p%u, r14", 2 + w * p->gw + i);
        }
    if (p->pn)   /* the tile's column blocks / pgw (1, 2 or 4) */
        vliw_emit_op(g, "srli r13, r15, %d", p->gw / 2);
    else if (ng > 1)
        vliw_emit_li(g, 13, ng);
    vliw_emit_end(g);
    if (ng) {
        int e = vliw_emit_label(g);
        if (ng > 1 || p->pn)
            vliw_emit_line(g, "    loop r13, L%d", e);
        mm_group(g, p, ch, p->gw);
        vliw_emit_line(g, "L%d:", e);
    }
    if (tail)
        mm_group(g, p, ch, tail);
    vliw_emit_line(g, "    jr r7");
    vliw_emit_line(g, "    nop");
    vliw_emit_line(g, "    nop");
    vliw_emit_sub_end(g);
    return l;
}

/* Computes the panel in A buffer b (`rows` rows; the subroutine) and stores
 * it (DRAM r10). */
static void mm_panel(vliw_gen *g, mm_plan *p, const mm_chunk *ch, int b, uint32_t rows)
{
    int l = mm_panel_sub(g, p, ch);
    if (g->compact) {   /* the buffer's lock and address in the call's delay slots */
        vliw_emit_line(g, "    jal r7, L%d", l);
        vliw_emit_line(g, "    acq 0x%02x, 1", b);
        vliw_emit_line(g, "    ori r8, r0, 0x%x", ch->adm[b]);
    } else {
        vliw_emit_begin(g);
        vliw_emit_op(g, "acq 0x%02x, 1", b);
        vliw_emit_li(g, 8, ch->adm[b]);
        vliw_emit_end(g);
        vliw_emit_line(g, "    jal r7, L%d", l);
        vliw_emit_line(g, "    nop");
        vliw_emit_line(g, "    nop");
    }
    vliw_emit_begin(g);
    panel_bds(g, p, ch, 1, 0, rows, rows != 8, 1);
    if (p->pn)
        vliw_emit_op(g, "slli r13, r3, 3");
    else
        vliw_emit_li(g, 13, 8 * p->a->n * 2);
    vliw_emit_op(g, "add r10, r10, r13");
    vliw_emit_end(g);
}

/* Panel i of np (rows of the last: rag, 0 = whole): prefetch i + 1, compute i. */
static void mm_step(vliw_gen *g, mm_plan *p, const mm_chunk *ch, uint32_t i, uint32_t np, uint32_t rag)
{
    if (i + 1 < np)
        mm_prefetch(g, p, ch, (int)((i + 1) % 2), i + 2 == np && rag ? rag : 8);
    mm_panel(g, p, ch, (int)(i % 2), i + 1 == np && rag ? rag : 8);
}

/* One chunk (r5 = its B offset, r6 = its column byte offset): its B columns
 * (and bias) into DM, then every A panel past them. */
static void mm_chunk_gen(vliw_gen *g, mm_plan *p, const mm_chunk *ch)
{
    const vliw_mm *a = p->a;
    int ids[6], n = 0;
    vliw_emit_begin(g);
    if (a->bt) {
        uint32_t rows = 4 * ch->cb - (ch->nrag ? 4 - ch->nrag : 0);
        for (uint32_t w = 0; w < p->nw; w++) {
            int reg = w ? a->b2 : a->b, bd = w ? 14 : 4;
            if (p->kbf)
                ids[n++] = bd, bd_gather(g, bd, reg, 5, 0, ch->bdm[w], 8, rows, a->k * 2, 8, p->kbf, 8,
                                         ch->kstride);
            if (p->krag)
                ids[n++] = bd + 1, bd_gather(g, bd + 1, reg, 5, p->kbf * 8, ch->bdm[w] + p->kbf * ch->kstride,
                                             p->krag * 2, rows, a->k * 2, 8, 1, 8, 32);
            if (p->pn) {   /* the call's rows: 4 per column block */
                vliw_emit_op(g, "slli r13, r15, 2");
                for (int i = 0; i < n; i++)
                    vliw_emit_op(g, "bd.set %d, cnt1, r13", ids[i]);
            }
        }
    } else {
        if (ch->nbf)
            ids[n++] = 4, bd_gather(g, 4, a->b, 5, 0, ch->bdm[0], 8, a->k, a->n * 2, 8, ch->nbf, 8, ch->jstride);
        if (ch->nrag)
            ids[n++] = 5, bd_gather(g, 5, a->b, 5, ch->nbf * 8, ch->bdm[0] + ch->nbf * ch->jstride,
                                    ch->nrag * 2, a->k, a->n * 2, 8, 1, 8, 32);
    }
    if (a->bias >= 0) {   /* bias[4j..4j+3] in each of a block's 4 rows (DRAM stride 0) */
        if (ch->nbf)
            ids[n++] = 14, bd_gather(g, 14, a->bias, 6, 0, ch->biasdm, 8, 4, 0, 8, ch->nbf, 8, 32);
        if (ch->nrag)
            ids[n++] = 15, bd_gather(g, 15, a->bias, 6, ch->nbf * 8, ch->biasdm + ch->nbf * 32, ch->nrag * 2, 4,
                                     0, 8, 1, 8, 32);
    }
    bd_chain_start(g, ids, n, 0);
    vliw_emit_end(g);
    /* the A and C chains of whole panels (their DRAM addresses per panel);
     * the previous chunk's last C store may still use BDs 6..9 */
    vliw_emit_begin(g);
    vliw_emit_op(g, "dma.wait 1");
    for (int b = 0; b < 2; b++)
        panel_bds(g, p, ch, 0, b, 8, 1, 0);
    panel_bds(g, p, ch, 1, 0, 8, 1, 0);
    vliw_emit_li(g, 13, ch->kstride);
    vliw_emit_op(g, "mov m0, r13");
    vliw_emit_li(g, 14, p->gw * ch->jstride - p->kb * ch->kstride);
    vliw_emit_op(g, "mov m1, r14");
    vliw_emit_op(g, "mov r9, r%d", a->a);
    vliw_emit_op(g, "add r10, r%d, r6", a->c);
    vliw_emit_end(g);
    uint32_t full = a->m / 8, rag = a->m % 8, np = full + (rag ? 1 : 0);
    mm_prefetch(g, p, ch, 0, np == 1 && rag ? rag : 8);
    /* steps whose prefetch is a whole panel (i + 1 < full) run two at a time */
    uint32_t pairs = full >= 2 ? (full - 1) / 2 : 0;
    if (pairs) {
        int top = vliw_emit_branch_loop_open(g, 11, pairs);
        mm_prefetch(g, p, ch, 1, 8);
        mm_panel(g, p, ch, 0, 8);
        mm_prefetch(g, p, ch, 0, 8);
        mm_panel(g, p, ch, 1, 8);
        vliw_emit_branch_loop_close(g, 11, top);
    }
    for (uint32_t i = 2 * pairs; i < np; i++)
        mm_step(g, p, ch, i, np, rag);
}

/* r<reg> += v (through r13; v may be "negative"). */
static void add_const(vliw_gen *g, int reg, uint32_t v)
{
    vliw_emit_li(g, 13, v);
    vliw_emit_op(g, "add r%d, r%d, r13", reg, reg);
}

/* Tile `tile`'s 4-column blocks j0..j0 + nbt of n columns. */
static void mm_split(const vliw_gen *g, unsigned tile, uint32_t n, uint32_t *j0, uint32_t *nbt)
{
    uint32_t nblk = (n + 3) / 4, base = nblk / g->ntiles, extra = nblk % g->ntiles;
    *j0 = tile * base + (tile < extra ? tile : extra);
    *nbt = base + (tile < extra);
}

/* Column blocks a tile's DM holds at once: per column block its B (nw
 * weights; and bias) and its C outputs, beside the A buffers (k-blocks kb). */
static uint32_t mm_cbmax(const vliw_gen *g, uint32_t kb, uint32_t nw, int bias)
{
    uint32_t avail = g->hw.dm_bytes - 128, fixed = 4 * kb * 32;
    uint32_t per = nw * kb * 32 + (bias ? 32 : 0) + 64;
    return avail > fixed ? (avail - fixed) / per : 0;
}

/* Tile g->tile's share (its 4-column blocks of C): no `.tile`, no halt; the
 * last C stores may still be in flight. Locks 0 and 1 end at 0. */
static kc_status mm_tile(vliw_gen *g, const vliw_mm *a, kc_err *err)
{
    mm_plan p;
    memset(&p, 0, sizeof p);
    p.a = a;
    p.kb = (a->k + 3) / 4;
    p.kbf = a->k / 4;
    p.krag = a->k % 4;
    p.nw = a->b2 >= 0 ? 2 : 1;
    p.gw = p.nw == 2 ? 1 : 4;
    p.pn = a->pgw != 0;
    uint32_t nblk = (a->n + 3) / 4, j0, nbt;
    mm_split(g, g->tile, a->n, &j0, &nbt);
    uint32_t nrag = j0 + nbt == nblk ? a->n % 4 : 0;
    uint32_t avail = g->hw.dm_bytes - 128, fixed = 4 * p.kb * 32;
    uint32_t per = p.nw * p.kb * 32 + (a->bias >= 0 ? 32 : 0) + 64;
    uint32_t cbmax = mm_cbmax(g, p.kb, p.nw, a->bias >= 0);
    if (!cbmax || p.kb > 1023)
        return kc_err_set(err, KC_ERR_RANGE, "baseline: does not fit: a matmul with K = %u needs %u bytes of "
                          "A buffers plus %u per 4-column block in a tile's DM (%u bytes)", a->k, fixed, per,
                          avail);
    if (p.pn)
        vliw_emit_line(g, "// tile %u: up to %u column blocks (N, the columns: parameters)", g->tile, nbt);
    else
        vliw_emit_line(g, "// tile %u: column blocks %u..%u", g->tile, j0, j0 + nbt);
    if (!nbt)
        return KC_OK;
    if (p.pn && (nbt > cbmax || nrag))
        return kc_err_set(err, KC_ERR_INTERNAL, "vliw template: a gemm body parametric in N needs one chunk");
    uint32_t nch = (nbt + cbmax - 1) / cbmax, cbm = (nbt + nch - 1) / nch;
    uint32_t q = nbt / cbm, rest = nbt % cbm;
    if (nrag && !rest)
        q--, rest = cbm;
    /* compact kernels: every chunk as wide as the first (one chunk code, no
     * second panel subroutine): the last one ends at the tile's last column
     * block, overlapping the one before it (those columns are computed and
     * stored twice, the same values) */
    int overlap = g->compact && !nrag && rest && q;
    if (overlap)
        q++, rest = 0;
    /* compact kernels: groups as wide as divide every chunk (no partial
     * group: its code is the panel subroutine's second half) */
    for (uint32_t w = 4; g->compact && p.nw == 1 && w >= 2; w--)
        if (cbm % w == 0 && rest % w == 0) {
            p.gw = w;
            break;
        }
    if (p.pn)
        p.gw = a->pgw;
    uint32_t bstep = a->bt ? 4 * a->k * 2 : 8;   /* B bytes per column block */
    mm_chunk ch;
    chunk_layout(&p, cbm, cbm, 0, &ch);
    if (p.krag)   /* the k padding of A and B must read 0 (an earlier stage's data may be NaN) */
        vliw_emit_dm_zero(g, 0, ch.cdm);
    if (a->batch > 1) {
        vliw_emit_begin(g);
        vliw_emit_li(g, 12, a->batch);
        vliw_emit_end(g);
    }
    int btop = vliw_emit_label(g);
    if (a->batch > 1)
        vliw_emit_line(g, "L%d:", btop);
    if (!p.pn) {   /* (parametric: the call set them) */
        vliw_emit_begin(g);
        vliw_emit_li(g, 5, j0 * bstep);
        vliw_emit_li(g, 6, j0 * 8);
        vliw_emit_end(g);
    }
    if (q) {
        chunk_layout(&p, cbm, cbm, 0, &ch);
        int top = q > 1 ? vliw_emit_branch_loop_open(g, 15, q) : 0;
        mm_chunk_gen(g, &p, &ch);
        vliw_emit_begin(g);
        if (!p.pn || q > 1) {
            add_const(g, 5, cbm * bstep);
            add_const(g, 6, cbm * 8);
        }
        if (overlap) {
            vliw_emit_li(g, 14, (j0 + nbt - cbm) * bstep);
            vliw_emit_op(g, "sltu r13, r14, r5");
        }
        vliw_emit_end(g);
        if (overlap) {   /* the next chunk starts at most at the last one's start */
            int ok = vliw_emit_label(g);
            vliw_emit_line(g, "    beqz r13, L%d", ok);
            vliw_emit_line(g, "    nop");
            vliw_emit_line(g, "    nop");
            vliw_emit_begin(g);
            vliw_emit_op(g, "mov r5, r14");
            vliw_emit_li(g, 6, (j0 + nbt - cbm) * 8);
            vliw_emit_end(g);
            vliw_emit_line(g, "L%d:", ok);
        }
        if (q > 1)
            vliw_emit_branch_loop_close(g, 15, top);
    }
    if (rest) {
        chunk_layout(&p, cbm, rest, nrag, &ch);
        mm_chunk_gen(g, &p, &ch);
    }
    if (a->batch > 1) {
        vliw_emit_begin(g);
        add_const(g, a->a, a->m * a->k * 2);
        add_const(g, a->b, a->k * a->n * 2);
        add_const(g, a->c, a->m * a->n * 2);
        vliw_emit_op(g, "addi r12, r12, -1");
        vliw_emit_end(g);
        vliw_emit_line(g, "    bnez r12, L%d", btop);
        vliw_emit_line(g, "    nop");
        vliw_emit_line(g, "    nop");
        /* the ABI registers as they came */
        vliw_emit_begin(g);
        add_const(g, a->a, (uint32_t)-(a->batch * a->m * a->k * 2));
        add_const(g, a->b, (uint32_t)-(a->batch * a->k * a->n * 2));
        add_const(g, a->c, (uint32_t)-(a->batch * a->m * a->n * 2));
        vliw_emit_end(g);
    }
    return KC_OK;
}

kc_status vliw_matmul_gemm_stage(vliw_gen *g, const void *args, kc_err *err)
{
    const vliw_mm_op *op = args;
    vliw_mm a;
    memset(&a, 0, sizeof a);
    a.batch = op->batch ? op->batch : 1;
    a.m = op->m, a.n = op->n, a.k = op->k;
    a.bt = op->bt;
    a.relu = op->relu && !op->has_gate;
    /* the operands' addresses: A r1, the (first) weight r2, W_up or the bias
     * r3, C r4 (through r9..r12: the ABI registers r1..r8 are sources until
     * every operand is read) */
    const vliw_opnd *src[4] = {&op->a, op->has_gate ? &op->gate : &op->b,
                               op->has_gate ? &op->b : op->has_bias ? &op->bias : NULL, &op->c};
    static const int tmp[4] = {9, 10, 11, 12};
    vliw_emit_args_save(g);
    vliw_emit_begin(g);
    /* compact: an operand already in its register stays (a shared body's A and B) */
    int stay[4] = {0};
    for (int i = 0; i < 4; i++)
        stay[i] = g->compact && src[i] && src[i]->arg == i && !src[i]->off;
    for (int i = 0; i < 4; i++)
        if (src[i] && !stay[i])
            vliw_emit_addr(g, tmp[i], 13, *src[i], 0);
    for (int i = 0; i < 4; i++)
        if (src[i] && !stay[i])
            vliw_emit_op(g, "mov r%d, r%d", i + 1, tmp[i]);
    if (op->pgw)   /* parametric: C's row pitch came in r7 (vliw_matmul_gemm_args) */
        vliw_emit_op(g, "mov r3, r7");
    vliw_emit_end(g);
    a.a = 1, a.b = 2, a.c = 4;
    a.b2 = op->has_gate ? 3 : -1;
    a.bias = op->has_bias ? 3 : -1;
    a.pgw = op->pgw;
    return mm_tile(g, &a, err);
}

/* The register convention of a parametric body: r5 / r6 = the tile's first
 * column block's B / C byte offsets, r15 = its column blocks, r7 = C's row
 * pitch (bytes; the body keeps it in r3). */
void vliw_matmul_gemm_args(vliw_gen *g, const void *pargs)
{
    const vliw_mm_op *op = pargs;
    uint32_t j0, nbt;
    mm_split(g, g->tile, op->n, &j0, &nbt);
    vliw_emit_li(g, 5, j0 * 4 * op->k * 2);
    vliw_emit_li(g, 6, j0 * 8);
    vliw_emit_li(g, 15, nbt);
    vliw_emit_li(g, 7, op->n * 2);
}

uint32_t vliw_matmul_gemm_pgw(const vliw_gen *g, const vliw_mm_op *const *ops, int n)
{
    uint32_t gw = 4;
    for (int i = 0; i < n; i++) {
        const vliw_mm_op *o = ops[i];
        if (!o->bt || o->has_bias || o->has_gate || o->relu || o->batch > 1 || o->n % 4 || o->k != ops[0]->k ||
            o->m != ops[0]->m)
            return 0;
    }
    uint32_t cbmax = mm_cbmax(g, (ops[0]->k + 3) / 4, 1, 0);
    if ((ops[0]->k + 3) / 4 > 1023)
        return 0;
    for (unsigned t = 0; t < g->ntiles; t++)
        for (int i = 0; i < n; i++) {
            uint32_t j0, nbt;
            mm_split(g, t, ops[i]->n, &j0, &nbt);
            if (!nbt || nbt > cbmax)
                return 0;
            while (nbt % gw)   /* whole groups at every N */
                gw /= 2;
        }
    return gw;
}

int vliw_matmul_serves(const char *name)
{
    static const char *const names[] = {"gemv", "gemm", "bmm", "linear", "swiglu"};
    for (unsigned i = 0; i < sizeof names / sizeof names[0]; i++)
        if (!strcmp(name, names[i]))
            return 1;
    return 0;
}

kc_status vliw_matmul_gen(vliw_gen *g, const kc_task *t, const kc_task_config *c, kc_err *err)
{
    kc_task_matmul_dims d;
    if (!kc_task_matmul_view(t, c, &d))
        return kc_err_set(err, KC_ERR_USAGE, "baseline: %s is not a matrix task", t->name);
    int mv = !strcmp(t->name, "gemv");
    vliw_mm_op op;
    memset(&op, 0, sizeof op);
    op.batch = d.batch;
    op.m = d.m, op.n = d.n, op.k = d.k;
    op.bt = d.b_transposed;
    op.a = vliw_opnd_at(mv ? d.b_idx : d.a_idx, 0);   /* gemv: a = W, b = x */
    op.b = vliw_opnd_at(mv ? d.a_idx : d.b_idx, 0);
    op.c = vliw_opnd_at(d.out_idx, 0);
    op.has_bias = d.has_bias;
    op.bias = vliw_opnd_at(d.has_bias ? d.bias_idx : 0, 0);
    op.has_gate = d.gate_idx >= 0;
    op.gate = vliw_opnd_at(op.has_gate ? d.gate_idx : 0, 0);
    vliw_stage st = {mv ? vliw_matmul_gemv_stage : vliw_matmul_gemm_stage, &op};
    return vliw_emit_stages(g, &st, 1, err);
}
