/* test_conv — the convolution tasks (conv2d, dwconv, convblock): the fp64
 * references against independent computations (a 1x1 conv is a matmul, a delta
 * kernel is the identity, a depthwise conv is a conv with block-diagonal weights,
 * ConvBlock by hand and by composition), the shapes, and the bf16 tolerances
 * against emulated kernels: staged bf16 kernels (fp32 accumulation in both
 * summation orders, bf16 at every stage boundary) pass with margin on every
 * config and two seeds; wrong kernels (missing padding, wrong stride, flipped
 * kernel, missing bias, ReLU before BN, average pool) fail. Both are judged by
 * the checker's own kc_check_within.
 * Usage: test_conv [GROUP] (reference | shapes | tolerance | wrong); no group runs all. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kc_check.h"
#include "kc_task.h"
#include "kc_task_conv.h"
#include "kc_task_matmul.h"

#include "kc_test.h"

#define NSEEDS 2
#define MARGIN 0.5 /* a correct emulated kernel uses at most this share of the tolerance */

static const kc_task *const conv_tasks[] = { &kc_task_conv_conv2d, &kc_task_conv_dwconv,
                                             &kc_task_conv_convblock };
#define NTASKS (sizeof conv_tasks / sizeof conv_tasks[0])

static void fill_normal(kc_rng *r, double *v, size_t n, double scale)
{
    for (size_t i = 0; i < n; i++)
        v[i] = scale * kc_rng_normal(r);
}

/* ---- the emulated kernel ------------------------------------------------------------ */

/* How an emulated kernel computes: the correct staged bf16 kernel, or one bug. */
typedef struct emu {
    int reverse;      /* sum the reduction from its last term to its first */
    int pad_wrap;     /* bug: padding taps read the neighbouring row (flat index) */
    int no_stride;    /* bug: the input is walked with stride 1 */
    int flip;         /* bug: true convolution (kernel flipped) */
    int no_bias;      /* bug: bias left out */
    int relu_first;   /* bug (ConvBlock): ReLU before BatchNorm */
    int avg_pool;     /* bug (ConvBlock): average instead of max pool */
} emu;

static double bf(double v)
{
    return kc_dtype_quantize(KC_DTYPE_BF16, v);
}

/* x at (n, c, iy, ix) as the emulated kernel reads it */
static double emu_x(const emu *e, const kc_task_conv_dims *d, const double *x, uint32_t n,
                    uint32_t c, int64_t iy, int64_t ix)
{
    const double *p = x + ((size_t)n * d->ci + c) * d->h * d->w;
    if (e->pad_wrap) { /* a kernel that forgot the padding and reads the flat plane */
        int64_t i = iy * d->w + ix;
        return i >= 0 && i < (int64_t)d->h * d->w ? p[i] : 0.0;
    }
    return iy >= 0 && iy < d->h && ix >= 0 && ix < d->w ? p[iy * d->w + ix] : 0.0;
}

/* The conv sum without bias, accumulated in fp32 (bf16 x bf16 products are exact). */
static double emu_conv(const emu *e, const kc_task_conv_dims *d, const double *x,
                       const double *w, uint32_t n, uint32_t co, uint32_t oy, uint32_t ox)
{
    uint32_t cig = d->ci / d->groups, g = co / (d->co / d->groups), kk = d->k * d->k;
    uint32_t s = e->no_stride ? 1 : d->stride, terms = cig * kk;
    float acc = 0.0f;
    for (uint32_t q = 0; q < terms; q++) {
        uint32_t t = e->reverse ? terms - 1 - q : q;
        uint32_t c = t / kk, ky = t % kk / d->k, kx = t % d->k;
        uint32_t wy = e->flip ? d->k - 1 - ky : ky, wx = e->flip ? d->k - 1 - kx : kx;
        double xv = emu_x(e, d, x, n, g * cig + c, (int64_t)oy * s + ky - d->pad,
                          (int64_t)ox * s + kx - d->pad);
        acc += (float)(w[((size_t)co * cig + c) * kk + wy * d->k + wx] * xv);
    }
    return acc;
}

