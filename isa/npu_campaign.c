/* npu_campaign.c — the random co-simulation campaign (see npu_campaign.h). The
 * calls into the generator, the assembler and the co-simulator are all in
 * campaign_one, so a change of their interfaces is one edit here. */
#include "npu_campaign.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "kc_acc.h"
#include "kc_asm.h"
#include "npu_iss.h"
#include "npu_rgen.h"

static double campaign_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* The DRAM of a program: the caller's fields, else rotating with the seed so a
 * campaign covers several latencies and bandwidths. */
static kc_dram_cfg campaign_dram(const npu_campaign_opts *o, uint64_t seed)
{
    static const unsigned lats[] = {1, 2, 5, 16, 64};
    static const unsigned bws[] = {4, 16, 32, 64};
    kc_dram_cfg dc = o->dram;
    if (!dc.size_bytes)
        dc.size_bytes = 256u << 10;
    if (!dc.latency)
        dc.latency = lats[seed % 5];
    if (!dc.bytes_per_cycle)
        dc.bytes_per_cycle = bws[(seed / 5) % 4];
    return dc;
}

/* Writes DIR/seed-S.s: the program with a header that replays it (kc cosim FILE). */
static int campaign_keep(const char *dir, uint64_t seed, const npu_rgen_prog *rp, const kc_dram_cfg *dc,
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
    for (int i = 0; i < 8; i++)
        fprintf(f, "%s0x%" PRIx32, i ? "," : "", rp->args[i]);
    fprintf(f, "\n%s", rp->text);
    return fclose(f) == 0;
}

/* One program: generate, assemble, fill DRAM, co-simulate, keep when it diverges. */
static kc_status campaign_one(const npu_campaign_opts *o, npu_campaign_report *r, const kc_acc_ops *ops,
                              void *model, uint64_t seed, kc_err *err)
{
    kc_dram_cfg dc = campaign_dram(o, seed);
    npu_hw hw;
    kc_status s = npu_hw_from(ops->hw, &hw, err);
    if (s != KC_OK)
        return s;
    npu_rgen_opts ro = {.dram_bytes = dc.size_bytes, .blocks = 0, .trap = -1, .avoid = o->avoid,
                       .matrix = o->matrix, .hw = &hw};
    npu_rgen_prog rp;
    kc_program prog = {0};
    kc_dram *dram = NULL;
    kc_cosim_report rep;
    s = npu_rgen_program(seed, &ro, &rp, err);
    if (s == KC_OK && (s = kc_asm_assemble(r->isa, rp.text, "random", &prog, err)) == KC_ERR_SYNTAX)
        r->failed_text = strdup(rp.text);
    if (s == KC_OK)
        s = kc_dram_open(&dram, &dc, ops->beat_bytes, err);
    if (s == KC_OK) {
        npu_rgen_fill_dram(seed, kc_dram_data(dram), dc.size_bytes);
        kc_cosim_opts co = {.cycle_limit = o->cycle_limit ? o->cycle_limit : 2000000,
                            .insn_counts = r->insn_counts};
        kc_image img;
        if ((s = kc_image_from_words(&img, prog.words, prog.nwords, NULL, err)) == KC_OK)
            s = kc_cosim_run(ops, model, &npu_iss_ref, dram, &img, rp.args, rp.nargs, &co, &rep, err);
        kc_image_free(&img);
    }
    if (s == KC_OK) {
        char path[1024];
        npu_campaign_program p = {seed, &rep, NULL};
        r->programs++;
        r->retired += rep.retired;
        r->cycles += rep.cycles;
        if (rep.diverged) {
            r->diverged++;
            if (o->keep_dir && campaign_keep(o->keep_dir, seed, &rp, &dc, &rep, path, sizeof path))
                p.kept = path;
        } else if (rep.timeout)
            r->timeouts++;
        else if (rep.rtl_state == KC_CORE_TRAPPED && rep.rtl_status.cause < r->ntraps)
            r->traps[rep.rtl_status.cause]++;
        else
            r->halted++;
        if (o->on_program)
            o->on_program(o->ctx, &p);
    }
    npu_rgen_prog_free(&rp);
    kc_program_free(&prog);
    if (dram)
        kc_dram_close(dram);
    return s;
}

kc_status npu_campaign_run(const npu_campaign_opts *o, npu_campaign_report *r, kc_err *err)
{
    memset(r, 0, sizeof *r);
    r->ntraps = NPU_ISS_NTRAPS < NPU_CAMPAIGN_MAX_TRAPS ? NPU_ISS_NTRAPS : NPU_CAMPAIGN_MAX_TRAPS;
    const kc_acc_ops *ops = o->model ? kc_acc_find(o->model) : NULL;
    r->isa = o->isa ? kc_isa_find(o->isa) : NULL;
    if (!ops || !r->isa)
        return kc_err_set(err, KC_ERR_USAGE, "the %s model or ISA table is not available",
                          o->model ? o->model : "(no)");
    r->insn_counts = calloc(r->isa->ninsns ? r->isa->ninsns : 1, sizeof *r->insn_counts);
    if (!r->insn_counts)
        return kc_err_set(err, KC_ERR_NOMEM, "out of memory");
    void *model = NULL;
    kc_status s = ops->open(&model, err);
    double t0 = campaign_now();
    for (uint64_t i = 0; s == KC_OK && i < o->count; i++) {
        uint64_t seed = o->seed + i;
        if (o->fresh_model) {
            ops->close(model);
            model = NULL;
            if ((s = ops->open(&model, err)) != KC_OK)
                break;
        }
        kc_err one;
        kc_err_clear(&one);
        if ((s = campaign_one(o, r, ops, model, seed, &one)) != KC_OK) {
            r->failed_seed = seed;
            char buf[800];
            kc_err_set(err, s, "seed %" PRIu64 ": %s", seed, kc_err_format(&one, buf, sizeof buf));
        }
    }
    r->seconds = campaign_now() - t0;
    if (model)
        ops->close(model);
    return s;
}

size_t npu_campaign_unexercised(const npu_campaign_report *r)
{
    size_t n = 0;
    for (size_t k = 0; r->isa && r->insn_counts && k < r->isa->ninsns; k++)
        n += !r->insn_counts[k];
    return n;
}

void npu_campaign_report_free(npu_campaign_report *r)
{
    free(r->insn_counts);
    free(r->failed_text);
    r->insn_counts = NULL;
    r->failed_text = NULL;
}
