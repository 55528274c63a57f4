/* npu_conv.c — npu baselines of Conv2D, DepthwiseConv and ConvBlock (the plan:
 * npu_conv_plan.c; the depthwise Toeplitz path: npu_dwconv.c).
 *
 * The npu's DMA moves contiguous runs only and cannot zero the first lanes of a
 * row, so x is first rewritten into the scratch tensor as a zero-padded,
 * channel-last (NHWC) copy xp[n][iy][ix][c]: there every pixel's channels are
 * one contiguous run and any stride is a row pitch. The convolution is then a
 * GEMM per block of 16 output pixels of one output row (lanes = pixels, so the
 * output rows are NCHW rows and store directly):
 *
 *   ACC[co][j] += sum_c A[co][c] * B[c][j],  one product per (ky, kx, 16 channels)
 *
 * A = the weights of 4 output channels at a fixed (ky, kx), lanes = 16 input
 *     channels: built once in vector SRAM by transposing w through the matrix
 *     unit (mldbt of w rows [ci][kk], multiplied by identity rows);
 * B = mldbt of 16 consecutive matrix rows, each one output pixel's 16 channels:
 *     one mld per (input row, channel block, phase) brings the rows of all kx
 *     at once (row r = pixel column s*P*(u0 + r) + phase; tap kx starts at row
 *     (s*psi + kx) / (s*P) of phase (s*psi + kx) mod (s*P)).
 * ConvBlock computes 2 conv rows per block; when a pooled row has more than 8
 * outputs, as 2 column phases (even and odd columns, P = 2) so that the 2x2
 * max-pool is lane-aligned: BN (one bf16 scale and shift row per channel, the
 * bias folded into the shift), ReLU and 3 vmax per pooled row; with 8 or fewer
 * (sel), as 16 plain columns, the vertical max, then the even and odd lanes
 * picked by two 0/1 selection matrices on the array (exact) and a vmax.
 * DepthwiseConv (stride <= 2, K + 3 stride <= 16) has its own path (npu_dwconv.c)
 * (Toeplitz tiles on a padded NCHW copy, stride 2 by selecting the even lanes of
 * stride-1 columns); otherwise it runs here with block-diagonal A tiles (only the
 * 16 channels of the block's own channel block), one channel block per pass.
 *
 * Stages: identity rows; bias / BN rows; zero borders of xp; NHWC transpose
 * (16 x 16 blocks: mld, mldbt, 4 mmac by identity rows, dst); then per chunk of
 * output channels: the A tiles, and the conv loop over (image, output row
 * block, pixel block). Registers: r1 DMA rows, r4 A group row, r5 output group
 * row, r8..r12 row operands, r13 row-block counter, r14/r15 emitter temporaries;
 * a9 output row pointer, a11 xp block pointer, a12/a13 DMA addresses. */
#include "npu_conv.h"

#include "npu_conv_plan.h"
#include "npu_dwconv.h"



/* xp's padding: per image, the top (pad rows and the first row's left pad), the
 * H - 1 gaps of 2*pad pixels between interior rows, and the bottom, from zero
 * rows (a dst of dlen elements reads ceil(dlen/16) SRAM rows per DRAM row). */
static void emit_borders(npu_gen *g, const npu_conv_plan *p)
{
    const kc_task_conv_dims *d = &p->d;
    uint32_t pad = d->pad, ci = d->ci;
    if (pad == 0)
        return;
    uint32_t tb = (pad * p->wp + pad) * ci, gap = 2 * pad * ci;
    uint32_t nz = npu_conv_plan_ceil(tb, p->hw.vlen),
             ngap = (d->h - 1) * npu_conv_plan_ceil(gap, p->hw.vlen);
    if (ngap > nz)
        nz = ngap;
    npu_emit_comment(g, "xp borders: %u zero rows", nz);
    npu_emit_ins(g, "li r8, %u", p->v_a);
    int id = nz > 1 ? npu_emit_loop_open(g, nz, 6) : -1;
    npu_emit_ins(g, "vbcast [r8], f0");
    npu_emit_ins(g, "addi r8, r8, 1");
    if (id >= 0)
        npu_emit_loop_close(g, id);
    uint64_t img = (uint64_t)p->hp * p->wp * ci;
    for (uint32_t n = 0; n < d->n; n++) {
        uint64_t base = n * img;
        npu_emit_aset(g, 12, p->a_ws, 2 * base);
        npu_conv_plan_dma(g, "dst", p->v_a, 12, 1, tb, 2 * tb);
        if (d->h > 1) {
            npu_emit_aset(g, 12, p->a_ws, 2 * (base + ((uint64_t)pad * p->wp + pad + d->w) * ci));
            npu_conv_plan_dma(g, "dst", p->v_a, 12, d->h - 1, gap, 2 * p->wp * ci);
        }
        npu_emit_aset(g, 12, p->a_ws,
                 2 * (base + ((uint64_t)(pad + d->h - 1) * p->wp + pad + d->w) * ci));
        npu_conv_plan_dma(g, "dst", p->v_a, 12, 1, tb, 2 * tb);
    }
}

