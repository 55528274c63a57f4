/* golden_cycles — the committed golden file of a platform's baseline cycles.
 *
 *   golden_cycles --write FILE [--platform P] [--seed S] [--configs 1,2,..] [--jobs N]
 *   golden_cycles --check FILE [--level L | --tasks a,b,...] [--part I/K] [--jobs N]
 *
 * --write evaluates the baseline kernel of every (task, config) on the RTL and
 * writes one row per cell: task, config, status, cycles, every performance
 * counter of the model (perf.<name>) and the DRAM bytes read and written (a cell
 * without a program that runs has the bench's status, no-baseline or
 * does-not-fit, and zeros). The
 * header names the platform and the seed, and the configs when not all five
 * (--configs; a rewrite keeps the configs the existing file names, so `make
 * golden` needs no per-platform list: a slow model's file holds C1 only, a
 * choice made once when the file is created). `make golden` runs it.
 *
 * --check runs the cells the selection names, on the platform and seed the
 * file's header names (so each platform keeps its own tests/golden/<p>.tsv), and
 * compares every column (--part I/K: only every K-th selected cell from the I-th,
 * so that K tests share a selection). Each changed cell prints as
 *   task Cn: cycles 1234 -> 1240 (instret 10 -> 12)
 * and the run fails; so does a file that no longer covers the tasks or names
 * other counters than the model has. Exit 0 all equal, 1 a difference, 2 usage,
 * I/O or simulator error. The CPU seconds of the check (workers included) print
 * on the last line: a figure, not an assertion.
 *
 * Cycles are expected to depend on (task, config) only, not on the data: the
 * seed is fixed all the same, so a data-dependent timing would show as a change
 * here rather than as noise.
 */
#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include "kc_bench.h"
#include "kc_eval.h"
#include "kc_file.h"
#include "kc_platform.h"
#include "kc_pool.h"

#define NEXTRA 2                              /* dram_read_bytes, dram_write_bytes */
#define MAXV (1 + KC_MAX_COUNTERS + NEXTRA)   /* cycles, counters, DRAM bytes */
#define MAXCELLS 512

typedef struct row {
    char task[32];
    int config;
    char status[32];
    size_t nv;
    uint64_t v[MAXV];
    int seen;                                 /* check: matched by a run */
} row;

/* The columns after task, config and status, for one platform. */
typedef struct cols {
    size_t n;
    char name[MAXV][48];
} cols;

typedef struct cell {
    const kc_task *task;
    int config;
} cell;

typedef struct job_ctx {
    const char *platform;
    uint64_t seed;
    const cell *cells;
    size_t ncols;                             /* values per row (platform_cols) */
    row *out;                                 /* [ncells] filled by done() */
    size_t nfailed;
    kc_eval_ctx *ectx;                        /* a worker's own, opened by its first job */
} job_ctx;

static void usage(FILE *f)
{
    fprintf(f, "usage: golden_cycles --write FILE [--platform P] [--seed S] [--configs 1,2,..] "
               "[--jobs N]\n"
               "       golden_cycles --check FILE [--level L | --tasks a,b,...] [--part I/K] "
               "[--jobs N]\n");
}

static kc_status platform_cols(const char *platform, cols *c, kc_err *err)
{
    const kc_platform *p = kc_platform_find(platform);
    const kc_acc_ops *ops = p ? kc_acc_find(p->acc) : NULL;
    if (!ops)
        return kc_err_set(err, KC_ERR_USAGE, "no platform '%s' with a model", platform);
    memset(c, 0, sizeof *c);
    snprintf(c->name[c->n++], sizeof c->name[0], "cycles");
    for (unsigned i = 0; i < ops->ncounters && i < KC_MAX_COUNTERS; i++)
        snprintf(c->name[c->n++], sizeof c->name[0], "perf.%s", ops->counter_names[i]);
    snprintf(c->name[c->n++], sizeof c->name[0], "dram_read_bytes");
    snprintf(c->name[c->n++], sizeof c->name[0], "dram_write_bytes");
    return KC_OK;
}

/* ---- running cells (in pool workers) ---------------------------------------- */

static void format_row(const row *r, char *buf, size_t size)
{
    size_t n = (size_t)snprintf(buf, size, "%s\t%d\t%s", r->task, r->config, r->status);
    for (size_t i = 0; i < r->nv && n < size; i++)
        n += (size_t)snprintf(buf + n, size - n, "\t%" PRIu64, r->v[i]);
}

