/* kc_npu_tmpl.c — npu baseline kernels from parameterised templates.
 *
 * Structure (docs/tasks.md, "npu baselines", has the picture):
 *   - a shared tiling skeleton: the tensor is cut into tiles; three SRAM buffers
 *     rotate so that the DMA load of tile i+1 and the store of tile i-1 run in the
 *     background while tile i is computed (the hardware interlocks on row ranges,
 *     so the schedule is safe by construction and only its speed is ours to get
 *     right). Uniform tiles run in a hardware loop; the last full tile and the
 *     ragged tail tile are peeled.
 *   - a shared row pass: a hardware loop over SRAM rows, unrolled over U slots
 *     (each slot has its own row pointers and scratch rows) with the recipe's ops
 *     issued round-robin across slots, so dependent vector ops are U instructions
 *     apart and the 2-cycle vector latency is hidden. A ragged last row runs
 *     under vmask.
 *   - per family, a recipe of ops as data: eltwise (one pass over the flat
 *     tensor) and rownorm (per tensor row: passes for max/sum/variance, scalar
 *     combines, the output pass). The matmul family (GEMV, GEMM, BatchMatMul,
 *     Linear; SwiGLU as two contractions per panel joined by a row pass) drives the
 *     same skeleton over panels of 16 output columns with two buffers; its plan
 *     is described above npu_stage_matmul. rope runs the skeleton over tiles of
 *     positions with the pair halves, cos and sin in four lock-step regions.
 * Each family is a stage (kc_npu_stage.h) on DRAM operands: the single-stage
 * tasks call it on their ABI tensors (gen_single), the composite tasks chain
 * them (kc_npu_block.c), the attention stage lives in kc_npu_attn.c and the
 * convolutions in kc_npu_conv.c.
 * Register plan (eltwise, rownorm): working address registers w0/w1 walk the
 * loads and the stores (copies of the operands' addresses; ABI registers are
 * never written); r1 DMA row count; r2/r3/r4 the current/next/spare buffer base
 * rows; r5 tile-loop count; r6 row-loop count; r7..r14 slot pointers and scratch
 * rows; r15 temporary. f0 stays 0.0.
 */
#include "kc_npu_tmpl.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "kc_npu_conv.h"
#include "kc_npu_stage.h"
#include "kc_task_matmul.h"

#define VLEN NPU_VLEN
#define VROWS NPU_VROWS
#define MAX_SLOTS 4
#define ELTWISE_TILE_ROWS 512u     /* SRAM rows per eltwise tile (3 buffers + temps fit) */
#define ROWNORM_TILE_ROWS 256u     /* target SRAM rows per rownorm tile */
#define ROWNORM_MAX_GROUP 8u       /* tensor rows per rownorm tile (code size) */

/* ---- slots and recipes --------------------------------------------------------- */

/* Registers of one unroll slot (-1 = unused). */
typedef struct slot {
    int x, t, g, b;       /* integer registers: x/gamma/beta row pointers, scratch row */
    int c, p;             /* fp registers: running sum, partial */
    int w;                /* > 0: a 4th row pointer, starting w_off rows after x's */
    uint32_t w_off;
} slot;

/* Expands {X} {T} {G} {B} (as rN) and {C} {P} (as fN) for one slot. */
static void emit_op(npu_gen *g, const char *op, const slot *s)
{
    char line[256];
    size_t n = 0;
    for (const char *q = op; *q && n + 8 < sizeof line; q++) {
        if (q[0] == '{' && q[1] && q[2] == '}') {
            int reg = -1;
            char kind = 'r';
            switch (q[1]) {
            case 'X': reg = s->x; break;
            case 'T': reg = s->t; break;
            case 'G': reg = s->g; break;
            case 'B': reg = s->b; break;
            case 'W': reg = s->w; break;
            case 'C': reg = s->c; kind = 'f'; break;
            case 'P': reg = s->p; kind = 'f'; break;
            default: break;
            }
            n += (size_t)snprintf(line + n, sizeof line - n, "%c%d", kind, reg);
            q += 2;
        } else
            line[n++] = *q;
    }
    line[n] = 0;
    npu_emit(g, "%s", line);
}

/* Issues ops round-robin over slots [s0, s1): op k of every slot before op k+1. */
static void emit_ops(npu_gen *g, const char *const *ops, const slot *slots, int s0, int s1)
{
    for (const char *const *op = ops; *op; op++)
        for (int s = s0; s < s1; s++)
            emit_op(g, *op, &slots[s]);
}

/* Where a pass's rows start: register + constant row offset. */
typedef struct rowbase {
    const char *reg;
    uint32_t off;
} rowbase;

#define PASS_MASK_TAIL 1u   /* the ragged last row runs under vmask (reductions) */

/* One pass over `full` whole rows and, when tail_lanes > 0, one ragged row.
 * X pointers start at xb; gamma/beta pointers (when the slots have them) at gb/bb. */
static void row_pass(npu_gen *g, const char *const *ops, unsigned flags, slot *slots, int nslots,
                     rowbase xb, rowbase gb, rowbase bb, uint32_t full, uint32_t tail_lanes)
{
    for (int s = 0; s < nslots; s++) {
        npu_emit(g, "addi r%d, %s, %u", slots[s].x, xb.reg, xb.off + (uint32_t)s);
        if (slots[s].w > 0)
            npu_emit(g, "addi r%d, r%d, %u", slots[s].w, slots[s].x, slots[s].w_off);
        if (slots[s].g >= 0)
            npu_emit(g, "addi r%d, %s, %u", slots[s].g, gb.reg, gb.off + (uint32_t)s);
        if (slots[s].b >= 0)
            npu_emit(g, "addi r%d, %s, %u", slots[s].b, bb.reg, bb.off + (uint32_t)s);
    }
    uint32_t iters = full / (uint32_t)nslots, rest = full % (uint32_t)nslots;
    if (iters > 0) {
        int id = iters > 1 ? npu_loop_open(g, iters, 6) : -1;
        emit_ops(g, ops, slots, 0, nslots);
        for (int s = 0; s < nslots; s++) {
            npu_emit(g, "addi r%d, r%d, %d", slots[s].x, slots[s].x, nslots);
            if (slots[s].w > 0)
                npu_emit(g, "addi r%d, r%d, %d", slots[s].w, slots[s].w, nslots);
            if (slots[s].g >= 0)
                npu_emit(g, "addi r%d, r%d, %d", slots[s].g, slots[s].g, nslots);
            if (slots[s].b >= 0)
                npu_emit(g, "addi r%d, r%d, %d", slots[s].b, slots[s].b, nslots);
        }
        if (id >= 0)
            npu_loop_close(g, id);
    }
    emit_ops(g, ops, slots, 0, (int)rest);
    if (tail_lanes > 0) {
        /* slot `rest` points at row `full`: the pointers advanced in lock-step */
        if (flags & PASS_MASK_TAIL)
            npu_emit(g, "csrwi vmask, %u", tail_lanes);
        emit_ops(g, ops, slots, (int)rest, (int)rest + 1);
        if (flags & PASS_MASK_TAIL)
            npu_emit(g, "csrwi vmask, %u", VLEN);
    }
}