/* ---- stage 1: x (NCHW) -> xp (NHWC, padded) ------------------------------------------ */

/* Per image and input row, 16 x 16 blocks (16 channels x 16 columns): mld the
 * channel rows, mldbt transposes them (WB[k][j] = x[c = j][ix = k]), and the
 * identity rows read WB's rows out: row ix, lanes c; dst writes them as pixels.
 * The mld of the next block (the next input row's first after the last) is
 * issued right after the mldbt that copied the current one out of matrix SRAM,
 * so its DRAM latency overlaps the multiplies; output rows alternate. */
static void emit_nhwc_load(npu_gen *g, const npu_conv_plan *p, uint32_t blk, uint64_t adv)
{
    const kc_task_conv_dims *d = &p->d;
    uint32_t xb = blk / p->cb, cb = blk % p->cb, hw = d->h * d->w;
    npu_emit_aset(g, 12, 11, adv + 2ull * (p->hw.vlen * cb * hw + p->hw.vlen * xb));
    npu_conv_plan_dma(g, "mld", 0, 12, npu_conv_plan_lanes(p, d->ci, cb),
                      npu_conv_plan_lanes(p, d->w, xb), 2 * hw);
}

static void emit_nhwc(npu_gen *g, const npu_conv_plan *p)
{
    const kc_task_conv_dims *d = &p->d;
    uint32_t nblk = npu_conv_plan_ceil(d->w, p->hw.vlen) * p->cb;
    npu_emit_comment(g, "x -> xp: zero-padded NHWC copy in ws");
    for (uint32_t n = 0; n < d->n; n++) {
        npu_emit_aset(g, 11, 0, 2ull * n * d->ci * d->h * d->w);
        npu_emit_aset(g, 13, p->a_ws,
                 2 * (((uint64_t)n * p->hp + d->pad) * p->wp + d->pad) * d->ci);
        emit_nhwc_load(g, p, 0, 0);
        int id = d->h > 1 ? npu_emit_loop_open(g, d->h, 6) : -1;
        for (uint32_t blk = 0; blk < nblk; blk++) {
            uint32_t xb = blk / p->cb, cb = blk % p->cb, k = blk & 1;
            uint32_t nx = npu_conv_plan_lanes(p, d->w, xb), nc = npu_conv_plan_lanes(p, d->ci, cb);
            npu_emit_ins(g, "mldbt %u, [r0]", k);
            if (blk + 1 < nblk)
                emit_nhwc_load(g, p, blk + 1, 0);
            else if (n + 1 < d->n || d->h > 1) /* next row (a wasted read after the last) */
                emit_nhwc_load(g, p, 0, 2ull * d->w);
            for (uint32_t q = 0; q < npu_conv_plan_ceil(nx, p->hw.mlen); q++) {
                npu_emit_ins(g, "li r9, %u", p->v_e + p->hw.mlen * q);
                npu_emit_ins(g, "mmac %u, [r9]", k);
                npu_emit_ins(g, "li r10, %u", p->v_t + p->hw.vlen * k + p->hw.mlen * q);
                npu_emit_ins(g, "mst [r10]");
            }
            npu_emit_aset(g, 12, 13, 2ull * (p->hw.vlen * xb * d->ci + p->hw.vlen * cb));
            npu_conv_plan_dma(g, "dst", p->v_t + p->hw.vlen * k, 12, nx, nc, 2 * d->ci);
        }
        npu_emit_adda(g, 11, 2ull * d->w);
        npu_emit_adda(g, 13, 2ull * p->wp * d->ci);
        if (id >= 0)
            npu_emit_loop_close(g, id);
    }
}

