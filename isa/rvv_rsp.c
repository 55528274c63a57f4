/* rvv_rsp.c — GDB remote serial protocol client over a unix socket (see rvv_rsp.h). */
#define _GNU_SOURCE
#include "rvv_rsp.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

#define RSP_MAX_ARGS 32

struct rvv_rsp {
    pid_t pid;
    int fd;
    int timeout_ms;
    int noack;
    char dir[64];
    char sock[96];
    char log[96];                 /* the child's stderr (startup errors) */
    char in[2 * RVV_RSP_MAX_PACKET + 64];   /* received, not yet consumed */
    size_t nin;
    uint64_t trips;
};

static double rsp_now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

void rvv_rsp_hex(const void *in, size_t n, char *out)
{
    static const char digits[] = "0123456789abcdef";
    const uint8_t *b = in;
    for (size_t i = 0; i < n; i++) {
        out[2 * i] = digits[b[i] >> 4];
        out[2 * i + 1] = digits[b[i] & 15];
    }
    out[2 * n] = 0;
}

static int rsp_nibble(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

size_t rvv_rsp_unhex(const char *in, void *out, size_t max)
{
    uint8_t *b = out;
    size_t n = 0;
    for (; n < max; n++) {
        int hi = rsp_nibble(in[2 * n]), lo = hi < 0 ? -1 : rsp_nibble(in[2 * n + 1]);
        if (lo < 0)
            break;
        b[n] = (uint8_t)(hi << 4 | lo);
    }
    return n;
}

/* The child's first stderr line, for messages about a failed start. */
static const char *rsp_child_says(rvv_rsp *r, char *buf, size_t size)
{
    buf[0] = 0;
    FILE *f = fopen(r->log, "r");
    if (f) {
        if (!fgets(buf, (int)size, f))
            buf[0] = 0;
        fclose(f);
    }
    buf[strcspn(buf, "\n")] = 0;
    return buf;
}

static kc_status rsp_send_all(rvv_rsp *r, const char *data, size_t n, kc_err *err)
{
    while (n) {
        ssize_t k = send(r->fd, data, n, MSG_NOSIGNAL);
        if (k < 0 && errno == EINTR)
            continue;
        if (k <= 0)
            return kc_err_set(err, KC_ERR_SIM, "qemu gdbstub: send failed: %s", strerror(errno));
        data += k;
        n -= (size_t)k;
    }
    return KC_OK;
}

/* Reads more bytes into r->in before the deadline. */
static kc_status rsp_fill(rvv_rsp *r, double deadline, kc_err *err)
{
    if (r->nin == sizeof r->in)
        return kc_err_set(err, KC_ERR_SIM, "qemu gdbstub: reply larger than %zu bytes", sizeof r->in);
    for (;;) {
        int left = (int)(deadline - rsp_now_ms());
        if (left <= 0)
            return kc_err_set(err, KC_ERR_SIM, "qemu gdbstub: no reply within %d ms (QEMU hung?)", r->timeout_ms);
        struct pollfd p = {r->fd, POLLIN, 0};
        int k = poll(&p, 1, left);
        if (k < 0 && errno == EINTR)
            continue;
        if (k < 0)
            return kc_err_set(err, KC_ERR_SIM, "qemu gdbstub: poll: %s", strerror(errno));
        if (k == 0)
            continue;
        ssize_t got = recv(r->fd, r->in + r->nin, sizeof r->in - r->nin, 0);
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0)
            return kc_err_set(err, KC_ERR_SIM, "qemu gdbstub: connection closed (QEMU exited?)");
        r->nin += (size_t)got;
        return KC_OK;
    }
}

/* Takes one `$...#cs` packet from the input (acks and noise before it are
 * skipped); decodes it into reply. */
