/* npu_attn.c — the attention stage of the npu templates: FlashAttention on
 * the systolic array and the vector unit (npu_attn.h).
 *
 * Per head, query blocks of B rows (B a multiple of VLEN, the same B for keys so
 * that a causal query block's diagonal is exactly one key block) run this loop
 * over key blocks j (a hardware loop; the K/V block j+1 is loaded into the other
 * matrix-SRAM buffer while block j computes):
 *   S = Q K_j^T                    systolic array (mldbt of K rows: B = K^T),
 *                                  nb = B/VLEN panels of B rows, VLEN keys each
 *   S = scale*S (+ bias) (+ mask)  per row; masks are additive -inf rows
 *   m' = max(m, rowmax S); a = exp(m - m'); P = exp(S - m'); l = a l + rowsum P;
 *   O = a O                        per row, P in place of S
 *   O += P V_j                     systolic array (A tiles = the P panels)
 * and at the end O /= l. m, l live in lane 0 of one vector row per query row
 * (read back under vmask = 1), O in vector SRAM, so nothing but q/k/v/o (and
 * T5's bias) touches DRAM: the online softmax never materialises S.
 *
 * Masks: a causal diagonal block adds the causal mask (0 where key <= query,
 * -inf above; keys past the end are above the diagonal of every valid row); a
 * ragged last key block of a non-causal head adds the tail mask (-inf past the
 * last key); other blocks add the zero mask when some block needs a mask. Keys
 * past the end therefore get -inf scores whatever stale (finite) data the matrix
 * SRAM holds there; both K/V buffers are made finite once at stage start, since
 * a previous kernel may have left anything in them.
 *
 * One head is a subroutine (jal/jr): the stage emits it once and calls it per
 * (batch, head) after setting the head's addresses. Registers inside the
 * subroutine: r1..r6 row pointers, r7..r9 array pointers, r10 the current K/V
 * buffer, r11 key blocks left, r12 query rows left, r13 key blocks of this query
 * block, r14/r15 temporaries; f1 scale, f2 -inf, f5..f12 row scalars, f13 rows of
 * the last key block, f14 rows of this query block, f15 the return address.
 * Working address registers: w0 q block, w1 o block, w2/w3 k/v of the head,
 * w4/w5 k/v block, w6 bias block. */
#include "npu_attn.h"

#include <math.h>
#include <string.h>

/* Up to this many key panels per block (B <= 4 VLEN keys): the row loop is
 * unrolled over the panels (code size). */
#define ATTN_MAX_PANELS 4u

/* The layout of one stage (rows of vector SRAM, matrix SRAM). */
typedef struct attn_plan {
    const npu_attn *a;
    npu_work w;
    uint32_t B, nb, kd, d_last;   /* block, key panels, d tiles, lanes of the last */
    uint32_t qp, sp, oa, ot, mr, lr, zm, lm, br, vend;   /* vector-SRAM regions */
    uint32_t kvbuf;               /* matrix-SRAM rows per K+V buffer (2 kd B); the two
                                     buffers start at 0 and kvbuf */
    int mask;                     /* some block adds a mask */
    uint32_t nkb, last_keys;      /* key blocks per head (non-causal), keys of the last */
    int L;                        /* label base */
} attn_plan;

static int aw(const attn_plan *p, int i)
{
    return p->w.a[i];
}

/* Labels of the stage: L<base + i>. */
static void label(npu_gen *g, const attn_plan *p, int i)
{
    kc_text_printf(&g->out, "L%d:\n", p->L + i);
}

enum { LB_HEAD, LB_MAIN, LB_QLOOP, LB_QROWS, LB_KEND, LB_NOPF, LB_FULL, LB_MASK, LB_BLAST,
       LB_BDONE, LB_COUNT };

