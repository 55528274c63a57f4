/* kc_campaign.c — the generic random co-simulation campaign (see kc_campaign.h). */
#include "kc_campaign.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double campaign_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* The caller's DRAM fields, else rotating with the seed (several latencies and bandwidths). */
static kc_dram_cfg campaign_dram(const kc_campaign_opts *o, uint64_t seed)
{
    static const unsigned lats[] = {1, 2, 5, 16, 64};
    static const unsigned bws[] = {4, 16, 32, 64};
    kc_dram_cfg dc = o->dram;
    if (!dc.size_bytes)
        dc.size_bytes = o->rgen->dram_bytes ? o->rgen->dram_bytes : 256u << 10;
    if (!dc.latency)
        dc.latency = lats[seed % 5];
    if (!dc.bytes_per_cycle)
        dc.bytes_per_cycle = bws[(seed / 5) % 4];
    return dc;
}

static int campaign_keep(const char *dir, uint64_t seed, const kc_rgen_prog *rp, const kc_dram_cfg *dc,
                         const kc_cosim_report *rep, char *path, size_t size)
{
    snprintf(path, size, "%s/seed-%" PRIu64 ".s", dir, seed);
    FILE *f = fopen(path, "w");
    if (!f)
        return 0;
    fprintf(f, "# cosim regression case: kc cosim --random --seed %" PRIu64 " --count 1\n", seed);
    fprintf(f, "# %s\n", rep->text);
    fprintf(f, "# cosim: expect=diverge dram-seed=%" PRIu64 " dram-bytes=%" PRIu32 " latency=%u bw=%u args=",
            seed, dc->size_bytes, dc->latency, dc->bytes_per_cycle);
    for (size_t i = 0; i < rp->nargs; i++)
        fprintf(f, "%s0x%" PRIx32, i ? "," : "", rp->args[i]);
    fprintf(f, "\n%s", rp->text);
    return fclose(f) == 0;
}

static void campaign_count(const kc_campaign_opts *o, kc_campaign_report *r, uint64_t seed,
                           const kc_rgen_prog *rp, const kc_dram_cfg *dc, const kc_cosim_report *rep)
{
    char path[1024];
    kc_campaign_program p = {seed, rep, rp->trap, rp->text, NULL};
    r->programs++;
    r->retired += rep->retired;
    r->cycles += rep->cycles;
    if (rep->diverged) {
        r->diverged++;
        if (o->keep_dir && campaign_keep(o->keep_dir, seed, rp, dc, rep, path, sizeof path))
            p.kept = path;
    } else if (rep->timeout) {
        r->timeouts++;
    } else if (rep->rtl_state == KC_CORE_TRAPPED) {
        if (rep->rtl_status.cause < KC_CAMPAIGN_MAX_TRAPS)
            r->traps[rep->rtl_status.cause]++;
        r->unexpected_end += rep->rtl_status.cause != (unsigned)rp->trap;
    } else {
        r->halted++;
        r->unexpected_end += rp->trap != 0;
    }
    if (o->on_program)
        o->on_program(o->ctx, &p);
}

/* One program: generate, build, fill DRAM, co-simulate. */
static kc_status campaign_one(const kc_campaign_opts *o, kc_campaign_report *r, void *model, uint64_t seed,
                              kc_err *err)
{
    kc_dram_cfg dc = campaign_dram(o, seed);
    kc_rgen_prog rp;
    memset(&rp, 0, sizeof rp);
    kc_image img;
    kc_image_init(&img, 1, 4);
    kc_dram *dram = NULL;
    double t0 = campaign_now();
    kc_status s = o->program ? o->program(o->program_ctx, seed, o->model->hw, dc.size_bytes, &rp, err)
                             : o->rgen->program(seed, o->model->hw, dc.size_bytes, &rp, err);
    if (s == KC_OK && (s = o->build(o->build_ctx, rp.text, &img, err)) == KC_ERR_SYNTAX)
        r->failed_text = strdup(rp.text);
    r->build_seconds += campaign_now() - t0;
    if (s == KC_OK)
        s = kc_dram_open(&dram, &dc, o->model->beat_bytes, err);
    if (s == KC_OK) {
        o->rgen->fill_dram(seed, kc_dram_data(dram), dc.size_bytes);
        kc_cosim_opts co = {.cycle_limit = o->cycle_limit ? o->cycle_limit : 2000000,
                            .insn_counts = r->insn_counts, .ninsn_counts = r->nrows};
        kc_cosim_report rep;
        s = kc_cosim_run(o->model, model, o->ref, dram, &img, rp.args, rp.nargs, &co, &rep, err);
        if (s == KC_OK)
            campaign_count(o, r, seed, &rp, &dc, &rep);
    }
    free(rp.text);
    kc_image_free(&img);
    if (dram)
        kc_dram_close(dram);
    return s;
}

kc_status kc_campaign_run(const kc_campaign_opts *o, kc_campaign_report *r, kc_err *err)
{
    memset(r, 0, sizeof *r);
    if (!o->model || !o->ref || !o->rgen || !o->build)
        return kc_err_set(err, KC_ERR_USAGE, "campaign: no model, reference, generator or build");
    r->nrows = o->nrows;
    if (!(r->insn_counts = calloc(o->nrows ? o->nrows : 1, sizeof *r->insn_counts)))
        return kc_err_set(err, KC_ERR_NOMEM, "out of memory");
    void *model = NULL;
    kc_status s = o->model->open(&model, err);
    double t0 = campaign_now();
    for (uint64_t i = 0; s == KC_OK && i < o->count; i++) {
        uint64_t seed = o->seed + i;
        if (o->fresh_model) {
            o->model->close(model);
            model = NULL;
            if ((s = o->model->open(&model, err)) != KC_OK)
                break;
        }
        kc_err one;
        kc_err_clear(&one);
        if ((s = campaign_one(o, r, model, seed, &one)) != KC_OK) {
            r->failed_seed = seed;
            char buf[800];
            kc_err_set(err, s, "seed %" PRIu64 ": %s", seed, kc_err_format(&one, buf, sizeof buf));
        }
    }
    r->seconds = campaign_now() - t0;
    if (model)
        o->model->close(model);
    return s;
}

void kc_campaign_report_free(kc_campaign_report *r)
{
    free(r->insn_counts);
    free(r->failed_text);
    r->insn_counts = NULL;
    r->failed_text = NULL;
}
