/* kc_task_matmul.c — GEMV, GEMM, BatchMatMul, Linear, SwiGLU.
 *
 * One generic shape/generator/reference serves the family: each task is a
 * contraction C[b][m][n] = sum_k A[b][m][k] * B[b][k][n] (+ bias[n]) whose
 * operands sit at given ABI positions, with B stored either as B[k][n] or as
 * W[n][k] (B = W^T). Inputs follow what a model holds: activations ~ N(0, 1),
 * weights scaled by their fan-in K (PyTorch's initialisers), so every output is
 * O(1) whatever K is and one tolerance serves all five configs (docs/tasks.md
 * derives it from the sum of |a*b|, the error scale of a dot product). */
#include "kc_task_matmul.h"

#include <math.h>
#include <string.h>

#include "kc_task_eltwise.h"

typedef enum weight_init {
    INIT_NORMAL,      /* N(0, 1/K): torch.nn.init.normal_(std=K^-1/2) */
    INIT_UNIFORM      /* U(-K^-1/2, K^-1/2): the default of torch.nn.Linear */
} weight_init;

/* Per-task constants, keyed by the task row (which stays plain data). */
typedef struct matmul_kind {
    const kc_task *task;
    int a_idx, b_idx, bias_idx;   /* ABI positions of A, B, bias (-1: none) */
    int gate_idx;                 /* SwiGLU's W_gate (-1: none) */
    int b_transposed;
    weight_init init;
} matmul_kind;

static const matmul_kind *kind_of(const kc_task *t);

int kc_task_matmul_view(const kc_task *t, const kc_task_config *c, kc_task_matmul_dims *d)
{
    const matmul_kind *k = kind_of(t);
    if (!k)
        return 0;
    memset(d, 0, sizeof *d);
    d->batch = 1;
    d->b_transposed = k->b_transposed;
    d->has_bias = k->bias_idx >= 0;
    d->a_idx = k->a_idx;
    d->b_idx = k->b_idx;
    d->bias_idx = k->bias_idx;
    d->gate_idx = k->gate_idx;
    d->out_idx = d->has_bias || k->gate_idx >= 0 ? 3 : 2;
    if (t == &kc_task_matmul_gemv) {          /* dims: N, K */
        d->m = 1;
        d->n = c->dims[0];
        d->k = c->dims[1];
    } else if (t == &kc_task_matmul_bmm) {    /* dims: B, M, N, K */
        d->batch = c->dims[0];
        d->m = c->dims[1];
        d->n = c->dims[2];
        d->k = c->dims[3];
    } else {                                  /* dims: M, N, K */
        d->m = c->dims[0];
        d->n = c->dims[1];
        d->k = c->dims[2];
    }
    return 1;
}

/* Adds a tensor of 1..3 dimensions (row-major, contiguous). */
static void add_tensor(kc_task_shape *s, const char *name, kc_role role, unsigned ndims,
                       uint32_t d0, uint32_t d1, uint32_t d2)
{
    uint32_t d[3] = { d0, d1, d2 };
    kc_task_shape_nd(s, name, role, ndims, d);
}

static void matmul_shape(const kc_task *t, const kc_task_config *c, kc_task_shape *s)
{
    kc_task_matmul_dims d;
    kc_task_matmul_view(t, c, &d);
    s->ntensors = 0;
    if (t == &kc_task_matmul_gemv) {
        add_tensor(s, "W", 0, 2, d.n, d.k, 0);
        add_tensor(s, "x", 0, 1, d.k, 0, 0);
        add_tensor(s, "y", 1, 1, d.n, 0, 0);
    } else if (t == &kc_task_matmul_bmm) {
        add_tensor(s, "A", 0, 3, d.batch, d.m, d.k);
        add_tensor(s, "B", 0, 3, d.batch, d.k, d.n);
        add_tensor(s, "C", 1, 3, d.batch, d.m, d.n);
    } else if (t == &kc_task_matmul_linear) {
        add_tensor(s, "x", 0, 2, d.m, d.k, 0);
        add_tensor(s, "W", 0, 2, d.n, d.k, 0);
        add_tensor(s, "bias", 0, 1, d.n, 0, 0);
        add_tensor(s, "y", 1, 2, d.m, d.n, 0);
    } else if (t == &kc_task_matmul_swiglu) {
        add_tensor(s, "x", 0, 2, d.m, d.k, 0);
        add_tensor(s, "W_gate", 0, 2, d.n, d.k, 0);
        add_tensor(s, "W_up", 0, 2, d.n, d.k, 0);
        add_tensor(s, "h", 1, 2, d.m, d.n, 0);
    } else {
        add_tensor(s, "A", 0, 2, d.m, d.k, 0);
        add_tensor(s, "B", 0, 2, d.k, d.n, 0);
        add_tensor(s, "C", 1, 2, d.m, d.n, 0);
    }
    /* FLOPs counted as multiply-accumulates (the matrix unit's unit of work);
     * Linear's bias is one vector add per output */
    s->mac_flops = (double)d.batch * d.m * d.n * d.k * (d.gate_idx >= 0 ? 2 : 1);
    s->vec_flops = d.has_bias ? (double)d.batch * d.m * d.n : 0;
    if (d.gate_idx >= 0) /* silu (exp, +1, recip, *: as the SiLU task) and the product */
        s->vec_flops = 5.0 * d.m * d.n;
}

