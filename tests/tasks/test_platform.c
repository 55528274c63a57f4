/* test_platform — the platform table (tasks/kc_platform.h) and the evaluation
 * context (tasks/kc_eval.h).
 *
 *   platform  every registered build is a platform named after it, with its
 *             family's row and peaks computed from its own parameters; the
 *             npu row at a second size (VLEN 32, MLEN 8) has peaks 32 / 256;
 *             variants are flagged and never the default; the build step
 *             gives an image with source lines, or a diagnostic.
 *   eval_ctx  evaluation is reentrant: two threads, each with its own
 *             kc_eval_ctx, evaluate interleaved jobs with different DRAM
 *             configurations at the same time and get exactly the results of
 *             the same jobs evaluated one by one (the old process-global DRAM
 *             cache was closed and reopened under the other thread's feet).
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "kc_eval.h"
#include "kc_platform.h"
#include "kc_test.h"
#include "npu_hw.h"
#include "npu/npu_platform.h"

static void test_platform(void)
{
    size_t n = 0;
    for (const kc_acc_ops *const *a = kc_acc_all(); *a; a++) {
        const kc_acc_ops *ops = *a;
        const kc_platform *p = kc_platform_find(ops->name);
        CHECK(p != NULL, "build %s is no platform", ops->name);
        if (!p)
            continue;
        n++;
        CHECK(!strcmp(p->name, ops->name) && p->model == ops && p->hw == ops->hw,
              "%s: identity", ops->name);
        const char *fam = ops->hw && ops->hw->family ? ops->hw->family : ops->name;
        CHECK(!strcmp(p->family->name, fam), "%s: family %s", ops->name, p->family->name);
        CHECK(p->variant == (strcmp(p->name, fam) != 0), "%s: variant flag", p->name);
        if (!strcmp(fam, "npu")) {
            npu_hw h;
            kc_err err;
            kc_err_clear(&err);
            CHECK(npu_hw_from(ops->hw, &h, &err) == KC_OK, "%s", err.text);
            CHECK(p->vec_peak == h.vlen && p->mac_peak == (double)h.mlen * h.vlen &&
                      p->nargs == h.naregs && p->max_insns == h.imem_words,
                  "%s: peaks %g %g %u from VLEN %u MLEN %u", p->name, p->vec_peak, p->mac_peak,
                  p->nargs, h.vlen, h.mlen);
        }
        if (!strcmp(fam, "vliw")) {   /* VLANES lanes and a vmmac (4 x VLANES MACs) per tile */
            long tiles = kc_hw_get(ops->hw, "ROWS", 0) * kc_hw_get(ops->hw, "COLS", 0);
            long lanes = kc_hw_get(ops->hw, "VLANES", 0);
            CHECK(tiles > 0 && p->vec_peak == lanes * tiles && p->mac_peak == 4 * lanes * tiles &&
                      p->max_insns == (size_t)kc_hw_get(ops->hw, "PM_BUNDLES", 0),
                  "%s: peaks %g %g from %ld tiles of %ld lanes", p->name, p->vec_peak, p->mac_peak, tiles, lanes);
        }
    }
    size_t all = 0;
    for (const kc_platform *const *p = kc_platform_all(); *p; p++)
        all++;
    CHECK(n >= 1 && all == n, "%zu platforms for %zu builds", all, n);
    CHECK(!kc_platform_problem()[0], "problem: %s", kc_platform_problem());
    const kc_platform *d = kc_platform_default();
    CHECK(d && !d->variant && kc_platform_find(d->name) == d, "default platform");
    CHECK(!kc_platform_find("no-such-platform") && !kc_platform_find(NULL), "unknown name");

    /* the npu row at the second size: peaks follow the parameters */
    static const kc_hw_param wide_rows[] = { { "VLEN", 32, NULL }, { "MLEN", 8, NULL },
                                             { "VROWS", 4096, NULL } };
    const kc_hw wide = { "npu_wide", "npu", 3, wide_rows };
    kc_platform_peaks pk;
    kc_err err;
    kc_err_clear(&err);
    CHECK(npu_platform_family.peaks(&wide, &pk, &err) == KC_OK && pk.vec_peak == 32 &&
              pk.mac_peak == 256 && pk.nargs == npu_hw_default()->naregs,
          "wide peaks %g %g %u", pk.vec_peak, pk.mac_peak, pk.nargs);
    CHECK(npu_platform_family.peaks(NULL, &pk, &err) == KC_OK && pk.vec_peak == npu_hw_default()->vlen &&
              pk.mac_peak == (double)npu_hw_default()->mlen * npu_hw_default()->vlen,
          "default peaks");
    static const kc_hw_param bad_rows[] = { { "VLEN", 24, NULL } };
    const kc_hw bad = { "npu_bad", "npu", 1, bad_rows };
    CHECK(npu_platform_family.peaks(&bad, &pk, &err) == KC_ERR_RANGE, "VLEN 24 accepted");

    /* the build step: an image with the source lines, or a diagnostic */
    const kc_platform *p = kc_platform_find("npu");
    CHECK(p != NULL, "npu platform");
    if (!p)
        return;
    kc_image img;
    kc_err_clear(&err);
    CHECK(kc_platform_build(p, "# comment\n  addi r1, r0, 5\n\n  halt\n", "k.s", &img, &err) == KC_OK,
          "build: %s", err.text);
    CHECK(kc_image_insns(&img) == 2 && kc_image_line(&img, 0) == 2 && kc_image_line(&img, 1) == 4 &&
              img.entry == 0,
          "image: %zu insns, lines %d %d", kc_image_insns(&img), kc_image_line(&img, 0),
          kc_image_line(&img, 1));
    char dis[80] = "";
    CHECK(p->disasm(p, &img, 1, dis, sizeof dis) && strstr(dis, "halt"), "disasm '%s'", dis);
    kc_image_free(&img);
    kc_err_clear(&err);
    CHECK(kc_platform_build(p, "  halt\n  bogus r1\n", "k.s", &img, &err) == KC_ERR_SYNTAX &&
              err.line == 2,
          "diagnostic line %d: %s", err.line, err.text);
    kc_image_free(&img);
}

