/* kc_cosim.c — RTL-vs-reference co-simulation (see kc_cosim.h).
 *
 * What is compared when comes from the reference's step events, not from
 * knowledge of a platform: each write names its file, elements and `due`. Per
 * element the co-simulation keeps when its newest write falls due (0: nothing in
 * flight; UINT64_MAX: at the end) and which instruction wrote it (for reports).
 * A younger write supersedes an older one still in flight. Writes that fall due
 * are compared at the first retirement at or after their due cycle, after that
 * retirement's own writes are applied: an instruction that writes while it still
 * stalls in issue (npu mst: the matrix unit drains into the rows before it
 * retires) supersedes an older write of the same element rather than racing it.
 */
#include "kc_cosim.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kc_sim.h"

#define COSIM_DRAIN_LIMIT 1000000u
/* Cycles the memory port must stay quiet before a trapped RTL counts as drained:
 * more than any model holds read data after it arrives (the npu's dld landing
 * line, VLEN/SFU_LANES + 5 cycles: 13 at its wide size). */
#define COSIM_DRAIN_QUIET 64u
#define COSIM_CHUNK_BYTES 16384u   /* memories are read and compared this much at a time */
#define COSIM_AT_END UINT64_MAX

typedef struct cfile {
    uint64_t *due;               /* per element: cycle its newest write falls due, 0 = none */
    uint64_t *wpc;               /* the instruction that wrote it last (known[] = 1) */
    uint32_t *winsn;
    unsigned char *known;
} cfile;

typedef struct due_ent {         /* a write that falls due at a cycle */
    unsigned file;
    uint32_t elem;
    uint64_t due;
} due_ent;

typedef struct dram_rec {        /* DRAM bytes [lo, hi) a step wrote (attribution) */
    uint64_t pc;
    uint32_t insn;
    uint64_t lo, hi;
} dram_rec;

typedef struct cosim {
    const kc_acc_ops *ops;
    void *model;
    const kc_ref_ops *ref;
    void *rh;
    const kc_arch_file *files;   /* the reference's description (checked against the RTL's) */
    size_t nfiles;
    unsigned *rtl_file;          /* the RTL's index of each reference file (matched by name) */
    cfile *cf;
    due_ent *dues;
    size_t ndues, capdues;
    dram_rec *stores;
    size_t nstores, capstores;
    kc_dram *rdram;              /* the reference's DRAM */
    uint8_t *ebuf, *abuf;        /* a register file or a chunk of a memory, reference / RTL */
    size_t bufbytes;
    kc_cosim_report *rep;
    uint64_t cycle;
    uint64_t *insn_counts;
    size_t ncounts;
    kc_ref_event ev;
} cosim;

/* ---- the two sides ---------------------------------------------------------------- */

static int rtl_read(cosim *c, unsigned file, uint32_t first, uint32_t n, void *buf)
{
    return c->ops->arch_read(c->model, c->rtl_file[file], first, n, buf);
}

static uint64_t rtl_pc(cosim *c)
{
    return c->ops->arch_pc(c->model);
}

/* ---- reporting ------------------------------------------------------------------ */

/* "pc 12", or "unit 1 pc 12" on a model with several issuing units (vliw tiles). */
static void unit_pc(const cosim *c, unsigned unit, uint64_t pc, char *buf, size_t n)
{
    if (c->ops->nunits > 1)
        snprintf(buf, n, "unit %u pc %" PRIu64, unit, pc);
    else
        snprintf(buf, n, "pc %" PRIu64, pc);
}

