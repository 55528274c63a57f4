/* kc_pool.c — the forked worker pool (see kc_pool.h).
 *
 * Protocol: parent -> worker: a uint32 job index per job (EOF = no more work).
 * worker -> parent: a tag byte ('R' reply, 'E' error), a uint32 length, then
 * that many bytes. Each worker has its own pair of pipes, so messages never
 * interleave; a worker that dies mid-job shows as EOF on its result pipe, and
 * waitpid() then says how it died.
 */
#define _POSIX_C_SOURCE 200809L
#include "kc_pool.h"

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static volatile sig_atomic_t pool_signals;

static void on_signal(int sig)
{
    (void)sig;
    pool_signals++;
}

const char *kc_pool_outcome_name(kc_pool_outcome o)
{
    switch (o) {
    case KC_POOL_DONE: return "done";
    case KC_POOL_FAILED: return "failed";
    case KC_POOL_CRASH: return "crash";
    case KC_POOL_HANG: return "hang";
    }
    return "?";
}

const char *kc_pool_signal_name(int sig, char *buf, size_t size)
{
    static const struct { int sig; const char *name; } names[] = {
        {SIGSEGV, "SIGSEGV"}, {SIGBUS, "SIGBUS"}, {SIGABRT, "SIGABRT"}, {SIGFPE, "SIGFPE"},
        {SIGILL, "SIGILL"}, {SIGKILL, "SIGKILL"}, {SIGTERM, "SIGTERM"}, {SIGINT, "SIGINT"},
        {SIGPIPE, "SIGPIPE"}, {SIGTRAP, "SIGTRAP"}, {SIGSYS, "SIGSYS"}, {SIGXCPU, "SIGXCPU"},
        {SIGXFSZ, "SIGXFSZ"}, {SIGHUP, "SIGHUP"}, {SIGQUIT, "SIGQUIT"},
    };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (names[i].sig == sig)
            return names[i].name;
    snprintf(buf, size, "SIG%d", sig);
    return buf;
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

/* ---- the worker ------------------------------------------------------------ */

typedef struct fault_hook {
    int kind;            /* 0 off, 1 segv, 2 hang */
    const char *label;
} fault_hook;

static void maybe_fault(const kc_pool_opts *o, const fault_hook *h, size_t job)
{
    char buf[256];
    if (!h->kind || !o->label)
        return;
    o->label(o->ctx, job, buf, sizeof buf);
    if (strcmp(buf, h->label))
        return;
    if (h->kind == 1) {
        struct rlimit none = {0, 0};
        setrlimit(RLIMIT_CORE, &none);   /* a test's deliberate crash leaves no core file */
        signal(SIGSEGV, SIG_DFL);
        raise(SIGSEGV);
    }
    for (;;)
        pause();
}

static void worker_main(const kc_pool_opts *o, const fault_hook *h, size_t njobs, int in, int out, pid_t parent)
{
    /* The parent decides what an interrupt means. SIGTERM too: Slurm (a requeue,
     * scancel, the time limit) and kill(1) on a process group send it to every
     * process at once, and a worker it killed would end its job as a "crash" record
     * that a resumed sweep skips, in place of the job's result. */
    signal(SIGINT, SIG_IGN);
    signal(SIGTERM, SIG_IGN);
#ifdef __linux__
    /* ...so a worker must not outlive a parent killed outright (SIGKILL). */
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() != parent)
        _exit(0);   /* the parent died before the line above */
#endif
    uint32_t idx;
    while (full_read(in, &idx, sizeof idx) == 1 && idx < njobs) {
        maybe_fault(o, h, idx);
        char *reply = NULL;
        int rc = o->work(o->ctx, idx, &reply);
        const char *body = reply ? reply : "the job failed without a message";
        char tag = rc == 0 && reply ? 'R' : 'E';
        uint32_t len = (uint32_t)strlen(body);
        int w = full_write(out, &tag, 1) || full_write(out, &len, sizeof len) || full_write(out, body, len);
        free(reply);
        if (w)
            break;   /* the parent is gone */
    }
    _exit(0);
}

/* ---- the parent ------------------------------------------------------------ */

typedef struct worker {
    pid_t pid;           /* 0: no process */
    int to, from;        /* job pipe (write end), result pipe (read end); -1 closed */
    long job;            /* running job index, -1 idle */
    double t0;
} worker;

typedef struct pool {
    const kc_pool_opts *o;
    fault_hook hook;
    size_t njobs;
    worker *ws;
    int nw;
    kc_pool_stats *st;
    kc_status s;
    kc_err *err;
} pool;

