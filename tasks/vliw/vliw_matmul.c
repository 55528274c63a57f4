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
    vliw_emit_op(g, "bd.set 4, dram, r2");
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

static kc_status gemv_gen(vliw_gen *g, const kc_task *t, const kc_task_config *c, kc_err *err)
{
    gemv m;
    memset(&m, 0, sizeof m);
    m.n = c->dims[0];
    m.k = c->dims[1];
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
        return kc_err_set(err, KC_ERR_USAGE, "baseline: %s with K = %u does not fit the vliw DM", t->name, m.k);
    vliw_skel_stream st;
    memset(&st, 0, sizeof st);
    st.in_reg = 1;
    st.out_reg = 3;
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
    vliw_skel_stream_gen(g, &m, &st);
    return KC_OK;
}


/* ---- GEMM ----------------------------------------------------------------------------

 * C = A B on 4x4 blocks with vmmac. The columns are split by tile id (4-column
 * blocks); a tile keeps its B columns in DM in block layout for the whole run
 * (block j, k-block kb: the 4x4 of B[4kb..4kb+3][4j..4j+3] row-major at
 * Bdm + (j KB + kb) 32; the DMA gathers it with 8-byte rows: len0 = 8,
 * cnt1 = K rows, cnt2 = blocks). A flows through in panels of 8 rows (two row
 * blocks, each [kb][4 rows][4 k] in DM, gathered the same way). Per panel and
 * 16-column group: 2 A vectors and 4 B vectors per k-block feed 8 vmmac into
 * 8 accumulators (the MAC unit chains each one back to back); the 4x4 results
 * (srs) go to an output buffer in block layout, written back by the DMA with
 * 8-byte rows. Ragged K, N and M: partial k-block / column block / row block
 * BDs; what the DMA never writes stays 0 in DM (B's rows k >= K), so padding
 * lanes add 0; rows and columns past M and N are computed from stale DM and
 * not written back. */
typedef struct gemm {
    uint32_t m, n, k;
    uint32_t kb, kbf, krag;     /* k-blocks (padded), whole ones, ragged k (0: none) */
    uint32_t bdm, adm[2], cdm;  /* DM: B blocks, A panels (2 buffers of 2 row blocks), C panel */
    uint32_t j0, nbt, nbf, nrag;   /* tile's first column block, blocks, whole blocks, ragged cols */
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
 * the A buffer b; its last BD releases lock b) or C out (DRAM r10, BDs 6..9). */
static void panel_bds(vliw_gen *g, const gemm *m, int out, int b, uint32_t rows)
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
        if (nf)
            ids[nbd++] = bd, bd_gather(g, bd, reg, base, dm, 8, rr, pitch, 8, nf, 8, 32, 0, 0), bd++;
        if (rag)
            ids[nbd++] = bd, bd_gather(g, bd, reg, base + nf * 8, dm + nf * 32, rag * 2, rr, pitch, 8, 1, 8,
                                       32, 0, 0), bd++;
    }
    for (int i = 0; i + 1 < nbd; i++)
        bd_const(g, ids[i], "next", 0x10u | (uint32_t)ids[i + 1]);
    if (!out)
        bd_const(g, ids[nbd - 1], "rel", 0x2000u | (uint32_t)b << 6 | 1u);
    vliw_emit_op(g, "dma.start %d, %d", out, ids[0]);
}

/* Starts the load of the next A panel (`rows` rows, DRAM r9) into buffer b. */
static void gemm_prefetch(vliw_gen *g, const gemm *m, int b, uint32_t rows)
{
    vliw_emit_begin(g);
    panel_bds(g, m, 0, b, rows);
    vliw_emit_li(g, 13, 8 * m->k * 2);
    vliw_emit_op(g, "add r9, r9, r13");
    vliw_emit_end(g);
}

/* Computes the panel in A buffer b (`rows` rows) and stores it (DRAM r10). */
static void gemm_panel(vliw_gen *g, const gemm *m, int b, uint32_t rows)
{
    vliw_emit_begin(g);
    vliw_emit_op(g, "acq 0x%02x, 1", b);
    vliw_emit_end(g);
    for (uint32_t j0 = 0; j0 < m->nbt; j0 += 4) {
        uint32_t jn = m->nbt - j0 < 4 ? m->nbt - j0 : 4;
        vliw_emit_begin(g);
        for (int rb = 0; rb < 2; rb++) {
            vliw_emit_li(g, 7, m->adm[b] + (uint32_t)rb * m->kb * 32);
            vliw_emit_op(g, "mov p%d, r7", rb);
        }
        for (uint32_t i = 0; i < jn; i++) {
            vliw_emit_li(g, 7, m->bdm + (j0 + i) * m->kb * 32);
            vliw_emit_op(g, "mov p%u, r7", 2 + i);
            for (int rb = 0; rb < 2; rb++)
                vliw_emit_op(g, "abcst acc%u, r0", 4 * rb + i);
        }
        vliw_emit_end(g);
        vliw_emit_begin(g);
        for (int rb = 0; rb < 2; rb++)
            vliw_emit_op(g, "vld v%d, [p%d], 32", rb, rb);
        for (uint32_t i = 0; i < jn; i++)
            vliw_emit_op(g, "vld v%u, [p%u], 32", 2 + i, 2 + i);
        for (int rb = 0; rb < 2; rb++)
            for (uint32_t i = 0; i < jn; i++)
                vliw_emit_op(g, "vmmac acc%u, v%d, v%u", 4 * rb + i, rb, 2 + i);
        vliw_emit_loopi_end(g, m->kb);
        vliw_emit_begin(g);
        if (j0 == 0)
            vliw_emit_op(g, "dma.wait 1");   /* the previous panel's C is out */
        vliw_emit_li(g, 7, m->cdm);
        vliw_emit_op(g, "mov p6, r7");
        for (int rb = 0; rb < 2; rb++)
            for (uint32_t i = 0; i < jn; i++) {
                vliw_emit_op(g, "srs v%u, acc%u", 8 + 4 * rb + i, 4 * rb + i);
                vliw_emit_op(g, "vst v%u, [p6, %u]", 8 + 4 * rb + i, ((uint32_t)rb * m->nbt + j0 + i) * 32);
            }
        vliw_emit_end(g);
    }
    vliw_emit_begin(g);
    panel_bds(g, m, 1, 0, rows);
    vliw_emit_li(g, 13, 8 * m->n * 2);
    vliw_emit_op(g, "add r10, r10, r13");
    vliw_emit_end(g);
}

