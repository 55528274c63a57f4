/* npu_dwconv.c — the npu DepthwiseConv baseline for stride <= 2 and K + 3 stride
 * <= 16: Toeplitz tiles on a padded NCHW copy (docs/tasks.md, "Convolutions").
 *
 * A depthwise channel has no reduction over channels, so the array reduces over
 * input ROWS instead: for channel c, pixel block ox0 and tap column kx, B = 16
 * consecutive padded input rows at columns ox0 + kx .. + 15 (mldb of a band that
 * one mld of Hp rows, dstride 2 Wp, loads), and A = 4 Toeplitz rows, A[i][k] =
 * w[c][k - i][kx], so that ACC[i][j] = sum_ky w[c][ky][kx] xp[c][oy + ky][ox0 + kx + j]
 * for the 4 output rows oy = 4g + i: K taps per mmac instead of 1 of 16. */

#include "npu_dwconv.h"

#include <string.h>

typedef struct dwt {
    npu_conv_plan p;
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
    const npu_conv_plan *p = &t->p;
    const kc_task_conv_dims *d = &p->d;
    uint64_t total = p->d.ws_elems, chunk = 256 * p->hw.vlen, full = total / chunk,
             rest = total % chunk;
    uint32_t rows = d->h * npu_conv_plan_ceil(d->w, p->hw.vlen), planes = d->n * d->ci;
    npu_emit_comment(g, "ws = zero-padded NCHW copy of x");
    npu_emit_ins(g, "li r8, %u", p->v_a);
    int id = npu_emit_loop_open(g, 256, 6);
    npu_emit_ins(g, "vbcast [r8], f0");
    npu_emit_ins(g, "addi r8, r8, 1");
    npu_emit_loop_close(g, id);
    /* a DRAM row of dlen elements reads ceil(dlen/16) SRAM rows: one row per dst */
    npu_emit_aset(g, 12, p->a_ws, 0);
    if (full) {
        npu_emit_csr(g, "dlen", (uint32_t)chunk);
        npu_emit_ins(g, "li r1, 1");
        npu_emit_ins(g, "li r8, %u", p->v_a);
        int zid = full > 1 ? npu_emit_loop_open(g, (uint32_t)full, 6) : -1;
        npu_emit_ins(g, "dst [r8], a12, r1");
        npu_emit_adda(g, 12, 2 * chunk);
        if (zid >= 0)
            npu_emit_loop_close(g, zid);
    }
    if (rest)
        npu_conv_plan_dma(g, "dst", p->v_a, 12, 1, (uint32_t)rest, 2 * (uint32_t)rest);
    npu_emit_aset(g, 11, 0, 0);
    npu_emit_aset(g, 13, p->a_ws, 2ull * (d->pad * p->wp + d->pad));
    for (uint32_t part = 0; part < 2; part++) { /* pairs of planes, then an odd one */
        uint32_t count = part == 0 ? planes / 2 : planes % 2, per = part == 0 ? 2 : 1;
        if (count == 0)
            continue;
        int lid = count > 1 ? npu_emit_loop_open(g, count, 6) : -1;
        for (uint32_t k = 0; k < per; k++) {
            uint32_t buf = p->v_a + 256 + k * rows;
            npu_conv_plan_dma(g, "dld", buf, 11, d->h, d->w, 2 * d->w);
            npu_conv_plan_dma(g, "dst", buf, 13, d->h, d->w, 2 * p->wp);
            npu_emit_adda(g, 11, 2ull * d->h * d->w);
            npu_emit_adda(g, 13, 2ull * p->hp * p->wp);
        }
        if (lid >= 0)
            npu_emit_loop_close(g, lid);
    }
}

/* A rows of channel c, tap column kx, row i at v_a + (c*K + kx)*4 + i: lanes s*i
 * + ky hold w[c][ky][kx] (vmacs of identity rows; disjoint lanes, so exact). */
