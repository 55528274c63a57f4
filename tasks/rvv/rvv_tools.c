/* rvv_tools.c — finding, running and reading LLVM's tools (rvv_tools.h). */
#define _GNU_SOURCE
#include "rvv_tools.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "kc_file.h"

/* Configure-time paths (tasks/CMakeLists.txt); empty when CMake found nothing. */
#ifndef KC_RVV_CLANG
#define KC_RVV_CLANG ""
#endif
#ifndef KC_RVV_LLVM_MC
#define KC_RVV_LLVM_MC ""
#endif
#ifndef KC_RVV_LLD
#define KC_RVV_LLD ""
#endif
#ifndef KC_RVV_DIR
#define KC_RVV_DIR "tasks/rvv"
#endif

static rvv_tools tools;
static kc_err tools_err;
static pthread_once_t tools_once = PTHREAD_ONCE_INIT;

/* The configured path, else the Debian llvm-19 locations. */
static int tool_find(char *out, const char *configured, const char *name, const char *versioned)
{
    const char *cands[3] = { configured, NULL, NULL };
    char a[RVV_TOOLS_PATH], b[RVV_TOOLS_PATH];
    snprintf(a, sizeof a, "/usr/lib/llvm-19/bin/%s", name);
    snprintf(b, sizeof b, "/usr/bin/%s", versioned);
    cands[1] = a;
    cands[2] = b;
    for (int i = 0; i < 3; i++)
        if (cands[i][0] == '/' && access(cands[i], X_OK) == 0) {
            snprintf(out, RVV_TOOLS_PATH, "%s", cands[i]);
            return 1;
        }
    kc_err_set(&tools_err, KC_ERR_IO, "rvv: %s not found (looked for %s, %s); install LLVM 19 with the README's "
               "`make deps` (clang-19, llvm-19, lld-19)", versioned, configured[0] ? configured : a, b);
    return 0;
}

static void tools_find(void)
{
    kc_err_clear(&tools_err);
    if (tool_find(tools.clang, KC_RVV_CLANG, "clang", "clang-19") &&
        tool_find(tools.mc, KC_RVV_LLVM_MC, "llvm-mc", "llvm-mc-19"))
        tool_find(tools.lld, KC_RVV_LLD, "ld.lld", "ld.lld-19");
    snprintf(tools.task_dir, sizeof tools.task_dir, "%s", KC_RVV_DIR);
    snprintf(tools.rt_dir, sizeof tools.rt_dir, "%s/rt", KC_RVV_DIR);
}

kc_status rvv_tools_get(const rvv_tools **out, kc_err *err)
{
    pthread_once(&tools_once, tools_find);
    if (tools_err.code != KC_OK)
        return kc_err_set(err, tools_err.code, "%s", tools_err.text);
    *out = &tools;
    return KC_OK;
}

kc_status rvv_tools_mkdir(char *dir, size_t size, kc_err *err)
{
    const char *t = getenv("TMPDIR");
    if (!t || t[0] != '/')
        t = "/tmp";
    snprintf(dir, size, "%s/kc_rvv_XXXXXX", t);
    if (!mkdtemp(dir))
        return kc_err_set(err, KC_ERR_IO, "rvv: cannot create a temporary directory under %s: %s", t,
                          strerror(errno));
    return KC_OK;
}

void rvv_tools_rmdir(const char *dir)
{
    DIR *d = opendir(dir);
    if (d) {
        struct dirent *e;
        char path[RVV_TOOLS_PATH * 2];
        while ((e = readdir(d)) != NULL) {
            if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
                continue;
            snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
            unlink(path);
        }
        closedir(d);
    }
    rmdir(dir);
}

kc_status rvv_tools_write(const char *path, const void *data, size_t size, kc_err *err)
{
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    if (fd < 0)
        return kc_err_set(err, KC_ERR_IO, "rvv: cannot write %s: %s", path, strerror(errno));
    const char *p = data;
    while (size) {
        ssize_t w = write(fd, p, size);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0) {
            close(fd);
            return kc_err_set(err, KC_ERR_IO, "rvv: error writing %s", path);
        }
        p += w;
        size -= (size_t)w;
    }
    return close(fd) == 0 ? KC_OK : kc_err_set(err, KC_ERR_IO, "rvv: error writing %s", path);
}

