/* kc_tools_eval.c — the tools that run a kernel on the visible inputs:
 * run_eval (verdict, errors, cycles), view_output (the output check in detail)
 * and profile (per-unit counters and the top stall sites), over one helper that
 * evaluates a workspace file (also used by view_waveform).
 */
#include "kc_tools_int.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kc_acc.h"
#include "kc_platform.h"

/* ---- run_eval ------------------------------------------------------------------- */

/* Runs the pipeline on a workspace file (visible seed); NULL with the reason in b
 * when the file cannot be read or the simulator failed. */
kc_eval_result *kc_tools_eval_file(kc_tools_ctx *c, const char *rel, const kc_trace_opts *trace,
                                   kc_sim_stalls *stalls, char **src_out, kc_text *b)
{
    char *src = kc_tools_read(c, rel, b);
    if (!src)
        return NULL;
    kc_eval_result *r = malloc(sizeof *r);
    if (!r) {
        free(src);
        kc_text_printf(b, "error: out of memory.");
        return NULL;
    }
    kc_eval_opts eo = { .platform = c->platform, .task = c->task, .config = c->config,
                        .seed = c->seed, .cycle_limit = c->cycle_limit, .trace = trace,
                        .stalls = stalls };
    kc_err err;
    kc_err_clear(&err);
    if (kc_eval_run(c->eval, &eo, src, rel, r, &err) != KC_OK) {
        char msg[700];
        kc_text_printf(b, "error: the evaluation failed: %s.", kc_err_format(&err, msg, sizeof msg));
        free(r);
        free(src);
        return NULL;
    }
    if (src_out)
        *src_out = src;
    else
        free(src);
    return r;
}

/* Builds src as the workspace file `rel` builds (its name chooses the language);
 * 0 when it does not build (img is freeable either way). */
static int build_src(kc_tools_ctx *c, const char *src, const char *rel, kc_image *img)
{
    const kc_platform *p = kc_platform_find(c->platform);
    kc_image_init(img, 0, 0);
    kc_err err;
    kc_err_clear(&err);
    return p && kc_platform_build(p, src, rel, img, &err) == KC_OK;
}

/* A DRAM offset as the kernel addresses it (the platform's dram_base added). */
static uint32_t dram_addr(const kc_eval_result *r, uint32_t offset)
{
    const kc_platform *p = kc_platform_find(r->platform);
    return (p ? p->dram_base : 0) + offset;
}

/* A pc as the ISA document writes it: an instruction index in decimal, a byte
 * address (pc_bytes 1) in hex. */
static void format_pc(const kc_image *img, uint64_t pc, char *out, size_t size)
{
    if (img->pc_bytes == 1)
        snprintf(out, size, "0x%" PRIx64, pc);
    else
        snprintf(out, size, "%" PRIu64, pc);
}

/* "pc 12 (source line 15: vadd [r3], [r1], [r2])" via the build's line map. */
static void describe_pc(kc_tools_ctx *c, const char *src, const char *rel, uint32_t pc, kc_text *b)
{
    kc_image img;
    char pcs[32];
    if (!build_src(c, src, rel, &img)) {
        kc_text_printf(b, "pc %" PRIu32, pc);
        kc_image_free(&img);
        return;
    }
    format_pc(&img, pc, pcs, sizeof pcs);
    kc_text_printf(b, "pc %s", pcs);
    uint64_t end = kc_image_pc_end(&img);
    int ln = kc_image_line(&img, pc);
    if (pc < end && ln > 0) {
        char text[300];
        kc_tools_code_source_line(src, ln, text, sizeof text);
        kc_text_printf(b, " (source line %d: %s)", ln, text);
    } else if (pc >= end) {
        format_pc(&img, end, pcs, sizeof pcs);
        kc_text_printf(b, " (past the last instruction, %s: did the kernel end without halt?)", pcs);
    }
    kc_image_free(&img);
}

static json_t *eval_meta(const kc_eval_result *r)
{
    json_t *m = json_pack("{s:s, s:b, s:I}", "status", kc_eval_status_name(r->status), "correct",
                          r->correct, "cycles", (json_int_t)r->cycles);
    char hash[24];
    snprintf(hash, sizeof hash, "%016" PRIx64, r->kernel_hash);
    json_object_set_new(m, "kernel_hash", json_string(hash));
    return m;
}

