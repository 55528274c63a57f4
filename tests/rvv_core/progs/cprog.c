/* cprog.c — compiled code as clang -O2 emits it: loops, calls, a switch (jump
 * table in .rodata), signed/unsigned division by variables, byte/half accesses,
 * float loops with conversions. Results go to `out`; returns their size. */
#include <stdint.h>

static uint32_t crc32(const uint8_t *p, int n) {
    uint32_t c = 0xffffffffu;
    for (int i = 0; i < n; i++) {
        c ^= p[i];
        for (int k = 0; k < 8; k++) c = (c >> 1) ^ (0xedb88320u & -(c & 1));
    }
    return ~c;
}

static void isort(int32_t *a, int n) {
    for (int i = 1; i < n; i++) {
        int32_t v = a[i];
        int j = i - 1;
        while (j >= 0 && a[j] > v) {
            a[j + 1] = a[j];
            j--;
        }
        a[j + 1] = v;
    }
}

__attribute__((noinline)) static int32_t op(int k, int32_t a, int32_t b) {
    switch (k) {
    case 0: return a + b;
    case 1: return a - b;
    case 2: return a * b;
    case 3: return b ? a / b : -1;
    case 4: return b ? a % b : -2;
    case 5: return (int32_t)((uint32_t)a >> (b & 31));
    case 6: return a << (b & 31);
    case 7: return (int32_t)(b ? (uint32_t)a / (uint32_t)b : 7u);
    default: return 0;
    }
}

static int32_t data[24] = {5, -3, 17, 0, 99, -100, 42, 7, 7, -1, 1000, 3,
                           -77, 12, 8, 64, -5, 2, 31, -31, 600, 0x7fffffff, -0x7fffffff, 1};
static int16_t halves[8] = {-1, 2, -300, 400, 32767, -32768, 5, 6};

__attribute__((noinline)) static float poly(float x) {
    return ((0.5f * x - 1.25f) * x + 3.0f) * x - 0.75f;
}

int kernel(uint32_t *out) {
    uint32_t *o = out;
    *o++ = crc32((const uint8_t *)data, sizeof data);
    isort(data, 24);
    for (int i = 0; i < 24; i += 3) *o++ = (uint32_t)data[i];
    for (int k = 0; k < 9; k++) *o++ = (uint32_t)op(k, data[k + 5], data[23 - k]);
    int32_t hs = 0;
    for (int i = 0; i < 8; i++) hs = hs * 3 + halves[i];
    *o++ = (uint32_t)hs;
    float acc = 0.0f;
    for (int i = 1; i <= 20; i++) acc += poly((float)i * 0.25f) / (float)i;
    union { float f; uint32_t u; } u = {acc};
    *o++ = u.u;
    *o++ = (uint32_t)(int32_t)(acc * 100.0f);
    return (int)((o - out) * 4);
}