/* ---- reentrant evaluation -------------------------------------------------------- */

typedef struct job {
    const char *task;
    int config;
    uint64_t seed;
    kc_dram_cfg dram;
} job;

static const job jobs[] = {
    { "relu", 1, 1, { 0, 0, 0 } },
    { "softmax", 2, 7, { 0, 40, 16 } },       /* another DRAM: the context reopens it */
    { "gemm", 1, 3, { 0, 0, 0 } },
    { "layernorm", 1, 5, { 0, 12, 8 } },
};
#define NJOBS (sizeof jobs / sizeof jobs[0])
#define ROUNDS 2

typedef struct outcome {
    int ok;
    int correct;
    uint64_t cycles;
    uint64_t counters[KC_MAX_COUNTERS];
    double max_abs;
} outcome;

static int eval_job(kc_eval_ctx *ctx, const job *j, outcome *o)
{
    const kc_platform *p = kc_platform_default();
    kc_eval_opts eo = { .platform = p->name, .task = j->task, .config = j->config, .seed = j->seed,
                        .dram = &j->dram };
    kc_eval_result *r = malloc(sizeof *r);
    kc_err err;
    kc_err_clear(&err);
    memset(o, 0, sizeof *o);
    if (!r || kc_eval_baseline(ctx, &eo, r, &err) != KC_OK) {
        fprintf(stderr, "%s C%d: %s\n", j->task, j->config, err.text);
        free(r);
        return 0;
    }
    o->ok = 1;
    o->correct = r->correct;
    o->cycles = r->cycles;
    memcpy(o->counters, r->counters, sizeof o->counters);
    o->max_abs = r->check.max_abs;
    free(r);
    return 1;
}

typedef struct worker {
    size_t first;               /* the job it starts with: the two threads are out of step */
    outcome got[ROUNDS][NJOBS];
} worker;

static void *worker_main(void *arg)
{
    worker *w = arg;
    kc_eval_ctx *ctx = NULL;
    kc_err err;
    kc_err_clear(&err);
    if (kc_eval_ctx_open(&ctx, &err) != KC_OK)
        return NULL;
    for (int r = 0; r < ROUNDS; r++)
        for (size_t k = 0; k < NJOBS; k++) {
            size_t j = (w->first + k) % NJOBS;
            eval_job(ctx, &jobs[j], &w->got[r][j]);
        }
    kc_eval_ctx_close(ctx);
    return NULL;
}

static int same(const outcome *a, const outcome *b)
{
    return a->ok && b->ok && a->correct == b->correct && a->cycles == b->cycles &&
           !memcmp(a->counters, b->counters, sizeof a->counters) && a->max_abs == b->max_abs;
}

static void test_eval_ctx(void)
{
    /* the reference: each job alone, in a context of its own */
    outcome want[NJOBS];
    for (size_t j = 0; j < NJOBS; j++) {
        kc_eval_ctx *ctx = NULL;
        kc_err err;
        kc_err_clear(&err);
        CHECK(kc_eval_ctx_open(&ctx, &err) == KC_OK, "open");
        CHECK(eval_job(ctx, &jobs[j], &want[j]) && want[j].correct, "%s alone", jobs[j].task);
        kc_eval_ctx_close(ctx);
    }
    worker w[2];
    memset(w, 0, sizeof w);
    w[1].first = 1;
    pthread_t th[2];
    for (int i = 0; i < 2; i++)
        CHECK(pthread_create(&th[i], NULL, worker_main, &w[i]) == 0, "thread");
    for (int i = 0; i < 2; i++)
        pthread_join(th[i], NULL);
    for (int i = 0; i < 2; i++)
        for (int r = 0; r < ROUNDS; r++)
            for (size_t j = 0; j < NJOBS; j++)
                CHECK(same(&w[i].got[r][j], &want[j]),
                      "thread %d round %d %s: cycles %llu vs %llu, correct %d", i, r, jobs[j].task,
                      (unsigned long long)w[i].got[r][j].cycles, (unsigned long long)want[j].cycles,
                      w[i].got[r][j].correct);
    kc_err err;
    kc_err_clear(&err);
    kc_eval_result res;
    kc_eval_opts eo = { .platform = kc_platform_default()->name, .task = "relu", .config = 1 };
    CHECK(kc_eval_baseline(NULL, &eo, &res, &err) == KC_ERR_USAGE, "no context accepted");
    kc_eval_ctx_close(NULL);
}

int main(int argc, char **argv)
{
    static const kc_test_group groups[] = {
        { "platform", test_platform },
        { "eval_ctx", test_eval_ctx },
    };
    return kc_test_main("test_platform", argc, argv, groups, sizeof groups / sizeof groups[0]);
}
