/* test_tasks — unit tests of the task framework (no RTL needed): references
 * against closed forms, generator determinism, the checker's negative cases,
 * the roofline, and that every npu baseline kernel is generated and assembles.
 * Usage: test_tasks GROUP (references | generators | checker | roofline | templates |
 *        matmul | swiglu | rope).
 * Over 800 lines on purpose: one group per ctest, each a flat list of checks
 * that reads top to bottom; splitting it would only scatter the groups. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kc_asm.h"
#include "kc_check.h"
#include "kc_eval.h"
#include "kc_platform.h"
#include "kc_task.h"
#include "kc_task_eltwise.h"
#include "kc_task_matmul.h"
#include "kc_task_rope.h"
#include "kc_task_rownorm.h"

#include "kc_test.h"

#define NEAR(a, b, tol) (fabs((a) - (b)) <= (tol))

/* Runs a task's reference on caller-provided inputs for an ad-hoc shape. */
static void ref2d(const kc_task *t, uint32_t m, uint32_t n, double *const *in, double *out)
{
    kc_task_config c = { { m, n } };
    double *outs[1] = { out };
    t->reference(t, &c, (const double *const *)in, outs);
}

/* ---- references ------------------------------------------------------------------ */

static void test_references(void)
{
    /* scalar functions at known points */
    CHECK(kc_task_eltwise_relu_f(-1.5) == 0.0 && kc_task_eltwise_relu_f(2.25) == 2.25, "relu");
    CHECK(kc_task_eltwise_silu_f(0) == 0.0, "silu(0)");
    CHECK(NEAR(kc_task_eltwise_silu_f(1.0), 0.7310585786300049, 1e-15), "silu(1)");
    CHECK(NEAR(kc_task_eltwise_silu_f(-2.0), -0.2384058440442351, 1e-15), "silu(-2)");
    CHECK(NEAR(kc_task_eltwise_gelu_f(1.0), 0.8413447460685429, 1e-15), "gelu(1)");
    CHECK(NEAR(kc_task_eltwise_gelu_f(-1.0), -0.15865525393145707, 1e-15), "gelu(-1)");
    CHECK(kc_task_eltwise_gelu_f(0) == 0.0, "gelu(0)");
    /* the tanh form the baseline uses stays well inside GELU's tolerance */
    double worst = 0;
    for (double x = -12; x <= 12; x += 1e-3) {
        double d = fabs(kc_task_eltwise_gelu_f(x) - kc_task_eltwise_gelu_tanh_f(x));
        worst = d > worst ? d : worst;
    }
    CHECK(worst < 0.5 * kc_task_eltwise_gelu.tol[KC_DTYPE_BF16].abs,
          "tanh-vs-erf GELU differs by %g", worst);
    CHECK(worst > 1e-5, "the approximation should differ measurably (%g)", worst);

    /* element-wise references apply the scalar function */
    {
        double x[4] = { -3, -0.5, 0.5, 3 }, y[4];
        double *in[1] = { x };
        ref2d(&kc_task_eltwise_relu, 2, 2, in, y);
        CHECK(y[0] == 0 && y[1] == 0 && y[2] == 0.5 && y[3] == 3, "relu ref");
    }

    /* softmax: rows sum to 1, invariant to a shift, uniform on a constant row */
    {
        enum { M = 3, N = 37 };
        double x[M * N], xs[M * N], y[M * N], ys[M * N];
        kc_rng r;
        kc_rng_seed(&r, 7);
        for (int i = 0; i < M * N; i++) {
            x[i] = 3 * kc_rng_normal(&r);
            xs[i] = x[i] + 50.0;
        }
        for (int j = 0; j < N; j++)
            x[2 * N + j] = xs[2 * N + j] = 1.25;
        double *in[1] = { x }, *ins[1] = { xs };
        ref2d(&kc_task_rownorm_softmax, M, N, in, y);
        ref2d(&kc_task_rownorm_softmax, M, N, ins, ys);
        for (int i = 0; i < 2; i++) {
            double s = 0;
            for (int j = 0; j < N; j++)
                s += y[i * N + j];
            CHECK(NEAR(s, 1.0, 1e-12), "softmax row %d sums to %.17g", i, s);
        }
        for (int k = 0; k < M * N; k++)
            CHECK(NEAR(y[k], ys[k], 1e-12), "softmax(x + c) != softmax(x) at %d", k);
        CHECK(NEAR(y[2 * N + 5], 1.0 / N, 1e-15), "softmax constant row");
        /* no overflow for large logits: the max is subtracted */
        double big[2] = { 1000, 999 }, yb[2];
        double *inb[1] = { big };
        ref2d(&kc_task_rownorm_softmax, 1, 2, inb, yb);
        CHECK(NEAR(yb[0], 1 / (1 + exp(-1.0)), 1e-15), "softmax large logits");
    }

    /* layernorm with gamma = 1, beta = 0: mean 0, variance var/(var + eps) */
    {
        enum { M = 2, N = 50 };
        double x[M * N], g[N], b[N], y[M * N];
        kc_rng r;
        kc_rng_seed(&r, 9);
        for (int i = 0; i < M * N; i++)
            x[i] = 4 + 2 * kc_rng_normal(&r);
        for (int j = 0; j < N; j++) {
            g[j] = 1;
            b[j] = 0;
        }
        double *in[3] = { x, g, b };
        ref2d(&kc_task_rownorm_layernorm, M, N, in, y);
        for (int i = 0; i < M; i++) {
            double mu = 0, var = 0, ym = 0, yv = 0;
            for (int j = 0; j < N; j++)
                mu += x[i * N + j] / N;
            for (int j = 0; j < N; j++)
                var += (x[i * N + j] - mu) * (x[i * N + j] - mu) / N;
            for (int j = 0; j < N; j++)
                ym += y[i * N + j] / N;
            for (int j = 0; j < N; j++)
                yv += (y[i * N + j] - ym) * (y[i * N + j] - ym) / N;
            CHECK(NEAR(ym, 0, 1e-12), "layernorm mean %g", ym);
            CHECK(NEAR(yv, var / (var + kc_task_rownorm_layernorm.eps), 1e-12),
                  "layernorm variance %g", yv);
        }
        /* affine part: y = normalized * gamma + beta */
        for (int j = 0; j < N; j++) {
            g[j] = 2;
            b[j] = 0.5;
        }
        double y2[M * N];
        ref2d(&kc_task_rownorm_layernorm, M, N, in, y2);
        CHECK(NEAR(y2[7], 2 * y[7] + 0.5, 1e-12), "layernorm affine");
        /* eps matters for a row with variance ~ eps: a missing eps is visible */
        double xt[N];
        for (int j = 0; j < N; j++)
            xt[j] = (j & 1) ? 0.003 : -0.003;
        double *int_[3] = { xt, g, b };
        double yt[N];
        for (int j = 0; j < N; j++) {
            g[j] = 1;
            b[j] = 0;
        }
        ref2d(&kc_task_rownorm_layernorm, 1, N, int_, yt);
        CHECK(NEAR(yt[1], 0.003 / sqrt(9e-6 + 1e-5), 1e-9), "layernorm eps %g", yt[1]);
    }

    /* rmsnorm of a constant row c: c / sqrt(c^2 + eps) * gamma */
    {
        enum { N = 20 };
        double x[N], g[N], y[N];
        for (int j = 0; j < N; j++) {
            x[j] = -0.75;
            g[j] = 1 + 0.1 * j;
        }
        double *in[2] = { x, g };
        ref2d(&kc_task_rownorm_rmsnorm, 1, N, in, y);
        double want = -0.75 / sqrt(0.5625 + kc_task_rownorm_rmsnorm.eps);
        for (int j = 0; j < N; j++)
            CHECK(NEAR(y[j], want * g[j], 1e-12), "rmsnorm constant row [%d] = %g", j, y[j]);
    }
}

