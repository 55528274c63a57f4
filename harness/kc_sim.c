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
    free(s->ranges);
    memset(s, 0, sizeof *s);
}

uint64_t kc_sim_stalls_pc(const kc_sim_stalls *s, size_t slot)
{
    for (size_t r = 0; r < s->nranges; r++)
        if (slot >= s->ranges[r].first && slot - s->ranges[r].first < s->ranges[r].n)
            return s->ranges[r].pc0 + (slot - s->ranges[r].first) * s->pc_step;
    return s->pc0 + slot * s->pc_step;
}

/* The slot of a pc, or SIZE_MAX outside the program's text. */
static size_t stalls_slot(const kc_sim_stalls *s, uint64_t pc)
{
    for (size_t r = 0; r < s->nranges; r++) {
        const kc_sim_stall_range *g = &s->ranges[r];
        if (pc >= g->pc0 && (pc - g->pc0) / s->pc_step < g->n)
            return g->first + (size_t)((pc - g->pc0) / s->pc_step);
    }
    return SIZE_MAX;
}

/* The stall sampler's state between edges, per unit (one: the core's counters
 * and arch_pc; several: each unit's own counters and pc). */
typedef struct stall_unit {
    uint64_t prev[KC_MAX_COUNTERS];
    size_t last;          /* cell of the previous stalled cycle, or SIZE_MAX */
    uint64_t last_cycle, run;
} stall_unit;
typedef struct stall_probe {
    kc_sim_stalls *out;
    const kc_acc_ops *ops;
    int per_unit;         /* sample ops->unit_counters / unit_pc */
    size_t nread;         /* counters read per sample */
    size_t counter[KC_MAX_COUNTERS];   /* read index -> the model's counter index */
    int is_stall[KC_MAX_COUNTERS];     /* by read index */
    stall_unit u[KC_MAX_UNITS];
} stall_probe;

/* After the edge ending cycle c: charge it to (unit, pc, counter) for each
 * stall_* counter of the unit that grew (a core counts at most one reason per
 * cycle). */
static void stall_sample(stall_probe *sp, void *h, uint64_t c)
{
    kc_sim_stalls *out = sp->out;
    for (unsigned un = 0; un < out->nunits; un++) {
        stall_unit *su = &sp->u[un];
        uint64_t now[KC_MAX_COUNTERS];
        if (sp->per_unit)
            sp->ops->unit_counters(h, un, now, sp->nread);
        else
            sp->ops->counters(h, now, sp->nread);
        for (size_t k = 0; k < sp->nread; k++) {
            if (!sp->is_stall[k] || now[k] == su->prev[k])
                continue;
            uint64_t pc = sp->per_unit ? sp->ops->unit_pc(h, un) : sp->ops->arch_pc(h);
            size_t slot = stalls_slot(out, pc);
            if (slot == SIZE_MAX) {
                out->elsewhere += now[k] - su->prev[k];
                continue;
            }
            size_t cell = ((size_t)un * out->nwords + slot) * out->ncounters + sp->counter[k];
            kc_sim_stall *s = &out->cells[cell];
            int same = cell == su->last && c == su->last_cycle + 1;
            su->run = same ? su->run + 1 : 1;
            s->cycles += now[k] - su->prev[k];
            s->waits += !same;
            if (su->run > s->longest)
                s->longest = su->run;
            su->last = cell;
            su->last_cycle = c;
        }
        memcpy(su->prev, now, sp->nread * sizeof now[0]);
    }
}

/* The stall view's slots (one range per executable segment, by pc: vliw's
 * tile programs sit far apart) and its sampler. */