static int work(void *vctx, size_t job, char **reply)
{
    job_ctx *ctx = vctx;
    const cell *c = &ctx->cells[job];
    kc_eval_opts o = { .platform = ctx->platform, .task = c->task->name, .config = c->config,
                       .seed = ctx->seed };
    kc_eval_result *res = calloc(1, sizeof *res);
    kc_err err;
    kc_err_clear(&err);
    *reply = malloc(4096);
    if (!res || !*reply) {
        free(res);
        return -1;
    }
    row r;
    memset(&r, 0, sizeof r);
    snprintf(r.task, sizeof r.task, "%s", c->task->name);
    r.config = c->config;
    /* A cell the compiler does not serve (or whose program is larger than the
     * build's memories) is a row too, with the bench's status and zeros: that it
     * starts to fit, or stops, is a change the file shows. */
    char *text = NULL, name[96];
    if (kc_platform_baseline(kc_platform_find(ctx->platform), c->task, c->config, &text,
                             &err) != KC_OK) {
        if (err.code == KC_ERR_NOMEM) {
            kc_err_format(&err, *reply, 4096);
            free(res);
            return -1;
        }
        snprintf(r.status, sizeof r.status, "%s", kc_bench_no_baseline_status(err.code));
        r.nv = ctx->ncols;
        format_row(&r, *reply, 4096);
        free(res);
        return 0;
    }
    /* the kernel just compiled is the one evaluated (kc_eval_baseline would compile it again) */
    snprintf(name, sizeof name, "baseline-%s-%s-c%d", ctx->platform, c->task->name, c->config);
    kc_status s = ctx->ectx ? KC_OK : kc_eval_ctx_open(&ctx->ectx, &err);
    if (s == KC_OK)
        s = kc_eval_run(ctx->ectx, &o, text, name, res, &err);
    free(text);
    if (s != KC_OK) {
        kc_err_format(&err, *reply, 4096);
        free(res);
        return -1;
    }
    snprintf(r.status, sizeof r.status, "%s", kc_eval_status_name(res->status));
    r.v[r.nv++] = res->cycles;
    for (size_t i = 0; i < res->ncounters; i++)
        r.v[r.nv++] = res->counters[i];
    r.v[r.nv++] = res->dram_read_bytes;
    r.v[r.nv++] = res->dram_write_bytes;
    format_row(&r, *reply, 4096);
    free(res);
    return 0;
}

/* Parses "task\tconfig\tstatus\tv0\tv1..." (exactly nv values) into r. */
static int parse_row(char *line, size_t nv, row *r)
{
    memset(r, 0, sizeof *r);
    char *save = NULL, *f[3 + MAXV];
    size_t n = 0;
    for (char *t = strtok_r(line, "\t", &save); t; t = strtok_r(NULL, "\t", &save)) {
        if (n == 3 + MAXV)
            return -1;
        f[n++] = t;
    }
    if (n != 3 + nv || strlen(f[0]) >= sizeof r->task || strlen(f[2]) >= sizeof r->status)
        return -1;
    char *end;
    snprintf(r->task, sizeof r->task, "%s", f[0]);
    r->config = (int)strtol(f[1], &end, 10);
    if (*end || r->config < 1 || r->config > KC_TASK_NCONFIGS)
        return -1;
    snprintf(r->status, sizeof r->status, "%s", f[2]);
    for (size_t i = 0; i < nv; i++) {
        r->v[i] = strtoull(f[3 + i], &end, 10);
        if (*end || f[3 + i][0] == '-')
            return -1;
    }
    r->nv = nv;
    return 0;
}

static kc_status done(void *vctx, const kc_pool_result *pr, kc_err *err)
{
    job_ctx *ctx = vctx;
    const cell *c = &ctx->cells[pr->job];
    row *r = &ctx->out[pr->job];
    (void)err;
    if (pr->outcome == KC_POOL_DONE) {   /* task, config, status and the values */
        size_t tabs = 0;
        for (const char *p = pr->body; *p; p++)
            tabs += *p == '\t';
        char *line = strdup(pr->body);
        int ok = line && tabs >= 3 && tabs - 2 <= MAXV && parse_row(line, tabs - 2, r) == 0;
        free(line);
        if (ok)
            return KC_OK;
    }
    fprintf(stderr, "%s C%d: %s: %s\n", c->task->name, c->config,
            kc_pool_outcome_name(pr->outcome), pr->body ? pr->body : "");
    r->nv = 0;
    ctx->nfailed++;
    return KC_OK;
}