/* ---- generators and instances ---------------------------------------------------- */

static void test_generators(void)
{
    for (const kc_task *const *tp = kc_task_all(); *tp; tp++) {
        const kc_task *t = *tp;
        kc_err err;
        kc_err_clear(&err);
        /* the arguments by ABI order; where each lives is the platform's (arg_where) */
        CHECK(t->description && strstr(t->description, "Arguments, in ABI order: ") &&
              !strstr(t->description, "a0 ="), "%s: ABI order in description, no register names", t->name);
        CHECK(t->tol[KC_DTYPE_BF16].rel >= 0 && t->tol[KC_DTYPE_BF16].rel < 0.05,
              "%s: bf16 tolerance", t->name);
        /* configs. The primitive families (one tensor extent per dim): C1 aligned
         * to 16 (a row count to 8), C5 ragged in every dimension (matrix tasks:
         * not even a multiple of 4), a batch dimension ("B") neither. Composite
         * tasks mix extents with counts (heads, kernel size, stride): C5 ragged
         * in at least one dimension. Work (FLOPs) rises config by config for the
         * primitives; composite tasks may trade size for ragged shapes in C4, so
         * there it only rises from C1 and C5 is at least C2. */
        const kc_task_config *c1 = &t->configs[0], *c5 = &t->configs[4];
        int matrix = !strcmp(t->family, "matmul");
        int primitive = matrix || !strcmp(t->family, "eltwise") || !strcmp(t->family, "rownorm") ||
                        !strcmp(t->family, "rope");
        int ragged = 0;
        for (int d = 0; d < KC_TASK_MAX_DIMS && t->dim_names[d]; d++) {
            ragged |= c5->dims[d] % 16 != 0;
            if (!primitive || !strcmp(t->dim_names[d], "B"))
                continue;
            uint32_t align = d == 0 && !matrix ? 8 : 16;
            CHECK(c1->dims[d] % align == 0, "%s: C1 %s aligned", t->name, t->dim_names[d]);
            CHECK(c5->dims[d] % 16 != 0, "%s: C5 %s ragged", t->name, t->dim_names[d]);
            CHECK(!matrix || c5->dims[d] % 4 != 0, "%s: C5 %s not a multiple of 4", t->name,
                  t->dim_names[d]);
        }
        CHECK(ragged, "%s: C5 ragged somewhere", t->name);
        double work[KC_TASK_NCONFIGS];
        for (int k = 0; k < KC_TASK_NCONFIGS; k++) {
            kc_task_shape sh;
            t->shape(t, &t->configs[k], &sh);
            work[k] = sh.vec_flops + sh.mac_flops;
        }
        for (int k = 1; k < KC_TASK_NCONFIGS; k++) {
            CHECK(work[k] > work[0], "%s: C%d more work than C1", t->name, k + 1);
            CHECK(!primitive || work[k] > work[k - 1], "%s: C%d more work than C%d", t->name,
                  k + 1, k);
        }
        CHECK(work[4] >= work[1], "%s: C5 at least the work of C2", t->name);

        kc_task_inst a, b, d;
        CHECK(kc_task_inst_make(&a, t, 2, KC_DTYPE_BF16, 42, &err) == KC_OK, "%s", err.text);
        CHECK(kc_task_inst_make(&b, t, 2, KC_DTYPE_BF16, 42, &err) == KC_OK, "%s", err.text);
        CHECK(kc_task_inst_make(&d, t, 2, KC_DTYPE_BF16, 43, &err) == KC_OK, "%s", err.text);
        int same = 1, differs = 0, quantized = 1, finite = 1;
        for (unsigned i = 0; i < a.shape.ntensors; i++)
            for (size_t k = 0; k < a.shape.t[i].nelem; k++) {
                same &= a.data[i][k] == b.data[i][k];
                differs |= a.data[i][k] != d.data[i][k];
                finite &= isfinite(a.data[i][k]);
                if (a.shape.t[i].role == KC_ROLE_INPUT)
                    quantized &= kc_dtype_quantize(KC_DTYPE_BF16, a.data[i][k]) == a.data[i][k];
            }
        CHECK(same, "%s: same seed, same data", t->name);
        CHECK(differs, "%s: another seed, other data", t->name);
        CHECK(quantized, "%s: inputs are bf16 values", t->name);
        CHECK(finite, "%s: finite inputs and reference", t->name);
        CHECK(a.dram_bytes > 0 && a.shape.vec_flops + a.shape.mac_flops > 0, "%s: work counted",
              t->name);
        kc_task_inst_free(&a);
        kc_task_inst_free(&b);
        kc_task_inst_free(&d);
    }
    kc_err err;
    kc_err_clear(&err);
    kc_task_inst x;
    CHECK(kc_task_inst_make(&x, &kc_task_eltwise_relu, 6, KC_DTYPE_BF16, 1, &err) == KC_ERR_USAGE,
          "config 6 rejected");
    CHECK(kc_task_find("softmax") == &kc_task_rownorm_softmax && !kc_task_find("nope"), "find");
    CHECK(kc_dtype_quantize(KC_DTYPE_BF16, 1.00390625) == 1.0, "bf16 RNE tie to even");
    CHECK(kc_dtype_quantize(KC_DTYPE_BF16, 1.01171875) == 1.015625, "bf16 RNE tie up");
}

