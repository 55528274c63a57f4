/* kc_task_rope.c — RoPE on x[S][H][Dh] with cos/sin tables [S][Dh/2].
 *
 * Rotate-half pairing (LLaMA / Hugging Face apply_rotary_pos_emb): element i
 * of a head pairs with element i + Dh/2, y = x * cos + rotate_half(x) * sin with
 * rotate_half(x) = cat(-x[Dh/2:], x[:Dh/2]) and cos/sin repeated over both
 * halves. The tables are inputs (what a model caches), so the task is pure
 * data movement plus 6 multiplies/adds per pair. */
#include "kc_task_rope.h"

#include <math.h>

double kc_task_rope_angle(uint32_t pos, uint32_t i, uint32_t dh)
{
    return (double)pos * pow(10000.0, -2.0 * i / dh);
}

static void rope_shape(const kc_task *t, const kc_task_config *c, kc_task_shape *s)
{
    (void)t;
    uint32_t S = c->dims[0], H = c->dims[1], dh = c->dims[2];
    s->ntensors = 0;
    /* x and y as [S][H*Dh] rows, then told their three dimensions */
    kc_task_shape_2d(s, "x", 0, S, H * dh);
    kc_task_shape_2d(s, "cos", 0, S, dh / 2);
    kc_task_shape_2d(s, "sin", 0, S, dh / 2);
    kc_task_shape_2d(s, "y", 1, S, H * dh);
    for (unsigned i = 0; i < 4; i += 3) {
        s->t[i].ndims = 3;
        s->t[i].dims[1] = H;
        s->t[i].dims[2] = dh;
    }
    /* per pair: 4 multiplies, one subtract, one add */
    s->vec_flops = 3.0 * S * H * dh;
    s->mac_flops = 0;
}

static void rope_generate(const kc_task *t, const kc_task_config *c, kc_rng *rng,
                          double *const *in)
{
    (void)t;
    uint32_t S = c->dims[0], H = c->dims[1], dh = c->dims[2], half = dh / 2;
    for (size_t i = 0; i < (size_t)S * H * dh; i++)
        in[0][i] = kc_rng_normal(rng);
    for (uint32_t p = 0; p < S; p++)
        for (uint32_t i = 0; i < half; i++) {
            double a = kc_task_rope_angle(p, i, dh);
            in[1][(size_t)p * half + i] = cos(a);
            in[2][(size_t)p * half + i] = sin(a);
        }
}

static void rope_reference(const kc_task *t, const kc_task_config *c, const double *const *in,
                           double *const *out)
{
    (void)t;
    uint32_t S = c->dims[0], H = c->dims[1], dh = c->dims[2], half = dh / 2;
    for (uint32_t p = 0; p < S; p++)
        for (uint32_t h = 0; h < H; h++) {
            const double *x = in[0] + ((size_t)p * H + h) * dh;
            double *y = out[0] + ((size_t)p * H + h) * dh;
            for (uint32_t i = 0; i < half; i++) {
                double cs = in[1][(size_t)p * half + i], sn = in[2][(size_t)p * half + i];
                y[i] = x[i] * cs - x[i + half] * sn;
                y[i + half] = x[i + half] * cs + x[i] * sn;
            }
        }
}

/* bf16 (u = 2^-8, the worst relative size of a bf16 rounding). A kernel (and
 * PyTorch on bf16 tensors) rounds a = x1 cos, b = x2 sin and a - b, each by at
 * most half an ulp of its binade. Where y1 = a - b cancels, |a| = |b| <= r/2
 * (Cauchy-Schwarz, r = |(x1, x2)|, cos^2 + sin^2 = 1), so for r < 8 both
 * products are below 4 and each rounds by at most 2^-7: |err| <= 2^-6 (1 + u)
 * = 1.57e-2 plus u |y| (rel). That worst case is reached: x1 = 3.25, x2 =
 * 3.359375, (cos, sin) = (-0.71875, -0.6953125) (a C5 table entry) round both
 * products by a half ulp in opposite directions, error 1.55e-2. (The simpler
 * bound u r would give 2.3e-2 at r = 5.8.) When one product reaches 4, the
 * other is below r - 4 and |y| > 8 - r (> 2 for the r < 6 these inputs have),
 * where rel adds > 3e-2. N(0, 1) pairs have r >= 8 with probability e^-32 =
 * 1e-14. abs = 2e-2 holds the worst case with a
 * factor 1.27; the npu baseline (this order) uses up to 0.68 of it, tests/tasks
 * test_tol (rope) emulates it and two other orders on every config and many
 * seeds. A wrong pairing (interleaved (2i, 2i+1)), a wrong sign or a missing
 * rotation is off by O(1). */
const kc_task kc_task_rope = {
    .name = "rope",
    .title = "RoPE",
    .level = 2,
    .family = "rope",
    .description =
        "Rotary position embedding, LLaMA's rotate-half form: y = x * cos + "
        "rotate_half(x) * sin, rotate_half(x) = torch.cat((-x[..., Dh/2:], x[..., :Dh/2]), "
        "-1), with cos/sin of position s repeated over both halves and over the heads. "
        "Per position s, head h and i < Dh/2: y[s,h,i] = x[s,h,i] * cos[s,i] - "
        "x[s,h,i+Dh/2] * sin[s,i]; y[s,h,i+Dh/2] = x[s,h,i+Dh/2] * cos[s,i] + x[s,h,i] * "
        "sin[s,i].\n"
        "Shapes: x and y are S x H x Dh (Dh even), cos and sin are S x Dh/2; row-major and "
        "contiguous (x[s,h,d] at index (s*H + h)*Dh + d, cos[s,i] at s*Dh/2 + i).\n"
        "Arguments, in ABI order: x, cos, sin (inputs), y (output). Write only y.\n"
        "Inputs: x ~ N(0, 1); cos/sin = cos/sin(s * 10000^(-2i/Dh)) for positions s = "
        "0..S-1 (position 0 is the identity), rounded to bf16 like every input.\n",
    .dim_names = { "S", "H", "Dh" },
    .configs = { { { 16, 16, 32 } }, { { 64, 16, 64 } }, { { 128, 16, 128 } },
                 { { 200, 24, 64 } }, { { 397, 14, 78 } } },
    .tol = { [KC_DTYPE_BF16] = { 2e-2, 1.6e-2 }, [KC_DTYPE_FP32] = { 1e-5, 1e-4 } },
    .shape = rope_shape,
    .generate = rope_generate,
    .reference = rope_reference,
};