kc_status rvv_tools_run(const char *const *argv, const char *tmpdir, const char *log_path, int *status,
                        kc_err *err)
{
    char envtmp[RVV_TOOLS_PATH + 8];
    snprintf(envtmp, sizeof envtmp, "TMPDIR=%s", tmpdir);
    char *const envp[] = { "LC_ALL=C", envtmp, NULL };
    posix_spawn_file_actions_t fa;
    if (posix_spawn_file_actions_init(&fa))
        return kc_err_set(err, KC_ERR_NOMEM, "rvv: out of memory");
    int rc = posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
    rc = rc ? rc : posix_spawn_file_actions_addopen(&fa, 1, log_path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
    rc = rc ? rc : posix_spawn_file_actions_adddup2(&fa, 1, 2);
    pid_t pid = 0;
    rc = rc ? rc : posix_spawn(&pid, argv[0], &fa, NULL, (char *const *)argv, envp);
    posix_spawn_file_actions_destroy(&fa);
    if (rc)
        return kc_err_set(err, KC_ERR_IO, "rvv: cannot run %s: %s", argv[0], strerror(rc));
    int ws = 0;
    while (waitpid(pid, &ws, 0) < 0)
        if (errno != EINTR)
            return kc_err_set(err, KC_ERR_IO, "rvv: waiting for %s: %s", argv[0], strerror(errno));
    *status = WIFEXITED(ws) ? WEXITSTATUS(ws) : -1;
    return KC_OK;
}

/* msg with every "<tmpdir>/" removed (the author never sees our scratch paths). */
static void strip_dir(char *msg, const char *tmpdir)
{
    char pat[RVV_TOOLS_PATH + 2];
    snprintf(pat, sizeof pat, "%s/", tmpdir);
    size_t n = strlen(pat);
    char *p;
    while ((p = strstr(msg, pat)) != NULL)
        memmove(p, p + n, strlen(p + n) + 1);
}

/* Parses "<path>:<line>:<col>: <kind>: msg" (path may contain ':' only before the
 * last two numbers); 1 when line is of that form with kind "error"/"fatal error". */
static int parse_pos(char *line, char **path, int *ln, int *col, char **msg)
{
    char *e = strstr(line, ": error: ");
    size_t skip = 9;
    if (!e) {
        e = strstr(line, ": fatal error: ");
        skip = 15;
    }
    if (!e)
        return 0;
    *msg = e + skip;
    *e = 0;
    char *c2 = strrchr(line, ':');
    if (!c2)
        return 0;
    *c2 = 0;
    char *c1 = strrchr(line, ':');
    if (!c1)
        return 0;
    *c1 = 0;
    char *end1, *end2;
    long l = strtol(c1 + 1, &end1, 10), c = strtol(c2 + 1, &end2, 10);
    if (*end1 || *end2 || l <= 0 || c <= 0)
        return 0;
    *path = line;
    *ln = (int)l;
    *col = (int)c;
    return 1;
}

/* 1-based column of the first occurrence of sym in line `ln` of src (1 when not found). */
static int sym_col(const char *src, int ln, const char *sym)
{
    const char *p = src;
    for (int l = 1; p && l < ln; l++)
        if ((p = strchr(p, '\n')) != NULL)
            p++;
    if (!p || !sym[0])
        return 1;
    size_t n = strcspn(p, "\n"), k = strlen(sym);
    for (size_t i = 0; i + k <= n; i++)
        if (!strncmp(p + i, sym, k))
            return (int)i + 1;
    return 1;
}

/* "referenced by <file>:<line>" naming the kernel (base name as src_path's): its line. */
static int ref_line(const char *l, const char *src_path)
{
    const char *r = strstr(l, "referenced by ");
    if (!r)
        return 0;
    char tok[512];
    snprintf(tok, sizeof tok, "%.*s", (int)strcspn(r + 14, " "), r + 14);   /* "kernel.s:4" */
    char *colon = strrchr(tok, ':');
    if (!colon)
        return 0;
    *colon = 0;
    const char *base = strrchr(src_path, '/'), *tb = strrchr(tok, '/');
    if (strcmp(tb ? tb + 1 : tok, base ? base + 1 : src_path))
        return 0;
    char *end;
    long ln = strtol(colon + 1, &end, 10);
    return ln > 0 && ln < (1 << 30) && !*end ? (int)ln : 0;
}

kc_status rvv_tools_diag(const char *log_path, const char *src_path, const char *author_name, const char *tool,
                         const char *tmpdir, const char *src, kc_err *err)
{
    char *log = NULL;
    kc_err rerr;
    kc_err_clear(&rerr);
    if (kc_file_read(log_path, &log, NULL, &rerr) != KC_OK)
        return kc_err_set(err, KC_ERR_SYNTAX, "%s: %s failed (no diagnostics)", author_name, tool);
    kc_status st = KC_ERR_SYNTAX;
    char *save = NULL, *first = NULL;
    for (char *line = strtok_r(log, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
        if (!first)
            first = line;
        char copy[1024];
        snprintf(copy, sizeof copy, "%s", line);
        char *path, *msg;
        int ln, col;
        if (parse_pos(copy, &path, &ln, &col, &msg)) {
            strip_dir(msg, tmpdir);
            const char *file = strcmp(path, src_path) ? path : author_name;
            char fbuf[1024];
            snprintf(fbuf, sizeof fbuf, "%s", file);
            strip_dir(fbuf, tmpdir);
            kc_err_at(err, st, fbuf, ln, col, "%s", msg);
            free(log);
            return st;
        }
        char *e = strstr(line, "error: ");
        if (e) {
            char msg2[600];
            snprintf(msg2, sizeof msg2, "%s", e + 7);
            strip_dir(msg2, tmpdir);
            /* the linker names the referencing object on the next lines */
            char *next = strtok_r(NULL, "\n", &save);
            int ln = next ? ref_line(next, src_path) : 0;
            if (ln > 0) {
                const char *sym = strstr(msg2, "symbol: ");
                kc_err_at(err, st, author_name, ln, src && sym ? sym_col(src, ln, sym + 8) : 1, "%s", msg2);
            } else {
                if (next && strstr(next, ">>> ")) {
                    size_t k = strlen(msg2);
                    snprintf(msg2 + k, sizeof msg2 - k, " (%s)", next + strspn(next, " >"));
                    strip_dir(msg2, tmpdir);
                }
                kc_err_set(err, st, "%s: %s: %s", author_name, tool, msg2);
            }
            free(log);
            return st;
        }
    }
    char msg[400];
    snprintf(msg, sizeof msg, "%s", first ? first : "failed");
    strip_dir(msg, tmpdir);
    kc_err_set(err, st, "%s: %s: %s", author_name, tool, msg);
    free(log);
    return st;
}
