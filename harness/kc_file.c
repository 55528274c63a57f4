#define _POSIX_C_SOURCE 200809L
#include "kc_file.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Opens path as a regular file. O_NONBLOCK keeps open() from waiting for a
 * writer when path is a FIFO; it is cleared once fstat says the file is regular. */
static kc_status file_open(const char *path, int *fd, kc_err *err)
{
    if (!strcmp(path, "-")) {
        *fd = STDIN_FILENO;   /* whatever the caller piped in; still size-limited */
        return KC_OK;
    }
    *fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (*fd < 0)
        return kc_err_set(err, KC_ERR_IO, "cannot open %s: %s", path, strerror(errno));
    struct stat st;
    int flags;
    if (fstat(*fd, &st) || !S_ISREG(st.st_mode) || (flags = fcntl(*fd, F_GETFL)) < 0 ||
        fcntl(*fd, F_SETFL, flags & ~O_NONBLOCK) < 0) {
        close(*fd);
        return kc_err_set(err, KC_ERR_IO, "cannot read %s: not a regular file", path);
    }
    if ((unsigned long long)st.st_size > KC_FILE_MAX_BYTES) {
        close(*fd);
        return kc_err_set(err, KC_ERR_IO, "cannot read %s: larger than %u MiB", path,
                          KC_FILE_MAX_BYTES >> 20);
    }
    return KC_OK;
}

kc_status kc_file_read(const char *path, char **data, size_t *size, kc_err *err)
{
    *data = NULL;
    int fd;
    if (file_open(path, &fd, err))
        return err->code;
    size_t cap = 1 << 16, len = 0;
    char *buf = malloc(cap);
    kc_status st = buf ? KC_OK : kc_err_set(err, KC_ERR_NOMEM, "out of memory reading %s", path);
    while (st == KC_OK) {
        if (len > KC_FILE_MAX_BYTES) {   /* stdin, or a file that grew */
            st = kc_err_set(err, KC_ERR_IO, "cannot read %s: larger than %u MiB", path,
                            KC_FILE_MAX_BYTES >> 20);
            break;
        }
        if (len + 1 == cap) {
            char *nb = realloc(buf, cap *= 2);
            if (!nb) {
                st = kc_err_set(err, KC_ERR_NOMEM, "out of memory reading %s", path);
                break;
            }
            buf = nb;
        }
        ssize_t got = read(fd, buf + len, cap - len - 1);
        if (got < 0 && errno == EINTR)
            continue;
        if (got < 0)
            st = kc_err_set(err, KC_ERR_IO, "error reading %s: %s", path, strerror(errno));
        if (got <= 0)
            break;
        len += (size_t)got;
    }
    if (fd != STDIN_FILENO)
        close(fd);
    if (st != KC_OK) {
        free(buf);
        return st;
    }
    buf[len] = 0;
    *data = buf;
    if (size)
        *size = len;
    return KC_OK;
}

kc_status kc_file_check_text(const char *name, const char *data, size_t n, kc_err *err)
{
    const char *nul = memchr(data, 0, n);
    if (!nul)
        return KC_OK;
    int line = 1;
    const char *line_start = data;
    for (const char *p = data; p < nul; p++)
        if (*p == '\n') {
            line++;
            line_start = p + 1;
        }
    return kc_err_at(err, KC_ERR_SYNTAX, name, line, (int)(nul - line_start) + 1,
                     "NUL byte in a text file (what follows it would be ignored)");
}

kc_status kc_file_read_text(const char *path, char **data, size_t *size, kc_err *err)
{
    size_t n;
    if (kc_file_read(path, data, &n, err))
        return err->code;
    if (kc_file_check_text(strcmp(path, "-") ? path : "<stdin>", *data, n, err)) {
        free(*data);
        *data = NULL;
        return err->code;
    }
    if (size)
        *size = n;
    return KC_OK;
}
