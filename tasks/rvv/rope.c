/* rope: rotate-half rotary embedding (tasks/kc_task_rope.c): per position s,
 * head h and i < Dh/2, y[i] = x[i] cos[s][i] - x[i + Dh/2] sin[s][i] and
 * y[i + Dh/2] = x[i + Dh/2] cos[s][i] + x[i] sin[s][i].
 * Shape macros: KC_S, KC_H, KC_DH. Tensors: x [S][H][Dh], cos [S][Dh/2],
 * sin [S][Dh/2] (in), y [S][H][Dh] (out). */
#define HALF (KC_DH / 2)

void kernel(const float *x, const float *cos, const float *sin, float *y)
{
    for (int s = 0; s < KC_S; s++)
        for (int h = 0; h < KC_H; h++) {
            const float *xr = x + (s * KC_H + h) * KC_DH;
            float *yr = y + (s * KC_H + h) * KC_DH;
            const float *c = cos + s * HALF, *sn = sin + s * HALF;
            for (int i = 0; i < HALF; i++) {
                yr[i] = xr[i] * c[i] - xr[i + HALF] * sn[i];
                yr[i + HALF] = xr[i + HALF] * c[i] + xr[i] * sn[i];
            }
        }
}