/* r<rd> = min(r<rs>, B) (rd != rs). */
static void emit_min_b(npu_gen *g, const attn_plan *p, int rd, int rs, int lb)
{
    npu_emit_ins(g, "li r%d, %u", rd, p->B);
    npu_emit_ins(g, "bge r%d, r%d, L%d", rs, rd, p->L + lb);
    npu_emit_ins(g, "mv r%d, r%d", rd, rs);
    label(g, p, lb);
}

/* One group of MLEN rows x VLEN columns on the array: kt_n K tiles, A tile kt at
 * r7 + kt*a_step, B tile kt at r8 + kt*b_step (mldbt when transposed), result
 * to [r9]; leaves r7/r9 at the next group and r8 at tile 0 (reloaded into b0
 * when kt_n is even, as the previous group did). The same alternation of b0/b1
 * as the GEMM template (npu_matmul.c, matmul_group). */
static void attn_group(npu_gen *g, uint32_t kt_n, uint32_t a_step, uint32_t b_step, int trans)
{
    const char *ld = trans ? "mldbt" : "mldb";
    if (kt_n > 1 && kt_n % 2) {
        npu_emit_ins(g, "%s 0, [r8]", ld);
        npu_emit_ins(g, "addi r8, r8, %u", b_step);
    }
    for (uint32_t kt = 0; kt < kt_n; kt++) {
        npu_emit_ins(g, "mmac %u, [r7]", kt_n == 1 ? 0 : kt & 1);
        npu_emit_ins(g, "addi r7, r7, %u", kt_n == 1 ? g->hw.mlen : a_step);
        if (kt + 1 < kt_n) {
            npu_emit_ins(g, "%s %u, [r8]", ld, (kt + 1) & 1);
            npu_emit_ins(g, "addi r8, r8, %u", b_step);
        }
    }
    if (kt_n > 1) {
        npu_emit_ins(g, "addi r8, r8, %d", -(int)(b_step * kt_n));
        if (kt_n % 2 == 0) {
            npu_emit_ins(g, "%s 0, [r8]", ld);
            npu_emit_ins(g, "addi r8, r8, %u", b_step);
        }
        npu_emit_ins(g, "addi r7, r7, %d", (int)g->hw.mlen - (int)(kt_n * a_step));
    }
    npu_emit_ins(g, "mst [r9]");
    npu_emit_ins(g, "addi r9, r9, %u", g->hw.mlen);
}

/* All B/MLEN groups of one output panel: A from a_row, B from r15 + b_off,
 * out to out_row. */
static void attn_panel(npu_gen *g, const attn_plan *p, uint32_t a_row, uint32_t b_off,
                       uint32_t out_row, uint32_t kt_n, uint32_t a_step, uint32_t b_step,
                       int trans)
{
    npu_emit_ins(g, "li r7, %u", a_row);
    npu_emit_ins(g, "addi r8, r10, %u", b_off);
    npu_emit_ins(g, "li r9, %u", out_row);
    if (kt_n == 1 || kt_n % 2 == 0) {
        npu_emit_ins(g, "%s 0, [r8]", trans ? "mldbt" : "mldb");
        npu_emit_ins(g, "addi r8, r8, %u", b_step);
    }
    int id = npu_emit_loop_open(g, p->B / g->hw.mlen, 14);
    attn_group(g, kt_n, a_step, b_step, trans);
    npu_emit_loop_close(g, id);
}

/* One DMA command per VLEN-column tile t of the head dimension, r1 rows each
 * (rows ld elements apart): DRAM a<reg> + 2 VLEN t bytes <-> SRAM rows from base + row0 +
 * t*B. a<reg> is left unchanged. */
