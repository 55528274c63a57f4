/* vliw_rows.c — element-wise and row-reduction templates (vliw_rows.h).
 *
 * A recipe is a list of instructions per vector with {X} {Y} {Z} {A} {B}
 * standing for the vector's own registers (vectors, accumulators); U
 * vectors are unrolled with their own registers and the recipe is issued
 * stage-major (instruction k of every vector before instruction k + 1), so the
 * scheduler (vliw_sched.c) can overlap the vectors' latency chains and loads
 * stay ahead of stores in memory order.
 *
 * Numerics (docs/tasks.md tolerances): every intermediate is fp32 in an
 * accumulator except where a product needs a bf16 operand of the MAC unit (SiLU's
 * and GELU's reciprocal, GELU's polynomial factor): fewer roundings than the
 * npu baseline's bf16 steps. Reductions (max, sums, variance) are fp32. */
#include "vliw_rows.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "vliw_skel.h"

typedef struct vreg {
    int x, y, a, b, z;
} vreg;

/* Expands {X} {Y} {Z} {A} {B} of op for one vector. */
static void op_expand(vliw_gen *g, const char *op, const vreg *r)
{
    char buf[64];
    size_t n = 0;
    for (const char *c = op; *c && n + 4 < sizeof buf; c++) {
        if (c[0] == '{' && c[1] && c[2] == '}') {
            int v = c[1] == 'X' ? r->x : c[1] == 'Y' ? r->y : c[1] == 'A' ? r->a : c[1] == 'Z' ? r->z : r->b;
            n += (size_t)snprintf(buf + n, sizeof buf - n, "%d", v);
            c += 2;
        } else {
            buf[n++] = *c;
        }
    }
    buf[n] = 0;
    vliw_emit_op(g, "%s", buf);
}

/* ops (NULL-terminated) for vectors r[0..u-1], stage-major. */
static void ops_rr(vliw_gen *g, const char *const *ops, const vreg *r, int u)
{
    for (const char *const *o = ops; *o; o++)
        for (int i = 0; i < u; i++)
            op_expand(g, *o, &r[i]);
}

/* ---- element-wise ------------------------------------------------------------------ */

typedef struct elt {
    const char *const *ops;   /* per vector: x from [p0], y to [p1] */
    int u;                    /* vectors per loop iteration */
    vreg r[8];
    struct { int acc; float v; } accc[3];   /* fp32 constants in accumulators (acc < 0: none) */
    struct { int v; uint32_t bits; } vc;    /* a bf16 constant in a vector (v < 0: none) */
} elt;

/* relu: max(x, 0) in fp32 (x exact through the MAC: x * 1.0). */
static const char *const relu_ops[] = {
    "vld v{X}, [p0], 32", "vmul acc{A}, v{X}, v15", "amax acc{A}, acc{A}, acc7", "srs v{Y}, acc{A}",
    "vst v{Y}, [p1], 32", NULL,
};
/* silu: x * rcp(1 + exp(-x)); -x exact through the MAC (x * -1.0). */
static const char *const silu_ops[] = {
    "vld v{X}, [p0], 32", "vmul acc{A}, v{X}, v15", "aexp acc{A}, acc{A}", "aadd acc{A}, acc{A}, acc7",
    "arcp acc{A}, acc{A}", "srs v{Y}, acc{A}", "vmul acc{A}, v{X}, v{Y}", "srs v{Y}, acc{A}",
    "vst v{Y}, [p1], 32", NULL,
};
/* gelu (tanh form, docs/tasks.md): x * rcp(1 + exp(x (c0 + c1 x^2))), c0 = -2
 * sqrt(2/pi), c1 = c0 * 0.044715. */
static const char *const gelu_ops[] = {
    "vld v{X}, [p0], 32", "vmul acc{A}, v{X}, v{X}", "amul acc{A}, acc{A}, acc5", "aadd acc{A}, acc{A}, acc6",
    "srs v{Y}, acc{A}", "vmul acc{A}, v{X}, v{Y}", "aexp acc{A}, acc{A}", "aadd acc{A}, acc{A}, acc7",
    "arcp acc{A}, acc{A}", "srs v{Y}, acc{A}", "vmul acc{A}, v{X}, v{Y}", "srs v{Y}, acc{A}",
    "vst v{Y}, [p1], 32", NULL,
};