/* ---- checker --------------------------------------------------------------------- */

enum { DRAM = 1 << 20 };

/* Builds relu C1 (or silu) in a small DRAM with the reference written as the
 * kernel's answer. */
static void setup(const kc_task *t, kc_task_inst *inst, kc_layout *l, uint8_t *dram)
{
    kc_err err;
    kc_err_clear(&err);
    CHECK(kc_task_inst_make(inst, t, 1, KC_DTYPE_BF16, 5, &err) == KC_OK, "%s", err.text);
    CHECK(kc_check_layout(inst, DRAM, 256, l, &err) == KC_OK, "%s", err.text);
    kc_check_fill(inst, l, dram, DRAM);
}

static void write_answer(const kc_task_inst *inst, const kc_layout *l, uint8_t *dram)
{
    for (unsigned i = 0; i < l->ntensors; i++)
        if (inst->shape.t[i].role == KC_ROLE_OUTPUT)
            for (size_t k = 0; k < inst->shape.t[i].nelem; k++)
                kc_dtype_store(inst->dtype, inst->data[i][k], dram + l->addr[i] + 2 * k);
}

/* Marks [addr, addr + n) written in a hand-made write map. */
static void mark(kc_dram_wmap *w, uint64_t *bits, uint32_t addr, uint32_t n)
{
    for (uint32_t a = addr; a < addr + n; a++)
        bits[a >> 6] |= UINT64_C(1) << (a & 63);
    if (w->hi == w->lo) {
        w->lo = addr;
        w->hi = addr + n;
    }
    w->lo = addr < w->lo ? addr : w->lo;
    w->hi = addr + n > w->hi ? addr + n : w->hi;
}

