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


/* ---- GEMM ----------------------------------------------------------------------------

 * C = A B on 4x4 blocks with vmmac. The columns are split by tile id (4-column
 * blocks); a tile keeps its B columns in DM in block layout while A streams
 * past them (block j, k-block kb: the 4x4 of B[4kb..4kb+3][4j..4j+3] row-major
 * at Bdm + (j KB + kb) 32; the DMA gathers it with 8-byte rows: len0 = 8,
 * cnt1 = K rows, cnt2 = blocks). When a tile's columns do not fit its DM they
 * go in chunks, A streaming past each. With bt (B given as [n][k]) a chunk's
 * NF = 4 nbt rows of B^T lie k-block-major (block (j, kb) at Bdm + kb NF 8 +
 * j 32: rows n, columns k: one BD, len0 = 8, cnt1 = rows, cnt2 = k-blocks)
 * and vtrn turns each into B's block. A flows through in panels of 8 rows (two
 * row blocks, each [kb][4 rows][4 k] in DM, gathered the same way). Per panel
 * and 16-column group: 2 A vectors and 4 B vectors per k-block feed 8 vmmac
 * into 8 accumulators (the MAC unit chains each one back to back), which start
 * at 0 or at the bias (a block [4 rows][4 columns] of it in DM: the DMA
 * repeats the 4 values with dstride1 = 0); the 4x4 results (srs) go to an
 * output buffer in block layout, written back by the DMA with 8-byte rows.
 * Ragged K, N and M: partial k-block / column block / row block BDs; what
 * the DMA never writes stays 0 in DM (K padding; cleared first when an earlier
 * stage used the DM), so padding lanes add 0; rows and columns past M and N
 * are computed from stale DM and not written back. */
typedef struct gemm {
    uint32_t m, n, k;
    int bt, bias;
    int loop;                   /* panels by a subroutine with a group loop (code size), BDs set once */
    int nsub, sub_label[2];     /* the panel subroutines emitted (per chunk width sub_nbt) */
    uint32_t sub_nbt[2];
    uint32_t kb, kbf, krag;     /* k-blocks (padded), whole ones, ragged k (0: none) */
    uint32_t bdm, adm[2], cdm, biasdm;  /* DM: B blocks, A panels (2 buffers of 2 row blocks), C panel, bias */
    uint32_t j0, nbt, nbf, nrag;   /* chunk's first column block, blocks, whole blocks, ragged cols */
} gemm;

/* BD fields from a constant (through r13). */
static void bd_const(vliw_gen *g, int bd, const char *field, uint32_t v)
{
    vliw_emit_li(g, 13, v);
    vliw_emit_op(g, "bd.set %d, %s, r13", bd, field);
}

/* A 2-D gather BD: len0 bytes per row, cnt1 rows (dstride1 DRAM, mstride1 DM),
 * cnt2 blocks (dstride2, mstride2), DRAM address reg + off, DM dm. */
static void bd_gather(vliw_gen *g, int bd, int reg, uint32_t off, uint32_t dm, uint32_t len0, uint32_t cnt1,
                      uint32_t ds1, uint32_t ms1, uint32_t cnt2, uint32_t ds2, uint32_t ms2, uint32_t next,
                      uint32_t rel)
{
    vliw_emit_li(g, 13, off);
    vliw_emit_op(g, "add r14, r%d, r13", reg);
    vliw_emit_op(g, "bd.set %d, dram, r14", bd);
    bd_const(g, bd, "dm", dm);
    bd_const(g, bd, "len0", len0);
    bd_const(g, bd, "cnt1", cnt1);
    bd_const(g, bd, "dstride1", ds1);
    bd_const(g, bd, "mstride1", ms1);
    bd_const(g, bd, "cnt2", cnt2);
    bd_const(g, bd, "dstride2", ds2);
    bd_const(g, bd, "mstride2", ms2);
    bd_const(g, bd, "next", next ? 0x10u | next : 0);
    bd_const(g, bd, "rel", rel);
}

/* The chain of BDs moving `rows` rows of each row block: A in (DRAM r9, into
 * the A buffer b; its last BD releases lock b) or C out (DRAM r10, BDs 6..9).
 * Whole panels (8 rows) differ only in their DRAM addresses: `how` is
 * BD_ALL (every field, then start), BD_SETUP (every field, no start: once per
 * chunk) or BD_DRAM (the addresses, then start). */
enum { BD_ALL, BD_SETUP, BD_DRAM };

