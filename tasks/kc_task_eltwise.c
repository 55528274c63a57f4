/* kc_task_eltwise.c — ReLU, SiLU, GELU on an M x N row-major tensor.
 *
 * One generic shape/reference pair serves the family; each task differs in its
 * scalar function, input scale and FLOPs per element (see docs/tasks.md). */
#include "kc_task_eltwise.h"

#include <math.h>

double kc_task_eltwise_relu_f(double x)
{
    return x > 0 ? x : 0.0;
}

double kc_task_eltwise_silu_f(double x)
{
    return x / (1.0 + exp(-x));
}

double kc_task_eltwise_gelu_f(double x)
{
    return 0.5 * x * (1.0 + erf(x / sqrt(2.0)));
}

double kc_task_eltwise_gelu_tanh_f(double x)
{
    const double k = sqrt(2.0 / 3.14159265358979323846);
    return 0.5 * x * (1.0 + tanh(k * (x + 0.044715 * x * x * x)));
}

/* Per-task constants the generic functions need, keyed by the task's name
 * through a small table (the kc_task row stays plain data). */
typedef struct eltwise_kind {
    const kc_task *task;
    double (*f)(double);
    double scale;          /* inputs ~ N(0, scale^2) */
    double flops;          /* per element */
} eltwise_kind;

static const eltwise_kind *kind_of(const kc_task *t);

static void eltwise_shape(const kc_task *t, const kc_task_config *c, kc_task_shape *s)
{
    s->ntensors = 0;
    kc_task_shape_2d(s, "x", 0, c->dims[0], c->dims[1]);
    kc_task_shape_2d(s, "y", 1, c->dims[0], c->dims[1]);
    s->vec_flops = kind_of(t)->flops * (double)c->dims[0] * c->dims[1];
    s->mac_flops = 0;
}

static void eltwise_generate(const kc_task *t, const kc_task_config *c, kc_rng *rng,
                             double *const *in)
{
    size_t n = (size_t)c->dims[0] * c->dims[1];
    double scale = kind_of(t)->scale;
    for (size_t i = 0; i < n; i++)
        in[0][i] = scale * kc_rng_normal(rng);
}

static void eltwise_reference(const kc_task *t, const kc_task_config *c,
                              const double *const *in, double *const *out)
{
    size_t n = (size_t)c->dims[0] * c->dims[1];
    double (*f)(double) = kind_of(t)->f;
    for (size_t i = 0; i < n; i++)
        out[0][i] = f(in[0][i]);
}

#define ELTWISE_CONFIGS                                                                  \
    { { { 8, 64 } }, { { 32, 256 } }, { { 128, 512 } }, { { 200, 768 } }, { { 333, 1001 } } }

#define ELTWISE_LAYOUT                                                                   \
    "Shapes: x and y are M x N, row-major and contiguous (element (i, j) at index "     \
    "i*N + j); the operation is element-wise, so the tensor may be treated as one "     \
    "flat vector of M*N elements.\n"                                                     \
    "Arguments, in ABI order: x (input), y (output). Write only y.\n"

const kc_task kc_task_eltwise_relu = {
    .name = "relu",
    .title = "ReLU",
    .level = 1,
    .family = "eltwise",
    .description =
        "y = torch.relu(x) = max(x, 0), element-wise.\n" ELTWISE_LAYOUT
        "Inputs: x ~ N(0, 2^2).",
    .dim_names = { "M", "N" },
    .configs = ELTWISE_CONFIGS,
    .tol = { [KC_DTYPE_BF16] = { 0.0, 0.0 }, [KC_DTYPE_FP32] = { 0.0, 0.0 } },
    .shape = eltwise_shape,
    .generate = eltwise_generate,
    .reference = eltwise_reference,
};

const kc_task kc_task_eltwise_silu = {
    .name = "silu",
    .title = "SiLU",
    .level = 1,
    .family = "eltwise",
    .description =
        "y = torch.nn.functional.silu(x) = x * sigmoid(x) = x / (1 + exp(-x)), "
        "element-wise.\n" ELTWISE_LAYOUT "Inputs: x ~ N(0, 3^2).",
    .dim_names = { "M", "N" },
    .configs = ELTWISE_CONFIGS,
    .tol = { [KC_DTYPE_BF16] = { 1e-5, 1.6e-2 }, [KC_DTYPE_FP32] = { 1e-6, 1e-4 } },
    .shape = eltwise_shape,
    .generate = eltwise_generate,
    .reference = eltwise_reference,
};

const kc_task kc_task_eltwise_gelu = {
    .name = "gelu",
    .title = "GELU",
    .level = 1,
    .family = "eltwise",
    .description =
        "y = torch.nn.functional.gelu(x) (approximate='none') = 0.5 * x * (1 + erf(x / "
        "sqrt(2))), element-wise. The tolerance admits the tanh approximation "
        "0.5 * x * (1 + tanh(sqrt(2/pi) * (x + 0.044715 * x^3))) = x / (1 + exp(-2 * "
        "sqrt(2/pi) * (x + 0.044715 * x^3))).\n" ELTWISE_LAYOUT "Inputs: x ~ N(0, 2.5^2).",
    .dim_names = { "M", "N" },
    .configs = ELTWISE_CONFIGS,
    .tol = { [KC_DTYPE_BF16] = { 1e-3, 1.6e-2 }, [KC_DTYPE_FP32] = { 1e-3, 1e-4 } },
    .shape = eltwise_shape,
    .generate = eltwise_generate,
    .reference = eltwise_reference,
};

static const eltwise_kind kinds[] = {
    { &kc_task_eltwise_relu, kc_task_eltwise_relu_f, 2.0, 1 },
    { &kc_task_eltwise_silu, kc_task_eltwise_silu_f, 3.0, 4 },
    { &kc_task_eltwise_gelu, kc_task_eltwise_gelu_f, 2.5, 8 },
};

static const eltwise_kind *kind_of(const kc_task *t)
{
    for (unsigned i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
        if (kinds[i].task == t)
            return &kinds[i];
    return &kinds[0]; /* unreachable: only the rows above use these functions */
}
