/* convblock: y = max_pool2d(relu(batch_norm(conv2d(x, w, b, padding=1), mean,
 * var, gamma, beta, eps=1e-5)), 2) (tasks/kc_task_conv.c), NCHW.
 * Per (n, co): the 3x3 conv plane (H x W, stride 1, pad 1) is accumulated on
 * the stack (H*W floats), then BatchNorm, ReLU and the 2x2 max-pool write y.
 * Shape macros: KC_N, KC_CI, KC_H, KC_W, KC_CO. Tensors (9: the 9th argument
 * is on the stack, RISC-V psABI): x [N][Ci][H][W], w [Co][Ci][3][3], b, gamma,
 * beta, mean, var [Co] (in), y [N][Co][H/2][W/2] (out), ws (scratch, unused). */
#include "kc_math.h"

void kernel(const float *x, const float *w, const float *b, const float *gamma,
            const float *beta, const float *mean, const float *var, float *y, float *ws)
{
    (void)ws;
    float plane[KC_H * KC_W];
    for (int n = 0; n < KC_N; n++)
        for (int co = 0; co < KC_CO; co++) {
            for (int i = 0; i < KC_H * KC_W; i++)
                plane[i] = b[co];
            for (int ci = 0; ci < KC_CI; ci++) {
                const float *xp = x + (n * KC_CI + ci) * KC_H * KC_W;
                for (int ky = 0; ky < 3; ky++)
                    for (int kx = 0; kx < 3; kx++) {
                        float wv = w[((co * KC_CI + ci) * 3 + ky) * 3 + kx];
                        for (int oy = 0; oy < KC_H; oy++) {
                            int iy = oy + ky - 1;
                            if (iy < 0 || iy >= KC_H)
                                continue;
                            for (int ox = 0; ox < KC_W; ox++) {
                                int ix = ox + kx - 1;
                                if (ix >= 0 && ix < KC_W)
                                    plane[oy * KC_W + ox] += wv * xp[iy * KC_W + ix];
                            }
                        }
                    }
            }
            float scale = gamma[co] / kc_sqrtf(var[co] + 1e-5f);
            for (int i = 0; i < KC_H * KC_W; i++) {
                float v = (plane[i] - mean[co]) * scale + beta[co];
                plane[i] = v > 0.0f ? v : 0.0f;
            }
            float *yp = y + (n * KC_CO + co) * (KC_H / 2) * (KC_W / 2);
            for (int py = 0; py < KC_H / 2; py++)
                for (int px = 0; px < KC_W / 2; px++) {
                    const float *r0 = plane + 2 * py * KC_W + 2 * px, *r1 = r0 + KC_W;
                    yp[py * (KC_W / 2) + px] =
                        kc_fmaxf(kc_fmaxf(r0[0], r0[1]), kc_fmaxf(r1[0], r1[1]));
                }
        }
}