static void summarize(kc_tools_ctx *c, const kc_eval_result *r, const char *src, const char *rel,
                      kc_text *b)
{
    const kc_task *t = kc_task_find(r->task);
    const kc_platform *p = kc_platform_find(r->platform);
    kc_text_printf(b, "status: %s\n", r->correct ? "CORRECT" : kc_eval_status_name(r->status));
    if (!r->assembled) {
        kc_tools_code_show_diag(b, src, r->diagnostic, r->diag_line, r->diag_col);
        return;
    }
    kc_text_printf(b, "%zu instructions; simulation %s after %" PRIu64 " cycles\n", r->program_words,
              kc_sim_result_name(r->sim), r->cycles);
    if (r->sim == KC_SIM_TRAPPED) {
        kc_text_printf(b, "trap: %s (cause %u) at ", r->trap_name, r->trap_cause);
        describe_pc(c, src, rel, r->trap_pc, b);
        kc_text_printf(b, ", info 0x%08x", r->trap_info);
        kc_text_printf(b, "\n");
    }
    if (r->sim == KC_SIM_TIMEOUT)
        kc_text_printf(b, "timeout: the kernel did not halt within the cycle limit (an endless loop?)\n");
    if (r->check.oob) {
        char where[160];
        kc_text_printf(b, "write outside the outputs at DRAM address 0x%08x (%s); write only the output "
                       "tensors, whatever the value\n", dram_addr(r, r->check.oob_addr),
                       kc_eval_oob_where(r, where, sizeof where));
    }
    if (r->sim == KC_SIM_HALTED || r->sim == KC_SIM_TRAPPED || r->sim == KC_SIM_TIMEOUT) {
        kc_text_printf(b, "outputs: %zu of %zu out of tolerance", r->check.mismatches, r->check.nchecked);
        if (r->check.nonfinite)
            kc_text_printf(b, " (%zu NaN/inf: never written, or overflow)", r->check.nonfinite);
        kc_text_printf(b, "; max error abs %.4g rel %.4g", r->check.max_abs, r->check.max_rel);
        if (t && p)
            kc_text_printf(b, " (tolerance abs %.3g + rel %.3g x |expected|)", t->tol[p->dtype].abs,
                      t->tol[p->dtype].rel);
        kc_text_printf(b, "\n");
        /* The margin matters as much as the verdict: hidden inputs differ. */
        if (isfinite(r->check.worst))
            kc_text_printf(b, "worst element: %.0f%% of its tolerance%s\n", 100 * r->check.worst,
                      r->correct && r->check.worst > 0.5 ? " (little margin: hidden inputs may fail)" : "");
    }
    if (r->correct)
        kc_text_printf(b, "cycles: %" PRIu64 "  ideal: %.0f  efficiency: %.3f (ideal = roofline of "
                  "compute and DRAM traffic only; it ignores issue cost: the instructions, or "
                  "bundles on a VLIW machine, that move data and keep loops and addresses)\n", r->cycles, r->ideal_cycles, r->efficiency);
    else if (r->check.mismatches)
        kc_text_printf(b, "call view_output for the mismatching elements\n");
    /* A wrong result on a machine without interlocks: the assembler's latency
     * warnings are the first suspects. */
    if (!r->correct)
        kc_tools_code_warnings(c, src, rel, 5, b);
}

void kc_tools_eval_run(kc_tools_ctx *c, const json_t *a, kc_tools_result *o)
{
    kc_text b = { 0 };
    const char *rel = kc_tools_arg_str(a, "path", KC_TOOLS_DEFAULT_PATH);
    char *src = NULL;
    kc_eval_result *r = kc_tools_eval_file(c, rel, NULL, NULL, &src, &b);
    if (!r) {
        kc_tools_finish(o, &b, 1);
        return;
    }
    summarize(c, r, src, rel, &b);
    o->meta = eval_meta(r);
    if (r->correct) {
        free(c->last_correct_src);
        c->last_correct_src = src;
        src = NULL;
        snprintf(c->last_correct_path, sizeof c->last_correct_path, "%s", rel);
        if (!c->first_correct_iteration)
            c->first_correct_iteration = c->iteration;
        c->last_correct_iteration = c->iteration;
    }
    free(src);
    free(c->last);
    c->last = r;
    snprintf(c->last_path, sizeof c->last_path, "%s", rel);
    kc_tools_finish(o, &b, 0);
}

