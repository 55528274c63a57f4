/* kc_progress.c — see kc_progress.h. */
#include "kc_progress.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>

#define BAR_CELLS 20
#define LINE_MAX_BYTES 512

static double mono(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static unsigned columns(FILE *f)
{
    struct winsize ws;
    if (ioctl(fileno(f), TIOCGWINSZ, &ws) == 0 && ws.ws_col >= 20)
        return ws.ws_col;
    const char *c = getenv("COLUMNS");
    long n = c ? strtol(c, NULL, 10) : 0;
    return n >= 20 && n <= 1000 ? (unsigned)n : 80;
}

void kc_progress_init(kc_progress *p, FILE *f, const char *what, size_t total)
{
    memset(p, 0, sizeof *p);
    p->f = f;
    p->total = total;
    p->t0 = mono();
    snprintf(p->what, sizeof p->what, "%s", what ? what : "");
    if (!f)
        return;
    const char *mode = getenv("KC_PROGRESS"), *term = getenv("TERM");
    if (mode && !strcmp(mode, "bar"))
        p->bar = 1;
    else if (mode && !strcmp(mode, "lines"))
        p->bar = 0;
    else   /* a terminal that understands \r and erase-to-end-of-line */
        p->bar = isatty(fileno(f)) && !(term && !strcmp(term, "dumb"));
    p->width = p->bar ? columns(f) : 0;
}

double kc_progress_elapsed(const kc_progress *p)
{
    return mono() - p->t0;
}

double kc_progress_eta(const kc_progress *p, size_t done)
{
    if (!done || !p->total || done >= p->total)
        return 0;
    return kc_progress_elapsed(p) / (double)done * (double)(p->total - done);
}

/* "1:05", "12:00:07": minutes and seconds, hours when there are any */
static void clock_text(double s, char *buf, size_t size)
{
    unsigned long t = s > 0 ? (unsigned long)(s + 0.5) : 0;
    if (t >= 3600)
        snprintf(buf, size, "%lu:%02lu:%02lu", t / 3600, t / 60 % 60, t % 60);
    else
        snprintf(buf, size, "%lu:%02lu", t / 60, t % 60);
}

static void erase(kc_progress *p)
{
    if (p->drawn)
        fputs("\r\033[K", p->f);
    p->drawn = 0;
}

static void draw(kc_progress *p, size_t done, size_t failed, const char *text)
{
    char el[32], eta[32], line[LINE_MAX_BYTES];
    clock_text(kc_progress_elapsed(p), el, sizeof el);
    clock_text(kc_progress_eta(p, done), eta, sizeof eta);
    unsigned filled = p->total ? (unsigned)((double)BAR_CELLS * (double)done / (double)p->total) : 0;
    char cells[BAR_CELLS + 1];
    for (unsigned i = 0; i < BAR_CELLS; i++)
        cells[i] = i < filled ? '#' : '.';
    cells[BAR_CELLS] = 0;
    int n = snprintf(line, sizeof line, "%s [%s] %zu/%zu %s ETA %s, %zu failed | ", p->what, cells, done, p->total, el,
                     done < p->total ? eta : "-", failed);
    /* the item's text with its column padding squeezed (a table's fields, not a table) */
    for (const char *c = text; n >= 0 && (size_t)n + 1 < sizeof line && *c; c++)
        if (*c != ' ' || (c[1] && c[1] != ' ' && n > 0 && line[n - 1] != ' '))
            line[n++] = *c;
    if (n >= 0 && (size_t)n < sizeof line)
        line[n] = 0;
    size_t keep = n < 0 ? 0 : (size_t)n < sizeof line ? (size_t)n : sizeof line - 1;
    if (p->width && keep > p->width - 1)   /* never wrap: a wrapped bar cannot be redrawn */
        keep = p->width - 1;
    line[keep] = 0;
    fputs("\r", p->f);
    fputs(line, p->f);
    fputs("\033[K", p->f);
    p->drawn = 1;
}

void kc_progress_step(kc_progress *p, size_t done, size_t failed, int keep, const char *fmt, ...)
{
    if (!p->f)
        return;
    char text[LINE_MAX_BYTES];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    if (!p->bar) {
        fprintf(p->f, "[%zu/%zu] %s | %.1f s elapsed, ETA %.0f s, %zu failed\n", done, p->total, text,
                kc_progress_elapsed(p), kc_progress_eta(p, done), failed);
    } else {
        if (keep) {
            erase(p);
            fprintf(p->f, "%s\n", text);
        }
        draw(p, done, failed, text);
    }
    fflush(p->f);
}

void kc_progress_line(kc_progress *p, const char *fmt, ...)
{
    if (!p->f)
        return;
    erase(p);
    va_list ap;
    va_start(ap, fmt);
    vfprintf(p->f, fmt, ap);
    va_end(ap);
    fputc('\n', p->f);
    fflush(p->f);
}

void kc_progress_clear(kc_progress *p)
{
    if (!p->f)
        return;
    erase(p);
    fflush(p->f);
}

void kc_progress_end(kc_progress *p)
{
    kc_progress_clear(p);
}