static void diverge(cosim *c, int have_insn, uint64_t pc, uint32_t insn, const char *where,
                    const char *expected, const char *actual)
{
    kc_cosim_report *r = c->rep;
    if (r->diverged)
        return;   /* first difference wins */
    r->diverged = 1;
    r->have_insn = have_insn;
    r->unit = c->ev.unit;
    r->pc = pc;
    r->insn = insn;
    snprintf(r->where, sizeof r->where, "%s", where);
    snprintf(r->expected, sizeof r->expected, "%s", expected);
    snprintf(r->actual, sizeof r->actual, "%s", actual);
    char dis[96];
    snprintf(dis, sizeof dis, ".word 0x%08" PRIx32, insn);
    if (have_insn && c->ref->disasm)
        c->ref->disasm(c->rh, pc, insn, dis, sizeof dis);
    char at[48];
    unit_pc(c, c->ev.unit, pc, at, sizeof at);
    if (have_insn)
        snprintf(r->text, sizeof r->text, "first divergence after %s `%s` (0x%08" PRIx32
                 "): %s: expected (%s) %s, actual (RTL) %s", at, dis, insn, where, c->ref->name,
                 expected, actual);
    else
        snprintf(r->text, sizeof r->text, "first divergence: %s: expected (%s) %s, actual (RTL) %s",
                 where, c->ref->name, expected, actual);
}

static void state_text(const kc_core_status *st, int retired, char *buf, size_t n)
{
    if (st->state == KC_CORE_TRAPPED)
        snprintf(buf, n, "trap %s pc %" PRIu32 " info 0x%" PRIx32, st->cause_name, st->pc, st->info);
    else if (retired)
        snprintf(buf, n, "retires");
    else
        snprintf(buf, n, "%s", st->state == KC_CORE_HALTED ? "halted" : "stopped");
}

/* ---- comparing files ---------------------------------------------------------------- */

static unsigned lane_bytes(const kc_arch_file *f)
{
    switch (f->fmt) {
    case KC_ARCH_BF16_LANES: case KC_ARCH_I16_LANES: return 2;
    case KC_ARCH_FP32_LANES: case KC_ARCH_I32_LANES: return 4;
    case KC_ARCH_I8_LANES: case KC_ARCH_BYTES: return 1;
    default: return f->bytes;
    }
}

/* Elements that are not compared: absent (NULL name) or timing. */
static int skipped(const cosim *c, unsigned file, uint32_t e)
{
    const kc_arch_file *f = &c->files[file];
    if (f->flags & KC_ARCH_TIMING)
        return 1;
    if (f->elem_names && !f->elem_names[e])
        return 1;
    if (f->elem_flags && (f->elem_flags[e] & KC_ARCH_TIMING))
        return 1;
    const kc_arch_file *rf = &c->ops->arch_files[c->rtl_file[file]];   /* the RTL may flag more */
    if ((rf->flags & KC_ARCH_TIMING) || (rf->elem_flags && (rf->elem_flags[e] & KC_ARCH_TIMING)))
        return 1;
    return 0;
}

/* Compares one element already read into ebuf/abuf at offset e - first. */
static int cmp_elem(cosim *c, unsigned file, uint32_t e, uint32_t first, int have, uint64_t pc, uint32_t insn)
{
    const kc_arch_file *f = &c->files[file];
    const uint8_t *ev = c->ebuf + (size_t)(e - first) * f->bytes, *av = c->abuf + (size_t)(e - first) * f->bytes;
    if (!memcmp(ev, av, f->bytes))
        return 0;
    unsigned lb = lane_bytes(f), lanes = f->bytes / lb, lane = 0;
    while (lane + 1 < lanes && !memcmp(ev + lane * lb, av + lane * lb, lb))
        lane++;
    char where[96], name[64], es[48], as[48];
    kc_arch_elem_name(f, e, name, sizeof name);
    if (lanes > 1)
        snprintf(where, sizeof where, "%s lane %u", name, lane);
    else
        snprintf(where, sizeof where, "%s", name);
    kc_arch_value(f, ev, (int)lane, es, sizeof es);
    kc_arch_value(f, av, (int)lane, as, sizeof as);
    diverge(c, have, pc, insn, where, es, as);
    return 1;
}

static int read_both(cosim *c, unsigned file, uint32_t first, uint32_t n)
{
    if (c->ref->read(c->rh, file, first, n, c->ebuf) == 0 && rtl_read(c, file, first, n, c->abuf) == 0)
        return 0;
    char where[64];
    snprintf(where, sizeof where, "%s", c->files[file].name);
    diverge(c, 0, 0, 0, where, "readable", "read failed");
    return 1;
}