static void panel_bds(vliw_gen *g, const gemm *m, int out, int b, uint32_t rows, int how)
{
    int bd = out ? 6 : b ? 10 : 0, reg = out ? 10 : 9;
    uint32_t pitch = out ? m->n * 2 : m->k * 2;
    int nbd = 0, ids[8] = {0};
    uint32_t r0 = rows < 4 ? rows : 4, r1 = rows - r0;
    for (int rb = 0; rb < 2; rb++) {
        uint32_t rr = rb ? r1 : r0;
        if (!rr)
            continue;
        uint32_t base = (uint32_t)rb * 4 * pitch;
        uint32_t dm = out ? m->cdm + (uint32_t)rb * m->nbt * 32 : m->adm[b] + (uint32_t)rb * m->kb * 32;
        uint32_t nf = out ? m->nbf : m->kbf, rag = out ? m->nrag : m->krag;
        for (int part = 0; part < 2; part++) {
            if (!(part ? rag : nf))
                continue;
            uint32_t off = base + (part ? nf * 8 : 0);
            ids[nbd++] = bd;
            if (how == BD_DRAM) {
                vliw_emit_li(g, 13, off);
                vliw_emit_op(g, "add r14, r%d, r13", reg);
                vliw_emit_op(g, "bd.set %d, dram, r14", bd);
            } else if (!part) {
                bd_gather(g, bd, reg, off, dm, 8, rr, pitch, 8, nf, 8, 32, 0, 0);
            } else {
                bd_gather(g, bd, reg, off, dm + nf * 32, rag * 2, rr, pitch, 8, 1, 8, 32, 0, 0);
            }
            bd++;
        }
    }
    if (how != BD_DRAM) {
        for (int i = 0; i + 1 < nbd; i++)
            bd_const(g, ids[i], "next", 0x10u | (uint32_t)ids[i + 1]);
        if (!out)
            bd_const(g, ids[nbd - 1], "rel", 0x2000u | (uint32_t)b << 6 | 1u);
    }
    if (how != BD_SETUP)
        vliw_emit_op(g, "dma.start %d, %d", out, ids[0]);
}

/* Starts the load of the next A panel (`rows` rows, DRAM r9) into buffer b. */
static void gemm_prefetch(vliw_gen *g, const gemm *m, int b, uint32_t rows)
{
    vliw_emit_begin(g);
    panel_bds(g, m, 0, b, rows, m->loop && rows == 8 ? BD_DRAM : BD_ALL);
    vliw_emit_li(g, 13, 8 * m->k * 2);
    vliw_emit_op(g, "add r9, r9, r13");
    vliw_emit_end(g);
}

/* One group of jn (<= 4) column blocks of the panel in A buffer b: 16
 * columns' accumulators through the k-blocks, then out to the C buffer.
 * Unrolled (looped = 0) the group's DM addresses are constants (first block
 * j0); in the panel subroutine (looped = 1) they come from r6 (A buffer), r1
 * (B), r3 (bias) and r4 (C), and B, bias and C advance by one group. */
