/* kc_itrace.c — see kc_itrace.h. */
#include "kc_itrace.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

struct kc_itrace {
    FILE *f;
    const kc_platform *p;
    const kc_image *img;
    char source[128];             /* the kernel's name, spaces replaced (a field of its own) */
    size_t ncounters;
    const char *const *names;
    unsigned char explains[KC_MAX_COUNTERS];   /* a counter that says why nothing issued */
    unsigned nunits;
    struct unit_state {
        int64_t last;             /* cycle of the unit's previous issue (-1: none yet) */
        uint64_t at_last[KC_MAX_COUNTERS];
    } *units;
};

kc_status kc_itrace_open(kc_itrace **out, const char *path, const kc_platform *p, const kc_image *img,
                         const char *kernel, const char *what, kc_err *err)
{
    *out = NULL;
    const kc_acc_ops *ops = p->model;
    kc_itrace *t = calloc(1, sizeof *t);
    unsigned nunits = ops->nunits && ops->retire_unit ? ops->nunits : 1;
    if (!t || !(t->units = calloc(nunits, sizeof *t->units))) {
        free(t);
        return kc_err_set(err, KC_ERR_NOMEM, "instruction trace: out of memory");
    }
    if (!(t->f = fopen(path, "w"))) {
        free(t->units);
        free(t);
        return kc_err_set(err, KC_ERR_IO, "instruction trace: cannot write %s: %s", path, strerror(errno));
    }
    t->p = p;
    t->img = img;
    snprintf(t->source, sizeof t->source, "%s", kernel && *kernel ? kernel : "kernel");
    for (char *c = t->source; *c; c++)
        if (*c == ' ' || *c == '\t')
            *c = '_';
    t->ncounters = ops->ncounters < KC_MAX_COUNTERS ? ops->ncounters : KC_MAX_COUNTERS;
    t->names = ops->counter_names;
    for (size_t k = 0; k < t->ncounters; k++)   /* stall_*, vstall_*, branch_flush, fetch_bubble: no issue */
        t->explains[k] = strstr(t->names[k], "stall") || strstr(t->names[k], "flush") || strstr(t->names[k], "bubble");
    t->nunits = nunits;
    for (unsigned u = 0; u < nunits; u++)
        t->units[u].last = -1;
    fprintf(t->f, "# kc instruction trace: platform %s, %s, kernel %s\n", p->name, what ? what : "-", t->source);
    fprintf(t->f, "# cycle = waveform time / 10; stall = cycles the unit issued nothing before this one\n");
    fprintf(t->f, "#%9s %4s %10s %6s %-24s %-24s %s\n", "cycle", "unit", "pc", "stall", "reason", "source",
            "instruction");
    *out = t;
    return KC_OK;
}

void kc_itrace_issue(void *ctx, const kc_sim_issue *is)
{
    kc_itrace *t = ctx;
    if (is->unit >= t->nunits)
        return;
    struct unit_state *u = &t->units[is->unit];
    uint64_t stall = (uint64_t)((int64_t)is->cycle - u->last - 1);
    char reason[96] = "-";
    if (stall) {
        size_t n = 0;
        for (size_t k = 0; k < t->ncounters; k++) {
            if (!t->explains[k] || is->counters[k] == u->at_last[k])
                continue;
            int w = snprintf(reason + n, sizeof reason - n, "%s%s", n ? "+" : "", t->names[k]);
            if (w < 0 || (size_t)w >= sizeof reason - n)
                break;
            n += (size_t)w;
        }
        if (!n)   /* the first instruction waited for the pipeline to fill; else no counter says */
            snprintf(reason, sizeof reason, "%s", u->last < 0 ? "reset" : "other");
    }
    u->last = (int64_t)is->cycle;
    memcpy(u->at_last, is->counters, t->ncounters * sizeof *is->counters);
    uint64_t ipc = t->p->family->unit_pc ? t->p->family->unit_pc(t->img, is->unit, is->pc) : is->pc;
    char dis[192] = "?", src[160] = "-", unit[12] = "-";
    t->p->disasm(t->p, t->img, ipc, dis, sizeof dis);
    int line = kc_image_line(t->img, ipc);
    if (line > 0)
        snprintf(src, sizeof src, "%s:%d", t->source, line);
    if (t->nunits > 1)
        snprintf(unit, sizeof unit, "%u", is->unit);
    fprintf(t->f, "%10" PRIu64 " %4s %10" PRIx64 " %6" PRIu64 " %-24s %-24s %s\n", is->cycle, unit, is->pc, stall,
            reason, src, dis);
}

kc_status kc_itrace_close(kc_itrace *t, kc_err *err)
{
    if (!t)
        return KC_OK;
    int bad = ferror(t->f);
    bad |= fclose(t->f) != 0;
    free(t->units);
    free(t);
    return bad ? kc_err_set(err, KC_ERR_IO, "instruction trace: a write failed (disk full?)") : KC_OK;
}

int kc_itrace_parse(char *line, kc_itrace_line *out)
{
    if (line[0] == '#' || line[0] == '\n' || !line[0])
        return 0;
    char unit[16];
    int n = 0;
    memset(out, 0, sizeof *out);
    if (sscanf(line, "%" SCNu64 " %15s %" SCNx64 " %" SCNu64 " %95s %159s %n", &out->cycle, unit, &out->pc,
               &out->stall, out->reason, out->source, &n) != 6 || n <= 0)
        return 0;
    out->unit = strcmp(unit, "-") ? atoi(unit) : -1;
    out->insn = line + n;
    return 1;
}
