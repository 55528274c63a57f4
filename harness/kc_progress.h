/* kc_progress.h — progress of long work (kc bench, kc run, kc cosim --random,
 * kc agent --suite) on one stream.
 *
 * Two modes, chosen once from the stream:
 *   bar    the stream is a terminal: one line redrawn in place (\r, erase to end
 *          of line) — a bar, done/total, failures, elapsed, ETA and the last
 *          item — with lines worth keeping (failures, errors) printed above it;
 *   lines  anything else (a file, a pipe, CI's log): one line per finished item,
 *          as the commands printed before the bar existed, so logs and scripts
 *          that read them see no change.
 * KC_PROGRESS=bar or KC_PROGRESS=lines in the environment overrides the choice
 * (tests render the bar into a file; a user can keep lines on a terminal).
 */
#ifndef KC_PROGRESS_H
#define KC_PROGRESS_H

#include <stddef.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct kc_progress {
    FILE *f;              /* NULL: quiet, every call does nothing */
    int bar;              /* 1: bar mode */
    int drawn;            /* the bar is on screen (its line not ended) */
    unsigned width;       /* terminal columns (bar mode) */
    size_t total;         /* items expected (0: unknown, no ETA) */
    double t0;            /* monotonic seconds at init */
    char what[24];        /* the command's name, first on the bar: "kc bench" */
} kc_progress;

void kc_progress_init(kc_progress *p, FILE *f, const char *what, size_t total);

/* Seconds since init, and the estimate of seconds left after `done` items (0 when
 * nothing is done yet or the total is unknown). */
double kc_progress_elapsed(const kc_progress *p);
double kc_progress_eta(const kc_progress *p, size_t done);

/* One item finished (done of total so far, `failed` of them not as hoped). The
 * text names it. lines mode: "[done/total] TEXT | E s elapsed, ETA S s, F failed";
 * bar mode: the bar redrawn, with TEXT as its last field; `keep` also prints TEXT
 * as a line of its own above the bar (a failure the user should not miss). */
void kc_progress_step(kc_progress *p, size_t done, size_t failed, int keep, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));

/* A line of its own in either mode (an error, a divergence report): in bar mode
 * the bar is erased first and redrawn by the next step. */
void kc_progress_line(kc_progress *p, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Bar mode: the bar erased, so the caller can print lines of its own on the
 * stream (the next step draws it again). Lines mode: nothing. */
void kc_progress_clear(kc_progress *p);

/* Work over: kc_progress_clear, so what follows starts on a clean line. */
void kc_progress_end(kc_progress *p);

#ifdef __cplusplus
}
#endif

#endif
