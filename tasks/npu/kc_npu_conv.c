/* kc_npu_conv.c — npu baselines of Conv2D, DepthwiseConv and ConvBlock.
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
 * DepthwiseConv (stride <= 2, K + 3 stride <= 16) has its own path below
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
#include "kc_npu_conv.h"

#include <string.h>

#include "kc_task_conv.h"

#define VLEN NPU_VLEN
#define MLEN NPU_MLEN
#define VROWS NPU_VROWS
#define MROWS NPU_MROWS
#define WHALF 512u   /* matrix row of the second half of a K = 5 weight load */

typedef struct plan {
    kc_task_conv_dims d;
    int dw;                 /* depthwise */
    int a_w, a_b, a_y, a_ws;
    uint32_t hp, wp, cb, kk, ntiles;
    int pk;                 /* packed taps: a tile is 16 consecutive (kx, c) of one ky */
    uint32_t tt;            /* pk: tiles per kernel row, ceil(K Ci / 16) */
    uint32_t stiles;        /* tiles per output group and set */
    uint64_t wbase;         /* pk: ws element offset of the re-laid-out weights */
    uint64_t sbase;         /* ws element offset of the selection matrices (512) */
    uint32_t sp;            /* s * P: pixel pitch of a B row, in xp columns */
    uint32_t pp;            /* P: output column phases computed (ConvBlock 2, or 1 with sel) */
    int sel;                /* ConvBlock pools columns by even/odd selection matrices */
    uint32_t rb, kyr;       /* output rows per block, input rows loaded per block */
    uint32_t nphi, lrows;   /* phases loaded, rows per (row, channel block, phase) */
    uint32_t cbp;           /* channel blocks in one B load (1 for depthwise) */
    uint32_t nu, ub, nrb;   /* pixel lanes per output row, pixel blocks, row blocks */
    uint32_t yh, yw;        /* y's rows and columns */
    uint32_t cc, nchunks;   /* output channels per chunk */
    /* vector SRAM rows */
    uint32_t v_e, v_t, v_bias, v_sh, v_o, v_r, v_a;
} plan;

static uint32_t min_u(uint32_t a, uint32_t b)
{
    return a < b ? a : b;
}

static uint32_t ceil_div(uint32_t a, uint32_t b)
{
    return (a + b - 1) / b;
}

static uint32_t lanes_of(uint32_t total, uint32_t block)
{
    return min_u(VLEN, total - VLEN * block);
}

/* One DMA command: dlen, dstride, rows, then `op [row], a<areg>, r1`. */
static void dma(npu_gen *g, const char *op, uint32_t row, int areg, uint32_t rows, uint32_t dlen,
                uint32_t dstride)
{
    npu_csr(g, "dlen", dlen);
    npu_csr(g, "dstride", dstride);
    npu_emit(g, "li r1, %u", rows);
    npu_emit(g, "li r8, %u", row);
    npu_emit(g, "%s [r8], a%d, r1", op, areg);
}

/* ---- stage 0: identity rows, per-channel rows, zero borders ---------------------- */

/* v_e + i = one-hot lane i (vmask writes lanes < vmask only). */
static void emit_identity(npu_gen *g, const plan *p)
{
    npu_fconst(g, 1, 1.0);
    for (uint32_t i = 0; i < VLEN; i++) {
        npu_emit(g, "li r8, %u", p->v_e + i);
        npu_emit(g, "vbcast [r8], f0");
        npu_emit(g, "csrwi vmask, %u", i + 1);
        npu_emit(g, "vbcast [r8], f1");
        if (i > 0) {
            npu_emit(g, "csrwi vmask, %u", i);
            npu_emit(g, "vbcast [r8], f0");
        }
        npu_emit(g, "csrwi vmask, %u", VLEN);
    }
}

/* Per output channel, broadcast rows: the bias (conv), or ConvBlock's scale =
 * gamma / sqrt(var + eps) and shift = beta + (b - mean) * scale. Each vector
 * arrives one element per row (dlen 1: lane 0, zeros elsewhere), so vredsum
 * reads it exactly into an fp register. */
static void emit_params(npu_gen *g, const plan *p)
{
    uint32_t co = p->d.co, narr = p->d.bn ? 5 : 1;
    for (uint32_t i = 0; i < narr; i++)
        dma(g, "dld", p->v_a + i * co, p->a_b + (int)i, co, 1, 2);
    npu_emit(g, "li r8, %u", p->v_a);
    npu_emit(g, "li r9, %u", p->v_bias);
    if (p->d.bn)
        npu_fconst(g, 6, KC_TASK_CONV_BN_EPS);
    int id = co > 1 ? npu_loop_open(g, co, 6) : -1;
    if (!p->d.bn) {
        npu_emit(g, "vredsum f1, [r8]");
        npu_emit(g, "vbcast [r9], f1");
    } else { /* rows: b, gamma, beta, mean, var at v_a + i*co */
        for (uint32_t i = 0; i < 5; i++) {
            npu_emit(g, "addi r10, r8, %u", i * co);
            npu_emit(g, "vredsum f%u, [r10]", i + 1);
        }
        npu_emit(g, "fadd f5, f5, f6");
        npu_emit(g, "frsqrt f5, f5");
        npu_emit(g, "fmul f2, f2, f5");      /* scale */
        npu_emit(g, "fsub f1, f1, f4");      /* b - mean */
        npu_emit(g, "fmul f1, f1, f2");
        npu_emit(g, "fadd f1, f1, f3");      /* shift */
        npu_emit(g, "vbcast [r9], f2");
        npu_emit(g, "addi r10, r9, %u", co);
        npu_emit(g, "vbcast [r10], f1");
    }
    npu_emit(g, "addi r8, r8, 1");
    npu_emit(g, "addi r9, r9, 1");
    if (id >= 0)
        npu_loop_close(g, id);
}

/* xp's padding: per image, the top (pad rows and the first row's left pad), the
 * H - 1 gaps of 2*pad pixels between interior rows, and the bottom, from zero
 * rows (a dst of dlen elements reads ceil(dlen/16) SRAM rows per DRAM row). */
