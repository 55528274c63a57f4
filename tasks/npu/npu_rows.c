/* npu_rows.c — the npu row templates: element-wise passes (ReLU, SiLU, GELU,
 * and the residual add of composite kernels), row normalisations (Softmax,
 * LayerNorm, RMSNorm) and the rotary embedding (RoPE), each a recipe of ops as
 * data driven by the skeleton of npu_skel.h:
 *   - eltwise: one row pass per tile of the flat tensor;
 *   - rownorm: per tensor row, passes for max/sum/variance, scalar combines and
 *     the output pass;
 *   - rope: the skeleton over tiles of positions with the pair halves, cos and
 *     sin in four lock-step regions.
 * Register plan (eltwise, rownorm): working address registers w0/w1 walk the
 * loads and the stores (copies of the operands' addresses; ABI registers are
 * never written); r1 DMA row count; r2/r3/r4 the current/next/spare buffer base
 * rows; r5 tile-loop count; r6 row-loop count; r7..r14 slot pointers and scratch
 * rows; r15 temporary. f0 stays 0.0.
 * Sizes: every width is g->hw's; the tile constants below are tuning choices
 * (they fit the default 2048-row vector SRAM and every larger one). */
#include "npu_rows.h"

#include <math.h>
#include <string.h>

#include "npu_skel.h"

#define ELTWISE_TILE_ROWS 512u     /* SRAM rows per eltwise tile (3 buffers + temps fit) */
#define ROWNORM_TILE_ROWS 256u     /* target SRAM rows per rownorm tile */
#define ROWNORM_MAX_GROUP 8u       /* tensor rows per rownorm tile (code size) */
#define ROPE_MAX_GROUP 32u         /* positions per rope tile (code size of the cos/sin loads) */

typedef npu_skel_slot slot;
typedef npu_skel_rowbase rowbase;
#define MAX_SLOTS NPU_SKEL_MAX_SLOTS

typedef enum family { FAM_ELTWISE, FAM_ROWNORM, FAM_ROPE } family;

typedef enum step_kind {
    STEP_END = 0,
    STEP_SLOTS,   /* ops once per slot (initialisation) */
    STEP_FOLD,    /* ops for slots 1..U-1 (combining into slot 0) */
    STEP_TREE,    /* ops combining slot s + d into slot s, {P} = slot s + d's {C}, d = 1, 2, 4..:
                   * a pairwise tree into slot 0, log2(U) dependent levels instead of U - 1 */
    STEP_LINE,    /* ops once */
    STEP_PASS     /* a row pass */
} step_kind;

typedef struct step {
    step_kind kind;
    unsigned flags;           /* NPU_SKEL_MASK_TAIL */
    int gamma, beta;          /* STEP_PASS: walks gamma / beta rows too */
    const char *ops[8];
} step;

typedef struct fconst {
    int reg;
    double value;
} fconst;

typedef struct recipe {
    const char *task;
    family fam;
    fconst consts[4];         /* reg 0 ends the list */
    const char *ops[10];      /* eltwise: per-row ops */
    step steps[12];           /* rownorm: per tensor row */
    double f4;                /* rownorm: f4 = this, or the task's eps when 0 */
} recipe;

/* SiLU x / (1 + exp(-x)); GELU by its tanh form x / (1 + exp(-2k(x + 0.044715 x^3))). */
#define GELU_K 0.79788456080286535588 /* sqrt(2/pi) */