static void test_checker(void)
{
    uint8_t *dram = malloc(DRAM);
    kc_task_inst inst;
    kc_layout l;
    kc_check_result r;

    setup(&kc_task_rownorm_layernorm, &inst, &l, dram);
    /* layout: aligned, guarded, ascending, inputs then outputs */
    for (unsigned i = 0; i < l.ntensors; i++) {
        CHECK(l.addr[i] % 256 == 0 && l.addr[i] >= KC_CHECK_GUARD, "aligned %u", i);
        if (i)
            CHECK(l.addr[i] >= l.addr[i - 1] + l.bytes[i - 1] + KC_CHECK_GUARD, "guard %u", i);
    }
    /* an unwritten output is all sentinel: NaN everywhere, so it fails */
    kc_check_run(&inst, &l, dram, DRAM, NULL, &r);
    CHECK(!r.correct && !r.oob && r.mismatches == inst.shape.t[3].nelem &&
              r.nonfinite == r.mismatches && r.nreport == KC_CHECK_MAX_REPORT,
          "unwritten output: mismatches %zu", r.mismatches);
    CHECK(r.first[0].tensor == 3 && r.first[0].index == 0 && isnan(r.first[0].actual),
          "first mismatch reported");
    /* the reference itself passes */
    write_answer(&inst, &l, dram);
    kc_check_run(&inst, &l, dram, DRAM, NULL, &r);
    CHECK(r.correct && r.mismatches == 0 && r.nchecked == inst.shape.t[3].nelem,
          "reference passes (max abs %g)", r.max_abs);
    /* one element out of tolerance */
    size_t k = 77;
    double e = inst.data[3][k];
    kc_dtype_store(KC_DTYPE_BF16, e + 0.1 + 0.05 * fabs(e), dram + l.addr[3] + 2 * k);
    kc_check_run(&inst, &l, dram, DRAM, NULL, &r);
    CHECK(!r.correct && !r.oob && r.mismatches == 1 && r.first[0].index == k &&
              r.first[0].expected == e && r.max_abs >= 0.1,
          "out of tolerance: %zu mismatches", r.mismatches);
    /* a small error inside the tolerance passes */
    kc_dtype_store(KC_DTYPE_BF16, e * (1 + 0.004), dram + l.addr[3] + 2 * k);
    kc_check_run(&inst, &l, dram, DRAM, NULL, &r);
    CHECK(r.correct, "within tolerance passes");
    /* a byte in a guard gap changed: out of bounds, first address reported */
    uint32_t gap = l.addr[3] - 3;
    dram[gap] ^= 0x40;
    dram[DRAM - 1] ^= 1;
    kc_check_run(&inst, &l, dram, DRAM, NULL, &r);
    CHECK(!r.correct && r.oob && !r.oob_written && r.oob_addr == gap &&
              r.oob_region == KC_CHECK_IN_GAP && r.oob_tensor == 3,
          "gap write at 0x%x reported as 0x%x", gap, r.oob_addr);
    dram[gap] ^= 0x40;
    kc_check_run(&inst, &l, dram, DRAM, NULL, &r);
    CHECK(r.oob && r.oob_addr == DRAM - 1 && r.oob_region == KC_CHECK_BEYOND &&
              r.oob_tensor == (int)l.ntensors - 1, "write at the end of DRAM");
    dram[DRAM - 1] ^= 1;
    /* an input overwritten is out of bounds too (inputs are not outputs) */
    dram[l.addr[1] + 9] ^= 0x01;
    kc_check_run(&inst, &l, dram, DRAM, NULL, &r);
    CHECK(r.oob && r.oob_addr == l.addr[1] + 9 && r.oob_region == KC_CHECK_IN_INPUT &&
              r.oob_tensor == 1, "input write");
    dram[l.addr[1] + 9] ^= 0x01;
    /* a write just past the output */
    dram[l.addr[3] + l.bytes[3]] = 0;
    kc_check_run(&inst, &l, dram, DRAM, NULL, &r);
    CHECK(r.oob && r.oob_addr == l.addr[3] + l.bytes[3], "write past the output");
    kc_task_inst_free(&inst);

    /* the write map: any write outside the outputs fails, whatever the value */
    setup(&kc_task_rownorm_layernorm, &inst, &l, dram);
    write_answer(&inst, &l, dram);
    uint64_t *bits = calloc(DRAM / 64 + 2, sizeof *bits);
    kc_dram_wmap wm = { bits, 0, 0 };
    mark(&wm, bits, l.addr[3], l.bytes[3]);                /* the output itself: allowed */
    kc_check_run(&inst, &l, dram, DRAM, &wm, &r);
    CHECK(r.correct, "writes into the output pass");
    mark(&wm, bits, l.addr[1] + 6, 2);                    /* input bytes stored unchanged */
    kc_check_run(&inst, &l, dram, DRAM, &wm, &r);
    CHECK(!r.correct && r.oob && r.oob_written && r.oob_addr == l.addr[1] + 6 &&
              r.oob_region == KC_CHECK_IN_INPUT && r.oob_tensor == 1,
          "identical bytes written into an input: oob %d at 0x%x", r.oob, r.oob_addr);
    char where[96];
    kc_check_region_text(&r, &l, (const char *const[]){ "x", "gamma", "beta", "y" }, where,
                         sizeof where);
    CHECK(!strcmp(where, "input gamma"), "region '%s'", where);
    mark(&wm, bits, l.addr[1] - 4, 2);                    /* sentinel bytes into the gap */
    kc_check_run(&inst, &l, dram, DRAM, &wm, &r);
    CHECK(r.oob && r.oob_written && r.oob_addr == l.addr[1] - 4 && r.oob_region == KC_CHECK_IN_GAP,
          "sentinel rewritten into a gap: 0x%x", r.oob_addr);
    kc_check_region_text(&r, &l, (const char *const[]){ "x", "gamma", "beta", "y" }, where,
                         sizeof where);
    CHECK(!strcmp(where, "the gap between x and gamma"), "region '%s'", where);
    memset(bits, 0, (DRAM / 64 + 2) * sizeof *bits);
    wm = (kc_dram_wmap){ bits, 0, 0 };
    mark(&wm, bits, 8, 1);
    kc_check_run(&inst, &l, dram, DRAM, &wm, &r);
    kc_check_region_text(&r, &l, (const char *const[]){ "x", "gamma", "beta", "y" }, where,
                         sizeof where);
    CHECK(r.oob_addr == 8 && !strcmp(where, "the guard before x"), "region '%s'", where);
    memset(bits, 0, (DRAM / 64 + 2) * sizeof *bits);
    wm = (kc_dram_wmap){ bits, 0, 0 };
    mark(&wm, bits, l.end + 100, 1);
    kc_check_run(&inst, &l, dram, DRAM, &wm, &r);
    kc_check_region_text(&r, &l, (const char *const[]){ "x", "gamma", "beta", "y" }, where,
                         sizeof where);
    CHECK(r.oob_addr == l.end + 100 && !strcmp(where, "beyond the last tensor y"), "region '%s'",
          where);
    free(bits);
    kc_task_inst_free(&inst);

    /* relu is exact: one ulp off fails */
    setup(&kc_task_eltwise_relu, &inst, &l, dram);
    write_answer(&inst, &l, dram);
    kc_check_run(&inst, &l, dram, DRAM, NULL, &r);
    CHECK(r.correct, "relu reference passes");
    for (k = 0; inst.data[1][k] <= 0; k++)
        ;
    uint8_t *p = dram + l.addr[1] + 2 * k;
    p[0] ^= 1;
    kc_check_run(&inst, &l, dram, DRAM, NULL, &r);
    CHECK(!r.correct && r.mismatches == 1, "relu one ulp off fails");
    kc_task_inst_free(&inst);

    /* kc_check_refill after a passing check writes the image kc_check_fill does:
     * layernorm's image dirtied below its end (an answer, garbage in an input),
     * then relu's (smaller) image refilled from layernorm's boundary. */
    {
        kc_task_inst big, small;
        kc_layout lb, ls;
        uint8_t *want = malloc(DRAM);
        setup(&kc_task_rownorm_layernorm, &big, &lb, dram);
        write_answer(&big, &lb, dram);
        kc_check_run(&big, &lb, dram, DRAM, NULL, &r);
        CHECK(r.correct && kc_check_sentinel_from(&lb, &r, DRAM) == lb.end, "layernorm passes: boundary at end");
        memset(dram + lb.addr[0], 0x55, lb.bytes[0]);   /* after the check: a caller's own scribbling */
        setup(&kc_task_eltwise_relu, &small, &ls, want);
        CHECK(ls.end < lb.end, "relu's image is the smaller one");
        kc_check_refill(&small, &ls, dram, DRAM, lb.end);
        CHECK(!memcmp(dram, want, DRAM), "refill = fill");
        /* an out-of-bounds byte: nothing past the tensors is known clean */
        dram[ls.end + 1000] ^= 1;
        kc_check_run(&small, &ls, dram, DRAM, NULL, &r);
        CHECK(r.oob && kc_check_sentinel_from(&ls, &r, DRAM) == DRAM, "oob: boundary at size");
        kc_check_refill(&small, &ls, dram, DRAM, DRAM);
        CHECK(!memcmp(dram, want, DRAM), "full refill = fill");
        free(want);
        kc_task_inst_free(&big);
        kc_task_inst_free(&small);
    }

    kc_tol tol = { 1e-3, 1e-2 };
    CHECK(kc_check_within(&tol, 1.0, 1.0105) && !kc_check_within(&tol, 1.0, 1.0115), "within");
    CHECK(!kc_check_within(&tol, 0.0, NAN) && !kc_check_within(&tol, 0.0, INFINITY), "nan/inf");
    free(dram);
}

/* ---- roofline ---------------------------------------------------------------------- */