/* ---- stage 2: the A tiles of a chunk of output channels ---------------------------- */

/* Transposes the weight rows loaded at matrix row `mrow` (+ NPU_CONV_PLAN_WHALF for taps 16..)
 * into v_t + kk (lanes = the 16 rows' channels): mldbt, then the identity rows,
 * mrows at most 4 at a time. */
static void emit_wtranspose(npu_gen *g, const npu_conv_plan *p, const char *mrow_reg, uint32_t off)
{
    for (uint32_t h = 0; h * p->hw.vlen < p->kk; h++) {
        uint32_t taps = npu_conv_plan_min(p->hw.vlen, p->kk - h * p->hw.vlen);
        npu_emit_ins(g, "addi r8, %s, %u", mrow_reg, off + h * NPU_CONV_PLAN_WHALF);
        npu_emit_ins(g, "mldbt %u, [r8]", h);
        for (uint32_t q = 0; q * p->hw.mlen < taps; q++) {
            npu_emit_ins(g, "csrwi mrows, %u",
                         npu_conv_plan_min(p->hw.mlen, taps - q * p->hw.mlen));
            npu_emit_ins(g, "li r9, %u", p->v_e + p->hw.mlen * q);
            npu_emit_ins(g, "mmac %u, [r9]", h);
            npu_emit_ins(g, "li r10, %u", p->v_t + h * p->hw.vlen + p->hw.mlen * q);
            npu_emit_ins(g, "mst [r10]");
        }
    }
    npu_emit_ins(g, "csrwi mrows, %u", p->hw.mlen);
}

/* Weight rows w[co][c][0..kk) of `rows` (co, c) pairs from element offset `elem`
 * into matrix rows 0.. (taps 0..15) and NPU_CONV_PLAN_WHALF.. (taps 16..), after making the 16
 * rows past them finite (a transposed tile reads 16 rows; 0 * NaN is NaN). */
static void emit_wload(npu_gen *g, const npu_conv_plan *p, uint64_t elem, uint32_t rows)
{
    for (uint32_t h = 0; h * p->hw.vlen < p->kk; h++) {
        npu_conv_plan_dma(g, "mld", h * NPU_CONV_PLAN_WHALF + rows, 0, p->hw.vlen, 1, 0);
        npu_emit_aset(g, 12, p->a_w, 2 * elem + 2 * p->hw.vlen * h);
        npu_conv_plan_dma(g, "mld", h * NPU_CONV_PLAN_WHALF, 12, rows,
                          npu_conv_plan_min(p->hw.vlen, p->kk - h * p->hw.vlen), 2 * p->kk);
    }
}