static kc_status stalls_open(const kc_acc_ops *ops, const kc_image *img, size_t ncounters, kc_sim_stalls *out,
                             stall_probe *probe, kc_err *err)
{
    kc_sim_stalls_free(out);
    probe->per_unit = ops->nunits > 1 && ops->nunits <= KC_MAX_UNITS && ops->unit_counters && ops->unit_pc &&
                      ops->nunit_counters;
    if (!probe->per_unit && !ops->arch_pc)
        return kc_err_set(err, KC_ERR_USAGE, "sim: model %s has no architectural pc for a stall view", ops->name);
    out->pc0 = kc_image_pc_begin(img);
    out->pc_step = img->pc_bytes && img->insn_bytes > img->pc_bytes ? img->insn_bytes / img->pc_bytes : 1;
    if (!(out->ranges = calloc(img->nsegs + 1, sizeof *out->ranges)))
        return kc_err_set(err, KC_ERR_NOMEM, "sim: out of memory for the stall view");
    for (size_t i = 0; i < img->nsegs; i++) {   /* in pc order (insertion: a handful) */
        const kc_image_seg *s = &img->segs[i];
        if (!s->exec || !img->pc_bytes)
            continue;
        kc_sim_stall_range g = {s->addr / img->pc_bytes, 0,
                                (size_t)((s->size + img->pc_bytes * out->pc_step - 1) / (img->pc_bytes * out->pc_step))};
        size_t at = out->nranges++;
        while (at && out->ranges[at - 1].pc0 > g.pc0) {
            out->ranges[at] = out->ranges[at - 1];
            at--;
        }
        out->ranges[at] = g;
    }
    for (size_t r = 0; r < out->nranges; r++) {
        out->ranges[r].first = out->nwords;
        out->nwords += out->ranges[r].n;
    }
    out->nunits = probe->per_unit ? ops->nunits : 1;
    out->ncounters = ncounters;
    if (!(out->cells = calloc(out->nunits * out->nwords * ncounters + 1, sizeof *out->cells)))
        return kc_err_set(err, KC_ERR_NOMEM, "sim: out of memory for the stall view");
    probe->out = out;
    probe->ops = ops;
    probe->nread = 0;
    size_t nread = probe->per_unit ? ops->nunit_counters : ncounters;
    for (size_t k = 0; k < nread && k < KC_MAX_COUNTERS; k++) {
        const char *name = probe->per_unit ? ops->unit_counter_names[k] : ops->counter_names[k];
        size_t m = k;
        if (probe->per_unit)   /* the model's index of the unit counter */
            for (m = 0; m < ncounters && strcmp(ops->counter_names[m], name); m++)
                ;
        if (m >= ncounters)
            continue;   /* a unit counter the model does not sum: not in the view */
        probe->counter[probe->nread] = m;
        probe->is_stall[probe->nread++] = !strncmp(name, "stall_", 6);
    }
    for (unsigned u = 0; u < out->nunits; u++)
        probe->u[u].last = SIZE_MAX;
    return KC_OK;
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
    /* One slot per instruction of the text, not per pc from 0: rvv's byte pcs
     * start at the ITCM base (0x100000), vliw's tile programs at (tile + 1) << 24. */
    stall_probe probe, *sp = NULL;   /* ~5 KB: on the stack (runs in threads stay apart) */
    if (opts && opts->stalls) {
        memset(&probe, 0, sizeof probe);
        if ((s = stalls_open(ops, img, report->ncounters, opts->stalls, &probe, err)) != KC_OK)
            return s;
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
    if (ops->nunits > 1 && ops->unit_counters && ops->nunit_counters) {
        report->nunits = ops->nunits < KC_MAX_UNITS ? ops->nunits : KC_MAX_UNITS;
        report->nunit_counters = ops->nunit_counters < KC_MAX_UNIT_COUNTERS ? ops->nunit_counters
                                                                           : KC_MAX_UNIT_COUNTERS;
        report->unit_counter_names = ops->unit_counter_names;
        for (unsigned u = 0; u < report->nunits; u++)
            ops->unit_counters(handle, u, report->unit_counters[u], report->nunit_counters);
    }
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