/* ---- view_output ---------------------------------------------------------------- */

void kc_tools_eval_view_output(kc_tools_ctx *c, const json_t *a, kc_tools_result *o)
{
    kc_text b = { 0 };
    const kc_eval_result *r = c->last;
    if (!r) {
        kc_text_printf(&b, "error: nothing to show yet: call run_eval first.");
        kc_tools_finish(o, &b, 1);
        return;
    }
    long max_rows = kc_tools_arg_int(a, "max_rows", 16);
    kc_text_printf(&b, "last run_eval: %s on the visible inputs: %s\n", c->last_path,
              r->correct ? "CORRECT" : kc_eval_status_name(r->status));
    if (!r->assembled) {
        kc_text_printf(&b, "the kernel did not assemble: %s\n", r->diagnostic);
        kc_tools_finish(o, &b, 0);
        return;
    }
    const kc_task *t = kc_task_find(r->task);
    const kc_task_config *cfg = NULL;
    kc_task_shape shape;
    memset(&shape, 0, sizeof shape);
    if (t && kc_task_config_get(t, r->config, &cfg, NULL) == KC_OK)
        t->shape(t, cfg, &shape);
    const kc_check_result *k = &r->check;
    if (k->oob) {
        char where[160];
        kc_text_printf(&b, "out of bounds: the kernel wrote DRAM address 0x%08x, in %s\n", dram_addr(r, k->oob_addr),
                       kc_eval_oob_where(r, where, sizeof where));
    }
    kc_text_printf(&b, "outputs checked: %zu; out of tolerance: %zu; NaN/inf: %zu\n", k->nchecked,
              k->mismatches, k->nonfinite);
    kc_text_printf(&b, "max error: abs %.6g, rel %.6g; ", k->max_abs, k->max_rel);
    if (isfinite(k->worst))
        kc_text_printf(&b, "the worst element uses %.0f%% of its tolerance\n", 100 * k->worst);
    else
        kc_text_printf(&b, "the tolerance is 0 here: outputs must match exactly\n");
    for (unsigned i = 0; i < r->layout.ntensors; i++) {
        const kc_tensor_desc *d = i < shape.ntensors ? &shape.t[i] : NULL;
        if (d && d->role == KC_ROLE_OUTPUT) {
            kc_text_printf(&b, "output %s: shape [", d->name);
            for (unsigned j = 0; j < d->ndims; j++)
                kc_text_printf(&b, "%s%u", j ? ", " : "", d->dims[j]);
            kc_text_printf(&b, "], DRAM 0x%08x..0x%08x (", dram_addr(r, r->layout.addr[i]),
                      dram_addr(r, r->layout.addr[i] + r->layout.bytes[i]));
            /* as the prompt names arguments: a0..a7, then by number (kernel ABI) */
            kc_text_printf(&b, i < 8 ? "a%u)\n" : "argument %u)\n", i < 8 ? i : i + 1);
        }
    }
    if (k->nreport) {
        kc_text_printf(&b, "first mismatches (the checker keeps the first %d):\n", KC_CHECK_MAX_REPORT);
        unsigned rows_listed = 0;
        long last_row = -1;
        for (unsigned i = 0; i < k->nreport; i++) {
            const kc_mismatch *m = &k->first[i];
            const kc_tensor_desc *d = m->tensor < shape.ntensors ? &shape.t[m->tensor] : NULL;
            uint32_t cols = d && d->ndims >= 2 ? d->dims[d->ndims - 1] : 0;
            const char *nm = r->tensor_names[m->tensor] ? r->tensor_names[m->tensor] : "?";
            if (cols) {
                long row = (long)(m->index / cols);
                if (row != last_row && rows_listed++ >= (unsigned)max_rows)
                    break;
                last_row = row;
                kc_text_printf(&b, "  %s[%ld, %zu] (flat %zu): expected %.6g, got %.6g%s\n", nm, row,
                          m->index % cols, m->index, m->expected, m->actual,
                          m->actual != m->actual ? " (NaN: the sentinel, never written?)" : "");
            } else
                kc_text_printf(&b, "  %s[%zu]: expected %.6g, got %.6g\n", nm, m->index, m->expected,
                          m->actual);
        }
        if (k->mismatches > k->nreport)
            kc_text_printf(&b, "  ... and %zu more\n", k->mismatches - k->nreport);
    } else if (!k->oob)
        kc_text_printf(&b, "every output element is within tolerance.\n");
    o->meta = json_pack("{s:I, s:I}", "mismatches", (json_int_t)k->mismatches, "reported",
                        (json_int_t)k->nreport);
    kc_tools_finish(o, &b, 0);
}