/* pc and the register files, except elements in flight. */
static int cmp_regs(cosim *c, uint64_t pc, uint32_t insn)
{
    uint64_t epc = c->ref->pc(c->rh), apc = c->ops->pc_ahead ? epc : rtl_pc(c);
    if (epc != apc) {   /* (a pipelined model's pcs are compared at each retirement) */
        char e[32], a[32];
        snprintf(e, sizeof e, "%" PRIu64, epc);
        snprintf(a, sizeof a, "%" PRIu64, apc);
        diverge(c, 1, pc, insn, "pc", e, a);
        return 1;
    }
    for (unsigned file = 0; file < c->nfiles; file++) {
        const kc_arch_file *f = &c->files[file];
        if (f->flags & (KC_ARCH_MEMORY | KC_ARCH_TIMING))
            continue;
        if (read_both(c, file, 0, f->count))
            return 1;
        if (!memcmp(c->ebuf, c->abuf, (size_t)f->count * f->bytes))
            continue;   /* the common case, whatever is in flight */
        for (uint32_t e = 0; e < f->count; e++)
            if (c->cf[file].due[e] <= c->cycle && !skipped(c, file, e) && cmp_elem(c, file, e, 0, 1, pc, insn))
                return 1;
    }
    return 0;
}

/* Writes that have fallen due. */
static int check_dues(cosim *c)
{
    size_t keep = 0;
    int bad = 0;
    for (size_t k = 0; k < c->ndues; k++) {
        due_ent d = c->dues[k];
        if (d.due > c->cycle || bad) {
            c->dues[keep++] = d;
            continue;
        }
        cfile *cf = &c->cf[d.file];
        if (cf->due[d.elem] != d.due)
            continue;   /* superseded by a younger write */
        cf->due[d.elem] = 0;
        if (!skipped(c, d.file, d.elem) &&
            (read_both(c, d.file, d.elem, 1) ||
             cmp_elem(c, d.file, d.elem, d.elem, cf->known[d.elem], cf->wpc[d.elem], cf->winsn[d.elem])))
            bad = 1;
    }
    c->ndues = keep;
    return bad;
}

static int push_due(cosim *c, unsigned file, uint32_t elem, uint64_t due)
{
    if (c->ndues == c->capdues) {
        size_t cap = c->capdues ? 2 * c->capdues : 64;
        due_ent *nd = realloc(c->dues, cap * sizeof *nd);
        if (!nd)
            return 0;
        c->dues = nd;
        c->capdues = cap;
    }
    c->dues[c->ndues++] = (due_ent){ file, elem, due };
    return 1;
}

static void note_store(cosim *c, uint64_t pc, uint32_t insn, uint64_t lo, uint64_t hi)
{
    if (c->nstores == c->capstores) {
        size_t cap = c->capstores ? 2 * c->capstores : 64;
        dram_rec *ns = realloc(c->stores, cap * sizeof *ns);
        if (!ns)
            return;   /* attribution only: losing it is harmless */
        c->stores = ns;
        c->capstores = cap;
    }
    c->stores[c->nstores++] = (dram_rec){ pc, insn, lo, hi };
}

static void mark(cosim *c, unsigned file, uint32_t e, uint64_t due, const kc_ref_event *ev)
{
    cfile *cf = &c->cf[file];
    cf->due[e] = due;
    cf->wpc[e] = ev->pc;
    cf->winsn[e] = ev->insn;
    cf->known[e] = 1;
    if (due && due != COSIM_AT_END && !push_due(c, file, e, due))   /* memories: even when due now */
        cf->due[e] = COSIM_AT_END;   /* no room to check it on time: at the end */
}

