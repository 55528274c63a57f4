/* vliw_conv.c — Conv2D, DepthwiseConv and ConvBlock templates (vliw_conv.h).
 *
 * Output vectors are 16 computed columns of one output row of one channel,
 * accumulated in fp32 by lane-wise `vmac`: acc += broadcast(w[co][ci][ky][kx])
 * * X_kx[ci][iy], where X_kx is the input row iy shifted by kx - pad columns.
 * Vector loads are 32-byte aligned, so the shift is made by the DMA (it reads
 * DRAM at any alignment): one BD per kx brings every needed input row at a
 * column offset into its own aligned DM copy ("im2col by DMA"; dimension 1 the
 * rows, dimension 2 the input channels). Columns outside the image are DM
 * lanes no BD ever writes (DM resets to 0); rows outside it are rows a block's
 * BD does not fetch: dwconv keeps a whole plane at a fixed layout (those rows
 * are never written), conv2d zeroes them in the first / last band.
 *
 * Stride 2 is computed at stride 1 along a row (every column, twice the MACs)
 * and the output BD picks every s-th lane (2-byte rows); the row stride is
 * free (the rows a band reads). U = R x segs accumulators (R output rows of
 * segs 16-column segments, U <= 8) share each broadcast weight.
 *
 * conv2d: the tile's output channels [c0, c0 + ct); a block is a band of R
 * output rows of one image with all Ci input channels (K copies each) in DM;
 * the compute subroutine loops co (bias into the accumulators), ci (a
 * software-pipelined K*K*U vmac body) and stores R x segs vectors per co.
 * dwconv: the tile's planes (n, c) [c0, c0 + ct) of the N*C; a block is one
 * plane, the subroutine loops its groups of R output rows; with K <= 5 on
 * `vmmac` against Toeplitz blocks of the kernel rows and two input copies
 * (shifts -pad, 4 - pad) instead of K (toeplitz() below); the blocks run in a
 * branch loop on registers (program memory).
 * convblock: conv2d with BN, ReLU and the 2x2 max-pool fused into the
 * per-co epilogue (bn_pool() below), as npu fuses it: no scratch, no barrier.
 * Blocks are double buffered when two fit (else one) (two BD chains and lock pairs, as vliw_skel):
 * lock b = input buffer b full, lock 2 + b = output buffer b free, lock 4 =
 * weights and the per-channel tables in. Weights sit in DM one (co, ci) row of K*K at a 4-byte
 * pitch (a 32-bit `ld` takes two, `srli` the odd one); bias at a 4-byte pitch. */
#include "vliw_conv.h"

#include <string.h>

#include "kc_task_conv.h"
#include "vliw_hw.h"

#define LOCK_REL(l) (0x2000u | (uint32_t)(l) << 6 | 1u)
#define BD_NEXT(b) (0x10u | (uint32_t)(b))
#define ALIGN32(x) (((x) + 31u) & ~31u)

typedef struct conv {
    kc_task_conv_dims d;
    int dw;
    int mm;                     /* dwconv with K <= 5: vmmac on Toeplitz weight blocks */
    uint32_t ncp, cstep, lanes; /* input copies per row, their shift step, lanes a copy fills */
    uint32_t wc, segs, pitch;   /* computed columns (stride 1), 16-column segments, DM row pitch */
    uint32_t r, u, grp;         /* output rows per group, accumulators, groups per block (dwconv) */
    uint32_t rows_in, kxs, cis; /* DM rows of a block per copy, DM stride of a kx copy, of an input channel */
    uint32_t nbuf, nout;        /* input buffers, output BDs per buffer */
    uint32_t buf[2], out[2], wdm, bdm, pw, wrows;
    uint32_t c0, ct;            /* the tile's output channels (conv2d) or planes (dwconv) */
    uint32_t hc, orows;         /* conv rows computed; output rows per group (R / pool) */
    uint32_t ow, oh, lstep;     /* output row width, rows per plane; DM lane step of an output column */
    uint32_t tab;               /* DM stride between the per-channel tables (bias, gamma, beta, mean, var) */
    uint32_t pdm;               /* convblock: DM address of the pair-swap matrix */
    uint32_t reps;              /* dwconv: copies of the weight / bias table in DM (a share spans images) */
    int yreg;
} conv;

typedef struct blk {
    uint32_t n, oy0, ro;   /* conv2d: image, first output row, valid rows */
} blk;

/* Copy m of an input row holds x[iy][lane + shift(m)] in lanes [jlo, jhi)
 * (the rest is padding: 0). */
static int32_t shift(const conv *c, uint32_t m)
{
    return (int32_t)(m * c->cstep) - (int32_t)c->d.pad;
}