/* Conv: A tile (kk, cb) of chunk channel j at v_a + (kk*CB + cb)*cc + j. */
static void emit_weights(npu_gen *g, const npu_conv_plan *p, uint32_t co0, uint32_t ncc)
{
    uint32_t ci = p->d.ci,
             cpc = npu_conv_plan_min(ncc, (NPU_CONV_PLAN_WHALF - 3 * p->hw.vlen) / ci);
    npu_emit_comment(g, "A tiles of output channels %u..%u", co0, co0 + ncc - 1);
    for (uint32_t s0 = 0; s0 < ncc; s0 += cpc) {
        uint32_t nsc = npu_conv_plan_min(cpc, ncc - s0);
        emit_wload(g, p, (uint64_t)(co0 + s0) * ci * p->kk, nsc * ci);
        npu_emit_ins(g, "li r2, 0");
        npu_emit_ins(g, "li r3, %u", p->v_a + s0);
        int id = nsc > 1 ? npu_emit_loop_open(g, nsc, 6) : -1;
        for (uint32_t cb = 0; cb < p->cb; cb++) {
            emit_wtranspose(g, p, "r2", p->hw.vlen * cb);
            for (uint32_t kk = 0; kk < p->kk; kk++) {
                npu_emit_ins(g, "li r9, %u", p->v_t + kk);
                npu_emit_ins(g, "addi r10, r3, %u", (kk * p->cb + cb) * p->cc);
                npu_emit_ins(g, "vadds [r10], [r9], f0");
            }
        }
        npu_emit_ins(g, "addi r2, r2, %u", ci);
        npu_emit_ins(g, "addi r3, r3, 1");
        if (id >= 0)
            npu_emit_loop_close(g, id);
    }
    if (!p->pk)
        return;
    /* pk: through ws as w'[co][ky][kx][c], then tiles of 16 consecutive (kx, c) */
    npu_emit_comment(g, "A tiles re-laid out: %u consecutive (kx, c) per tile", p->hw.vlen);
    uint32_t pitch = 2 * p->kk * ci;
    for (uint32_t kk = 0; kk < p->kk; kk++)
        for (uint32_t cb = 0; cb < p->cb; cb++) {
            npu_emit_aset(g, 12, p->a_ws, 2 * (p->wbase + (uint64_t)kk * ci + p->hw.vlen * cb));
            npu_conv_plan_dma(g, "dst", p->v_a + (kk * p->cb + cb) * p->cc, 12, ncc,
                              npu_conv_plan_lanes(p, ci, cb), pitch);
        }
    for (uint32_t ky = 0; ky < p->d.k; ky++)
        for (uint32_t t = 0; t < p->tt; t++) {
            npu_emit_aset(g, 12, p->a_ws,
                          2 * (p->wbase + (uint64_t)ky * p->d.k * ci + p->hw.vlen * t));
            npu_conv_plan_dma(g, "dld", p->v_a + (ky * p->tt + t) * p->cc, 12, ncc,
                              npu_conv_plan_lanes(p, p->d.k * ci, t), pitch);
        }
}

/* Depthwise: A tile kk of channel c at v_a + kk*cc + c holds w[c][kk] in lane
 * c mod 16 only (block-diagonal): the transposed row of its channel block times
 * the identity row of its lane. */
static void emit_weights_dw(npu_gen *g, const npu_conv_plan *p)
{
    uint32_t c = p->d.co;
    npu_emit_comment(g, "block-diagonal A tiles");
    emit_wload(g, p, 0, c);
    npu_emit_ins(g, "li r2, 0");
    for (uint32_t cb = 0; cb < p->cb; cb++) {
        emit_wtranspose(g, p, "r2", p->hw.vlen * cb);
        uint32_t nc = npu_conv_plan_lanes(p, c, cb);
        npu_emit_ins(g, "li r3, %u", p->v_a + p->hw.vlen * cb);
        npu_emit_ins(g, "li r4, %u", p->v_e);
        int id = nc > 1 ? npu_emit_loop_open(g, nc, 6) : -1;
        for (uint32_t kk = 0; kk < p->kk; kk++) {
            npu_emit_ins(g, "li r9, %u", p->v_t + kk);
            npu_emit_ins(g, "addi r10, r3, %u", kk * p->cc);
            npu_emit_ins(g, "vmul [r10], [r9], [r4]");
        }
        npu_emit_ins(g, "addi r3, r3, 1");
        npu_emit_ins(g, "addi r4, r4, 1");
        if (id >= 0)
            npu_emit_loop_close(g, id);
    }
}



/* A unit of work: the B load of pixel block ub and channel blocks [cb0, cb0 +
 * cbp), and the output groups that use it. */
typedef struct unit {
    uint32_t ub, cb0;
} unit;



/* Command i of the B load of unit u into the region at r<reg>, from xp at a11 +
 * adv bytes (adv: the next row block). */
