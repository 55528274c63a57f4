/* npu_matmul.c — the npu contraction template: C[b] = A[b] B[b] (+ bias) on the
 * systolic array (GEMV, GEMM, BatchMatMul, Linear; SwiGLU as two contractions
 * per panel joined by a row pass), driven by the tiling skeleton (npu_skel.h).
 *
 * Below, 16 is VLEN (lanes: K tile, panel width) and 4 is MLEN (array rows: a
 * group of output rows) at the default size; the code reads both from g->hw.
 *
 * Per batch and per M block of up to mbp rows (straight-line code), the A block
 * is loaded as K panels: panel kt holds A[m][16kt .. 16kt+15] of the block's
 * rows at vector row a_row + kt*mbp + m (dlen = 16, dstride = 2K), so that four
 * consecutive rows form one mmac A tile and the DMA zero-pads lanes past K.
 * The tiling skeleton then runs over N panels of 16 output columns with two
 * buffers; buffer v names matrix-SRAM rows [v, v + 16*KT) (the panel's B tiles,
 * tile kt at v + 16kt) AND vector-SRAM rows [v, v + mbp) (the panel's output
 * rows), so one register names both. Loading panel p+1 (mld) overlaps computing
 * panel p and storing panel p-1 (dst); a transposed panel (GEMV, Linear: mldbt
 * of W) takes one command per K tile, spread over panel p's groups. Per group of
 * 4 rows: KT times (mmac on buffer kt&1, then mldb/mldbt of the next tile into
 * the other buffer, which overlaps the multiply), then mst. With KT even the
 * group's last step already reloads tile 0 into b0 for the next group; with
 * KT = 1 the tile stays loaded. GEMV uses wide panels (see npu_matmul_stage).
 * Ragged edges: the last group runs with mrows = M mod 4, the last panel loads
 * and stores dlen = N mod 16 columns, and K pads with zero lanes of A (B's pad
 * rows are set once to finite values, since 0 * NaN would not be 0).
 * Registers: r1 DMA rows, r2/r3 buffers, r5 panel loop, r6 group loop, r7 A tile
 * row, r8 B tile row, r9 output row, r10 bias row, r11/r12 bias loop, r14/r15
 * temporaries; a4 A block, a5 next B panel, a6 next C panel, a7 DMA walk.
 */
#include "npu_matmul.h"

#include <string.h>

#include "kc_task_matmul.h"
#include "npu_skel.h"

/* Everything the callbacks need about the contraction being generated.
 * w0 walks the A block and the transposed panel loads, w1 B, w2 C. */
typedef struct mm_plan {
    npu_work w;
    npu_mm mm;
    uint32_t kt, kt_last;    /* K tiles of VLEN, lanes of the last one */
    uint32_t pw;             /* output columns per panel: VLEN, or VLEN P (wide GEMV panels) */
    uint32_t nw_tail;        /* columns of the ragged last panel (0: none) */
    int wide;                /* one output row (GEMV): a panel is pw/VLEN blocks */
    int single;              /* K too long for two panel buffers: one, reloaded K tile
                                by K tile behind the last group's reads */
    uint32_t mbp;            /* A rows per M block, a multiple of MLEN */
    uint32_t rows;           /* rows of the M block being generated */
    uint32_t a_row, bias_row; /* vector-SRAM rows of the A block and of the bias */
    int halves;              /* 2 for SwiGLU (u and g panels per buffer), else 1 */
    uint32_t gate_off;       /* rows from a buffer's u panel/outputs to its g ones */
} mm_plan;

static const char *mm_ldb(const mm_plan *t)
{
    return t->mm.b_transposed ? "mldbt" : "mldb";
}

/* a7 = first W row of the current panel of weight matrix h: a5 walks W (W_up
 * for SwiGLU); SwiGLU's W_gate panel (h = 1) is at a5 + r13 (r13 = &W_gate - &W_up,
 * since no address register is left to walk it). */
static void matmul_src(npu_gen *g, const mm_plan *t, int h)
{
    npu_emit_ins(g, "movra r15, a%d", t->w.a[1]);
    if (h)
        npu_emit_ins(g, "add r15, r15, r13");
    npu_emit_ins(g, "movar a%d, r15", t->w.a[0]);
}