static const recipe recipes[] = {
    { .task = "relu", .fam = FAM_ELTWISE,
      .ops = { "vmaxs [{X}], [{X}], f0" } },
    /* x += second input (G rows): residual connections of composite kernels */
    { .task = "add", .fam = FAM_ELTWISE,
      .ops = { "vadd [{X}], [{X}], [{G}]" } },
    { .task = "silu", .fam = FAM_ELTWISE,
      .consts = { { 1, 1.0 }, { 2, -1.0 } },
      .ops = { "vmuls [{T}], [{X}], f2", "vexp [{T}], [{T}]", "vadds [{T}], [{T}], f1",
               "vrecip [{T}], [{T}]", "vmul [{X}], [{X}], [{T}]" } },
    { .task = "gelu", .fam = FAM_ELTWISE,
      .consts = { { 1, 1.0 }, { 3, -2.0 * GELU_K * 0.044715 }, { 4, -2.0 * GELU_K } },
      .ops = { "vmul [{T}], [{X}], [{X}]", "vmuls [{T}], [{T}], f3", "vadds [{T}], [{T}], f4",
               "vmul [{T}], [{T}], [{X}]", "vexp [{T}], [{T}]", "vadds [{T}], [{T}], f1",
               "vrecip [{T}], [{T}]", "vmul [{X}], [{X}], [{T}]" } },
    /* rownorm: f3 = 1/N, f4 = eps (or -inf), f5/f6/f7 row scalars, slot sums f8.., T0 = r13.
     * Scalar fp is pipelined (FP_LAT; fexp/frecip/frsqrt SFU_LAT), moves complete at
     * issue: the slot sums start from fmvif {C}, r0 (0.0, no fp latency), and the
     * variance's 1/N scaling and eps are one ffma into a copy of eps (fmax f6, f4, f4). */
    { .task = "softmax", .fam = FAM_ROWNORM, .f4 = -INFINITY,
      .steps = {
          { STEP_SLOTS, 0, 0, 0, { "vbcast [{T}], f4" } },
          { STEP_PASS, NPU_SKEL_MASK_TAIL, 0, 0, { "vmax [{T}], [{T}], [{X}]" } },
          { STEP_FOLD, 0, 0, 0, { "vmax [r13], [r13], [{T}]" } },
          { STEP_LINE, 0, 0, 0, { "vredmax f5, [r13]" } },
          { STEP_SLOTS, 0, 0, 0, { "fmvif {C}, r0" } },
          { STEP_PASS, NPU_SKEL_MASK_TAIL, 0, 0,
            { "vsubs [{X}], [{X}], f5", "vexp [{X}], [{X}]", "vredsum {P}, [{X}]",
              "fadd {C}, {C}, {P}" } },
          { STEP_TREE, 0, 0, 0, { "fadd {C}, {C}, {P}" } },
          { STEP_LINE, 0, 0, 0, { "frecip f7, f8" } },
          { STEP_PASS, 0, 0, 0, { "vmuls [{X}], [{X}], f7" } },
      } },
    { .task = "layernorm", .fam = FAM_ROWNORM,
      .steps = {
          { STEP_SLOTS, 0, 0, 0, { "fmvif {C}, r0" } },
          { STEP_PASS, NPU_SKEL_MASK_TAIL, 0, 0, { "vredsum {P}, [{X}]", "fadd {C}, {C}, {P}" } },
          { STEP_TREE, 0, 0, 0, { "fadd {C}, {C}, {P}" } },
          { STEP_LINE, 0, 0, 0, { "fmul f5, f8, f3" } },
          { STEP_SLOTS, 0, 0, 0, { "fmvif {C}, r0" } },
          { STEP_PASS, NPU_SKEL_MASK_TAIL, 0, 0,
            { "vsubs [{X}], [{X}], f5", "vmul [{T}], [{X}], [{X}]", "vredsum {P}, [{T}]",
              "fadd {C}, {C}, {P}" } },
          { STEP_TREE, 0, 0, 0, { "fadd {C}, {C}, {P}" } },
          { STEP_LINE, 0, 0, 0, { "fmax f6, f4, f4", "ffma f6, f8, f3", "frsqrt f7, f6" } },
          { STEP_PASS, 0, 1, 1,
            { "vmuls [{X}], [{X}], f7", "vmul [{X}], [{X}], [{G}]", "vadd [{X}], [{X}], [{B}]" } },
      } },
    { .task = "rmsnorm", .fam = FAM_ROWNORM,
      .steps = {
          { STEP_SLOTS, 0, 0, 0, { "fmvif {C}, r0" } },
          { STEP_PASS, NPU_SKEL_MASK_TAIL, 0, 0,
            { "vmul [{T}], [{X}], [{X}]", "vredsum {P}, [{T}]", "fadd {C}, {C}, {P}" } },
          { STEP_TREE, 0, 0, 0, { "fadd {C}, {C}, {P}" } },
          { STEP_LINE, 0, 0, 0, { "fmax f6, f4, f4", "ffma f6, f8, f3", "frsqrt f7, f6" } },
          { STEP_PASS, 0, 1, 0, { "vmuls [{X}], [{X}], f7", "vmul [{X}], [{X}], [{G}]" } },
      } },
    /* rope: X = x1, G = x2 (pair halves), B = cos, W = sin, T scratch:
     * t = x1 sin; sin = x2 sin; x1 *= cos; x2 *= cos; x1 -= sin; x2 += t */
    { .task = "rope", .fam = FAM_ROPE,
      .ops = { "vmul [{T}], [{X}], [{W}]", "vmul [{W}], [{G}], [{W}]", "vmul [{X}], [{X}], [{B}]",
               "vmul [{G}], [{G}], [{B}]", "vsub [{X}], [{X}], [{W}]", "vadd [{G}], [{G}], [{T}]" } },
};