static void emit_borders(npu_gen *g, const plan *p)
{
    const kc_task_conv_dims *d = &p->d;
    uint32_t pad = d->pad, ci = d->ci;
    if (pad == 0)
        return;
    uint32_t tb = (pad * p->wp + pad) * ci, gap = 2 * pad * ci;
    uint32_t nz = ceil_div(tb, VLEN), ngap = (d->h - 1) * ceil_div(gap, VLEN);
    if (ngap > nz)
        nz = ngap;
    npu_comment(g, "xp borders: %u zero rows", nz);
    npu_emit(g, "li r8, %u", p->v_a);
    int id = nz > 1 ? npu_loop_open(g, nz, 6) : -1;
    npu_emit(g, "vbcast [r8], f0");
    npu_emit(g, "addi r8, r8, 1");
    if (id >= 0)
        npu_loop_close(g, id);
    uint64_t img = (uint64_t)p->hp * p->wp * ci;
    for (uint32_t n = 0; n < d->n; n++) {
        uint64_t base = n * img;
        npu_aset(g, 12, p->a_ws, 2 * base);
        dma(g, "dst", p->v_a, 12, 1, tb, 2 * tb);
        if (d->h > 1) {
            npu_aset(g, 12, p->a_ws, 2 * (base + ((uint64_t)pad * p->wp + pad + d->w) * ci));
            dma(g, "dst", p->v_a, 12, d->h - 1, gap, 2 * p->wp * ci);
        }
        npu_aset(g, 12, p->a_ws,
                 2 * (base + ((uint64_t)(pad + d->h - 1) * p->wp + pad + d->w) * ci));
        dma(g, "dst", p->v_a, 12, 1, tb, 2 * tb);
    }
}

/* ---- stage 1: x (NCHW) -> xp (NHWC, padded) ------------------------------------------ */

/* Per image and input row, 16 x 16 blocks (16 channels x 16 columns): mld the
 * channel rows, mldbt transposes them (WB[k][j] = x[c = j][ix = k]), and the
 * identity rows read WB's rows out: row ix, lanes c; dst writes them as pixels.
 * The mld of the next block (the next input row's first after the last) is
 * issued right after the mldbt that copied the current one out of matrix SRAM,
 * so its DRAM latency overlaps the multiplies; output rows alternate. */
static void emit_nhwc_load(npu_gen *g, const plan *p, uint32_t blk, uint64_t adv)
{
    const kc_task_conv_dims *d = &p->d;
    uint32_t xb = blk / p->cb, cb = blk % p->cb, hw = d->h * d->w;
    npu_aset(g, 12, 11, adv + 2ull * (VLEN * cb * hw + VLEN * xb));
    dma(g, "mld", 0, 12, lanes_of(d->ci, cb), lanes_of(d->w, xb), 2 * hw);
}

static void emit_nhwc(npu_gen *g, const plan *p)
{
    const kc_task_conv_dims *d = &p->d;
    uint32_t nblk = ceil_div(d->w, VLEN) * p->cb;
    npu_comment(g, "x -> xp: zero-padded NHWC copy in ws");
    for (uint32_t n = 0; n < d->n; n++) {
        npu_aset(g, 11, 0, 2ull * n * d->ci * d->h * d->w);
        npu_aset(g, 13, p->a_ws,
                 2 * (((uint64_t)n * p->hp + d->pad) * p->wp + d->pad) * d->ci);
        emit_nhwc_load(g, p, 0, 0);
        int id = d->h > 1 ? npu_loop_open(g, d->h, 6) : -1;
        for (uint32_t blk = 0; blk < nblk; blk++) {
            uint32_t xb = blk / p->cb, cb = blk % p->cb, k = blk & 1;
            uint32_t nx = lanes_of(d->w, xb), nc = lanes_of(d->ci, cb);
            npu_emit(g, "mldbt %u, [r0]", k);
            if (blk + 1 < nblk)
                emit_nhwc_load(g, p, blk + 1, 0);
            else if (n + 1 < d->n || d->h > 1) /* next row (a wasted read after the last) */
                emit_nhwc_load(g, p, 0, 2ull * d->w);
            for (uint32_t q = 0; q < ceil_div(nx, MLEN); q++) {
                npu_emit(g, "li r9, %u", p->v_e + MLEN * q);
                npu_emit(g, "mmac %u, [r9]", k);
                npu_emit(g, "li r10, %u", p->v_t + VLEN * k + MLEN * q);
                npu_emit(g, "mst [r10]");
            }
            npu_aset(g, 12, 13, 2ull * (VLEN * xb * d->ci + VLEN * cb));
            dma(g, "dst", p->v_t + VLEN * k, 12, nx, nc, 2 * d->ci);
        }
        npu_adda(g, 11, 2ull * d->w);
        npu_adda(g, 13, 2ull * p->wp * d->ci);
        if (id >= 0)
            npu_loop_close(g, id);
    }
}

/* ---- stage 2: the A tiles of a chunk of output channels ---------------------------- */

/* Transposes the weight rows loaded at matrix row `mrow` (+ WHALF for taps 16..)
 * into v_t + kk (lanes = the 16 rows' channels): mldbt, then the identity rows,
 * mrows at most 4 at a time. */
static void emit_wtranspose(npu_gen *g, const plan *p, const char *mrow_reg, uint32_t off)
{
    for (uint32_t h = 0; h * VLEN < p->kk; h++) {
        uint32_t taps = min_u(VLEN, p->kk - h * VLEN);
        npu_emit(g, "addi r8, %s, %u", mrow_reg, off + h * WHALF);
        npu_emit(g, "mldbt %u, [r8]", h);
        for (uint32_t q = 0; q * MLEN < taps; q++) {
            npu_emit(g, "csrwi mrows, %u", min_u(MLEN, taps - q * MLEN));
            npu_emit(g, "li r9, %u", p->v_e + MLEN * q);
            npu_emit(g, "mmac %u, [r9]", h);
            npu_emit(g, "li r10, %u", p->v_t + h * VLEN + MLEN * q);
            npu_emit(g, "mst [r10]");
        }
    }
    npu_emit(g, "csrwi mrows, %u", MLEN);
}

/* Weight rows w[co][c][0..kk) of `rows` (co, c) pairs from element offset `elem`
 * into matrix rows 0.. (taps 0..15) and WHALF.. (taps 16..), after making the 16
 * rows past them finite (a transposed tile reads 16 rows; 0 * NaN is NaN). */
static void emit_wload(npu_gen *g, const plan *p, uint64_t elem, uint32_t rows)
{
    for (uint32_t h = 0; h * VLEN < p->kk; h++) {
        dma(g, "mld", h * WHALF + rows, 0, VLEN, 1, 0);
        npu_aset(g, 12, p->a_w, 2 * elem + 2 * VLEN * h);
        dma(g, "mld", h * WHALF, 12, rows, min_u(VLEN, p->kk - h * VLEN), 2 * p->kk);
    }
}