static kc_status rsp_recv(rvv_rsp *r, char *reply, size_t cap, double deadline, kc_err *err)
{
    for (;;) {
        char *start = memchr(r->in, '$', r->nin);
        if (!start) {
            r->nin = 0;
        } else {
            size_t off = (size_t)(start - r->in);
            memmove(r->in, start, r->nin - off);
            r->nin -= off;
            char *hash = memchr(r->in, '#', r->nin);
            if (hash && (size_t)(hash - r->in) + 3 <= r->nin) {
                unsigned sum = 0, cs = 0;
                for (char *p = r->in + 1; p < hash; p++)
                    sum += (uint8_t)*p;
                int hi = rsp_nibble(hash[1]), lo = rsp_nibble(hash[2]);
                cs = hi < 0 || lo < 0 ? 256 : (unsigned)(hi << 4 | lo);
                size_t n = 0;
                int bad = (sum & 255) != cs;
                for (char *p = r->in + 1; p < hash && !bad; p++) {
                    char ch = *p;
                    if (ch == '}' && p + 1 < hash) {
                        ch = (char)(*++p ^ 0x20);
                    } else if (ch == '*' && p + 1 < hash && n) {   /* run length: repeat the last */
                        int rep = (uint8_t)*++p - 29;
                        for (int i = 0; i < rep && n + 1 < cap; i++, n++)
                            reply[n] = reply[n - 1];
                        continue;
                    }
                    if (n + 1 >= cap)
                        return kc_err_set(err, KC_ERR_SIM, "qemu gdbstub: reply longer than %zu bytes", cap);
                    reply[n++] = ch;
                }
                size_t used = (size_t)(hash - r->in) + 3;
                memmove(r->in, r->in + used, r->nin - used);
                r->nin -= used;
                if (bad)
                    return kc_err_set(err, KC_ERR_SIM, "qemu gdbstub: reply with a bad checksum");
                reply[n] = 0;
                if (!r->noack)
                    return rsp_send_all(r, "+", 1, err);
                return KC_OK;
            }
        }
        kc_status s = rsp_fill(r, deadline, err);
        if (s != KC_OK)
            return s;
    }
}

kc_status rvv_rsp_cmd(rvv_rsp *r, const char *cmd, char *reply, size_t cap, int timeout_ms, kc_err *err)
{
    size_t n = strlen(cmd);
    if (n + 5 > 2 * RVV_RSP_MAX_PACKET)
        return kc_err_set(err, KC_ERR_INTERNAL, "qemu gdbstub: command of %zu bytes too long", n);
    static const char digits[] = "0123456789abcdef";
    char pkt[2 * RVV_RSP_MAX_PACKET + 8];
    unsigned sum = 0;
    pkt[0] = '$';
    for (size_t i = 0; i < n; i++)
        sum += (uint8_t)(pkt[1 + i] = cmd[i]);
    pkt[n + 1] = '#';
    pkt[n + 2] = digits[(sum >> 4) & 15];
    pkt[n + 3] = digits[sum & 15];
    r->trips++;
    double deadline = rsp_now_ms() + (timeout_ms > 0 ? timeout_ms : r->timeout_ms);
    kc_status s = rsp_send_all(r, pkt, n + 4, err);
    return s == KC_OK ? rsp_recv(r, reply, cap, deadline, err) : s;
}

/* Connects to the child's socket, retrying until it exists or the child dies. */
static kc_status rsp_connect(rvv_rsp *r, kc_err *err)
{
    double deadline = rsp_now_ms() + r->timeout_ms;
    struct sockaddr_un a;
    memset(&a, 0, sizeof a);
    a.sun_family = AF_UNIX;
    snprintf(a.sun_path, sizeof a.sun_path, "%s", r->sock);
    for (;;) {
        int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
        if (fd < 0)
            return kc_err_set(err, KC_ERR_SIM, "socket: %s", strerror(errno));
        if (connect(fd, (struct sockaddr *)&a, sizeof a) == 0) {
            r->fd = fd;
            return KC_OK;
        }
        close(fd);
        int status;
        char says[200];
        if (waitpid(r->pid, &status, WNOHANG) == r->pid) {
            r->pid = 0;
            return kc_err_set(err, KC_ERR_SIM, "qemu exited before its gdbstub answered: %s",
                              rsp_child_says(r, says, sizeof says));
        }
        if (rsp_now_ms() > deadline)
            return kc_err_set(err, KC_ERR_SIM, "qemu's gdbstub did not open within %d ms", r->timeout_ms);
        struct timespec ts = {0, 2000000};
        nanosleep(&ts, NULL);
    }
}

