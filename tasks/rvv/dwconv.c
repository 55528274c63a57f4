/* dwconv: depthwise y = F.conv2d(x, w, b, stride, pad, groups=C)
 * (tasks/kc_task_conv.c), NCHW, direct as conv2d.c: channel c's output plane
 * starts at b[c] and accumulates w[c][0][ky][kx] times its shifted input plane
 * in a local plane stored to y once.
 * Shape macros: KC_N, KC_C, KC_H, KC_W, KC_K, KC_STRIDE, KC_PAD.
 * Tensors: x [N][C][H][W], w [C][1][K][K], b [C] (in), y [N][C][Ho][Wo] (out),
 * ws (scratch, unused). */
#include "kc_nn.h"

#define HO ((KC_H + 2 * KC_PAD - KC_K) / KC_STRIDE + 1)
#define WO ((KC_W + 2 * KC_PAD - KC_K) / KC_STRIDE + 1)

void kernel(const float *x, const float *w, const float *b, float *y, float *ws)
{
    (void)ws;
    float plane[HO * WO];   /* one output plane, accumulated on chip (the DTCM) */
    for (int n = 0; n < KC_N; n++)
        for (int c = 0; c < KC_C; c++) {
            float *yp = y + (n * KC_C + c) * HO * WO;
            const float *xp = x + (n * KC_C + c) * KC_H * KC_W;
            for (int i = 0; i < HO * WO; i++)
                plane[i] = b[c];
            for (int ky = 0; ky < KC_K; ky++)
                for (int kx = 0; kx < KC_K; kx++)
                    kc_nn_conv_tap(HO, WO, plane, KC_H, KC_W, xp, w[(c * KC_K + ky) * KC_K + kx],
                                   ky, kx, KC_STRIDE, KC_PAD);
            for (int i = 0; i < HO * WO; i++)
                yp[i] = plane[i];
        }
}
