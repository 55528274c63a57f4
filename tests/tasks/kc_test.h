/* kc_test.h — what the task test programs share: the CHECK macro (counts a
 * failure and says where, and goes on), a group dispatcher for main() and an
 * allocation that cannot fail quietly. */
#ifndef KC_TEST_H
#define KC_TEST_H

#include <stddef.h>
#include <stdio.h>

extern int kc_test_failures;

#define CHECK(cond, ...)                                                                 \
    do {                                                                                 \
        if (!(cond)) {                                                                   \
            kc_test_failures++;                                                          \
            fprintf(stderr, "%s:%d: FAILED %s: ", __FILE__, __LINE__, #cond);            \
            fprintf(stderr, __VA_ARGS__);                                                \
            fprintf(stderr, "\n");                                                       \
        }                                                                                \
    } while (0)

typedef struct kc_test_group {
    const char *name;
    void (*fn)(void);
} kc_test_group;

/* Runs the group named by argv[1] (all without an argument); prints "ok" or the
 * failure count. Exit status: 0 ok, 1 failures, 2 unknown group. */
int kc_test_main(const char *prog, int argc, char **argv, const kc_test_group *groups,
                 size_t ngroups);

/* max_i |a[i] - b[i]| (0 for n = 0). */
double kc_test_max_abs_diff(const double *a, const double *b, size_t n);

/* n zeroed doubles; exits with status 2 when memory runs out. */
double *kc_test_dalloc(size_t n);

#endif