/* add: x * 1.0 + z * 1.0 on the MAC (one fp32 rounding, then bf16); mul: x z
 * (exact in fp32, then bf16). z is the second input's vector ([p2]). */
static const char *const add_ops[] = {
    "vld v{X}, [p0], 32", "vld v{Z}, [p2], 32", "vmul acc{A}, v{X}, v15", "vmac acc{A}, v{Z}, v15",
    "srs v{Y}, acc{A}", "vst v{Y}, [p1], 32", NULL,
};
static const char *const mul_ops[] = {
    "vld v{X}, [p0], 32", "vld v{Z}, [p2], 32", "vmul acc{A}, v{X}, v{Z}", "srs v{Y}, acc{A}",
    "vst v{Y}, [p1], 32", NULL,
};

static int is_binary(const char *name)
{
    return !strcmp(name, "add") || !strcmp(name, "mul");
}

static void elt_setup(vliw_gen *g, const void *ctx)
{
    const elt *e = ctx;
    vliw_emit_begin(g);
    for (int i = 0; i < 3; i++)
        if (e->accc[i].acc >= 0) {
            vliw_emit_li(g, 1 + i, vliw_emit_fbits(e->accc[i].v));
            vliw_emit_op(g, "abcst acc%d, r%d", e->accc[i].acc, 1 + i);
        }
    if (e->vc.v >= 0) {
        vliw_emit_li(g, 4, e->vc.bits);
        vliw_emit_op(g, "vbcst v%d, r4", e->vc.v);
    }
    vliw_emit_end(g);
}

static void elt_compute(vliw_gen *g, const void *ctx)
{
    const elt *e = ctx;
    vliw_emit_begin(g);
    ops_rr(g, e->ops, e->r, e->u);
    vliw_emit_loop_end(g, 14);
}

/* DM: two input and two output buffers of `block` elements. */
#define ELT_BLOCK 2048u

static void eltwise_stage(vliw_gen *g, const vliw_rows_op *op)
{
    elt e;
    memset(&e, 0, sizeof e);
    for (int i = 0; i < 3; i++)
        e.accc[i].acc = -1;
    e.vc.v = -1;
    const float k = (float)(-2.0 * sqrt(2.0 / M_PI));
    if (!strcmp(op->name, "relu")) {
        e.ops = relu_ops;
        e.u = 4;
        e.accc[0].acc = 7, e.accc[0].v = 0.0f;
        e.vc.v = 15, e.vc.bits = 0x3f80;
    } else if (is_binary(op->name)) {
        e.ops = !strcmp(op->name, "add") ? add_ops : mul_ops;
        e.u = 4;
        e.vc.v = 15, e.vc.bits = 0x3f80;
    } else if (!strcmp(op->name, "silu")) {
        e.ops = silu_ops;
        e.u = 6;
        e.accc[0].acc = 7, e.accc[0].v = 1.0f;
        e.vc.v = 15, e.vc.bits = 0xbf80;
    } else {
        e.ops = gelu_ops;
        e.u = 5;
        e.accc[0].acc = 7, e.accc[0].v = 1.0f;
        e.accc[1].acc = 6, e.accc[1].v = k;
        e.accc[2].acc = 5, e.accc[2].v = k * 0.044715f;
    }
    for (int i = 0; i < e.u; i++)
        e.r[i] = (vreg){i, 7 + i, i, 0, 11 + i};
    vliw_skel_stream st;
    memset(&st, 0, sizeof st);
    st.in = op->in;
    st.out = op->out;
    st.has_in2 = is_binary(op->name);
    st.in2 = op->in2;
    st.total = (uint64_t)op->rows * op->n;
    st.quantum = 16;
    st.rows = 0;
    st.group = 16u * (uint32_t)e.u;
    /* at least ~4 blocks per tile, so that DMA and compute overlap */
    uint64_t share = (st.total + g->ntiles - 1) / g->ntiles;
    uint32_t want = (uint32_t)((share / 4 + st.group - 1) / st.group * st.group);
    st.block_units = ELT_BLOCK / st.group * st.group;
    if (want && want < st.block_units)
        st.block_units = want;
    uint32_t buf = st.block_units * 2;
    st.in0 = 0, st.in1 = buf, st.out0 = 2 * buf, st.out1 = 3 * buf;
    st.in2_0 = 4 * buf, st.in2_1 = 5 * buf;
    st.setup = elt_setup;
    st.compute = elt_compute;
    vliw_skel_stream_tile(g, &e, &st);
}