kc_status rvv_rsp_open(rvv_rsp **out, const char *const *argv, const void *elf, size_t elf_size, int timeout_ms,
                       kc_err *err)
{
    *out = NULL;
    rvv_rsp *r = calloc(1, sizeof *r);
    if (!r)
        return kc_err_set(err, KC_ERR_NOMEM, "out of memory");
    r->fd = -1;
    r->timeout_ms = timeout_ms > 0 ? timeout_ms : 10000;
    snprintf(r->dir, sizeof r->dir, "/tmp/kc-qemu-XXXXXX");
    if (!mkdtemp(r->dir)) {
        free(r);
        return kc_err_set(err, KC_ERR_IO, "mkdtemp: %s", strerror(errno));
    }
    snprintf(r->sock, sizeof r->sock, "%s/gdb.sock", r->dir);
    snprintf(r->log, sizeof r->log, "%s/stderr", r->dir);
    char prog[96];
    snprintf(prog, sizeof prog, "%s/prog.elf", r->dir);
    FILE *f = fopen(prog, "wb");
    int ok = f && fwrite(elf, 1, elf_size, f) == elf_size;
    if ((f && fclose(f) != 0) || !ok || chmod(prog, 0700) != 0) {
        rvv_rsp_close(r);
        return kc_err_set(err, KC_ERR_IO, "cannot write %s", prog);
    }
    const char *args[RSP_MAX_ARGS + 4];
    size_t n = 0;
    for (; argv[n] && n < RSP_MAX_ARGS; n++)
        args[n] = argv[n];
    args[n++] = "-g";
    args[n++] = r->sock;
    args[n++] = prog;
    args[n] = NULL;
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
    /* QEMU prints its loader errors on stdout (and _exits, so a pipe would lose them) */
    posix_spawn_file_actions_addopen(&fa, 2, r->log, O_WRONLY | O_CREAT | O_TRUNC, 0600);
    posix_spawn_file_actions_adddup2(&fa, 2, 1);
    int e = posix_spawnp(&r->pid, args[0], &fa, NULL, (char *const *)args, environ);
    posix_spawn_file_actions_destroy(&fa);
    if (e) {
        r->pid = 0;
        rvv_rsp_close(r);
        return kc_err_set(err, KC_ERR_SIM, "cannot start %s: %s (make deps installs qemu-user)", argv[0],
                          strerror(e));
    }
    char reply[256];
    kc_status s = rsp_connect(r, err);
    if (s == KC_OK)
        s = rvv_rsp_cmd(r, "QStartNoAckMode", reply, sizeof reply, 0, err);
    if (s != KC_OK) {
        rvv_rsp_close(r);
        return s;
    }
    r->noack = !strcmp(reply, "OK");   /* QEMU 7.2 does not offer it: acks stay on */
    *out = r;
    return KC_OK;
}

void rvv_rsp_close(rvv_rsp *r)
{
    if (!r)
        return;
    if (r->fd >= 0)
        close(r->fd);
    if (r->pid > 0) {
        kill(r->pid, SIGKILL);
        while (waitpid(r->pid, NULL, 0) < 0 && errno == EINTR)
            ;
    }
    /* the directory holds only files this module and rvv_qemu put there */
    char path[160];
    static const char *const names[] = {"gdb.sock", "stderr", "prog.elf", NULL};
    for (const char *const *p = names; *p; p++) {
        snprintf(path, sizeof path, "%s/%s", r->dir, *p);
        unlink(path);
    }
    rmdir(r->dir);
    free(r);
}

const char *rvv_rsp_dir(const rvv_rsp *r)
{
    return r->dir;
}

uint64_t rvv_rsp_round_trips(const rvv_rsp *r)
{
    return r->trips;
}
