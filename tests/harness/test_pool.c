/* test_pool — the forked worker pool (harness/kc_pool.h) with real failures, no
 * test hook: a worker that aborts, one that exits, one that hangs past the job
 * timeout, a reply larger than a pipe buffer, a job that fails with a message;
 * every job ends exactly once and dead workers are replaced. Then an interrupt
 * (SIGINT) stops handing out jobs while every finished result is delivered. */
#define _POSIX_C_SOURCE 200809L
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include "kc_pool.h"

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
    int interrupt_after;   /* raise SIGINT in the parent after this many results; 0 = never */
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
    if (++c->nresults == c->interrupt_after)
        raise(SIGINT);
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

static int slow_work(void *p, size_t job, char **reply)
{
    (void)p;
    struct timespec ts = {0, 20000000};
    nanosleep(&ts, NULL);
    *reply = malloc(32);
    snprintf(*reply, 32, "job %zu", job);
    return 0;
}

static void test_interrupt(void)
{
    ctx c;
    memset(&c, 0, sizeof c);
    c.interrupt_after = 3;
    kc_pool_opts o = {.workers = 2, .work = slow_work, .done = done, .ctx = &c, .close_in_worker = -1};
    kc_pool_stats st;
    kc_err err;
    kc_err_clear(&err);
    CHECK(kc_pool_run(&o, NJOBS, &st, &err) == KC_OK);
    /* the jobs running when the interrupt came finish and are delivered; no new ones start */
    CHECK(st.interrupted && st.finished >= 3 && st.finished <= 4 && st.finished + st.not_run == NJOBS);
    int n = 0;
    for (int j = 0; j < NJOBS; j++)
        n += c.seen[j];
    CHECK(n == (int)st.finished);
    struct sigaction now;
    sigaction(SIGINT, NULL, &now);
    CHECK(now.sa_handler == SIG_DFL);   /* the caller's handler is back */
    printf("pool: interrupted after %zu results, %zu jobs not run\n", st.finished, st.not_run);
}

int main(void)
{
    struct rlimit none = {0, 0};
    setrlimit(RLIMIT_CORE, &none);   /* the aborting worker leaves no core file */
    test_failures();
    test_interrupt();
    if (failures)
        fprintf(stderr, "%d checks failed\n", failures);
    return failures ? 1 : 0;
}