static void test_roofline(void)
{
    const kc_platform *p = kc_platform_find("npu");
    kc_err err;
    kc_err_clear(&err);
    kc_task_inst inst;
    CHECK(p && p->dtype == KC_DTYPE_BF16 && p->vec_peak == 16 && p->dram_bw == 32, "npu row");
    /* relu C1: 512 elements, 2 KiB of traffic -> memory bound, 64 cycles */
    CHECK(kc_task_inst_make(&inst, &kc_task_eltwise_relu, 1, KC_DTYPE_BF16, 1, &err) == KC_OK, "make");
    CHECK(inst.dram_bytes == 2048 && kc_platform_ideal_cycles(p, &inst) == 64, "relu ideal %g",
          kc_platform_ideal_cycles(p, &inst));
    kc_task_inst_free(&inst);
    /* layernorm C1: 8x64, 7 flops/element -> 3584/16 = 224 compute cycles vs
     * (512*2 + 64*2*2)*2/32 = 72 memory cycles */
    CHECK(kc_task_inst_make(&inst, &kc_task_rownorm_layernorm, 1, KC_DTYPE_BF16, 1, &err) == KC_OK,
          "make");
    CHECK(kc_platform_ideal_cycles(p, &inst) == 224, "layernorm ideal %g",
          kc_platform_ideal_cycles(p, &inst));
    kc_task_inst_free(&inst);
    /* matrix tasks: mac_peak = MLEN x VLEN = 64. GEMM C1 (32^3 MACs) is compute
     * bound: 512 cycles vs 3 x 2 KiB / 32 = 192; GEMV C5 is memory bound: W alone
     * is 1531 x 509 x 2 bytes, 48.7k cycles vs 12.2k MAC cycles */
    CHECK(p->mac_peak == 64, "npu mac_peak %g", p->mac_peak);
    CHECK(kc_task_inst_make(&inst, &kc_task_matmul_gemm, 1, KC_DTYPE_BF16, 1, &err) == KC_OK, "make");
    CHECK(inst.shape.mac_flops == 32768 && inst.dram_bytes == 6144 &&
              kc_platform_ideal_cycles(p, &inst) == 512,
          "gemm ideal %g", kc_platform_ideal_cycles(p, &inst));
    kc_task_inst_free(&inst);
    CHECK(kc_task_inst_make(&inst, &kc_task_matmul_gemv, 5, KC_DTYPE_BF16, 1, &err) == KC_OK, "make");
    CHECK(kc_platform_ideal_cycles(p, &inst) == ceil((1531.0 * 509 + 509 + 1531) * 2 / 32),
          "gemv ideal %g", kc_platform_ideal_cycles(p, &inst));
    kc_task_inst_free(&inst);
}

/* ---- matrix tasks ---------------------------------------------------------------- */

static const kc_task *const matmul_tasks[] = { &kc_task_matmul_gemv, &kc_task_matmul_gemm,
                                               &kc_task_matmul_bmm, &kc_task_matmul_linear };

/* A[b][m][k] and B[b][k][n] of an instance, whatever the task's layout. */
static double mm_a(const kc_task_inst *in, const kc_task_matmul_dims *d, uint32_t b, uint32_t m,
                   uint32_t k)
{
    return in->data[d->a_idx][((size_t)b * d->m + m) * d->k + k];
}

static double mm_b(const kc_task_inst *in, const kc_task_matmul_dims *d, uint32_t b, uint32_t k,
                   uint32_t n)
{
    const double *B = in->data[d->b_idx] + (size_t)b * d->k * d->n;
    return d->b_transposed ? B[(size_t)n * d->k + k] : B[(size_t)k * d->n + n];
}

/* What a kernel computes: fp32 fma in k order `reverse` or not (a correct kernel,
 * any order), or partial sums rounded to bf16 after every K tile of 16 (not
 * acceptable), then bf16 rounding; Linear adds the bias to the bf16 result as
 * the vector unit does. Returns the number of elements outside the tolerance
 * and the largest fp32 accumulation bound K * 2^-24 * sum|a*b| (+ 2^-9 |bias|). */
static size_t mm_emulate(const kc_task_inst *in, int mode, double *bound)
{
    kc_task_matmul_dims d;
    const kc_task_config *c = &in->task->configs[in->config - 1];
    kc_task_matmul_view(in->task, c, &d);
    const kc_tol *tol = &in->task->tol[KC_DTYPE_BF16];
    size_t bad = 0;
    *bound = 0;
    for (uint32_t b = 0; b < d.batch; b++)
        for (uint32_t m = 0; m < d.m; m++)
            for (uint32_t n = 0; n < d.n; n++) {
                float acc = 0;
                double s = 0, part = 0, bf_acc = 0;
                for (uint32_t q = 0; q < d.k; q++) {
                    uint32_t k = mode == 1 ? d.k - 1 - q : q;
                    double x = mm_a(in, &d, b, m, k), w = mm_b(in, &d, b, k, n);
                    acc = fmaf((float)x, (float)w, acc);
                    s += fabs(x * w);
                    part += x * w;
                    if (q % 16 == 15 || q + 1 == d.k) {
                        bf_acc = kc_dtype_quantize(KC_DTYPE_BF16, bf_acc + part);
                        part = 0;
                    }
                }
                double y = kc_dtype_quantize(KC_DTYPE_BF16, mode == 2 ? bf_acc : (double)acc);
                double bias = d.has_bias ? in->data[d.bias_idx][n] : 0;
                if (d.has_bias)
                    y = kc_dtype_quantize(KC_DTYPE_BF16, y + bias);
                double e = in->data[d.out_idx][((size_t)b * d.m + m) * d.n + n];
                bad += !kc_check_within(tol, e, y);
                double bnd = d.k * ldexp(1.0, -24) * s + ldexp(fabs(bias), -9);
                *bound = bnd > *bound ? bnd : *bound;
            }
    return bad;
}

