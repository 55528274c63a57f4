/* test_bench — the aggregation (x/5, speedup, efficiency, fast_p, subtotals, gaps)
 * on a hand-written records file with hand-computed answers and invalid lines,
 * the one-line record validator, kc_bench_merge on shard files with duplicates,
 * a conflict and a torn line, and the results file's lock. */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "kc_bench.h"
#include "kc_score.h"

static int failures;

#define CHECK(cond)                                                                  \
    do {                                                                             \
        if (!(cond)) {                                                               \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
            failures++;                                                              \
        }                                                                            \
    } while (0)
#define NEAR(a, b) CHECK(fabs((a) - (b)) < 1e-9 * (1 + fabs(b)))

static const kc_score_cell *cell(const kc_score_table *t, const char *task, int config)
{
    for (size_t i = 0; i < t->ncells; i++)
        if (!strcmp(t->cells[i].task->name, task) && t->cells[i].config == config)
            return &t->cells[i];
    return NULL;
}

static const kc_score_sum *task_sum(const kc_score_table *t, const char *task)
{
    for (size_t i = 0; i < t->ntasks; i++)
        if (!strcmp(t->tasks[i]->name, task))
            return &t->task_sum[i];
    return NULL;
}

static int test_table(const char *path)
{
    json_t *recs;
    kc_bench_invalid bad;
    kc_err err;
    kc_err_clear(&err);
    CHECK(kc_bench_load(path, &recs, &bad, &err) == KC_OK);
    /* key fields only, cycles below the ideal, status/correct disagree, seed_results
     * AND disagrees, unknown platform, config 9, not JSON, the torn last line */
    CHECK(bad.n == 8 && bad.nshown == 8);
    CHECK(!strncmp(bad.what[0], "line 6: ", 8) && strstr(bad.what[0], "status"));
    CHECK(!strncmp(bad.what[1], "line 25: ", 9) && strstr(bad.what[1], "below the task's ideal 1280"));
    CHECK(!strncmp(bad.what[2], "line 26: ", 9) && strstr(bad.what[2], "disagrees"));
    CHECK(!strncmp(bad.what[3], "line 30: ", 9) && strstr(bad.what[3], "AND of seed_results"));
    CHECK(!strncmp(bad.what[7], "line 34: ", 9) && strstr(bad.what[7], "torn"));
    for (size_t k = 0; k < bad.nshown; k++)
        printf("invalid: %s\n", bad.what[k]);
    CHECK(json_array_size(recs) == 26);
    static kc_score_table t;
    CHECK(kc_score_aggregate(recs, "npu", NULL, &t, &err) == KC_OK);
    CHECK(t.candidates == 1);
    CHECK(t.ncells == 15);   /* every config of relu, softmax, gemv: those without records are missing */
    const kc_score_cell *c;
    CHECK((c = cell(&t, "relu", 1)) && c->correct && c->nseeds == 2);   /* duplicate seed 1002 dropped */
    if (c) {
        NEAR(c->speedup, 2.0);
        NEAR(c->ideal, 64.0);             /* recomputed from the task, not the record's 1 */
        NEAR(c->efficiency, 64.0 / 500);
        NEAR(c->max_abs, 0.002);
    }
    CHECK((c = cell(&t, "relu", 2)) && c->correct);
    if (c)
        NEAR(c->speedup, 1.25);
    CHECK((c = cell(&t, "relu", 3)) && !c->correct && !strcmp(c->status, "wrong") && c->speedup == 0);
    CHECK((c = cell(&t, "relu", 4)) && !c->correct && !strcmp(c->status, "gap 1/2 seeds") && c->speedup == 0);
    CHECK((c = cell(&t, "relu", 5)) && !c->correct && !strcmp(c->status, "missing"));   /* key-only line ignored */
    CHECK((c = cell(&t, "softmax", 1)) && c->correct);   /* the later kernel k9, not k0 */
    if (c)
        NEAR(c->speedup, 1.0);
    CHECK((c = cell(&t, "softmax", 2)) && !c->correct && !strcmp(c->status, "missing"));   /* edited ones rejected */
    CHECK((c = cell(&t, "gemv", 1)) && c->correct);      /* agent record: mean of seed_results */
    if (c) {
        NEAR(c->cycles, 1000.0);
        NEAR(c->speedup, 3.0);
    }
    CHECK((c = cell(&t, "gemv", 2)) && !c->correct && !strcmp(c->status, "missing"));
    const kc_score_sum *s = task_sum(&t, "relu");
    CHECK(s && s->ncorrect == 2 && s->ncells == 5 && s->nfast10 == 2 && s->nfast15 == 1);
    if (s) {
        NEAR(s->speedup, sqrt(2.5));
        NEAR(s->mean_cycles, 1050.0);
        NEAR(s->efficiency, (64.0 / 500 + 1024.0 / 1600) / 2);
    }
    CHECK((s = task_sum(&t, "softmax")) && s->ncorrect == 1 && s->ncells == 5 && s->nfast10 == 1 && !s->nfast15);
    CHECK(t.total.ncells == 15 && t.total.ncorrect == 4 && t.total.nfast10 == 4 && t.total.nfast15 == 2);
    NEAR(t.total.speedup, pow(7.5, 0.25));
    CHECK(t.level_sum[1].ncells == 15 && t.level_sum[1].ncorrect == 4);
    kc_score_write(&t, stdout);

    /* a selection restricts the cells; baselines alone score speedup 1 */
    const kc_task *st[1] = {kc_task_find("softmax")};
    int sc[1] = {2};
    kc_score_select sel = {.n = 1, .task = st, .config = sc};
    CHECK(kc_score_aggregate(recs, "npu", &sel, &t, &err) == KC_OK);
    CHECK(t.ncells == 1 && !t.candidates && t.cells[0].correct);
    NEAR(t.cells[0].speedup, 1.0);
    CHECK(t.total.nfast10 == 1 && t.total.nfast15 == 0);
    /* ... and its seeds: a third seed nobody ran is a gap */
    const uint64_t seeds[3] = {1001, 1002, 1003};
    sel.nseeds = 3;
    sel.seeds = seeds;
    CHECK(kc_score_aggregate(recs, "npu", &sel, &t, &err) == KC_OK);
    CHECK(t.ncells == 1 && !t.cells[0].correct && !strcmp(t.cells[0].status, "gap 2/3 seeds"));
    CHECK(t.total.ncorrect == 0);
    json_decref(recs);
    return 0;
}