/* The task's outputs as the emulated kernel computes them (in: ABI inputs). */
static void emu_run(const emu *e, const kc_task_conv_dims *d, const double *const *in,
                    double *y)
{
    for (uint32_t n = 0; n < d->n; n++)
        for (uint32_t co = 0; co < d->co; co++) {
            double b = e->no_bias ? 0.0 : in[2][co];
            if (!d->bn) {
                for (uint32_t oy = 0; oy < d->ho; oy++)
                    for (uint32_t ox = 0; ox < d->wo; ox++)
                        y[(((size_t)n * d->co + co) * d->ho + oy) * d->wo + ox] =
                            bf(bf(emu_conv(e, d, in[0], in[1], n, co, oy, ox)) + b);
                continue;
            }
            /* per-channel BN as one bf16 scale and shift, bias folded into the shift
             * (computed in fp32 from the unrounded scale, as the npu baseline does) */
            float sc32 = (float)in[3][co] * (1.0f / sqrtf((float)in[6][co] + 1e-5f));
            double sc = bf(sc32);
            double sh = bf((float)in[4][co] + (float)(b - in[5][co]) * sc32);
            for (uint32_t py = 0; py < d->yh; py++)
                for (uint32_t px = 0; px < d->yw; px++) {
                    double m = 0.0, sum = 0.0;
                    for (uint32_t q = 0; q < 4; q++) {
                        double t = bf(emu_conv(e, d, in[0], in[1], n, co, 2 * py + q / 2,
                                               2 * px + q % 2));
                        double v;
                        if (e->relu_first) /* conv + b, ReLU, then BN */
                            v = bf(bf(fmax(bf(t + b), 0.0) - in[5][co]) * sc + in[4][co]);
                        else
                            v = fmax(bf(bf(t * sc) + sh), 0.0);
                        m = fmax(m, v);
                        sum += v;
                    }
                    y[(((size_t)n * d->co + co) * d->yh + py) * d->yw + px] =
                        e->avg_pool ? bf(sum / 4) : m;
                }
        }
}

/* Worst |actual - expected| / (abs + rel |expected|) of emulated kernel e on
 * (task, config, seed); > 1 means the checker rejects it. */
static double emu_worst(const kc_task *t, int config, uint64_t seed, const emu *e)
{
    kc_task_inst inst;
    kc_err err;
    memset(&err, 0, sizeof err);
    if (kc_task_inst_make(&inst, t, config, KC_DTYPE_BF16, seed, &err) != KC_OK) {
        CHECK(0, "%s C%d: %s", t->name, config, err.text);
        return 0;
    }
    kc_task_conv_dims d;
    kc_task_conv_view(t, &t->configs[config - 1], &d);
    const double *in[KC_TASK_MAX_TENSORS];
    for (int i = 0; i < d.out_idx; i++)
        in[i] = inst.data[i];
    size_t ny = inst.shape.t[d.out_idx].nelem;
    double *y = kc_test_dalloc(ny);
    emu_run(e, &d, in, y);
    const kc_tol *tol = &t->tol[KC_DTYPE_BF16];
    double worst = 0;
    for (size_t i = 0; i < ny; i++) {
        double ex = inst.data[d.out_idx][i];
        double r = fabs(y[i] - ex) / (tol->abs + tol->rel * fabs(ex));
        if (!kc_check_within(tol, ex, y[i]))
            r = fmax(r, 1.0 + 1e-9); /* the checker's verdict wins */
        worst = fmax(worst, r);
    }
    free(y);
    kc_task_inst_free(&inst);
    return worst;
}

/* ---- reference ----------------------------------------------------------------------- */

/* Runs a task's reference on a custom config with inputs in[]. */
static void run_ref(const kc_task *t, const kc_task_config *c, double *const *in, double *out)
{
    double *outs[1] = { out };
    t->reference(t, c, (const double *const *)in, outs);
}