static void test_matmul(void)
{
    kc_err err;
    kc_err_clear(&err);
    /* references against hand-computed cases */
    {
        kc_task_config c = { { 2, 3, 2 } };   /* linear M=2, N=3, K=2 */
        double x[4] = { 1, 2, 3, 4 }, W[6] = { 1, 0, 0, 1, 1, 1 }, bias[3] = { 0.5, 0, -1 };
        double y[6];
        double *in[3] = { x, W, bias }, *out[1] = { y };
        kc_task_matmul_linear.reference(&kc_task_matmul_linear, &c, (const double *const *)in, out);
        CHECK(y[0] == 1.5 && y[1] == 2 && y[2] == 2 && y[3] == 3.5 && y[4] == 4 && y[5] == 6,
              "linear = x W^T + bias: %g %g %g %g %g %g", y[0], y[1], y[2], y[3], y[4], y[5]);
        kc_task_config g = { { 2, 3, 2 } };   /* gemm M=2, N=3, K=2: B is K x N */
        double A[4] = { 1, 2, 3, 4 }, B[6] = { 1, 0, 2, 0, 1, 3 }, C[6];
        double *gin[2] = { A, B }, *gout[1] = { C };
        kc_task_matmul_gemm.reference(&kc_task_matmul_gemm, &g, (const double *const *)gin, gout);
        CHECK(C[0] == 1 && C[1] == 2 && C[2] == 8 && C[3] == 3 && C[4] == 4 && C[5] == 18,
              "gemm = A B");
        kc_task_config v = { { 3, 2 } };      /* gemv N=3, K=2: y = W x, a0 = W */
        double vx[2] = { 2, -1 }, vy[3];
        double *vin[2] = { W, vx }, *vout[1] = { vy };
        kc_task_matmul_gemv.reference(&kc_task_matmul_gemv, &v, (const double *const *)vin, vout);
        CHECK(vy[0] == 2 && vy[1] == -1 && vy[2] == 1, "gemv = W x");
        kc_task_config bc = { { 2, 1, 1, 2 } }; /* bmm: batches do not mix */
        double bA[4] = { 1, 2, 3, 4 }, bB[4] = { 1, 1, 10, 10 }, bC[2];
        double *bin[2] = { bA, bB }, *bout[1] = { bC };
        kc_task_matmul_bmm.reference(&kc_task_matmul_bmm, &bc, (const double *const *)bin, bout);
        CHECK(bC[0] == 3 && bC[1] == 70, "bmm batches %g %g", bC[0], bC[1]);
    }
    for (unsigned i = 0; i < sizeof matmul_tasks / sizeof matmul_tasks[0]; i++) {
        const kc_task *t = matmul_tasks[i];
        kc_task_matmul_dims d;
        CHECK(kc_task_matmul_view(t, &t->configs[0], &d) && d.out_idx == (int)d.has_bias + 2,
              "%s view", t->name);
        CHECK(!kc_task_matmul_view(&kc_task_eltwise_relu, &t->configs[0], &d), "relu is no matmul");
        for (int c = 1; c <= KC_TASK_NCONFIGS; c++) {
            kc_task_inst in;
            CHECK(kc_task_inst_make(&in, t, c, KC_DTYPE_BF16, 11, &err) == KC_OK, "%s", err.text);
            kc_task_matmul_view(t, &t->configs[c - 1], &d);
            CHECK(in.shape.mac_flops == (double)d.batch * d.m * d.n * d.k, "%s C%d MACs", t->name, c);
            /* outputs are O(1) whatever K is (fan-in scaled weights) */
            double ss = 0;
            size_t n = in.shape.t[d.out_idx].nelem;
            for (size_t k = 0; k < n; k++)
                ss += in.data[d.out_idx][k] * in.data[d.out_idx][k];
            double rms = sqrt(ss / n);
            CHECK(rms > 0.3 && rms < 1.5, "%s C%d output rms %g", t->name, c, rms);
            /* the tolerance: a correct fp32 kernel passes in any summation order,
             * its worst-case error bound fits in abs, and bf16 partial sums fail
             * (checked where K has enough tiles to matter) */
            double bound;
            size_t bad_fwd = mm_emulate(&in, 0, &bound), bad_rev = mm_emulate(&in, 1, &bound);
            CHECK(bad_fwd == 0 && bad_rev == 0, "%s C%d: fp32 kernel fails %zu / %zu elements",
                  t->name, c, bad_fwd, bad_rev);
            if (getenv("KC_TEST_VERBOSE"))
                printf("%s C%d: accumulation bound %.3g\n", t->name, c, bound);
            CHECK(bound <= 0.5 * t->tol[KC_DTYPE_BF16].abs, "%s C%d: accumulation bound %g",
                  t->name, c, bound);
            if (c >= 3) {
                size_t bad_bf16 = mm_emulate(&in, 2, &bound);
                CHECK(bad_bf16 > 0, "%s C%d: bf16 partial sums pass", t->name, c);
            }
            kc_task_inst_free(&in);
        }
    }
}

/* ---- SwiGLU ------------------------------------------------------------------------ */

static double bf(double v)
{
    return kc_dtype_quantize(KC_DTYPE_BF16, v);
}

/* fp32 accumulation of row m of x times row n of W (both N x K / M x K), then
 * bf16 rounding, as the matrix unit's mmac + mst. */
static double sw_dot(const double *x, const double *W, uint32_t k, uint32_t m, uint32_t n)
{
    float acc = 0;
    for (uint32_t q = 0; q < k; q++)
        acc = fmaf((float)x[(size_t)m * k + q], (float)W[(size_t)n * k + q], acc);
    return bf(acc);
}

/* Elements of an instance outside the tolerance for a kernel that forms h from
 * bf16 u and g in bf16 steps: mode 0 the baseline's order (u*g, then times
 * 1/(1 + exp(-g))), mode 1 the SiLU task's order (silu(g) first, then * u), and
 * wrong kernels: 2 gate and up swapped (silu(u) * g), 3 no silu (g * u), 4 the
 * sigmoid alone (sigmoid(g) * u). */
static size_t sw_emulate(const kc_task_inst *in, int mode)
{
    const kc_task_config *c = &in->task->configs[in->config - 1];
    uint32_t M = c->dims[0], N = c->dims[1], K = c->dims[2];
    const kc_tol *tol = &in->task->tol[KC_DTYPE_BF16];
    size_t bad = 0;
    for (uint32_t m = 0; m < M; m++)
        for (uint32_t n = 0; n < N; n++) {
            double g = sw_dot(in->data[0], in->data[1], K, m, n);
            double u = sw_dot(in->data[0], in->data[2], K, m, n);
            if (mode == 2) {
                double t = g;
                g = u;
                u = t;
            }
            double sig = bf(1.0 / bf(1.0 + bf(exp(-g)))), y;
            if (mode == 0 || mode == 2)
                y = bf(bf(u * g) * sig);
            else if (mode == 1)
                y = bf(bf(g * sig) * u);
            else if (mode == 3)
                y = bf(g * u);
            else
                y = bf(sig * u);
            bad += !kc_check_within(tol, in->data[3][(size_t)m * N + n], y);
        }
    return bad;
}

