/* test_pool — the forked worker pool (harness/kc_pool.h) with real failures, no
 * test hook: a worker that aborts, one that exits, one that hangs past the job
 * timeout, a reply larger than a pipe buffer, a job that fails with a message;
 * every job ends exactly once and dead workers are replaced. Then an interrupt
 * (SIGINT) stops handing out jobs while every finished result is delivered; so
 * does SIGTERM sent to the whole process group, workers included, as Slurm sends
 * it (no job ends as a crash); and workers die with a parent killed outright. */
#define _POSIX_C_SOURCE 200809L
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "kc_pool.h"

#ifdef __linux__
#include <sys/prctl.h>
#endif

static int failures;

#define CHECK(cond)                                                                  \
    do {                                                                             \
        if (!(cond)) {                                                               \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
            failures++;                                                              \
        }                                                                            \
    } while (0)

#define NJOBS 16
#define BIG (200 * 1024)

typedef struct ctx {
    int seen[NJOBS];
    kc_pool_result last[NJOBS];
    size_t big_len;
    int interrupt_after;   /* signal after this many results; 0 = never */
    int group_term;        /* that signal: SIGTERM to the process group, else SIGINT to the parent */
    int nresults;
} ctx;

static int work(void *p, size_t job, char **reply)
{
    (void)p;
    switch (job) {
    case 3:
        abort();
    case 5:
        _exit(7);
    case 7:
        for (;;)
            pause();
    case 9:
        *reply = malloc(BIG + 1);
        memset(*reply, 'x', BIG);
        (*reply)[BIG] = 0;
        return 0;
    case 11:
        *reply = strdup("no such thing");
        return -1;
    default:
        *reply = malloc(32);
        snprintf(*reply, 32, "job %zu", job);
        return 0;
    }
}

static kc_status done(void *p, const kc_pool_result *r, kc_err *err)
{
    (void)err;
    ctx *c = p;
    c->seen[r->job]++;
    c->last[r->job] = *r;
    c->last[r->job].body = NULL;
    if (r->job == 9 && r->outcome == KC_POOL_DONE)
        c->big_len = strlen(r->body);
    if (r->outcome == KC_POOL_DONE && r->job != 9) {
        char want[32];
        snprintf(want, sizeof want, "job %zu", r->job);
        CHECK(!strcmp(r->body, want));
    }
    if (++c->nresults == c->interrupt_after) {
        if (c->group_term)
            kill(0, SIGTERM);
        else
            raise(SIGINT);
    }
    return KC_OK;
}

static void test_failures(void)
{
    ctx c;
    memset(&c, 0, sizeof c);
    kc_pool_opts o = {.workers = 2, .job_timeout = 1.0, .work = work, .done = done, .ctx = &c,
                      .close_in_worker = -1};
    kc_pool_stats st;
    kc_err err;
    kc_err_clear(&err);
    CHECK(kc_pool_run(&o, NJOBS, &st, &err) == KC_OK);
    for (int j = 0; j < NJOBS; j++)
        CHECK(c.seen[j] == 1);
    CHECK(c.last[3].outcome == KC_POOL_CRASH && c.last[3].signal == SIGABRT);
    CHECK(c.last[5].outcome == KC_POOL_CRASH && c.last[5].signal == 0 && c.last[5].exit_status == 7);
    CHECK(c.last[7].outcome == KC_POOL_HANG && c.last[7].seconds >= 1.0);
    CHECK(c.last[9].outcome == KC_POOL_DONE && c.big_len == BIG);
    CHECK(c.last[11].outcome == KC_POOL_FAILED);
    CHECK(st.finished == NJOBS && st.crashed == 2 && st.hung == 1 && st.failed == 1 && !st.not_run);
    /* the two crashes are replaced; the hang is found after the last job was handed out */
    CHECK(st.respawned == 2 && !st.interrupted);
    char buf[16];
    CHECK(!strcmp(kc_pool_signal_name(SIGSEGV, buf, sizeof buf), "SIGSEGV"));
    printf("pool: %zu jobs, %zu crashed, %zu hung, %zu failed, %zu workers replaced, %.2f s\n", st.finished,
           st.crashed, st.hung, st.failed, st.respawned, st.wall);
}

/* Job 1 takes 0.5 s, the others 20 ms: a signal after job 0's result finds job 1 running. */
static int slow_work(void *p, size_t job, char **reply)
{
    (void)p;
    struct timespec ts = {0, job == 1 ? 500000000 : 20000000};
    nanosleep(&ts, NULL);
    *reply = malloc(32);
    snprintf(*reply, 32, "job %zu", job);
    return 0;
}