/* B panel into matrix rows [buf, buf + 16*KT): B[k][n0..] row k at buf + k, or,
 * transposed, W[n0 + j][16kt..] at buf + 16kt + j (one command per K tile).
 * SwiGLU loads its W_gate panel the same way 16*KT rows further (gate_off). */
static void matmul_load(npu_gen *g, const void *ctx, int full, const char *buf)
{
    const mm_plan *t = ctx;
    uint32_t cols = full ? t->pw : t->nw_tail;
    int wb = t->w.a[1], wt = t->w.a[0];
    if (!t->mm.b_transposed) {
        npu_emit_csr(g, "dlen", cols);
        npu_emit_csr(g, "dstride", 2 * t->mm.b.ld);
        npu_emit_ins(g, "li r1, %u", t->mm.k);
        npu_emit_ins(g, "mld [%s], a%d, r1", buf, wb);
        npu_emit_ins(g, "addai a%d, a%d, %u", wb, wb, 2 * g->hw.vlen);
        return;
    }
    npu_emit_csr(g, "dstride", 2 * t->mm.b.ld);
    npu_emit_ins(g, "li r1, %u", cols);
    for (int h = 0; h < t->halves; h++) {
        matmul_src(g, t, h);
        npu_emit_offset(g, 14, buf, (uint32_t)h * t->gate_off);
        for (uint32_t kt = 0; kt < t->kt; kt++) {
            if (kt == 0 || kt + 1 == t->kt)
                npu_emit_csr(g, "dlen", kt + 1 == t->kt ? t->kt_last : g->hw.vlen);
            npu_emit_ins(g, "mld [r14], a%d, r1", wt);
            if (kt + 1 < t->kt) {
                npu_emit_ins(g, "addai a%d, a%d, %u", wt, wt, 2 * g->hw.vlen);
                npu_emit_ins(g, "addi r14, r14, %u", t->pw);
            }
        }
    }
    npu_emit_adda(g, wb, 2ull * t->pw * t->mm.b.ld);
}

/* One DMA command of a transposed panel load (K tile by K tile, see
 * matmul_compute_load): pw rows of W into matrix rows r14.. from a7. */
static void matmul_tcmd(npu_gen *g, const mm_plan *t)
{
    npu_emit_ins(g, "mld [r14], a%d, r1", t->w.a[0]);
    npu_emit_ins(g, "addai a%d, a%d, %u", t->w.a[0], t->w.a[0], 2 * g->hw.vlen);
    npu_emit_ins(g, "addi r14, r14, %u", t->pw);
}

/* One group of up to 4 output rows x 16 columns: all K tiles (pw matrix rows
 * apart), then mst. `cmds` transposed-load commands are spread over its K steps;
 * `last` adds the final (short-dlen) command at the end. The next group is the
 * next 4 rows of the same panel or, in a wide GEMV panel, the next 16 columns. */
static void matmul_group(npu_gen *g, const mm_plan *t, uint32_t cmds, int last)
{
    uint32_t kt_n = t->kt, c = 0, stride = t->pw;
    int prefetch = kt_n % 2 == 0;
    if (kt_n > 1 && !prefetch) {
        npu_emit_ins(g, "%s 0, [r8]", mm_ldb(t));
        npu_emit_ins(g, "addi r8, r8, %u", stride);
    }
    for (uint32_t kt = 0; kt < kt_n; kt++) {
        npu_emit_ins(g, "mmac %u, [r7]", kt_n == 1 ? 0 : kt & 1);
        npu_emit_ins(g, "addi r7, r7, %u", kt_n == 1 ? g->hw.mlen : t->mbp);
        for (; c < cmds && c * kt_n / cmds <= kt; c++)
            matmul_tcmd(g, t);
        if (kt + 1 < kt_n) {
            npu_emit_ins(g, "%s %u, [r8]", mm_ldb(t), (kt + 1) & 1);
            npu_emit_ins(g, "addi r8, r8, %u", stride);
        }
    }
    if (last) {
        npu_emit_csr(g, "dlen", t->kt_last);
        npu_emit_ins(g, "mld [r14], a%d, r1", t->w.a[0]);
    }
    if (kt_n > 1) {
        npu_emit_ins(g, "addi r8, r8, %d", (t->wide ? (int)g->hw.vlen : 0) - (int)(stride * kt_n));
        if (prefetch) { /* tile 0 of the next group, while this one drains */
            npu_emit_ins(g, "%s 0, [r8]", mm_ldb(t));
            npu_emit_ins(g, "addi r8, r8, %u", stride);
        }
        npu_emit_ins(g, "addi r7, r7, %d", (t->wide ? 0 : (int)g->hw.mlen) - (int)(kt_n * t->mbp));
    }
    npu_emit_ins(g, "mst [r9]");
    npu_emit_ins(g, "addi r9, r9, %u", t->wide ? 1 : g->hw.mlen);
}