static void test_swiglu(void)
{
    const kc_task *t = &kc_task_matmul_swiglu;
    kc_err err;
    kc_err_clear(&err);
    /* closed form: W_gate picks x's first columns, W_up picks a constant-1
     * column, so u = 1 and h = silu(x) */
    {
        kc_task_config c = { { 2, 2, 3 } };   /* M=2, N=2, K=3 */
        double x[6] = { 0.5, -2, 1, 3, 0, 1 };
        double Wg[6] = { 1, 0, 0, 0, 1, 0 }, Wu[6] = { 0, 0, 1, 0, 0, 1 }, h[4];
        double *in[3] = { x, Wg, Wu }, *out[1] = { h };
        t->reference(t, &c, (const double *const *)in, out);
        CHECK(h[0] == kc_task_eltwise_silu_f(0.5) && h[1] == kc_task_eltwise_silu_f(-2) &&
                  h[2] == kc_task_eltwise_silu_f(3) && h[3] == 0,
              "swiglu with u = 1 is silu: %g %g %g %g", h[0], h[1], h[2], h[3]);
        /* W_up = -W_gate-like scaling: u = 2 g gives h = 2 g silu(g) */
        double Wu2[6] = { 2, 0, 0, 0, 2, 0 };
        double *in2[3] = { x, Wg, Wu2 };
        t->reference(t, &c, (const double *const *)in2, out);
        CHECK(NEAR(h[0], 2 * 0.5 * kc_task_eltwise_silu_f(0.5), 1e-15) &&
                  NEAR(h[1], -4 * kc_task_eltwise_silu_f(-2), 1e-15),
              "swiglu with u = 2g: %g %g", h[0], h[1]);
    }
    kc_task_matmul_dims d;
    CHECK(kc_task_matmul_view(t, &t->configs[0], &d) && d.gate_idx == 1 && d.b_idx == 2 &&
              d.out_idx == 3 && d.b_transposed && !d.has_bias,
          "swiglu view");
    CHECK(t->level == 2, "swiglu is level 2");
    for (int c = 1; c <= KC_TASK_NCONFIGS; c++) {
        kc_task_inst in;
        CHECK(kc_task_inst_make(&in, t, c, KC_DTYPE_BF16, 5, &err) == KC_OK, "%s", err.text);
        const kc_task_config *cf = &t->configs[c - 1];
        uint32_t M = cf->dims[0], N = cf->dims[1], K = cf->dims[2];
        CHECK(in.shape.mac_flops == 2.0 * M * N * K && in.shape.vec_flops == 5.0 * M * N,
              "swiglu C%d work", c);
        /* the reference is the composition of two Linear references (zero bias)
         * joined by the SiLU task's function */
        kc_task_config lc = { { M, N, K } };
        double *zero = calloc(N, sizeof *zero), *g = malloc(sizeof(double) * M * N),
               *u = malloc(sizeof(double) * M * N);
        double *gin[3] = { in.data[0], in.data[1], zero }, *uin[3] = { in.data[0], in.data[2], zero };
        double *gout[1] = { g }, *uout[1] = { u };
        kc_task_matmul_linear.reference(&kc_task_matmul_linear, &lc, (const double *const *)gin, gout);
        kc_task_matmul_linear.reference(&kc_task_matmul_linear, &lc, (const double *const *)uin, uout);
        double worst = 0, ss = 0;
        for (size_t i = 0; i < (size_t)M * N; i++) {
            double e = fabs(in.data[3][i] - kc_task_eltwise_silu_f(g[i]) * u[i]);
            worst = e > worst ? e : worst;
            ss += in.data[3][i] * in.data[3][i];
        }
        CHECK(worst < 1e-12, "swiglu C%d = silu(linear) * linear: %g", c, worst);
        double rms = sqrt(ss / ((double)M * N));
        CHECK(rms > 0.05 && rms < 1.0, "swiglu C%d output rms %g", c, rms);
        /* the tolerance: the bf16-step kernels pass in either order, wrong ones fail */
        size_t b0 = sw_emulate(&in, 0), b1 = sw_emulate(&in, 1);
        CHECK(b0 == 0 && b1 == 0, "swiglu C%d: bf16 kernel fails %zu / %zu", c, b0, b1);
        for (int mode = 2; mode <= 4; mode++)
            CHECK(sw_emulate(&in, mode) > 0, "swiglu C%d: wrong kernel %d passes", c, mode);
        free(zero);
        free(g);
        free(u);
        kc_task_inst_free(&in);
    }
}

/* ---- RoPE ----------------------------------------------------------------------------- */

/* Elements outside the tolerance for a bf16 kernel on an instance: mode 0 the
 * baseline's steps (bf16 products, bf16 difference/sum), 1 fused (fp32 x1 c -
 * x2 s, one rounding); wrong kernels: 2 interleaved pairs (2i, 2i+1), 3 sin
 * with the wrong sign, 4 no rotation (y = x). Also returns the largest pair
 * norm. */
static size_t rope_emulate(const kc_task_inst *in, int mode, double *rmax)
{
    const kc_task_config *c = &in->task->configs[in->config - 1];
    uint32_t S = c->dims[0], H = c->dims[1], dh = c->dims[2], hf = dh / 2;
    const kc_tol *tol = &in->task->tol[KC_DTYPE_BF16];
    size_t bad = 0;
    *rmax = 0;
    for (uint32_t p = 0; p < S; p++)
        for (uint32_t h = 0; h < H; h++) {
            const double *x = in->data[0] + ((size_t)p * H + h) * dh;
            const double *e = in->data[3] + ((size_t)p * H + h) * dh;
            for (uint32_t i = 0; i < hf; i++) {
                uint32_t i1 = i, i2 = i + hf;
                if (mode == 2) {
                    i1 = 2 * i;
                    i2 = 2 * i + 1;
                }
                double cs = in->data[1][(size_t)p * hf + i], sn = in->data[2][(size_t)p * hf + i];
                if (mode == 3)
                    sn = -sn;
                double x1 = x[i1], x2 = x[i2], y1, y2;
                if (mode == 1) {
                    y1 = bf((float)((float)(x1 * cs) - (float)(x2 * sn)));
                    y2 = bf((float)((float)(x2 * cs) + (float)(x1 * sn)));
                } else if (mode == 4) {
                    y1 = x1;
                    y2 = x2;
                } else {
                    y1 = bf(bf(x1 * cs) - bf(x2 * sn));
                    y2 = bf(bf(x2 * cs) + bf(x1 * sn));
                }
                bad += !kc_check_within(tol, e[i1], y1) + !kc_check_within(tol, e[i2], y2);
                double r = sqrt(x1 * x1 + x2 * x2);
                *rmax = r > *rmax ? r : *rmax;
            }
        }
    return bad;
}