static void matmul_generate(const kc_task *t, const kc_task_config *c, kc_rng *rng,
                            double *const *in)
{
    const matmul_kind *k = kind_of(t);
    kc_task_matmul_dims d;
    kc_task_matmul_view(t, c, &d);
    size_t na = (size_t)d.batch * d.m * d.k, nb = (size_t)d.batch * d.k * d.n;
    double w = 1.0 / sqrt((double)d.k);
    for (size_t i = 0; i < na; i++)
        in[k->a_idx][i] = kc_rng_normal(rng);
    for (size_t i = 0; i < nb; i++)
        in[k->b_idx][i] = k->init == INIT_NORMAL ? w * kc_rng_normal(rng)
                                                 : w * (2.0 * kc_rng_uniform(rng) - 1.0);
    if (k->bias_idx >= 0)
        for (uint32_t i = 0; i < d.n; i++)
            in[k->bias_idx][i] = w * (2.0 * kc_rng_uniform(rng) - 1.0);
    if (k->gate_idx >= 0)
        for (size_t i = 0; i < nb; i++)
            in[k->gate_idx][i] = w * (2.0 * kc_rng_uniform(rng) - 1.0);
}

/* One output element of the contraction: sum_k A[b][i][k] * B[b][k][j], with B
 * read from `B` (already offset to batch b) in the task's layout. */
static double dot(const kc_task_matmul_dims *d, const double *A, const double *B, uint32_t i,
                  uint32_t j)
{
    double s = 0.0;
    for (uint32_t q = 0; q < d->k; q++)
        s += A[(size_t)i * d->k + q] *
             (d->b_transposed ? B[(size_t)j * d->k + q] : B[(size_t)q * d->n + j]);
    return s;
}

static void matmul_reference(const kc_task *t, const kc_task_config *c, const double *const *in,
                             double *const *out)
{
    const matmul_kind *k = kind_of(t);
    kc_task_matmul_dims d;
    kc_task_matmul_view(t, c, &d);
    for (uint32_t b = 0; b < d.batch; b++) {
        const double *A = in[k->a_idx] + (size_t)b * d.m * d.k;
        const double *B = in[k->b_idx] + (size_t)b * d.k * d.n;
        double *C = out[0] + (size_t)b * d.m * d.n;
        for (uint32_t i = 0; i < d.m; i++)
            for (uint32_t j = 0; j < d.n; j++) {
                double s = (k->bias_idx >= 0 ? in[k->bias_idx][j] : 0.0) + dot(&d, A, B, i, j);
                if (k->gate_idx >= 0) /* SwiGLU: silu(x W_gate^T) * (x W_up^T) */
                    s *= kc_task_eltwise_silu_f(dot(&d, A, in[k->gate_idx], i, j));
                C[(size_t)i * d.n + j] = s;
            }
    }
}

/* bf16: rel = 1.6e-2 (PyTorch's bfloat16 default) covers the final rounding to
 * bf16 (2^-9) with margin; abs = 1e-3 covers the worst-case fp32 accumulation
 * error K * 2^-24 * sum|a*b| plus Linear's second rounding near outputs that
 * cancel (bf16(acc) + bias: 2^-9 * |bias|), at most 4.0e-4 over every config
 * (tests/tasks checks it stays below abs/2, that fp32 kernels pass in either
 * summation order and that bf16 partial sums per K tile fail; docs/tasks.md). */