/* `count` groups (a hardware loop when more than one), `cmds` commands each. */
static void matmul_groups(npu_gen *g, const mm_plan *t, uint32_t count, uint32_t cmds)
{
    if (count == 0)
        return;
    int id = count > 1 ? npu_emit_loop_open(g, count, 6) : -1;
    matmul_group(g, t, cmds, 0);
    if (id >= 0)
        npu_emit_loop_close(g, id);
}

/* Computes the panel in `buf` and loads the next one into r3. A B panel is one
 * mld, issued first. A transposed panel is KT commands of pw rows, each paying
 * the DRAM latency while the load engine takes one command at a time: they are
 * spread over the groups (K-1 uniform ones in the group loops, the short last
 * one after them), so the core never waits long for the engine. A wide GEMV
 * panel (single buffer) issues them in its last block, K tile t right after
 * that block has read tile t. SwiGLU runs this twice (matmul_half h = 0: u from
 * W_up into the buffer's output rows, h = 1: g from W_gate, gate_off rows
 * further, each loading its own next panel), then joins them (matmul_gate). */
static void matmul_half(npu_gen *g, const mm_plan *t, int full, const char *buf, int next, int h)
{
    uint32_t groups = t->rows / g->hw.mlen, rest = t->rows % g->hw.mlen,
             off = (uint32_t)h * t->gate_off;
    uint32_t uniform = 0;
    int last = 0;
    if (t->wide) { /* blocks of 16 columns; the next panel loads during the last */
        groups = 0;
        rest = ((full ? t->pw : t->nw_tail) + g->hw.vlen - 1) / g->hw.vlen;
    }
    if (next >= 0 && !t->mm.b_transposed)
        matmul_load(g, t, next, "r3");
    if (next >= 0 && t->mm.b_transposed) {
        npu_emit_csr(g, "dstride", 2 * t->mm.b.ld);
        npu_emit_csr(g, "dlen", g->hw.vlen);
        npu_emit_ins(g, "li r1, %u", next ? t->pw : t->nw_tail);
        matmul_src(g, t, h);
        npu_emit_offset(g, 14, "r3", off);
        uniform = t->kt - 1;
        last = 1;
    }
    npu_emit_offset(g, 8, buf, off);
    npu_emit_offset(g, 9, buf, off);
    npu_emit_ins(g, "li r7, %u", t->a_row);
    if (t->kt == 1 || t->kt % 2 == 0) {
        npu_emit_ins(g, "%s 0, [r8]", mm_ldb(t));
        npu_emit_ins(g, "addi r8, r8, %u", t->pw);
    }
    if (t->wide) {
        matmul_groups(g, t, rest - 1, 0);
        matmul_group(g, t, uniform, last);
        rest = last = 0;
    }
    if (groups > 0 && t->single) { /* every command in the last group */
        matmul_groups(g, t, rest > 0 ? groups : groups - 1, 0);
        if (rest == 0) {
            matmul_group(g, t, uniform, last);
            uniform = 0;
            last = 0;
        }
    } else if (groups > 0) {
        uint32_t per = uniform ? (uniform + groups - 1) / groups : 0;
        uint32_t n_a = per ? uniform / per : 0, left = uniform - n_a * per;
        matmul_groups(g, t, n_a, per);
        if (left)
            matmul_group(g, t, left, 0);
        matmul_groups(g, t, groups - n_a - (left > 0), 0);
        uniform = 0;
    }
    if (rest > 0) {
        npu_emit_ins(g, "csrwi mrows, %u", rest);
        matmul_group(g, t, uniform, last);
        npu_emit_ins(g, "csrwi mrows, %u", g->hw.mlen);
    } else if (last) {
        npu_emit_csr(g, "dlen", t->kt_last);
        npu_emit_ins(g, "mld [r14], a%d, r1", t->w.a[0]);
    }
}

/* SwiGLU: u rows (at buf) *= silu(g rows, gate_off further), in place in a row
 * pass over 4 slots: u *= g; g = 1 / (1 + exp(-g)); u *= g (f1 = 1, f2 = -1). */