static void attn_tiles(npu_gen *g, const attn_plan *p, const char *op, const char *base,
                       uint32_t row0, int reg, uint32_t ld)
{
    npu_emit_csr(g, "dstride", 2 * ld);
    for (uint32_t t = 0; t < p->kd; t++) {
        if (t == 0 || t + 1 == p->kd)
            npu_emit_csr(g, "dlen", t + 1 == p->kd ? p->d_last : g->hw.vlen);
        npu_emit_ins(g, "addi r15, %s, %u", base, row0 + t * p->B);
        npu_emit_ins(g, "%s [r15], a%d, r1", op, reg);
        if (t + 1 < p->kd)
            npu_emit_ins(g, "addai a%d, a%d, %u", reg, reg, 2 * g->hw.vlen);
    }
    if (p->kd > 1)
        npu_emit_ins(g, "addai a%d, a%d, %d", reg, reg, -(int)(2 * g->hw.vlen * (p->kd - 1)));
}

/* The K and V rows of a key block (r1 rows) from w4/w5 into the buffer at r14:
 * K tile kt at r14 + kt*B, V tile c at r14 + kd*B + c*B (one row per key). */
static void attn_load_kv(npu_gen *g, const attn_plan *p)
{
    attn_tiles(g, p, "mld", "r14", 0, aw(p, 4), p->a->k.ld);
    attn_tiles(g, p, "mld", "r14", p->kd * p->B, aw(p, 5), p->a->v.ld);
}

/* The panels' row reductions (vredmax / vredsum) land 2*log2(VLEN)+1 cycles after
 * issue, so panel q's reduction goes to red_reg(q), one of three registers, and is
 * folded into the row's max or sum RED_LAG panels later, after the next panels'
 * vector work: the folds keep their order, so the result is the same. f7, f11 and
 * f12 are free here. */
#define RED_LAG 2u
static int red_reg(uint32_t q)
{
    static const int regs[RED_LAG + 1] = { 7, 11, 12 };
    return regs[q % (RED_LAG + 1)];
}

/* The per-row online-softmax update of one key block (a loop over B rows). */
static void attn_rows(npu_gen *g, const attn_plan *p)
{
    const npu_attn *a = p->a;
    npu_emit_ins(g, "li r1, %u", p->sp);
    npu_emit_ins(g, "li r2, %u", p->oa);
    npu_emit_ins(g, "li r3, %u", p->mr);
    npu_emit_ins(g, "li r4, %u", p->lr);
    if (p->mask) { /* r5 = the mask of this block: the last one's, or zeros */
        npu_emit_ins(g, "li r5, %u", p->zm);
        npu_emit_ins(g, "li r15, 1");
        npu_emit_ins(g, "bne r11, r15, L%d", p->L + LB_MASK);
        npu_emit_ins(g, "li r5, %u", p->lm);
        label(g, p, LB_MASK);
    }
    if (a->bias.areg >= 0)
        npu_emit_ins(g, "li r6, %u", p->br);
    int id = npu_emit_loop_open(g, p->B, 14);
    npu_emit_ins(g, "csrwi vmask, 1");
    npu_emit_ins(g, "vredmax f5, [r3]");
    npu_emit_ins(g, "vredsum f9, [r4]");
    npu_emit_ins(g, "csrwi vmask, %u", g->hw.vlen);
    npu_emit_ins(g, "fadd f6, f5, f0");
    for (uint32_t q = 0; q < p->nb + RED_LAG; q++) {
        if (q < p->nb) {
            npu_emit_ins(g, "addi r14, r1, %u", q * p->B);
            if (a->scale != 1.0)
                npu_emit_ins(g, "vmuls [r14], [r14], f1");
            if (a->bias.areg >= 0) {
                npu_emit_ins(g, "addi r15, r6, %u", q * p->B);
                npu_emit_ins(g, "vadd [r14], [r14], [r15]");
            }
            if (p->mask) {
                npu_emit_ins(g, "addi r15, r5, %u", q * p->B);
                npu_emit_ins(g, "vadd [r14], [r14], [r15]");
            }
            npu_emit_ins(g, "vredmax f%d, [r14]", red_reg(q));
        }
        if (q >= RED_LAG)
            npu_emit_ins(g, "fmax f6, f6, f%d", red_reg(q - RED_LAG));
    }
    /* f6 = m', f8 = a = exp(m - m'), f10 = sum of P */
    npu_emit_ins(g, "fsub f8, f5, f6");
    npu_emit_ins(g, "fexp f8, f8");
    npu_emit_ins(g, "vbcast [r3], f6");
    npu_emit_ins(g, "fadd f10, f0, f0");
    for (uint32_t q = 0; q < p->nb + RED_LAG; q++) {
        if (q < p->nb) {
            npu_emit_ins(g, "addi r14, r1, %u", q * p->B);
            npu_emit_ins(g, "vsubs [r14], [r14], f6");
            npu_emit_ins(g, "vexp [r14], [r14]");
            npu_emit_ins(g, "vredsum f%d, [r14]", red_reg(q));
        }
        if (q >= RED_LAG)
            npu_emit_ins(g, "fadd f10, f10, f%d", red_reg(q - RED_LAG));
    }
    npu_emit_ins(g, "fmul f9, f9, f8");
    npu_emit_ins(g, "fadd f9, f9, f10");
    npu_emit_ins(g, "vbcast [r4], f9");
    for (uint32_t c = 0; c < p->kd; c++) {
        npu_emit_ins(g, "addi r14, r2, %u", c * p->B);
        npu_emit_ins(g, "vmuls [r14], [r14], f8");
    }
    for (int r = 1; r <= 4; r++)
        npu_emit_ins(g, "addi r%d, r%d, 1", r, r);
    if (p->mask)
        npu_emit_ins(g, "addi r5, r5, 1");
    if (a->bias.areg >= 0)
        npu_emit_ins(g, "addi r6, r6, 1");
    npu_emit_loop_close(g, id);
}