/* ---- row reductions ------------------------------------------------------------------ */

/* Per row: p2 walks the input row (r4), p3 the output row (r5), p4 / p5 gamma /
 * beta (DM, loaded once per tile by BDs 4 -> 5). v15 = 1.0 (bf16) turns a vector
 * into exact fp32 lanes through the MAC; r6 = the ragged vector's lane mask.
 * Padding lanes of the input rows are 0 (the DMA never writes them and DM
 * resets to 0): sums of x and x^2 need no mask, max and sums of shifted values do. */
typedef struct rn {
    const char *name;
    vliw_opnd gamma, beta;
    uint32_t n, nv, tail, pitch;
    uint32_t gdm, bdm;       /* gamma / beta in DM */
    int ngb;                 /* 0, 1 (gamma) or 2 (gamma, beta) */
    double eps;
} rn;

/* A pass over the row's vectors: whole vectors `per` at a time in a hardware
 * loop, the rest straight, then the ragged vector's recipe. */
static void rn_pass(vliw_gen *g, const rn *r, const char *const *ops, const vreg *regs, int u,
                    const char *const *tail_ops)
{
    uint32_t full = r->nv - (r->tail ? 1 : 0);
    if (full / (uint32_t)u) {
        vliw_emit_begin(g);
        ops_rr(g, ops, regs, u);
        vliw_emit_loopi_end(g, full / (uint32_t)u);
    }
    if (full % (uint32_t)u) {
        vliw_emit_begin(g);
        ops_rr(g, ops, regs, (int)(full % (uint32_t)u));
        vliw_emit_end(g);
    }
    if (r->tail) {
        vliw_emit_begin(g);
        ops_rr(g, tail_ops ? tail_ops : ops, regs, 1);
        vliw_emit_end(g);
    }
}

/* softmax: m = max (acc6, then -m); e = exp(x - m) stored to the output row (bf16), s =
 * sum of the stored e (fp32, accumulated by the MAC unit: e * 1.0); y = e *
 * rcp(s). */
static const char *const sm_max[] = {
    "vld v{X}, [p2], 32", "vmul acc{A}, v{X}, v15", "amax acc{B}, acc{B}, acc{A}", NULL,
};
static const char *const sm_max_tail[] = {
    "vld v{X}, [p2], 32", "vmul acc{A}, v{X}, v15", "asel acc{A}, acc{A}, acc7, r6",
    "amax acc{B}, acc{B}, acc{A}", NULL,
};
static const char *const sm_exp[] = {
    "vld v{X}, [p2], 32", "amov acc{A}, acc6", "vmac acc{A}, v{X}, v15", "aexp acc{A}, acc{A}",
    "srs v{Y}, acc{A}", "vst v{Y}, [p3], 32", "vmac acc5, v{Y}, v15", NULL,
};
static const char *const sm_exp_tail[] = {
    "vld v{X}, [p2], 32", "amov acc{A}, acc6", "vmac acc{A}, v{X}, v15", "aexp acc{A}, acc{A}",
    "asel acc{A}, acc{A}, acc7, r6", "srs v{Y}, acc{A}", "vst v{Y}, [p3], 32", "vmac acc5, v{Y}, v15", NULL,
};
static const char *const sm_scale[] = {
    "vld v{X}, [p4], 32", "vmul acc{A}, v{X}, v15", "amul acc{A}, acc{A}, acc6", "srs v{Y}, acc{A}",
    "vst v{Y}, [p3], 32", NULL,
};
/* layernorm: mean (acc6) from the sum (MAC: x * 1.0 into acc5); var = mean of
 * c^2, c = x - mean in fp32 then bf16 (masked to 0 on the ragged vector), c * c
 * accumulated by the MAC; rstd (acc7); y = (((x - mean) rstd) gamma) + beta. */