static kc_status run_cells(const char *platform, uint64_t seed, const cell *cells, size_t n,
                           int jobs, row *out, kc_err *err)
{
    cols c;
    kc_status s = platform_cols(platform, &c, err);
    if (s != KC_OK)
        return s;
    job_ctx ctx = { platform, seed, cells, c.n, out, 0, NULL };
    kc_pool_opts po = { .workers = jobs, .job_timeout = 0, .work = work, .done = done,
                        .label = NULL, .ctx = &ctx, .close_in_worker = -1 };
    kc_pool_stats st;
    s = kc_pool_run(&po, n, &st, err);
    if (s == KC_OK && (ctx.nfailed || st.not_run))
        s = kc_err_set(err, KC_ERR_SIM, "%zu of %zu baselines could not be evaluated",
                       ctx.nfailed + st.not_run, n);
    return s;
}

/* Bit c-1 set for each config of a list such as "1,3"; 0 for a malformed list. */
static unsigned parse_configs(const char *list)
{
    unsigned mask = 0;
    for (const char *p = list; *p;) {
        char *end;
        long c = strtol(p, &end, 10);
        if (end == p || c < 1 || c > KC_TASK_NCONFIGS || (*end && *end != ','))
            return 0;
        mask |= 1u << (c - 1);
        p = *end ? end + 1 : end;
    }
    return mask;
}

#define ALL_CONFIGS ((1u << KC_TASK_NCONFIGS) - 1)

/* Every (task, config) of the registry, in its order; filtered by level (0: any),
 * a comma-separated task list (NULL: any) and a config mask. */
static kc_status select_cells(int level, const char *tasks, unsigned configs, cell *cells,
                              size_t *n, kc_err *err)
{
    *n = 0;
    if (tasks) {   /* every name must be a task */
        char *copy = strdup(tasks), *save = NULL;
        for (char *t = strtok_r(copy, ",", &save); t; t = strtok_r(NULL, ",", &save))
            if (!kc_task_find(t)) {
                kc_err_set(err, KC_ERR_USAGE, "--tasks: no task '%s'", t);
                free(copy);
                return KC_ERR_USAGE;
            }
        free(copy);
    }
    for (const kc_task *const *t = kc_task_all(); *t; t++) {
        if (level && (*t)->level != level)
            continue;
        if (tasks) {
            size_t len = strlen((*t)->name);
            const char *p = tasks;
            int hit = 0;
            while (!hit && (p = strstr(p, (*t)->name))) {
                hit = (p == tasks || p[-1] == ',') && (p[len] == ',' || p[len] == '\0');
                p += len;
            }
            if (!hit)
                continue;
        }
        for (int c = 1; c <= KC_TASK_NCONFIGS; c++)
            if (*n < MAXCELLS && (configs >> (c - 1) & 1))
                cells[(*n)++] = (cell){ *t, c };
    }
    if (!*n)
        return kc_err_set(err, KC_ERR_USAGE, "the selection names no task");
    return KC_OK;
}

/* ---- --write ---------------------------------------------------------------- */

static void print_configs(FILE *f, unsigned configs)
{
    const char *sep = "";
    for (int c = 1; c <= KC_TASK_NCONFIGS; c++)
        if (configs >> (c - 1) & 1) {
            fprintf(f, "%s%d", sep, c);
            sep = ",";
        }
}

