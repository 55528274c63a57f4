/* conv2d: y = F.conv2d(x, w, b, stride, pad) (tasks/kc_task_conv.c), NCHW,
 * direct: each output plane starts at the bias and accumulates w[co][ci][ky][kx]
 * times the shifted input plane (taps that fall in the zero padding skipped),
 * in a local plane (on chip: the stack is in the DTCM) stored to y once.
 * Shape macros: KC_N, KC_CI, KC_H, KC_W, KC_CO, KC_K, KC_STRIDE, KC_PAD.
 * Tensors: x [N][Ci][H][W], w [Co][Ci][K][K], b [Co] (in), y [N][Co][Ho][Wo]
 * (out), ws (scratch, unused). */
#include "kc_nn.h"

#define HO ((KC_H + 2 * KC_PAD - KC_K) / KC_STRIDE + 1)
#define WO ((KC_W + 2 * KC_PAD - KC_K) / KC_STRIDE + 1)

void kernel(const float *x, const float *w, const float *b, float *y, float *ws)
{
    (void)ws;
    float plane[HO * WO];   /* one output plane, accumulated on chip (the DTCM) */
    for (int n = 0; n < KC_N; n++)
        for (int co = 0; co < KC_CO; co++) {
            float *yp = y + (n * KC_CO + co) * HO * WO;
            for (int i = 0; i < HO * WO; i++)
                plane[i] = b[co];
            for (int ci = 0; ci < KC_CI; ci++) {
                const float *xp = x + (n * KC_CI + ci) * KC_H * KC_W;
                for (int ky = 0; ky < KC_K; ky++)
                    for (int kx = 0; kx < KC_K; kx++)
                        kc_nn_conv_tap(HO, WO, plane, KC_H, KC_W, xp,
                                       w[((co * KC_CI + ci) * KC_K + ky) * KC_K + kx], ky, kx,
                                       KC_STRIDE, KC_PAD);
            }
            for (int i = 0; i < HO * WO; i++)
                yp[i] = plane[i];
        }
}