static int spawn(pool *p, int k)
{
    int a[2], b[2];
    if (pipe(a))
        return -1;
    if (pipe(b)) {
        close(a[0]);
        close(a[1]);
        return -1;
    }
    fflush(NULL);   /* buffered output must not be duplicated into the child */
    pid_t parent = getpid();
    pid_t pid = fork();
    if (pid < 0) {
        close(a[0]); close(a[1]); close(b[0]); close(b[1]);
        return -1;
    }
    if (pid == 0) {
        close(a[1]);
        close(b[0]);
        for (int m = 0; m < p->nw; m++) {   /* siblings' pipes are not ours */
            if (p->ws[m].to >= 0)
                close(p->ws[m].to);
            if (p->ws[m].from >= 0)
                close(p->ws[m].from);
        }
        if (p->o->close_in_worker >= 0)
            close(p->o->close_in_worker);
        worker_main(p->o, &p->hook, p->njobs, a[0], b[1], parent);
    }
    close(a[0]);
    close(b[1]);
    p->ws[k] = (worker){.pid = pid, .to = a[1], .from = b[0], .job = -1};
    return 0;
}

/* Closes w's pipes and waits for it; returns its wait status. */
static int reap(worker *w)
{
    int status = 0;
    if (w->to >= 0)
        close(w->to);
    if (w->from >= 0)
        close(w->from);
    while (w->pid > 0 && waitpid(w->pid, &status, 0) < 0 && errno == EINTR)
        ;
    *w = (worker){.pid = 0, .to = -1, .from = -1, .job = -1};
    return status;
}

static void finish(pool *p, kc_pool_result *r)
{
    kc_pool_stats *st = p->st;
    st->finished++;
    st->crashed += r->outcome == KC_POOL_CRASH;
    st->hung += r->outcome == KC_POOL_HANG;
    st->failed += r->outcome == KC_POOL_FAILED;
    kc_status s = p->o->done(p->o->ctx, r, p->err);
    if (p->s == KC_OK)
        p->s = s;
}

/* Reads one message from busy worker w. Returns 0 when the job finished with a
 * reply, -1 when the worker is gone (died in the job). */
static int receive(pool *p, worker *w)
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
    kc_pool_result r = {.job = (size_t)w->job, .outcome = tag == 'R' ? KC_POOL_DONE : KC_POOL_FAILED,
                        .body = body, .len = len, .seconds = now() - w->t0};
    w->job = -1;
    finish(p, &r);
    free(body);
    return 0;
}

/* The worker in slot k ended its job abnormally: record it, replace the worker. */
static void lost(pool *p, int k, kc_pool_outcome how, int killed_by_us, int replace)
{
    worker *w = &p->ws[k];
    kc_pool_result r = {.job = (size_t)w->job, .outcome = how, .seconds = now() - w->t0};
    if (how == KC_POOL_HANG)
        kill(w->pid, SIGKILL);
    int status = reap(w);
    if (killed_by_us)
        p->st->not_run++;
    else {
        if (how == KC_POOL_CRASH) {
            r.signal = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
            r.exit_status = WIFEXITED(status) ? WEXITSTATUS(status) : 0;
        }
        finish(p, &r);
    }
    if (replace) {
        if (spawn(p, k) == 0)
            p->st->respawned++;
    }
}

static int more_work(const pool *p, size_t next)
{
    return next < p->njobs && !pool_signals && p->s == KC_OK;
}