/* Records the writes of a step: in flight until due, writer for reports. */
static void apply_writes(cosim *c, const kc_ref_event *ev)
{
    for (size_t k = 0; k < ev->nwrites; k++) {
        const kc_ref_write *w = &ev->writes[k];
        if (w->file == KC_REF_DRAM) {
            note_store(c, ev->pc, ev->insn, w->first, (uint64_t)w->first + w->n);
            continue;
        }
        if (w->file >= c->nfiles || w->first >= c->files[w->file].count)
            continue;
        uint32_t n = w->n < c->files[w->file].count - w->first ? w->n : c->files[w->file].count - w->first;
        if ((w->flags & KC_REF_W_TIMING) && n && (size_t)n * c->files[w->file].bytes <= c->bufbytes &&
            rtl_read(c, w->file, w->first, n, c->abuf) == 0)
            c->ref->write(c->rh, w->file, w->first, n, c->abuf);   /* a value only the RTL knows */
        uint64_t due = w->due == KC_REF_DUE_END ? COSIM_AT_END : c->cycle + w->due;
        if (!w->due && !(c->files[w->file].flags & KC_ARCH_MEMORY))
            due = 0;   /* a register visible now: compared with all the others below */
        for (uint32_t e = w->first; e < w->first + n; e++)
            mark(c, w->file, e, due, ev);
    }
    if (ev->overflow)   /* unknown writes: everything in flight until the end */
        for (unsigned file = 0; file < c->nfiles; file++)
            for (uint32_t e = 0; e < c->files[file].count; e++)
                c->cf[file].due[e] = COSIM_AT_END;
}

/* One RTL retirement (of unit `unit`; 0 with one unit): step the reference and
 * compare. Returns 1 on divergence. */
static int on_retire(cosim *c, unsigned unit, uint64_t rpc, uint32_t rinsn)
{
    kc_ref_event *ev = &c->ev;
    c->ref->step(c->rh, ev);
    c->rep->retired++;
    if (c->insn_counts && ev->row >= 0 && (size_t)ev->row < c->ncounts)
        c->insn_counts[ev->row]++;
    if (!ev->retired) {
        char e[96], a[48];
        kc_core_status st;
        c->ref->status(c->rh, &st);
        state_text(&st, 0, e, sizeof e);
        snprintf(a, sizeof a, "retired pc %" PRIu64, rpc);
        diverge(c, 1, rpc, rinsn, "retire", e, a);
        return 1;
    }
    if (ev->pc != rpc || ev->insn != rinsn || ev->unit != unit) {
        char e[64], a[64];
        unit_pc(c, ev->unit, ev->pc, e, sizeof e);
        unit_pc(c, unit, rpc, a, sizeof a);
        snprintf(e + strlen(e), sizeof e - strlen(e), " word 0x%08" PRIx32, ev->insn);
        snprintf(a + strlen(a), sizeof a - strlen(a), " word 0x%08" PRIx32, rinsn);
        diverge(c, 1, rpc, rinsn, "retire", e, a);
        return 1;
    }
    if (c->ref->timed && ev->issue_cycle != c->cycle) {
        char e[32], a[32];
        snprintf(e, sizeof e, "%" PRIu64, ev->issue_cycle);
        snprintf(a, sizeof a, "%" PRIu64, c->cycle);
        diverge(c, 1, rpc, rinsn, "issue cycle", e, a);
        return 1;
    }
    apply_writes(c, ev);
    return check_dues(c) || cmp_regs(c, rpc, rinsn);
}

/* ---- end of run -------------------------------------------------------------------- */

/* The RTL trapped: the reference's next step must trap the same way. */
static int cmp_trap(cosim *c)
{
    kc_core_status *rs = &c->rep->rtl_status;
    kc_ref_event *ev = &c->ev;
    c->ref->step(c->rh, ev);
    kc_core_status es;
    c->ref->status(c->rh, &es);
    if (ev->state == KC_CORE_TRAPPED && ev->cause == rs->cause && ev->pc == rs->pc && ev->info == rs->info)
        return 0;
    char e[96], a[96];
    state_text(&es, ev->retired, e, sizeof e);
    if (ev->retired)
        snprintf(e, sizeof e, "retires pc %" PRIu64, ev->pc);
    state_text(rs, 0, a, sizeof a);
    diverge(c, 1, rs->pc, ev->insn, "trap", e, a);
    return 1;
}

/* Clocks a trapped RTL until its memory port is quiet (COSIM_DRAIN_QUIET) and every write still in
 * flight has fallen due (a long pipeline, e.g. a reduction tree, may deliver
 * after the port is quiet), so what the retired instructions started is
 * complete (a halt drains by itself). */
