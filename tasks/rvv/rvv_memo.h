/* rvv_memo.h — what LLVM's tools made of a given input, kept in this process.
 *
 * A sweep evaluates one (task, config) baseline on several seeds, kc perf and an
 * agent evaluate one kernel text several times: each time the same clang -S and
 * llvm-mc + ld.lld runs on the same input, hundreds of milliseconds of process
 * starts for a result already known. The memo keeps the last few outputs keyed by
 * their whole input (the text and a context string: flags, sizes), compared
 * byte for byte, so a hit is the output the tools would give. Thread-safe. */
#ifndef RVV_MEMO_H
#define RVV_MEMO_H

#include <stddef.h>

/* Which output: the baseline's assembly, or a kernel's linked ELF. */
typedef enum { RVV_MEMO_BASELINE, RVV_MEMO_ELF } rvv_memo_kind;

/* 1 and a malloc'd copy of the output (NUL-terminated past size) when (kind, ctx,
 * text) is kept; 0 otherwise (or out of memory). */
int rvv_memo_get(rvv_memo_kind kind, const char *ctx, const char *text, char **out, size_t *size);

/* Keeps a copy of the output of (kind, ctx, text), dropping the oldest entry when
 * full. Out of memory: nothing is kept. */
void rvv_memo_put(rvv_memo_kind kind, const char *ctx, const char *text, const void *out, size_t size);

#endif
