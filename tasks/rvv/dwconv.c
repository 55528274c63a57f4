/* dwconv: depthwise y = F.conv2d(x, w, b, stride, pad, groups=C)
 * (tasks/kc_task_conv.c), NCHW, direct as conv2d.c: channel c's output plane
 * starts at b[c] and accumulates w[c][0][ky][kx] times its shifted input plane.
 * Shape macros: KC_N, KC_C, KC_H, KC_W, KC_K, KC_STRIDE, KC_PAD.
 * Tensors: x [N][C][H][W], w [C][1][K][K], b [C] (in), y [N][C][Ho][Wo] (out),
 * ws (scratch, unused). */
#define HO ((KC_H + 2 * KC_PAD - KC_K) / KC_STRIDE + 1)
#define WO ((KC_W + 2 * KC_PAD - KC_K) / KC_STRIDE + 1)

void kernel(const float *x, const float *w, const float *b, float *y, float *ws)
{
    (void)ws;
    for (int n = 0; n < KC_N; n++)
        for (int c = 0; c < KC_C; c++) {
            float *yp = y + (n * KC_C + c) * HO * WO;
            const float *xp = x + (n * KC_C + c) * KC_H * KC_W;
            for (int i = 0; i < HO * WO; i++)
                yp[i] = b[c];
            for (int ky = 0; ky < KC_K; ky++)
                for (int kx = 0; kx < KC_K; kx++) {
                    float wv = w[(c * KC_K + ky) * KC_K + kx];
                    for (int oy = 0; oy < HO; oy++) {
                        int iy = oy * KC_STRIDE + ky - KC_PAD;
                        if (iy < 0 || iy >= KC_H)
                            continue;
                        for (int ox = 0; ox < WO; ox++) {
                            int ix = ox * KC_STRIDE + kx - KC_PAD;
                            if (ix >= 0 && ix < KC_W)
                                yp[oy * WO + ox] += wv * xp[iy * KC_W + ix];
                        }
                    }
                }
        }
}