static void test_matmul_identity(void)
{
    /* 1x1 conv, stride 1, no padding: y[co][p] = b[co] + sum_ci w[co][ci] x[ci][p] */
    kc_task_config c = { { 2, 20, 5, 7, 9, 1, 1, 0 } };
    kc_task_conv_dims d;
    kc_task_conv_view(&kc_task_conv_conv2d, &c, &d);
    uint32_t hw = d.h * d.w;
    kc_rng r;
    kc_rng_seed(&r, 11);
    double *x = kc_test_dalloc((size_t)d.n * d.ci * hw), *w = kc_test_dalloc(d.co * d.ci), *b = kc_test_dalloc(d.co);
    double *y = kc_test_dalloc((size_t)d.n * d.co * hw), *mm = kc_test_dalloc((size_t)d.co * hw);
    fill_normal(&r, x, (size_t)d.n * d.ci * hw, 1.0);
    fill_normal(&r, w, d.co * d.ci, 0.3);
    fill_normal(&r, b, d.co, 0.3);
    double *in[3] = { x, w, b };
    run_ref(&kc_task_conv_conv2d, &c, in, y);
    kc_task_config g = { { d.co, hw, d.ci } };   /* GEMM M, N, K: C = w (Co x Ci) x (Ci x HW) */
    for (uint32_t n = 0; n < d.n; n++) {
        double *gin[2] = { w, x + (size_t)n * d.ci * hw }, *gout[1] = { mm };
        kc_task_matmul_gemm.reference(&kc_task_matmul_gemm, &g, (const double *const *)gin,
                                      gout);
        for (uint32_t co = 0; co < d.co; co++)
            for (uint32_t p = 0; p < hw; p++)
                mm[(size_t)co * hw + p] += b[co];
        double diff = kc_test_max_abs_diff(mm, y + (size_t)n * d.co * hw, (size_t)d.co * hw);
        CHECK(diff < 1e-12, "1x1 conv vs GEMM, batch %u: %g", n, diff);
    }
    free(x), free(w), free(b), free(y), free(mm);
}

static void test_delta(uint32_t k)
{
    /* w[co][ci] = delta(co == ci) at the kernel centre, pad K/2, no bias: y == x */
    kc_task_config c = { { 2, 6, 7, 9, 6, k, 1, k / 2 } };
    kc_task_conv_dims d;
    kc_task_conv_view(&kc_task_conv_conv2d, &c, &d);
    size_t nx = (size_t)d.n * d.ci * d.h * d.w;
    kc_rng r;
    kc_rng_seed(&r, 12);
    double *x = kc_test_dalloc(nx), *w = kc_test_dalloc((size_t)d.co * d.ci * k * k), *b = kc_test_dalloc(d.co);
    double *y = kc_test_dalloc(nx);
    fill_normal(&r, x, nx, 1.0);
    for (uint32_t co = 0; co < d.co; co++)
        w[((size_t)co * d.ci + co) * k * k + (k / 2) * k + k / 2] = 1.0;
    double *in[3] = { x, w, b };
    run_ref(&kc_task_conv_conv2d, &c, in, y);
    CHECK(d.ho == d.h && d.wo == d.w, "K = %u: same-size output", k);
    CHECK(kc_test_max_abs_diff(x, y, nx) == 0, "K = %u: delta kernel gives x back", k);
    /* shifting the delta one column right reads x one column right: zero at the edge */
    memset(w, 0, (size_t)d.co * d.ci * k * k * sizeof *w);
    for (uint32_t co = 0; co < d.co; co++)
        w[((size_t)co * d.ci + co) * k * k + (k / 2) * k + k / 2 + 1] = 1.0;
    run_ref(&kc_task_conv_conv2d, &c, in, y);
    int ok = 1;
    for (size_t i = 0; i < nx; i++) {
        uint32_t col = (uint32_t)(i % d.w);
        ok &= y[i] == (col + 1 < d.w ? x[i + 1] : 0.0);
    }
    CHECK(ok, "K = %u: shifted delta reads the right neighbour, zero padding at the edge", k);
    free(x), free(w), free(b), free(y);
}

static void test_depthwise(void)
{
    /* dwconv == conv2d with block-diagonal weights, stride 2, pad 1 */
    kc_task_config dc = { { 2, 5, 9, 8, 3, 2, 1 } }, cc = { { 2, 5, 9, 8, 5, 3, 2, 1 } };
    kc_task_conv_dims d;
    kc_task_conv_view(&kc_task_conv_dwconv, &dc, &d);
    size_t nx = (size_t)d.n * d.ci * d.h * d.w, ny = (size_t)d.n * d.co * d.ho * d.wo;
    kc_rng r;
    kc_rng_seed(&r, 13);
    double *x = kc_test_dalloc(nx), *w = kc_test_dalloc(d.co * 9), *b = kc_test_dalloc(d.co), *wf = kc_test_dalloc(d.co * d.co * 9);
    double *y1 = kc_test_dalloc(ny), *y2 = kc_test_dalloc(ny);
    fill_normal(&r, x, nx, 1.0);
    fill_normal(&r, w, d.co * 9, 0.3);
    fill_normal(&r, b, d.co, 0.3);
    for (uint32_t c = 0; c < d.co; c++)
        memcpy(wf + ((size_t)c * d.co + c) * 9, w + (size_t)c * 9, 9 * sizeof *w);
    double *in1[3] = { x, w, b }, *in2[3] = { x, wf, b };
    run_ref(&kc_task_conv_dwconv, &dc, in1, y1);
    run_ref(&kc_task_conv_conv2d, &cc, in2, y2);
    CHECK(d.ho == 5 && d.wo == 4, "dwconv output %ux%u", d.ho, d.wo);
    double diff = kc_test_max_abs_diff(y1, y2, ny);
    CHECK(diff < 1e-12, "dwconv vs block-diagonal conv2d: %g", diff);
    free(x), free(w), free(b), free(wf), free(y1), free(y2);
}

