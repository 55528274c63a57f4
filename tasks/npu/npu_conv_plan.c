/* npu_conv_plan.c — the plan and shared set-up stages of the npu convolution
 * baselines (npu_conv_plan.h). */
#include "npu_conv_plan.h"

#include <string.h>

uint32_t npu_conv_plan_min(uint32_t a, uint32_t b)
{
    return a < b ? a : b;
}

uint32_t npu_conv_plan_ceil(uint32_t a, uint32_t b)
{
    return (a + b - 1) / b;
}

uint32_t npu_conv_plan_lanes(const npu_conv_plan *p, uint32_t total, uint32_t block)
{
    return npu_conv_plan_min(p->hw.vlen, total - p->hw.vlen * block);
}

void npu_conv_plan_dma(npu_gen *g, const char *op, uint32_t row, int areg, uint32_t rows,
                       uint32_t dlen, uint32_t dstride)
{
    npu_emit_csr(g, "dlen", dlen);
    npu_emit_csr(g, "dstride", dstride);
    npu_emit_ins(g, "li r1, %u", rows);
    npu_emit_ins(g, "li r8, %u", row);
    npu_emit_ins(g, "%s [r8], a%d, r1", op, areg);
}

/* ---- stage 0: identity rows, per-channel rows, zero borders ---------------------- */

/* v_e + i = one-hot lane i (vmask writes lanes < vmask only). */
void npu_conv_plan_identity(npu_gen *g, const npu_conv_plan *p)
{
    npu_emit_fconst(g, 1, 1.0);
    for (uint32_t i = 0; i < p->hw.vlen; i++) {
        npu_emit_ins(g, "li r8, %u", p->v_e + i);
        npu_emit_ins(g, "vbcast [r8], f0");
        npu_emit_ins(g, "csrwi vmask, %u", i + 1);
        npu_emit_ins(g, "vbcast [r8], f1");
        if (i > 0) {
            npu_emit_ins(g, "csrwi vmask, %u", i);
            npu_emit_ins(g, "vbcast [r8], f0");
        }
        npu_emit_ins(g, "csrwi vmask, %u", p->hw.vlen);
    }
}

/* Per output channel, broadcast rows: the bias (conv), or ConvBlock's scale =
 * gamma / sqrt(var + eps) and shift = beta + (b - mean) * scale. Each vector
 * arrives one element per row (dlen 1: lane 0, zeros elsewhere), so vredsum
 * reads it exactly into an fp register. */
void npu_conv_plan_params(npu_gen *g, const npu_conv_plan *p)
{
    uint32_t co = p->d.co, narr = p->d.bn ? 5 : 1;
    for (uint32_t i = 0; i < narr; i++)
        npu_conv_plan_dma(g, "dld", p->v_a + i * co, p->a_b + (int)i, co, 1, 2);
    npu_emit_ins(g, "li r8, %u", p->v_a);
    npu_emit_ins(g, "li r9, %u", p->v_bias);
    if (p->d.bn)
        npu_emit_fconst(g, 6, KC_TASK_CONV_BN_EPS);
    int id = co > 1 ? npu_emit_loop_open(g, co, 6) : -1;
    if (!p->d.bn) {
        npu_emit_ins(g, "vredsum f1, [r8]");
        npu_emit_ins(g, "vbcast [r9], f1");
    } else { /* rows: b, gamma, beta, mean, var at v_a + i*co */
        for (uint32_t i = 0; i < 5; i++) {
            npu_emit_ins(g, "addi r10, r8, %u", i * co);
            npu_emit_ins(g, "vredsum f%u, [r10]", i + 1);
        }
        npu_emit_ins(g, "fadd f5, f5, f6");
        npu_emit_ins(g, "frsqrt f5, f5");
        npu_emit_ins(g, "fmul f2, f2, f5");      /* scale */
        npu_emit_ins(g, "fsub f1, f1, f4");      /* b - mean */
        npu_emit_ins(g, "fmul f1, f1, f2");
        npu_emit_ins(g, "fadd f1, f1, f3");      /* shift */
        npu_emit_ins(g, "vbcast [r9], f2");
        npu_emit_ins(g, "addi r10, r9, %u", co);
        npu_emit_ins(g, "vbcast [r10], f1");
    }
    npu_emit_ins(g, "addi r8, r8, 1");
    npu_emit_ins(g, "addi r9, r9, 1");
    if (id >= 0)
        npu_emit_loop_close(g, id);
}

/* ---- stage 3: the convolution ----------------------------------------------------------- */

/* Matrix row of the B rows of (input row ky', channel block slot cbi, phase),
 * relative to the B region of the unit (r2 current, r3 next). */
uint32_t npu_conv_plan_brow(const npu_conv_plan *p, uint32_t kyr, uint32_t cbi, uint32_t phi)
{
    return ((kyr * p->cbp + cbi) * p->nphi + phi) * p->lrows;
}

/* pk: B rows of (input row ky', column phase psi, tile t). */
uint32_t npu_conv_plan_brow_pk(const npu_conv_plan *p, uint32_t kyr, uint32_t psi, uint32_t t)
{
    return ((kyr * p->pp + psi) * p->tt + t) * p->hw.vlen;
}

uint32_t npu_conv_plan_bload_cmds(const npu_conv_plan *p)
{
    return p->pk ? p->kyr * p->pp * p->tt : p->kyr * p->cbp * p->nphi;
}

uint32_t npu_conv_plan_bload_rows(const npu_conv_plan *p)
{
    return p->pk ? npu_conv_plan_brow_pk(p, p->kyr, 0, 0) : npu_conv_plan_brow(p, p->kyr, 0, 0);
}