static void emit_bload_cmd(npu_gen *g, const npu_conv_plan *p, unit u, uint64_t adv, int reg,
                           uint32_t i)
{
    if (p->pk) { /* 16 pixels' runs of 16 (kx, c) values: one command per (ky', psi, t) */
        uint32_t t = i % p->tt, psi = i / p->tt % p->pp, kyr = i / p->tt / p->pp;
        uint32_t ci = p->d.ci, s = p->d.stride;
        uint64_t col = (uint64_t)s * (p->pp * p->hw.vlen * u.ub + psi);
        npu_emit_aset(g, 12, 11, adv + 2 * (((uint64_t)kyr * p->wp + col) * ci + p->hw.vlen * t));
        npu_emit_csr(g, "dlen", npu_conv_plan_lanes(p, p->d.k * ci, t));
        npu_emit_csr(g, "dstride", 2 * p->sp * ci);
        npu_emit_ins(g, "li r1, %u", p->hw.vlen);
        npu_emit_ins(g, "addi r8, r%d, %u", reg, npu_conv_plan_brow_pk(p, kyr, psi, t));
        npu_emit_ins(g, "mld [r8], a12, r1");
        return;
    }
    uint32_t phi = i % p->nphi, cbi = i / p->nphi % p->cbp, kyr = i / p->nphi / p->cbp;
    uint32_t ci = p->d.ci, cb = u.cb0 + cbi;
    uint64_t col = (uint64_t)p->sp * p->hw.vlen * u.ub + phi;
    npu_emit_aset(g, 12, 11, adv + 2 * (((uint64_t)kyr * p->wp + col) * ci + p->hw.vlen * cb));
    npu_emit_csr(g, "dlen", npu_conv_plan_lanes(p, ci, cb));
    npu_emit_csr(g, "dstride", 2 * p->sp * ci);
    npu_emit_ins(g, "li r1, %u", p->lrows);
    npu_emit_ins(g, "addi r8, r%d, %u", reg, npu_conv_plan_brow(p, kyr, cbi, phi));
    npu_emit_ins(g, "mld [r8], a12, r1");
}

/* The unit's multiply stream: for every output set (row rho, column phase psi)
 * and group of up to 4 channels, every tile (ky, kx, cb) is an mmac of its A
 * rows by a weight buffer holding its B rows. Fully unrolled, so that (1) a
 * buffer that already holds the next tile's B rows is reused (1x1 convs keep
 * their tiles), (2) the next tile's mldbt (the next group's first included) is
 * issued right after an mmac into the other buffer, before any mst, and (3) the
 * next unit's B load commands are spread evenly over the stream, so the load
 * engine (one command at a time) never stalls the core for long. */
/* Stream op i of a unit (set, group, tile order): its B row and A tile. */
static void stream_op(const npu_conv_plan *p, unit u, uint32_t groups, uint32_t i,
                      uint32_t *brow_out, uint32_t *tile_out)
{
    const kc_task_conv_dims *d = &p->d;
    uint32_t tiles = p->stiles, set = i / (groups * tiles), t = i % tiles;
    if (p->pk) {
        uint32_t ky = t / p->tt, tk = t % p->tt;
        *brow_out = npu_conv_plan_brow_pk(p, set / p->pp * d->stride + ky, set % p->pp, tk);
        *tile_out = ky * p->tt + tk;
        return;
    }
    uint32_t ky = t / (d->k * p->cbp), kx = t / p->cbp % d->k, cbi = t % p->cbp;
    uint32_t c = d->stride * (set % p->pp) + kx;   /* s * psi + kx */
    *brow_out = npu_conv_plan_brow(p, set / p->pp * d->stride + ky, cbi, c % p->sp) + c / p->sp;
    *tile_out = p->dw ? ky * d->k + kx : (ky * d->k + kx) * p->cb + u.cb0 + cbi;
}