static const recipe *recipe_find(const char *task)
{
    for (size_t i = 0; i < sizeof recipes / sizeof recipes[0]; i++)
        if (strcmp(recipes[i].task, task) == 0)
            return &recipes[i];
    return NULL;
}

/* Everything a family's callbacks need about the kernel being generated. */
typedef struct rows_plan {
    const recipe *r;
    int nslots;
    slot slots[MAX_SLOTS];
    npu_work w;              /* working address registers (per family below) */
    /* eltwise: w0 walks in, w1 out, w2 in2 ("add") */
    uint32_t tile_elems, tail_elems;
    int binary;              /* "add": a second input region g_off rows after x */
    uint32_t tile_rows, g_off;
    /* rownorm: w0 walks in, w1 out; rows ld elements apart */
    uint32_t n, ld, k_full, k_tail_lanes, k_rows, group, tail_group;
    uint32_t gamma_row, beta_row, scratch;
    /* rope: w0 walks x, w1 y, w2 the half being moved, w3 cos, w4 sin;
     * tiles of `group` positions; a buffer holds 4 regions of `region`
     * rows (x first halves, x second halves, cos and sin replicated per head),
     * row (p*H + h)*kh + j of each (kh = ceil(Dh/2 / VLEN) SRAM rows per half) */
    uint32_t rp_h, rp_dh, rp_kh, region;
} rows_plan;

/* -- eltwise: the flat tensor in tiles of tile_elems (one DMA "row" per tile) -- */

static void eltwise_dma(npu_gen *g, const rows_plan *t, int full, const char *buf, int store)
{
    uint32_t elems = full ? t->tile_elems : t->tail_elems;
    int reg = t->w.a[store ? 1 : 0];
    npu_emit_csr(g, "dlen", elems);
    npu_emit_ins(g, "li r1, 1");
    npu_emit_ins(g, "%s [%s], a%d, r1", store ? "dst" : "dld", buf, reg);
    npu_emit_adda(g, reg, 2ull * elems);
}

static void eltwise_load(npu_gen *g, const void *ctx, int full, const char *buf)
{
    const rows_plan *t = ctx;
    eltwise_dma(g, t, full, buf, 0);
    if (t->binary) { /* the second input, g_off further */
        uint32_t elems = full ? t->tile_elems : t->tail_elems;
        npu_emit_ins(g, "addi r15, %s, %u", buf, t->g_off);
        npu_emit_ins(g, "dld [r15], a%d, r1", t->w.a[2]);
        npu_emit_adda(g, t->w.a[2], 2ull * elems);
    }
}

static void eltwise_store(npu_gen *g, const void *ctx, int full, const char *buf)
{
    const rows_plan *t = ctx;
    eltwise_dma(g, t, full, buf, 1);
}

