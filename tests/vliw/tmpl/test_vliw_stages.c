/* test_vliw_stages.c — stage sequences with operands at offsets, on the
 * timed ISS: a kernel of two element-wise binary stages (vliw_rows_stage
 * "add", "mul") through a scratch region at a byte offset,
 *   stage 1: c = a + b        (c in the scratch tensor at OFF bytes)
 *   stage 2: c = c * a        (in place)
 * with a ragged element count, checked bit-exactly against the same fp32
 * arithmetic and bf16 rounding in C. A wrong operand offset, a missing
 * barrier or a wrong second input stream fails it.
 *
 * usage: test_vliw_stages ROWSxCOLS[,ROWSxCOLS...] */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vliw_rows.h"
#include "vliw_test_run.h"

#define DRAM_BYTES (1u << 20)
#define N (16u * 301u + 5u)   /* elements: ragged */
#define OFF 192u              /* c's byte offset in the scratch tensor */
enum { A = 0x1000, B = 0x10000, S = 0x20000 };

static uint16_t bf16_of(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    u += 0x7fffu + ((u >> 16) & 1u);   /* nearest even (no NaNs here) */
    return (uint16_t)(u >> 16);
}

static float f_of(uint16_t h)
{
    uint32_t u = (uint32_t)h << 16;
    float f;
    memcpy(&f, &u, 4);
    return f;
}

static int run(const kc_isa *isa, const vliw_iss_params *pr)
{
    const vliw_opnd a = vliw_opnd_at(0, 0), b = vliw_opnd_at(1, 0), c = vliw_opnd_at(2, OFF);
    vliw_rows_op add = {.name = "add", .rows = 1, .n = N, .in = a, .out = c, .in2 = b};
    vliw_rows_op mul = {.name = "mul", .rows = 1, .n = N, .in = c, .out = c, .in2 = a};
    vliw_stage st[2] = {{vliw_rows_stage, &add}, {vliw_rows_stage, &mul}};
    kc_dram *dram = NULL;
    kc_dram_cfg dc = {DRAM_BYTES, KC_DRAM_DEFAULT_LATENCY, KC_DRAM_DEFAULT_BW};
    kc_err err = {0};
    if (kc_dram_open(&dram, &dc, VLIW_ISS_BEAT, &err)) {
        printf("%s\n", err.text);
        return 0;
    }
    uint8_t *d = kc_dram_data(dram);
    uint16_t *va = (uint16_t *)(d + A), *vb = (uint16_t *)(d + B), *vc = (uint16_t *)(d + S + OFF);
    uint32_t x = 12345;
    for (unsigned i = 0; i < N; i++) {
        x = x * 1103515245u + 12345u;
        va[i] = bf16_of((float)((int)(x >> 8) % 2001 - 1000) / 37.0f);
        x = x * 1103515245u + 12345u;
        vb[i] = bf16_of((float)((int)(x >> 8) % 2001 - 1000) / 53.0f);
    }
    uint32_t args[3] = {A, B, S};
    uint64_t cycles;
    int ok = vliw_test_run(isa, pr, st, 2, args, 3, dram, &cycles);
    for (unsigned i = 0; i < N && ok; i++) {
        uint16_t sum = bf16_of(f_of(va[i]) + f_of(vb[i]));
        uint16_t want = bf16_of(f_of(sum) * f_of(va[i]));
        if (vc[i] != want) {
            printf("%ux%u: element %u: 0x%04x, not 0x%04x\n", pr->rows, pr->cols, i, vc[i], want);
            ok = 0;
        }
    }
    if (ok && (vc[-1] || vc[N]))   /* nothing written around c */
        printf("%ux%u: wrote outside c\n", pr->rows, pr->cols), ok = 0;
    kc_dram_close(dram);
    return ok;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: test_vliw_stages ROWSxCOLS[,ROWSxCOLS...]\n");
        return 2;
    }
    const kc_isa *isa;
    kc_err err = {0};
    if (kc_isa_load("vliw", &isa, &err)) {
        fprintf(stderr, "%s\n", err.text);
        return 2;
    }
    int fails = 0, n = 0;
    char list[256];
    snprintf(list, sizeof list, "%s", argv[1]);
    for (char *sz = strtok(list, ","); sz; sz = strtok(NULL, ","), n++) {
        vliw_iss_params pr;
        if (!vliw_test_size(sz, &pr))
            return 2;
        fails += !run(isa, &pr);
    }
    printf("%d of %d correct\n", n - fails, n);
    return fails ? 1 : 0;
}