static void emit_unit(npu_gen *g, const npu_conv_plan *p, unit u, uint32_t c0, uint32_t nch,
                      unit next, uint64_t next_adv)
{
    uint32_t groups = npu_conv_plan_ceil(nch, p->hw.mlen), tiles = p->stiles;
    uint32_t total = p->rb * p->pp * groups * tiles, ncmd = npu_conv_plan_bload_cmds(p), issued = 0;
    int64_t held[2] = { -1, -1 };
    int last = 1;                 /* buffer of the previous mmac */
    for (uint32_t i = 0; i < total; i++) {
        uint32_t set = i / (groups * tiles), gi = i / tiles % groups, t = i % tiles, b, tile;
        if (gi == 0 && t == 0) {
            npu_emit_ins(g, "li r4, %u", p->v_a + c0);
            npu_emit_ins(g, "li r5, %u", p->v_o + set * p->cc + c0);
        }
        if (t == 0 && gi + 1 == groups && nch % p->hw.mlen)
            npu_emit_ins(g, "csrwi mrows, %u", nch % p->hw.mlen);
        stream_op(p, u, groups, i, &b, &tile);
        if (held[0] != b && held[1] != b) { /* not prefetched (the unit's first op) */
            npu_emit_ins(g, "addi r8, r2, %u", b);
            npu_emit_ins(g, "mldbt %d, [r8]", !last);
            held[!last] = b;
        }
        int k = held[0] == b ? 0 : 1;
        npu_emit_ins(g, "addi r9, r4, %u", tile * p->cc);
        npu_emit_ins(g, "mmac %d, [r9]", k);
        last = k;
        if (i + 1 < total) { /* prefetch the next op's B into the other buffer */
            uint32_t nb, ntile;
            stream_op(p, u, groups, i + 1, &nb, &ntile);
            if (held[0] != nb && held[1] != nb) {
                npu_emit_ins(g, "addi r8, r2, %u", nb);
                npu_emit_ins(g, "mldbt %d, [r8]", !last);
                held[!last] = nb;
            }
        }
        while (issued < ncmd && (uint64_t)(i + 1) * (ncmd + 1) >= (uint64_t)(issued + 1) * total)
            emit_bload_cmd(g, p, next, next_adv, 3, issued++);
        if (t + 1 == tiles) { /* the group is complete */
            npu_emit_ins(g, "mst [r5]");
            if (gi + 1 == groups && nch % p->hw.mlen)
                npu_emit_ins(g, "csrwi mrows, %u", p->hw.mlen);
            npu_emit_ins(g, "addi r4, r4, %u", p->hw.mlen);
            npu_emit_ins(g, "addi r5, r5, %u", p->hw.mlen);
        }
    }
    while (issued < ncmd)
        emit_bload_cmd(g, p, next, next_adv, 3, issued++);
}

/* Bias (conv) or BN + ReLU + 2x2 max (ConvBlock) on the block's rows of
 * `ncc` channels, then one dst of the finished rows to y (a9 + 32 ub). */

/* ConvBlock with sel: the even/odd lane selections S_even[k][j] = (k == 2j),
 * S_odd[k][j] = (k == 2j + 1), built from identity rows, staged through the end
 * of ws (the matrix SRAM is filled from DRAM only). */
static void emit_sel_build(npu_gen *g, const npu_conv_plan *p)
{
    npu_emit_comment(g, "even/odd selection matrices -> ws tail");
    for (uint32_t m = 0; m < 2; m++)
        for (uint32_t k = 0; k < p->hw.vlen; k++) {
            npu_emit_ins(g, "li r8, %u", p->v_t + m * p->hw.vlen + k);
            if (k % 2 == m) {
                npu_emit_ins(g, "li r9, %u", p->v_e + k / 2);
                npu_emit_ins(g, "vadds [r8], [r9], f0");
            } else
                npu_emit_ins(g, "vbcast [r8], f0");
        }
    npu_emit_aset(g, 12, p->a_ws, 2 * p->sbase);
    npu_conv_plan_dma(g, "dst", p->v_t, 12, 2 * p->hw.vlen, p->hw.vlen, 2 * p->hw.vlen);
}

static void emit_sel_load(npu_gen *g, const npu_conv_plan *p)
{
    npu_emit_aset(g, 12, p->a_ws, 2 * p->sbase);
    npu_conv_plan_dma(g, "mld", npu_conv_plan_smrow(p), 12, 2 * p->hw.vlen, p->hw.vlen,
                      2 * p->hw.vlen);
}

/* sel: pooled[co] = max(R S_even, R S_odd) for R = the vertical max rows at v_r,
 * through the array (exact: one product by 1 per output), into v_o. */