static void matmul_gate(npu_gen *g, const mm_plan *t, const char *buf)
{
    static const char *const ops[] = { "vmul [{X}], [{X}], [{G}]", "vmuls [{G}], [{G}], f2",
                                       "vexp [{G}], [{G}]", "vadds [{G}], [{G}], f1",
                                       "vrecip [{G}], [{G}]", "vmul [{X}], [{X}], [{G}]", NULL };
    /* r7..r10, r12, r14 and r4, r11 are free once the panel's mst's are issued */
    npu_skel_slot s[NPU_SKEL_MAX_SLOTS] = { { .x = 7, .g = 11, .t = -1, .b = -1, .c = -1, .p = -1 },
                          { .x = 8, .g = 12, .t = -1, .b = -1, .c = -1, .p = -1 },
                          { .x = 9, .g = 14, .t = -1, .b = -1, .c = -1, .p = -1 },
                          { .x = 10, .g = 4, .t = -1, .b = -1, .c = -1, .p = -1 } };
    npu_skel_row_pass(g, ops, 0, s, NPU_SKEL_MAX_SLOTS, (npu_skel_rowbase){ buf, 0 },
                      (npu_skel_rowbase){ buf, t->gate_off }, (npu_skel_rowbase){ "r0", 0 },
                      t->rows, 0);
}

static void matmul_compute_load(npu_gen *g, const void *ctx, int full, const char *buf,
                                int next)
{
    const mm_plan *t = ctx;
    for (int h = 0; h < t->halves; h++)
        matmul_half(g, t, full, buf, next, h);
    if (next >= 0 && t->mm.b_transposed)
        npu_emit_adda(g, t->w.a[1], 2ull * t->pw * t->mm.b.ld);
    if (t->halves > 1)
        matmul_gate(g, t, buf);
    if (t->mm.bias.areg >= 0) { /* y rows += bias row of this panel, after the mst's */
        npu_emit_ins(g, "mv r11, %s", buf);
        int id = t->rows > 1 ? npu_emit_loop_open(g, t->rows, 12) : -1;
        npu_emit_ins(g, "vadd [r11], [r11], [r10]");
        npu_emit_ins(g, "addi r11, r11, 1");
        if (id >= 0)
            npu_emit_loop_close(g, id);
        npu_emit_ins(g, "addi r10, r10, 1");
    }
}

static void matmul_store(npu_gen *g, const void *ctx, int full, const char *buf)
{
    const mm_plan *t = ctx;
    int wc = t->w.a[2];
    npu_emit_csr(g, "dlen", full ? t->pw : t->nw_tail);
    npu_emit_csr(g, "dstride", 2 * t->mm.c.ld);
    npu_emit_ins(g, "li r1, %u", t->rows);
    npu_emit_ins(g, "dst [%s], a%d, r1", buf, wc);
    npu_emit_ins(g, "addai a%d, a%d, %u", wc, wc, 2 * t->pw);
}

/* The A block of `rows` rows at a4 into its K panels. */
static void matmul_load_a(npu_gen *g, const mm_plan *t)
{
    int wa = t->w.a[0];
    npu_emit_csr(g, "dstride", 2 * t->mm.a.ld);
    npu_emit_ins(g, "li r1, %u", t->rows);
    npu_emit_ins(g, "li r14, %u", t->a_row);
    for (uint32_t kt = 0; kt < t->kt; kt++) {
        if (kt == 0 || kt + 1 == t->kt)
            npu_emit_csr(g, "dlen", kt + 1 == t->kt ? t->kt_last : g->hw.vlen);
        npu_emit_ins(g, "dld [r14], a%d, r1", wa);
        if (kt + 1 < t->kt) {
            npu_emit_ins(g, "addai a%d, a%d, %u", wa, wa, 2 * g->hw.vlen);
            npu_emit_ins(g, "addi r14, r14, %u", t->mbp);
        }
    }
}

/* v rounded down to a multiple of MLEN (a power of two: it divides VLEN). */
static uint32_t round_down_mlen(const npu_gen *g, uint32_t v)
{
    return v & ~(g->hw.mlen - 1);
}

/* r<rd> = operand's address (r14 as a temporary). */
static void matmul_addr(npu_gen *g, int rd, npu_opnd o)
{
    npu_emit_ins(g, "movra r%d, a%d", rd, o.areg);
    if (o.off) {
        npu_emit_ins(g, "li r14, %llu", (unsigned long long)o.off);
        npu_emit_ins(g, "add r%d, r%d, r14", rd, rd);
    }
}

