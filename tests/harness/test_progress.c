/* test_progress.c — kc_progress (harness/kc_progress.h) into a file in both
 * modes: lines mode prints one line per item in the commands' old format; bar
 * mode redraws one line in place (\r ... erase-to-end), never wider than the
 * terminal, keeps the lines it is told to keep above the bar and erases itself
 * at the end. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kc_progress.h"

static int fails;

#define CHECK(c, ...)                                                                 \
    do {                                                                              \
        if (!(c)) {                                                                   \
            fprintf(stderr, "FAIL line %d: ", __LINE__);                              \
            fprintf(stderr, __VA_ARGS__);                                             \
            fputc('\n', stderr);                                                      \
            fails++;                                                                  \
        }                                                                             \
    } while (0)

/* Everything written to f since the start, NUL-terminated (static buffer). */
static const char *contents(FILE *f)
{
    static char buf[8192];
    fflush(f);
    long n = ftell(f);
    rewind(f);
    size_t got = fread(buf, 1, n > 0 && (size_t)n < sizeof buf ? (size_t)n : sizeof buf - 1, f);
    buf[got] = 0;
    fseek(f, 0, SEEK_END);
    return buf;
}

static size_t count(const char *s, const char *needle)
{
    size_t n = 0;
    for (const char *p = s; (p = strstr(p, needle)); p += strlen(needle))
        n++;
    return n;
}

static void lines_mode(void)
{
    setenv("KC_PROGRESS", "lines", 1);
    FILE *f = tmpfile();
    kc_progress p;
    kc_progress_init(&p, f, "kc bench", 3);
    CHECK(!p.bar, "KC_PROGRESS=lines gives lines");
    kc_progress_step(&p, 1, 0, 0, "%-10s C%d", "relu", 1);
    kc_progress_step(&p, 2, 1, 1, "%-10s C%d", "gemm", 2);
    kc_progress_line(&p, "kc: an error");
    kc_progress_step(&p, 3, 1, 0, "softmax");
    kc_progress_end(&p);
    const char *s = contents(f);
    CHECK(!strchr(s, '\r') && !strchr(s, '\033'), "no control characters in lines mode: %s", s);
    CHECK(strstr(s, "[1/3] relu       C1 | ") == s, "first line as the old format: %s", s);
    CHECK(strstr(s, "\n[2/3] gemm       C2 | ") && strstr(s, "s elapsed, ETA ") && strstr(s, ", 1 failed\n"),
          "second line, ETA and failures: %s", s);
    CHECK(strstr(s, "\nkc: an error\n[3/3] softmax | "), "a line of its own between items: %s", s);
    CHECK(count(s, "\n") == 4, "one line per item and per line: %s", s);
    fclose(f);
}

static void bar_mode(void)
{
    setenv("KC_PROGRESS", "bar", 1);
    setenv("COLUMNS", "72", 1);
    FILE *f = tmpfile();
    kc_progress p;
    kc_progress_init(&p, f, "kc cosim", 4);
    CHECK(p.bar && p.width == 72, "KC_PROGRESS=bar gives the bar, COLUMNS its width (%d, %u)", p.bar, p.width);
    kc_progress_step(&p, 1, 0, 0, "seed   1     ok");
    const char *s = contents(f);
    CHECK(strstr(s, "\rkc cosim [#####...............] 1/4 0:00 ETA 0:0") == s,
          "a quarter of the bar: %s", s);
    CHECK(!strchr(s, '\n') && strstr(s, "\033[K"), "drawn in place, erased to the end of the line: %s", s);
    kc_progress_step(&p, 2, 1, 1, "seed 2: DIVERGED at bundle 7");
    s = contents(f);
    CHECK(strstr(s, "\r\033[Kseed 2: DIVERGED at bundle 7\n\rkc cosim [##########"), "a kept line above the bar: %s",
          s);
    kc_progress_step(&p, 4, 1, 0, "a very long item text that cannot fit in seventy-two columns at all, not even close");
    kc_progress_end(&p);
    s = contents(f);
    const char *last = strrchr(s, '\r');
    const char *prev = last;
    while (prev > s && prev[-1] != '\r')
        prev--;
    /* the last bar: from its \r to its erase sequence, at most 71 columns */
    const char *bar = strstr(prev, "kc cosim [####################] 4/4 0:00 ETA -, 1 failed | a very");
    CHECK(bar, "the full bar at the end: %s", s);
    if (bar) {
        const char *esc = strchr(bar, '\033');
        CHECK(esc && esc - bar <= 71, "never wider than the terminal (%d)", esc ? (int)(esc - bar) : -1);
            }
    CHECK(!strcmp(last, "\r\033[K"), "the bar erased at the end: %s", last);
    CHECK(strstr(s, "| seed 1 ok"), "an item's padding squeezed: %s", s);
    fclose(f);
}

static void quiet(void)
{
    kc_progress p;
    kc_progress_init(&p, NULL, "kc", 2);
    kc_progress_step(&p, 1, 0, 1, "x");   /* a NULL stream: nothing, no crash */
    kc_progress_line(&p, "y");
    kc_progress_end(&p);
    CHECK(kc_progress_eta(&p, 0) == 0, "no ETA before anything is done");
}

int main(void)
{
    lines_mode();
    bar_mode();
    quiet();
    if (fails)
        return 1;
    printf("progress: ok\n");
    return 0;
}