static uint32_t jlo(const conv *c, uint32_t m)
{
    return shift(c, m) < 0 ? (uint32_t)-shift(c, m) : 0;
}

static uint32_t jhi(const conv *c, uint32_t m)
{
    int32_t e = (int32_t)c->d.w - shift(c, m);
    return e < (int32_t)c->lanes ? (uint32_t)e : c->lanes;
}

static uint32_t bd_in(const conv *c, uint32_t b, uint32_t kx)
{
    return b * c->ncp + kx;
}

static uint32_t bd_out(const conv *c, uint32_t b, uint32_t r)
{
    return c->nbuf * c->ncp + b * c->nout + r;
}

static uint32_t bd_w(const conv *c)
{
    return c->nbuf * (c->ncp + c->nout);
}

static void bd_const(vliw_gen *g, uint32_t bd, const char *field, uint32_t v)
{
    vliw_emit_li(g, 13, v);
    vliw_emit_op(g, "bd.set %u, %s, r13", bd, field);
}

static void bd_dram(vliw_gen *g, uint32_t bd, int reg, uint32_t off)
{
    vliw_emit_li(g, 13, off);
    vliw_emit_op(g, "add r14, r%d, r13", reg);
    vliw_emit_op(g, "bd.set %u, dram, r14", bd);
}

/* A BD's shape: len0, then (count, DRAM stride, DM stride) of dimensions 1 and 2. */
static void bd_shape(vliw_gen *g, uint32_t bd, const uint32_t f[7])
{
    static const char *const name[7] = {"len0", "cnt1", "dstride1", "mstride1", "cnt2", "dstride2", "mstride2"};
    for (int i = 0; i < 7; i++)
        bd_const(g, bd, name[i], f[i]);
}

/* ---- planning ------------------------------------------------------------------------- */

static uint32_t out_bytes(const conv *c, uint32_t ct)
{
    return c->dw ? ALIGN32(c->grp * c->r * c->pitch) : ct * c->orows * c->segs * 32;
}

/* Lays out DM for the largest ct of any tile; 0 when it does not fit. */
static int layout(const vliw_gen *g, conv *c, uint32_t ctmax)
{
    const kc_task_conv_dims *d = &c->d;
    c->u = c->r * c->segs;
    if (c->dw) {
        c->grp = (d->ho + c->r - 1) / c->r;
        c->rows_in = (c->grp * c->r - 1) * d->stride + d->k;
        if (c->rows_in < d->h + d->pad)
            c->rows_in = d->h + d->pad;
        c->nout = 1;
    } else {
        c->rows_in = (c->r - 1) * d->stride + d->k;
        c->orows = c->r / d->pool;
        c->nout = c->lstep > 1 ? c->orows : 1;
    }
    c->kxs = c->rows_in * c->pitch;
    c->cis = c->ncp * c->kxs;
    uint32_t blk_bytes = c->dw ? c->cis : d->ci * c->cis;
    c->reps = c->dw ? (d->ci - 1 + ctmax + d->ci - 1) / d->ci : 1;
    c->wrows = c->dw ? d->ci * c->reps : ctmax * d->ci;
    uint32_t ob = out_bytes(c, ctmax), at = 0;
    for (uint32_t b = 0; b < c->nbuf; b++)
        c->buf[b] = at, at += blk_bytes;
    for (uint32_t b = 0; b < c->nbuf; b++)
        c->out[b] = at, at += ob;
    c->wdm = at;
    at = ALIGN32(at + c->wrows * c->pw);
    c->bdm = at;
    c->tab = (c->dw ? d->co * c->reps : ctmax) * 4;
    at += c->tab * (d->bn ? 5 : 1);
    c->pdm = ALIGN32(at);
    at = c->pdm + 32;
    /* the top of DM holds the arguments past r8 (vliw_hw_xarg_addr) */
    return at <= g->hw.dm_bytes - 4u * (VLIW_NARGS - VLIW_NARGS_REG) && bd_w(c) + 2 + (d->bn ? 4 : 0) <= g->hw.nbds && c->cis <= 32767 &&
           c->r % d->pool == 0 && (!d->bn || c->u <= 4) &&
           (c->dw ? (c->ncp - 1) * c->kxs + c->rows_in * c->pitch : c->cis) <= 32767;
}

/* Two input buffers if they fit, else one; then the most output rows per group. */
static int plan(const vliw_gen *g, conv *c, uint32_t ctmax, uint32_t rmax)
{
    for (c->nbuf = 2; c->nbuf >= 1; c->nbuf--)
        for (c->r = rmax; c->r >= 1; c->r--)
            if (layout(g, c, ctmax))
                return 1;
    return 0;
}

/* ---- per-tile code -------------------------------------------------------------------- */