static void gemm_group(vliw_gen *g, const gemm *m, int b, uint32_t j0, uint32_t jn, int looped, int wait)
{
    uint32_t bstep = m->bt ? 32 : m->kb * 32;
    vliw_emit_begin(g);
    for (int rb = 0; rb < 2; rb++) {
        if (looped)
            vliw_emit_op(g, "addi r15, r6, %u", (uint32_t)rb * m->kb * 32);
        else
            vliw_emit_li(g, 15, m->adm[b] + (uint32_t)rb * m->kb * 32);
        vliw_emit_op(g, "mov p%d, r15", rb);
    }
    if (m->bias) {
        if (looped) {
            vliw_emit_op(g, "mov p7, r3");
        } else {
            vliw_emit_li(g, 15, m->biasdm + j0 * 32);
            vliw_emit_op(g, "mov p7, r15");
        }
    }
    for (uint32_t i = 0; i < jn; i++) {
        if (looped)
            vliw_emit_op(g, "addi r15, r1, %u", i * bstep);
        else
            vliw_emit_li(g, 15, m->bdm + (j0 + i) * bstep);
        vliw_emit_op(g, "mov p%u, r15", 2 + i);
        if (m->bias)
            vliw_emit_op(g, "vld v%u, [p7, %u]", 12 + i, i * 32);
        for (int rb = 0; rb < 2; rb++) {
            if (m->bias)
                vliw_emit_op(g, "ups acc%u, v%u", 4 * rb + i, 12 + i);
            else
                vliw_emit_op(g, "abcst acc%u, r0", 4 * rb + i);
        }
    }
    vliw_emit_end(g);
    vliw_emit_begin(g);
    for (int rb = 0; rb < 2; rb++)
        vliw_emit_op(g, "vld v%d, [p%d], 32", rb, rb);
    for (uint32_t i = 0; i < jn; i++) {
        if (m->bt) {   /* B^T's block, transposed */
            vliw_emit_op(g, "vld v%u, [p%u], %u", 2 + i, 2 + i, m->nbt * 32);
            vliw_emit_op(g, "vtrn v%u, v%u", 8 + i, 2 + i);
        } else {
            vliw_emit_op(g, "vld v%u, [p%u], 32", 2 + i, 2 + i);
        }
    }
    for (int rb = 0; rb < 2; rb++)
        for (uint32_t i = 0; i < jn; i++)
            vliw_emit_op(g, "vmmac acc%u, v%d, v%u", 4 * rb + i, rb, (m->bt ? 8 : 2) + i);
    vliw_emit_loopi_end(g, m->kb);
    vliw_emit_begin(g);
    if (wait)
        vliw_emit_op(g, "dma.wait 1");   /* the previous panel's C is out */
    if (looped) {
        vliw_emit_op(g, "mov p6, r4");
    } else {
        vliw_emit_li(g, 15, m->cdm);
        vliw_emit_op(g, "mov p6, r15");
    }
    uint32_t c0 = looped ? 0 : j0;
    for (int rb = 0; rb < 2; rb++)
        for (uint32_t i = 0; i < jn; i++) {
            vliw_emit_op(g, "srs v%u, acc%u", 8 + 4 * rb + i, 4 * rb + i);
            vliw_emit_op(g, "vst v%u, [p6, %u]", 8 + 4 * rb + i, ((uint32_t)rb * m->nbt + c0 + i) * 32);
        }
    if (looped) {
        vliw_emit_li(g, 15, 4 * bstep);
        vliw_emit_op(g, "add r1, r1, r15");
        vliw_emit_op(g, "addi r3, r3, 128");
        vliw_emit_op(g, "addi r4, r4, 128");
    }
    vliw_emit_end(g);
}

/* The panel subroutine of loop mode (one per chunk width, after the tile's
 * halt): the groups of 4 column blocks in a branch loop (r12), then the
 * partial group; r6 = the A buffer, link r8. Returns its label. */
static int gemm_panel_sub(vliw_gen *g, gemm *m)
{
    for (int i = 0; i < m->nsub; i++)
        if (m->sub_nbt[i] == m->nbt)
            return m->sub_label[i];
    int l = vliw_emit_label(g);
    if (m->nsub < 2) {
        m->sub_nbt[m->nsub] = m->nbt;
        m->sub_label[m->nsub++] = l;
    }
    vliw_emit_sub_begin(g);
    vliw_emit_line(g, "L%d:", l);
    vliw_emit_begin(g);
    vliw_emit_li(g, 1, m->bdm);
    vliw_emit_li(g, 3, m->biasdm);
    vliw_emit_li(g, 4, m->cdm);
    vliw_emit_end(g);
    if (m->nbt >= 4) {
        int top = vliw_emit_branch_loop_open(g, 12, m->nbt / 4);
        gemm_group(g, m, 0, 0, 4, 1, 1);
        vliw_emit_branch_loop_close(g, 12, top);
    }
    if (m->nbt % 4)
        gemm_group(g, m, 0, 0, m->nbt % 4, 1, m->nbt < 4);
    vliw_emit_line(g, "    jr r8");
    vliw_emit_line(g, "    nop");
    vliw_emit_line(g, "    nop");
    vliw_emit_sub_end(g);
    return l;
}

/* Computes the panel in A buffer b (`rows` rows) and stores it (DRAM r10):
 * unrolled groups, or (m->loop: code size) a call of the panel subroutine. */
static void gemm_panel(vliw_gen *g, gemm *m, int b, uint32_t rows)
{
    vliw_emit_begin(g);
    vliw_emit_op(g, "acq 0x%02x, 1", b);
    if (m->loop)
        vliw_emit_li(g, 6, m->adm[b]);
    vliw_emit_end(g);
    if (m->loop) {
        int l = gemm_panel_sub(g, m);
        vliw_emit_line(g, "    jal r8, L%d", l);
        vliw_emit_line(g, "    nop");
        vliw_emit_line(g, "    nop");
    } else {
        for (uint32_t j0 = 0; j0 < m->nbt; j0 += 4)
            gemm_group(g, m, b, j0, m->nbt - j0 < 4 ? m->nbt - j0 : 4, 0, j0 == 0);
    }
    vliw_emit_begin(g);
    panel_bds(g, m, 1, 0, rows, m->loop && rows == 8 ? BD_DRAM : BD_ALL);
    vliw_emit_li(g, 13, 8 * m->n * 2);
    vliw_emit_op(g, "add r10, r10, r13");
    vliw_emit_end(g);
}