static kc_status write_file(const char *path, const char *platform, uint64_t seed,
                            unsigned configs, int jobs, kc_err *err)
{
    static cell cells[MAXCELLS];
    static row rows[MAXCELLS];
    cols c;
    size_t n;
    kc_status s;
    if ((s = platform_cols(platform, &c, err)) != KC_OK ||
        (s = select_cells(0, NULL, configs, cells, &n, err)) != KC_OK ||
        (s = run_cells(platform, seed, cells, n, jobs, rows, err)) != KC_OK)
        return s;
    char tmp[4096];
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    FILE *f = fopen(tmp, "w");
    if (!f)
        return kc_err_set(err, KC_ERR_IO, "%s: cannot write", tmp);
    fprintf(f, "# Golden cycles: every baseline kernel of the platform on its RTL, one row per\n"
               "# (task, config). Written by tests/golden/golden_cycles.c; checked by ctest -R golden.\n"
               "# A change is a failure unless intended: then `make golden` rewrites this file.\n"
               "# platform: %s\n# seed: %" PRIu64 "\n",
            platform, seed);
    if (configs != ALL_CONFIGS) {
        fputs("# configs: ", f);
        print_configs(f, configs);
        fputc('\n', f);
    }
    fputs("task\tconfig\tstatus", f);
    for (size_t i = 0; i < c.n; i++)
        fprintf(f, "\t%s", c.name[i]);
    fputc('\n', f);
    for (size_t i = 0; i < n; i++) {
        char line[4096];
        if (rows[i].nv != c.n) {
            fclose(f);
            remove(tmp);
            return kc_err_set(err, KC_ERR_INTERNAL, "%s C%d: %zu values, %zu columns",
                              cells[i].task->name, cells[i].config, rows[i].nv, c.n);
        }
        format_row(&rows[i], line, sizeof line);
        fprintf(f, "%s\n", line);
    }
    if (fclose(f) != 0 || rename(tmp, path) != 0) {
        remove(tmp);
        return kc_err_set(err, KC_ERR_IO, "%s: cannot write", path);
    }
    return KC_OK;
}

/* The configs an existing golden file covers (its '# configs:' line): what a
 * rewrite keeps when --configs is not given. All of them for a file that does
 * not exist or has no such line; 0 for a malformed line. */
static unsigned file_configs(const char *path)
{
    FILE *f = fopen(path, "r");
    unsigned configs = ALL_CONFIGS;
    char line[256], val[64];
    while (f && fgets(line, sizeof line, f) && line[0] == '#')
        if (sscanf(line, "# configs: %63s", val) == 1)
            configs = parse_configs(val);
    if (f)
        fclose(f);
    return configs;
}

/* ---- --check ---------------------------------------------------------------- */

typedef struct golden {
    char platform[32];
    uint64_t seed;
    int have_seed;
    unsigned configs;                         /* the configs the file covers */
    cols c;
    size_t nrows;
    row rows[MAXCELLS];
} golden;

static kc_status read_golden(const char *path, golden *g, kc_err *err)
{
    char *text = NULL;
    size_t size = 0;
    kc_status s = kc_file_read_text(path, &text, &size, err);
    if (s != KC_OK)
        return s;
    memset(g, 0, sizeof *g);
    g->configs = ALL_CONFIGS;
    int lineno = 0, have_cols = 0;
    char *save = NULL;
    for (char *line = strtok_r(text, "\n", &save); line && s == KC_OK;
         line = strtok_r(NULL, "\n", &save)) {
        lineno++;
        if (line[0] == '#') {
            char val[64];
            if (sscanf(line, "# platform: %31s", g->platform) == 1)
                continue;
            if (sscanf(line, "# configs: %63s", val) == 1) {
                if (!(g->configs = parse_configs(val)))
                    s = kc_err_set(err, KC_ERR_SYNTAX, "%s:%d: '# configs:' is not a list of "
                                   "configs 1..%d", path, lineno, KC_TASK_NCONFIGS);
                continue;
            }
            if (sscanf(line, "# seed: %63s", val) == 1) {
                char *end;
                g->seed = strtoull(val, &end, 10);
                g->have_seed = !*end;
            }
            continue;
        }
        if (!have_cols) {
            char *cs = NULL, *t = strtok_r(line, "\t", &cs);
            const char *fixed[3] = { "task", "config", "status" };
            for (int i = 0; i < 3 && s == KC_OK; i++, t = strtok_r(NULL, "\t", &cs))
                if (!t || strcmp(t, fixed[i]))
                    s = kc_err_set(err, KC_ERR_SYNTAX, "%s:%d: the column header must start "
                                   "with task, config, status", path, lineno);
            for (; t && s == KC_OK; t = strtok_r(NULL, "\t", &cs)) {
                if (g->c.n == MAXV || strlen(t) >= sizeof g->c.name[0])
                    s = kc_err_set(err, KC_ERR_SYNTAX, "%s:%d: too many or too long columns",
                                   path, lineno);
                else
                    snprintf(g->c.name[g->c.n++], sizeof g->c.name[0], "%s", t);
            }
            have_cols = 1;
            continue;
        }
        row *r = &g->rows[g->nrows];
        if (g->nrows == MAXCELLS || parse_row(line, g->c.n, r) != 0) {
            s = kc_err_set(err, KC_ERR_SYNTAX, "%s:%d: not a row of %zu values", path, lineno,
                           g->c.n);
            break;
        }
        for (size_t i = 0; i < g->nrows; i++)
            if (!strcmp(g->rows[i].task, r->task) && g->rows[i].config == r->config)
                s = kc_err_set(err, KC_ERR_SYNTAX, "%s:%d: %s C%d appears twice", path, lineno,
                               r->task, r->config);
        g->nrows++;
    }
    free(text);
    if (s == KC_OK && (!g->platform[0] || !g->have_seed || !have_cols))
        s = kc_err_set(err, KC_ERR_SYNTAX, "%s: no '# platform:', '# seed:' or column header line",
                       path);
    return s;
}