static void blk_of(const conv *c, uint32_t i, blk *bk)
{
    memset(bk, 0, sizeof *bk);
    if (c->dw)
        return;   /* dwconv blocks run on registers (tile_gen) */
    uint32_t per = (c->hc + c->r - 1) / c->r;
    bk->n = i / per;
    bk->oy0 = i % per * c->r;
    bk->ro = c->hc - bk->oy0 < c->r ? c->hc - bk->oy0 : c->r;
}

static uint32_t nblocks(const conv *c)
{
    return c->dw ? c->ct : c->d.n * ((c->hc + c->r - 1) / c->r);
}

/* conv2d band: the input rows [a, e) it fetches (DM row = iy - iy0). */
static void band_rows(const conv *c, const blk *bk, int32_t *iy0, uint32_t *a, uint32_t *e)
{
    *iy0 = (int32_t)(bk->oy0 * c->d.stride) - (int32_t)c->d.pad;
    *a = *iy0 < 0 ? 0 : (uint32_t)*iy0;
    int32_t hi = *iy0 + (int32_t)c->rows_in;
    *e = hi > (int32_t)c->d.h ? c->d.h : (uint32_t)hi;
}

/* Fields of every BD that stay for the whole run. */
static void setup(vliw_gen *g, const conv *c)
{
    const kc_task_conv_dims *d = &c->d;
    uint32_t ybytes = c->oh * c->ow * 2, ostride = c->orows * c->segs * 32;
    vliw_emit_begin(g);
    vliw_emit_op(g, "rel 0x02, 1");
    if (c->nbuf > 1)
        vliw_emit_op(g, "rel 0x03, 1");
    for (uint32_t b = 0; b < c->nbuf; b++) {
        for (uint32_t kx = 0; kx < c->ncp; kx++) {
            uint32_t bd = bd_in(c, b, kx), lo = jlo(c, kx);
            uint32_t f[7] = {(jhi(c, kx) - lo) * 2, d->h, d->w * 2, c->pitch, 1, 0, 0};
            if (!c->dw)
                f[4] = d->ci, f[5] = d->h * d->w * 2, f[6] = c->cis;
            else
                bd_const(g, bd, "dm", c->buf[b] + kx * c->kxs + d->pad * c->pitch + lo * 2);
            bd_shape(g, bd, f);
            bd_const(g, bd, "next", kx + 1 < c->ncp ? BD_NEXT(bd + 1) : 0);
            bd_const(g, bd, "rel", kx + 1 < c->ncp ? 0 : LOCK_REL(b));
        }
        for (uint32_t r = 0; r < c->nout; r++) {
            uint32_t bd = bd_out(c, b, r);
            uint32_t f[7];
            if (c->dw && d->stride == 1) {
                uint32_t v[7] = {d->wo * 2, d->ho, d->wo * 2, c->pitch, 1, 0, 0};
                memcpy(f, v, sizeof f);
            } else if (c->dw) {
                uint32_t v[7] = {2, d->wo, 2, 2 * d->stride, d->ho, d->wo * 2, c->pitch};
                memcpy(f, v, sizeof f);
            } else if (c->lstep == 1) {
                uint32_t v[7] = {d->wo * 2, c->r, d->wo * 2, c->pitch, c->ct, ybytes, ostride};
                memcpy(f, v, sizeof f);
            } else {
                uint32_t v[7] = {2, c->ow, 2, 2 * c->lstep, c->ct, ybytes, ostride};
                memcpy(f, v, sizeof f);
            }
            bd_shape(g, bd, f);
            bd_const(g, bd, "dm", c->out[b] + r * c->pitch);
            bd_const(g, bd, "next", 0);
            bd_const(g, bd, "rel", r + 1 == c->nout ? LOCK_REL(2 + b) : 0);
        }
    }
    /* weights (rows of K*K at pitch pw) then bias (4-byte pitch), lock 4 */
    uint32_t wb = bd_w(c), kk2 = d->k * d->k * 2;
    uint32_t w0 = c->dw ? 0 : c->c0 * d->ci * kk2, b0 = c->dw ? 0 : c->c0 * 2;
    uint32_t wf[7] = {kk2, c->dw ? d->ci : c->ct * d->ci, kk2, c->pw, c->reps, 0, d->ci * c->pw};
    uint32_t bf[7] = {2, c->dw ? d->co : c->ct, 2, 4, c->reps, 0, d->co * 4};
    bd_dram(g, wb, 2, w0);
    bd_const(g, wb, "dm", c->wdm);
    bd_shape(g, wb, wf);
    bd_const(g, wb, "next", BD_NEXT(wb + 1));
    bd_const(g, wb, "rel", 0);
    bd_dram(g, wb + 1, 3, b0);
    bd_const(g, wb + 1, "dm", c->bdm);
    bd_shape(g, wb + 1, bf);
    /* convblock: gamma, beta, mean, var (r4..r7) follow the bias table */
    uint32_t ntab = d->bn ? 5 : 1;
    for (uint32_t i = 1; i < ntab; i++) {
        bd_dram(g, wb + 1 + i, 3 + (int)i, b0);
        bd_const(g, wb + 1 + i, "dm", c->bdm + i * c->tab);
        bd_shape(g, wb + 1 + i, bf);
    }
    for (uint32_t i = 0; i < ntab; i++) {
        bd_const(g, wb + 1 + i, "next", i + 1 < ntab ? BD_NEXT(wb + 2 + i) : 0);
        bd_const(g, wb + 1 + i, "rel", i + 1 < ntab ? 0 : LOCK_REL(4));
    }
    vliw_emit_op(g, "dma.start 0, %u", wb);
    if (d->bn) {   /* the pair-swap matrix: P[k][k ^ 1] = 1.0 (bf16 0x3f80) */
        vliw_emit_op(g, "vbcst v0, r0");
        vliw_emit_li(g, 13, 0x3f80);
        for (int k = 0; k < 4; k++)
            vliw_emit_op(g, "vins v0, r13, %d", 4 * k + (k ^ 1));
        vliw_emit_op(g, "mov p6, 0x%x", c->pdm);
        vliw_emit_op(g, "vst v0, [p6, 0]");
    }
    vliw_emit_end(g);
}

