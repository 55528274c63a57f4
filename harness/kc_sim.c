/* kc_sim.c — the one simulation loop for every accelerator (see kc_sim.h).
 *
 * Per cycle: the model's bus outputs -> DRAM model decides ready / response ->
 * one clock edge of the model -> DRAM commits. The loop is deliberately small:
 * the Verilated eval dominates, and nothing here allocates or branches on more
 * than it must. Trace switching is done outside the inner loop by splitting the
 * run into segments at the window's edges.
 */
#include "kc_sim.h"

#include <stdlib.h>
#include <string.h>

const char *kc_sim_result_name(kc_sim_result r)
{
    switch (r) {
    case KC_SIM_HALTED: return "halted";
    case KC_SIM_TRAPPED: return "trapped";
    case KC_SIM_TIMEOUT: return "timeout";
    case KC_SIM_ERROR: return "error";
    }
    return "unknown";
}

void kc_sim_stalls_free(kc_sim_stalls *s)
{
    if (!s)
        return;
    free(s->cells);
    memset(s, 0, sizeof *s);
}

/* The stall sampler's state between edges. */
typedef struct stall_probe {
    kc_sim_stalls *out;
    const kc_acc_ops *ops;
    uint64_t prev[KC_MAX_COUNTERS];
    int is_stall[KC_MAX_COUNTERS];
    size_t last;          /* cell of the previous stalled cycle, or SIZE_MAX */
    uint64_t last_cycle, run;
} stall_probe;

/* After the edge ending cycle c: charge it to (pc, counter) for each stall_*
 * counter that grew (the core counts at most one reason per cycle). */
static void stall_sample(stall_probe *sp, void *h, uint64_t c)
{
    uint64_t now[KC_MAX_COUNTERS];
    size_t n = sp->out->ncounters;
    sp->ops->counters(h, now, n);
    for (size_t k = 0; k < n; k++) {
        if (!sp->is_stall[k] || now[k] == sp->prev[k])
            continue;
        uint64_t pc = sp->ops->arch_pc(h);
        uint64_t slot = (pc - sp->out->pc0) / sp->out->pc_step;   /* pc < pc0 wraps: elsewhere */
        if (pc < sp->out->pc0 || slot >= sp->out->nwords) {
            sp->out->elsewhere += now[k] - sp->prev[k];
            continue;
        }
        size_t cell = (size_t)slot * n + k;
        kc_sim_stall *s = &sp->out->cells[cell];
        int same = cell == sp->last && c == sp->last_cycle + 1;
        sp->run = same ? sp->run + 1 : 1;
        s->cycles += now[k] - sp->prev[k];
        s->waits += !same;
        if (sp->run > s->longest)
            s->longest = sp->run;
        sp->last = cell;
        sp->last_cycle = c;
    }
    memcpy(sp->prev, now, n * sizeof now[0]);
}

/* The instruction-trace sampler: after each edge, every unit that issued. */
typedef struct issue_probe {
    const kc_acc_ops *ops;
    kc_sim_issue_fn fn;
    void *ctx;
    size_t ncounters;
    uint64_t counters[KC_MAX_COUNTERS];
} issue_probe;

static void issue_sample(issue_probe *ip, void *h, uint64_t c)
{
    const kc_acc_ops *ops = ip->ops;
    unsigned n = ops->nunits && ops->retire_unit ? ops->nunits : 1;
    int read = 0;
    for (unsigned u = 0; u < n; u++) {
        uint32_t pc, insn;
        if (!(n > 1 ? ops->retire_unit(h, u, &pc, &insn) : ops->retire(h, &pc, &insn)))
            continue;
        if (!read) {   /* the counters once per edge, and only at an edge that issued */
            ops->counters(h, ip->counters, ip->ncounters);
            read = 1;
        }
        kc_sim_issue is = { c, u, pc, insn, ip->counters };
        ip->fn(ip->ctx, &is);
    }
}

/* Clocks the model from *cycle up to (not including) `stop`, or until it halts or
 * traps. Returns KC_OK with *stopped = 1 when the core is no longer running. */
static kc_status sim_segment(const kc_acc_ops *ops, void *h, kc_dram *dram, uint64_t *cycle,
                             uint64_t stop, kc_core_status *st, int *stopped, stall_probe *sp,
                             issue_probe *ip, kc_err *err)
{
    kc_bus_req req;
    kc_bus_resp resp;
    uint64_t c = *cycle;
    kc_status s = KC_OK;

    *stopped = 0;
    while (c < stop) {
        ops->status(h, st);
        if (st->state != KC_CORE_RUNNING) {
            *stopped = 1;
            break;
        }
        ops->bus_out(h, &req);
        kc_dram_drive(dram, &req, &resp);
        s = ops->clock(h, &resp, err);
        kc_dram_commit(dram, &req, &resp);
        if (sp && s == KC_OK)
            stall_sample(sp, h, c);
        if (ip && s == KC_OK)
            issue_sample(ip, h, c);
        c++;
        if (s != KC_OK)
            break;
    }
    if (s == KC_OK && !*stopped) {
        ops->status(h, st);
        *stopped = st->state != KC_CORE_RUNNING;
    }
    *cycle = c;
    return s;
}

