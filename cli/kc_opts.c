#include "kc_opts.h"

#include "kc_eval.h"

#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void kc_opts_init(kc_opts *o)
{
    o->platform = "npu";
    o->tasks = NULL;
    o->configs = 0;
    for (int c = 1; c <= KC_TASK_NCONFIGS; c++)
        o->configs |= 1u << c;
    o->seed = KC_EVAL_VISIBLE_SEED;   /* sweeps score on the hidden seeds unless --seed is given */
}

int kc_opts_u64(const char *s, uint64_t *out)
{
    char *end;
    if (!s || !isdigit((unsigned char)*s))   /* no sign, no leading space */
        return 0;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 0);
    if (errno || *end)
        return 0;
    *out = v;
    return 1;
}

int kc_opts_number(const char *opt, const char *s, uint64_t lo, uint64_t hi, uint64_t *out)
{
    uint64_t v;
    if (kc_opts_u64(s, &v) && v >= lo && v <= hi) {
        *out = v;
        return 1;
    }
    fprintf(stderr, "kc: %s takes a whole number in %" PRIu64 "..%" PRIu64 ", got '%s'\n", opt, lo, hi,
            s ? s : "");
    return 0;
}

/* Is name an element of the comma list? */
static int in_list(const char *list, const char *name)
{
    size_t n = strlen(name);
    for (const char *p = list; *p;) {
        const char *e = strchr(p, ',');
        size_t len = e ? (size_t)(e - p) : strlen(p);
        if (len == n && !strncmp(p, name, n))
            return 1;
        p += len + (e ? 1 : 0);
    }
    return 0;
}

static int check_tasks(const char *list)
{
    char buf[64];
    for (const char *p = list; *p;) {
        const char *e = strchr(p, ',');
        size_t len = e ? (size_t)(e - p) : strlen(p);
        snprintf(buf, sizeof buf, "%.*s", (int)len, p);
        if (!kc_task_find(buf)) {
            fprintf(stderr, "kc: unknown task '%s'; tasks:", buf);
            for (const kc_task *const *t = kc_task_all(); *t; t++)
                fprintf(stderr, " %s", (*t)->name);
            fprintf(stderr, "\n");
            return -1;
        }
        p += len + (e ? 1 : 0);
    }
    return 0;
}

static int parse_configs(const char *list, unsigned *mask)
{
    *mask = 0;
    for (const char *p = list; *p;) {
        char *end;
        long c = strtol(p, &end, 10);
        if (end == p || c < 1 || c > KC_TASK_NCONFIGS || (*end && *end != ',')) {
            fprintf(stderr, "kc: --configs takes numbers 1..%d separated by commas\n", KC_TASK_NCONFIGS);
            return -1;
        }
        *mask |= 1u << c;
        p = *end ? end + 1 : end;
    }
    return 0;
}

int kc_opts_parse(kc_opts *o, int argc, char **argv, int i)
{
    const char *a = argv[i];
    int has_val = i + 1 < argc;
    if (!strcmp(a, "--platform") || !strcmp(a, "--tasks") || !strcmp(a, "--configs") ||
        !strcmp(a, "--seed")) {
        if (!has_val) {
            fprintf(stderr, "kc: %s needs a value\n", a);
            return -1;
        }
        const char *v = argv[i + 1];
        if (!strcmp(a, "--platform"))
            o->platform = v;
        else if (!strcmp(a, "--tasks")) {
            if (check_tasks(v))
                return -1;
            o->tasks = v;
        } else if (!strcmp(a, "--configs")) {
            if (parse_configs(v, &o->configs))
                return -1;
        } else {
            if (!kc_opts_number(a, v, 0, UINT64_MAX, &o->seed))
                return -1;
        }
        return 2;
    }
    return 0;
}

size_t kc_opts_jobs(const kc_opts *o, kc_opts_job *jobs, size_t max)
{
    size_t n = 0;
    for (const kc_task *const *t = kc_task_all(); *t; t++) {
        if (o->tasks && !in_list(o->tasks, (*t)->name))
            continue;
        for (int c = 1; c <= KC_TASK_NCONFIGS; c++)
            if ((o->configs >> c & 1u) && n < max)
                jobs[n++] = (kc_opts_job){*t, c};
    }
    return n;
}