/* Starts the load of block bk into input buffer b (ops of the open block). */
static void prefetch(vliw_gen *g, const conv *c, const blk *bk, uint32_t b)
{
    const kc_task_conv_dims *d = &c->d;
    for (uint32_t kx = 0; kx < c->ncp; kx++) {
        uint32_t bd = bd_in(c, b, kx), lo = jlo(c, kx), col = (uint32_t)((int32_t)lo + shift(c, kx)) * 2;
        if (c->dw) {
            bd_dram(g, bd, 5, col);
            continue;
        }
        int32_t iy0;
        uint32_t a, e;
        band_rows(c, bk, &iy0, &a, &e);
        bd_dram(g, bd, 1, (bk->n * d->ci * d->h + a) * d->w * 2 + col);
        bd_const(g, bd, "dm", c->buf[b] + kx * c->kxs + (uint32_t)((int32_t)a - iy0) * c->pitch + lo * 2);
        bd_const(g, bd, "cnt1", e - a);
    }
    vliw_emit_op(g, "dma.start 0, %u", bd_in(c, b, 0));
    if (c->dw) {
        vliw_emit_li(g, 13, d->h * d->w * 2);
        vliw_emit_op(g, "add r5, r5, r13");
    }
}

/* Starts the store of block bk from output buffer b. */
static void store(vliw_gen *g, const conv *c, const blk *bk, uint32_t b)
{
    const kc_task_conv_dims *d = &c->d;
    uint32_t row = d->wo * 2;
    if (c->dw) {
        vliw_emit_op(g, "bd.set %u, dram, r8", bd_out(c, b, 0));
        vliw_emit_li(g, 13, d->ho * row);
        vliw_emit_op(g, "add r8, r8, r13");
    } else {
        uint32_t orow = c->ow * 2, base = ((bk->n * d->co + c->c0) * c->oh + bk->oy0 / d->pool) * orow;
        if (c->lstep == 1) {
            bd_dram(g, bd_out(c, b, 0), c->yreg, base);
            bd_const(g, bd_out(c, b, 0), "cnt1", bk->ro);
        } else {
            uint32_t nr = bk->ro / d->pool;
            for (uint32_t r = 0; r < nr; r++) {
                uint32_t bd = bd_out(c, b, r);
                bd_dram(g, bd, c->yreg, base + r * orow);
                bd_const(g, bd, "next", r + 1 < nr ? BD_NEXT(bd + 1) : 0);
                bd_const(g, bd, "rel", r + 1 < nr ? 0 : LOCK_REL(2 + b));
            }
        }
    }
    vliw_emit_op(g, "dma.start 1, %u", bd_out(c, b, 0));
}

/* conv2d: zero the DM rows of input buffer b that band bk does not fetch
 * (rows above or below the image: the band's padding). */