static void eltwise_compute(npu_gen *g, const void *ctx, int full, const char *buf)
{
    const rows_plan *t = ctx;
    uint32_t rows = ((full ? t->tile_elems : t->tail_elems) + g->hw.vlen - 1) / g->hw.vlen;
    slot s[MAX_SLOTS];
    memcpy(s, t->slots, sizeof s);
    npu_skel_row_pass(g, t->r->ops, 0, s, t->nslots, (rowbase){ buf, 0 },
                      (rowbase){ buf, t->g_off }, (rowbase){ "r0", 0 }, rows, 0);
}

/* -- rownorm: tiles of `group` tensor rows, each row k_rows SRAM rows -- */

static void rownorm_dma(npu_gen *g, const rows_plan *t, int full, const char *buf, int store)
{
    uint32_t rows = full ? t->group : t->tail_group;
    int reg = t->w.a[store ? 1 : 0];
    npu_emit_ins(g, "li r1, %u", rows);
    npu_emit_ins(g, "%s [%s], a%d, r1", store ? "dst" : "dld", buf, reg);
    npu_emit_adda(g, reg, 2ull * rows * t->ld);
}

static void rownorm_load(npu_gen *g, const void *ctx, int full, const char *buf)
{
    const rows_plan *t = ctx;
    rownorm_dma(g, t, full, buf, 0);
}

static void rownorm_store(npu_gen *g, const void *ctx, int full, const char *buf)
{
    const rows_plan *t = ctx;
    rownorm_dma(g, t, full, buf, 1);
}

/* Slot s's scratch row for tensor row `row`: in the other bank parity than the
 * x rows it walks (row*k_rows + s + 2m, from an even buffer base), so the two are
 * never one bank's (npu_emit_bank_row). */
static uint32_t rownorm_scratch(const rows_plan *t, uint32_t row, int s)
{
    return t->scratch + (row * t->k_rows + (uint32_t)s + 1) % 2;
}

static void rownorm_row(npu_gen *g, const rows_plan *t, const char *buf, uint32_t row)
{
    npu_emit_comment(g, "tensor row %u of the tile", row);
    if (t->k_rows % 2) /* the rows' parity alternates: so do the scratch rows */
        for (int s = 0; s < t->nslots; s++)
            npu_emit_ins(g, "li r%d, %u", t->slots[s].t, rownorm_scratch(t, row, s));
    for (const step *st = t->r->steps; st->kind != STEP_END; st++) {
        switch (st->kind) {
        case STEP_SLOTS:
            for (int s = 0; s < t->nslots; s++)
                for (const char *const *op = st->ops; *op; op++)
                    npu_skel_op(g, *op, &t->slots[s]);
            break;
        case STEP_FOLD:
            for (int s = 1; s < t->nslots; s++)
                for (const char *const *op = st->ops; *op; op++)
                    npu_skel_op(g, *op, &t->slots[s]);
            break;
        case STEP_TREE:
            for (int d = 1; d < t->nslots; d *= 2)
                for (int s = 0; s + d < t->nslots; s += 2 * d) {
                    slot pair = t->slots[s];
                    pair.p = t->slots[s + d].c;
                    for (const char *const *op = st->ops; *op; op++)
                        npu_skel_op(g, *op, &pair);
                }
            break;
        case STEP_LINE:
            for (const char *const *op = st->ops; *op; op++)
                npu_skel_op(g, *op, &t->slots[0]);
            break;
        case STEP_PASS: {
            slot s[MAX_SLOTS];
            memcpy(s, t->slots, sizeof s);
            for (int i = 0; i < t->nslots; i++) {
                if (!st->gamma)
                    s[i].g = -1;
                if (!st->beta)
                    s[i].b = -1;
            }
            npu_skel_row_pass(g, st->ops, st->flags, s, t->nslots,
                              (rowbase){ buf, row * t->k_rows }, (rowbase){ "r0", t->gamma_row },
                              (rowbase){ "r0", t->beta_row }, t->k_full, t->k_tail_lanes);
            break;
        }
        case STEP_END:
            break;
        }
    }
}

static void rownorm_compute(npu_gen *g, const void *ctx, int full, const char *buf)
{
    const rows_plan *t = ctx;
    uint32_t rows = full ? t->group : t->tail_group;
    for (uint32_t i = 0; i < rows; i++)
        rownorm_row(g, t, buf, i);
}