/* ConvBlock on one 1 x 1 x 2 x 2 image, by hand: w = centre 1, right neighbour
 * -1, so conv(i, j) = x[i][j] - x[i][j+1]; x = [[1, 2], [3, 4]], b = 0.5 gives
 * -0.5, 2.5, -0.5, 4.5; mean 0.5, var 4 - eps (sqrt exactly 2). */
static void test_block_by_hand(void)
{
    kc_task_config c = { { 1, 1, 2, 2, 1 } };
    double x[4] = { 1, 2, 3, 4 }, w[9] = { 0, 0, 0, 0, 1, -1, 0, 0, 0 }, b = 0.5;
    double mean = 0.5, var = 4.0 - KC_TASK_CONV_BN_EPS;
    struct { double gamma, beta, expect; } cases[] = {
        { 1.0, 0.0, 2.0 },     /* BN: -0.5, 1, -0.5, 2; ReLU; max 2 */
        { -1.0, 0.0, 0.5 },    /* BN: 0.5, -1, 0.5, -2; ReLU 0.5, 0, 0.5, 0; max 0.5 */
        { 1.0, -10.0, 0.0 },   /* all negative: ReLU zeroes them */
        { 2.0, 1.0, 5.0 },     /* -1, 2, -1, 4 shifted by 1: max 5 */
    };
    for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        double g = cases[i].gamma, be = cases[i].beta, y = -1;
        double *in[7] = { x, w, &b, &g, &be, &mean, &var };
        run_ref(&kc_task_conv_convblock, &c, in, &y);
        CHECK(fabs(y - cases[i].expect) < 1e-9, "hand case %u: %g, expected %g", i, y,
              cases[i].expect);
    }
    /* an odd 3 x 3 image pools its top-left 2 x 2 only: a large value in the last
     * row or column must not show */
    kc_task_config c3 = { { 1, 1, 3, 3, 1 } };
    double x3[9] = { 1, 2, 100, 3, 4, 100, 100, 100, 100 };
    double wc[9] = { 0, 0, 0, 0, 1, 0, 0, 0, 0 }, z = 0, one = 1, var1 = 1 - KC_TASK_CONV_BN_EPS;
    double y3 = -1, *in3[7] = { x3, wc, &z, &one, &z, &z, &var1 };
    run_ref(&kc_task_conv_convblock, &c3, in3, &y3);
    CHECK(fabs(y3 - 4.0) < 1e-9, "odd image: floor pooling, got %g", y3);
}

/* ConvBlock = kc_task_conv_ref + BN + ReLU + pool written out here, on a ragged config. */
static void test_block_composition(void)
{
    const kc_task *t = &kc_task_conv_convblock;
    kc_task_inst inst;
    kc_err err;
    memset(&err, 0, sizeof err);
    CHECK(kc_task_inst_make(&inst, t, 5, KC_DTYPE_FP32, 3, &err) == KC_OK, "%s", err.text);
    kc_task_conv_dims d;
    kc_task_conv_view(t, &t->configs[4], &d);
    double *c = kc_test_dalloc((size_t)d.n * d.co * d.ho * d.wo);
    kc_task_conv_ref(&d, inst.data[0], inst.data[1], inst.data[2], c);
    double worst = 0;
    for (uint32_t n = 0; n < d.n; n++)
        for (uint32_t co = 0; co < d.co; co++)
            for (uint32_t py = 0; py < d.yh; py++)
                for (uint32_t px = 0; px < d.yw; px++) {
                    double m = -INFINITY;
                    for (uint32_t dy = 0; dy < 2; dy++)
                        for (uint32_t dx = 0; dx < 2; dx++) {
                            double v = c[(((size_t)n * d.co + co) * d.ho + 2 * py + dy) * d.wo +
                                         2 * px + dx];
                            v = inst.data[3][co] * (v - inst.data[5][co]) /
                                    sqrt(inst.data[6][co] + 1e-5) +
                                inst.data[4][co];
                            m = fmax(m, v < 0 ? 0 : v);
                        }
                    double y = inst.data[7][(((size_t)n * d.co + co) * d.yh + py) * d.yw + px];
                    worst = fmax(worst, fabs(y - m));
                }
    CHECK(worst < 1e-12, "ConvBlock vs conv + BN + ReLU + pool: %g", worst);
    free(c);
    kc_task_inst_free(&inst);
}