static void zero_rows(vliw_gen *g, const conv *c, const blk *bk, uint32_t b)
{
    int32_t iy0;
    uint32_t a, e;
    band_rows(c, bk, &iy0, &a, &e);
    uint32_t top = (uint32_t)((int32_t)a - iy0), bot = (uint32_t)((int32_t)e - iy0);
    if (!top && bot == c->rows_in)
        return;
    vliw_emit_begin(g);
    vliw_emit_op(g, "mov p6, 0x%x", c->buf[b]);
    vliw_emit_op(g, "vbcst v0, r0");
    vliw_emit_end(g);
    vliw_emit_begin(g);
    for (uint32_t kx = 0; kx < c->ncp; kx++)
        for (uint32_t z = 0; z < c->rows_in; z++)
            if (z < top || z >= bot)
                for (uint32_t s = 0; s < c->segs; s++)
                    vliw_emit_op(g, "vst v0, [p6, %u]", kx * c->kxs + z * c->pitch + s * 32);
    vliw_emit_op(g, "padd p6, %u", c->cis);
    vliw_emit_loopi_end(g, c->d.ci);
}

/* The K*K*U vmac of one input channel: weights from p2 (row of K*K at byte 0),
 * data from p3 (copy kx at kx * kxs, row DM row * pitch, segment * 32). */
static void taps(vliw_gen *g, const conv *c, int *vd)
{
    static const int wword[2] = {12, 13}, whi[2] = {14, 9};
    uint32_t k = c->d.k;
    for (uint32_t e = 0; e < k * k; e++) {
        uint32_t ky = e / k, kx = e % k, pr = (e / 2) % 2;
        int vw = (int)(e % 4);
        if (e % 2 == 0) {
            vliw_emit_op(g, "ld r%d, [p2, %u]", wword[pr], (e / 2) * 4);
            vliw_emit_op(g, "vbcst v%d, r%d", vw, wword[pr]);
        } else {
            vliw_emit_op(g, "srli r%d, r%d, 16", whi[pr], wword[pr]);
            vliw_emit_op(g, "vbcst v%d, r%d", vw, whi[pr]);
        }
        for (uint32_t r = 0; r < c->r; r++)
            for (uint32_t s = 0; s < c->segs; s++) {
                int v = 4 + (*vd)++ % 12;
                vliw_emit_op(g, "vld v%d, [p3, %u]", v,
                             kx * c->kxs + (r * c->d.stride + ky) * c->pitch + s * 32);
                vliw_emit_op(g, "vmac acc%u, v%d, v%d", r * c->segs + s, v, vw);
            }
    }
}

/* dwconv on vmmac: output lanes 4i + j of a vector are ACC[i][j] of
 * sum over copies m (shift 4m - pad) of A_m B_m, A_m = the copy's aligned
 * vector row-major (A[i][k] = x[base + 4m - pad + 4i + k]) and B_m the
 * Toeplitz block of a kernel row, B[k][j] = w[ky][4m + k - j] (0 outside
 * 0..K-1): K taps of 4 outputs per product, 2 copies for K <= 5 instead of K.
 * The 2K blocks of the plane's channel are built once per block into
 * v0..v(2K-1) (vins of the scalar weights from p2). */
static void toeplitz(vliw_gen *g, const conv *c)
{
    static const int wword[2] = {12, 13}, whi[2] = {14, 9};
    uint32_t k = c->d.k;
    /* the scheduler reuses a weight register while its old value is still
     * being read (the new load lands later, in order): intended old-value
     * reads, so the assembler's latency check is off here (as for the
     * software-pipelined loops, vliw_emit.c) */
    vliw_emit_line(g, ".nocheck");
    vliw_emit_begin(g);
    for (uint32_t b = 0; b < k * c->ncp; b++)
        vliw_emit_op(g, "vbcst v%u, r0", b);
    for (uint32_t e = 0; e < k * k; e++) {
        uint32_t ky = e / k, kx = e % k, pr = (e / 2) % 2;
        int reg = wword[pr];
        if (e % 2 == 0)
            vliw_emit_op(g, "ld r%d, [p2, %u]", reg, (e / 2) * 4);
        else {
            vliw_emit_op(g, "srli r%d, r%d, 16", whi[pr], wword[pr]);
            reg = whi[pr];
        }
        for (uint32_t m = 0; m < c->ncp; m++)
            for (uint32_t kk = 0; kk < 4; kk++)
                for (uint32_t j = 0; j < 4; j++)
                    if (4 * m + kk == kx + j)
                        vliw_emit_op(g, "vins v%u, r%d, %u", ky * c->ncp + m, reg, 4 * kk + j);
    }
    vliw_emit_end(g);
    vliw_emit_line(g, ".check");
}