/* -- rope: x viewed as 2SH rows of Dh/2 (the pair halves), so that every half
 * starts an SRAM row and the pairs line up lane by lane -- */

/* The x halves of a tile: DMA rows of Dh/2 elements, 2 Dh bytes apart (first
 * halves from areg, second halves Dh bytes further, through `half_areg`). */
static void rope_x_dma(npu_gen *g, const rows_plan *t, uint32_t rows, const char *buf, int store)
{
    int areg = t->w.a[store ? 1 : 0], half_areg = t->w.a[2];
    npu_emit_csr(g, "dstride", 2 * t->rp_dh);
    npu_emit_ins(g, "li r1, %u", rows * t->rp_h);
    npu_emit_ins(g, "movra r15, a%d", areg);
    npu_emit_ins(g, "addi r15, r15, %u", t->rp_dh);
    npu_emit_ins(g, "movar a%d, r15", half_areg);
    npu_emit_ins(g, "%s [%s], a%d, r1", store ? "dst" : "dld", buf, areg);
    npu_emit_ins(g, "addi r15, %s, %u", buf, t->region);
    npu_emit_ins(g, "%s [r15], a%d, r1", store ? "dst" : "dld", half_areg);
    npu_emit_adda(g, areg, rows * t->rp_h * 2 * t->rp_dh);
}

static void rope_load(npu_gen *g, const void *ctx, int full, const char *buf)
{
    const rows_plan *t = ctx;
    uint32_t rows = full ? t->group : t->tail_group;
    npu_emit_csr(g, "dlen", t->rp_dh / 2);
    rope_x_dma(g, t, rows, buf, 0);
    /* cos/sin of each position, H copies (dstride 0): one command each */
    npu_emit_csr(g, "dstride", 0);
    npu_emit_ins(g, "li r1, %u", t->rp_h);
    npu_emit_ins(g, "addi r15, %s, %u", buf, 2 * t->region);
    npu_emit_ins(g, "addi r14, %s, %u", buf, 3 * t->region);
    int id = rows > 1 ? npu_emit_loop_open(g, rows, 6) : -1;
    npu_emit_ins(g, "dld [r15], a%d, r1", t->w.a[3]);
    npu_emit_ins(g, "dld [r14], a%d, r1", t->w.a[4]);
    npu_emit_ins(g, "addai a%d, a%d, %u", t->w.a[3], t->w.a[3], t->rp_dh);
    npu_emit_ins(g, "addai a%d, a%d, %u", t->w.a[4], t->w.a[4], t->rp_dh);
    npu_emit_ins(g, "addi r15, r15, %u", t->rp_h * t->rp_kh);
    npu_emit_ins(g, "addi r14, r14, %u", t->rp_h * t->rp_kh);
    if (id >= 0)
        npu_emit_loop_close(g, id);
}

static void rope_store(npu_gen *g, const void *ctx, int full, const char *buf)
{
    const rows_plan *t = ctx;
    npu_emit_csr(g, "dlen", t->rp_dh / 2);
    rope_x_dma(g, t, full ? t->group : t->tail_group, buf, 1);
}

static void rope_compute(npu_gen *g, const void *ctx, int full, const char *buf)
{
    const rows_plan *t = ctx;
    uint32_t rows = (full ? t->group : t->tail_group) * t->rp_h * t->rp_kh;
    slot s[MAX_SLOTS];
    memcpy(s, t->slots, sizeof s);
    /* r1 (a DMA count outside compute) is slot 1's scratch-row register */
    npu_emit_ins(g, "li r11, %u", 12 * t->region);
    npu_emit_ins(g, "li r1, %u", 12 * t->region + 1);
    npu_skel_row_pass(g, t->r->ops, 0, s, t->nslots, (rowbase){ buf, 0 },
                      (rowbase){ buf, t->region }, (rowbase){ buf, 2 * t->region }, rows, 0);
}

