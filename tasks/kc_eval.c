/* kc_eval.c — the evaluation pipeline (see kc_eval.h). */
#include "kc_eval.h"

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/types.h>
#include <time.h>

#include "kc_itrace.h"
#include "kc_platform.h"

uint64_t kc_eval_hash(const char *text)
{
    uint64_t h = 0xcbf29ce484222325ull;
    for (const char *p = text; *p; p++)
        h = (h ^ (uint8_t)*p) * 0x100000001b3ull;
    return h;
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* What a caller's evaluations reuse (kc_eval.h).
 *
 * The DRAM is kept while consecutive evaluations ask for the same DRAM
 * configuration: a fresh 64 MiB allocation costs far more in page faults
 * (~0.3 s) than most kernels take to simulate. Nothing leaks between
 * evaluations: the image is rewritten (kc_check_refill: the whole image, or up to
 * the previous image's last tensor when its check verified every byte past it
 * still held the sentinel — rewriting 64 MiB costs 10-150 ms, more than many
 * simulations) and the write map is reset.
 *
 * The model instance is NOT kept: a reset clears the core and the instruction
 * memory but not the on-chip SRAMs (RAMs, as in silicon), so a kernel that
 * reads a row it never wrote would see what the previous evaluation left there,
 * and a record would depend on which jobs its worker ran before. A fresh
 * instance costs ~9 ms (open + close, measured); once a model can clear its
 * memories at reset, the instance can live here too. */
struct kc_eval_ctx {
    kc_dram *dram;
    kc_dram_cfg cfg;      /* as requested (zero fields = defaults) */
    unsigned beat_bytes;
    size_t sentinel_from; /* dram's bytes from here on hold the sentinel (0: not known) */
};

kc_status kc_eval_ctx_open(kc_eval_ctx **out, kc_err *err)
{
    *out = calloc(1, sizeof **out);
    if (!*out)
        return kc_err_set(err, KC_ERR_NOMEM, "eval: out of memory");
    return KC_OK;
}

void kc_eval_ctx_close(kc_eval_ctx *ctx)
{
    if (!ctx)
        return;
    if (ctx->dram)
        kc_dram_close(ctx->dram);
    free(ctx);
}

static kc_status dram_acquire(kc_eval_ctx *ctx, const kc_dram_cfg *want, unsigned beat_bytes,
                              kc_dram **out, kc_err *err)
{
    kc_dram_cfg cfg = want ? *want : (kc_dram_cfg){0, 0, 0};
    if (ctx->dram && ctx->beat_bytes == beat_bytes && !memcmp(&ctx->cfg, &cfg, sizeof cfg)) {
        kc_dram_reset(ctx->dram);
        *out = ctx->dram;
        return KC_OK;
    }
    ctx->sentinel_from = 0;
    if (ctx->dram)
        kc_dram_close(ctx->dram);
    ctx->dram = NULL;
    kc_status s = kc_dram_open(&ctx->dram, &cfg, beat_bytes, err);
    if (s != KC_OK)
        return s;
    ctx->cfg = cfg;
    ctx->beat_bytes = beat_bytes;
    *out = ctx->dram;
    return KC_OK;
}

/* Resources of one evaluation, released together (the DRAM belongs to the
 * kc_eval_ctx). */
typedef struct eval_run {
    kc_task_inst inst;
    kc_dram *dram;
    kc_image img;
    const kc_acc_ops *ops;
    void *model;
} eval_run;

static void run_free(eval_run *c)
{
    if (c->model)
        c->ops->close(c->model);
    kc_image_free(&c->img);
    kc_task_inst_free(&c->inst);
}

static kc_status lookup(const kc_eval_opts *o, const kc_platform **p, const kc_task **t,
                        kc_err *err)
{
    if (!o || !o->platform || !o->task)
        return kc_err_set(err, KC_ERR_USAGE, "eval: platform and task are required");
    if (!(*p = kc_platform_find(o->platform)))
        return kc_err_set(err, KC_ERR_USAGE, "eval: unknown platform '%s'", o->platform);
    if (!(*t = kc_task_find(o->task)))
        return kc_err_set(err, KC_ERR_USAGE, "eval: unknown task '%s'", o->task);
    if (o->config < 1 || o->config > KC_TASK_NCONFIGS)
        return kc_err_set(err, KC_ERR_USAGE, "eval: config %d does not exist (use 1..%d)",
                          o->config, KC_TASK_NCONFIGS);
    return KC_OK;
}

/* Status precedence: assembler, trap, timeout, writes outside outputs, values. */
static kc_eval_status verdict(const kc_eval_result *r)
{
    if (!r->assembled)
        return KC_EVAL_ASSEMBLE_ERROR;
    if (r->sim == KC_SIM_TRAPPED)
        return KC_EVAL_TRAP;
    if (r->sim == KC_SIM_TIMEOUT)
        return KC_EVAL_TIMEOUT;
    if (r->check.oob)
        return r->check.oob_written ? KC_EVAL_WRITE_OUTSIDE : KC_EVAL_OUT_OF_BOUNDS;
    return r->check.correct ? KC_EVAL_CORRECT : KC_EVAL_WRONG;
}

static kc_status run(kc_eval_ctx *ctx, const kc_eval_opts *o, const kc_platform *p, const kc_task *t,
                     const char *src, eval_run *c, kc_eval_result *r, kc_err *err)
{
    kc_status s;
    double t0 = now();
    if (!(c->ops = p->model))
        return kc_err_set(err, KC_ERR_USAGE, "eval: no simulation model '%s' is built", p->acc);
    if ((s = kc_task_inst_make(&c->inst, t, o->config, p->dtype, o->seed, err)) != KC_OK)
        return s;
    if (c->inst.shape.ntensors > p->nargs)
        return kc_err_set(err, KC_ERR_INTERNAL, "eval: task %s has more tensors than %s has "
                          "argument registers", t->name, p->name);
    if ((s = dram_acquire(ctx, o->dram, c->ops->beat_bytes, &c->dram, err)) != KC_OK)
        return s;
    uint32_t size = kc_dram_config(c->dram)->size_bytes;
    if ((s = kc_check_layout(&c->inst, size, p->align, &r->layout, err)) != KC_OK)
        return s;
    /* Not known again until this evaluation's check has looked. */
    size_t clean = ctx->sentinel_from ? ctx->sentinel_from : size;
    ctx->sentinel_from = 0;
    kc_check_refill(&c->inst, &r->layout, kc_dram_data(c->dram), size, clean);
    for (unsigned i = 0; i < c->inst.shape.ntensors; i++)
        r->tensor_names[i] = c->inst.shape.t[i].name;
    r->flops = c->inst.shape.vec_flops + c->inst.shape.mac_flops;
    r->dram_bytes = c->inst.dram_bytes;
    r->ideal_cycles = kc_platform_ideal_cycles(p, &c->inst);
    double t1 = now();
    r->t_setup = t1 - t0;

    kc_err aerr;
    kc_err_clear(&aerr);
    s = kc_platform_build(p, src, r->kernel_name, &c->img, &aerr);
    r->t_assemble = now() - t1;
    if (s != KC_OK) {
        if (s == KC_ERR_NOMEM || s == KC_ERR_INTERNAL || s == KC_ERR_IO)
            return kc_err_set(err, s, "%s", aerr.text);
        kc_err_format(&aerr, r->diagnostic, sizeof r->diagnostic);
        r->diag_line = aerr.line;
        r->diag_col = aerr.col;
        return KC_OK;
    }
    r->assembled = 1;
    r->program_words = kc_image_insns(&c->img);

    double t2 = now();
    if (!o->sim && (s = c->ops->open(&c->model, err)) != KC_OK)
        return s;
    uint32_t args[KC_TASK_MAX_TENSORS] = { 0 };
    for (unsigned i = 0; i < r->layout.ntensors; i++)
        args[i] = p->dram_base + r->layout.addr[i];   /* offsets as the kernel addresses DRAM */
    r->cycle_limit = o->cycle_limit ? o->cycle_limit : kc_eval_cycle_limit(r->ideal_cycles);
    kc_sim_opts so = { .cycle_limit = r->cycle_limit, .trace = o->trace, .stalls = o->stalls };
    kc_itrace *it = NULL;
    if (o->insn_trace) {
        char what[64];
        snprintf(what, sizeof what, "task %s C%d seed %" PRIu64, t->name, o->config, o->seed);
        if ((s = kc_itrace_open(&it, o->insn_trace, p, &c->img, r->kernel_name, what, err)) != KC_OK)
            return s;
        so.on_issue = kc_itrace_issue;
        so.issue_ctx = it;
    }
    kc_sim_report rep;
    s = (o->sim ? o->sim : kc_sim_run)(c->ops, c->model, c->dram, &c->img, args, r->layout.ntensors, &so,
                                       &rep, err);
    kc_err terr;   /* a trace that could not be written is an error after the run's own */
    kc_err_clear(&terr);
    if (kc_itrace_close(it, &terr) != KC_OK && s == KC_OK) {
        *err = terr;
        s = terr.code;
    }
    r->t_sim = now() - t2;
    if (s != KC_OK)
        return s;
    r->sim = rep.result;
    r->cycles = rep.cycles;
    r->ncounters = rep.ncounters;
    r->counter_names = rep.counter_names;
    memcpy(r->counters, rep.counters, sizeof r->counters);
    r->nunits = rep.nunits;
    r->nunit_counters = rep.nunit_counters;
    r->unit_counter_names = rep.unit_counter_names;
    memcpy(r->unit_counters, rep.unit_counters, sizeof r->unit_counters);
    r->dram_read_bytes = rep.dram_read_bytes;
    r->dram_write_bytes = rep.dram_write_bytes;
    if (rep.result == KC_SIM_TRAPPED) {
        r->trap_cause = rep.status.cause;
        snprintf(r->trap_name, sizeof r->trap_name, "%s",
                 rep.status.cause_name ? rep.status.cause_name : "trap");
        r->trap_pc = rep.status.pc;
        r->trap_info = rep.status.info;
    }

    double t3 = now();
    kc_dram_wmap written;
    kc_dram_written(c->dram, &written);
    kc_check_run(&c->inst, &r->layout, kc_dram_data(c->dram), size, &written, &r->check);
    ctx->sentinel_from = kc_check_sentinel_from(&r->layout, &r->check, size);
    r->t_check = now() - t3;
    return KC_OK;
}

const uint64_t kc_eval_hidden_seeds[KC_EVAL_NHIDDEN] = { 1001, 1002, 1003 };

uint64_t kc_eval_cycle_limit(double ideal_cycles)
{
    double scaled = KC_EVAL_LIMIT_FACTOR * ideal_cycles;
    if (!(scaled > (double)KC_EVAL_LIMIT_FLOOR))   /* also a NaN ideal */
        return KC_EVAL_LIMIT_FLOOR;
    return scaled < 0x1p62 ? (uint64_t)scaled : (uint64_t)1 << 62;
}

kc_status kc_eval_fresh_seeds(uint64_t *out, size_t n, uint64_t avoid, kc_err *err)
{
    if (n > KC_EVAL_MAX_SEEDS)
        return kc_err_set(err, KC_ERR_USAGE, "eval: %zu fresh seeds asked for (at most %d)", n,
                          KC_EVAL_MAX_SEEDS);
    const uint64_t mask = (UINT64_C(1) << 48) - 1;
    for (size_t i = 0; i < n;) {
        uint64_t v;
        ssize_t got;
        do
            got = getrandom(&v, sizeof v, 0);
        while (got < 0 && errno == EINTR);
        if (got != (ssize_t)sizeof v)
            return kc_err_set(err, KC_ERR_IO, "eval: getrandom: %s",
                              got < 0 ? strerror(errno) : "short read");
        v &= mask;
        int dup = v == 0 || v == avoid;
        for (size_t k = 0; k < i && !dup; k++)
            dup = out[k] == v;
        if (!dup)
            out[i++] = v;
    }
    return KC_OK;
}

kc_status kc_eval_run(kc_eval_ctx *ctx, const kc_eval_opts *o, const char *src,
                      const char *kernel_name, kc_eval_result *r, kc_err *err)
{
    const kc_platform *p = NULL;
    const kc_task *t = NULL;
    memset(r, 0, sizeof *r);
    kc_status s = lookup(o, &p, &t, err);
    if (s != KC_OK)
        return s;
    if (!src)
        return kc_err_set(err, KC_ERR_USAGE, "eval: no kernel text");
    if (!ctx)
        return kc_err_set(err, KC_ERR_USAGE, "eval: no evaluation context");
    snprintf(r->platform, sizeof r->platform, "%s", p->name);
    snprintf(r->task, sizeof r->task, "%s", t->name);
    snprintf(r->kernel_name, sizeof r->kernel_name, "%s", kernel_name ? kernel_name : "kernel");
    r->config = o->config;
    r->seed = o->seed;
    r->kernel_hash = kc_eval_hash(src);

    eval_run c;
    memset(&c, 0, sizeof c);
    s = run(ctx, o, p, t, src, &c, r, err);
    run_free(&c);
    if (s != KC_OK)
        return s;
    r->status = verdict(r);
    r->correct = r->status == KC_EVAL_CORRECT;
    r->efficiency = r->correct && r->cycles ? r->ideal_cycles / (double)r->cycles : 0.0;
    return KC_OK;
}

kc_status kc_eval_baseline(kc_eval_ctx *ctx, const kc_eval_opts *o, kc_eval_result *r, kc_err *err)
{
    const kc_platform *p = NULL;
    const kc_task *t = NULL;
    memset(r, 0, sizeof *r);
    kc_status s = lookup(o, &p, &t, err);
    if (s != KC_OK)
        return s;
    char *text = NULL;
    if ((s = kc_platform_baseline(p, t, o->config, &text, err)) != KC_OK)
        return s;
    char name[96];
    snprintf(name, sizeof name, "baseline-%s-%s-c%d", p->name, t->name, o->config);
    s = kc_eval_run(ctx, o, text, name, r, err);
    free(text);
    return s;
}

const char *kc_eval_oob_where(const kc_eval_result *r, char *buf, size_t size)
{
    return kc_check_region_text(&r->check, &r->layout, r->tensor_names, buf, size);
}

/* ---- JSON record -------------------------------------------------------------- */

/* JSON has no inf/NaN: non-finite numbers become null. */
static json_t *jnum(double v)
{
    return isfinite(v) ? json_real(v) : json_null();
}

static json_t *check_json(const kc_eval_result *r)
{
    const kc_check_result *c = &r->check;
    json_t *mm = json_array();
    for (unsigned i = 0; i < c->nreport; i++) {
        const kc_mismatch *m = &c->first[i];
        json_array_append_new(mm, json_pack("{s:s, s:I, s:o, s:o}", "tensor",
                                             r->tensor_names[m->tensor] ? r->tensor_names[m->tensor] : "?",
                                             "index", (json_int_t)m->index,
                                             "expected", jnum(m->expected),
                                             "actual", jnum(m->actual)));
    }
    return json_pack("{s:I, s:I, s:I, s:o, s:o, s:o, s:o}", "checked", (json_int_t)c->nchecked,
                     "mismatches", (json_int_t)c->mismatches, "nonfinite",
                     (json_int_t)c->nonfinite, "max_abs_err", jnum(c->max_abs),
                     "max_rel_err", jnum(c->max_rel), "tolerance_used", jnum(c->worst),
                     "first_mismatches", mm);
}

json_t *kc_eval_result_json(const kc_eval_result *r)
{
    char hash[24];
    snprintf(hash, sizeof hash, "%016llx", (unsigned long long)r->kernel_hash);
    json_t *o = json_pack("{s:s, s:s, s:i, s:I, s:s, s:s, s:s, s:b, s:b}", "platform",
                          r->platform, "task", r->task, "config", r->config, "seed",
                          (json_int_t)r->seed, "kernel", r->kernel_name, "kernel_hash", hash,
                          "status", kc_eval_status_name(r->status), "correct", r->correct,
                          "assembled", r->assembled);
    if (!o)
        return NULL;
    if (!r->assembled) {
        json_object_set_new(o, "diagnostic", json_string(r->diagnostic));
        json_object_set_new(o, "line", json_integer(r->diag_line));
        json_object_set_new(o, "col", json_integer(r->diag_col));
    } else {
        json_object_set_new(o, "program_words", json_integer((json_int_t)r->program_words));
        json_object_set_new(o, "sim", json_string(kc_sim_result_name(r->sim)));
        if (r->sim == KC_SIM_TRAPPED)
            json_object_set_new(o, "trap", json_pack("{s:i, s:s, s:I, s:I}", "cause",
                                                     (int)r->trap_cause, "name", r->trap_name,
                                                     "pc", (json_int_t)r->trap_pc, "info",
                                                     (json_int_t)r->trap_info));
        json_object_set_new(o, "cycles", json_integer((json_int_t)r->cycles));
        json_object_set_new(o, "out_of_bounds", json_boolean(r->check.oob));
        if (r->check.oob) {
            char where[160];
            json_object_set_new(o, "oob_addr", json_integer((json_int_t)r->check.oob_addr));
            json_object_set_new(o, "oob_region", json_string(kc_eval_oob_where(r, where, sizeof where)));
        }
        json_object_set_new(o, "max_abs_err", jnum(r->check.max_abs));
        json_object_set_new(o, "max_rel_err", jnum(r->check.max_rel));
        json_object_set_new(o, "mismatches", json_integer((json_int_t)r->check.mismatches));
        json_object_set_new(o, "check", check_json(r));
        json_t *ctr = json_object();
        for (size_t i = 0; i < r->ncounters; i++)
            json_object_set_new(ctr, r->counter_names[i], json_integer((json_int_t)r->counters[i]));
        json_object_set_new(o, "counters", ctr);
        if (r->nunits) {   /* per issuing unit: {"stall_lock": [unit 0, unit 1, ...], ...} */
            json_t *uc = json_object();
            for (size_t k = 0; k < r->nunit_counters; k++) {
                json_t *v = json_array();
                for (unsigned u = 0; u < r->nunits; u++)
                    json_array_append_new(v, json_integer((json_int_t)r->unit_counters[u][k]));
                json_object_set_new(uc, r->unit_counter_names[k], v);
            }
            json_object_set_new(o, "unit_counters", uc);
        }
        json_object_set_new(o, "dram_read_bytes", json_integer((json_int_t)r->dram_read_bytes));
        json_object_set_new(o, "dram_write_bytes", json_integer((json_int_t)r->dram_write_bytes));
    }
    json_t *lay = json_array();
    for (unsigned i = 0; i < r->layout.ntensors; i++)
        json_array_append_new(lay, json_pack("{s:s, s:I, s:I}", "name", r->tensor_names[i],
                                             "addr", (json_int_t)r->layout.addr[i], "bytes",
                                             (json_int_t)r->layout.bytes[i]));
    json_object_set_new(o, "layout", lay);
    json_object_set_new(o, "cycle_limit", json_integer((json_int_t)r->cycle_limit));
    json_object_set_new(o, "ideal_cycles", jnum(r->ideal_cycles));
    json_object_set_new(o, "efficiency", jnum(r->efficiency));
    json_object_set_new(o, "flops", jnum(r->flops));
    json_object_set_new(o, "dram_bytes", jnum(r->dram_bytes));
    json_object_set_new(o, "time", json_pack("{s:o, s:o, s:o, s:o}", "setup", jnum(r->t_setup),
                                             "assemble", jnum(r->t_assemble), "sim",
                                             jnum(r->t_sim), "check", jnum(r->t_check)));
    return o;
}