#define MATMUL_TOL                                                                       \
    { [KC_DTYPE_BF16] = { 1e-3, 1.6e-2 }, [KC_DTYPE_FP32] = { 1e-5, 1e-4 } }

#define MATMUL_NUMERICS                                                                  \
    "Numerics: fp32 accumulation, one rounding to bf16 at the end (as torch.matmul on " \
    "bf16 tensors); outputs are checked against an fp64 reference on the same bf16 "    \
    "inputs.\n"

const kc_task kc_task_matmul_gemv = {
    .name = "gemv",
    .title = "GEMV",
    .level = 1,
    .family = "matmul",
    .description =
        "y = torch.mv(W, x): y[n] = sum_k W[n, k] * x[k].\n"
        "Shapes: W is N x K (row-major, element (n, k) at index n*K + k), x has K "
        "elements, y has N.\n"
        "Arguments, in ABI order: W, x (inputs), y (output). Write only y.\n"
        "Inputs: x ~ N(0, 1); W ~ U(-1/sqrt(K), 1/sqrt(K)) (torch.nn.Linear's default "
        "initialisation).\n" MATMUL_NUMERICS,
    .dim_names = { "N", "K" },
    .configs = { { { 32, 32 } }, { { 256, 128 } }, { { 512, 256 } }, { { 1000, 384 } },
                 { { 1531, 509 } } },
    .tol = MATMUL_TOL,
    .shape = matmul_shape,
    .generate = matmul_generate,
    .reference = matmul_reference,
};

const kc_task kc_task_matmul_gemm = {
    .name = "gemm",
    .title = "GEMM",
    .level = 1,
    .family = "matmul",
    .description =
        "C = torch.matmul(A, B): C[m, n] = sum_k A[m, k] * B[k, n].\n"
        "Shapes: A is M x K, B is K x N, C is M x N, all row-major and contiguous "
        "(element (i, j) of an R x S matrix at index i*S + j).\n"
        "Arguments, in ABI order: A, B (inputs), C (output). Write only C.\n"
        "Inputs: A ~ N(0, 1); B ~ N(0, 1/K).\n" MATMUL_NUMERICS,
    .dim_names = { "M", "N", "K" },
    .configs = { { { 32, 32, 32 } }, { { 64, 128, 64 } }, { { 128, 256, 256 } },
                 { { 200, 192, 320 } }, { { 301, 251, 379 } } },
    .tol = MATMUL_TOL,
    .shape = matmul_shape,
    .generate = matmul_generate,
    .reference = matmul_reference,
};

const kc_task kc_task_matmul_bmm = {
    .name = "bmm",
    .title = "BatchMatMul",
    .level = 1,
    .family = "matmul",
    .description =
        "C = torch.bmm(A, B): C[b, m, n] = sum_k A[b, m, k] * B[b, k, n].\n"
        "Shapes: A is Bt x M x K, B is Bt x K x N, C is Bt x M x N (Bt = the batch "
        "dimension B), row-major and contiguous: batch b of A starts at element "
        "b*M*K, and so on.\n"
        "Arguments, in ABI order: A, B (inputs), C (output). Write only C.\n"
        "Inputs: A ~ N(0, 1); B ~ N(0, 1/K).\n" MATMUL_NUMERICS,
    .dim_names = { "B", "M", "N", "K" },
    .configs = { { { 2, 32, 32, 32 } }, { { 4, 64, 64, 64 } }, { { 8, 64, 128, 128 } },
                 { { 6, 100, 96, 160 } }, { { 5, 77, 123, 211 } } },
    .tol = MATMUL_TOL,
    .shape = matmul_shape,
    .generate = matmul_generate,
    .reference = matmul_reference,
};