kc_status npu_rows_rope(npu_gen *g, npu_opnd x, npu_opnd cos, npu_opnd sin, npu_opnd y,
                        uint32_t S, uint32_t H, uint32_t Dh, npu_work w, kc_err *err)
{
    rows_plan tt, *t = &tt;
    memset(t, 0, sizeof *t);
    t->r = recipe_find("rope");
    t->w = w;
    if (npu_emit_need_work(&w, 5, "rope", err) != KC_OK)
        return KC_ERR_INTERNAL;
    t->rp_h = H;
    t->rp_dh = Dh;
    t->rp_kh = (t->rp_dh / 2 + g->hw.vlen - 1) / g->hw.vlen;
    /* 3 buffers of 4 regions, 2 scratch rows */
    uint32_t per_pos = t->rp_h * t->rp_kh;
    t->group = (g->hw.vrows - 2) / (12 * per_pos);
    if (t->group > ROPE_MAX_GROUP)
        t->group = ROPE_MAX_GROUP;
    if (t->group > S)
        t->group = S;
    if (t->group < 1 || t->rp_dh % 2 || 2 * t->rp_dh > 0xffff)
        return kc_err_set(err, KC_ERR_USAGE,
                          "npu template: rope with H = %u, Dh = %u does not fit the vector SRAM",
                          t->rp_h, t->rp_dh);
    npu_emit_aset_op(g, w.a[0], x, 0);
    npu_emit_aset_op(g, w.a[1], y, 0);
    npu_emit_aset_op(g, w.a[3], cos, 0);
    npu_emit_aset_op(g, w.a[4], sin, 0);
    /* Banks: a region is 1 mod VBANKS rows, so x halves, cos and sin of one row
     * are in consecutive banks (the slots read two of them at a time), and the
     * scratch rows at 12 regions (an even bank and the next one) are never in
     * the bank of the half a slot adds them to (slot 0 walks even rows). */
    t->region = npu_emit_bank_row(&g->hw, t->group * per_pos, 1);
    while (t->group > 1 && 12 * t->region + 2 > g->hw.vrows)
        t->region = npu_emit_bank_row(&g->hw, --t->group * per_pos, 1);
    t->tail_group = S % t->group;
    t->nslots = 2;
    /* slot registers; the sin pointer W walks 3 regions after x */
    t->slots[0] = (slot){ .x = 7, .g = 8, .b = 9, .w = 10, .w_off = 3 * t->region, .t = 11,
                          .c = -1, .p = -1 };
    t->slots[1] = (slot){ .x = 12, .g = 13, .b = 14, .w = 15, .w_off = 3 * t->region, .t = 1,
                          .c = -1, .p = -1 };
    npu_skel_tiling tl = { .nfull = S / t->group, .tail = t->tail_group > 0,
                           .buf_rows = 4 * t->region, .load = rope_load,
                           .compute = rope_compute, .store = rope_store };
    npu_skel_pipeline(g, t, &tl);
    return KC_OK;
}


static void emit_consts(npu_gen *g, const recipe *r)
{
    for (const fconst *c = r->consts; c->reg; c++)
        npu_emit_fconst(g, c->reg, c->value);
}