static void emit_dwt_weights(npu_gen *g, const dwt *t)
{
    const npu_conv_plan *p = &t->p;
    uint32_t k = p->d.k;
    npu_emit_comment(g, "Toeplitz A rows");
    npu_emit_aset(g, 12, p->a_w, 0);
    npu_emit_ins(g, "li r3, %u", p->v_a);
    int id = p->d.co > 1 ? npu_emit_loop_open(g, p->d.co, 6) : -1;
    npu_conv_plan_dma(g, "dld", t->v_w, 12, p->kk, 1, 2);
    for (uint32_t kx = 0; kx < k; kx++) {
        for (uint32_t ky = 0; ky < k; ky++) {
            npu_emit_ins(g, "li r9, %u", t->v_w + ky * k + kx);
            npu_emit_ins(g, "vredsum f%u, [r9]", ky + 1);
        }
        for (uint32_t i = 0; i < p->hw.mlen; i++) {
            npu_emit_ins(g, "addi r10, r3, %u", kx * p->hw.mlen + i);
            npu_emit_ins(g, "vbcast [r10], f0");
            for (uint32_t ky = 0; ky < k; ky++) {
                npu_emit_ins(g, "li r9, %u", p->v_e + p->d.stride * i + ky);
                npu_emit_ins(g, "vmacs [r10], [r9], f%u", ky + 1);
            }
        }
    }
    npu_emit_ins(g, "addai a12, a12, %u", 2 * p->kk);
    npu_emit_ins(g, "addi r3, r3, %u", k * p->hw.mlen);
    if (id >= 0)
        npu_emit_loop_close(g, id);
}

/* The K band loads of pixel block ub of the plane at a11 + adv into region r<reg>. */
static void emit_dwt_load(npu_gen *g, const dwt *t, uint32_t ub, uint64_t adv, int reg,
                          uint32_t kx)
{
    const npu_conv_plan *p = &t->p;
    npu_emit_aset(g, 12, 11, adv + 2ull * (p->hw.vlen * ub + kx));
    npu_emit_csr(g, "dlen", p->hw.vlen);
    npu_emit_csr(g, "dstride", 2 * p->wp);
    npu_emit_ins(g, "li r1, %u", p->hp);
    npu_emit_ins(g, "addi r8, r%d, %u", reg, kx * p->hp);
    npu_emit_ins(g, "mld [r8], a12, r1");
}

/* One pixel block of one channel: groups of 4 output rows x K tap columns (the
 * next tile's mldb right after each mmac, the next unit's bands spread over the
 * stream), then bias and one dst of the block's output rows. */
static void emit_dwt_unit(npu_gen *g, const dwt *t, uint32_t o_row, uint32_t next_ub,
                          uint64_t next_adv)
{
    const npu_conv_plan *p = &t->p;
    uint32_t k = p->d.k, ho = p->d.ho, total = t->groups * k, issued = 0,
             s4 = p->d.stride * p->hw.mlen;
    for (uint32_t i = 0; i < total; i++) {
        uint32_t gi = i / k, kx = i % k;
        if (kx == 0 && gi + 1 == t->groups && ho % p->hw.mlen)
            npu_emit_ins(g, "csrwi mrows, %u", ho % p->hw.mlen);
        if (i == 0) {
            npu_emit_ins(g, "addi r8, r2, 0");
            npu_emit_ins(g, "mldb 0, [r8]");
        }
        npu_emit_ins(g, "addi r9, r4, %u", kx * p->hw.mlen);
        npu_emit_ins(g, "mmac %u, [r9]", i & 1);
        if (i + 1 < total) {
            uint32_t ng = (i + 1) / k, nkx = (i + 1) % k;
            npu_emit_ins(g, "addi r8, r2, %u", nkx * p->hp + ng * s4);
            npu_emit_ins(g, "mldb %u, [r8]", (i + 1) & 1);
        }
        while (issued < k && (uint64_t)(i + 1) * (k + 1) >= (uint64_t)(issued + 1) * total)
            emit_dwt_load(g, t, next_ub, next_adv, 3, issued++);
        if (kx + 1 == k) {
            npu_emit_ins(g, "li r5, %u", o_row + gi * p->hw.mlen);
            npu_emit_ins(g, "mst [r5]");
            if (gi + 1 == t->groups && ho % p->hw.mlen)
                npu_emit_ins(g, "csrwi mrows, %u", p->hw.mlen);
        }
    }
    while (issued < k)
        emit_dwt_load(g, t, next_ub, next_adv, 3, issued++);
}