static void emit_sel_pool(npu_gen *g, const npu_conv_plan *p, uint32_t ncc)
{
    npu_emit_ins(g, "li r8, %u", npu_conv_plan_smrow(p));
    npu_emit_ins(g, "mldb 0, [r8]");
    npu_emit_ins(g, "li r8, %u", npu_conv_plan_smrow(p) + p->hw.vlen);
    npu_emit_ins(g, "mldb 1, [r8]");
    npu_emit_ins(g, "li r4, %u", p->v_r);
    npu_emit_ins(g, "li r5, %u", p->v_o);
    npu_emit_ins(g, "li r12, %u", p->v_o + p->cc);
    uint32_t full = ncc / p->hw.mlen, rest = ncc % p->hw.mlen;
    for (int part = 0; part < 2; part++) {
        uint32_t count = part ? (rest ? 1 : 0) : full;
        if (count == 0)
            continue;
        if (part)
            npu_emit_ins(g, "csrwi mrows, %u", rest);
        int id = count > 1 ? npu_emit_loop_open(g, count, 6) : -1;
        npu_emit_ins(g, "mmac 0, [r4]");
        npu_emit_ins(g, "mst [r5]");
        npu_emit_ins(g, "mmac 1, [r4]");
        npu_emit_ins(g, "mst [r12]");
        npu_emit_ins(g, "addi r4, r4, %u", p->hw.mlen);
        npu_emit_ins(g, "addi r5, r5, %u", p->hw.mlen);
        npu_emit_ins(g, "addi r12, r12, %u", p->hw.mlen);
        if (id >= 0)
            npu_emit_loop_close(g, id);
        if (part)
            npu_emit_ins(g, "csrwi mrows, %u", p->hw.mlen);
    }
    npu_emit_ins(g, "li r8, %u", p->v_o);
    npu_emit_ins(g, "li r10, %u", p->v_o + p->cc);
    int id = ncc > 1 ? npu_emit_loop_open(g, ncc, 6) : -1;
    npu_emit_ins(g, "vmax [r8], [r8], [r10]");
    npu_emit_ins(g, "addi r8, r8, 1");
    npu_emit_ins(g, "addi r10, r10, 1");
    if (id >= 0)
        npu_emit_loop_close(g, id);
}

/* Bias (conv) or BN + ReLU + max over the unit's conv rows (ConvBlock) on the
 * block's rows of `ncc` channels (sets of cc rows), then one dst of the finished
 * rows to y (a9 + 32 ub). */
static void emit_epilogue(npu_gen *g, const npu_conv_plan *p, uint32_t co0, uint32_t ncc,
                          uint32_t ub)
{
    uint32_t cc = p->cc, sets = p->rb * p->pp;
    npu_emit_ins(g, "li r8, %u", p->v_o);
    npu_emit_ins(g, "li r9, %u", p->v_bias + co0);
    if (p->d.bn)
        npu_emit_ins(g, "li r11, %u", p->v_r);
    int id = ncc > 1 ? npu_emit_loop_open(g, ncc, 6) : -1;
    if (!p->d.bn)
        npu_emit_ins(g, "vadd [r8], [r8], [r9]");
    else {
        npu_emit_ins(g, "addi r10, r9, %u", p->d.co);  /* shift row */
        for (uint32_t q = 0; q < sets; q++) {
            npu_emit_ins(g, "addi r12, r8, %u", q * cc);
            npu_emit_ins(g, "vmul [r12], [r12], [r9]");
            npu_emit_ins(g, "vadd [r12], [r12], [r10]");
            npu_emit_ins(g, "vmaxs [r12], [r12], f0");
        }
        npu_emit_ins(g, "addi r12, r8, %u", cc);
        npu_emit_ins(g, "vmax [r11], [r8], [r12]");
        for (uint32_t q = 2; q < sets; q++) {
            npu_emit_ins(g, "addi r12, r8, %u", q * cc);
            npu_emit_ins(g, "vmax [r11], [r11], [r12]");
        }
        npu_emit_ins(g, "addi r11, r11, 1");
    }
    npu_emit_ins(g, "addi r8, r8, 1");
    npu_emit_ins(g, "addi r9, r9, 1");
    if (id >= 0)
        npu_emit_loop_close(g, id);
    if (p->sel)
        emit_sel_pool(g, p, ncc);
    npu_emit_aset(g, 12, 9, 2ull * p->hw.vlen * ub);
    npu_conv_plan_dma(g, "dst", p->sel ? p->v_o : p->d.bn ? p->v_r : p->v_o, 12, ncc,
        p->sel ? p->yw : npu_conv_plan_lanes(p, p->nu, ub), 2 * p->yh * p->yw);
}