const kc_task kc_task_matmul_linear = {
    .name = "linear",
    .title = "Linear",
    .level = 1,
    .family = "matmul",
    .description =
        "y = torch.nn.functional.linear(x, W, bias) = x @ W^T + bias: y[m, n] = "
        "sum_k x[m, k] * W[n, k] + bias[n].\n"
        "Shapes: x is M x K, W is N x K (torch.nn.Linear's weight layout: out_features "
        "x in_features), bias has N elements, y is M x N; row-major and contiguous.\n"
        "Arguments, in ABI order: x, W, bias (inputs), y (output). Write only y.\n"
        "Inputs: x ~ N(0, 1); W and bias ~ U(-1/sqrt(K), 1/sqrt(K)) (torch.nn.Linear's "
        "default initialisation).\n" MATMUL_NUMERICS,
    .dim_names = { "M", "N", "K" },
    .configs = { { { 32, 32, 32 } }, { { 64, 128, 128 } }, { { 128, 256, 256 } },
                 { { 200, 384, 256 } }, { { 197, 301, 509 } } },
    .tol = MATMUL_TOL,
    .shape = matmul_shape,
    .generate = matmul_generate,
    .reference = matmul_reference,
};

/* SwiGLU: each factor is rounded to bf16 once by its contraction (2^-9
 * relative), and a kernel then forms silu(g) * u in about 5 rounded steps (as
 * the SiLU task: exp(-g), +1, 1/., and two products), another 5 x 2^-9. The
 * gate's rounding propagates with the factor |g silu'(g) / silu(g)| = |1 + g (1 -
 * sigmoid(g))| <= 2 for |g| <= 3 (g has rms ~0.6 here). Worst case (1 + 2 + 5)
 * 2^-9 = 1.6%: rel = 2e-2. abs = 1e-3 covers the fp32 accumulation error of u
 * (the matmul bound, < 4e-4) times |silu(g)| < 1 where u cancels. tests/tasks
 * emulates such kernels in both orders (they pass) and wrong variants (they
 * fail); docs/tasks.md has the derivation. */
const kc_task kc_task_matmul_swiglu = {
    .name = "swiglu",
    .title = "SwiGLU",
    .level = 2,
    .family = "matmul",
    .description =
        "h = F.silu(F.linear(x, W_gate)) * F.linear(x, W_up) (the gated projection of a "
        "LLaMA FFN, w1 and w3, without biases): h[m, n] = silu(g[m, n]) * u[m, n] with "
        "g[m, n] = sum_k x[m, k] * W_gate[n, k], u[m, n] = sum_k x[m, k] * W_up[n, k] and "
        "silu(v) = v / (1 + exp(-v)).\n"
        "Shapes: x is M x K, W_gate and W_up are N x K (torch.nn.Linear's weight layout), "
        "h is M x N; row-major and contiguous.\n"
        "Arguments, in ABI order: x, W_gate, W_up (inputs), h (output). Write only h.\n"
        "Inputs: x ~ N(0, 1); W_gate, W_up ~ U(-1/sqrt(K), 1/sqrt(K)).\n"
        "Numerics: fp32 accumulation of g and u, each rounded to bf16 (as torch on bf16 "
        "tensors); silu and the product may be computed in bf16 steps.\n",
    .dim_names = { "M", "N", "K" },
    .configs = { { { 32, 32, 32 } }, { { 64, 128, 128 } }, { { 128, 256, 256 } },
                 { { 200, 352, 192 } }, { { 197, 301, 251 } } },
    .tol = { [KC_DTYPE_BF16] = { 1e-3, 2e-2 }, [KC_DTYPE_FP32] = { 1e-5, 1e-4 } },
    .shape = matmul_shape,
    .generate = matmul_generate,
    .reference = matmul_reference,
};

static const matmul_kind kinds[] = {
    { &kc_task_matmul_gemv, 1, 0, -1, -1, 1, INIT_UNIFORM },
    { &kc_task_matmul_gemm, 0, 1, -1, -1, 0, INIT_NORMAL },
    { &kc_task_matmul_bmm, 0, 1, -1, -1, 0, INIT_NORMAL },
    { &kc_task_matmul_linear, 0, 1, 2, -1, 1, INIT_UNIFORM },
    { &kc_task_matmul_swiglu, 0, 2, -1, 1, 1, INIT_UNIFORM },
};

static const matmul_kind *kind_of(const kc_task *t)
{
    for (unsigned i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
        if (kinds[i].task == t)
            return &kinds[i];
    return NULL;
}