static void test_rope(void)
{
    const kc_task *t = &kc_task_rope;
    kc_err err;
    kc_err_clear(&err);
    CHECK(t->level == 2, "rope is level 2");
    /* closed form: a quarter turn maps (x1, x2) to (-x2, x1) in every head */
    {
        kc_task_config c = { { 1, 2, 4 } };   /* S=1, H=2, Dh=4 */
        double x[8] = { 1, 2, 3, 4, 5, 6, 7, 8 }, cs[2] = { 0, 1 }, sn[2] = { 1, 0 }, y[8];
        double *in[3] = { x, cs, sn }, *out[1] = { y };
        t->reference(t, &c, (const double *const *)in, out);
        CHECK(y[0] == -3 && y[1] == 2 && y[2] == 1 && y[3] == 4 && y[4] == -7 && y[5] == 6 &&
                  y[6] == 5 && y[7] == 8,
              "rope rotate-half pairing: %g %g %g %g", y[0], y[1], y[2], y[3]);
    }
    CHECK(kc_task_rope_angle(0, 5, 64) == 0 && NEAR(kc_task_rope_angle(3, 0, 64), 3, 0) &&
              NEAR(kc_task_rope_angle(1, 16, 64), 0.01, 1e-15),
          "rope angles 10000^(-2i/Dh)");
    for (int c = 1; c <= KC_TASK_NCONFIGS; c++) {
        for (uint64_t seed = 1; seed <= 2; seed++) {
            kc_task_inst in;
            CHECK(kc_task_inst_make(&in, t, c, KC_DTYPE_BF16, seed, &err) == KC_OK, "%s",
                  err.text);
            const kc_task_config *cf = &t->configs[c - 1];
            uint32_t H = cf->dims[1], dh = cf->dims[2], hf = dh / 2;
            /* position 0 is the identity; every rotation keeps the pair norms
             * up to the bf16 rounding of the tables (cos^2 + sin^2 = 1 +- 2^-7) */
            size_t n0 = (size_t)H * dh, notid = 0, badnorm = 0;
            for (size_t i = 0; i < n0; i++)
                notid += in.data[3][i] != in.data[0][i];
            for (size_t q = 0; q < in.shape.t[0].nelem; q += dh)
                for (uint32_t i = 0; i < hf; i++) {
                    const double *x = in.data[0] + q, *y = in.data[3] + q;
                    double rx = hypot(x[i], x[i + hf]), ry = hypot(y[i], y[i + hf]);
                    badnorm += fabs(rx - ry) > ldexp(rx, -7);
                }
            CHECK(notid == 0, "rope C%d: position 0 is not the identity (%zu)", c, notid);
            CHECK(badnorm == 0, "rope C%d: %zu pair norms changed", c, badnorm);
            /* the tolerance: bf16-step and fused kernels pass, wrong ones fail,
             * and the pair norms stay below the 5.8 the abs term assumes */
            double rmax;
            size_t b0 = rope_emulate(&in, 0, &rmax), b1 = rope_emulate(&in, 1, &rmax);
            CHECK(b0 == 0 && b1 == 0, "rope C%d: bf16 kernel fails %zu / %zu", c, b0, b1);
            CHECK(rmax < 5.8, "rope C%d: pair norm %g", c, rmax);
            for (int mode = 2; mode <= 4; mode++)
                CHECK(rope_emulate(&in, mode, &rmax) > 0, "rope C%d: wrong kernel %d passes", c,
                      mode);
            kc_task_inst_free(&in);
        }
    }
}

/* ---- templates --------------------------------------------------------------------- */

static void test_templates(void)
{
    const kc_platform *p = kc_platform_find("npu");
    for (const kc_task *const *tp = kc_task_all(); *tp; tp++)
        for (int c = 1; c <= KC_TASK_NCONFIGS; c++) {
            kc_err err;
            kc_err_clear(&err);
            char *text = NULL;
            kc_status s = kc_platform_baseline(p, *tp, c, &text, &err);
            CHECK(s == KC_OK && text, "%s C%d: %s", (*tp)->name, c, err.text);
            if (s != KC_OK)
                continue;
            kc_image img;
            kc_image_init(&img, 0, 0);
            s = kc_platform_build(p, text, "baseline", &img, &err);
            size_t nwords = kc_image_insns(&img);
            CHECK(s == KC_OK, "%s C%d does not assemble: %d:%d %s", (*tp)->name, c, err.line,
                  err.col, err.text);
            CHECK(s != KC_OK || (nwords > 10 && nwords < 16384), "%s C%d: %zu words",
                  (*tp)->name, c, nwords);
            /* generated from templates: hardware loops (unless the kernel is short
             * straight-line code); the single-stage families need no branches (the
             * attention stage has software loops and a subroutine) */
            const char *fam = (*tp)->family;
            int straight = !strcmp(fam, "eltwise") || !strcmp(fam, "rownorm") ||
                           !strcmp(fam, "matmul") || !strcmp(fam, "rope");
            CHECK(strstr(text, "loop") || nwords < 256, "%s C%d: loops", (*tp)->name, c);
            CHECK(!straight || !strstr(text, "\n    b"), "%s C%d: branches", (*tp)->name, c);
            kc_image_free(&img);
            free(text);
        }
    kc_err err;
    kc_err_clear(&err);
    char *text;
    CHECK(kc_platform_baseline(p, &kc_task_eltwise_relu, 0, &text, &err) == KC_ERR_USAGE, "config 0");
}

/* ---- fresh scoring seeds ------------------------------------------------------ */

static void test_seeds(void)
{
    uint64_t a[KC_EVAL_MAX_SEEDS], b[KC_EVAL_MAX_SEEDS];
    kc_err err;
    kc_err_clear(&err);
    CHECK(kc_eval_fresh_seeds(a, KC_EVAL_MAX_SEEDS, KC_EVAL_VISIBLE_SEED, &err) == KC_OK &&
              kc_eval_fresh_seeds(b, KC_EVAL_MAX_SEEDS, KC_EVAL_VISIBLE_SEED, &err) == KC_OK,
          "draw: %s", err.text);
    size_t same = 0;
    for (size_t i = 0; i < KC_EVAL_MAX_SEEDS; i++) {
        CHECK(a[i] != 0 && a[i] != KC_EVAL_VISIBLE_SEED && a[i] < (UINT64_C(1) << 48),
              "seed %zu = %llu", i, (unsigned long long)a[i]);
        for (size_t k = 0; k < i; k++)
            CHECK(a[k] != a[i], "seed %llu drawn twice", (unsigned long long)a[i]);
        for (size_t k = 0; k < KC_EVAL_MAX_SEEDS; k++)
            same += a[i] == b[k];
    }
    CHECK(same == 0, "two draws share %zu seeds", same);
    CHECK(kc_eval_fresh_seeds(a, KC_EVAL_MAX_SEEDS + 1, 1, &err) == KC_ERR_USAGE, "too many");
}

int main(int argc, char **argv)
{
    static const kc_test_group groups[] = {
        { "seeds", test_seeds },
        { "references", test_references }, { "generators", test_generators },
        { "checker", test_checker },       { "roofline", test_roofline },
        { "templates", test_templates },   { "matmul", test_matmul },
        { "swiglu", test_swiglu },         { "rope", test_rope },
    };
    return kc_test_main("test_tasks", argc, argv, groups, sizeof groups / sizeof groups[0]);
}