/* ---- the tiling skeleton --------------------------------------------------------- */

typedef struct tmpl tmpl;

typedef struct tiling {
    uint32_t nfull;      /* whole tiles */
    int tail;            /* 1 when a smaller last tile follows */
    uint32_t buf_rows;   /* SRAM rows per buffer */
    int two_bufs;        /* 2 buffers (current, next) instead of 3: enough when a
                            tile's loads and stores touch different SRAMs */
    /* Each callback gets full = 1 for a whole tile, 0 for the tail tile, and the
     * register holding the buffer's first row. */
    void (*load)(npu_gen *g, const tmpl *t, int full, const char *buf);
    void (*compute)(npu_gen *g, const tmpl *t, int full, const char *buf);
    void (*store)(npu_gen *g, const tmpl *t, int full, const char *buf);
    /* Optional: computes tile i (full, buf) and issues the load of tile i+1 (next:
     * 1 whole, 0 tail, -1 none) into "r3" itself, interleaved with the compute,
     * for loads made of many DMA commands that would otherwise stall the core. */
    void (*compute_load)(npu_gen *g, const tmpl *t, int full, const char *buf, int next);
} tiling;

static void tile_iteration(npu_gen *g, const tmpl *t, const tiling *tl, int cur_full, int next)
{
    if (tl->compute_load)
        tl->compute_load(g, t, cur_full, "r2", next);
    else {
        if (next >= 0)
            tl->load(g, t, next, "r3");
        tl->compute(g, t, cur_full, "r2");
    }
    tl->store(g, t, cur_full, "r2");
    if (next >= 0) { /* rotate buffers: (cur, next, spare) <- (next, spare, cur) */
        npu_emit(g, "mv r15, r2");
        npu_emit(g, "mv r2, r3");
        npu_emit(g, "mv r3, %s", tl->two_bufs ? "r15" : "r4");
        if (!tl->two_bufs)
            npu_emit(g, "mv r4, r15");
    }
}

static void tile_pipeline(npu_gen *g, const tmpl *t, const tiling *tl)
{
    uint32_t total = tl->nfull + (uint32_t)tl->tail;
    npu_emit(g, "li r2, 0");
    npu_emit(g, "li r3, %u", tl->buf_rows);
    if (!tl->two_bufs)
        npu_emit(g, "li r4, %u", 2 * tl->buf_rows);
    tl->load(g, t, tl->nfull > 0, "r2");
    uint32_t uniform = tl->nfull >= 2 ? tl->nfull - 1 : 0;
    if (uniform > 0) {
        npu_comment(g, "steady state: load tile i+1, compute tile i, store tile i");
        int id = uniform > 1 ? npu_loop_open(g, uniform, 5) : -1;
        tile_iteration(g, t, tl, 1, 1);
        if (id >= 0)
            npu_loop_close(g, id);
    }
    for (uint32_t i = uniform; i < total; i++) {
        npu_comment(g, i < tl->nfull ? "last whole tile" : "ragged tail tile");
        int next = i + 1 < total ? (i + 1 < tl->nfull) : -1;
        tile_iteration(g, t, tl, i < tl->nfull, next);
    }
}

/* ---- families ----------------------------------------------------------------- */

typedef enum family { FAM_ELTWISE, FAM_ROWNORM, FAM_MATMUL, FAM_ROPE } family;

typedef enum step_kind {
    STEP_END = 0,
    STEP_SLOTS,   /* ops once per slot (initialisation) */
    STEP_FOLD,    /* ops for slots 1..U-1 (combining into slot 0) */
    STEP_LINE,    /* ops once */
    STEP_PASS     /* a row pass */
} step_kind;

typedef struct step {
    step_kind kind;
    unsigned flags;           /* PASS_MASK_TAIL */
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
    /* rownorm: f3 = 1/N, f4 = eps (or -inf), f5/f6/f7 row scalars, slot sums f8.., T0 = r13 */
    { .task = "softmax", .fam = FAM_ROWNORM, .f4 = -INFINITY,
      .steps = {
          { STEP_SLOTS, 0, 0, 0, { "vbcast [{T}], f4" } },
          { STEP_PASS, PASS_MASK_TAIL, 0, 0, { "vmax [{T}], [{T}], [{X}]" } },
          { STEP_FOLD, 0, 0, 0, { "vmax [r13], [r13], [{T}]" } },
          { STEP_LINE, 0, 0, 0, { "vredmax f5, [r13]" } },
          { STEP_SLOTS, 0, 0, 0, { "fadd {C}, f0, f0" } },
          { STEP_PASS, PASS_MASK_TAIL, 0, 0,
            { "vsubs [{X}], [{X}], f5", "vexp [{X}], [{X}]", "vredsum {P}, [{X}]",
              "fadd {C}, {C}, {P}" } },
          { STEP_FOLD, 0, 0, 0, { "fadd f8, f8, {C}" } },
          { STEP_LINE, 0, 0, 0, { "frecip f7, f8" } },
          { STEP_PASS, 0, 0, 0, { "vmuls [{X}], [{X}], f7" } },
      } },
    { .task = "layernorm", .fam = FAM_ROWNORM,
      .steps = {
          { STEP_SLOTS, 0, 0, 0, { "fadd {C}, f0, f0" } },
          { STEP_PASS, PASS_MASK_TAIL, 0, 0, { "vredsum {P}, [{X}]", "fadd {C}, {C}, {P}" } },
          { STEP_FOLD, 0, 0, 0, { "fadd f8, f8, {C}" } },
          { STEP_LINE, 0, 0, 0, { "fmul f5, f8, f3" } },
          { STEP_SLOTS, 0, 0, 0, { "fadd {C}, f0, f0" } },
          { STEP_PASS, PASS_MASK_TAIL, 0, 0,
            { "vsubs [{X}], [{X}], f5", "vmul [{T}], [{X}], [{X}]", "vredsum {P}, [{T}]",
              "fadd {C}, {C}, {P}" } },
          { STEP_FOLD, 0, 0, 0, { "fadd f8, f8, {C}" } },
          { STEP_LINE, 0, 0, 0, { "fmul f6, f8, f3", "fadd f6, f6, f4", "frsqrt f7, f6" } },
          { STEP_PASS, 0, 1, 1,
            { "vmuls [{X}], [{X}], f7", "vmul [{X}], [{X}], [{G}]", "vadd [{X}], [{X}], [{B}]" } },
      } },
    { .task = "rmsnorm", .fam = FAM_ROWNORM,
      .steps = {
          { STEP_SLOTS, 0, 0, 0, { "fadd {C}, f0, f0" } },
          { STEP_PASS, PASS_MASK_TAIL, 0, 0,
            { "vmul [{T}], [{X}], [{X}]", "vredsum {P}, [{T}]", "fadd {C}, {C}, {P}" } },
          { STEP_FOLD, 0, 0, 0, { "fadd f8, f8, {C}" } },
          { STEP_LINE, 0, 0, 0, { "fmul f6, f8, f3", "fadd f6, f6, f4", "frsqrt f7, f6" } },
          { STEP_PASS, 0, 1, 0, { "vmuls [{X}], [{X}], f7", "vmul [{X}], [{X}], [{G}]" } },
      } },
    /* matmul: the shape (kc_task_matmul_view) says everything */
    { .task = "gemv", .fam = FAM_MATMUL },
    { .task = "gemm", .fam = FAM_MATMUL },
    { .task = "bmm", .fam = FAM_MATMUL },
    { .task = "linear", .fam = FAM_MATMUL },
    { .task = "swiglu", .fam = FAM_MATMUL },
    /* rope: X = x1, G = x2 (pair halves), B = cos, W = sin, T scratch:
     * t = x1 sin; sin = x2 sin; x1 *= cos; x2 *= cos; x1 -= sin; x2 += t */
    { .task = "rope", .fam = FAM_ROPE,
      .ops = { "vmul [{T}], [{X}], [{W}]", "vmul [{W}], [{G}], [{W}]", "vmul [{X}], [{X}], [{B}]",
               "vmul [{G}], [{G}], [{B}]", "vsub [{X}], [{X}], [{W}]", "vadd [{G}], [{G}], [{T}]" } },
};