/* Panel i of np (rows of the last: rag, 0 = whole): prefetch i + 1, compute i. */
static void gemm_step(vliw_gen *g, gemm *m, uint32_t i, uint32_t np, uint32_t rag)
{
    if (i + 1 < np)
        gemm_prefetch(g, m, (int)((i + 1) % 2), i + 2 == np && rag ? rag : 8);
    gemm_panel(g, m, (int)(i % 2), i + 1 == np && rag ? rag : 8);
}

/* In the open block: B's columns of the chunk (and the bias) into DM, ch0. */
static void gemm_load_b(vliw_gen *g, const gemm *m, const vliw_mm_op *op)
{
    int rb = vliw_emit_addr_reg(g, 12, op->b);
    if (m->bt) {   /* rows 4 j0 .. of B^T, k-block-major */
        uint32_t rows = 4 * m->nbf + m->nrag, nf = 4 * m->nbt;
        if (m->kbf)
            bd_gather(g, 4, rb, 4 * m->j0 * m->k * 2, m->bdm, 8, rows, m->k * 2, 8, m->kbf, 8, nf * 8,
                      m->krag ? 5 : 0, 0);
        if (m->krag)
            bd_gather(g, 5, rb, 4 * m->j0 * m->k * 2 + m->kbf * 8, m->bdm + m->kbf * nf * 8, m->krag * 2, rows,
                      m->k * 2, 8, 1, 8, 32, 0, 0);
        vliw_emit_op(g, "dma.start 0, %d", m->kbf ? 4 : 5);
    } else {
        if (m->nbf)
            bd_gather(g, 4, rb, m->j0 * 8, m->bdm, 8, m->k, m->n * 2, 8, m->nbf, 8, m->kb * 32,
                      m->nrag ? 5 : 0, 0);
        if (m->nrag)
            bd_gather(g, 5, rb, (m->j0 + m->nbf) * 8, m->bdm + m->nbf * m->kb * 32, m->nrag * 2, m->k, m->n * 2,
                      8, 1, 8, 32, 0, 0);
        vliw_emit_op(g, "dma.start 0, %d", m->nbf ? 4 : 5);
    }
    if (m->bias) {   /* [block][4 rows][4 columns]: the 4 values repeated (dstride1 = 0) */
        int rs = vliw_emit_addr_reg(g, 11, op->bias);
        if (m->nbf)
            bd_gather(g, 14, rs, m->j0 * 8, m->biasdm, 8, 4, 0, 8, m->nbf, 8, 32, m->nrag ? 15 : 0, 0);
        if (m->nrag)
            bd_gather(g, 15, rs, (m->j0 + m->nbf) * 8, m->biasdm + m->nbf * 32, m->nrag * 2, 4, 0, 8, 1, 8, 32, 0,
                      0);
        vliw_emit_op(g, "dma.start 0, %d", m->nbf ? 14 : 15);
    }
}

/* One chunk of the tile's columns: B in, every A panel past it. */
static void gemm_chunk(vliw_gen *g, gemm *m, const vliw_mm_op *op, int first)
{
    vliw_emit_line(g, "// column blocks %u..%u", m->j0, m->j0 + m->nbt);
    vliw_emit_begin(g);
    gemm_load_b(g, m, op);
    vliw_emit_addr(g, 9, 13, op->a, 0);
    vliw_emit_addr(g, 10, 13, op->c, m->j0 * 8);
    vliw_emit_end(g);
    /* the whole panels' BDs, once: buffer 0's before the first panel starts,
     * the others while it loads */
    uint32_t full = m->m / 8, rag = m->m % 8, np = full + (rag ? 1 : 0);
    /* (the A panels' BDs do not depend on the chunk: once, unless a ragged
     * last panel changed them) */
    int abds = first || rag;
    if (m->loop && abds) {
        vliw_emit_begin(g);
        panel_bds(g, m, 0, 0, 8, BD_SETUP);
        vliw_emit_end(g);
    }
    gemm_prefetch(g, m, 0, np == 1 && rag ? rag : 8);
    if (m->loop) {
        vliw_emit_begin(g);
        if (abds)
            panel_bds(g, m, 0, 1, 8, BD_SETUP);
        panel_bds(g, m, 1, 0, 8, BD_SETUP);
        vliw_emit_end(g);
    }
    /* steps whose prefetch is a whole panel (i + 1 < full) run two at a time */
    uint32_t pairs = full >= 2 ? (full - 1) / 2 : 0;
    if (pairs) {
        int top = vliw_emit_branch_loop_open(g, 11, pairs);
        gemm_prefetch(g, m, 1, 8);
        gemm_panel(g, m, 0, 8);
        gemm_prefetch(g, m, 0, 8);
        gemm_panel(g, m, 1, 8);
        vliw_emit_branch_loop_close(g, 11, top);
    }
    for (uint32_t i = 2 * pairs; i < np; i++)
        gemm_step(g, m, i, np, rag);
}