static const char *short_name(const char *col)
{
    return strncmp(col, "perf.", 5) ? col : col + 5;
}

/* Prints the difference of one cell; returns 1 when there is one. */
static int report_cell(const cols *c, const row *want, const row *got)
{
    int status = strcmp(want->status, got->status) != 0;
    int any = status;
    for (size_t i = 0; i < c->n; i++)
        any |= want->v[i] != got->v[i];
    if (!any)
        return 0;
    printf("%s C%d:", want->task, want->config);
    if (status)
        printf(" status %s -> %s", want->status, got->status);
    printf(" cycles %" PRIu64 " -> %" PRIu64, want->v[0], got->v[0]);
    const char *sep = " (";
    for (size_t i = 1; i < c->n; i++)
        if (want->v[i] != got->v[i]) {
            printf("%s%s %" PRIu64 " -> %" PRIu64, sep, short_name(c->name[i]), want->v[i],
                   got->v[i]);
            sep = ", ";
        }
    printf("%s\n", sep[0] == ',' ? ")" : "");
    return 1;
}

static double cpu_seconds(void)
{
    struct rusage self, kids;
    getrusage(RUSAGE_SELF, &self);
    getrusage(RUSAGE_CHILDREN, &kids);
    return (double)(self.ru_utime.tv_sec + self.ru_stime.tv_sec + kids.ru_utime.tv_sec +
                    kids.ru_stime.tv_sec) +
           1e-6 * (double)(self.ru_utime.tv_usec + self.ru_stime.tv_usec + kids.ru_utime.tv_usec +
                           kids.ru_stime.tv_usec);
}

/* 0 equal, 1 a difference or a stale file, -1 an error (err set). */
static int check_file(const char *path, int level, const char *tasks, int part, int parts,
                      int jobs, kc_err *err)
{
    static golden g;
    static cell cells[MAXCELLS];
    static row got[MAXCELLS];
    static const row *want[MAXCELLS];
    cols now;
    size_t n;
    if (read_golden(path, &g, err) != KC_OK || platform_cols(g.platform, &now, err) != KC_OK ||
        select_cells(level, tasks, g.configs, cells, &n, err) != KC_OK)
        return -1;
    int stale = 0;
    if (now.n != g.c.n)
        stale = 1;
    for (size_t i = 0; i < now.n && !stale; i++)
        stale = strcmp(now.name[i], g.c.name[i]) != 0;
    if (stale)
        printf("%s: its columns are not those of the %s model now (counters added, removed or "
               "renamed)\n", path, g.platform);
    for (size_t i = 0; i < g.nrows; i++)
        if (!kc_task_find(g.rows[i].task)) {
            printf("%s: task %s is not in the registry\n", path, g.rows[i].task);
            stale = 1;
        } else if (!(g.configs >> (g.rows[i].config - 1) & 1)) {
            printf("%s: %s C%d is outside the file's '# configs:'\n", path, g.rows[i].task,
                   g.rows[i].config);
            stale = 1;
        }
    size_t nrun = 0;
    for (size_t i = 0; i < n; i++) {
        if ((int)(i % (size_t)parts) != part - 1)
            continue;
        want[nrun] = NULL;
        for (size_t k = 0; k < g.nrows && !want[nrun]; k++)
            if (!strcmp(g.rows[k].task, cells[i].task->name) && g.rows[k].config == cells[i].config)
                want[nrun] = &g.rows[k];
        if (!want[nrun]) {
            printf("%s C%d: not in %s\n", cells[i].task->name, cells[i].config, path);
            stale = 1;
            continue;
        }
        cells[nrun++] = cells[i];
    }
    if (stale) {
        printf("%s is stale: if the change is intended, run `make golden` and commit the file\n",
               path);
        return 1;
    }
    if (run_cells(g.platform, g.seed, cells, nrun, jobs, got, err) != KC_OK)
        return -1;
    int changed = 0;
    for (size_t i = 0; i < nrun; i++) {
        if (got[i].nv != g.c.n) {
            kc_err_set(err, KC_ERR_INTERNAL, "%s C%d: the run gave %zu values, the file has %zu "
                       "columns", cells[i].task->name, cells[i].config, got[i].nv, g.c.n);
            return -1;
        }
        changed += report_cell(&g.c, want[i], &got[i]);
    }
    if (changed)
        printf("%d of %zu cells differ from %s (platform %s, seed %" PRIu64 "): if the change is "
               "intended, run `make golden` and commit the file\n",
               changed, nrun, path, g.platform, g.seed);
    else
        printf("golden: %zu cells of %s match %s (seed %" PRIu64 "), %.1f CPU s\n", nrun,
               g.platform, path, g.seed, cpu_seconds());
    return changed ? 1 : 0;
}