/* Stride 2: output block ob = even lanes of stride-1 blocks 2 ob (S_lo -> lanes
 * 0..7) and 2 ob + 1 (S_hi -> lanes 8..15), accumulated through the array. */
static void emit_dwt_select(npu_gen *g, const dwt *t, int hi)
{
    const npu_conv_plan *p = &t->p;
    uint32_t ho = p->d.ho;
    npu_emit_ins(g, "li r8, %u", npu_conv_plan_smrow(p));
    npu_emit_ins(g, "mldb 0, [r8]");
    if (hi) {
        npu_emit_ins(g, "li r8, %u", npu_conv_plan_smrow(p) + p->hw.vlen);
        npu_emit_ins(g, "mldb 1, [r8]");
    }
    for (uint32_t gi = 0; gi < t->groups; gi++) {
        int rag = gi + 1 == t->groups && ho % p->hw.mlen;
        if (rag)
            npu_emit_ins(g, "csrwi mrows, %u", ho % p->hw.mlen);
        npu_emit_ins(g, "li r8, %u", t->v_o1 + gi * p->hw.mlen);
        npu_emit_ins(g, "mmac 0, [r8]");
        if (hi) {
            npu_emit_ins(g, "li r8, %u", t->v_o1 + t->groups * p->hw.mlen + gi * p->hw.mlen);
            npu_emit_ins(g, "mmac 1, [r8]");
        }
        npu_emit_ins(g, "li r5, %u", p->v_o + gi * p->hw.mlen);
        npu_emit_ins(g, "mst [r5]");
        if (rag)
            npu_emit_ins(g, "csrwi mrows, %u", p->hw.mlen);
    }
}

/* Bias on the output rows of block ob, one dst. */
static void emit_dwt_store(npu_gen *g, const dwt *t, uint32_t ob)
{
    const npu_conv_plan *p = &t->p;
    uint32_t ho = p->d.ho;
    npu_emit_ins(g, "li r8, %u", p->v_o);
    int id = ho > 1 ? npu_emit_loop_open(g, ho, 6) : -1;
    npu_emit_ins(g, "vadd [r8], [r8], [r6]");
    npu_emit_ins(g, "addi r8, r8, 1");
    if (id >= 0)
        npu_emit_loop_close(g, id);
    npu_emit_aset(g, 12, 9, 2ull * p->hw.vlen * ob);
    npu_conv_plan_dma(g, "dst", p->v_o, 12, ho, npu_conv_plan_lanes(p, p->d.wo, ob), 2 * p->d.wo);
}

int npu_dwconv_serves(const npu_conv_plan *p)
{
    return p->dw && p->d.stride <= 2 && p->d.k + p->d.stride * (p->hw.mlen - 1) <= p->hw.vlen;
}