kc_status vliw_matmul_gemm_stage(vliw_gen *g, const void *args, kc_err *err)
{
    const vliw_mm_op *op = args;
    gemm m;
    memset(&m, 0, sizeof m);
    m.m = op->m;
    m.n = op->n;
    m.k = op->k;
    m.bt = op->bt;
    m.bias = op->has_bias;
    m.kb = (m.k + 3) / 4;
    m.kbf = m.k / 4;
    m.krag = m.k % 4;
    uint32_t nblk = (m.n + 3) / 4;
    uint32_t base = nblk / g->ntiles, extra = nblk % g->ntiles;
    uint32_t tj0 = g->tile * base + (g->tile < extra ? g->tile : extra);
    uint32_t tnb = base + (g->tile < extra);
    if (!tnb)
        return KC_OK;
    /* chunks of at most cb column blocks: B (KB 32 bytes a block), the A
     * buffers (4 KB 32), C (64 a block), the bias (32 a block) */
    uint32_t avail = g->hw.dm_bytes - 128;
    uint32_t per = m.kb * 32 + 64 + (m.bias ? 32 : 0), fixed = 4 * m.kb * 32;
    uint32_t cb = avail > fixed ? (avail - fixed) / per : 0;
    if (!cb)
        return kc_err_set(err, KC_ERR_RANGE, "baseline: gemm with K = %u does not fit the vliw DM (%u bytes)", m.k,
                          avail);
    uint32_t nch = (tnb + cb - 1) / cb;
    uint32_t cmax = (tnb + nch - 1) / nch;
    /* one DM layout for every chunk (sized for the largest), so padding stays where it was */
    m.bdm = 0;
    m.adm[0] = cmax * m.kb * 32;
    m.adm[1] = m.adm[0] + 2 * m.kb * 32;
    m.cdm = m.adm[1] + 2 * m.kb * 32;
    m.biasdm = m.cdm + 2 * cmax * 32;
    vliw_emit_line(g, "// tile %u: column blocks %u..%u in %u chunks", g->tile, tj0, tj0 + tnb, nch);
    /* unrolled groups where the code is small (every gemm task config on 2x2), else a loop */
    m.loop = cmax > 16 || nch > 1 || g->nstages > 1 || g->hw.pm_bundles < 2048;
    if (m.loop)
        vliw_emit_args_save(g);
    if (m.krag)
        vliw_emit_dm_zero(g, 0, m.cdm);
    for (uint32_t c = 0, j = tj0; c < nch; c++) {
        m.j0 = j;
        m.nbt = tnb / nch + (c < tnb % nch);
        j += m.nbt;
        m.nrag = j == nblk ? m.n % 4 : 0;
        m.nbf = m.nbt - (m.nrag ? 1 : 0);
        if (c) {   /* the last chunk's C is out before its DM is reused; the operands' registers back */
            vliw_emit_begin(g);
            vliw_emit_op(g, "dma.wait 1");
            vliw_emit_end(g);
            if (m.loop)
                vliw_emit_args_restore(g);
        }
        gemm_chunk(g, &m, op, !c);
    }
    return KC_OK;
}

int vliw_matmul_serves(const char *name)
{
    return !strcmp(name, "gemv") || !strcmp(name, "gemm");
}

kc_status vliw_matmul_gen(vliw_gen *g, const kc_task *t, const kc_task_config *c, kc_err *err)
{
    /* ABI: gemv W, x, y (dims N, K); gemm A, B, C (dims M, N, K) */
    int mv = !strcmp(t->name, "gemv");
    vliw_mm_op op;
    memset(&op, 0, sizeof op);
    op.m = mv ? 1 : c->dims[0];
    op.n = c->dims[mv ? 0 : 1];
    op.k = c->dims[mv ? 1 : 2];
    op.a = vliw_opnd_at(0, 0);
    op.b = vliw_opnd_at(1, 0);
    op.c = vliw_opnd_at(2, 0);
    vliw_stage st = {mv ? vliw_matmul_gemv_stage : vliw_matmul_gemm_stage, &op};
    return vliw_emit_stages(g, &st, 1, err);
}