/* One line at a time, as the fuzz target and the loader call it. */
static int test_parse(void)
{
    static const struct {
        const char *line;
        kc_status want;
    } cases[] = {
        {"{\"platform\":\"npu\",\"task\":\"relu\",\"config\":1,\"seed\":7,\"kernel_hash\":\"h\",\"status\":\"crash\","
         "\"correct\":false,\"signal\":\"SIGSEGV\",\"signal_number\":11}", KC_OK},
        {"{\"platform\":\"npu\",\"task\":\"relu\",\"config\":1,\"seed\":7,\"kernel_hash\":\"h\",\"status\":\"correct\","
         "\"correct\":true,\"cycles\":64}", KC_OK},
        {"{\"platform\":\"npu\",\"task\":\"relu\",\"config\":1,\"seed\":7,\"kernel_hash\":\"h\",\"status\":\"correct\","
         "\"correct\":true,\"cycles\":63}", KC_ERR_RANGE},
        {"{\"platform\":\"npu\",\"task\":\"relu\",\"config\":1,\"seed\":7,\"kernel_hash\":\"h\",\"status\":\"trap\","
         "\"correct\":false}", KC_ERR_RANGE},   /* ran, but no cycles */
        {"{\"platform\":\"npu\",\"task\":\"relu\",\"config\":1,\"seed\":-1,\"kernel_hash\":\"h\",\"status\":\"wrong\","
         "\"correct\":false,\"cycles\":5}", KC_ERR_RANGE},
        {"{\"platform\":\"npu\",\"task\":\"relu\",\"config\":1,\"seed\":7,\"kernel_hash\":\"h\",\"status\":\"wrong\","
         "\"correct\":false,\"cycles\":5,\"max_abs_err\":-1}", KC_ERR_RANGE},
        {"{\"platform\":\"npu\",\"task\":\"relu\",\"config\":1,\"seed\":7,\"kernel_hash\":\"h\",\"status\":\"bogus\","
         "\"correct\":false}", KC_ERR_RANGE},
        {"{\"platform\":\"vliw\",\"task\":\"t5_block\",\"config\":1,\"seed\":7,\"kernel_hash\":\"h\","
         "\"status\":\"no-baseline\",\"correct\":false,\"reason\":\"r\"}", KC_OK},
        {"{\"platform\":\"vliw\",\"task\":\"t5_block\",\"config\":1,\"seed\":7,\"kernel_hash\":\"h\","
         "\"status\":\"does-not-fit\",\"correct\":false,\"reason\":\"r\"}", KC_OK},
        {"[1,2]", KC_ERR_SYNTAX},
        {"{\"a\":1,\"a\":2}", KC_ERR_SYNTAX},
        {"", KC_ERR_SYNTAX},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        json_t *r = NULL;
        kc_err err;
        kc_err_clear(&err);
        kc_status got = kc_bench_parse_record(cases[i].line, strlen(cases[i].line), &r, &err);
        if (got != cases[i].want)
            fprintf(stderr, "case %zu: status %d, want %d (%s)\n", i, (int)got, (int)cases[i].want, err.text);
        CHECK(got == cases[i].want && (got == KC_OK) == (r != NULL));
        json_decref(r);
    }
    json_t *r = NULL;
    kc_err err;
    kc_err_clear(&err);
    CHECK(kc_bench_parse_record("{}\0x", 4, &r, &err) == KC_ERR_SYNTAX && !r);   /* a NUL inside the line */
    /* a baseline the compiler cannot emit: too large for the build, or none at all */
    CHECK(!strcmp(kc_bench_no_baseline_status(KC_ERR_RANGE), KC_BENCH_DOES_NOT_FIT));
    CHECK(!strcmp(kc_bench_no_baseline_status(KC_ERR_USAGE), KC_BENCH_NO_BASELINE));
    CHECK(kc_bench_is_no_baseline(KC_BENCH_DOES_NOT_FIT) && kc_bench_is_no_baseline(KC_BENCH_NO_BASELINE));
    CHECK(!kc_bench_is_no_baseline("wrong") && !kc_bench_is_no_baseline(NULL));
    return 0;
}