static void mm_taps(vliw_gen *g, const conv *c, int *vd)
{
    uint32_t nb = c->d.k * c->ncp;   /* v0..v(nb-1) hold the blocks */
    for (uint32_t r = 0; r < c->r; r++)
        for (uint32_t s = 0; s < c->segs; s++)
            for (uint32_t ky = 0; ky < c->d.k; ky++)
                for (uint32_t m = 0; m < c->ncp; m++) {
                    int v = (int)(nb + (uint32_t)(*vd)++ % (16 - nb));
                    vliw_emit_op(g, "vld v%d, [p3, %u]", v, m * c->kxs + (r * c->d.stride + ky) * c->pitch + s * 32);
                    vliw_emit_op(g, "vmmac acc%u, v%d, v%u", r * c->segs + s, v, ky * c->ncp + m);
                }
}

/* srs + store of the U accumulators to [p5] (post-increment). */
static void drain_accs(vliw_gen *g, const conv *c, int *vd)
{
    uint32_t base = c->mm ? c->d.k * c->ncp : 4;   /* past the weights (Toeplitz blocks) */
    for (uint32_t a = 0; a < c->u; a++) {
        int v = (int)(base + (uint32_t)(*vd)++ % (16 - base));
        vliw_emit_op(g, "srs v%d, acc%u", v, a);
        vliw_emit_op(g, "vst v%d, [p5], 32", v);
    }
}

static void bias_accs(vliw_gen *g, const conv *c)
{
    for (uint32_t a = 0; a < c->u; a++)
        vliw_emit_op(g, "abcst acc%u, r10", a);
}

/* ConvBlock, per output channel (p4 at its bias; gamma, beta, mean, var one
 * table stride apart): acc4 = scale = gamma / sqrt(var + eps), acc5 = shift =
 * beta - mean * scale, in fp32 (the conv bias is already in the sum). */
static void bn_factors(vliw_gen *g, const conv *c)
{
    static const int reg[4] = {12, 13, 14, 9};   /* gamma, beta, mean, var */
    for (int i = 0; i < 4; i++) {
        vliw_emit_op(g, "ld r%d, [p4, %u]", reg[i], (uint32_t)(i + 1) * c->tab);
        vliw_emit_op(g, "slli r%d, r%d, 16", reg[i], reg[i]);
    }
    vliw_emit_op(g, "abcst acc7, r9");
    vliw_emit_li(g, 9, vliw_emit_fbits((float)KC_TASK_CONV_BN_EPS));
    vliw_emit_op(g, "abcst acc6, r9");
    vliw_emit_op(g, "aadd acc7, acc7, acc6");
    vliw_emit_op(g, "arsqrt acc7, acc7");
    vliw_emit_op(g, "abcst acc4, r12");
    vliw_emit_op(g, "amul acc4, acc4, acc7");
    vliw_emit_op(g, "abcst acc6, r14");
    vliw_emit_op(g, "amul acc6, acc6, acc4");
    vliw_emit_op(g, "abcst acc5, r13");
    vliw_emit_op(g, "asub acc5, acc5, acc6");
}

/* ConvBlock's epilogue: BN and ReLU per conv output (fp32), the max of each
 * row pair, rounded to bf16; then the max with its lane-pair neighbour:
 * `vmmul` by the pair-swap matrix (exact) puts lane 2j + 1 in lane 2j, and the
 * output BD takes the even lanes. bf16 rounding is monotone, so max and round
 * commute. Pooled rows go to [p5] (row pair, segment order). */
static void bn_pool(vliw_gen *g, const conv *c, int *vd)
{
    vliw_emit_op(g, "abcst acc6, r0");
    vliw_emit_op(g, "mov p6, 0x%x", c->pdm);
    vliw_emit_op(g, "vld v3, [p6, 0]");
    for (uint32_t a = 0; a < c->u; a++) {
        vliw_emit_op(g, "amul acc%u, acc%u, acc4", a, a);
        vliw_emit_op(g, "aadd acc%u, acc%u, acc5", a, a);
        vliw_emit_op(g, "amax acc%u, acc%u, acc6", a, a);
    }
    for (uint32_t pr = 0; pr < c->r / 2; pr++)
        for (uint32_t sg = 0; sg < c->segs; sg++) {
            uint32_t top = 2 * pr * c->segs + sg, bot = top + c->segs;
            int v = 4 + (*vd)++ % 12, w = 4 + (*vd)++ % 12;
            vliw_emit_op(g, "amax acc%u, acc%u, acc%u", top, top, bot);
            vliw_emit_op(g, "srs v%d, acc%u", v, top);
            vliw_emit_op(g, "vmmul acc%u, v%d, v3", bot, v);
            vliw_emit_op(g, "amax acc%u, acc%u, acc%u", top, top, bot);
            vliw_emit_op(g, "srs v%d, acc%u", w, top);
            vliw_emit_op(g, "vst v%d, [p5], 32", w);
        }
}