/* Panel i of np (rows of the last: rag, 0 = whole): prefetch i + 1, compute i. */
static void gemm_step(vliw_gen *g, const gemm *m, uint32_t i, uint32_t np, uint32_t rag)
{
    if (i + 1 < np)
        gemm_prefetch(g, m, (int)((i + 1) % 2), i + 2 == np && rag ? rag : 8);
    gemm_panel(g, m, (int)(i % 2), i + 1 == np && rag ? rag : 8);
}

static kc_status gemm_gen(vliw_gen *g, const kc_task *t, const kc_task_config *c, kc_err *err)
{
    gemm m;
    memset(&m, 0, sizeof m);
    m.m = c->dims[0];
    m.n = c->dims[1];
    m.k = c->dims[2];
    m.kb = (m.k + 3) / 4;
    m.kbf = m.k / 4;
    m.krag = m.k % 4;
    uint32_t nblk = (m.n + 3) / 4;
    for (unsigned tile = 0; tile < g->ntiles; tile++) {
        uint32_t base = nblk / g->ntiles, extra = nblk % g->ntiles;
        m.j0 = tile * base + (tile < extra ? tile : extra);
        m.nbt = base + (tile < extra);
        int last = m.j0 + m.nbt == nblk;
        m.nrag = last ? m.n % 4 : 0;
        m.nbf = m.nbt - (m.nrag ? 1 : 0);
        m.bdm = 0;
        m.adm[0] = m.nbt * m.kb * 32;
        m.adm[1] = m.adm[0] + 2 * m.kb * 32;
        m.cdm = m.adm[1] + 2 * m.kb * 32;
        g->tile = tile;
        vliw_emit_line(g, ".tile %u", tile);
        if (!m.nbt) {
            vliw_emit_line(g, "    halt");
            continue;
        }
        if (m.cdm + 2 * m.nbt * 32 > g->hw.dm_bytes - 128)
            return kc_err_set(err, KC_ERR_USAGE, "baseline: %s with N = %u, K = %u on %u tiles: a tile's "
                              "columns of B (%u bytes) do not fit its DM (%u bytes) yet", t->name, m.n, m.k,
                              g->ntiles, m.cdm + 2 * m.nbt * 32, g->hw.dm_bytes - 128);
        vliw_emit_line(g, "// tile %u: column blocks %u..%u", tile, m.j0, m.j0 + m.nbt);
        /* B columns, once */
        vliw_emit_begin(g);
        if (m.nbf)
            bd_gather(g, 4, 2, m.j0 * 8, m.bdm, 8, m.k, m.n * 2, 8, m.nbf, 8, m.kb * 32, m.nrag ? 5 : 0, 0);
        if (m.nrag)
            bd_gather(g, 5, 2, (m.j0 + m.nbf) * 8, m.bdm + m.nbf * m.kb * 32, m.nrag * 2, m.k, m.n * 2, 8, 1, 8,
                      32, 0, 0);
        vliw_emit_op(g, "dma.start 0, %d", m.nbf ? 4 : 5);
        vliw_emit_op(g, "mov r9, r1");
        vliw_emit_li(g, 13, m.j0 * 8);
        vliw_emit_op(g, "add r10, r3, r13");
        vliw_emit_end(g);
        uint32_t full = m.m / 8, rag = m.m % 8, np = full + (rag ? 1 : 0);
        gemm_prefetch(g, &m, 0, np == 1 && rag ? rag : 8);
        /* steps whose prefetch is a whole panel (i + 1 < full) run two at a time */
        uint32_t pairs = full >= 2 ? (full - 1) / 2 : 0;
        if (pairs) {
            int top = vliw_emit_branch_loop_open(g, 11, pairs);
            gemm_prefetch(g, &m, 1, 8);
            gemm_panel(g, &m, 0, 8);
            gemm_prefetch(g, &m, 0, 8);
            gemm_panel(g, &m, 1, 8);
            vliw_emit_branch_loop_close(g, 11, top);
        }
        for (uint32_t i = 2 * pairs; i < np; i++)
            gemm_step(g, &m, i, np, rag);
        vliw_emit_line(g, "    halt");
    }
    return KC_OK;
}

int vliw_matmul_serves(const char *name)
{
    return !strcmp(name, "gemv") || !strcmp(name, "gemm");
}

kc_status vliw_matmul_gen(vliw_gen *g, const kc_task *t, const kc_task_config *c, kc_err *err)
{
    return !strcmp(t->name, "gemv") ? gemv_gen(g, t, c, err) : gemm_gen(g, t, c, err);
}