/* ---- profile -------------------------------------------------------------------- */

typedef struct stall_site {
    uint64_t pc;
    unsigned unit;
    size_t counter;
    const kc_sim_stall *s;
} stall_site;

static int stall_site_cmp(const void *x, const void *y)
{
    const stall_site *a = x, *b = y;
    if (a->s->cycles != b->s->cycles)
        return a->s->cycles < b->s->cycles ? 1 : -1;
    return a->pc < b->pc ? -1 : a->pc > b->pc;
}

/* The instructions that waited longest, with their source line and disassembly. */
static void stall_sites(kc_tools_ctx *c, const char *src, const char *rel, const kc_eval_result *r,
                        const kc_sim_stalls *st, long top, kc_text *b, json_t *meta)
{
    size_t n = 0, per_unit = st->nwords * st->ncounters, cells = st->nunits * per_unit;
    for (size_t i = 0; i < cells; i++)
        n += st->cells[i].cycles > 0;
    if (!n) {
        kc_text_printf(b, "no instruction waited: issue never stalled.\n");
        return;
    }
    stall_site *v = malloc(n * sizeof *v);
    if (!v)
        return;
    n = 0;
    for (size_t i = 0; i < cells; i++)
        if (st->cells[i].cycles)
            v[n++] = (stall_site){ kc_sim_stalls_pc(st, i % per_unit / st->ncounters), (unsigned)(i / per_unit),
                                    i % st->ncounters, &st->cells[i] };
    qsort(v, n, sizeof *v, stall_site_cmp);
    const kc_platform *p = kc_platform_find(c->platform);
    kc_image img;
    int have = build_src(c, src, rel, &img);
    kc_text_printf(b, "top stall sites (the instruction that waited to issue, on what, how long):\n");
    const kc_acc_ops *acc = kc_acc_find(c->platform);
    if (st->nunits > 1)
        kc_text_printf(b, "  (per core: each of the %u cores' waits at its own pc)\n", st->nunits);
    else if (acc && acc->nunits > 1)
        kc_text_printf(b, "  (with %u cores: charged to core 0's pc, the cycles summed over the cores that "
                       "waited then)\n", acc->nunits);
    json_t *arr = json_array();
    for (size_t i = 0; i < n && i < (size_t)top; i++) {
        char dis[160] = "?", line[200] = "", pcs[32];
        format_pc(&img, v[i].pc, pcs, sizeof pcs);
        int ln = 0;
        if (have && v[i].pc < kc_image_pc_end(&img)) {
            p->disasm(p, &img, v[i].pc, dis, sizeof dis);
            ln = kc_image_line(&img, v[i].pc);
            if (ln > 0)
                kc_tools_code_source_line(src, ln, line, sizeof line);
        }
        const char *why = r->counter_names[v[i].counter];
        if (st->nunits > 1)
            kc_text_printf(b, "  core %u", v[i].unit);
        kc_text_printf(b, "  pc %-4s line %-4d %-28s %-13s %8" PRIu64 " cycles in %" PRIu64 " wait%s "
                       "(longest %" PRIu64 ")", pcs, ln, dis, why, v[i].s->cycles, v[i].s->waits,
                       v[i].s->waits == 1 ? "" : "s", v[i].s->longest);
        /* the author's own text: a C statement, or the pseudo-instruction the
         * disassembly expanded */
        const char *txt = line + strspn(line, " \t");
        kc_text_printf(b, *txt ? "  | %s\n" : "\n", txt);
        json_array_append_new(arr, json_pack("{s:I, s:i, s:i, s:s, s:s, s:I, s:I, s:I}", "pc", (json_int_t)v[i].pc,
                                             "core", (int)v[i].unit, "line", ln, "insn", dis, "reason", why,
                                             "cycles", (json_int_t)v[i].s->cycles, "waits",
                                             (json_int_t)v[i].s->waits, "longest",
                                             (json_int_t)v[i].s->longest));
    }
    if (n > (size_t)top)
        kc_text_printf(b, "  ... %zu more stall sites\n", n - (size_t)top);
    json_object_set_new(meta, "stall_sites", arr);
    kc_image_free(&img);
    free(v);
}