/* The bias of one key block in the layout of S (panel q, row i at br + q*B + i),
 * panel by panel; the last block loads only its keys (the rest of its panels
 * keep finite stale values, which its mask sends to -inf). */
static void attn_bias_panels(npu_gen *g, const attn_plan *p, uint32_t keys)
{
    int reg = aw(p, 6);
    uint32_t n = 0;
    uint32_t vlen = g->hw.vlen;
    for (uint32_t q = 0; q < p->nb && vlen * q < keys; q++, n++) {
        npu_emit_csr(g, "dlen", keys - vlen * q < vlen ? keys - vlen * q : vlen);
        npu_emit_ins(g, "li r15, %u", p->br + q * p->B);
        npu_emit_ins(g, "dld [r15], a%d, r1", reg);
        npu_emit_ins(g, "addai a%d, a%d, %u", reg, reg, 2 * g->hw.vlen);
    }
    npu_emit_ins(g, "addai a%d, a%d, %d", reg, reg, (int)(2 * p->B) - (int)(2 * g->hw.vlen * n));
}

static void attn_bias(npu_gen *g, const attn_plan *p)
{
    npu_emit_comment(g, "bias block: the keys of this block for every query row");
    npu_emit_csr(g, "dstride", 2 * p->a->bias.ld);
    npu_emit_ins(g, "fmvfi r1, f14");
    npu_emit_ins(g, "li r15, 1");
    npu_emit_ins(g, "beq r11, r15, L%d", p->L + LB_BLAST);
    attn_bias_panels(g, p, p->B);
    npu_emit_ins(g, "j L%d", p->L + LB_BDONE);
    label(g, p, LB_BLAST);
    attn_bias_panels(g, p, p->last_keys);
    label(g, p, LB_BDONE);
}