kc_status npu_rows_eltwise(npu_gen *g, const char *recipe_name, npu_opnd in, npu_opnd in2,
                           npu_opnd out, uint64_t elems, npu_work w, kc_err *err)
{
    rows_plan tt, *t = &tt;
    memset(t, 0, sizeof *t);
    t->r = recipe_find(recipe_name);
    t->w = w;
    t->binary = in2.areg >= 0;
    if (!t->r || t->r->fam != FAM_ELTWISE)
        return kc_err_set(err, KC_ERR_INTERNAL, "npu template: no element-wise recipe %s",
                          recipe_name);
    if (npu_emit_need_work(&w, t->binary ? 3 : 2, "element-wise", err) != KC_OK)
        return KC_ERR_INTERNAL;
    if (elems == 0 || elems > UINT32_MAX)
        return kc_err_set(err, KC_ERR_USAGE, "npu template: %llu elements",
                          (unsigned long long)elems);
    /* a binary op holds two inputs per buffer: tiles of half the rows, and its
     * fourth register per slot walks the second input instead of a temporary */
    uint32_t tile_rows = t->binary ? ELTWISE_TILE_ROWS / 2 : ELTWISE_TILE_ROWS;
    t->nslots = MAX_SLOTS;
    for (int s = 0; s < t->nslots; s++)
        t->slots[s] = (slot){ .x = 7 + s, .t = t->binary ? -1 : 11 + s,
                              .g = t->binary ? 11 + s : -1, .b = -1, .c = -1, .p = -1 };
    t->tile_elems = elems < tile_rows * g->hw.vlen ? (uint32_t)elems : tile_rows * g->hw.vlen;
    t->tile_rows = (t->tile_elems + g->hw.vlen - 1) / g->hw.vlen;
    npu_skel_tiling tl = { .nfull = (uint32_t)(elems / t->tile_elems), .load = eltwise_load,
                           .compute = eltwise_compute, .store = eltwise_store };
    t->tail_elems = (uint32_t)(elems % t->tile_elems);
    tl.tail = t->tail_elems > 0;
    /* Banks (npu_emit_bank_row): the slots walk x in steps of nslots rows, so from
     * a buffer base that is a multiple of nslots (full tiles of ELTWISE_TILE_ROWS)
     * slot s reads banks s mod nslots only; the second input starts one bank after x
     * and slot s's temporary row is in bank s + nslots/2: an instruction never
     * reads two rows of one bank. */
    t->g_off = npu_emit_bank_row(&g->hw, t->tile_rows, 1);
    tl.buf_rows = t->binary ? t->g_off + t->tile_rows : t->tile_rows;
    /* the address set-up uses r14/r15: before the slot registers */
    npu_emit_aset_op(g, w.a[0], in, 0);
    npu_emit_aset_op(g, w.a[1], out, 0);
    if (t->binary)
        npu_emit_aset_op(g, w.a[2], in2, 0);
    uint32_t temps = npu_emit_bank_row(&g->hw, 3 * tl.buf_rows, (uint32_t)t->nslots / 2);
    for (int s = 0; s < t->nslots && !t->binary; s++)
        npu_emit_ins(g, "li r%d, %u", t->slots[s].t, temps + (uint32_t)s);
    emit_consts(g, t->r);
    npu_skel_pipeline(g, t, &tl);
    return KC_OK;
}

