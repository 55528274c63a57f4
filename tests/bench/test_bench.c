/* test_bench — the aggregation (x/5, speedup, efficiency, fast_p, subtotals) on a
 * hand-written records file with hand-computed answers, and kc_bench_merge on
 * shard files with duplicates, a conflict and a torn line. */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "kc_bench.h"

static int failures;

#define CHECK(cond)                                                                  \
    do {                                                                             \
        if (!(cond)) {                                                               \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
            failures++;                                                              \
        }                                                                            \
    } while (0)
#define NEAR(a, b) CHECK(fabs((a) - (b)) < 1e-9 * (1 + fabs(b)))

static const kc_bench_cell *cell(const kc_bench_table *t, const char *task, int config)
{
    for (size_t i = 0; i < t->ncells; i++)
        if (!strcmp(t->cells[i].task->name, task) && t->cells[i].config == config)
            return &t->cells[i];
    return NULL;
}

static const kc_bench_sum *task_sum(const kc_bench_table *t, const char *task)
{
    for (size_t i = 0; i < t->ntasks; i++)
        if (!strcmp(t->tasks[i]->name, task))
            return &t->task_sum[i];
    return NULL;
}

static int test_table(const char *path)
{
    json_t *recs;
    size_t bad;
    kc_err err;
    kc_err_clear(&err);
    CHECK(kc_bench_load(path, &recs, &bad, &err) == KC_OK);
    CHECK(bad == 2);                       /* "not json at all" and the torn last line */
    CHECK(json_array_size(recs) == 17);
    static kc_bench_table t;
    CHECK(kc_bench_aggregate(recs, "npu", NULL, &t, &err) == KC_OK);
    CHECK(t.candidates == 1);
    CHECK(t.ncells == 6);
    const kc_bench_cell *c;
    CHECK((c = cell(&t, "relu", 1)) && c->correct && c->nseeds == 2);   /* duplicate seed 1002 dropped */
    if (c) {
        NEAR(c->speedup, 2.0);
        NEAR(c->efficiency, 0.5);
        NEAR(c->max_abs, 0.002);
    }
    CHECK((c = cell(&t, "relu", 2)) && c->correct);
    if (c)
        NEAR(c->speedup, 1.25);
    CHECK((c = cell(&t, "relu", 3)) && !c->correct && !strcmp(c->status, "wrong") && c->speedup == 0);
    CHECK((c = cell(&t, "softmax", 1)) && c->correct);   /* the later kernel k9, not k0 */
    if (c)
        NEAR(c->speedup, 1.0);
    CHECK((c = cell(&t, "softmax", 2)) && !c->correct && !strcmp(c->status, "missing"));
    CHECK((c = cell(&t, "gemv", 1)) && c->correct);      /* agent record: mean of seed_results */
    if (c) {
        NEAR(c->cycles, 100.0);
        NEAR(c->speedup, 3.0);
    }
    const kc_bench_sum *s = task_sum(&t, "relu");
    CHECK(s && s->ncorrect == 2 && s->ncells == 3 && s->nfast10 == 2 && s->nfast15 == 1);
    if (s) {
        NEAR(s->speedup, sqrt(2.5));
        NEAR(s->mean_cycles, 105.0);
        NEAR(s->efficiency, 0.375);
    }
    CHECK((s = task_sum(&t, "softmax")) && s->ncorrect == 1 && s->ncells == 2 && s->nfast10 == 1 && !s->nfast15);
    CHECK(t.total.ncells == 6 && t.total.ncorrect == 4 && t.total.nfast10 == 4 && t.total.nfast15 == 2);
    NEAR(t.total.speedup, pow(7.5, 0.25));
    CHECK(t.level_sum[1].ncells == 6 && t.level_sum[1].ncorrect == 4);

    /* a selection restricts the cells; baselines alone score speedup 1 */
    const kc_task *st[1] = {kc_task_find("softmax")};
    int sc[1] = {2};
    kc_bench_select sel = {1, st, sc};
    CHECK(kc_bench_aggregate(recs, "npu", &sel, &t, &err) == KC_OK);
    CHECK(t.ncells == 1 && !t.candidates && t.cells[0].correct);
    NEAR(t.cells[0].speedup, 1.0);
    CHECK(t.total.nfast10 == 1 && t.total.nfast15 == 0);
    kc_bench_table_write(&t, stdout);
    json_decref(recs);
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
#define R(seed, ok, cyc) \
    "{\"platform\":\"npu\",\"task\":\"relu\",\"config\":1,\"seed\":" #seed ",\"kernel_hash\":\"h\",\"correct\":" #ok ",\"cycles\":" #cyc "}\n"
    write_file(a, R(1, true, 10) R(2, true, 10) "{\"platform\":\"npu\",\"ta");
    write_file(b, R(2, true, 10) R(3, true, 10) R(1, false, 11));
    const char *in[2] = {a, b};
    kc_bench_merge_stats st;
    kc_err err;
    kc_err_clear(&err);
    CHECK(kc_bench_merge(out, in, 2, NULL, &st, &err) == KC_OK);
    CHECK(st.read == 5 && st.written == 3 && st.duplicates == 1 && st.conflicts == 1 && st.bad_lines == 1);
    json_t *recs;
    size_t bad;
    CHECK(kc_bench_load(out, &recs, &bad, &err) == KC_OK && bad == 0 && json_array_size(recs) == 3);
    CHECK(json_is_true(json_object_get(json_array_get(recs, 0), "correct")));   /* first wins */
    json_decref(recs);

    /* appending after a torn line starts a fresh line */
    int fd;
    CHECK(kc_bench_open_out(a, &fd, &err) == KC_OK);
    json_t *r = json_loads(R(4, true, 10), 0, NULL);
    CHECK(kc_bench_append(fd, r, &err) == KC_OK);
    json_decref(r);
    close(fd);
    CHECK(kc_bench_load(a, &recs, &bad, &err) == KC_OK && bad == 1 && json_array_size(recs) == 3);
    json_decref(recs);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc == 3 && !strcmp(argv[1], "table"))
        test_table(argv[2]);
    else if (argc == 3 && !strcmp(argv[1], "merge"))
        test_merge(argv[2]);
    else {
        fprintf(stderr, "usage: test_bench table FILE | merge TMPDIR\n");
        return 2;
    }
    if (failures)
        fprintf(stderr, "%d checks failed\n", failures);
    return failures ? 1 : 0;
}