/* Conv: A tile (kk, cb) of chunk channel j at v_a + (kk*CB + cb)*cc + j. */
static void emit_weights(npu_gen *g, const plan *p, uint32_t co0, uint32_t ncc)
{
    uint32_t ci = p->d.ci, cpc = min_u(ncc, (WHALF - 3 * VLEN) / ci);
    npu_comment(g, "A tiles of output channels %u..%u", co0, co0 + ncc - 1);
    for (uint32_t s0 = 0; s0 < ncc; s0 += cpc) {
        uint32_t nsc = min_u(cpc, ncc - s0);
        emit_wload(g, p, (uint64_t)(co0 + s0) * ci * p->kk, nsc * ci);
        npu_emit(g, "li r2, 0");
        npu_emit(g, "li r3, %u", p->v_a + s0);
        int id = nsc > 1 ? npu_loop_open(g, nsc, 6) : -1;
        for (uint32_t cb = 0; cb < p->cb; cb++) {
            emit_wtranspose(g, p, "r2", VLEN * cb);
            for (uint32_t kk = 0; kk < p->kk; kk++) {
                npu_emit(g, "li r9, %u", p->v_t + kk);
                npu_emit(g, "addi r10, r3, %u", (kk * p->cb + cb) * p->cc);
                npu_emit(g, "vadds [r10], [r9], f0");
            }
        }
        npu_emit(g, "addi r2, r2, %u", ci);
        npu_emit(g, "addi r3, r3, 1");
        if (id >= 0)
            npu_loop_close(g, id);
    }
    if (!p->pk)
        return;
    /* pk: through ws as w'[co][ky][kx][c], then tiles of 16 consecutive (kx, c) */
    npu_comment(g, "A tiles re-laid out: 16 consecutive (kx, c) per tile");
    uint32_t pitch = 2 * p->kk * ci;
    for (uint32_t kk = 0; kk < p->kk; kk++)
        for (uint32_t cb = 0; cb < p->cb; cb++) {
            npu_aset(g, 12, p->a_ws, 2 * (p->wbase + (uint64_t)kk * ci + VLEN * cb));
            dma(g, "dst", p->v_a + (kk * p->cb + cb) * p->cc, 12, ncc, lanes_of(ci, cb), pitch);
        }
    for (uint32_t ky = 0; ky < p->d.k; ky++)
        for (uint32_t t = 0; t < p->tt; t++) {
            npu_aset(g, 12, p->a_ws, 2 * (p->wbase + (uint64_t)ky * p->d.k * ci + VLEN * t));
            dma(g, "dld", p->v_a + (ky * p->tt + t) * p->cc, 12, ncc, lanes_of(p->d.k * ci, t),
                pitch);
        }
}

/* Depthwise: A tile kk of channel c at v_a + kk*cc + c holds w[c][kk] in lane
 * c mod 16 only (block-diagonal): the transposed row of its channel block times
 * the identity row of its lane. */
static void emit_weights_dw(npu_gen *g, const plan *p)
{
    uint32_t c = p->d.co;
    npu_comment(g, "block-diagonal A tiles");
    emit_wload(g, p, 0, c);
    npu_emit(g, "li r2, 0");
    for (uint32_t cb = 0; cb < p->cb; cb++) {
        emit_wtranspose(g, p, "r2", VLEN * cb);
        uint32_t nc = lanes_of(c, cb);
        npu_emit(g, "li r3, %u", p->v_a + VLEN * cb);
        npu_emit(g, "li r4, %u", p->v_e);
        int id = nc > 1 ? npu_loop_open(g, nc, 6) : -1;
        for (uint32_t kk = 0; kk < p->kk; kk++) {
            npu_emit(g, "li r9, %u", p->v_t + kk);
            npu_emit(g, "addi r10, r3, %u", kk * p->cc);
            npu_emit(g, "vmul [r10], [r9], [r4]");
        }
        npu_emit(g, "addi r3, r3, 1");
        npu_emit(g, "addi r4, r4, 1");
        if (id >= 0)
            npu_loop_close(g, id);
    }
}

/* ---- stage 3: the convolution ----------------------------------------------------------- */

/* Matrix row of the B rows of (input row ky', channel block slot cbi, phase),
 * relative to the B region of the unit (r2 current, r3 next). */
static uint32_t brow(const plan *p, uint32_t kyr, uint32_t cbi, uint32_t phi)
{
    return ((kyr * p->cbp + cbi) * p->nphi + phi) * p->lrows;
}

/* pk: B rows of (input row ky', column phase psi, tile t). */
static uint32_t brow_pk(const plan *p, uint32_t kyr, uint32_t psi, uint32_t t)
{
    return ((kyr * p->pp + psi) * p->tt + t) * VLEN;
}

/* A unit of work: the B load of pixel block ub and channel blocks [cb0, cb0 +
 * cbp), and the output groups that use it. */
typedef struct unit {
    uint32_t ub, cb0;
} unit;

static uint32_t bload_cmds(const plan *p)
{
    return p->pk ? p->kyr * p->pp * p->tt : p->kyr * p->cbp * p->nphi;
}

static uint32_t bload_rows(const plan *p)
{
    return p->pk ? brow_pk(p, p->kyr, 0, 0) : brow(p, p->kyr, 0, 0);
}

/* Command i of the B load of unit u into the region at r<reg>, from xp at a11 +
 * adv bytes (adv: the next row block). */