kc_status npu_matmul_stage(npu_gen *g, const npu_mm *mm, npu_work w, kc_err *err)
{
    mm_plan tt, *t = &tt;
    memset(t, 0, sizeof *t);
    t->mm = *mm;
    t->w = w;
    const npu_mm *d = &t->mm;
    if (npu_emit_need_work(&w, 3, "matmul", err) != KC_OK)
        return KC_ERR_INTERNAL;
    t->kt = (d->k + g->hw.vlen - 1) / g->hw.vlen;
    t->kt_last = d->k - g->hw.vlen * (t->kt - 1);
    uint32_t panel = g->hw.vlen * t->kt, nt = (d->n + g->hw.vlen - 1) / g->hw.vlen;
    /* GEMV (one output row, W^T): nothing to reuse and each K tile of a 16-column
     * panel would be its own 16-row DMA command, so panels are P blocks wide with
     * one command of 16P rows per K tile into a single buffer of all of matrix
     * SRAM (K tile t of block p at t*16P + 16p); panel q+1 loads during the last
     * block of panel q, each K tile as soon as that block has read it. */
    uint32_t wide_p = g->hw.mrows / panel < nt ? g->hw.mrows / panel : nt;
    /* SwiGLU: a buffer holds the W_up panel and, gate_off = 16*KT rows further,
     * the W_gate panel (matrix SRAM), the u and the g output rows (vector SRAM) */
    int has_bias = d->bias.areg >= 0;
    t->halves = d->gate.areg >= 0 ? 2 : 1;
    t->gate_off = panel;
    /* u and g rows are read together (matmul_gate): one bank apart when the two
     * buffers still fit the matrix SRAM with the extra row (npu_emit_bank_row) */
    if (t->halves > 1 && 2 * (panel + npu_emit_bank_row(&g->hw, panel, 1)) <= g->hw.mrows)
        t->gate_off = npu_emit_bank_row(&g->hw, panel, 1);
    uint32_t span = panel + (t->halves > 1 ? t->gate_off : 0);
    t->wide = d->m == 1 && d->b_transposed && t->kt > 1 && wide_p > 1 && t->halves == 1;
    /* one panel buffer when two do not fit: transposed B only (its panel loads
     * are per K tile, so the next panel can follow the last group's reads) */
    t->single = !t->wide && 2 * span > g->hw.mrows && span <= g->hw.mrows && d->b_transposed &&
                t->halves == 1;
    t->pw = t->wide ? g->hw.vlen * wide_p : g->hw.vlen;
    t->nw_tail = d->n % t->pw;
    uint32_t bias_rows = has_bias ? nt : 0;
    /* vector SRAM: output rows [v, v + mbp) (and [v + panel, ..) for g) of both
     * buffers v = 0, span; the last starts at last_out; then A block, bias rows */
    uint32_t last_out = t->single ? 0 : span + (t->halves > 1 ? t->gate_off : 0);
    uint32_t fit = g->hw.vrows > last_out + panel + bias_rows
                       ? (g->hw.vrows - last_out - bias_rows) / (t->kt + 1) : 0;
    t->mbp = round_down_mlen(g, fit < panel ? fit : panel);
    uint32_t m4 = (d->m + g->hw.mlen - 1) & ~(g->hw.mlen - 1);
    if (t->mbp > m4)
        t->mbp = m4;
    if ((2 * span > g->hw.mrows && !t->single) || t->mbp < g->hw.mlen || 2 * d->k > 0xffff ||
        2 * d->n > 0xffff)
        return kc_err_set(err, KC_ERR_USAGE,
                          "npu template: a contraction with K = %u does not fit (%s of %d panels "
                          "of %u x K in matrix SRAM need K <= %u)", d->k,
                          d->b_transposed && t->halves == 1 ? "one buffer" : "two buffers",
                          t->halves, g->hw.vlen,
                          (d->b_transposed && t->halves == 1 ? g->hw.mrows : g->hw.mrows / 2) /
                              (uint32_t)t->halves);
    t->a_row = t->wide ? t->pw / g->hw.vlen + g->hw.mlen : last_out + t->mbp;
    t->bias_row = t->a_row + t->kt * t->mbp;

    if (t->wide)
        npu_emit_ins(g, "csrwi mrows, 1");
    if (t->halves > 1) {
        npu_emit_comment(g, "r13 = &W_gate - &W_up (the gate panel is walked relative to a%d)",
                    w.a[1]);
        matmul_addr(g, 13, d->gate);
        matmul_addr(g, 15, d->b);
        npu_emit_ins(g, "sub r13, r13, r15");
        npu_emit_fconst(g, 1, 1.0);
        npu_emit_fconst(g, 2, -1.0);
    }
    if (has_bias) { /* bias stays resident: row p holds bias[16p .. 16p+15] */
        npu_emit_aset_op(g, w.a[0], d->bias, 0);
        npu_emit_csr(g, "dlen", d->n);
        npu_emit_ins(g, "li r1, 1");
        npu_emit_ins(g, "li r15, %u", t->bias_row);
        npu_emit_ins(g, "dld [r15], a%d, r1", w.a[0]);
    }
    if (!d->b_transposed && d->k % g->hw.vlen) {
        npu_emit_comment(g, "B pad rows k >= K of both panels: finite (A[0], zeros), once");
        npu_emit_aset_op(g, w.a[0], d->a, 0);
        npu_emit_csr(g, "dlen", 1);
        npu_emit_csr(g, "dstride", 0);
        npu_emit_ins(g, "li r1, %u", panel - d->k);
        for (uint32_t b = 0; b < 2; b++) {
            npu_emit_ins(g, "li r15, %u", b * panel + d->k);
            npu_emit_ins(g, "mld [r15], a%d, r1", w.a[0]);
        }
    }
    for (uint32_t b = 0; b < d->batch; b++)
        for (uint32_t m0 = 0; m0 < d->m; m0 += t->mbp) {
            t->rows = d->m - m0 < t->mbp ? d->m - m0 : t->mbp;
            npu_emit_comment(g, "batch %u, rows %u..%u", b, m0, m0 + t->rows - 1);
            npu_emit_aset_op(g, w.a[0], d->a, b * d->a_bstride + 2ull * m0 * d->a.ld);
            npu_emit_aset_op(g, w.a[1], d->b, b * d->b_bstride);
            npu_emit_aset_op(g, w.a[2], d->c, b * d->c_bstride + 2ull * m0 * d->c.ld);
            if (has_bias)
                npu_emit_ins(g, "li r10, %u", t->bias_row);
            matmul_load_a(g, t);
            npu_skel_tiling tl = { .nfull = d->n / t->pw, .tail = t->nw_tail > 0,
                                   .buf_rows = t->wide || t->single ? 0 : span,
                                   .two_bufs = 1, .load = matmul_load, .store = matmul_store,
                                   .compute_load = matmul_compute_load };
            npu_skel_pipeline(g, t, &tl);
        }
    if (t->wide)
        npu_emit_ins(g, "csrwi mrows, %u", g->hw.mlen);
    return KC_OK;
}

