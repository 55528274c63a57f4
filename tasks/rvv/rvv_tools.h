/* rvv_tools.h — LLVM's tools for the rvv platform: found once, run without a
 * shell in a private temporary directory, their diagnostics turned into kc_err.
 *
 * The tools are absolute paths fixed at configure time (CMake's find_program of
 * clang-19, llvm-mc-19, ld.lld-19) with /usr/lib/llvm-19/bin as the fallback;
 * PATH is never consulted and the children get a minimal environment, so what
 * builds a kernel does not depend on the caller's shell.
 */
#ifndef RVV_TOOLS_H
#define RVV_TOOLS_H

#include <stddef.h>

#include "kc_err.h"

#define RVV_TOOLS_PATH 512

typedef struct rvv_tools {
    char clang[RVV_TOOLS_PATH];
    char mc[RVV_TOOLS_PATH];
    char lld[RVV_TOOLS_PATH];
    char rt_dir[RVV_TOOLS_PATH];    /* tasks/rvv/rt: crt0.s, rvv.ld, headers */
    char task_dir[RVV_TOOLS_PATH];  /* tasks/rvv: the baselines' C files */
} rvv_tools;

/* The tools (looked up on the first call; later calls return the same). A tool
 * that is missing is KC_ERR_IO naming it and the install command. */
kc_status rvv_tools_get(const rvv_tools **out, kc_err *err);

/* A new private directory (mode 0700) under $TMPDIR or /tmp; dir gets its path. */
kc_status rvv_tools_mkdir(char *dir, size_t size, kc_err *err);

/* Removes dir and the files in it (it holds no subdirectories). */
void rvv_tools_rmdir(const char *dir);

/* Runs argv[0] (an absolute path) with argv, stdin from /dev/null, stdout and
 * stderr into log_path, environment LC_ALL=C and TMPDIR=tmpdir only; *status
 * gets its exit status (-1 when it died of a signal). Failing to start it is
 * KC_ERR_IO. */
kc_status rvv_tools_run(const char *const *argv, const char *tmpdir, const char *log_path, int *status,
                        kc_err *err);

/* The first error of a tool's log as a KC_ERR_SYNTAX: "<path>:<line>:<col>: error: msg"
 * becomes (file, line, col, msg) with path `src_path` renamed to `author_name`
 * (the kernel file the author knows). A linker error has no position of its own:
 * when the linker names a reference in the kernel ("referenced by kernel.s:4") it
 * is reported at that line (the column of the symbol's name in `src`, else 1),
 * otherwise against author_name without a line, prefixed with `tool`. Paths
 * inside `tmpdir` in the message are shortened to their base names. When the log
 * holds no error line, the log's first line (or "failed") is the message. */
kc_status rvv_tools_diag(const char *log_path, const char *src_path, const char *author_name, const char *tool,
                         const char *tmpdir, const char *src, kc_err *err);

/* Writes size bytes to path (replacing it). */
kc_status rvv_tools_write(const char *path, const void *data, size_t size, kc_err *err);

#endif