int main(int argc, char **argv)
{
    static const struct option longopts[] = {
        { "write", required_argument, NULL, 'w' },
        { "check", required_argument, NULL, 'c' },
        { "platform", required_argument, NULL, 'p' },
        { "seed", required_argument, NULL, 's' },
        { "configs", required_argument, NULL, 'C' },
        { "level", required_argument, NULL, 'l' },
        { "tasks", required_argument, NULL, 't' },
        { "jobs", required_argument, NULL, 'j' },
        { "part", required_argument, NULL, 'P' },
        { "help", no_argument, NULL, 'h' },
        { NULL, 0, NULL, 0 },
    };
    const char *wfile = NULL, *cfile = NULL, *platform = "npu", *tasks = NULL, *configs = NULL;
    uint64_t seed = KC_EVAL_VISIBLE_SEED;
    long level = 0, jobs = 1, part = 1, parts = 1;
    int opt;
    char *end = NULL;
    while ((opt = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
        switch (opt) {
        case 'w': wfile = optarg; break;
        case 'c': cfile = optarg; break;
        case 'p': platform = optarg; break;
        case 't': tasks = optarg; break;
        case 'C': configs = optarg; break;
        case 's': seed = strtoull(optarg, &end, 10); break;
        case 'l': level = strtol(optarg, &end, 10); break;
        case 'j': jobs = strtol(optarg, &end, 10); break;
        case 'P':
            part = strtol(optarg, &end, 10);
            if (*end == '/')
                parts = strtol(end + 1, &end, 10);
            break;
        case 'h': usage(stdout); return 0;
        default: usage(stderr); return 2;
        }
        if (end && *end) {
            fprintf(stderr, "golden_cycles: '%s' is not a number\n", optarg);
            return 2;
        }
        end = NULL;
    }
    if (optind < argc || !wfile == !cfile || (wfile && (level || tasks)) ||
        (cfile && configs) || (level && tasks) || level < 0 || level > 3 || jobs < 1 || jobs > 64 || parts < 1 ||
        part < 1 || part > parts || (wfile && parts > 1)) {
        usage(stderr);
        return 2;
    }
    kc_err err;
    kc_err_clear(&err);
    int rc = 0;
    if (wfile) {
        unsigned mask = configs ? parse_configs(configs) : file_configs(wfile);
        if (!mask) {
            fprintf(stderr, "golden_cycles: %s: not a list of configs 1..%d\n",
                    configs ? configs : wfile, KC_TASK_NCONFIGS);
            return 2;
        }
        rc = write_file(wfile, platform, seed, mask, (int)jobs, &err) == KC_OK ? 0 : -1;
        if (!rc)
            printf("golden: wrote %s (platform %s, seed %" PRIu64 ") in %.1f CPU s\n", wfile,
                   platform, seed, cpu_seconds());
    } else {
        rc = check_file(cfile, (int)level, tasks, (int)part, (int)parts, (int)jobs, &err);
    }
    if (rc < 0) {
        char buf[800];
        fprintf(stderr, "golden_cycles: %s\n", kc_err_format(&err, buf, sizeof buf));
        return 2;
    }
    return rc;
}