kc_status npu_matmul_gen(npu_gen *g, const kc_task *task, const kc_task_config *c, kc_err *err)
{
    kc_task_matmul_dims d;
    if (!kc_task_matmul_view(task, c, &d))
        return kc_err_set(err, KC_ERR_USAGE, "npu template: %s is not a matrix task", task->name);
    kc_task_shape shape;
    task->shape(task, c, &shape);
    npu_opnd none = { -1, 0, 0 };
    npu_mm mm = { .batch = d.batch, .m = d.m, .n = d.n, .k = d.k, .b_transposed = d.b_transposed,
                  .a = npu_emit_op(d.a_idx, 0, d.k),
                  .b = npu_emit_op(d.b_idx, 0, d.b_transposed ? d.k : d.n),
                  .c = npu_emit_op(d.out_idx, 0, d.n),
                  .bias = d.has_bias ? npu_emit_op(d.bias_idx, 0, 0) : none,
                  .gate = d.gate_idx >= 0 ? npu_emit_op(d.gate_idx, 0, d.k) : none,
                  .a_bstride = 2ull * d.m * d.k, .b_bstride = 2ull * d.k * d.n,
                  .c_bstride = 2ull * d.m * d.n };
    kc_status s = npu_matmul_stage(g, &mm, npu_emit_work_from(g, (int)shape.ntensors), err);
    if (s == KC_OK)
        npu_emit_ins(g, "halt");
    return s;
}