static void write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    fputs(text, f);
    fclose(f);
}

static int test_merge(const char *dir)
{
    char a[512], b[512], out[512];
    snprintf(a, sizeof a, "%s/merge_a.jsonl", dir);
    snprintf(b, sizeof b, "%s/merge_b.jsonl", dir);
    snprintf(out, sizeof out, "%s/merge_out.jsonl", dir);
#define R(seed, status, ok, cyc) \
    "{\"platform\":\"npu\",\"task\":\"relu\",\"config\":1,\"seed\":" #seed ",\"kernel_hash\":\"h\",\"status\":\"" \
    #status "\",\"correct\":" #ok ",\"cycles\":" #cyc "}\n"
    write_file(a, R(1, correct, true, 100) R(2, correct, true, 100) "{\"platform\":\"npu\",\"ta");
    write_file(b, R(2, correct, true, 100) R(3, correct, true, 100) R(1, wrong, false, 110));
    const char *in[2] = {a, b};
    kc_bench_merge_stats st;
    kc_err err;
    kc_err_clear(&err);
    CHECK(kc_bench_merge(out, in, 2, NULL, &st, &err) == KC_OK);
    CHECK(st.read == 5 && st.written == 3 && st.duplicates == 1 && st.conflicts == 1 && st.bad_lines == 1);
    json_t *recs;
    kc_bench_invalid bad;
    CHECK(kc_bench_load(out, &recs, &bad, &err) == KC_OK && bad.n == 0 && json_array_size(recs) == 3);
    CHECK(json_is_true(json_object_get(json_array_get(recs, 0), "correct")));   /* first wins */
    json_decref(recs);

    /* appending after a torn line starts a fresh line */
    int fd;
    CHECK(kc_bench_open_out(a, &fd, &err) == KC_OK);
    json_t *r = json_loads(R(4, correct, true, 100), 0, NULL);
    CHECK(kc_bench_append(fd, r, &err) == KC_OK);
    json_decref(r);
    close(fd);
    CHECK(kc_bench_load(a, &recs, &bad, &err) == KC_OK && bad.n == 1 && json_array_size(recs) == 3);
    json_decref(recs);

    /* a second writer of the same file is refused while the first holds it */
    int fd2 = -1;
    CHECK(kc_bench_open_out(a, &fd, &err) == KC_OK);
    kc_err_clear(&err);
    CHECK(kc_bench_open_out(a, &fd2, &err) == KC_ERR_IO && fd2 < 0 && strstr(err.text, "in use by another"));
    close(fd);
    kc_err_clear(&err);
    CHECK(kc_bench_open_out(a, &fd2, &err) == KC_OK);   /* released with the first descriptor */
    close(fd2);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc == 3 && !strcmp(argv[1], "table"))
        test_table(argv[2]);
    else if (argc == 3 && !strcmp(argv[1], "merge"))
        test_merge(argv[2]);
    else if (argc == 2 && !strcmp(argv[1], "parse"))
        test_parse();
    else {
        fprintf(stderr, "usage: test_bench table FILE | merge TMPDIR | parse\n");
        return 2;
    }
    if (failures)
        fprintf(stderr, "%d checks failed\n", failures);
    return failures ? 1 : 0;
}