static void group_reference(void)
{
    test_matmul_identity();
    test_delta(3);
    test_delta(5);
    test_depthwise();
    test_block_by_hand();
    test_block_composition();
}

/* ---- shapes ------------------------------------------------------------------------- */

/* A formula of the description (numbers, the task's dimension names, + * and
 * parentheses) evaluated on a config; a name that is not one of the task's
 * dimensions makes it fail (-1). */
typedef struct formula {
    const char *p;
    const kc_task *t;
    const kc_task_config *c;
    int bad;
} formula;

static double formula_sum(formula *f);

static double formula_atom(formula *f)
{
    while (*f->p == ' ')
        f->p++;
    if (*f->p == '(') {
        f->p++;
        double v = formula_sum(f);
        f->bad |= *f->p != ')';
        f->p++;
        return v;
    }
    if (*f->p >= '0' && *f->p <= '9')
        return strtod(f->p, (char **)&f->p);
    size_t n = 0;
    while ((f->p[n] >= 'A' && f->p[n] <= 'Z') || (f->p[n] >= 'a' && f->p[n] <= 'z'))
        n++;
    for (int d = 0; d < KC_TASK_MAX_DIMS && f->t->dim_names[d]; d++)
        if (strlen(f->t->dim_names[d]) == n && !strncmp(f->t->dim_names[d], f->p, n)) {
            f->p += n;
            return f->c->dims[d];
        }
    f->bad = 1;
    return -1;
}

static double formula_product(formula *f)
{
    double v = formula_atom(f);
    while (*f->p == ' ')
        f->p++;
    while (*f->p == '*') {
        f->p++;
        v *= formula_atom(f);
    }
    return v;
}

static double formula_sum(formula *f)
{
    double v = formula_product(f);
    while (*f->p == ' ')
        f->p++;
    while (*f->p == '+') {
        f->p++;
        v += formula_product(f);
        while (*f->p == ' ')
            f->p++;
    }
    return v;
}

/* The scratch size the description states ("ws (scratch, <formula> elements)")
 * on a config, or -1 when it is missing or names what the task has not. */
static double described_ws(const kc_task *t, const kc_task_config *c)
{
    const char *at = strstr(t->description, "ws (scratch, ");
    if (!at)
        return -1;
    formula f = { at + strlen("ws (scratch, "), t, c, 0 };
    double v = formula_sum(&f);
    return f.bad || strncmp(f.p, "elements", 8) ? -1 : v;
}