/* Everything a family's callbacks need about the kernel being generated. */
struct tmpl {
    const recipe *r;
    int nslots;
    slot slots[MAX_SLOTS];
    npu_work w;              /* working address registers (per family below) */
    /* eltwise: w0 walks in, w1 out, w2 in2 ("add") */
    uint32_t tile_elems, tail_elems;
    int binary;              /* "add": a second input region tile_rows after x */
    uint32_t tile_rows;
    /* rownorm: w0 walks in, w1 out; rows ld elements apart */
    uint32_t n, ld, k_full, k_tail_lanes, k_rows, group, tail_group;
    uint32_t gamma_row, beta_row;
    /* matmul: w0 walks the A block and the transposed panel loads, w1 B, w2 C */
    npu_mm mm;
    uint32_t kt, kt_last;    /* K tiles of 16, lanes of the last one */
    uint32_t pw;             /* output columns per panel: 16, or 16P (wide GEMV panels) */
    uint32_t nw_tail;        /* columns of the ragged last panel (0: none) */
    int wide;                /* one output row (GEMV): a panel is pw/16 blocks */
    int single;              /* K too long for two panel buffers: one, reloaded K tile
                                by K tile behind the last group's reads */
    uint32_t mbp;            /* A rows per M block, a multiple of MLEN */
    uint32_t rows;           /* rows of the M block being generated */
    uint32_t a_row, bias_row; /* vector-SRAM rows of the A block and of the bias */
    /* rope: w0 walks x, w1 y, w2 the half being moved, w3 cos, w4 sin;
     * tiles of `group` positions; a buffer holds 4 regions of `region`
     * rows (x first halves, x second halves, cos and sin replicated per head),
     * row (p*H + h)*kh + j of each (kh = ceil(Dh/32) SRAM rows per half) */
    uint32_t rp_h, rp_dh, rp_kh, region;
    int halves;              /* 2 for SwiGLU (u and g panels per buffer), else 1 */
    uint32_t gate_off;       /* rows from a buffer's u panel/outputs to its g ones */
};

/* -- eltwise: the flat tensor in tiles of tile_elems (one DMA "row" per tile) -- */

static void eltwise_dma(npu_gen *g, const tmpl *t, int full, const char *buf, int store)
{
    uint32_t elems = full ? t->tile_elems : t->tail_elems;
    int reg = t->w.a[store ? 1 : 0];
    npu_csr(g, "dlen", elems);
    npu_emit(g, "li r1, 1");
    npu_emit(g, "%s [%s], a%d, r1", store ? "dst" : "dld", buf, reg);
    npu_adda(g, reg, 2ull * elems);
}

static void eltwise_load(npu_gen *g, const tmpl *t, int full, const char *buf)
{
    eltwise_dma(g, t, full, buf, 0);
    if (t->binary) { /* the second input, tile_rows further */
        uint32_t elems = full ? t->tile_elems : t->tail_elems;
        npu_emit(g, "addi r15, %s, %u", buf, t->tile_rows);
        npu_emit(g, "dld [r15], a%d, r1", t->w.a[2]);
        npu_adda(g, t->w.a[2], 2ull * elems);
    }
}

static void eltwise_store(npu_gen *g, const tmpl *t, int full, const char *buf)
{
    eltwise_dma(g, t, full, buf, 1);
}

static void eltwise_compute(npu_gen *g, const tmpl *t, int full, const char *buf)
{
    uint32_t rows = ((full ? t->tile_elems : t->tail_elems) + VLEN - 1) / VLEN;
    slot s[MAX_SLOTS];
    memcpy(s, t->slots, sizeof s);
    row_pass(g, t->r->ops, 0, s, t->nslots, (rowbase){ buf, 0 }, (rowbase){ buf, t->tile_rows },
             (rowbase){ "r0", 0 }, rows, 0);
}

/* -- rownorm: tiles of `group` tensor rows, each row k_rows SRAM rows -- */

static void rownorm_dma(npu_gen *g, const tmpl *t, int full, const char *buf, int store)
{
    uint32_t rows = full ? t->group : t->tail_group;
    int reg = t->w.a[store ? 1 : 0];
    npu_emit(g, "li r1, %u", rows);
    npu_emit(g, "%s [%s], a%d, r1", store ? "dst" : "dld", buf, reg);
    npu_adda(g, reg, 2ull * rows * t->ld);
}

static void rownorm_load(npu_gen *g, const tmpl *t, int full, const char *buf)
{
    rownorm_dma(g, t, full, buf, 0);
}

static void rownorm_store(npu_gen *g, const tmpl *t, int full, const char *buf)
{
    rownorm_dma(g, t, full, buf, 1);
}

static void rownorm_row(npu_gen *g, const tmpl *t, const char *buf, uint32_t row)
{
    npu_comment(g, "tensor row %u of the tile", row);
    for (const step *st = t->r->steps; st->kind != STEP_END; st++) {
        switch (st->kind) {
        case STEP_SLOTS:
            for (int s = 0; s < t->nslots; s++)
                for (const char *const *op = st->ops; *op; op++)
                    emit_op(g, *op, &t->slots[s]);
            break;
        case STEP_FOLD:
            for (int s = 1; s < t->nslots; s++)
                for (const char *const *op = st->ops; *op; op++)
                    emit_op(g, *op, &t->slots[s]);
            break;
        case STEP_LINE:
            for (const char *const *op = st->ops; *op; op++)
                emit_op(g, *op, &t->slots[0]);
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
            row_pass(g, st->ops, st->flags, s, t->nslots, (rowbase){ buf, row * t->k_rows },
                     (rowbase){ "r0", t->gamma_row }, (rowbase){ "r0", t->beta_row }, t->k_full,
                     t->k_tail_lanes);
            break;
        }
        case STEP_END:
            break;
        }
    }
}

static void rownorm_compute(npu_gen *g, const tmpl *t, int full, const char *buf)
{
    uint32_t rows = full ? t->group : t->tail_group;
    for (uint32_t i = 0; i < rows; i++)
        rownorm_row(g, t, buf, i);
}

/* -- rope: x viewed as 2SH rows of Dh/2 (the pair halves), so that every half
 * starts an SRAM row and the pairs line up lane by lane -- */

