/* kc_transcript.c — JSONL append and load (see kc_transcript.h). */
#define _POSIX_C_SOURCE 200809L
#include "kc_transcript.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

struct kc_transcript {
    int fd;
    double t0;
    char path[1024];
};

double kc_transcript_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static kc_status write_line(int fd, const json_t *obj, const char *path, kc_err *err)
{
    char *line = json_dumps(obj, JSON_COMPACT | JSON_ENSURE_ASCII);
    if (!line)
        return kc_err_set(err, KC_ERR_NOMEM, "cannot serialise a record for %s", path);
    size_t n = strlen(line);
    line[n] = '\n';   /* json_dumps' NUL becomes the newline; the line is written whole */
    ssize_t w;
    do
        w = write(fd, line, n + 1);
    while (w < 0 && errno == EINTR);
    free(line);
    if (w != (ssize_t)(n + 1))
        return kc_err_set(err, KC_ERR_IO, "cannot append to %s: %s", path,
                          w < 0 ? strerror(errno) : "short write");
    return KC_OK;
}

kc_status kc_transcript_open_fd(int fd, const char *name, double t0, kc_transcript **out, kc_err *err)
{
    *out = NULL;
    kc_transcript *t = calloc(1, sizeof *t);
    if (!t) {
        close(fd);
        return kc_err_set(err, KC_ERR_NOMEM, "out of memory");
    }
    t->fd = fd;
    t->t0 = t0;
    snprintf(t->path, sizeof t->path, "%s", name);
    *out = t;
    return KC_OK;
}

kc_status kc_transcript_open(const char *path, double t0, kc_transcript **out, kc_err *err)
{
    *out = NULL;
    int fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
    if (fd < 0)
        return kc_err_set(err, KC_ERR_IO, "cannot open transcript %s: %s", path, strerror(errno));
    return kc_transcript_open_fd(fd, path, t0, out, err);
}

void kc_transcript_close(kc_transcript *t)
{
    if (!t)
        return;
    close(t->fd);
    free(t);
}

kc_status kc_transcript_event(kc_transcript *t, const char *type, json_t *fields, kc_err *err)
{
    json_t *o = json_object();
    if (!o) {
        json_decref(fields);
        return kc_err_set(err, KC_ERR_NOMEM, "out of memory");
    }
    json_object_set_new(o, "type", json_string(type));
    json_object_set_new(o, "t", json_real(kc_transcript_now() - t->t0));
    json_object_set_new(o, "time", json_integer((json_int_t)time(NULL)));
    if (fields)
        json_object_update(o, fields);
    json_decref(fields);
    kc_status st = write_line(t->fd, o, t->path, err);
    json_decref(o);
    return st;
}

kc_status kc_transcript_load(const char *path, json_t **events, size_t *torn, kc_err *err)
{
    *events = NULL;
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return kc_err_set(err, KC_ERR_IO, "cannot open %s: %s", path, strerror(errno));
    return kc_transcript_load_fd(fd, path, events, torn, err);
}

kc_status kc_transcript_load_fd(int fd, const char *path, json_t **events, size_t *torn, kc_err *err)
{
    *events = NULL;
    if (torn)
        *torn = 0;
    FILE *f = fdopen(fd, "rb");
    if (!f) {
        close(fd);
        return kc_err_set(err, KC_ERR_IO, "cannot read %s: %s", path, strerror(errno));
    }
    json_t *arr = json_array();
    char *line = NULL;
    size_t cap = 0;
    ssize_t n;
    while ((n = getline(&line, &cap, f)) >= 0) {
        if (n == 0 || (n == 1 && line[0] == '\n'))
            continue;
        json_t *v = json_loadb(line, (size_t)n, 0, NULL);
        if (v && json_is_object(v))
            json_array_append_new(arr, v);
        else {
            json_decref(v);
            if (torn)
                (*torn)++;
        }
    }
    free(line);
    int bad = ferror(f);
    fclose(f);
    if (bad) {
        json_decref(arr);
        return kc_err_set(err, KC_ERR_IO, "cannot read %s", path);
    }
    *events = arr;
    return KC_OK;
}

kc_status kc_transcript_append(const char *path, const json_t *obj, kc_err *err)
{
    int fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
    if (fd < 0)
        return kc_err_set(err, KC_ERR_IO, "cannot open %s: %s", path, strerror(errno));
    kc_status st = write_line(fd, obj, path, err);
    if (close(fd) != 0 && st == KC_OK)
        st = kc_err_set(err, KC_ERR_IO, "cannot close %s: %s", path, strerror(errno));
    return st;
}