/* The compute subroutine: p0 = input buffer, p1 = output buffer (dwconv: p2 =
 * the plane's weight row, p4 = its bias). */
static void compute(vliw_gen *g, const conv *c)
{
    int vd = 0;
    if (c->dw) {
        vliw_emit_begin(g);
        vliw_emit_op(g, "ld r10, [p4, 0]");
        vliw_emit_op(g, "slli r10, r10, 16");
        vliw_emit_op(g, "mov r11, p0");
        vliw_emit_op(g, "mov p3, r11");
        vliw_emit_op(g, "mov r11, p1");
        vliw_emit_op(g, "mov p5, r11");
        vliw_emit_end(g);
        if (c->mm)
            toeplitz(g, c);
        vliw_emit_begin(g);
        bias_accs(g, c);
        if (c->mm)
            mm_taps(g, c, &vd);
        else
            taps(g, c, &vd);
        drain_accs(g, c, &vd);
        vliw_emit_op(g, "padd p3, %u", c->r * c->d.stride * c->pitch);
        vliw_emit_loopi_end(g, c->grp);
        return;
    }
    vliw_emit_begin(g);
    vliw_emit_op(g, "mov p2, 0x%x", c->wdm);
    vliw_emit_op(g, "mov p4, 0x%x", c->bdm);
    vliw_emit_op(g, "mov r11, p0");
    vliw_emit_op(g, "mov r10, p1");
    vliw_emit_op(g, "mov p5, r10");
    vliw_emit_end(g);
    int lco = vliw_emit_label(g);
    vliw_emit_line(g, "    loopi %u, L%d", c->ct, lco);
    vliw_emit_begin(g);
    if (c->d.bn)
        bn_factors(g, c);
    vliw_emit_op(g, "ld r10, [p4], 4");
    vliw_emit_op(g, "slli r10, r10, 16");
    bias_accs(g, c);
    vliw_emit_op(g, "mov p3, r11");
    vliw_emit_end(g);
    vliw_emit_begin(g);
    taps(g, c, &vd);
    vliw_emit_op(g, "padd p3, %u", c->cis);
    vliw_emit_op(g, "padd p2, %u", c->pw);
    vliw_emit_loopi_end(g, c->d.ci);
    vliw_emit_begin(g);
    if (c->d.bn)
        bn_pool(g, c, &vd);
    else
        drain_accs(g, c, &vd);
    vliw_emit_end(g);
    vliw_emit_line(g, "L%d:", lco);
}

static void step(vliw_gen *g, const conv *c, uint32_t i, uint32_t nb, int sub)
{
    uint32_t b = i % c->nbuf;
    blk bk, nx;
    blk_of(c, i, &bk);
    vliw_emit_begin(g);
    if (i == 0 && !c->dw)
        vliw_emit_op(g, "acq 0x04, 1");
    vliw_emit_op(g, "acq 0x%02x, 1", b);
    vliw_emit_op(g, "acq 0x%02x, 1", 2 + b);
    vliw_emit_end(g);
    if (!c->dw)
        zero_rows(g, c, &bk, b);
    vliw_emit_begin(g);
    vliw_emit_op(g, "mov p0, 0x%x", c->buf[b]);
    vliw_emit_op(g, "mov p1, 0x%x", c->out[b]);
    if (c->dw) {
        vliw_emit_op(g, "mov p2, r6");
        vliw_emit_op(g, "mov p4, r7");
    }
    vliw_emit_end(g);
    vliw_emit_line(g, "    jal r15, L%d", sub);
    vliw_emit_line(g, "    nop");
    vliw_emit_line(g, "    nop");
    vliw_emit_begin(g);
    if (c->dw) {
        vliw_emit_op(g, "addi r6, r6, %u", c->pw);
        vliw_emit_op(g, "addi r7, r7, 4");
    }
    store(g, c, &bk, b);
    if (i + c->nbuf < nb) {
        blk_of(c, i + c->nbuf, &nx);
        prefetch(g, c, &nx, b);
    }
    vliw_emit_end(g);
}

