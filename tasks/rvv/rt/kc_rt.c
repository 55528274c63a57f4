/* tasks/rvv/rt/kc_rt.c — the freestanding runtime every rvv kernel is linked with:
 * the string functions clang may call for struct copies and large initialisers
 * even under -ffreestanding. Compiled once per process with the kernels' flags
 * (-ffreestanding: the loops below are not turned back into calls); --gc-sections
 * drops what a kernel does not use. */
#include <stddef.h>

void *memcpy(void *restrict d, const void *restrict s, size_t n)
{
    unsigned char *dp = d;
    const unsigned char *sp = s;
    while (n--)
        *dp++ = *sp++;
    return d;
}

void *memmove(void *d, const void *s, size_t n)
{
    unsigned char *dp = d;
    const unsigned char *sp = s;
    if (dp < sp)
        while (n--)
            *dp++ = *sp++;
    else
        while (n--)
            dp[n] = sp[n];
    return d;
}

void *memset(void *d, int c, size_t n)
{
    unsigned char *dp = d;
    while (n--)
        *dp++ = (unsigned char)c;
    return d;
}