kc_status npu_rows_norm(npu_gen *g, const char *recipe_name, npu_opnd in, npu_opnd gamma,
                        npu_opnd beta, npu_opnd out, uint32_t m, uint32_t n, double eps,
                        npu_work w, kc_err *err)
{
    rows_plan tt, *t = &tt;
    memset(t, 0, sizeof *t);
    t->r = recipe_find(recipe_name);
    t->w = w;
    if (!t->r || t->r->fam != FAM_ROWNORM)
        return kc_err_set(err, KC_ERR_INTERNAL, "npu template: no row recipe %s", recipe_name);
    if (npu_emit_need_work(&w, 2, "row", err) != KC_OK)
        return KC_ERR_INTERNAL;
    if (in.ld != out.ld || in.ld < n)
        return kc_err_set(err, KC_ERR_INTERNAL, "npu template: row pitches %u/%u for rows of %u",
                          in.ld, out.ld, n);
    t->n = n;
    t->ld = in.ld;
    t->k_full = t->n / g->hw.vlen;
    t->k_tail_lanes = t->n % g->hw.vlen;
    t->k_rows = (t->n + g->hw.vlen - 1) / g->hw.vlen;
    t->group = ROWNORM_TILE_ROWS / t->k_rows;
    if (t->group < 1)
        t->group = 1;
    if (t->group > ROWNORM_MAX_GROUP)
        t->group = ROWNORM_MAX_GROUP;
    if (t->group > m)
        t->group = m;
    t->tail_group = m % t->group;
    /* three buffers, each from an even row (rownorm_scratch); gamma and beta,
     * read with the rows of x, start one and two banks after them */
    uint32_t buf_rows = (t->group * t->k_rows + 1) / 2 * 2;
    t->gamma_row = npu_emit_bank_row(&g->hw, 3 * buf_rows, 1);
    t->beta_row = npu_emit_bank_row(&g->hw, t->gamma_row + t->k_rows, 2);
    t->scratch = npu_emit_bank_row(&g->hw, t->beta_row + t->k_rows, 0);
    if (t->scratch + 2 > g->hw.vrows || 2 * t->n > 0xffff)
        return kc_err_set(err, KC_ERR_USAGE,
                          "npu template: %s rows of %u elements do not fit the vector SRAM",
                          recipe_name, t->n);
    t->nslots = 2;
    for (int s = 0; s < t->nslots; s++)
        t->slots[s] = (slot){ .x = 7 + s, .g = 9 + s, .b = 11 + s, .t = 13 + s, .c = 8 + s,
                              .p = 12 + s };
    npu_emit_csr(g, "dlen", t->n);
    npu_emit_fconst(g, 3, 1.0 / t->n);
    npu_emit_fconst(g, 4, t->r->f4 != 0 ? t->r->f4 : eps);
    /* gamma and beta, when the recipe has them, stay resident */
    npu_emit_ins(g, "li r1, 1");
    const npu_opnd *vec[2] = { &gamma, &beta };
    for (int i = 0; i < 2; i++)
        if (vec[i]->areg >= 0) {
            npu_emit_aset_op(g, w.a[0], *vec[i], 0);
            npu_emit_ins(g, "li r15, %u", i == 0 ? t->gamma_row : t->beta_row);
            npu_emit_ins(g, "dld [r15], a%d, r1", w.a[0]);
        }
    npu_emit_csr(g, "dstride", 2 * t->ld);
    /* the address set-up uses r14/r15: before the slot registers */
    npu_emit_aset_op(g, w.a[0], in, 0);
    npu_emit_aset_op(g, w.a[1], out, 0);
    for (int s = 0; s < t->nslots; s++)
        npu_emit_ins(g, "li r%d, %u", t->slots[s].t, rownorm_scratch(t, 0, s));
    npu_skel_tiling tl = { .nfull = m / t->group, .tail = t->tail_group > 0,
                           .buf_rows = buf_rows, .load = rownorm_load,
                           .compute = rownorm_compute, .store = rownorm_store };
    npu_skel_pipeline(g, t, &tl);
    return KC_OK;
}

int npu_rows_serves(const char *task)
{
    return recipe_find(task) != NULL;
}

kc_status npu_rows_gen(npu_gen *g, const kc_task *task, const kc_task_config *c, kc_err *err)
{
    const recipe *r = recipe_find(task->name);
    if (!r)
        return kc_err_set(err, KC_ERR_USAGE, "npu template: no row template for task %s",
                          task->name);
    kc_task_shape shape, *sh = &shape;
    task->shape(task, c, sh);
    int nt = (int)sh->ntensors, out = nt - 1;
    npu_work w = npu_emit_work_from(g, nt);
    npu_opnd none = { -1, 0, 0 };
    uint32_t rows = sh->t[0].dims[0], cols = sh->t[0].ndims > 1 ? sh->t[0].dims[1] : 1;
    kc_status s;
    switch (r->fam) {
    case FAM_ELTWISE:
        s = npu_rows_eltwise(g, r->task, npu_emit_op(0, 0, 0), none, npu_emit_op(out, 0, 0),
                             sh->t[0].nelem, w, err);
        break;
    case FAM_ROWNORM:
        s = npu_rows_norm(g, r->task, npu_emit_op(0, 0, cols),
                          nt > 2 ? npu_emit_op(1, 0, 0) : none,
                          nt > 3 ? npu_emit_op(2, 0, 0) : none, npu_emit_op(out, 0, cols), rows,
                          cols, task->eps, w, err);
        break;
    default: /* FAM_ROPE */
        s = npu_rows_rope(g, npu_emit_op(0, 0, 0), npu_emit_op(1, 0, 0), npu_emit_op(2, 0, 0),
                          npu_emit_op(out, 0, 0), c->dims[0], c->dims[1], c->dims[2], w, err);
        break;
    }
    if (s == KC_OK)
        npu_emit_ins(g, "halt");
    return s;
}