kc_status kc_sim_run(const kc_acc_ops *ops, void *handle, kc_dram *dram,
                     const kc_image *img,
                     const uint32_t *args, size_t nargs,
                     const kc_sim_opts *opts, kc_sim_report *report, kc_err *err)
{
    if (!ops || !handle || !dram || !report || !img)
        return kc_err_set(err, KC_ERR_USAGE, "sim: missing model, DRAM, program or report");

    memset(report, 0, sizeof *report);
    report->result = KC_SIM_ERROR;
    report->counter_names = ops->counter_names;
    report->ncounters = ops->ncounters < KC_MAX_COUNTERS ? ops->ncounters : KC_MAX_COUNTERS;

    uint64_t limit = opts && opts->cycle_limit ? opts->cycle_limit : KC_SIM_DEFAULT_CYCLE_LIMIT;
    const kc_trace_opts *tr = opts && opts->trace && opts->trace->path ? opts->trace : NULL;
    if (tr && tr->end && tr->end <= tr->start)
        return kc_err_set(err, KC_ERR_USAGE, "sim: empty trace window [%llu, %llu)",
                          (unsigned long long)tr->start, (unsigned long long)tr->end);

    kc_dram_reset(dram);
    kc_status s = ops->reset(handle, img, args, nargs,
                             kc_dram_config(dram)->size_bytes, err);
    if (s != KC_OK)
        return s;
    if (tr && (s = ops->trace_open(handle, tr->path, tr->depth, err)) != KC_OK)
        return s;

    /* Segments: [0, start) untraced, [start, end) traced, [end, limit) untraced. */
    uint64_t bounds[3] = { limit, limit, limit };
    if (tr) {
        bounds[0] = tr->start < limit ? tr->start : limit;
        bounds[1] = tr->end && tr->end < limit ? tr->end : limit;
    }
    stall_probe probe, *sp = NULL;
    if (opts && opts->stalls) {
        kc_sim_stalls *out = opts->stalls;
        kc_sim_stalls_free(out);
        if (!ops->arch_pc)
            return kc_err_set(err, KC_ERR_USAGE, "sim: model %s has no architectural pc for a "
                              "stall view", ops->name);
        /* One slot per instruction of the text, not per pc from 0: rvv's byte pcs
         * start at the ITCM base (0x100000), which would cost a slot per byte below. */
        out->pc0 = kc_image_pc_begin(img);
        out->pc_step = img->pc_bytes && img->insn_bytes > img->pc_bytes ? img->insn_bytes / img->pc_bytes : 1;
        uint64_t end = kc_image_pc_end(img);
        size_t nwords = end > out->pc0 ? (size_t)((end - out->pc0 + out->pc_step - 1) / out->pc_step) : 0;
        out->nwords = nwords;
        out->ncounters = report->ncounters;
        if (!(out->cells = calloc(nwords * report->ncounters + 1, sizeof *out->cells)))
            return kc_err_set(err, KC_ERR_NOMEM, "sim: out of memory for the stall view");
        memset(&probe, 0, sizeof probe);
        probe.out = out;
        probe.ops = ops;
        probe.last = SIZE_MAX;
        for (size_t k = 0; k < report->ncounters; k++)
            probe.is_stall[k] = !strncmp(ops->counter_names[k], "stall_", 6);
        sp = &probe;
    }
    issue_probe iprobe, *ip = NULL;
    if (opts && opts->on_issue) {
        if (!ops->retire && !(ops->nunits && ops->retire_unit))
            return kc_err_set(err, KC_ERR_USAGE, "sim: model %s does not report issued instructions "
                              "(no instruction trace)", ops->name);
        iprobe = (issue_probe){ .ops = ops, .fn = opts->on_issue, .ctx = opts->issue_ctx,
                                .ncounters = report->ncounters };
        ip = &iprobe;
    }
    uint64_t cycle = 0;
    int stopped = 0;
    for (int seg = 0; seg < 3 && !stopped && s == KC_OK; seg++) {
        if (tr)
            ops->trace_enable(handle, seg == 1);
        s = sim_segment(ops, handle, dram, &cycle, bounds[seg], &report->status, &stopped, sp, ip, err);
    }
    if (tr) {   /* a trace that could not be written (disk full) is an error, after the run's own */
        kc_status ts = ops->trace_close(handle, err);
        if (s == KC_OK)
            s = ts;
    }

    report->cycles = cycle;
    ops->counters(handle, report->counters, report->ncounters);
    kc_dram_bytes(dram, &report->dram_read_bytes, &report->dram_write_bytes);
    if (s != KC_OK)
        return s;     /* result stays KC_SIM_ERROR; err holds the shim's message */
    if (report->status.state == KC_CORE_HALTED)
        report->result = KC_SIM_HALTED;
    else if (report->status.state == KC_CORE_TRAPPED)
        report->result = KC_SIM_TRAPPED;
    else
        report->result = KC_SIM_TIMEOUT;
    return KC_OK;
}

kc_status kc_sim_run_words(const kc_acc_ops *ops, void *handle, kc_dram *dram,
                           const uint32_t *words, size_t nwords,
                           const uint32_t *args, size_t nargs,
                           const kc_sim_opts *opts, kc_sim_report *report, kc_err *err)
{
    if (!words && nwords)
        return kc_err_set(err, KC_ERR_USAGE, "sim: missing program");
    kc_image img;
    kc_status s = kc_image_from_words(&img, words, nwords, NULL, err);
    if (s == KC_OK)
        s = kc_sim_run(ops, handle, dram, &img, args, nargs, opts, report, err);
    kc_image_free(&img);
    return s;
}