/* The x halves of a tile: DMA rows of Dh/2 elements, 2 Dh bytes apart (first
 * halves from areg, second halves Dh bytes further, through `half_areg`). */
static void rope_x_dma(npu_gen *g, const tmpl *t, uint32_t rows, const char *buf, int store)
{
    int areg = t->w.a[store ? 1 : 0], half_areg = t->w.a[2];
    npu_csr(g, "dstride", 2 * t->rp_dh);
    npu_emit(g, "li r1, %u", rows * t->rp_h);
    npu_emit(g, "movra r15, a%d", areg);
    npu_emit(g, "addi r15, r15, %u", t->rp_dh);
    npu_emit(g, "movar a%d, r15", half_areg);
    npu_emit(g, "%s [%s], a%d, r1", store ? "dst" : "dld", buf, areg);
    npu_emit(g, "addi r15, %s, %u", buf, t->region);
    npu_emit(g, "%s [r15], a%d, r1", store ? "dst" : "dld", half_areg);
    npu_adda(g, areg, rows * t->rp_h * 2 * t->rp_dh);
}

static void rope_load(npu_gen *g, const tmpl *t, int full, const char *buf)
{
    uint32_t rows = full ? t->group : t->tail_group;
    npu_csr(g, "dlen", t->rp_dh / 2);
    rope_x_dma(g, t, rows, buf, 0);
    /* cos/sin of each position, H copies (dstride 0): one command each */
    npu_csr(g, "dstride", 0);
    npu_emit(g, "li r1, %u", t->rp_h);
    npu_emit(g, "addi r15, %s, %u", buf, 2 * t->region);
    npu_emit(g, "addi r14, %s, %u", buf, 3 * t->region);
    int id = rows > 1 ? npu_loop_open(g, rows, 6) : -1;
    npu_emit(g, "dld [r15], a%d, r1", t->w.a[3]);
    npu_emit(g, "dld [r14], a%d, r1", t->w.a[4]);
    npu_emit(g, "addai a%d, a%d, %u", t->w.a[3], t->w.a[3], t->rp_dh);
    npu_emit(g, "addai a%d, a%d, %u", t->w.a[4], t->w.a[4], t->rp_dh);
    npu_emit(g, "addi r15, r15, %u", t->rp_h * t->rp_kh);
    npu_emit(g, "addi r14, r14, %u", t->rp_h * t->rp_kh);
    if (id >= 0)
        npu_loop_close(g, id);
}

static void rope_store(npu_gen *g, const tmpl *t, int full, const char *buf)
{
    npu_csr(g, "dlen", t->rp_dh / 2);
    rope_x_dma(g, t, full ? t->group : t->tail_group, buf, 1);
}

static void rope_compute(npu_gen *g, const tmpl *t, int full, const char *buf)
{
    uint32_t rows = (full ? t->group : t->tail_group) * t->rp_h * t->rp_kh;
    slot s[MAX_SLOTS];
    memcpy(s, t->slots, sizeof s);
    /* r1 (a DMA count outside compute) is slot 1's scratch-row register */
    npu_emit(g, "li r11, %u", 12 * t->region);
    npu_emit(g, "li r1, %u", 12 * t->region + 1);
    row_pass(g, t->r->ops, 0, s, t->nslots, (rowbase){ buf, 0 }, (rowbase){ buf, t->region },
             (rowbase){ buf, 2 * t->region }, rows, 0);
}

static const recipe *recipe_find(const char *task);

static kc_status need_work(const npu_work *w, int n, const char *what, kc_err *err)
{
    if (w->n < n)
        return kc_err_set(err, KC_ERR_INTERNAL, "npu template: the %s stage needs %d working "
                          "address registers, %d given", what, n, w->n);
    return KC_OK;
}

kc_status npu_stage_rope(npu_gen *g, npu_opnd x, npu_opnd cos, npu_opnd sin, npu_opnd y,
                         uint32_t S, uint32_t H, uint32_t Dh, npu_work w, kc_err *err)
{
    tmpl tt, *t = &tt;
    memset(t, 0, sizeof *t);
    t->r = recipe_find("rope");
    t->w = w;
    if (need_work(&w, 5, "rope", err) != KC_OK)
        return KC_ERR_INTERNAL;
    t->rp_h = H;
    t->rp_dh = Dh;
    t->rp_kh = (t->rp_dh / 2 + VLEN - 1) / VLEN;
    /* 3 buffers of 4 regions, 2 scratch rows */
    uint32_t per_pos = t->rp_h * t->rp_kh;
    t->group = (VROWS - 2) / (12 * per_pos);
    if (t->group > 32)
        t->group = 32;
    if (t->group > S)
        t->group = S;
    if (t->group < 1 || t->rp_dh % 2 || 2 * t->rp_dh > 0xffff)
        return kc_err_set(err, KC_ERR_USAGE,
                          "npu template: rope with H = %u, Dh = %u does not fit the vector SRAM",
                          t->rp_h, t->rp_dh);
    npu_aset_op(g, w.a[0], x, 0);
    npu_aset_op(g, w.a[1], y, 0);
    npu_aset_op(g, w.a[3], cos, 0);
    npu_aset_op(g, w.a[4], sin, 0);
    t->tail_group = S % t->group;
    t->region = t->group * per_pos;
    t->nslots = 2;
    /* slot registers; the sin pointer W walks 3 regions after x */
    t->slots[0] = (slot){ .x = 7, .g = 8, .b = 9, .w = 10, .w_off = 3 * t->region, .t = 11,
                          .c = -1, .p = -1 };
    t->slots[1] = (slot){ .x = 12, .g = 13, .b = 14, .w = 15, .w_off = 3 * t->region, .t = 1,
                          .c = -1, .p = -1 };
    tiling tl = { .nfull = S / t->group, .tail = t->tail_group > 0, .buf_rows = 4 * t->region,
                  .load = rope_load, .compute = rope_compute, .store = rope_store };
    tile_pipeline(g, t, &tl);
    return KC_OK;
}

/* -- matmul: C[b] = A[b] B[b] (+ bias) on the systolic array --
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
 * KT = 1 the tile stays loaded. GEMV uses wide panels (see gen_matmul).
 * Ragged edges: the last group runs with mrows = M mod 4, the last panel loads
 * and stores dlen = N mod 16 columns, and K pads with zero lanes of A (B's pad
 * rows are set once to finite values, since 0 * NaN would not be 0).
 * Registers: r1 DMA rows, r2/r3 buffers, r5 panel loop, r6 group loop, r7 A tile
 * row, r8 B tile row, r9 output row, r10 bias row, r11/r12 bias loop, r14/r15
 * temporaries; a4 A block, a5 next B panel, a6 next C panel, a7 DMA walk.
 */

#define MROWS NPU_MROWS
#define MLEN NPU_MLEN

static const char *mm_ldb(const tmpl *t)
{
    return t->mm.b_transposed ? "mldbt" : "mldb";
}

/* a7 = first W row of the current panel of weight matrix h: a5 walks W (W_up
 * for SwiGLU); SwiGLU's W_gate panel (h = 1) is at a5 + r13 (r13 = &W_gate - &W_up,
 * since no address register is left to walk it). */