kc_status npu_dwconv_gen(npu_gen *g, const npu_conv_plan *plan, kc_err *err)
{
    dwt tt, *t = &tt;
    memset(t, 0, sizeof *t);
    t->p = *plan;
    npu_conv_plan *p = &t->p;
    const kc_task_conv_dims *d = &p->d;
    uint32_t k = d->k, c = d->co;
    t->region = k * p->hp + p->hw.vlen;
    t->groups = npu_conv_plan_ceil(d->ho, p->hw.mlen);
    t->ub1 = d->stride == 1 ? p->ub : npu_conv_plan_ceil((d->wo - 1) * d->stride + 1, p->hw.vlen);
    p->v_bias = p->hw.vlen;
    t->v_w = p->v_bias + c;
    p->v_o = t->v_w + 2 * p->hw.vlen;
    t->v_o1 = p->v_o + t->groups * p->hw.mlen;
    p->v_a = t->v_o1 + (d->stride > 1 ? 2 * t->groups * p->hw.mlen : 0);
    uint32_t temps = 256 + 2 * d->h * npu_conv_plan_ceil(d->w, p->hw.vlen),
             arows = c * k * p->hw.mlen;
    if (p->v_a + (temps > arows ? temps : arows) > p->hw.vrows ||
        2 * t->region > npu_conv_plan_smrow(p) || 2 * p->wp > 0xffff)
        return kc_err_set(err, KC_ERR_USAGE, "npu conv: depthwise config does not fit");
    npu_emit_comment(g, "depthwise, stride 1: Toeplitz tiles, %u groups of %u output rows",
                     t->groups, p->hw.mlen);
    npu_conv_plan_identity(g, p);
    npu_conv_plan_params(g, p);
    npu_emit_comment(g, "matrix rows finite (mldb reads %u rows; 0 * NaN is NaN)", p->hw.vlen);
    npu_conv_plan_dma(g, "mld", 0, 0, 2 * t->region, 1, 0);
    emit_dwt_pad(g, t);
    if (d->stride > 1) { /* S_lo[k][j] = (k == 2j), S_hi[k][j] = (k == 2(j - 8)) */
        npu_emit_comment(g, "lane selections S_lo, S_hi -> ws tail -> matrix SRAM");
        for (uint32_t m = 0; m < 2; m++)
            for (uint32_t r = 0; r < p->hw.vlen; r++) {
                npu_emit_ins(g, "li r8, %u", p->v_a + 256 + m * p->hw.vlen + r);
                if (r % 2 == 0) {
                    npu_emit_ins(g, "li r9, %u", p->v_e + m * p->hw.vlen / 2 + r / 2);
                    npu_emit_ins(g, "vadds [r8], [r9], f0");
                } else
                    npu_emit_ins(g, "vbcast [r8], f0");
            }
        npu_emit_aset(g, 12, p->a_ws, 2 * p->sbase);
        npu_conv_plan_dma(g, "dst", p->v_a + 256, 12, 2 * p->hw.vlen, p->hw.vlen, 2 * p->hw.vlen);
        npu_conv_plan_dma(g, "mld", npu_conv_plan_smrow(p), 12, 2 * p->hw.vlen, p->hw.vlen,
                          2 * p->hw.vlen);
    }
    emit_dwt_weights(g, t);
    uint64_t plane = 2ull * p->hp * p->wp;
    for (uint32_t n = 0; n < d->n; n++) {
        npu_emit_comment(g, "image %u", n);
        npu_emit_aset(g, 11, p->a_ws, n * c * plane);
        npu_emit_aset(g, 9, p->a_y, 2ull * n * c * d->ho * d->wo);
        npu_emit_ins(g, "li r4, %u", p->v_a);
        npu_emit_ins(g, "li r6, %u", p->v_bias);
        npu_emit_ins(g, "li r2, 0");
        for (uint32_t kx = 0; kx < k; kx++)
            emit_dwt_load(g, t, 0, 0, 2, kx);
        npu_emit_ins(g, "li r13, %u", c);
        int top = g->nlabel++;
        kc_text_printf(&g->out, "CV%d:\n", top);
        for (uint32_t ub = 0; ub < t->ub1; ub++) {
            int last = ub + 1 == t->ub1;
            npu_emit_ins(g, "xori r3, r2, %u", t->region);
            if (d->stride == 1) {
                emit_dwt_unit(g, t, p->v_o, last ? 0 : ub + 1, last ? plane : 0);
                npu_emit_ins(g, "mv r2, r3");
                emit_dwt_store(g, t, ub);
                continue;
            }
            emit_dwt_unit(g, t, t->v_o1 + ub % 2 * t->groups * p->hw.mlen, last ? 0 : ub + 1,
                          last ? plane : 0);
            npu_emit_ins(g, "mv r2, r3");
            if (ub % 2 || last) {
                emit_dwt_select(g, t, ub % 2);
                emit_dwt_store(g, t, ub / 2);
            }
        }
        npu_emit_adda(g, 11, plane);
        npu_emit_adda(g, 9, 2ull * d->ho * d->wo);
        npu_emit_ins(g, "addi r4, r4, %u", k * p->hw.mlen);
        npu_emit_ins(g, "addi r6, r6, 1");
        npu_emit_ins(g, "addi r13, r13, -1");
        npu_emit_ins(g, "bne r13, r0, CV%d", top);
    }
    npu_emit_ins(g, "halt");
    return KC_OK;
}