static kc_status drain(cosim *c, kc_dram *dram, kc_err *err)
{
    kc_bus_req req;
    kc_bus_resp resp;
    unsigned quiet = 0;
    uint64_t last = c->cycle;
    for (size_t k = 0; k < c->ndues; k++)
        if (c->dues[k].due != COSIM_AT_END && c->dues[k].due > last)
            last = c->dues[k].due;
    for (unsigned i = 0; i < COSIM_DRAIN_LIMIT && (quiet < COSIM_DRAIN_QUIET || c->cycle + i <= last); i++) {
        c->ops->bus_out(c->model, &req);
        quiet = (req.valid || kc_dram_busy(dram)) ? 0 : quiet + 1;
        kc_dram_drive(dram, &req, &resp);
        kc_status s = c->ops->clock(c->model, &resp, err);
        kc_dram_commit(dram, &req, &resp);
        if (s != KC_OK)
            return s;
    }
    return KC_OK;
}

/* Elements of file f that fit the buffers at once. */
static uint32_t chunk_of(const kc_arch_file *f)
{
    uint32_t n = f->bytes ? COSIM_CHUNK_BYTES / f->bytes : 1;
    return n < 1 ? 1 : n;
}

static void cmp_final(cosim *c, kc_dram *dram)
{
    for (unsigned file = 0; file < c->nfiles; file++) {
        const kc_arch_file *f = &c->files[file];
        int mem = (f->flags & KC_ARCH_MEMORY) != 0;
        const cfile *cf = &c->cf[file];
        uint32_t chunk = mem ? chunk_of(f) : f->count, first = 0;
        for (uint32_t e = 0; e < f->count; e++) {
            if (e == first + chunk || e == 0) {
                first = e;
                if (read_both(c, file, first, f->count - first < chunk ? f->count - first : chunk))
                    return;
            }
            if (!skipped(c, file, e) &&
                cmp_elem(c, file, e, first, mem && cf->known[e], cf->wpc[e], cf->winsn[e])) {
                if (!mem) {   /* registers at the end: not tied to one instruction */
                    kc_cosim_report *r = c->rep;
                    r->have_insn = 0;
                    snprintf(r->text, sizeof r->text, "at the end of the run: %s: expected (%s) %s, "
                             "actual (RTL) %s", r->where, c->ref->name, r->expected, r->actual);
                }
                return;
            }
        }
    }
    const uint8_t *e = kc_dram_data(c->rdram), *a = kc_dram_data(dram);
    size_t size = kc_dram_config(dram)->size_bytes;
    if (!memcmp(e, a, size))
        return;
    size_t at = 0;
    while (e[at] == a[at])
        at++;
    int have = 0;
    uint64_t pc = 0;
    uint32_t insn = 0;
    for (size_t k = c->nstores; k-- > 0;)
        if (at >= c->stores[k].lo && at < c->stores[k].hi) {
            have = 1;
            pc = c->stores[k].pc;
            insn = c->stores[k].insn;
            break;
        }
    char where[48], ev[16], av[16];
    snprintf(where, sizeof where, "dram 0x%08zx", at);
    snprintf(ev, sizeof ev, "0x%02x", e[at]);
    snprintf(av, sizeof av, "0x%02x", a[at]);
    diverge(c, have, pc, insn, where, ev, av);
}

/* ---- setup -------------------------------------------------------------------------- */

/* Every file of the reference must be one of the RTL model's, by name, with the
 * same shape. The model may show more (views only the RTL has, e.g. npu's weight
 * buffers and accumulators for waveforms and traces): those are not compared. */
