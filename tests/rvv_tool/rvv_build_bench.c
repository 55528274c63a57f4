/* rvv_build_bench — where the time of an rvv build goes: builds a kernel N times
 * through the platform row and prints the median wall time of each step (tool
 * lookup/setup, compile or assemble, link, load). Prints figures; asserts none.
 *
 *   rvv_build_bench [N] [KERNEL.s|KERNEL.c]   (default: the document's vector add)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kc_file.h"
#include "rvv/rvv_platform.h"

static int cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static double median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, cmp);
    return v[n / 2];
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 21;
    const char *name = argc > 2 ? argv[2] : "vadd.s";
    char *src = NULL;
    kc_err err;
    kc_err_clear(&err);
    if (argc > 2 && kc_file_read(argv[2], &src, NULL, &err) != KC_OK) {
        fprintf(stderr, "%s\n", err.text);
        return 1;
    }
    if (!src)
        src = strdup("  .globl kernel\nkernel:\n  li a3, 1000\n1: vsetvli t0, a3, e32, m8, ta, ma\n"
                     "  vle32.v v8, (a0)\n  vle32.v v16, (a1)\n  vfadd.vv v8, v8, v16\n  vse32.v v8, (a2)\n"
                     "  sub a3, a3, t0\n  slli t0, t0, 2\n  add a0, a0, t0\n  add a1, a1, t0\n  add a2, a2, t0\n"
                     "  bnez a3, 1b\n  ret\n");
    if (n < 1 || n > 1000)
        n = 21;
    double *v[5];
    for (int k = 0; k < 5; k++)
        v[k] = calloc((size_t)n, sizeof(double));
    rvv_build_times first = { 0 };
    for (int i = 0; i <= n; i++) {
        kc_image img;
        rvv_build_times t;
        kc_image_init(&img, 0, 0);
        if (rvv_platform_build_timed(NULL, src, name, &img, &t, &err) != KC_OK) {
            char buf[800];
            fprintf(stderr, "%s\n", kc_err_format(&err, buf, sizeof buf));
            return 1;
        }
        kc_image_free(&img);
        if (i == 0) {   /* the first build also builds the runtime objects */
            first = t;
            continue;
        }
        v[0][i - 1] = t.setup;
        v[1][i - 1] = t.compile;
        v[2][i - 1] = t.link;
        v[3][i - 1] = t.load;
        v[4][i - 1] = t.setup + t.compile + t.link + t.load + t.runtime;
    }
    printf("%s: first build %.1f ms (runtime objects %.1f ms)\n", name,
           1e3 * (first.setup + first.compile + first.link + first.load + first.runtime), 1e3 * first.runtime);
    printf("median of %d: setup %.2f ms, %s %.2f ms, link %.2f ms, load+cleanup %.2f ms, total %.2f ms\n", n,
           1e3 * median(v[0], n), strstr(name, ".c") ? "clang -c" : "llvm-mc", 1e3 * median(v[1], n),
           1e3 * median(v[2], n), 1e3 * median(v[3], n), 1e3 * median(v[4], n));
    free(src);
    return 0;
}
