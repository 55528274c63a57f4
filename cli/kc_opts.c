/* kc_opts.c — the shared option rows (see kc_opts.h). */
#include "kc_opts.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kc_eval.h"
#include "kc_platform.h"

const kc_args_opt kc_opts_platform_rows[] = {
    {KC_OPTS_PLATFORM, "platform", 0, KC_ARGS_STRING, "P", 0, 0,
     "the platform (kc --help lists them; default: the first)"},
    {0},
};

const kc_args_opt kc_opts_select_rows[] = {
    {KC_OPTS_TASKS, "tasks", 0, KC_ARGS_STRING, "a,b,...", 0, 0, "tasks to select (default: all)"},
    {KC_OPTS_CONFIGS, "configs", 0, KC_ARGS_STRING, "1,2,...", 0, 0, "configs to select (default: 1..5)"},
    {KC_OPTS_SEED, "seed", 0, KC_ARGS_NUMBER, "S", 0, UINT64_MAX, "the input seed"},
    {0},
};

const char *kc_opts_default_platform(void)
{
    return kc_platform_all()[0]->name;
}

void kc_opts_list_platforms(FILE *out)
{
    for (const kc_platform *const *p = kc_platform_all(); *p; p++)
        fprintf(out, " %s", (*p)->name);
}

void kc_opts_init(kc_opts *o)
{
    o->platform = kc_opts_default_platform();
    o->tasks = NULL;
    o->configs = 0;
    for (int c = 1; c <= KC_TASK_NCONFIGS; c++)
        o->configs |= 1u << c;
    o->seed = KC_EVAL_VISIBLE_SEED;   /* sweeps score on the hidden seeds unless --seed is given */
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

/* 0, or KC_ARGS_ERROR naming the first unknown task and the known ones. */
static int check_tasks(kc_args *a, const char *list)
{
    char buf[64], want[400];
    for (const char *p = list;;) {
        const char *e = strchr(p, ',');
        size_t len = e ? (size_t)(e - p) : strlen(p);
        snprintf(buf, sizeof buf, "%.*s", (int)len, p);
        if (!kc_task_find(buf)) {
            int n = snprintf(want, sizeof want, "task names separated by commas ('%s' is none of:", buf);
            for (const kc_task *const *t = kc_task_all(); *t && n > 0 && (size_t)n < sizeof want; t++)
                n += snprintf(want + n, sizeof want - (size_t)n, " %s", (*t)->name);
            if (n > 0 && (size_t)n < sizeof want)
                snprintf(want + n, sizeof want - (size_t)n, ")");
            return kc_args_bad_value(a, want);
        }
        if (!e)
            return 0;
        p = e + 1;
    }
}

static int parse_configs(kc_args *a, const char *list, unsigned *mask)
{
    *mask = 0;
    for (const char *p = list;;) {
        char *end;
        long c = strtol(p, &end, 10);
        if (end == p || c < 1 || c > KC_TASK_NCONFIGS || (*end && *end != ',')) {
            char want[64];
            snprintf(want, sizeof want, "numbers 1..%d separated by commas", KC_TASK_NCONFIGS);
            return kc_args_bad_value(a, want);
        }
        *mask |= 1u << c;
        if (!*end)
            return 0;
        p = end + 1;
    }
}

int kc_opts_take_platform(kc_args *a, const char **platform)
{
    if (!kc_platform_find(a->value)) {
        char want[200] = "one of:";
        for (const kc_platform *const *p = kc_platform_all(); *p; p++)
            snprintf(want + strlen(want), sizeof want - strlen(want), " %s", (*p)->name);
        return kc_args_bad_value(a, want);
    }
    *platform = a->value;
    return 1;
}

int kc_opts_take(kc_opts *o, kc_args *a, int id)
{
    switch (id) {
    case KC_OPTS_PLATFORM:
        return kc_opts_take_platform(a, &o->platform);
    case KC_OPTS_TASKS:
        if (check_tasks(a, a->value))
            return KC_ARGS_ERROR;
        o->tasks = a->value;
        return 1;
    case KC_OPTS_CONFIGS:
        return parse_configs(a, a->value, &o->configs) ? KC_ARGS_ERROR : 1;
    case KC_OPTS_SEED:
        o->seed = a->number;
        return 1;
    default:
        return 0;
    }
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

int kc_opts_window(const char *s, uint64_t *a, uint64_t *b)
{
    const char *colon = s ? strchr(s, ':') : NULL;
    if (!colon)
        return 0;
    char first[32];
    size_t n = (size_t)(colon - s);
    if (n == 0 || n >= sizeof first)
        return 0;
    memcpy(first, s, n);
    first[n] = 0;
    uint64_t end = 0;
    if (!kc_args_u64(first, a) || (colon[1] && !kc_args_u64(colon + 1, &end)))
        return 0;
    *b = end;
    return 1;
}