kc_status npu_conv_plan_make(const npu_gen *g, npu_conv_plan *p, const kc_task *t,
                             const kc_task_config *c, kc_err *err)
{
    memset(p, 0, sizeof *p);
    p->hw = g->hw;
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
    p->cb = npu_conv_plan_ceil(d->ci, p->hw.vlen);
    p->kk = d->k * d->k;
    p->ntiles = p->dw ? p->kk : p->kk * p->cb;
    p->tt = npu_conv_plan_ceil(d->k * d->ci, p->hw.vlen);
    p->pk = !p->dw && d->ci % p->hw.vlen && d->k * p->tt < p->ntiles;
    p->stiles = p->pk ? d->k * p->tt : d->k * d->k * (p->dw ? 1 : p->cb);
    p->wbase = d->ws_elems - (uint64_t)d->co * (d->ci / d->groups) * p->kk;
    p->sbase = p->wbase - 2 * p->hw.vlen * p->hw.vlen;
    /* ConvBlock with pooled rows of <= 8: one column phase (16 conv columns per
     * lane block) and the even/odd selection after the vertical max (sel) */
    p->sel = d->bn && d->yw <= p->hw.vlen / 2;
    p->pp = p->sel ? 1 : d->pool;
    p->sp = d->stride * p->pp;
    p->rb = d->pool;
    p->kyr = (p->rb - 1) * d->stride + d->k;
    uint32_t cmax = d->stride * (p->pp - 1) + d->k - 1;   /* largest s*psi + kx */
    p->nphi = npu_conv_plan_min(p->sp, cmax + 1);
    p->lrows = p->hw.vlen + cmax / p->sp;
    p->cbp = p->dw ? 1 : p->cb;
    p->yh = d->yh;
    p->yw = d->yw;
    p->nu = d->pool == 1 ? d->wo : d->yw;
    if (p->sel)
        p->nu = p->hw.vlen; /* conv columns 0..15, of which 2*yw are pooled */
    p->ub = npu_conv_plan_ceil(p->nu, p->hw.vlen);
    p->nrb = d->pool == 1 ? d->ho : d->yh;
    /* vector SRAM: identity, transpose rows, per-channel rows, then per chunk
     * channel: output rows (rb * P sets; ConvBlock + pooled row) and A tiles */
    p->v_e = 0;
    p->v_t = p->hw.vlen;
    p->v_bias = p->v_t + 2 * p->hw.vlen;
    p->v_sh = p->v_bias + d->co;
    /* the output rows start one bank after the bias rows: the epilogue adds bias
     * row co0 + c to output row c (co0 a multiple of MLEN), never one bank's */
    uint32_t fixed = npu_emit_bank_row(&p->hw, p->v_sh + (d->bn ? d->co : 0), p->v_bias + 1);
    uint32_t sets = p->rb * p->pp, per = sets + (d->bn ? 1 : 0) + p->ntiles;
    uint32_t co4 = npu_conv_plan_ceil(d->co, p->hw.mlen) * p->hw.mlen;
    uint32_t fit = fixed < p->hw.vrows ? (p->hw.vrows - fixed) / per / p->hw.mlen * p->hw.mlen : 0;
    if (fit == 0 || (p->dw && fit < co4))
        return kc_err_set(err, KC_ERR_USAGE, "npu conv: %s C(%u channels, %u taps) does not fit "
                          "the vector SRAM", t->name, d->co, p->ntiles);
    p->nchunks = npu_conv_plan_ceil(co4, fit);
    p->cc = npu_conv_plan_ceil(npu_conv_plan_ceil(d->co, p->nchunks), p->hw.mlen) * p->hw.mlen;
    p->v_o = fixed;
    p->v_r = p->v_o + sets * p->cc;
    p->v_a = p->v_r + (d->bn ? p->cc : 0);
    /* setup temporaries live in the A region before the tiles are built */
    uint32_t tb = (d->pad * p->wp + d->pad) * d->ci;
    uint32_t temps = (d->bn ? 5 : 1) * d->co;
    if (npu_conv_plan_ceil(tb, p->hw.vlen) > temps)
        temps = npu_conv_plan_ceil(tb, p->hw.vlen);
    if (d->h > 1 && (d->h - 1) * npu_conv_plan_ceil(2 * d->pad * d->ci, p->hw.vlen) > temps)
        temps = (d->h - 1) * npu_conv_plan_ceil(2 * d->pad * d->ci, p->hw.vlen);
    uint32_t bload =
        2 * npu_conv_plan_bload_rows(p) + (p->sel ? 2 * p->hw.vlen : 0); /* two regions + S rows */
    if (p->v_a + temps > p->hw.vrows || p->v_a + p->ntiles * p->cc > p->hw.vrows ||
        bload > p->hw.mrows || d->ci > NPU_CONV_PLAN_WHALF - 3 * p->hw.vlen ||
        p->kk > 2 * p->hw.vlen || tb > 0xffff ||
        2ull * p->hp * p->wp * d->ci * d->n > 0x7fffffffull)
        return kc_err_set(err, KC_ERR_USAGE,
                          "npu conv: %s config does not fit the npu "
                          "template (SRAM rows, K <= 5, Ci <= %u)",
                          t->name, NPU_CONV_PLAN_WHALF - p->hw.vlen);
    return KC_OK;
}

uint32_t npu_conv_plan_smrow(const npu_conv_plan *p)
{
    return p->hw.mrows - 2 * p->hw.vlen;
}