/* One key block: prefetch the next, S = Q K^T, bias, row update, O += P V. */
static void attn_key_block(npu_gen *g, const attn_plan *p)
{
    const npu_attn *a = p->a;
    npu_emit_comment(g, "key block: prefetch the next one into the other buffer");
    npu_emit_ins(g, "li r15, 1");
    npu_emit_ins(g, "beq r11, r15, L%d", p->L + LB_NOPF);
    npu_emit_ins(g, "li r14, %u", p->kvbuf);
    npu_emit_ins(g, "sub r14, r14, r10");
    npu_emit_ins(g, "li r1, %u", p->B);
    npu_emit_ins(g, "li r15, 2");
    npu_emit_ins(g, "bne r11, r15, L%d", p->L + LB_FULL);
    npu_emit_ins(g, "fmvfi r1, f13");
    label(g, p, LB_FULL);
    npu_emit_adda(g, aw(p, 4), 2ull * p->B * a->k.ld);
    npu_emit_adda(g, aw(p, 5), 2ull * p->B * a->v.ld);
    attn_load_kv(g, p);
    label(g, p, LB_NOPF);

    npu_emit_comment(g, "S = Q K^T: %u panels of %u keys", p->nb, g->hw.vlen);
    for (uint32_t q = 0; q < p->nb; q++)
        attn_panel(g, p, p->qp, q * g->hw.vlen, p->sp + q * p->B, p->kd, p->B, p->B, 1);
    if (a->bias.areg >= 0)
        attn_bias(g, p);
    npu_emit_comment(g, "online softmax, row by row");
    attn_rows(g, p);
    npu_emit_comment(g, "T = P V, then O += T");
    for (uint32_t c = 0; c < p->kd; c++)
        attn_panel(g, p, p->sp, (p->kd + c) * p->B, p->ot + c * p->B, p->nb, p->B, g->hw.vlen, 0);
    npu_emit_ins(g, "li r7, %u", p->oa);
    npu_emit_ins(g, "li r8, %u", p->ot);
    int id = npu_emit_loop_open(g, p->kd * p->B, 14);
    npu_emit_ins(g, "vadd [r7], [r7], [r8]");
    npu_emit_ins(g, "addi r7, r7, 1");
    npu_emit_ins(g, "addi r8, r8, 1");
    npu_emit_loop_close(g, id);
    npu_emit_ins(g, "li r15, %u", p->kvbuf);
    npu_emit_ins(g, "sub r10, r15, r10");
    npu_emit_ins(g, "addi r11, r11, -1");
}

/* Vector-SRAM constants of the stage: zero mask, tail or causal mask. */
static void attn_masks(npu_gen *g, const attn_plan *p)
{
    const npu_attn *a = p->a;
    uint32_t rows = p->nb * p->B, vlen = g->hw.vlen;
    npu_emit_ins(g, "li r1, %u", p->zm);
    int id = npu_emit_loop_open(g, 2 * rows, 14);
    npu_emit_ins(g, "vbcast [r1], f2");
    npu_emit_ins(g, "addi r1, r1, 1");
    npu_emit_loop_close(g, id);
    npu_emit_comment(g, "zero mask; last-block mask = -inf except the allowed keys");
    npu_emit_ins(g, "li r1, %u", p->zm);
    id = npu_emit_loop_open(g, rows, 14);
    npu_emit_ins(g, "vbcast [r1], f0");
    npu_emit_ins(g, "addi r1, r1, 1");
    npu_emit_loop_close(g, id);
    if (a->causal) { /* row i, panel q: lanes of keys VLEN q + l <= i are 0 */
        for (uint32_t i = 0; i < p->B; i++)
            for (uint32_t q = 0; vlen * q <= i; q++) {
                uint32_t lanes = i - vlen * q + 1 < vlen ? i - vlen * q + 1 : vlen;
                npu_emit_ins(g, "li r1, %u", p->lm + q * p->B + i);
                npu_emit_ins(g, "csrwi vmask, %u", lanes);
                npu_emit_ins(g, "vbcast [r1], f0");
            }
        npu_emit_ins(g, "csrwi vmask, %u", g->hw.vlen);
        return;
    }
    /* tail: the same in every row, keys < last_keys allowed */
    for (uint32_t q = 0; q < p->nb && vlen * q < p->last_keys; q++) {
        uint32_t lanes = p->last_keys - vlen * q < vlen ? p->last_keys - vlen * q : vlen;
        npu_emit_ins(g, "csrwi vmask, %u", lanes);
        npu_emit_ins(g, "li r1, %u", p->lm + q * p->B);
        id = npu_emit_loop_open(g, p->B, 14);
        npu_emit_ins(g, "vbcast [r1], f0");
        npu_emit_ins(g, "addi r1, r1, 1");
        npu_emit_loop_close(g, id);
    }
    npu_emit_ins(g, "csrwi vmask, %u", g->hw.vlen);
}