static void tile_gen(vliw_gen *g, const conv *c)
{
    uint32_t nb = nblocks(c);
    vliw_emit_line(g, ".tile %u", g->tile);
    if (!c->ct) {
        vliw_emit_line(g, "    halt");
        return;
    }
    vliw_emit_line(g, "// tile %u: %s %u..%u, %u blocks (%u rows x %u segments per group, %u buffer%s)", g->tile,
                   c->dw ? "planes" : "output channels", c->c0, c->c0 + c->ct, nb, c->r, c->segs, c->nbuf,
                   c->nbuf > 1 ? "s" : "");
    int sub = vliw_emit_label(g);
    setup(g, c);
    uint32_t first = 0;
    if (c->dw) {
        /* r5 / r8: DRAM planes of the next load / store; r6 / r7: the block's
         * weight row and bias in DM (the tables repeat, so they only advance) */
        const kc_task_conv_dims *d = &c->d;
        vliw_emit_begin(g);
        vliw_emit_li(g, 13, c->c0 * d->h * d->w * 2);
        vliw_emit_op(g, "add r5, r1, r13");
        vliw_emit_li(g, 13, c->c0 * d->ho * d->wo * 2);
        vliw_emit_op(g, "add r8, r%d, r13", c->yreg);
        vliw_emit_li(g, 6, c->wdm + c->c0 % d->ci * c->pw);
        vliw_emit_li(g, 7, c->bdm + c->c0 % d->ci * 4);
        vliw_emit_end(g);
    }
    vliw_emit_begin(g);
    for (uint32_t i = 0; i < c->nbuf && i < nb; i++) {
        blk bk;
        blk_of(c, i, &bk);
        prefetch(g, c, &bk, i);
    }
    if (c->dw)
        vliw_emit_op(g, "acq 0x04, 1");
    vliw_emit_end(g);
    /* dwconv: the steps with a prefetch (i + nbuf < nb) are alike: nbuf per
     * iteration of a branch loop (counter r2: w's address is not needed
     * after setup) */
    uint32_t iters = c->dw && nb > c->nbuf ? (nb - c->nbuf) / c->nbuf : 0;
    if (iters) {
        int top = vliw_emit_branch_loop_open(g, 2, iters);
        for (uint32_t i = 0; i < c->nbuf; i++)
            step(g, c, i, nb, sub);
        vliw_emit_branch_loop_close(g, 2, top);
        first = c->nbuf * iters;
    }
    for (uint32_t i = first; i < nb; i++)
        step(g, c, i, nb, sub);
    vliw_emit_line(g, "    halt");
    vliw_emit_line(g, "L%d:", sub);
    compute(g, c);
    vliw_emit_line(g, "    jr r15");
    vliw_emit_line(g, "    nop");
    vliw_emit_line(g, "    nop");
}

/* The tile's share: ct of total units starting at c0 (even split). */
static void share(uint32_t total, unsigned ntiles, unsigned t, uint32_t *c0, uint32_t *ct)
{
    uint32_t base = total / ntiles, extra = total % ntiles;
    *c0 = t * base + (t < extra ? t : extra);
    *ct = base + (t < extra);
}

int vliw_conv_serves(const char *name)
{
    return !strcmp(name, "conv2d") || !strcmp(name, "dwconv") || !strcmp(name, "convblock");
}

kc_status vliw_conv_gen(vliw_gen *g, const kc_task *t, const kc_task_config *cf, kc_err *err)
{
    conv c;
    memset(&c, 0, sizeof c);
    if (!kc_task_conv_view(t, cf, &c.d))
        return kc_err_set(err, KC_ERR_USAGE, "baseline: %s is not a convolution", t->name);
    const kc_task_conv_dims *d = &c.d;
    c.dw = d->groups > 1;
    c.yreg = d->out_idx + 1;
    c.wc = d->w + 2 * d->pad - d->k + 1;
    c.segs = (c.wc + 15) / 16;
    c.pitch = c.segs * 32;
    c.pw = (d->k * d->k * 2 + 3) & ~3u;
    c.mm = c.dw && d->k <= 5;
    c.ncp = c.mm ? (d->k + 6) / 4 : d->k;
    c.cstep = c.mm ? 4 : 1;
    c.lanes = c.mm ? 16 * c.segs : c.wc;
    c.hc = d->ho / d->pool * d->pool;   /* max_pool2d drops an odd last row */
    c.ow = d->yw;
    c.oh = d->yh;
    c.lstep = d->stride * d->pool;
    uint32_t total = c.dw ? d->n * d->ci : d->co, ctmax = (total + g->ntiles - 1) / g->ntiles;
    uint32_t rmax = c.segs <= 8 ? 8 / c.segs : 0;
    if (rmax > c.hc)
        rmax = c.hc;
    if (!plan(g, &c, ctmax, rmax))
        return kc_err_set(err, KC_ERR_RANGE, "baseline: %s does not fit the vliw DM (%u bytes, %u BDs) on %u "
                          "tiles: %u input channel(s) x %u shifted copies of an output row's input rows need more",
                          t->name, g->hw.dm_bytes, g->hw.nbds, g->ntiles, c.dw ? 1 : d->ci, d->k);
    for (unsigned tile = 0; tile < g->ntiles; tile++) {
        g->tile = tile;
        share(total, g->ntiles, tile, &c.c0, &c.ct);
        tile_gen(g, &c);
    }
    return KC_OK;
}