static kc_status check_files(cosim *c, kc_err *err)
{
    c->files = c->ref->files(c->rh, &c->nfiles);
    const kc_acc_ops *ops = c->ops;
    if (!ops->arch_files || !ops->arch_read || !ops->arch_pc)
        return kc_err_set(err, KC_ERR_USAGE, "cosim: the %s model has no co-simulation interface", ops->name);
    if (!(c->rtl_file = calloc(c->nfiles + 1, sizeof *c->rtl_file)))
        return kc_err_set(err, KC_ERR_NOMEM, "cosim: out of memory");
    for (size_t i = 0; i < c->nfiles; i++) {
        const kc_arch_file *e = &c->files[i], *a = NULL;
        for (size_t k = 0; k < ops->narch_files && !a; k++)
            if (!strcmp(ops->arch_files[k].name, e->name))
                a = &ops->arch_files[k];
        if (!a)
            return kc_err_set(err, KC_ERR_INTERNAL, "cosim: the %s model has no state file %s (%s has it)",
                              ops->name, e->name, c->ref->name);
        if (a->count != e->count || a->bytes != e->bytes)
            return kc_err_set(err, KC_ERR_INTERNAL, "cosim: state file %s is %u x %u in the %s model, "
                              "%u x %u in %s", e->name, a->count, a->bytes, ops->name, e->count, e->bytes,
                              c->ref->name);
        c->rtl_file[i] = (unsigned)(a - ops->arch_files);
    }
    return KC_OK;
}

static kc_status alloc_state(cosim *c, kc_err *err)
{
    size_t most = 0;
    if (!(c->cf = calloc(c->nfiles, sizeof *c->cf)))
        return kc_err_set(err, KC_ERR_NOMEM, "cosim: out of memory");
    for (size_t i = 0; i < c->nfiles; i++) {
        const kc_arch_file *f = &c->files[i];
        cfile *cf = &c->cf[i];
        cf->due = calloc(f->count, sizeof *cf->due);
        cf->wpc = calloc(f->count, sizeof *cf->wpc);
        cf->winsn = calloc(f->count, sizeof *cf->winsn);
        cf->known = calloc(f->count, 1);
        if (!cf->due || !cf->wpc || !cf->winsn || !cf->known)
            return kc_err_set(err, KC_ERR_NOMEM, "cosim: out of memory");
        size_t n = f->flags & KC_ARCH_MEMORY && f->count > chunk_of(f) ? chunk_of(f) : f->count;
        if (n * f->bytes > most)
            most = n * f->bytes;
    }
    c->bufbytes = most;
    if (!(c->ebuf = malloc(most ? most : 1)) || !(c->abuf = malloc(most ? most : 1)))
        return kc_err_set(err, KC_ERR_NOMEM, "cosim: out of memory");
    return KC_OK;
}

static void free_state(cosim *c)
{
    for (size_t i = 0; c->cf && i < c->nfiles; i++) {
        free(c->cf[i].due);
        free(c->cf[i].wpc);
        free(c->cf[i].winsn);
        free(c->cf[i].known);
    }
    free(c->cf);
    free(c->ebuf);
    free(c->abuf);
    free(c->dues);
    free(c->stores);
    free(c->rtl_file);
}

/* On-chip memories are not reset on the RTL: the reference starts from them. */
static kc_status copy_memories(cosim *c, kc_err *err)
{
    for (unsigned file = 0; file < c->nfiles; file++) {
        const kc_arch_file *f = &c->files[file];
        if (!(f->flags & KC_ARCH_MEMORY))
            continue;
        for (uint32_t e = 0; e < f->count; e += chunk_of(f)) {
            uint32_t n = f->count - e < chunk_of(f) ? f->count - e : chunk_of(f);
            if (rtl_read(c, file, e, n, c->abuf) != 0 || c->ref->write(c->rh, file, e, n, c->abuf) != 0)
                return kc_err_set(err, KC_ERR_INTERNAL, "cosim: cannot copy %s (%u x %u bytes) from the %s model",
                                  f->name, f->count, f->bytes, c->ops->name);
        }
    }
    return KC_OK;
}

/* Clocks the RTL, stepping the reference per retirement, to halt, trap, limit
 * or the first divergence. */