/* SIGINT to the parent (Ctrl-C), or SIGTERM to every process of the group at once
 * (what Slurm's requeue, scancel and time limit send): no new jobs start, the
 * running ones finish and are delivered. The workers leave both to the parent: one
 * killed by the SIGTERM would end its job as a "crash". */
static void test_interrupt(int group_term)
{
    ctx c;
    memset(&c, 0, sizeof c);
    c.interrupt_after = 1;
    c.group_term = group_term;
    kc_pool_opts o = {.workers = 2, .work = slow_work, .done = done, .ctx = &c, .close_in_worker = -1};
    kc_pool_stats st;
    kc_err err;
    kc_err_clear(&err);
    CHECK(kc_pool_run(&o, NJOBS, &st, &err) == KC_OK);
    /* jobs 0 and 1 were handed out, ran to the end and were delivered once; no other started */
    CHECK(st.interrupted && !st.crashed && st.finished == 2 && st.not_run == NJOBS - 2);
    for (int j = 0; j < NJOBS; j++)
        CHECK(c.seen[j] == (j < 2) && (!c.seen[j] || c.last[j].outcome == KC_POOL_DONE));
    struct sigaction now;
    sigaction(group_term ? SIGTERM : SIGINT, NULL, &now);
    CHECK(now.sa_handler == SIG_DFL);   /* the caller's handler is back */
    printf("pool: %s after %zu results, %zu crashed, %zu jobs not run\n",
           group_term ? "SIGTERM to the process group" : "interrupted", st.finished, st.crashed, st.not_run);
}

/* A worker reports its pid, then waits forever. */
static int report_fd = -1;
static int pid_work(void *p, size_t job, char **reply)
{
    (void)p;
    (void)job;
    (void)reply;
    pid_t me = getpid();
    if (write(report_fd, &me, sizeof me) != (ssize_t)sizeof me)
        _exit(1);
    for (;;)
        pause();
}

/* A pool parent killed with SIGKILL (Slurm past KillWait, kill -9) takes its
 * workers with it, even those in the middle of a job. The test is the workers'
 * subreaper, so it can wait for them. */
static void test_parent_killed(void)
{
#ifdef __linux__
    int fds[2];
    CHECK(pipe(fds) == 0);
    CHECK(prctl(PR_SET_CHILD_SUBREAPER, 1) == 0);
    fflush(NULL);   /* what is buffered is printed once */
    pid_t parent = fork();
    if (parent == 0) {
        close(fds[0]);
        report_fd = fds[1];
        kc_pool_opts o = {.workers = 2, .work = pid_work, .done = done, .ctx = NULL, .close_in_worker = -1};
        kc_pool_stats st;
        kc_err err;
        kc_pool_run(&o, 2, &st, &err);
        _exit(0);
    }
    close(fds[1]);
    pid_t w[2];
    int ended = 0;
    CHECK(read(fds[0], &w[0], sizeof w[0]) == (ssize_t)sizeof w[0] &&
          read(fds[0], &w[1], sizeof w[1]) == (ssize_t)sizeof w[1]);
    close(fds[0]);
    kill(parent, SIGKILL);
    CHECK(waitpid(parent, NULL, 0) == parent);
    /* both workers end within 5 s (else they are killed here, and the check fails) */
    for (int k = 0; k < 2; k++) {
        int status = 0, gone = 0;
        for (int t = 0; t < 500 && !gone; t++) {
            gone = waitpid(w[k], &status, WNOHANG) == w[k];
            struct timespec ts = {0, 10000000};
            if (!gone)
                nanosleep(&ts, NULL);
        }
        if (!gone) {
            kill(w[k], SIGKILL);
            waitpid(w[k], NULL, 0);
        }
        CHECK(gone && WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL);
        ended += gone;
    }
    prctl(PR_SET_CHILD_SUBREAPER, 0);
    printf("pool: parent killed, %d of its 2 workers ended with it\n", ended);
#endif
}

int main(void)
{
    struct rlimit none = {0, 0};
    setrlimit(RLIMIT_CORE, &none);   /* the aborting worker leaves no core file */
    test_failures();
    test_interrupt(0);
    /* a process group of our own, so the SIGTERM to it reaches no one else (ctest) */
    if (getpgrp() != getpid())
        CHECK(setpgid(0, 0) == 0);
    test_interrupt(1);
    test_parent_killed();
    if (failures)
        fprintf(stderr, "%d checks failed\n", failures);
    return failures ? 1 : 0;
}