static void matmul_src(npu_gen *g, const tmpl *t, int h)
{
    npu_emit(g, "movra r15, a%d", t->w.a[1]);
    if (h)
        npu_emit(g, "add r15, r15, r13");
    npu_emit(g, "movar a%d, r15", t->w.a[0]);
}

/* B panel into matrix rows [buf, buf + 16*KT): B[k][n0..] row k at buf + k, or,
 * transposed, W[n0 + j][16kt..] at buf + 16kt + j (one command per K tile).
 * SwiGLU loads its W_gate panel the same way 16*KT rows further (gate_off). */
static void matmul_load(npu_gen *g, const tmpl *t, int full, const char *buf)
{
    uint32_t cols = full ? t->pw : t->nw_tail;
    int wb = t->w.a[1], wt = t->w.a[0];
    if (!t->mm.b_transposed) {
        npu_csr(g, "dlen", cols);
        npu_csr(g, "dstride", 2 * t->mm.b.ld);
        npu_emit(g, "li r1, %u", t->mm.k);
        npu_emit(g, "mld [%s], a%d, r1", buf, wb);
        npu_emit(g, "addai a%d, a%d, %u", wb, wb, 2 * VLEN);
        return;
    }
    npu_csr(g, "dstride", 2 * t->mm.b.ld);
    npu_emit(g, "li r1, %u", cols);
    for (int h = 0; h < t->halves; h++) {
        matmul_src(g, t, h);
        npu_offset(g, 14, buf, (uint32_t)h * t->gate_off);
        for (uint32_t kt = 0; kt < t->kt; kt++) {
            if (kt == 0 || kt + 1 == t->kt)
                npu_csr(g, "dlen", kt + 1 == t->kt ? t->kt_last : VLEN);
            npu_emit(g, "mld [r14], a%d, r1", wt);
            if (kt + 1 < t->kt) {
                npu_emit(g, "addai a%d, a%d, %u", wt, wt, 2 * VLEN);
                npu_emit(g, "addi r14, r14, %u", t->pw);
            }
        }
    }
    npu_adda(g, wb, 2ull * t->pw * t->mm.b.ld);
}

/* One DMA command of a transposed panel load (K tile by K tile, see
 * matmul_compute_load): pw rows of W into matrix rows r14.. from a7. */
static void matmul_tcmd(npu_gen *g, const tmpl *t)
{
    npu_emit(g, "mld [r14], a%d, r1", t->w.a[0]);
    npu_emit(g, "addai a%d, a%d, %u", t->w.a[0], t->w.a[0], 2 * VLEN);
    npu_emit(g, "addi r14, r14, %u", t->pw);
}

/* One group of up to 4 output rows x 16 columns: all K tiles (pw matrix rows
 * apart), then mst. `cmds` transposed-load commands are spread over its K steps;
 * `last` adds the final (short-dlen) command at the end. The next group is the
 * next 4 rows of the same panel or, in a wide GEMV panel, the next 16 columns. */
static void matmul_group(npu_gen *g, const tmpl *t, uint32_t cmds, int last)
{
    uint32_t kt_n = t->kt, c = 0, stride = t->pw;
    int prefetch = kt_n % 2 == 0;
    if (kt_n > 1 && !prefetch) {
        npu_emit(g, "%s 0, [r8]", mm_ldb(t));
        npu_emit(g, "addi r8, r8, %u", stride);
    }
    for (uint32_t kt = 0; kt < kt_n; kt++) {
        npu_emit(g, "mmac %u, [r7]", kt_n == 1 ? 0 : kt & 1);
        npu_emit(g, "addi r7, r7, %u", kt_n == 1 ? MLEN : t->mbp);
        for (; c < cmds && c * kt_n / cmds <= kt; c++)
            matmul_tcmd(g, t);
        if (kt + 1 < kt_n) {
            npu_emit(g, "%s %u, [r8]", mm_ldb(t), (kt + 1) & 1);
            npu_emit(g, "addi r8, r8, %u", stride);
        }
    }
    if (last) {
        npu_csr(g, "dlen", t->kt_last);
        npu_emit(g, "mld [r14], a%d, r1", t->w.a[0]);
    }
    if (kt_n > 1) {
        npu_emit(g, "addi r8, r8, %d", (t->wide ? (int)VLEN : 0) - (int)(stride * kt_n));
        if (prefetch) { /* tile 0 of the next group, while this one drains */
            npu_emit(g, "%s 0, [r8]", mm_ldb(t));
            npu_emit(g, "addi r8, r8, %u", stride);
        }
        npu_emit(g, "addi r7, r7, %d", (t->wide ? 0 : (int)MLEN) - (int)(kt_n * t->mbp));
    }
    npu_emit(g, "mst [r9]");
    npu_emit(g, "addi r9, r9, %u", t->wide ? 1 : MLEN);
}