static kc_status run_loop(cosim *c, kc_dram *dram, uint64_t limit, kc_err *err)
{
    const kc_acc_ops *ops = c->ops;
    kc_core_status st;
    kc_bus_req req;
    kc_bus_resp resp;
    while (c->cycle < limit) {
        ops->status(c->model, &st);
        if (st.state != KC_CORE_RUNNING)
            break;
        ops->bus_out(c->model, &req);
        kc_dram_drive(dram, &req, &resp);
        kc_status s = ops->clock(c->model, &resp, err);
        kc_dram_commit(dram, &req, &resp);
        if (s != KC_OK)
            return s;
        c->cycle++;
        uint32_t rpc, rinsn;
        if (ops->retire_unit) {   /* several units: each that issued, in unit order */
            int bad = 0;
            for (unsigned u = 0; u < ops->nunits && !bad; u++)
                bad = ops->retire_unit(c->model, u, &rpc, &rinsn) && on_retire(c, u, rpc, rinsn);
            if (bad)
                break;
        } else if (ops->retire(c->model, &rpc, &rinsn) && on_retire(c, 0, rpc, rinsn)) {
            break;
        }
    }
    return KC_OK;
}

kc_status kc_cosim_run(const kc_acc_ops *ops, void *model, const kc_ref_ops *ref, kc_dram *dram,
                       const kc_image *img, const uint32_t *args, size_t nargs,
                       const kc_cosim_opts *opts, kc_cosim_report *report, kc_err *err)
{
    if (!ops || !model || !ref || !dram || !img || !report)
        return kc_err_set(err, KC_ERR_USAGE, "cosim: missing model, reference, DRAM, image or report");
    if (!ops->retire || !ref->step || !ref->read || !ref->write || !ref->files || !ref->pc)
        return kc_err_set(err, KC_ERR_USAGE, "cosim: %s against %s: no co-simulation interface (retire, "
                          "step, read, write)", ops->name, ref->name);
    memset(report, 0, sizeof *report);

    cosim *c = calloc(1, sizeof *c);
    if (!c)
        return kc_err_set(err, KC_ERR_NOMEM, "cosim: out of memory");
    c->ops = ops;
    c->model = model;
    c->ref = ref;
    c->rep = report;
    c->insn_counts = opts ? opts->insn_counts : NULL;
    c->ncounts = opts && opts->ninsn_counts ? opts->ninsn_counts : SIZE_MAX;
    uint32_t size = kc_dram_config(dram)->size_bytes;
    kc_status s = ref->open(&c->rh, ops->hw, err);
    if (s == KC_OK)
        s = check_files(c, err);
    if (s == KC_OK)
        s = alloc_state(c, err);
    if (s == KC_OK)
        s = kc_dram_open(&c->rdram, kc_dram_config(dram), ops->beat_bytes, err);
    if (s != KC_OK)
        goto out;
    memcpy(kc_dram_data(c->rdram), kc_dram_data(dram), size);
    kc_dram_reset(dram);
    if ((s = ops->reset(model, img, args, nargs, size, err)) != KC_OK ||
        (s = ref->reset(c->rh, img, args, nargs, c->rdram, err)) != KC_OK ||
        (s = copy_memories(c, err)) != KC_OK)
        goto out;

    uint64_t limit = opts && opts->cycle_limit ? opts->cycle_limit : KC_SIM_DEFAULT_CYCLE_LIMIT;
    if ((s = run_loop(c, dram, limit, err)) != KC_OK)
        goto out;
    report->cycles = c->cycle;
    ops->status(model, &report->rtl_status);
    report->rtl_state = report->rtl_status.state;
    if (!report->diverged) {
        if (report->rtl_state == KC_CORE_RUNNING) {
            report->timeout = 1;
        } else if (report->rtl_state == KC_CORE_TRAPPED) {
            if (!cmp_trap(c) && (s = drain(c, dram, err)) == KC_OK)
                cmp_final(c, dram);
        } else {
            kc_core_status es;
            ref->status(c->rh, &es);
            if (es.state != KC_CORE_HALTED)
                diverge(c, 0, 0, 0, "halt", "still running", "halted");
            else
                cmp_final(c, dram);
        }
    }
    ref->status(c->rh, &report->ref_status);
    report->ref_state = report->ref_status.state;

out:
    free_state(c);
    if (c->rdram)
        kc_dram_close(c->rdram);
    if (c->rh)
        ref->close(c->rh);
    free(c);
    return s;
}
