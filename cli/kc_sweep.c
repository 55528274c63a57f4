/* kc_sweep.c — the forked worker pool behind kc bench / kc run (see kc_sweep.h).
 *
 * Protocol: parent -> worker: a uint32 job index per job (EOF = no more work).
 * worker -> parent: a tag byte ('R' record, 'E' error), a uint32 length, then
 * that many bytes (the compact JSON record, or an error message). Each worker
 * has its own pair of pipes, so messages never interleave.
 */
#define _POSIX_C_SOURCE 200809L
#include "kc_sweep.h"

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "kc_bench.h"
#include "kc_eval.h"

static volatile sig_atomic_t sweep_sigint;

static void on_sigint(int sig)
{
    (void)sig;
    sweep_sigint++;
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static int full_write(int fd, const void *buf, size_t n)
{
    const char *p = buf;
    while (n) {
        ssize_t w = write(fd, p, n);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return -1;
        p += w;
        n -= (size_t)w;
    }
    return 0;
}

/* 1 = read everything, 0 = EOF before the first byte, -1 = error / torn. */
static int full_read(int fd, void *buf, size_t n)
{
    char *p = buf;
    size_t got = 0;
    while (got < n) {
        ssize_t r = read(fd, p + got, n - got);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            return got == 0 && r == 0 ? 0 : -1;
        got += (size_t)r;
    }
    return 1;
}

static int send_msg(int fd, char tag, const char *body)
{
    uint32_t len = (uint32_t)strlen(body);
    return full_write(fd, &tag, 1) || full_write(fd, &len, sizeof len) || full_write(fd, body, len) ? -1 : 0;
}

/* One evaluation in the worker: the record (with "source" and the wall time). */
static void work(const kc_sweep_opts *o, const kc_sweep_job *j, kc_eval_result *res, int out)
{
    kc_eval_opts eo = {.platform = o->platform, .task = j->task, .config = j->config, .seed = j->seed,
                       .cycle_limit = o->cycle_limit};
    kc_err err;
    kc_err_clear(&err);
    if (kc_eval_run(&eo, j->text, j->kernel_name, res, &err) != KC_OK) {
        char buf[800];
        send_msg(out, 'E', kc_err_format(&err, buf, sizeof buf));
        return;
    }
    json_t *rec = kc_eval_result_json(res);
    char *s = NULL;
    if (rec) {
        json_object_set_new(rec, "source", json_string(j->source));
        if (o->seeds_from)
            json_object_set_new(rec, "seeds_from", json_string(o->seeds_from));
        json_object_set_new(rec, "wall_seconds",
                            json_real(res->t_setup + res->t_assemble + res->t_sim + res->t_check));
        s = json_dumps(rec, JSON_COMPACT);
        json_decref(rec);
    }
    send_msg(out, s ? 'R' : 'E', s ? s : "out of memory serialising a record");
    free(s);
}

static void worker_main(const kc_sweep_opts *o, const kc_sweep_job *jobs, size_t njobs, int in, int out)
{
    signal(SIGINT, SIG_IGN);   /* the parent decides what an interrupt means */
    kc_eval_result *res = malloc(sizeof *res);
    uint32_t idx;
    while (res && full_read(in, &idx, sizeof idx) == 1 && idx < njobs)
        work(o, &jobs[idx], res, out);
    free(res);
    _exit(0);
}

typedef struct worker {
    pid_t pid;
    int to, from;          /* job pipe (write end), result pipe (read end) */
    long job;              /* running job index, -1 idle */
    double t0;
} worker;

static void progress(const kc_sweep_opts *o, const kc_sweep_job *j, const char *what, const kc_sweep_stats *st,
                     size_t total, double t0, double dt)
{
    if (!o->progress)
        return;
    double el = now() - t0;
    double eta = st->done + st->errors ? el / (double)(st->done + st->errors) *
                                             (double)(total - st->done - st->errors) : 0;
    fprintf(o->progress, "[%zu/%zu] %-10s C%d seed %-5llu %-14s %6.2f s | %.1f s elapsed, ETA %.0f s, %zu failed\n",
            st->done + st->errors, total, j->task, j->config, (unsigned long long)j->seed, what, dt, el, eta,
            st->not_correct + st->errors);
    fflush(o->progress);
}

static void note_slow(kc_sweep_stats *st, size_t job, double dt)
{
    for (int k = 0; k < 3; k++)
        if (dt > st->slowest[k]) {
            for (int m = 2; m > k; m--) {
                st->slowest[m] = st->slowest[m - 1];
                st->slowest_job[m] = st->slowest_job[m - 1];
            }
            st->slowest[k] = dt;
            st->slowest_job[k] = job;
            return;
        }
}

/* Receives one message from w; returns -1 when the worker is gone. */
static int receive(const kc_sweep_opts *o, const kc_sweep_job *jobs, size_t njobs, worker *w, json_t *records,
                   kc_sweep_stats *st, double t0, kc_status *s, kc_err *err)
{
    char tag;
    uint32_t len;
    if (full_read(w->from, &tag, 1) != 1 || full_read(w->from, &len, sizeof len) != 1)
        return -1;
    char *body = malloc((size_t)len + 1);
    if (!body || full_read(w->from, body, len) != 1) {
        free(body);
        return -1;
    }
    body[len] = 0;
    const kc_sweep_job *j = &jobs[w->job];
    double dt = now() - w->t0;
    note_slow(st, (size_t)w->job, dt);
    if (tag == 'R') {
        json_t *rec = json_loads(body, 0, NULL);
        if (rec) {
            st->done++;
            int ok = json_is_true(json_object_get(rec, "correct"));
            st->not_correct += !ok;
            if (o->out_fd >= 0 && *s == KC_OK)
                *s = kc_bench_append(o->out_fd, rec, err);
            if (records)
                json_array_append(records, rec);
            progress(o, j, ok ? "correct" : json_string_value(json_object_get(rec, "status")), st, njobs, t0, dt);
            json_decref(rec);
        } else {
            st->errors++;
            progress(o, j, "bad-record", st, njobs, t0, dt);
        }
    } else {
        st->errors++;
        if (o->progress)
            fprintf(o->progress, "kc: %s C%d seed %llu: %s\n", j->task, j->config, (unsigned long long)j->seed,
                    body);
        progress(o, j, "error", st, njobs, t0, dt);
    }
    free(body);
    w->job = -1;
    return 0;
}

kc_status kc_sweep_run(const kc_sweep_opts *o, const kc_sweep_job *jobs, size_t njobs, json_t *records,
                       kc_sweep_stats *st, kc_err *err)
{
    memset(st, 0, sizeof *st);
    double t0 = now();
    if (!njobs)
        return KC_OK;
    int nw = o->workers < 1 ? 1 : o->workers;
    if ((size_t)nw > njobs)
        nw = (int)njobs;
    worker *ws = calloc((size_t)nw, sizeof *ws);
    if (!ws)
        return kc_err_set(err, KC_ERR_NOMEM, "sweep: out of memory");

    struct sigaction sa, old_int;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_sigint;   /* no SA_RESTART: poll() returns EINTR */
    sigemptyset(&sa.sa_mask);
    sweep_sigint = 0;
    sigaction(SIGINT, &sa, &old_int);
    struct sigaction ign = {.sa_handler = SIG_IGN}, old_pipe;
    sigaction(SIGPIPE, &ign, &old_pipe);

    kc_status s = KC_OK;
    int started = 0;
    fflush(NULL);   /* buffered output must not be duplicated into the children */
    for (; started < nw; started++) {
        int a[2], b[2];
        if (pipe(a))
            break;
        if (pipe(b)) {
            close(a[0]);
            close(a[1]);
            break;
        }
        pid_t pid = fork();
        if (pid < 0) {
            close(a[0]); close(a[1]); close(b[0]); close(b[1]);
            break;
        }
        if (pid == 0) {
            close(a[1]);
            close(b[0]);
            for (int k = 0; k < started; k++) {   /* siblings' pipes are not ours */
                close(ws[k].to);
                close(ws[k].from);
            }
            if (o->out_fd >= 0)
                close(o->out_fd);
            worker_main(o, jobs, njobs, a[0], b[1]);
        }
        close(a[0]);
        close(b[1]);
        ws[started] = (worker){.pid = pid, .to = a[1], .from = b[0], .job = -1};
    }
    if (!started)
        s = kc_err_set(err, KC_ERR_IO, "sweep: cannot start workers: %s", strerror(errno));

    size_t next = 0;
    struct pollfd *pf = calloc((size_t)nw, sizeof *pf);
    int killed = 0;
    while (s == KC_OK || started) {
        /* hand out work to idle workers */
        int busy = 0;
        for (int k = 0; k < started; k++) {
            if (ws[k].job < 0 && ws[k].to >= 0 && next < njobs && !sweep_sigint && s == KC_OK) {
                uint32_t idx = (uint32_t)next;
                ws[k].t0 = now();
                if (full_write(ws[k].to, &idx, sizeof idx) == 0)
                    ws[k].job = (long)next++;
                else {
                    close(ws[k].to);
                    ws[k].to = -1;
                }
            }
            if (ws[k].job < 0 && ws[k].to >= 0 && (next >= njobs || sweep_sigint || s != KC_OK)) {
                close(ws[k].to);   /* EOF: the worker exits */
                ws[k].to = -1;
            }
            busy += ws[k].job >= 0;
        }
        if (!busy)
            break;
        if (sweep_sigint > 1 && !killed) {   /* second Ctrl-C: stop now */
            for (int k = 0; k < started; k++)
                if (ws[k].job >= 0)
                    kill(ws[k].pid, SIGKILL);
            killed = 1;
        }
        for (int k = 0; k < started; k++)
            pf[k] = (struct pollfd){.fd = ws[k].job >= 0 ? ws[k].from : -1, .events = POLLIN};
        int n = poll(pf, (nfds_t)started, -1);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            s = kc_err_set(err, KC_ERR_IO, "sweep: poll: %s", strerror(errno));
            break;
        }
        for (int k = 0; k < started; k++) {
            if (!(pf[k].revents & (POLLIN | POLLHUP | POLLERR)) || ws[k].job < 0)
                continue;
            if (receive(o, jobs, njobs, &ws[k], records, st, t0, &s, err) < 0) {
                /* the worker died mid-job (killed, crashed): the job has no record */
                st->errors++;
                ws[k].job = -1;
                if (ws[k].to >= 0) {
                    close(ws[k].to);
                    ws[k].to = -1;
                }
            }
        }
    }
    for (int k = 0; k < started; k++) {
        if (ws[k].to >= 0)
            close(ws[k].to);
        close(ws[k].from);
        int status;
        while (waitpid(ws[k].pid, &status, 0) < 0 && errno == EINTR)
            ;
    }
    st->interrupted = sweep_sigint > 0 && (next < njobs || killed);
    if (s == KC_OK && !st->interrupted && next < njobs)
        s = kc_err_set(err, KC_ERR_SIM, "sweep: every worker died; %zu jobs never ran", njobs - next);
    free(pf);
    free(ws);
    sigaction(SIGINT, &old_int, NULL);
    sigaction(SIGPIPE, &old_pipe, NULL);
    st->wall = now() - t0;
    return s;
}
