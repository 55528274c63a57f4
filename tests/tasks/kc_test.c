/* kc_test.c — shared parts of the task test programs (kc_test.h). */
#include "kc_test.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

int kc_test_failures;

int kc_test_main(const char *prog, int argc, char **argv, const kc_test_group *groups,
                 size_t ngroups)
{
    int ran = 0;
    for (size_t i = 0; i < ngroups; i++)
        if (argc < 2 || !strcmp(argv[1], groups[i].name)) {
            groups[i].fn();
            ran++;
        }
    if (!ran) {
        fprintf(stderr, "%s: unknown group %s\n", prog, argv[1]);
        return 2;
    }
    if (kc_test_failures)
        fprintf(stderr, "%d check(s) failed\n", kc_test_failures);
    else
        printf("ok\n");
    return kc_test_failures ? 1 : 0;
}

double *kc_test_dalloc(size_t n)
{
    double *p = calloc(n ? n : 1, sizeof *p);
    if (!p) {
        fprintf(stderr, "out of memory (%zu doubles)\n", n);
        exit(2);
    }
    return p;
}

double kc_test_max_abs_diff(const double *a, const double *b, size_t n)
{
    double w = 0;
    for (size_t i = 0; i < n; i++)
        w = fmax(w, fabs(a[i] - b[i]));
    return w;
}