static const char *const ln_sum[] = {
    "vld v{X}, [p2], 32", "vmac acc5, v{X}, v15", NULL,
};
static const char *const ln_var[] = {
    "vld v{X}, [p2], 32", "amov acc{A}, acc6", "vmac acc{A}, v{X}, v15", "srs v{Y}, acc{A}",
    "vmac acc5, v{Y}, v{Y}", NULL,
};
static const char *const ln_var_tail[] = {
    "vld v{X}, [p2], 32", "amov acc{A}, acc6", "vmac acc{A}, v{X}, v15", "asel acc{A}, acc{A}, acc7, r6",
    "srs v{Y}, acc{A}", "vmac acc5, v{Y}, v{Y}", NULL,
};
static const char *const ln_out[] = {
    "vld v{X}, [p2], 32", "vld v{Y}, [p4], 32", "amov acc{A}, acc6", "vmac acc{A}, v{X}, v15",
    "amul acc{A}, acc{A}, acc7", "srs v{X}, acc{A}", "vmul acc{A}, v{X}, v{Y}", "vld v{Z}, [p5], 32",
    "ups acc{B}, v{Z}", "aadd acc{A}, acc{A}, acc{B}", "srs v{Y}, acc{A}", "vst v{Y}, [p3], 32", NULL,
};
/* rmsnorm: s = sum x^2 (MAC); rstd (acc6); y = (x gamma) rstd. */
static const char *const rms_sq[] = {
    "vld v{X}, [p2], 32", "vmac acc{B}, v{X}, v{X}", NULL,
};
static const char *const rms_out[] = {
    "vld v{X}, [p2], 32", "vld v{Y}, [p4], 32", "vmul acc{A}, v{X}, v{Y}", "amul acc{A}, acc{A}, acc6",
    "srs v{Y}, acc{A}", "vst v{Y}, [p3], 32", NULL,
};

static void rn_setup(vliw_gen *g, const void *ctx)
{
    const rn *r = ctx;
    if (!r->ngb)
        return;
    /* gamma (and beta) into DM once: BD 4 (-> BD 5), ahead of the blocks on ch0 */
    vliw_emit_begin(g);
    vliw_emit_li(g, 13, 1);
    for (int i = 0; i < r->ngb; i++) {
        vliw_emit_op(g, "bd.set %d, cnt1, r13", 4 + i);
        vliw_emit_op(g, "bd.set %d, cnt2, r13", 4 + i);
    }
    vliw_emit_li(g, 13, r->n * 2);
    for (int i = 0; i < r->ngb; i++) {
        int a = vliw_emit_addr_reg(g, i ? 15 : 9, i ? r->beta : r->gamma);
        vliw_emit_op(g, "bd.set %d, dram, r%d", 4 + i, a);
        vliw_emit_op(g, "bd.set %d, len0, r13", 4 + i);
    }
    vliw_emit_li(g, 14, r->gdm);
    vliw_emit_op(g, "bd.set 4, dm, r14");
    if (r->ngb == 2) {
        vliw_emit_li(g, 14, r->bdm);
        vliw_emit_op(g, "bd.set 5, dm, r14");
        vliw_emit_li(g, 14, 0x10u | 5u);
        vliw_emit_op(g, "bd.set 4, next, r14");
    }
    vliw_emit_op(g, "dma.start 0, 4");
    vliw_emit_end(g);
}

static void rn_const(vliw_gen *g, int acc, float v)
{
    vliw_emit_li(g, 7, vliw_emit_fbits(v));
    vliw_emit_op(g, "abcst acc%d, r7", acc);
}

/* Sums acc[first..first+n-1] into acc first, then a lane reduction into dst. */
static void rn_reduce(vliw_gen *g, const char *op, const char *red, int first, int n, int dst)
{
    for (int i = 1; i < n; i++)
        vliw_emit_op(g, "%s acc%d, acc%d, acc%d", op, first, first, first + i);
    vliw_emit_op(g, "%s acc%d, acc%d", red, dst, first);
}

/* acc dst = rsqrt(sum of acc sum's lanes / N + eps) (clobbers acc3, acc4); p2
 * back to the row's start. */
