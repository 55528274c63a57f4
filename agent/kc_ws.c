/* kc_ws.c — openat() walks beneath a directory descriptor (see kc_ws.h). */
#define _GNU_SOURCE
#include "kc_ws.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* O_NOFOLLOW on the last component fails with ELOOP for a link; combined with
 * O_DIRECTORY the kernel may report ENOTDIR instead. Look before reporting, so
 * a link is always called a link. */
static int link_or(int dirfd, const char *name, int e)
{
    struct stat st;
    if (fstatat(dirfd, name, &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISLNK(st.st_mode))
        return ELOOP;
    return e;
}

/* Opens the directory component name beneath dirfd, creating it when asked. */
static int open_dir(int dirfd, const char *name, int create)
{
    if (create && mkdirat(dirfd, name, 0777) != 0 && errno != EEXIST)
        return -1;
    int fd = openat(dirfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0)
        errno = link_or(dirfd, name, errno);
    return fd;
}

/* Copies rel into buf after checking it; the components are NUL-separated
 * afterwards. Returns the number of components, or -1 (errno set). */
static int split(const char *rel, size_t len, char *buf, size_t size)
{
    if (!rel || !len || memchr(rel, 0, len) || rel[0] == '/') {
        errno = EINVAL;
        return -1;
    }
    if (len >= size) {
        errno = ENAMETOOLONG;
        return -1;
    }
    memcpy(buf, rel, len);
    buf[len] = 0;
    int n = 0;
    for (char *p = buf;; n++) {
        char *e = strchr(p, '/');
        if (e)
            *e = 0;
        if (!*p || !strcmp(p, ".") || !strcmp(p, "..")) {
            errno = EINVAL;
            return -1;
        }
        if (!e)
            return n + 1;
        p = e + 1;
    }
}

/* Checks rel, then walks all its components but the last beneath dirfd;
 * returns a descriptor of the directory reached (a dup of dirfd for none) and
 * points *leaf at the last component (inside buf), or -1 (errno set). */
static int walk(int dirfd, const char *rel, size_t len, int create, char *buf, size_t size,
                const char **leaf)
{
    int ncomp = split(rel, len, buf, size);
    if (ncomp < 0)
        return -1;
    int cur = fcntl(dirfd, F_DUPFD_CLOEXEC, 0);
    char *p = buf;
    for (int i = 0; cur >= 0 && i < ncomp - 1; i++) {
        int next = open_dir(cur, p, create);
        int e = errno;
        close(cur);
        errno = e;
        cur = next;
        p += strlen(p) + 1;
    }
    *leaf = p;
    return cur;
}

int kc_ws_open(int dirfd, const char *rel, size_t len, kc_ws_mode mode, int mkdirs)
{
    char buf[PATH_MAX];
    const char *leaf;
    int dir = walk(dirfd, rel, len, mkdirs, buf, sizeof buf, &leaf);
    if (dir < 0)
        return -1;
    /* O_NONBLOCK: opening a FIFO must not wait for a peer. No O_TRUNC yet: the
     * file is checked before anything is changed. */
    int flags = O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC;
    flags |= mode == KC_WS_READ ? O_RDONLY : mode == KC_WS_WRITE ? O_WRONLY | O_CREAT
                                                                 : O_WRONLY | O_CREAT | O_APPEND;
    int fd = openat(dir, leaf, flags, 0644);
    int e = fd < 0 ? link_or(dir, leaf, errno) : 0;
    close(dir);
    if (fd < 0) {
        errno = e;
        return -1;
    }
    struct stat st;
    if (fstat(fd, &st) != 0)
        e = errno;
    else if (S_ISDIR(st.st_mode))
        e = EISDIR;
    else if (!S_ISREG(st.st_mode))
        e = ENXIO;
    else if (st.st_nlink != 1)
        e = EMLINK;
    else if (mode == KC_WS_WRITE && ftruncate(fd, 0) != 0)
        e = errno;
    else if (fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK) != 0)
        e = errno;
    if (e) {
        close(fd);
        errno = e;
        return -1;
    }
    return fd;
}

int kc_ws_opendir(int dirfd, const char *rel, size_t len, int create)
{
    char buf[PATH_MAX];
    const char *leaf;
    int dir = walk(dirfd, rel, len, create, buf, sizeof buf, &leaf);
    if (dir < 0)
        return -1;
    int fd = open_dir(dir, leaf, create);
    int e = errno;
    close(dir);
    errno = e;
    return fd;
}

const char *kc_ws_strerror(int errnum)
{
    switch (errnum) {
    case EINVAL: return "not a plain relative name (empty, absolute, NUL, '.' or '..' component)";
    case ELOOP: return "it is or passes through a symbolic link (links are not followed here)";
    case ENXIO: return "it is not a regular file";
    case EMLINK: return "it has other hard links (not followed here)";
    default: return strerror(errnum);
    }
}