/* The head subroutine (entered with jal r15). */
static void attn_head(npu_gen *g, const attn_plan *p)
{
    const npu_attn *a = p->a;
    label(g, p, LB_HEAD);
    npu_emit_ins(g, "fmvif f15, r15");
    npu_emit_ins(g, "li r12, %u", a->sq);
    npu_emit_ins(g, "li r13, %u", a->causal ? 1 : p->nkb);
    if (!a->causal) {
        npu_emit_ins(g, "li r15, %u", p->last_keys);
        npu_emit_ins(g, "fmvif f13, r15");
    }
    label(g, p, LB_QLOOP);
    npu_emit_comment(g, "query block: r1 = its rows; Q panels, O = 0, m = -inf, l = 0");
    emit_min_b(g, p, 1, 12, LB_QROWS);
    npu_emit_ins(g, "fmvif f14, r1");
    if (a->causal) /* the diagonal key block has as many keys as the query block rows */
        npu_emit_ins(g, "fmvif f13, r1");
    attn_tiles(g, p, "dld", "r0", p->qp, aw(p, 0), a->q.ld);
    npu_emit_ins(g, "li r2, %u", p->oa);
    int id = npu_emit_loop_open(g, p->kd * p->B, 14);
    npu_emit_ins(g, "vbcast [r2], f0");
    npu_emit_ins(g, "addi r2, r2, 1");
    npu_emit_loop_close(g, id);
    npu_emit_ins(g, "li r3, %u", p->mr);
    npu_emit_ins(g, "li r4, %u", p->lr);
    id = npu_emit_loop_open(g, p->B, 14);
    npu_emit_ins(g, "vbcast [r3], f2");
    npu_emit_ins(g, "vbcast [r4], f0");
    npu_emit_ins(g, "addi r3, r3, 1");
    npu_emit_ins(g, "addi r4, r4, 1");
    npu_emit_loop_close(g, id);

    npu_emit_comment(g, "key block 0 into buffer 0");
    for (int v = 0; v < 2; v++) {
        npu_emit_ins(g, "movra r15, a%d", aw(p, 2 + v));
        npu_emit_ins(g, "movar a%d, r15", aw(p, 4 + v));
    }
    npu_emit_ins(g, "li r10, 0");
    npu_emit_ins(g, "mv r14, r10");
    npu_emit_ins(g, "li r1, %u", p->B);
    npu_emit_ins(g, "li r15, 1");
    npu_emit_ins(g, "bne r13, r15, L%d", p->L + LB_KEND);
    npu_emit_ins(g, "fmvfi r1, f13");
    label(g, p, LB_KEND);
    attn_load_kv(g, p);
    npu_emit_ins(g, "mv r11, r13");
    id = g->nlabel++;
    npu_emit_ins(g, "loop r13, L%d", id);
    attn_key_block(g, p);
    npu_emit_loop_close(g, id);

    npu_emit_comment(g, "O /= l, then store the block's rows");
    npu_emit_ins(g, "li r2, %u", p->oa);
    npu_emit_ins(g, "li r4, %u", p->lr);
    id = npu_emit_loop_open(g, p->B, 14);
    npu_emit_ins(g, "csrwi vmask, 1");
    npu_emit_ins(g, "vredsum f9, [r4]");
    npu_emit_ins(g, "csrwi vmask, %u", g->hw.vlen);
    npu_emit_ins(g, "frecip f9, f9");
    for (uint32_t c = 0; c < p->kd; c++) {
        npu_emit_ins(g, "addi r14, r2, %u", c * p->B);
        npu_emit_ins(g, "vmuls [r14], [r14], f9");
    }
    npu_emit_ins(g, "addi r2, r2, 1");
    npu_emit_ins(g, "addi r4, r4, 1");
    npu_emit_loop_close(g, id);
    npu_emit_ins(g, "fmvfi r1, f14");
    attn_tiles(g, p, "dst", "r0", p->oa, aw(p, 1), a->o.ld);

    npu_emit_comment(g, "next query block");
    npu_emit_adda(g, aw(p, 0), 2ull * p->B * a->q.ld);
    npu_emit_adda(g, aw(p, 1), 2ull * p->B * a->o.ld);
    if (a->bias.areg >= 0) /* back to key 0, B rows down */
        npu_emit_adda(g, aw(p, 6), 2ull * p->B * a->bias.ld - 2ull * p->nkb * p->B);
    if (a->causal)
        npu_emit_ins(g, "addi r13, r13, 1");
    npu_emit_ins(g, "addi r12, r12, %d", -(int)p->B);
    npu_emit_ins(g, "blt r0, r12, L%d", p->L + LB_QLOOP);
    npu_emit_ins(g, "fmvfi r15, f15");
    npu_emit_ins(g, "jr r15");
}

