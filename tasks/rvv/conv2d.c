/* conv2d: y = F.conv2d(x, w, b, stride, pad) (tasks/kc_task_conv.c), NCHW,
 * direct: each output plane starts at the bias and accumulates w[co][ci][ky][kx]
 * times the shifted input plane (taps that fall in the zero padding skipped).
 * Shape macros: KC_N, KC_CI, KC_H, KC_W, KC_CO, KC_K, KC_STRIDE, KC_PAD.
 * Tensors: x [N][Ci][H][W], w [Co][Ci][K][K], b [Co] (in), y [N][Co][Ho][Wo]
 * (out), ws (scratch, unused). */
#define HO ((KC_H + 2 * KC_PAD - KC_K) / KC_STRIDE + 1)
#define WO ((KC_W + 2 * KC_PAD - KC_K) / KC_STRIDE + 1)

void kernel(const float *x, const float *w, const float *b, float *y, float *ws)
{
    (void)ws;
    for (int n = 0; n < KC_N; n++)
        for (int co = 0; co < KC_CO; co++) {
            float *yp = y + (n * KC_CO + co) * HO * WO;
            for (int i = 0; i < HO * WO; i++)
                yp[i] = b[co];
            for (int ci = 0; ci < KC_CI; ci++) {
                const float *xp = x + (n * KC_CI + ci) * KC_H * KC_W;
                for (int ky = 0; ky < KC_K; ky++)
                    for (int kx = 0; kx < KC_K; kx++) {
                        float wv = w[((co * KC_CI + ci) * KC_K + ky) * KC_K + kx];
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
}