kc_status kc_pool_run(const kc_pool_opts *o, size_t njobs, kc_pool_stats *st, kc_err *err)
{
    memset(st, 0, sizeof *st);
    double t0 = now();
    if (!njobs)
        return KC_OK;
    pool p = {.o = o, .njobs = njobs, .st = st, .err = err, .s = KC_OK};
    p.nw = o->workers < 1 ? 1 : o->workers;
    if ((size_t)p.nw > njobs)
        p.nw = (int)njobs;
    const char *hook = getenv("KC_POOL_TEST_FAULT");
    if (hook && o->label) {
        p.hook.kind = !strncmp(hook, "segv:", 5) ? 1 : !strncmp(hook, "hang:", 5) ? 2 : 0;
        p.hook.label = hook + 5;
    }
    p.ws = calloc((size_t)p.nw, sizeof *p.ws);
    struct pollfd *pf = calloc((size_t)p.nw, sizeof *pf);
    if (!p.ws || !pf) {
        free(p.ws);
        free(pf);
        return kc_err_set(err, KC_ERR_NOMEM, "pool: out of memory");
    }
    for (int k = 0; k < p.nw; k++)
        p.ws[k] = (worker){.pid = 0, .to = -1, .from = -1, .job = -1};

    struct sigaction sa, old_int, old_term, old_pipe;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;   /* no SA_RESTART: poll() returns EINTR */
    sigemptyset(&sa.sa_mask);
    pool_signals = 0;
    sigaction(SIGINT, &sa, &old_int);
    sigaction(SIGTERM, &sa, &old_term);
    struct sigaction ign = {.sa_handler = SIG_IGN};
    sigaction(SIGPIPE, &ign, &old_pipe);

    int started = 0;
    for (int k = 0; k < p.nw; k++)
        started += spawn(&p, k) == 0;
    if (!started)
        p.s = kc_err_set(err, KC_ERR_IO, "pool: cannot start a worker: %s", strerror(errno));

    size_t next = 0;
    int killed = 0;
    for (;;) {
        /* hand out work to idle workers; idle workers with nothing to do get EOF */
        int busy = 0, retries = 0;
        for (int k = 0; k < p.nw; k++) {
            worker *w = &p.ws[k];
            if (!w->pid && more_work(&p, next) && spawn(&p, k) == 0)
                st->respawned++;   /* a slot whose replacement failed earlier */
            if (!w->pid)
                continue;
            if (w->job < 0 && w->to >= 0 && more_work(&p, next)) {
                uint32_t idx = (uint32_t)next;
                w->t0 = now();
                if (full_write(w->to, &idx, sizeof idx) == 0)
                    w->job = (long)next++;
                else {   /* died while idle (killed from outside): replace it and retry, a few times */
                    reap(w);
                    if (spawn(&p, k) == 0)
                        st->respawned++;
                    if (retries++ < 2 * p.nw)
                        k--;
                    continue;
                }
            }
            if (w->job < 0 && w->to >= 0 && !more_work(&p, next)) {
                close(w->to);   /* EOF: the worker exits */
                w->to = -1;
            }
            busy += w->job >= 0;
        }
        if (!busy)
            break;
        if (pool_signals > 1 && !killed) {   /* second signal: stop now */
            for (int k = 0; k < p.nw; k++)
                if (p.ws[k].job >= 0)
                    kill(p.ws[k].pid, SIGKILL);
            killed = 1;
        }
        int timeout_ms = -1;
        if (o->job_timeout > 0 && !killed) {
            double t = now(), soonest = -1;
            for (int k = 0; k < p.nw; k++)
                if (p.ws[k].job >= 0) {
                    double left = p.ws[k].t0 + o->job_timeout - t;
                    if (soonest < 0 || left < soonest)
                        soonest = left < 0 ? 0 : left;
                }
            timeout_ms = (int)(soonest * 1000.0) + 1;
        }
        for (int k = 0; k < p.nw; k++)
            pf[k] = (struct pollfd){.fd = p.ws[k].job >= 0 ? p.ws[k].from : -1, .events = POLLIN};
        int n = poll(pf, (nfds_t)p.nw, timeout_ms);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            p.s = kc_err_set(err, KC_ERR_IO, "pool: poll: %s", strerror(errno));
            break;
        }
        for (int k = 0; k < p.nw; k++) {
            worker *w = &p.ws[k];
            if (w->job < 0 || !(pf[k].revents & (POLLIN | POLLHUP | POLLERR)))
                continue;
            if (receive(&p, w) < 0)   /* EOF mid-job: the worker died in it */
                lost(&p, k, KC_POOL_CRASH, killed, more_work(&p, next));
        }
        if (o->job_timeout > 0 && !killed) {
            double t = now();
            for (int k = 0; k < p.nw; k++) {
                worker *w = &p.ws[k];
                if (w->job < 0 || t - w->t0 < o->job_timeout)
                    continue;
                struct pollfd one = {.fd = w->from, .events = POLLIN};
                if (poll(&one, 1, 0) > 0)
                    continue;   /* its reply arrived just now: read it next round */
                lost(&p, k, KC_POOL_HANG, 0, more_work(&p, next));
            }
        }
    }
    for (int k = 0; k < p.nw; k++) {
        if (p.ws[k].job >= 0)   /* only after a poll failure */
            kill(p.ws[k].pid, SIGKILL);
        if (p.ws[k].pid)
            reap(&p.ws[k]);
    }
    st->interrupted = pool_signals > 0;
    st->not_run += njobs - next;
    if (p.s == KC_OK && !st->interrupted && next < njobs)
        p.s = kc_err_set(err, KC_ERR_IO, "pool: no worker could be started; %zu jobs never ran", njobs - next);
    free(pf);
    free(p.ws);
    sigaction(SIGINT, &old_int, NULL);
    sigaction(SIGTERM, &old_term, NULL);
    sigaction(SIGPIPE, &old_pipe, NULL);
    st->wall = now() - t0;
    return p.s;
}