static kc_status attn_plan_make(const npu_gen *g, attn_plan *p, const npu_attn *a, npu_work w,
                                kc_err *err)
{
    memset(p, 0, sizeof *p);
    p->a = a;
    p->w = w;
    int bias = a->bias.areg >= 0;
    if (w.n < (bias ? 7 : 6))
        return kc_err_set(err, KC_ERR_INTERNAL, "npu template: attention needs %d working "
                          "address registers, %d given", bias ? 7 : 6, w.n);
    if (a->causal && (a->sq != a->sk || bias))
        return kc_err_set(err, KC_ERR_INTERNAL, "npu template: causal attention needs sq = sk "
                          "and no bias");
    if (a->kv_heads == 0 || a->heads % a->kv_heads || a->d == 0 || a->sq == 0 || a->sk == 0)
        return kc_err_set(err, KC_ERR_USAGE, "npu template: attention shape not supported");
    p->kd = (a->d + g->hw.vlen - 1) / g->hw.vlen;
    p->d_last = a->d - g->hw.vlen * (p->kd - 1);
    /* B: the largest multiple of VLEN up to ATTN_MAX_PANELS VLEN that fits
     * (MLEN divides VLEN, so B/MLEN groups are whole) */
    uint32_t vlen = g->hw.vlen;
    uint32_t longest = a->sq > a->sk ? a->sq : a->sk, cap = (longest + vlen - 1) / vlen * vlen;
    for (uint32_t B = ATTN_MAX_PANELS * vlen; B >= vlen; B -= vlen) {
        uint32_t nb = B / vlen;
        /* the regions below, each placed in its own bank: up to VBANKS - 1 rows apart */
        uint32_t vrows = B * (3 * p->kd + 2 + 3 * nb + (bias ? nb : 0)) + 8 * (g->hw.vbanks - 1);
        /* matrix SRAM: two K+V buffers of kd B rows each */
        if (B > cap || 4 * p->kd * B > g->hw.mrows || vrows > g->hw.vrows)
            continue;
        p->B = B;
        p->nb = nb;
        break;
    }
    if (!p->B)
        return kc_err_set(err, KC_ERR_USAGE, "npu template: attention with head dimension %u "
                          "does not fit on chip", a->d);
    /* Each region starts in its own bank (npu_emit_bank_row): the rows the
     * kernel reads in pairs, S with the bias or a mask and O with its block
     * update, walk in lock step and so never share a bank (zm and lm, the two
     * masks, are one region: never read together). */
    p->qp = 0;
    p->sp = npu_emit_bank_row(&g->hw, p->qp + p->kd * p->B, 1);
    p->oa = npu_emit_bank_row(&g->hw, p->sp + p->nb * p->B, 2);
    p->ot = npu_emit_bank_row(&g->hw, p->oa + p->kd * p->B, 3);
    p->mr = npu_emit_bank_row(&g->hw, p->ot + p->kd * p->B, 4);
    p->lr = npu_emit_bank_row(&g->hw, p->mr + p->B, 5);
    p->zm = npu_emit_bank_row(&g->hw, p->lr + p->B, 6);
    p->lm = p->zm + p->nb * p->B;   /* right after zm: attn_masks fills both in one pass */
    p->br = npu_emit_bank_row(&g->hw, p->lm + p->nb * p->B, 7);
    p->kvbuf = 2 * p->kd * p->B;
    p->nkb = (a->sk + p->B - 1) / p->B;
    p->last_keys = a->sk - (p->nkb - 1) * p->B;
    p->mask = a->causal || p->last_keys < p->B;
    return KC_OK;
}