static void group_shapes(void)
{
    for (unsigned i = 0; i < NTASKS; i++) {
        const kc_task *t = conv_tasks[i];
        CHECK(kc_task_find(t->name) == t, "%s registered", t->name);
        CHECK(strcmp(t->family, "conv") == 0, "%s family", t->name);
        for (int cfg = 1; cfg <= KC_TASK_NCONFIGS; cfg++) {
            kc_task_conv_dims d;
            kc_task_shape s;
            CHECK(kc_task_conv_view(t, &t->configs[cfg - 1], &d), "%s view", t->name);
            t->shape(t, &t->configs[cfg - 1], &s);
            CHECK(s.ntensors == (unsigned)d.out_idx + 2, "%s C%d tensors", t->name, cfg);
            CHECK(s.t[d.out_idx].role == KC_ROLE_OUTPUT &&
                      strcmp(s.t[d.out_idx].name, "y") == 0, "%s C%d output", t->name, cfg);
            CHECK(s.t[d.out_idx + 1].role == KC_ROLE_SCRATCH &&
                      s.t[d.out_idx + 1].nelem == d.ws_elems, "%s C%d ws", t->name, cfg);
            /* the description gives the same size in the task's own dimensions */
            CHECK(described_ws(t, &t->configs[cfg - 1]) == (double)d.ws_elems,
                  "%s C%d: description's ws %g, shape %zu", t->name, cfg,
                  described_ws(t, &t->configs[cfg - 1]), d.ws_elems);
            CHECK(s.t[d.out_idx].nelem == (size_t)d.n * d.co * d.yh * d.yw, "%s C%d y", t->name,
                  cfg);
            /* work bounded for the RTL: <= ~10 M MACs per config */
            CHECK(s.mac_flops <= 10e6, "%s C%d: %g MACs", t->name, cfg, s.mac_flops);
        }
    }
    /* C5 is ragged: odd sizes, not multiples of 16; stride 2 or K = 5 in C5 of the
     * conv tasks */
    kc_task_conv_dims d;
    kc_task_conv_view(&kc_task_conv_conv2d, &kc_task_conv_conv2d.configs[4], &d);
    CHECK(d.ho == 12 && d.wo == 15 && d.k == 5 && d.stride == 2, "conv2d C5 %ux%u", d.ho, d.wo);
    kc_task_shape s;
    kc_task_conv_conv2d.shape(&kc_task_conv_conv2d, &kc_task_conv_conv2d.configs[0], &s);
    CHECK(s.mac_flops == 16.0 * 16 * 16 * 16 * 9 && s.vec_flops == 16.0 * 256, "conv2d C1 work");
    kc_task_conv_view(&kc_task_conv_convblock, &kc_task_conv_convblock.configs[4], &d);
    CHECK(d.yh == 10 && d.yw == 13 && d.ho == 21, "convblock C5 pools %ux%u", d.yh, d.yw);
}

/* ---- tolerances ------------------------------------------------------------------------ */

static void group_tolerance(void)
{
    for (unsigned i = 0; i < NTASKS; i++)
        for (int cfg = 1; cfg <= KC_TASK_NCONFIGS; cfg++)
            for (uint64_t seed = 1; seed <= NSEEDS; seed++)
                for (int rev = 0; rev < 2; rev++) {
                    emu e = { .reverse = rev };
                    double w = emu_worst(conv_tasks[i], cfg, seed, &e);
                    printf("%-9s C%d seed %llu %s: worst %.3f of the tolerance\n",
                           conv_tasks[i]->name, cfg, (unsigned long long)seed,
                           rev ? "reverse" : "forward", w);
                    CHECK(w <= MARGIN, "%s C%d seed %llu order %d: worst %.3f > %.2f",
                          conv_tasks[i]->name, cfg, (unsigned long long)seed, rev, w, MARGIN);
                }
}

static void group_wrong(void)
{
    static const struct {
        const char *name;
        emu e;
        int block_only;
    } bugs[] = {
        { "missing padding", { .pad_wrap = 1 }, 0 },
        { "wrong stride", { .no_stride = 1 }, 0 },
        { "flipped kernel", { .flip = 1 }, 0 },
        { "missing bias", { .no_bias = 1 }, 0 },
        { "ReLU before BN", { .relu_first = 1 }, 1 },
        { "average pool", { .avg_pool = 1 }, 1 },
    };
    for (unsigned i = 0; i < NTASKS; i++)
        for (unsigned b = 0; b < sizeof bugs / sizeof bugs[0]; b++) {
            const kc_task *t = conv_tasks[i];
            if (bugs[b].block_only && t != &kc_task_conv_convblock)
                continue;
            int applies = 0, caught = 0;
            for (int cfg = 1; cfg <= KC_TASK_NCONFIGS; cfg++) {
                kc_task_conv_dims d;
                kc_task_conv_view(t, &t->configs[cfg - 1], &d);
                /* a bug only shows where the config has what it gets wrong */
                if ((bugs[b].e.pad_wrap && d.pad == 0) || (bugs[b].e.no_stride && d.stride == 1) ||
                    (bugs[b].e.flip && d.k == 1))
                    continue;
                applies++;
                double w = emu_worst(t, cfg, 1, &bugs[b].e);
                CHECK(w > 1.0, "%s C%d: %s passes (worst %.3f)", t->name, cfg, bugs[b].name, w);
                caught += w > 1.0;
            }
            printf("%-9s %-16s caught on %d of %d configs\n", t->name, bugs[b].name, caught,
                   applies);
        }
}

int main(int argc, char **argv)
{
    static const kc_test_group groups[] = {
        { "reference", group_reference },
        { "shapes", group_shapes },
        { "tolerance", group_tolerance },
        { "wrong", group_wrong },
    };
    return kc_test_main("test_conv", argc, argv, groups, sizeof groups / sizeof groups[0]);
}