static void rn_rstd(vliw_gen *g, const rn *r, int dst, int sum)
{
    vliw_emit_begin(g);
    vliw_emit_op(g, "aredsum acc%d, acc%d", dst, sum);
    rn_const(g, 3, (float)(1.0 / r->n));
    rn_const(g, 4, (float)r->eps);
    vliw_emit_op(g, "amul acc%d, acc%d, acc3", dst, dst);
    vliw_emit_op(g, "aadd acc%d, acc%d, acc4", dst, dst);
    vliw_emit_op(g, "arsqrt acc%d, acc%d", dst, dst);
    vliw_emit_op(g, "mov p2, r4");
    vliw_emit_end(g);
}

static void rn_compute(vliw_gen *g, const void *ctx)
{
    const rn *r = ctx;
    const char *name = r->name;
    vreg regs[3], wide[5];
    for (int i = 0; i < 3; i++)
        regs[i] = (vreg){i, 4 + i, i, 3 + i, 8 + i};
    for (int i = 0; i < 5; i++)   /* one accumulator each, sums in acc5 */
        wide[i] = (vreg){i, 5 + i, i, 5, 0};
    vliw_emit_begin(g);
    vliw_emit_op(g, "mov r4, p0");
    vliw_emit_op(g, "mov r5, p1");
    vliw_emit_li(g, 6, r->tail ? (1u << r->tail) - 1 : 0xffffu);
    vliw_emit_li(g, 7, 0x3f80);
    vliw_emit_op(g, "vbcst v15, r7");
    vliw_emit_end(g);
    int rowl = vliw_emit_label(g);
    vliw_emit_line(g, "    loop r14, L%d", rowl);
    vliw_emit_begin(g);
    vliw_emit_op(g, "mov p2, r4");
    vliw_emit_op(g, "mov p3, r5");
    vliw_emit_op(g, "mov p4, r5");
    if (r->ngb) {
        vliw_emit_li(g, 7, r->gdm);
        vliw_emit_op(g, "mov p4, r7");
    }
    if (r->ngb == 2) {
        vliw_emit_li(g, 7, r->bdm);
        vliw_emit_op(g, "mov p5, r7");
    }
    if (!strcmp(name, "softmax")) {
        rn_const(g, 7, -INFINITY);
        for (int i = 0; i < 3; i++)
            vliw_emit_op(g, "amov acc%d, acc7", 3 + i);
        vliw_emit_end(g);
        rn_pass(g, r, sm_max, regs, 3, sm_max_tail);
        vliw_emit_begin(g);
        rn_reduce(g, "amax", "aredmax", 3, 3, 6);
        vliw_emit_op(g, "abcst acc7, r0");
        vliw_emit_op(g, "asub acc6, acc7, acc6");   /* -m: x - m = -m + x * 1.0 on the MAC */
        vliw_emit_op(g, "abcst acc5, r0");
        vliw_emit_op(g, "mov p2, r4");
        vliw_emit_end(g);
        rn_pass(g, r, sm_exp, wide, 5, sm_exp_tail);
        vliw_emit_begin(g);
        vliw_emit_op(g, "aredsum acc6, acc5");
        vliw_emit_op(g, "arcp acc6, acc6");
        vliw_emit_op(g, "mov p3, r5");
        vliw_emit_end(g);
        rn_pass(g, r, sm_scale, wide, 5, NULL);
    } else if (!strcmp(name, "layernorm")) {
        vliw_emit_op(g, "abcst acc5, r0");
        vliw_emit_end(g);
        rn_pass(g, r, ln_sum, wide, 5, NULL);
        vliw_emit_begin(g);
        vliw_emit_op(g, "aredsum acc6, acc5");
        rn_const(g, 7, (float)(1.0 / r->n));
        vliw_emit_op(g, "amul acc6, acc6, acc7");
        vliw_emit_op(g, "abcst acc7, r0");
        vliw_emit_op(g, "asub acc6, acc7, acc6");   /* -mean: x - mean = -mean + x * 1.0 */
        vliw_emit_op(g, "abcst acc5, r0");
        vliw_emit_op(g, "mov p2, r4");
        vliw_emit_end(g);
        rn_pass(g, r, ln_var, wide, 5, ln_var_tail);
        rn_rstd(g, r, 7, 5);
        rn_pass(g, r, ln_out, regs, 3, NULL);
    } else {   /* rmsnorm */
        vliw_emit_op(g, "abcst acc3, r0");
        vliw_emit_end(g);
        vreg one[3];
        for (int i = 0; i < 3; i++)
            one[i] = (vreg){i, 4 + i, i, 3, 0};
        rn_pass(g, r, rms_sq, one, 3, NULL);
        rn_rstd(g, r, 6, 3);
        rn_pass(g, r, rms_out, regs, 3, NULL);
    }
    vliw_emit_begin(g);
    vliw_emit_op(g, "addi r4, r4, %u", r->pitch);
    vliw_emit_op(g, "addi r5, r5, %u", r->pitch);
    vliw_emit_end(g);
    vliw_emit_line(g, "L%d:", rowl);
}