/* Per image: a software loop over row blocks; per row block the units (pixel
 * blocks, and for the depthwise task their channel blocks) alternate between
 * two B regions (r2 current, r3 = r2 ^ bload next): unit u+1 (the next row
 * block's first unit after the last) loads while unit u multiplies. */
static void emit_conv_chunk(npu_gen *g, const npu_conv_plan *p, uint32_t co0, uint32_t ncc)
{
    const kc_task_conv_dims *d = &p->d;
    uint64_t img = (uint64_t)p->hp * p->wp * d->ci;
    uint64_t adv = 2ull * p->rb * d->stride * p->wp * d->ci;
    uint32_t passes = p->dw ? p->cb : 1, nunits = p->ub * passes;
    uint32_t bload = npu_conv_plan_bload_rows(p);
    for (uint32_t n = 0; n < d->n; n++) {
        npu_emit_comment(g, "image %u, output channels %u..%u", n, co0, co0 + ncc - 1);
        npu_emit_aset(g, 11, p->a_ws, 2 * n * img);
        npu_emit_aset(g, 9, p->a_y, 2ull * ((uint64_t)n * d->co + co0) * p->yh * p->yw);
        npu_emit_ins(g, "li r2, 0");
        unit first = { 0, 0 };
        for (uint32_t i = 0; i < npu_conv_plan_bload_cmds(p); i++)
            emit_bload_cmd(g, p, first, 0, 2, i);
        npu_emit_ins(g, "li r13, %u", p->nrb);
        int top = g->nlabel++;
        kc_text_printf(&g->out, "CV%d:\n", top);
        for (uint32_t k = 0; k < nunits; k++) {
            unit u = { k / passes, k % passes * (p->dw ? 1 : 0) };
            uint32_t nk = (k + 1) % nunits;
            unit nx = { nk / passes, nk % passes * (p->dw ? 1 : 0) };
            npu_emit_ins(g, "xori r3, r2, %u", bload);
            if (p->dw)
                emit_unit(g, p, u, p->hw.vlen * u.cb0, npu_conv_plan_lanes(p, d->co, u.cb0), nx,
                          k + 1 == nunits ? adv : 0);
            else
                emit_unit(g, p, u, 0, ncc, nx, k + 1 == nunits ? adv : 0);
            if (u.cb0 + 1 == passes)
                emit_epilogue(g, p, co0, ncc, u.ub);
            npu_emit_ins(g, "mv r2, r3");
        }
        npu_emit_adda(g, 11, adv);
        npu_emit_adda(g, 9, 2ull * p->yw);
        npu_emit_ins(g, "addi r13, r13, -1");
        npu_emit_ins(g, "bne r13, r0, CV%d", top);
    }
}



kc_status npu_conv_gen(npu_gen *g, const kc_task *t, const kc_task_config *c, kc_err *err)
{
    npu_conv_plan p;
    kc_status s = npu_conv_plan_make(g, &p, t, c, err);
    if (s != KC_OK)
        return s;
    if (npu_dwconv_serves(&p))
        return npu_dwconv_gen(g, &p, err);
    npu_emit_comment(g, "%u chunk(s) of %u output channels; B load %u x %u x %u x %u rows",
                p.nchunks, p.cc, p.kyr, p.cbp, p.nphi, p.lrows);
    npu_conv_plan_identity(g, &p);
    npu_conv_plan_params(g, &p);
    emit_borders(g, &p);
    if (p.sel)
        emit_sel_build(g, &p);
    emit_nhwc(g, &p);
    for (uint32_t k = 0; k < p.nchunks; k++) {
        uint32_t co0 = k * p.cc, ncc = npu_conv_plan_min(p.cc, p.d.co - co0);
        if (p.dw)
            emit_weights_dw(g, &p);
        else
            emit_weights(g, &p, co0, ncc);
        if (p.sel)
            emit_sel_load(g, &p);
        emit_conv_chunk(g, &p, co0, ncc);
    }
    npu_emit_ins(g, "halt");
    return KC_OK;
}