void kc_tools_eval_profile(kc_tools_ctx *c, const json_t *a, kc_tools_result *o)
{
    kc_text b = { 0 };
    const char *rel = kc_tools_arg_str(a, "path", KC_TOOLS_DEFAULT_PATH);
    long top = kc_tools_arg_int(a, "top", 10);
    kc_sim_stalls stalls;
    memset(&stalls, 0, sizeof stalls);
    char *src = NULL;
    kc_eval_result *r = kc_tools_eval_file(c, rel, NULL, &stalls, &src, &b);
    if (!r) {
        kc_sim_stalls_free(&stalls);
        kc_tools_finish(o, &b, 1);
        return;
    }
    if (!r->assembled) {
        kc_text_printf(&b, "%s does not assemble: %s", rel, r->diagnostic);
        free(r);
        free(src);
        kc_tools_finish(o, &b, 0);
        return;
    }
    /* Several cores issuing in parallel (vliw tiles): the RTL's counters are
     * sums over them, so shares are of cycles x cores, and bytes are no share. */
    const kc_acc_ops *acc = kc_acc_find(c->platform);
    unsigned units = acc && acc->nunits > 1 ? acc->nunits : 1;
    double cyc = (r->cycles ? (double)r->cycles : 1.0) * units;
    kc_text_printf(&b, "profile of %s (visible inputs): %s, %" PRIu64 " cycles (ideal %.0f: the roofline "
              "of compute and DRAM traffic, ignoring issue cost)\n", rel,
              r->correct ? "correct" : kc_eval_status_name(r->status), r->cycles, r->ideal_cycles);
    if (units > 1)
        kc_text_printf(&b, "counters are sums over the %u cores that issue in parallel; shares are of "
                       "cycles x %u\n", units, units);
    json_t *meta = json_object();
    for (size_t i = 0; i < r->ncounters; i++) {
        const char *n = r->counter_names[i];
        kc_text_printf(&b, "  %-16s %10" PRIu64, n, r->counters[i]);
        if (strcmp(n, "cycles") && !strstr(n, "bytes"))
            kc_text_printf(&b, "   %5.1f%% of cycles%s", 100.0 * (double)r->counters[i] / cyc,
                           units > 1 ? " x cores" : "");
        kc_text_printf(&b, "\n");
        json_object_set_new(meta, n, json_integer((json_int_t)r->counters[i]));
    }
    if (r->nunits) {   /* each core's own share (vliw: a tile), its stalls by reason */
        json_t *per = json_array();
        for (unsigned u = 0; u < r->nunits; u++) {
            json_t *one = json_object();
            kc_text_printf(&b, "  core %-3u", u);
            for (size_t k = 0; k < r->nunit_counters; k++) {
                kc_text_printf(&b, "  %s %" PRIu64 " (%.1f%%)", r->unit_counter_names[k], r->unit_counters[u][k],
                               100.0 * (double)r->unit_counters[u][k] / (r->cycles ? (double)r->cycles : 1.0));
                json_object_set_new(one, r->unit_counter_names[k], json_integer((json_int_t)r->unit_counters[u][k]));
            }
            kc_text_printf(&b, "\n");
            json_array_append_new(per, one);
        }
        kc_text_printf(&b, "  (per core: %% of cycles)\n");
        json_object_set_new(meta, "per_core", per);
    }
    kc_text_printf(&b, "  DRAM read %" PRIu64 " B, written %" PRIu64 " B (compulsory %.0f B)\n",
              r->dram_read_bytes, r->dram_write_bytes, r->dram_bytes);
    kc_text_printf(&b, "busy = cycles the unit worked; stall = cycles issue waited on that unit "
              "(the ISA document says what each counter counts).\n");
    stall_sites(c, src, rel, r, &stalls, top, &b, meta);
    o->meta = meta;
    kc_sim_stalls_free(&stalls);
    free(src);
    free(r);
    kc_tools_finish(o, &b, 0);
}