static void emit_bload_cmd(npu_gen *g, const plan *p, unit u, uint64_t adv, int reg, uint32_t i)
{
    if (p->pk) { /* 16 pixels' runs of 16 (kx, c) values: one command per (ky', psi, t) */
        uint32_t t = i % p->tt, psi = i / p->tt % p->pp, kyr = i / p->tt / p->pp;
        uint32_t ci = p->d.ci, s = p->d.stride;
        uint64_t col = (uint64_t)s * (p->pp * VLEN * u.ub + psi);
        npu_aset(g, 12, 11, adv + 2 * (((uint64_t)kyr * p->wp + col) * ci + VLEN * t));
        npu_csr(g, "dlen", lanes_of(p->d.k * ci, t));
        npu_csr(g, "dstride", 2 * p->sp * ci);
        npu_emit(g, "li r1, %u", VLEN);
        npu_emit(g, "addi r8, r%d, %u", reg, brow_pk(p, kyr, psi, t));
        npu_emit(g, "mld [r8], a12, r1");
        return;
    }
    uint32_t phi = i % p->nphi, cbi = i / p->nphi % p->cbp, kyr = i / p->nphi / p->cbp;
    uint32_t ci = p->d.ci, cb = u.cb0 + cbi;
    uint64_t col = (uint64_t)p->sp * VLEN * u.ub + phi;
    npu_aset(g, 12, 11, adv + 2 * (((uint64_t)kyr * p->wp + col) * ci + VLEN * cb));
    npu_csr(g, "dlen", lanes_of(ci, cb));
    npu_csr(g, "dstride", 2 * p->sp * ci);
    npu_emit(g, "li r1, %u", p->lrows);
    npu_emit(g, "addi r8, r%d, %u", reg, brow(p, kyr, cbi, phi));
    npu_emit(g, "mld [r8], a12, r1");
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
static void stream_op(const plan *p, unit u, uint32_t groups, uint32_t i, uint32_t *brow_out,
                      uint32_t *tile_out)
{
    const kc_task_conv_dims *d = &p->d;
    uint32_t tiles = p->stiles, set = i / (groups * tiles), t = i % tiles;
    if (p->pk) {
        uint32_t ky = t / p->tt, tk = t % p->tt;
        *brow_out = brow_pk(p, set / p->pp * d->stride + ky, set % p->pp, tk);
        *tile_out = ky * p->tt + tk;
        return;
    }
    uint32_t ky = t / (d->k * p->cbp), kx = t / p->cbp % d->k, cbi = t % p->cbp;
    uint32_t c = d->stride * (set % p->pp) + kx;   /* s * psi + kx */
    *brow_out = brow(p, set / p->pp * d->stride + ky, cbi, c % p->sp) + c / p->sp;
    *tile_out = p->dw ? ky * d->k + kx : (ky * d->k + kx) * p->cb + u.cb0 + cbi;
}

static void emit_unit(npu_gen *g, const plan *p, unit u, uint32_t c0, uint32_t nch, unit next,
                      uint64_t next_adv)
{
    uint32_t groups = ceil_div(nch, MLEN), tiles = p->stiles;
    uint32_t total = p->rb * p->pp * groups * tiles, ncmd = bload_cmds(p), issued = 0;
    int64_t held[2] = { -1, -1 };
    int last = 1;                 /* buffer of the previous mmac */
    for (uint32_t i = 0; i < total; i++) {
        uint32_t set = i / (groups * tiles), gi = i / tiles % groups, t = i % tiles, b, tile;
        if (gi == 0 && t == 0) {
            npu_emit(g, "li r4, %u", p->v_a + c0);
            npu_emit(g, "li r5, %u", p->v_o + set * p->cc + c0);
        }
        if (t == 0 && gi + 1 == groups && nch % MLEN)
            npu_emit(g, "csrwi mrows, %u", nch % MLEN);
        stream_op(p, u, groups, i, &b, &tile);
        if (held[0] != b && held[1] != b) { /* not prefetched (the unit's first op) */
            npu_emit(g, "addi r8, r2, %u", b);
            npu_emit(g, "mldbt %d, [r8]", !last);
            held[!last] = b;
        }
        int k = held[0] == b ? 0 : 1;
        npu_emit(g, "addi r9, r4, %u", tile * p->cc);
        npu_emit(g, "mmac %d, [r9]", k);
        last = k;
        if (i + 1 < total) { /* prefetch the next op's B into the other buffer */
            uint32_t nb, ntile;
            stream_op(p, u, groups, i + 1, &nb, &ntile);
            if (held[0] != nb && held[1] != nb) {
                npu_emit(g, "addi r8, r2, %u", nb);
                npu_emit(g, "mldbt %d, [r8]", !last);
                held[!last] = nb;
            }
        }
        while (issued < ncmd && (uint64_t)(i + 1) * (ncmd + 1) >= (uint64_t)(issued + 1) * total)
            emit_bload_cmd(g, p, next, next_adv, 3, issued++);
        if (t + 1 == tiles) { /* the group is complete */
            npu_emit(g, "mst [r5]");
            if (gi + 1 == groups && nch % MLEN)
                npu_emit(g, "csrwi mrows, %u", MLEN);
            npu_emit(g, "addi r4, r4, %u", MLEN);
            npu_emit(g, "addi r5, r5, %u", MLEN);
        }
    }
    while (issued < ncmd)
        emit_bload_cmd(g, p, next, next_adv, 3, issued++);
}

/* Bias (conv) or BN + ReLU + 2x2 max (ConvBlock) on the block's rows of
 * `ncc` channels, then one dst of the finished rows to y (a9 + 32 ub). */
#define S_MROW (MROWS - 2 * VLEN)   /* matrix rows of the selection matrices */

/* ConvBlock with sel: the even/odd lane selections S_even[k][j] = (k == 2j),
 * S_odd[k][j] = (k == 2j + 1), built from identity rows, staged through the end
 * of ws (the matrix SRAM is filled from DRAM only). */
static void emit_sel_build(npu_gen *g, const plan *p)
{
    npu_comment(g, "even/odd selection matrices -> ws tail");
    for (uint32_t m = 0; m < 2; m++)
        for (uint32_t k = 0; k < VLEN; k++) {
            npu_emit(g, "li r8, %u", p->v_t + m * VLEN + k);
            if (k % 2 == m) {
                npu_emit(g, "li r9, %u", p->v_e + k / 2);
                npu_emit(g, "vadds [r8], [r9], f0");
            } else
                npu_emit(g, "vbcast [r8], f0");
        }
    npu_aset(g, 12, p->a_ws, 2 * p->sbase);
    dma(g, "dst", p->v_t, 12, 2 * VLEN, VLEN, 2 * VLEN);
}

static void emit_sel_load(npu_gen *g, const plan *p)
{
    npu_aset(g, 12, p->a_ws, 2 * p->sbase);
    dma(g, "mld", S_MROW, 12, 2 * VLEN, VLEN, 2 * VLEN);
}

/* sel: pooled[co] = max(R S_even, R S_odd) for R = the vertical max rows at v_r,
 * through the array (exact: one product by 1 per output), into v_o. */
static void emit_sel_pool(npu_gen *g, const plan *p, uint32_t ncc)
{
    npu_emit(g, "li r8, %u", S_MROW);
    npu_emit(g, "mldb 0, [r8]");
    npu_emit(g, "li r8, %u", S_MROW + VLEN);
    npu_emit(g, "mldb 1, [r8]");
    npu_emit(g, "li r4, %u", p->v_r);
    npu_emit(g, "li r5, %u", p->v_o);
    npu_emit(g, "li r12, %u", p->v_o + p->cc);
    uint32_t full = ncc / MLEN, rest = ncc % MLEN;
    for (int part = 0; part < 2; part++) {
        uint32_t count = part ? (rest ? 1 : 0) : full;
        if (count == 0)
            continue;
        if (part)
            npu_emit(g, "csrwi mrows, %u", rest);
        int id = count > 1 ? npu_loop_open(g, count, 6) : -1;
        npu_emit(g, "mmac 0, [r4]");
        npu_emit(g, "mst [r5]");
        npu_emit(g, "mmac 1, [r4]");
        npu_emit(g, "mst [r12]");
        npu_emit(g, "addi r4, r4, %u", MLEN);
        npu_emit(g, "addi r5, r5, %u", MLEN);
        npu_emit(g, "addi r12, r12, %u", MLEN);
        if (id >= 0)
            npu_loop_close(g, id);
        if (part)
            npu_emit(g, "csrwi mrows, %u", MLEN);
    }
    npu_emit(g, "li r8, %u", p->v_o);
    npu_emit(g, "li r10, %u", p->v_o + p->cc);
    int id = ncc > 1 ? npu_loop_open(g, ncc, 6) : -1;
    npu_emit(g, "vmax [r8], [r8], [r10]");
    npu_emit(g, "addi r8, r8, 1");
    npu_emit(g, "addi r10, r10, 1");
    if (id >= 0)
        npu_loop_close(g, id);
}

/* Bias (conv) or BN + ReLU + max over the unit's conv rows (ConvBlock) on the
 * block's rows of `ncc` channels (sets of cc rows), then one dst of the finished
 * rows to y (a9 + 32 ub). */
static void emit_epilogue(npu_gen *g, const plan *p, uint32_t co0, uint32_t ncc, uint32_t ub)
{
    uint32_t cc = p->cc, sets = p->rb * p->pp;
    npu_emit(g, "li r8, %u", p->v_o);
    npu_emit(g, "li r9, %u", p->v_bias + co0);
    if (p->d.bn)
        npu_emit(g, "li r11, %u", p->v_r);
    int id = ncc > 1 ? npu_loop_open(g, ncc, 6) : -1;
    if (!p->d.bn)
        npu_emit(g, "vadd [r8], [r8], [r9]");
    else {
        npu_emit(g, "addi r10, r9, %u", p->d.co);  /* shift row */
        for (uint32_t q = 0; q < sets; q++) {
            npu_emit(g, "addi r12, r8, %u", q * cc);
            npu_emit(g, "vmul [r12], [r12], [r9]");
            npu_emit(g, "vadd [r12], [r12], [r10]");
            npu_emit(g, "vmaxs [r12], [r12], f0");
        }
        npu_emit(g, "addi r12, r8, %u", cc);
        npu_emit(g, "vmax [r11], [r8], [r12]");
        for (uint32_t q = 2; q < sets; q++) {
            npu_emit(g, "addi r12, r8, %u", q * cc);
            npu_emit(g, "vmax [r11], [r11], [r12]");
        }
        npu_emit(g, "addi r11, r11, 1");
    }
    npu_emit(g, "addi r8, r8, 1");
    npu_emit(g, "addi r9, r9, 1");
    if (id >= 0)
        npu_loop_close(g, id);
    if (p->sel)
        emit_sel_pool(g, p, ncc);
    npu_aset(g, 12, 9, 2ull * VLEN * ub);
    dma(g, "dst", p->sel ? p->v_o : p->d.bn ? p->v_r : p->v_o, 12, ncc,
        p->sel ? p->yw : lanes_of(p->nu, ub), 2 * p->yh * p->yw);
}

/* Per image: a software loop over row blocks; per row block the units (pixel
 * blocks, and for the depthwise task their channel blocks) alternate between
 * two B regions (r2 current, r3 = r2 ^ bload next): unit u+1 (the next row
 * block's first unit after the last) loads while unit u multiplies. */
static void emit_conv_chunk(npu_gen *g, const plan *p, uint32_t co0, uint32_t ncc)
{
    const kc_task_conv_dims *d = &p->d;
    uint64_t img = (uint64_t)p->hp * p->wp * d->ci;
    uint64_t adv = 2ull * p->rb * d->stride * p->wp * d->ci;
    uint32_t passes = p->dw ? p->cb : 1, nunits = p->ub * passes;
    uint32_t bload = bload_rows(p);
    for (uint32_t n = 0; n < d->n; n++) {
        npu_comment(g, "image %u, output channels %u..%u", n, co0, co0 + ncc - 1);
        npu_aset(g, 11, p->a_ws, 2 * n * img);
        npu_aset(g, 9, p->a_y, 2ull * ((uint64_t)n * d->co + co0) * p->yh * p->yw);
        npu_emit(g, "li r2, 0");
        unit first = { 0, 0 };
        for (uint32_t i = 0; i < bload_cmds(p); i++)
            emit_bload_cmd(g, p, first, 0, 2, i);
        npu_emit(g, "li r13, %u", p->nrb);
        int top = g->nlabel++;
        kc_text_printf(&g->out, "CV%d:\n", top);
        for (uint32_t k = 0; k < nunits; k++) {
            unit u = { k / passes, k % passes * (p->dw ? 1 : 0) };
            uint32_t nk = (k + 1) % nunits;
            unit nx = { nk / passes, nk % passes * (p->dw ? 1 : 0) };
            npu_emit(g, "xori r3, r2, %u", bload);
            if (p->dw)
                emit_unit(g, p, u, VLEN * u.cb0, lanes_of(d->co, u.cb0), nx,
                          k + 1 == nunits ? adv : 0);
            else
                emit_unit(g, p, u, 0, ncc, nx, k + 1 == nunits ? adv : 0);
            if (u.cb0 + 1 == passes)
                emit_epilogue(g, p, co0, ncc, u.ub);
            npu_emit(g, "mv r2, r3");
        }
        npu_adda(g, 11, adv);
        npu_adda(g, 9, 2ull * p->yw);
        npu_emit(g, "addi r13, r13, -1");
        npu_emit(g, "bne r13, r0, CV%d", top);
    }
}

/* ---- planning ------------------------------------------------------------------------- */

static kc_status make_plan(plan *p, const kc_task *t, const kc_task_config *c, kc_err *err)
{
    memset(p, 0, sizeof *p);
    kc_task_conv_dims *d = &p->d;
    if (!kc_task_conv_view(t, c, d))
        return kc_err_set(err, KC_ERR_USAGE, "npu conv: %s is not a convolution task", t->name);
    p->dw = d->groups > 1;
    p->a_w = 1;
    p->a_b = 2;
    p->a_y = d->out_idx;
    p->a_ws = d->out_idx + 1;
    p->hp = d->h + 2 * d->pad;
    p->wp = d->w + 2 * d->pad;
    p->cb = ceil_div(d->ci, VLEN);
    p->kk = d->k * d->k;
    p->ntiles = p->dw ? p->kk : p->kk * p->cb;
    p->tt = ceil_div(d->k * d->ci, VLEN);
    p->pk = !p->dw && d->ci % VLEN && d->k * p->tt < p->ntiles;
    p->stiles = p->pk ? d->k * p->tt : d->k * d->k * (p->dw ? 1 : p->cb);
    p->wbase = d->ws_elems - (uint64_t)d->co * (d->ci / d->groups) * p->kk;
    p->sbase = p->wbase - 2 * VLEN * VLEN;
    /* ConvBlock with pooled rows of <= 8: one column phase (16 conv columns per
     * lane block) and the even/odd selection after the vertical max (sel) */
    p->sel = d->bn && d->yw <= VLEN / 2;
    p->pp = p->sel ? 1 : d->pool;
    p->sp = d->stride * p->pp;
    p->rb = d->pool;
    p->kyr = (p->rb - 1) * d->stride + d->k;
    uint32_t cmax = d->stride * (p->pp - 1) + d->k - 1;   /* largest s*psi + kx */
    p->nphi = min_u(p->sp, cmax + 1);
    p->lrows = VLEN + cmax / p->sp;
    p->cbp = p->dw ? 1 : p->cb;
    p->yh = d->yh;
    p->yw = d->yw;
    p->nu = d->pool == 1 ? d->wo : d->yw;
    if (p->sel)
        p->nu = VLEN; /* conv columns 0..15, of which 2*yw are pooled */
    p->ub = ceil_div(p->nu, VLEN);
    p->nrb = d->pool == 1 ? d->ho : d->yh;
    /* vector SRAM: identity, transpose rows, per-channel rows, then per chunk
     * channel: output rows (rb * P sets; ConvBlock + pooled row) and A tiles */
    p->v_e = 0;
    p->v_t = VLEN;
    p->v_bias = p->v_t + 2 * VLEN;
    p->v_sh = p->v_bias + d->co;
    uint32_t fixed = p->v_sh + (d->bn ? d->co : 0);
    uint32_t sets = p->rb * p->pp, per = sets + (d->bn ? 1 : 0) + p->ntiles;
    uint32_t co4 = ceil_div(d->co, MLEN) * MLEN;
    uint32_t fit = fixed < VROWS ? (VROWS - fixed) / per / MLEN * MLEN : 0;
    if (fit == 0 || (p->dw && fit < co4))
        return kc_err_set(err, KC_ERR_USAGE, "npu conv: %s C(%u channels, %u taps) does not fit "
                          "the vector SRAM", t->name, d->co, p->ntiles);
    p->nchunks = ceil_div(co4, fit);
    p->cc = ceil_div(ceil_div(d->co, p->nchunks), MLEN) * MLEN;
    p->v_o = fixed;
    p->v_r = p->v_o + sets * p->cc;
    p->v_a = p->v_r + (d->bn ? p->cc : 0);
    /* setup temporaries live in the A region before the tiles are built */
    uint32_t tb = (d->pad * p->wp + d->pad) * d->ci;
    uint32_t temps = (d->bn ? 5 : 1) * d->co;
    if (ceil_div(tb, VLEN) > temps)
        temps = ceil_div(tb, VLEN);
    if (d->h > 1 && (d->h - 1) * ceil_div(2 * d->pad * d->ci, VLEN) > temps)
        temps = (d->h - 1) * ceil_div(2 * d->pad * d->ci, VLEN);
    uint32_t bload = 2 * bload_rows(p) + (p->sel ? 2 * VLEN : 0); /* two regions + S rows */
    if (p->v_a + temps > VROWS || p->v_a + p->ntiles * p->cc > VROWS || bload > MROWS ||
        d->ci > WHALF - 3 * VLEN || p->kk > 2 * VLEN || tb > 0xffff ||
        2ull * p->hp * p->wp * d->ci * d->n > 0x7fffffffull)
        return kc_err_set(err, KC_ERR_USAGE, "npu conv: %s config does not fit the npu "
                          "template (SRAM rows, K <= 5, Ci <= %u)", t->name, WHALF - VLEN);
    return KC_OK;
}

/* ---- depthwise, stride 1: Toeplitz tiles on a padded NCHW copy ----------------------- *
 *
 * A depthwise channel has no reduction over channels, so the array reduces over
 * input ROWS instead: for channel c, pixel block ox0 and tap column kx, B = 16
 * consecutive padded input rows at columns ox0 + kx .. + 15 (mldb of a band that
 * one mld of Hp rows, dstride 2 Wp, loads), and A = 4 Toeplitz rows, A[i][k] =
 * w[c][k - i][kx], so that ACC[i][j] = sum_ky w[c][ky][kx] xp[c][oy + ky][ox0 + kx + j]
 * for the 4 output rows oy = 4g + i: K taps per mmac instead of 1 of 16. */

typedef struct dwt {
    plan p;
    uint32_t region;       /* matrix rows per B region: K bands of Hp rows + 16 guard rows */
    uint32_t v_w;          /* weight temporaries (one element per row) */
    uint32_t v_o1;         /* stride 2: two blocks of stride-1 output rows */
    uint32_t ub1;          /* stride-1 column blocks (= output blocks at stride 1) */
    uint32_t groups;       /* groups of 4 output rows */
} dwt;

/* ws = zero-padded NCHW copy of x: zero it all (dst from 256 zero rows), then
 * copy each plane's rows H rows at a time, two SRAM buffers alternating. */
static void emit_dwt_pad(npu_gen *g, const dwt *t)
{
    const plan *p = &t->p;
    const kc_task_conv_dims *d = &p->d;
    uint64_t total = p->d.ws_elems, chunk = 256 * VLEN, full = total / chunk, rest = total % chunk;
    uint32_t rows = d->h * ceil_div(d->w, VLEN), planes = d->n * d->ci;
    npu_comment(g, "ws = zero-padded NCHW copy of x");
    npu_emit(g, "li r8, %u", p->v_a);
    int id = npu_loop_open(g, 256, 6);
    npu_emit(g, "vbcast [r8], f0");
    npu_emit(g, "addi r8, r8, 1");
    npu_loop_close(g, id);
    /* a DRAM row of dlen elements reads ceil(dlen/16) SRAM rows: one row per dst */
    npu_aset(g, 12, p->a_ws, 0);
    if (full) {
        npu_csr(g, "dlen", (uint32_t)chunk);
        npu_emit(g, "li r1, 1");
        npu_emit(g, "li r8, %u", p->v_a);
        int zid = full > 1 ? npu_loop_open(g, (uint32_t)full, 6) : -1;
        npu_emit(g, "dst [r8], a12, r1");
        npu_adda(g, 12, 2 * chunk);
        if (zid >= 0)
            npu_loop_close(g, zid);
    }
    if (rest)
        dma(g, "dst", p->v_a, 12, 1, (uint32_t)rest, 2 * (uint32_t)rest);
    npu_aset(g, 11, 0, 0);
    npu_aset(g, 13, p->a_ws, 2ull * (d->pad * p->wp + d->pad));
    for (uint32_t part = 0; part < 2; part++) { /* pairs of planes, then an odd one */
        uint32_t count = part == 0 ? planes / 2 : planes % 2, per = part == 0 ? 2 : 1;
        if (count == 0)
            continue;
        int lid = count > 1 ? npu_loop_open(g, count, 6) : -1;
        for (uint32_t k = 0; k < per; k++) {
            uint32_t buf = p->v_a + 256 + k * rows;
            dma(g, "dld", buf, 11, d->h, d->w, 2 * d->w);
            dma(g, "dst", buf, 13, d->h, d->w, 2 * p->wp);
            npu_adda(g, 11, 2ull * d->h * d->w);
            npu_adda(g, 13, 2ull * p->hp * p->wp);
        }
        if (lid >= 0)
            npu_loop_close(g, lid);
    }
}

/* A rows of channel c, tap column kx, row i at v_a + (c*K + kx)*4 + i: lanes s*i
 * + ky hold w[c][ky][kx] (vmacs of identity rows; disjoint lanes, so exact). */
static void emit_dwt_weights(npu_gen *g, const dwt *t)
{
    const plan *p = &t->p;
    uint32_t k = p->d.k;
    npu_comment(g, "Toeplitz A rows");
    npu_aset(g, 12, p->a_w, 0);
    npu_emit(g, "li r3, %u", p->v_a);
    int id = p->d.co > 1 ? npu_loop_open(g, p->d.co, 6) : -1;
    dma(g, "dld", t->v_w, 12, p->kk, 1, 2);
    for (uint32_t kx = 0; kx < k; kx++) {
        for (uint32_t ky = 0; ky < k; ky++) {
            npu_emit(g, "li r9, %u", t->v_w + ky * k + kx);
            npu_emit(g, "vredsum f%u, [r9]", ky + 1);
        }
        for (uint32_t i = 0; i < MLEN; i++) {
            npu_emit(g, "addi r10, r3, %u", kx * MLEN + i);
            npu_emit(g, "vbcast [r10], f0");
            for (uint32_t ky = 0; ky < k; ky++) {
                npu_emit(g, "li r9, %u", p->v_e + p->d.stride * i + ky);
                npu_emit(g, "vmacs [r10], [r9], f%u", ky + 1);
            }
        }
    }
    npu_emit(g, "addai a12, a12, %u", 2 * p->kk);
    npu_emit(g, "addi r3, r3, %u", k * MLEN);
    if (id >= 0)
        npu_loop_close(g, id);
}

/* The K band loads of pixel block ub of the plane at a11 + adv into region r<reg>. */
static void emit_dwt_load(npu_gen *g, const dwt *t, uint32_t ub, uint64_t adv, int reg,
                          uint32_t kx)
{
    const plan *p = &t->p;
    npu_aset(g, 12, 11, adv + 2ull * (VLEN * ub + kx));
    npu_csr(g, "dlen", VLEN);
    npu_csr(g, "dstride", 2 * p->wp);
    npu_emit(g, "li r1, %u", p->hp);
    npu_emit(g, "addi r8, r%d, %u", reg, kx * p->hp);
    npu_emit(g, "mld [r8], a12, r1");
}

/* One pixel block of one channel: groups of 4 output rows x K tap columns (the
 * next tile's mldb right after each mmac, the next unit's bands spread over the
 * stream), then bias and one dst of the block's output rows. */
static void emit_dwt_unit(npu_gen *g, const dwt *t, uint32_t o_row, uint32_t next_ub,
                          uint64_t next_adv)
{
    const plan *p = &t->p;
    uint32_t k = p->d.k, ho = p->d.ho, total = t->groups * k, issued = 0, s4 = p->d.stride * MLEN;
    for (uint32_t i = 0; i < total; i++) {
        uint32_t gi = i / k, kx = i % k;
        if (kx == 0 && gi + 1 == t->groups && ho % MLEN)
            npu_emit(g, "csrwi mrows, %u", ho % MLEN);
        if (i == 0) {
            npu_emit(g, "addi r8, r2, 0");
            npu_emit(g, "mldb 0, [r8]");
        }
        npu_emit(g, "addi r9, r4, %u", kx * MLEN);
        npu_emit(g, "mmac %u, [r9]", i & 1);
        if (i + 1 < total) {
            uint32_t ng = (i + 1) / k, nkx = (i + 1) % k;
            npu_emit(g, "addi r8, r2, %u", nkx * p->hp + ng * s4);
            npu_emit(g, "mldb %u, [r8]", (i + 1) & 1);
        }
        while (issued < k && (uint64_t)(i + 1) * (k + 1) >= (uint64_t)(issued + 1) * total)
            emit_dwt_load(g, t, next_ub, next_adv, 3, issued++);
        if (kx + 1 == k) {
            npu_emit(g, "li r5, %u", o_row + gi * MLEN);
            npu_emit(g, "mst [r5]");
            if (gi + 1 == t->groups && ho % MLEN)
                npu_emit(g, "csrwi mrows, %u", MLEN);
        }
    }
    while (issued < k)
        emit_dwt_load(g, t, next_ub, next_adv, 3, issued++);
}

/* Stride 2: output block ob = even lanes of stride-1 blocks 2 ob (S_lo -> lanes
 * 0..7) and 2 ob + 1 (S_hi -> lanes 8..15), accumulated through the array. */
static void emit_dwt_select(npu_gen *g, const dwt *t, int hi)
{
    const plan *p = &t->p;
    uint32_t ho = p->d.ho;
    npu_emit(g, "li r8, %u", S_MROW);
    npu_emit(g, "mldb 0, [r8]");
    if (hi) {
        npu_emit(g, "li r8, %u", S_MROW + VLEN);
        npu_emit(g, "mldb 1, [r8]");
    }
    for (uint32_t gi = 0; gi < t->groups; gi++) {
        int rag = gi + 1 == t->groups && ho % MLEN;
        if (rag)
            npu_emit(g, "csrwi mrows, %u", ho % MLEN);
        npu_emit(g, "li r8, %u", t->v_o1 + gi * MLEN);
        npu_emit(g, "mmac 0, [r8]");
        if (hi) {
            npu_emit(g, "li r8, %u", t->v_o1 + t->groups * MLEN + gi * MLEN);
            npu_emit(g, "mmac 1, [r8]");
        }
        npu_emit(g, "li r5, %u", p->v_o + gi * MLEN);
        npu_emit(g, "mst [r5]");
        if (rag)
            npu_emit(g, "csrwi mrows, %u", MLEN);
    }
}

/* Bias on the output rows of block ob, one dst. */
static void emit_dwt_store(npu_gen *g, const dwt *t, uint32_t ob)
{
    const plan *p = &t->p;
    uint32_t ho = p->d.ho;
    npu_emit(g, "li r8, %u", p->v_o);
    int id = ho > 1 ? npu_loop_open(g, ho, 6) : -1;
    npu_emit(g, "vadd [r8], [r8], [r6]");
    npu_emit(g, "addi r8, r8, 1");
    if (id >= 0)
        npu_loop_close(g, id);
    npu_aset(g, 12, 9, 2ull * VLEN * ob);
    dma(g, "dst", p->v_o, 12, ho, lanes_of(p->d.wo, ob), 2 * p->d.wo);
}

static kc_status gen_dw_toeplitz(npu_gen *g, dwt *t, kc_err *err)
{
    plan *p = &t->p;
    const kc_task_conv_dims *d = &p->d;
    uint32_t k = d->k, c = d->co;
    t->region = k * p->hp + VLEN;
    t->groups = ceil_div(d->ho, MLEN);
    t->ub1 = d->stride == 1 ? p->ub : ceil_div((d->wo - 1) * d->stride + 1, VLEN);
    p->v_bias = VLEN;
    t->v_w = p->v_bias + c;
    p->v_o = t->v_w + 2 * VLEN;
    t->v_o1 = p->v_o + t->groups * MLEN;
    p->v_a = t->v_o1 + (d->stride > 1 ? 2 * t->groups * MLEN : 0);
    uint32_t temps = 256 + 2 * d->h * ceil_div(d->w, VLEN), arows = c * k * MLEN;
    if (p->v_a + (temps > arows ? temps : arows) > VROWS || 2 * t->region > S_MROW ||
        2 * p->wp > 0xffff)
        return kc_err_set(err, KC_ERR_USAGE, "npu conv: depthwise config does not fit");
    npu_comment(g, "depthwise, stride 1: Toeplitz tiles, %u groups of 4 output rows", t->groups);
    emit_identity(g, p);
    emit_params(g, p);
    npu_comment(g, "matrix rows finite (mldb reads 16 rows; 0 * NaN is NaN)");
    dma(g, "mld", 0, 0, 2 * t->region, 1, 0);
    emit_dwt_pad(g, t);
    if (d->stride > 1) { /* S_lo[k][j] = (k == 2j), S_hi[k][j] = (k == 2(j - 8)) */
        npu_comment(g, "lane selections S_lo, S_hi -> ws tail -> matrix SRAM");
        for (uint32_t m = 0; m < 2; m++)
            for (uint32_t r = 0; r < VLEN; r++) {
                npu_emit(g, "li r8, %u", p->v_a + 256 + m * VLEN + r);
                if (r % 2 == 0) {
                    npu_emit(g, "li r9, %u", p->v_e + m * VLEN / 2 + r / 2);
                    npu_emit(g, "vadds [r8], [r9], f0");
                } else
                    npu_emit(g, "vbcast [r8], f0");
            }
        npu_aset(g, 12, p->a_ws, 2 * p->sbase);
        dma(g, "dst", p->v_a + 256, 12, 2 * VLEN, VLEN, 2 * VLEN);
        dma(g, "mld", S_MROW, 12, 2 * VLEN, VLEN, 2 * VLEN);
    }
    emit_dwt_weights(g, t);
    uint64_t plane = 2ull * p->hp * p->wp;
    for (uint32_t n = 0; n < d->n; n++) {
        npu_comment(g, "image %u", n);
        npu_aset(g, 11, p->a_ws, n * c * plane);
        npu_aset(g, 9, p->a_y, 2ull * n * c * d->ho * d->wo);
        npu_emit(g, "li r4, %u", p->v_a);
        npu_emit(g, "li r6, %u", p->v_bias);
        npu_emit(g, "li r2, 0");
        for (uint32_t kx = 0; kx < k; kx++)
            emit_dwt_load(g, t, 0, 0, 2, kx);
        npu_emit(g, "li r13, %u", c);
        int top = g->nlabel++;
        kc_text_printf(&g->out, "CV%d:\n", top);
        for (uint32_t ub = 0; ub < t->ub1; ub++) {
            int last = ub + 1 == t->ub1;
            npu_emit(g, "xori r3, r2, %u", t->region);
            if (d->stride == 1) {
                emit_dwt_unit(g, t, p->v_o, last ? 0 : ub + 1, last ? plane : 0);
                npu_emit(g, "mv r2, r3");
                emit_dwt_store(g, t, ub);
                continue;
            }
            emit_dwt_unit(g, t, t->v_o1 + ub % 2 * t->groups * MLEN, last ? 0 : ub + 1,
                          last ? plane : 0);
            npu_emit(g, "mv r2, r3");
            if (ub % 2 || last) {
                emit_dwt_select(g, t, ub % 2);
                emit_dwt_store(g, t, ub / 2);
            }
        }
        npu_adda(g, 11, plane);
        npu_adda(g, 9, 2ull * d->ho * d->wo);
        npu_emit(g, "addi r4, r4, %u", k * MLEN);
        npu_emit(g, "addi r6, r6, 1");
        npu_emit(g, "addi r13, r13, -1");
        npu_emit(g, "bne r13, r0, CV%d", top);
    }
    npu_emit(g, "halt");
    return KC_OK;
}

kc_status kc_npu_conv_gen(npu_gen *g, const kc_task *t, const kc_task_config *c, kc_err *err)
{
    plan p;
    kc_status s = make_plan(&p, t, c, err);
    if (s != KC_OK)
        return s;
    if (p.dw && p.d.stride <= 2 && p.d.k + p.d.stride * (MLEN - 1) <= VLEN) {
        dwt t2;
        memset(&t2, 0, sizeof t2);
        t2.p = p;
        return gen_dw_toeplitz(g, &t2, err);
    }
    npu_comment(g, "%u chunk(s) of %u output channels; B load %u x %u x %u x %u rows",
                p.nchunks, p.cc, p.kyr, p.cbp, p.nphi, p.lrows);
    emit_identity(g, &p);
    emit_params(g, &p);
    emit_borders(g, &p);
    if (p.sel)
        emit_sel_build(g, &p);
    emit_nhwc(g, &p);
    for (uint32_t k = 0; k < p.nchunks; k++) {
        uint32_t co0 = k * p.cc, ncc = min_u(p.cc, p.d.co - co0);
        if (p.dw)
            emit_weights_dw(g, &p);
        else
            emit_weights(g, &p, co0, ncc);
        if (p.sel)
            emit_sel_load(g, &p);
        emit_conv_chunk(g, &p, co0, ncc);
    }
    npu_emit(g, "halt");
    return KC_OK;
}