/* `count` groups (a hardware loop when more than one), `cmds` commands each. */
static void matmul_groups(npu_gen *g, const tmpl *t, uint32_t count, uint32_t cmds)
{
    if (count == 0)
        return;
    int id = count > 1 ? npu_loop_open(g, count, 6) : -1;
    matmul_group(g, t, cmds, 0);
    if (id >= 0)
        npu_loop_close(g, id);
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
static void matmul_half(npu_gen *g, const tmpl *t, int full, const char *buf, int next, int h)
{
    uint32_t groups = t->rows / MLEN, rest = t->rows % MLEN, off = (uint32_t)h * t->gate_off;
    uint32_t uniform = 0;
    int last = 0;
    if (t->wide) { /* blocks of 16 columns; the next panel loads during the last */
        groups = 0;
        rest = ((full ? t->pw : t->nw_tail) + VLEN - 1) / VLEN;
    }
    if (next >= 0 && !t->mm.b_transposed)
        matmul_load(g, t, next, "r3");
    if (next >= 0 && t->mm.b_transposed) {
        npu_csr(g, "dstride", 2 * t->mm.b.ld);
        npu_csr(g, "dlen", VLEN);
        npu_emit(g, "li r1, %u", next ? t->pw : t->nw_tail);
        matmul_src(g, t, h);
        npu_offset(g, 14, "r3", off);
        uniform = t->kt - 1;
        last = 1;
    }
    npu_offset(g, 8, buf, off);
    npu_offset(g, 9, buf, off);
    npu_emit(g, "li r7, %u", t->a_row);
    if (t->kt == 1 || t->kt % 2 == 0) {
        npu_emit(g, "%s 0, [r8]", mm_ldb(t));
        npu_emit(g, "addi r8, r8, %u", t->pw);
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
        npu_emit(g, "csrwi mrows, %u", rest);
        matmul_group(g, t, uniform, last);
        npu_emit(g, "csrwi mrows, %u", MLEN);
    } else if (last) {
        npu_csr(g, "dlen", t->kt_last);
        npu_emit(g, "mld [r14], a%d, r1", t->w.a[0]);
    }
}

/* SwiGLU: u rows (at buf) *= silu(g rows, gate_off further), in place in a row
 * pass over 4 slots: u *= g; g = 1 / (1 + exp(-g)); u *= g (f1 = 1, f2 = -1). */
static void matmul_gate(npu_gen *g, const tmpl *t, const char *buf)
{
    static const char *const ops[] = { "vmul [{X}], [{X}], [{G}]", "vmuls [{G}], [{G}], f2",
                                       "vexp [{G}], [{G}]", "vadds [{G}], [{G}], f1",
                                       "vrecip [{G}], [{G}]", "vmul [{X}], [{X}], [{G}]", NULL };
    /* r7..r10, r12, r14 and r4, r11 are free once the panel's mst's are issued */
    slot s[MAX_SLOTS] = { { .x = 7, .g = 11, .t = -1, .b = -1, .c = -1, .p = -1 },
                          { .x = 8, .g = 12, .t = -1, .b = -1, .c = -1, .p = -1 },
                          { .x = 9, .g = 14, .t = -1, .b = -1, .c = -1, .p = -1 },
                          { .x = 10, .g = 4, .t = -1, .b = -1, .c = -1, .p = -1 } };
    row_pass(g, ops, 0, s, MAX_SLOTS, (rowbase){ buf, 0 }, (rowbase){ buf, t->gate_off },
             (rowbase){ "r0", 0 }, t->rows, 0);
}

static void matmul_compute_load(npu_gen *g, const tmpl *t, int full, const char *buf, int next)
{
    for (int h = 0; h < t->halves; h++)
        matmul_half(g, t, full, buf, next, h);
    if (next >= 0 && t->mm.b_transposed)
        npu_adda(g, t->w.a[1], 2ull * t->pw * t->mm.b.ld);
    if (t->halves > 1)
        matmul_gate(g, t, buf);
    if (t->mm.bias.areg >= 0) { /* y rows += bias row of this panel, after the mst's */
        npu_emit(g, "mv r11, %s", buf);
        int id = t->rows > 1 ? npu_loop_open(g, t->rows, 12) : -1;
        npu_emit(g, "vadd [r11], [r11], [r10]");
        npu_emit(g, "addi r11, r11, 1");
        if (id >= 0)
            npu_loop_close(g, id);
        npu_emit(g, "addi r10, r10, 1");
    }
}

static void matmul_store(npu_gen *g, const tmpl *t, int full, const char *buf)
{
    int wc = t->w.a[2];
    npu_csr(g, "dlen", full ? t->pw : t->nw_tail);
    npu_csr(g, "dstride", 2 * t->mm.c.ld);
    npu_emit(g, "li r1, %u", t->rows);
    npu_emit(g, "dst [%s], a%d, r1", buf, wc);
    npu_emit(g, "addai a%d, a%d, %u", wc, wc, 2 * t->pw);
}

/* The A block of `rows` rows at a4 into its K panels. */
static void matmul_load_a(npu_gen *g, const tmpl *t)
{
    int wa = t->w.a[0];
    npu_csr(g, "dstride", 2 * t->mm.a.ld);
    npu_emit(g, "li r1, %u", t->rows);
    npu_emit(g, "li r14, %u", t->a_row);
    for (uint32_t kt = 0; kt < t->kt; kt++) {
        if (kt == 0 || kt + 1 == t->kt)
            npu_csr(g, "dlen", kt + 1 == t->kt ? t->kt_last : VLEN);
        npu_emit(g, "dld [r14], a%d, r1", wa);
        if (kt + 1 < t->kt) {
            npu_emit(g, "addai a%d, a%d, %u", wa, wa, 2 * VLEN);
            npu_emit(g, "addi r14, r14, %u", t->mbp);
        }
    }
}

static uint32_t round_down4(uint32_t v)
{
    return v & ~(MLEN - 1);
}

/* r<rd> = operand's address (r14 as a temporary). */
static void matmul_addr(npu_gen *g, int rd, npu_opnd o)
{
    npu_emit(g, "movra r%d, a%d", rd, o.areg);
    if (o.off) {
        npu_emit(g, "li r14, %llu", (unsigned long long)o.off);
        npu_emit(g, "add r%d, r%d, r14", rd, rd);
    }
}

kc_status npu_stage_matmul(npu_gen *g, const npu_mm *mm, npu_work w, kc_err *err)
{
    tmpl tt, *t = &tt;
    memset(t, 0, sizeof *t);
    t->mm = *mm;
    t->w = w;
    const npu_mm *d = &t->mm;
    if (need_work(&w, 3, "matmul", err) != KC_OK)
        return KC_ERR_INTERNAL;
    t->kt = (d->k + VLEN - 1) / VLEN;
    t->kt_last = d->k - VLEN * (t->kt - 1);
    uint32_t panel = VLEN * t->kt, nt = (d->n + VLEN - 1) / VLEN;
    /* GEMV (one output row, W^T): nothing to reuse and each K tile of a 16-column
     * panel would be its own 16-row DMA command, so panels are P blocks wide with
     * one command of 16P rows per K tile into a single buffer of all of matrix
     * SRAM (K tile t of block p at t*16P + 16p); panel q+1 loads during the last
     * block of panel q, each K tile as soon as that block has read it. */
    uint32_t wide_p = MROWS / panel < nt ? MROWS / panel : nt;
    /* SwiGLU: a buffer holds the W_up panel and, gate_off = 16*KT rows further,
     * the W_gate panel (matrix SRAM), the u and the g output rows (vector SRAM) */
    int has_bias = d->bias.areg >= 0;
    t->halves = d->gate.areg >= 0 ? 2 : 1;
    t->gate_off = panel;
    uint32_t span = panel * (uint32_t)t->halves;
    t->wide = d->m == 1 && d->b_transposed && t->kt > 1 && wide_p > 1 && t->halves == 1;
    /* one panel buffer when two do not fit: transposed B only (its panel loads
     * are per K tile, so the next panel can follow the last group's reads) */
    t->single = !t->wide && 2 * span > MROWS && span <= MROWS && d->b_transposed &&
                t->halves == 1;
    t->pw = t->wide ? VLEN * wide_p : VLEN;
    t->nw_tail = d->n % t->pw;
    uint32_t bias_rows = has_bias ? nt : 0;
    /* vector SRAM: output rows [v, v + mbp) (and [v + panel, ..) for g) of both
     * buffers v = 0, span; the last starts at last_out; then A block, bias rows */
    uint32_t last_out = t->single ? 0 : 2 * span - panel;
    uint32_t fit = VROWS > last_out + panel + bias_rows
                       ? (VROWS - last_out - bias_rows) / (t->kt + 1) : 0;
    t->mbp = round_down4(fit < panel ? fit : panel);
    uint32_t m4 = (d->m + MLEN - 1) & ~(MLEN - 1);
    if (t->mbp > m4)
        t->mbp = m4;
    if ((2 * span > MROWS && !t->single) || t->mbp < MLEN || 2 * d->k > 0xffff ||
        2 * d->n > 0xffff)
        return kc_err_set(err, KC_ERR_USAGE,
                          "npu template: a contraction with K = %u does not fit (%s of %d panels "
                          "of 16 x K in matrix SRAM need K <= %u)", d->k,
                          d->b_transposed && t->halves == 1 ? "one buffer" : "two buffers",
                          t->halves, (d->b_transposed && t->halves == 1 ? MROWS : MROWS / 2) /
                          (uint32_t)t->halves);
    t->a_row = t->wide ? t->pw / VLEN + MLEN : last_out + t->mbp;
    t->bias_row = t->a_row + t->kt * t->mbp;

    if (t->wide)
        npu_emit(g, "csrwi mrows, 1");
    if (t->halves > 1) {
        npu_comment(g, "r13 = &W_gate - &W_up (the gate panel is walked relative to a%d)",
                    w.a[1]);
        matmul_addr(g, 13, d->gate);
        matmul_addr(g, 15, d->b);
        npu_emit(g, "sub r13, r13, r15");
        npu_fconst(g, 1, 1.0);
        npu_fconst(g, 2, -1.0);
    }
    if (has_bias) { /* bias stays resident: row p holds bias[16p .. 16p+15] */
        npu_aset_op(g, w.a[0], d->bias, 0);
        npu_csr(g, "dlen", d->n);
        npu_emit(g, "li r1, 1");
        npu_emit(g, "li r15, %u", t->bias_row);
        npu_emit(g, "dld [r15], a%d, r1", w.a[0]);
    }
    if (!d->b_transposed && d->k % VLEN) {
        npu_comment(g, "B pad rows k >= K of both panels: finite (A[0], zeros), once");
        npu_aset_op(g, w.a[0], d->a, 0);
        npu_csr(g, "dlen", 1);
        npu_csr(g, "dstride", 0);
        npu_emit(g, "li r1, %u", panel - d->k);
        for (uint32_t b = 0; b < 2; b++) {
            npu_emit(g, "li r15, %u", b * panel + d->k);
            npu_emit(g, "mld [r15], a%d, r1", w.a[0]);
        }
    }
    for (uint32_t b = 0; b < d->batch; b++)
        for (uint32_t m0 = 0; m0 < d->m; m0 += t->mbp) {
            t->rows = d->m - m0 < t->mbp ? d->m - m0 : t->mbp;
            npu_comment(g, "batch %u, rows %u..%u", b, m0, m0 + t->rows - 1);
            npu_aset_op(g, w.a[0], d->a, b * d->a_bstride + 2ull * m0 * d->a.ld);
            npu_aset_op(g, w.a[1], d->b, b * d->b_bstride);
            npu_aset_op(g, w.a[2], d->c, b * d->c_bstride + 2ull * m0 * d->c.ld);
            if (has_bias)
                npu_emit(g, "li r10, %u", t->bias_row);
            matmul_load_a(g, t);
            tiling tl = { .nfull = d->n / t->pw, .tail = t->nw_tail > 0,
                          .buf_rows = t->wide || t->single ? 0 : span,
                          .two_bufs = 1, .load = matmul_load, .store = matmul_store,
                          .compute_load = matmul_compute_load };
            tile_pipeline(g, t, &tl);
        }
    if (t->wide)
        npu_emit(g, "csrwi mrows, %u", MLEN);
    return KC_OK;
}

/* A level-1/2 matrix task: its contraction on the ABI tensors. */
static kc_status gen_matmul(npu_gen *g, const kc_task *task, const kc_task_config *c,
                            const kc_task_shape *shape, kc_err *err)
{
    kc_task_matmul_dims d;
    if (!kc_task_matmul_view(task, c, &d))
        return kc_err_set(err, KC_ERR_USAGE, "npu template: %s is not a matrix task", task->name);
    npu_opnd none = { -1, 0, 0 };
    npu_mm mm = { .batch = d.batch, .m = d.m, .n = d.n, .k = d.k, .b_transposed = d.b_transposed,
                  .a = npu_op(d.a_idx, 0, d.k),
                  .b = npu_op(d.b_idx, 0, d.b_transposed ? d.k : d.n),
                  .c = npu_op(d.out_idx, 0, d.n),
                  .bias = d.has_bias ? npu_op(d.bias_idx, 0, 0) : none,
                  .gate = d.gate_idx >= 0 ? npu_op(d.gate_idx, 0, d.k) : none,
                  .a_bstride = 2ull * d.m * d.k, .b_bstride = 2ull * d.k * d.n,
                  .c_bstride = 2ull * d.m * d.n };
    kc_status s = npu_stage_matmul(g, &mm, npu_work_from((int)shape->ntensors), err);
    if (s == KC_OK)
        npu_emit(g, "halt");
    return s;
}

/* ---- entry point ------------------------------------------------------------------ */

static const recipe *recipe_find(const char *task)
{
    for (size_t i = 0; i < sizeof recipes / sizeof recipes[0]; i++)
        if (strcmp(recipes[i].task, task) == 0)
            return &recipes[i];
    return NULL;
}

static void emit_consts(npu_gen *g, const recipe *r)
{
    for (const fconst *c = r->consts; c->reg; c++)
        npu_fconst(g, c->reg, c->value);
}

kc_status npu_stage_eltwise(npu_gen *g, const char *recipe_name, npu_opnd in, npu_opnd in2,
                            npu_opnd out, uint64_t elems, npu_work w, kc_err *err)
{
    tmpl tt, *t = &tt;
    memset(t, 0, sizeof *t);
    t->r = recipe_find(recipe_name);
    t->w = w;
    t->binary = in2.areg >= 0;
    if (!t->r || t->r->fam != FAM_ELTWISE)
        return kc_err_set(err, KC_ERR_INTERNAL, "npu template: no element-wise recipe %s",
                          recipe_name);
    if (need_work(&w, t->binary ? 3 : 2, "element-wise", err) != KC_OK)
        return KC_ERR_INTERNAL;
    if (elems == 0 || elems > UINT32_MAX)
        return kc_err_set(err, KC_ERR_USAGE, "npu template: %llu elements",
                          (unsigned long long)elems);
    /* a binary op holds two inputs per buffer: tiles of half the rows, and its
     * fourth register per slot walks the second input instead of a temporary */
    uint32_t tile_rows = t->binary ? ELTWISE_TILE_ROWS / 2 : ELTWISE_TILE_ROWS;
    t->nslots = 4;
    for (int s = 0; s < t->nslots; s++)
        t->slots[s] = (slot){ .x = 7 + s, .t = t->binary ? -1 : 11 + s,
                              .g = t->binary ? 11 + s : -1, .b = -1, .c = -1, .p = -1 };
    t->tile_elems = elems < tile_rows * VLEN ? (uint32_t)elems : tile_rows * VLEN;
    t->tile_rows = (t->tile_elems + VLEN - 1) / VLEN;
    tiling tl = { .nfull = (uint32_t)(elems / t->tile_elems), .load = eltwise_load,
                  .compute = eltwise_compute, .store = eltwise_store };
    t->tail_elems = (uint32_t)(elems % t->tile_elems);
    tl.tail = t->tail_elems > 0;
    tl.buf_rows = t->tile_rows * (t->binary ? 2 : 1);
    /* the address set-up uses r14/r15: before the slot registers */
    npu_aset_op(g, w.a[0], in, 0);
    npu_aset_op(g, w.a[1], out, 0);
    if (t->binary)
        npu_aset_op(g, w.a[2], in2, 0);
    uint32_t temps = 3 * tl.buf_rows;
    for (int s = 0; s < t->nslots && !t->binary; s++)
        npu_emit(g, "li r%d, %u", t->slots[s].t, temps + (uint32_t)s);
    emit_consts(g, t->r);
    tile_pipeline(g, t, &tl);
    return KC_OK;
}

kc_status npu_stage_rownorm(npu_gen *g, const char *recipe_name, npu_opnd in, npu_opnd gamma,
                            npu_opnd beta, npu_opnd out, uint32_t m, uint32_t n, double eps,
                            npu_work w, kc_err *err)
{
    tmpl tt, *t = &tt;
    memset(t, 0, sizeof *t);
    t->r = recipe_find(recipe_name);
    t->w = w;
    if (!t->r || t->r->fam != FAM_ROWNORM)
        return kc_err_set(err, KC_ERR_INTERNAL, "npu template: no row recipe %s", recipe_name);
    if (need_work(&w, 2, "row", err) != KC_OK)
        return KC_ERR_INTERNAL;
    if (in.ld != out.ld || in.ld < n)
        return kc_err_set(err, KC_ERR_INTERNAL, "npu template: row pitches %u/%u for rows of %u",
                          in.ld, out.ld, n);
    t->n = n;
    t->ld = in.ld;
    t->k_full = t->n / VLEN;
    t->k_tail_lanes = t->n % VLEN;
    t->k_rows = (t->n + VLEN - 1) / VLEN;
    t->group = ROWNORM_TILE_ROWS / t->k_rows;
    if (t->group < 1)
        t->group = 1;
    if (t->group > ROWNORM_MAX_GROUP)
        t->group = ROWNORM_MAX_GROUP;
    if (t->group > m)
        t->group = m;
    t->tail_group = m % t->group;
    t->gamma_row = 3 * t->group * t->k_rows;
    t->beta_row = t->gamma_row + t->k_rows;
    uint32_t scratch = t->beta_row + t->k_rows;
    if (scratch + 2 > VROWS || 2 * t->n > 0xffff)
        return kc_err_set(err, KC_ERR_USAGE,
                          "npu template: %s rows of %u elements do not fit the vector SRAM",
                          recipe_name, t->n);
    t->nslots = 2;
    for (int s = 0; s < t->nslots; s++)
        t->slots[s] = (slot){ .x = 7 + s, .g = 9 + s, .b = 11 + s, .t = 13 + s, .c = 8 + s,
                              .p = 12 + s };
    npu_csr(g, "dlen", t->n);
    npu_fconst(g, 3, 1.0 / t->n);
    npu_fconst(g, 4, t->r->f4 != 0 ? t->r->f4 : eps);
    /* gamma and beta, when the recipe has them, stay resident */
    npu_emit(g, "li r1, 1");
    const npu_opnd *vec[2] = { &gamma, &beta };
    for (int i = 0; i < 2; i++)
        if (vec[i]->areg >= 0) {
            npu_aset_op(g, w.a[0], *vec[i], 0);
            npu_emit(g, "li r15, %u", i == 0 ? t->gamma_row : t->beta_row);
            npu_emit(g, "dld [r15], a%d, r1", w.a[0]);
        }
    npu_csr(g, "dstride", 2 * t->ld);
    /* the address set-up uses r14/r15: before the slot registers */
    npu_aset_op(g, w.a[0], in, 0);
    npu_aset_op(g, w.a[1], out, 0);
    for (int s = 0; s < t->nslots; s++)
        npu_emit(g, "li r%d, %u", t->slots[s].t, scratch + (uint32_t)s);
    tiling tl = { .nfull = m / t->group, .tail = t->tail_group > 0,
                  .buf_rows = t->group * t->k_rows, .load = rownorm_load,
                  .compute = rownorm_compute, .store = rownorm_store };
    tile_pipeline(g, t, &tl);
    return KC_OK;
}

/* The single-stage tasks: their stage on the ABI tensors (inputs a0.., the
 * output last, working registers after them), then halt. */
static kc_status gen_single(npu_gen *g, const recipe *r, const kc_task *task,
                            const kc_task_config *c, const kc_task_shape *sh, kc_err *err)
{
    int nt = (int)sh->ntensors, out = nt - 1;
    npu_work w = npu_work_from(nt);
    npu_opnd none = { -1, 0, 0 };
    uint32_t rows = sh->t[0].dims[0], cols = sh->t[0].ndims > 1 ? sh->t[0].dims[1] : 1;
    kc_status s;
    switch (r->fam) {
    case FAM_ELTWISE:
        s = npu_stage_eltwise(g, r->task, npu_op(0, 0, 0), none, npu_op(out, 0, 0),
                              sh->t[0].nelem, w, err);
        break;
    case FAM_ROWNORM:
        s = npu_stage_rownorm(g, r->task, npu_op(0, 0, cols), nt > 2 ? npu_op(1, 0, 0) : none,
                              nt > 3 ? npu_op(2, 0, 0) : none, npu_op(out, 0, cols), rows, cols,
                              task->eps, w, err);
        break;
    case FAM_ROPE:
        s = npu_stage_rope(g, npu_op(0, 0, 0), npu_op(1, 0, 0), npu_op(2, 0, 0),
                           npu_op(out, 0, 0), c->dims[0], c->dims[1], c->dims[2], w, err);
        break;
    default:
        return gen_matmul(g, task, c, sh, err);
    }
    if (s == KC_OK)
        npu_emit(g, "halt");
    return s;
}

kc_status kc_npu_tmpl_emit(const kc_task *task, int config, char **text, kc_err *err)
{
    const kc_task_config *c = NULL;
    const recipe *r = recipe_find(task->name);
    int composite = !strcmp(task->family, "attn") || !strcmp(task->family, "block");
    int conv = !strcmp(task->family, "conv");
    *text = NULL;
    if (!r && !composite && !conv)
        return kc_err_set(err, KC_ERR_USAGE, "npu template: no template for task %s", task->name);
    if (kc_task_config_get(task, config, &c, err) != KC_OK)
        return KC_ERR_USAGE;
    kc_task_shape shape;
    task->shape(task, c, &shape);

    npu_gen g;
    memset(&g, 0, sizeof g);
    kc_text_init(&g.out);
    kc_text_printf(&g.out, "# npu baseline: %s C%d (", task->name, config);
    for (int d = 0; d < KC_TASK_MAX_DIMS && task->dim_names[d]; d++)
        kc_text_printf(&g.out, "%s%s=%u", d ? ", " : "", task->dim_names[d], c->dims[d]);
    kc_text_printf(&g.out, "), generated by kc_npu_tmpl (%s template)\n# ABI:", task->family);
    for (unsigned i = 0; i < shape.ntensors; i++)
        kc_text_printf(&g.out, " a%u=%s", i, shape.t[i].name);
    kc_text_printf(&g.out, "\n");

    kc_status s = r      ? gen_single(&g, r, task, c, &shape, err)
                  : conv ? kc_npu_conv_gen(&g, task, c, err)
                         : npu_block_gen(&g, task, c, err);
    if (s != KC_OK) {
        kc_text_free(&g.out);
        return s;
    }
    *text = kc_text_take(&g.out);
    if (!*text)
        return kc_err_set(err, KC_ERR_NOMEM, "npu template: out of memory");
    return KC_OK;
}