kc_status npu_attn_stage(npu_gen *g, const npu_attn *a, npu_work w, kc_err *err)
{
    attn_plan p;
    kc_status s = attn_plan_make(g, &p, a, w, err);
    if (s != KC_OK)
        return s;
    p.L = g->nlabel;
    g->nlabel += LB_COUNT;
    npu_emit_comment(g, "attention: blocks of %u queries x %u keys, head dim %u (%u tiles)", p.B,
                     p.B, a->d, p.kd);
    npu_emit_fconst(g, 1, a->scale);
    npu_emit_fconst(g, 2, -INFINITY);
    npu_emit_comment(g, "both K/V buffers finite (q[0] and zeros): keys past the end read them");
    npu_emit_aset_op(g, aw(&p, 0), a->q, 0);
    npu_emit_csr(g, "dlen", 1);
    npu_emit_csr(g, "dstride", 0);
    npu_emit_ins(g, "li r1, %u", 2 * p.kvbuf);
    npu_emit_ins(g, "mld [r0], a%d, r1", aw(&p, 0));
    if (p.mask)
        attn_masks(g, &p);
    if (a->bias.areg >= 0) { /* panels a ragged last block does not load stay finite */
        npu_emit_ins(g, "li r1, %u", p.br);
        int id = npu_emit_loop_open(g, p.nb * p.B, 14);
        npu_emit_ins(g, "vbcast [r1], f0");
        npu_emit_ins(g, "addi r1, r1, 1");
        npu_emit_loop_close(g, id);
    }
    npu_emit_ins(g, "j L%d", p.L + LB_MAIN);
    attn_head(g, &p);
    label(g, &p, LB_MAIN);
    uint32_t group = a->heads / a->kv_heads;
    for (uint32_t b = 0; b < a->batch; b++)
        for (uint32_t h = 0; h < a->heads; h++) {
            npu_emit_comment(g, "batch %u, head %u (kv head %u)", b, h, h / group);
            uint64_t kv = b * a->kv_bstride + (h / group) * a->kv_hstride;
            npu_emit_aset_op(g, aw(&p, 0), a->q, b * a->q_bstride + h * a->q_hstride);
            npu_emit_aset_op(g, aw(&p, 1), a->o, b * a->o_bstride + h * a->o_hstride);
            npu_emit_aset_op(g, aw(&p, 2), a->k, kv);
            npu_emit_aset_op(g, aw(&p, 3), a->v, kv);
            if (a->bias.areg >= 0)
                npu_emit_aset_op(g, aw(&p, 6), a->bias, h * a->bias_hstride);
            npu_emit_ins(g, "jal r15, L%d", p.L + LB_HEAD);
        }
    return KC_OK;
}