static kc_status rownorm_stage(vliw_gen *g, const vliw_rows_op *op, kc_err *err)
{
    rn r;
    memset(&r, 0, sizeof r);
    r.name = op->name;
    r.gamma = op->gamma;
    r.beta = op->beta;
    r.n = op->n;
    r.nv = (r.n + 15) / 16;
    r.tail = r.n % 16;
    r.pitch = r.nv * 32;
    r.eps = op->eps;
    r.ngb = !strcmp(op->name, "layernorm") ? 2 : !strcmp(op->name, "rmsnorm") ? 1 : 0;
    uint32_t avail = g->hw.dm_bytes - 128 - (uint32_t)r.ngb * r.pitch;
    uint32_t rows = avail / (4 * r.pitch);
    uint32_t share = (op->rows + g->ntiles - 1) / g->ntiles;
    if (rows > 16)
        rows = 16;
    if (rows > (share + 3) / 4)   /* at least ~4 blocks per tile: DMA overlaps compute */
        rows = (share + 3) / 4;
    if (!rows || r.pitch > 32767)
        return kc_err_set(err, KC_ERR_USAGE, "baseline: %s rows of %u do not fit the vliw DM", op->name, r.n);
    vliw_skel_stream st;
    memset(&st, 0, sizeof st);
    st.in = op->in;
    st.out = op->out;
    st.total = op->rows;
    st.quantum = 1;
    st.rows = 1;
    st.row_bytes = r.n * 2;
    st.pitch = r.pitch;
    st.block_units = rows;
    st.group = 1;
    uint32_t buf = rows * r.pitch;
    st.in0 = 0, st.in1 = buf, st.out0 = 2 * buf, st.out1 = 3 * buf;
    r.gdm = 4 * buf;
    r.bdm = 4 * buf + r.pitch;
    st.setup = rn_setup;
    st.compute = rn_compute;
    if (r.tail)   /* padding lanes must read 0 (rn above) */
        vliw_emit_dm_zero(g, 0, 4 * buf + (uint32_t)r.ngb * r.pitch);
    vliw_skel_stream_tile(g, &r, &st);
    return KC_OK;
}

int vliw_rows_serves(const char *name)
{
    static const char *const names[] = {"relu", "silu", "gelu", "softmax", "layernorm", "rmsnorm"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (!strcmp(name, names[i]))
            return 1;
    return 0;
}

kc_status vliw_rows_stage(vliw_gen *g, const void *args, kc_err *err)
{
    const vliw_rows_op *op = args;
    if (!strcmp(op->name, "softmax") || !strcmp(op->name, "layernorm") || !strcmp(op->name, "rmsnorm"))
        return rownorm_stage(g, op, err);
    eltwise_stage(g, op);
    return KC_OK;
}

kc_status vliw_rows_gen(vliw_gen *g, const kc_task *t, const kc_task_config *c, kc_err *err)
{
    /* ABI: x, [gamma, [beta,]] y */
    int ngb = !strcmp(t->name, "layernorm") ? 2 : !strcmp(t->name, "rmsnorm") ? 1 : 0;
    vliw_rows_op op = {.name = t->name, .rows = c->dims[0], .n = c->dims[1], .eps = t->eps,
                       .in = vliw_opnd_at(0, 0), .out = vliw_opnd_at(ngb + 1, 0), .gamma = vliw_opnd_at(1, 0),
                       .beta = vliw_opnd_at(2, 0)};
    vliw_stage st = {vliw_rows_stage, &op};
    return vliw_emit_stages(g, &st, 1, err);
}
