/* kc_cosim.c — RTL-vs-ISS co-simulation (see kc_cosim.h).
 *
 * Timing of the RTL that decides what is compared when (rtl/npu/npu_top_ports.md):
 * scalar, fp, address and configuration effects are visible right after the
 * retire edge; a reduction's fp result lands VEC_LAT edges later; a vector row
 * write lands by VEC_LAT edges later; DMA effects whenever the engines finish.
 * So per retirement: pc, X, A, cfg, and F minus registers with a reduction in
 * flight; per vector instruction: its destination row VEC_LAT edges later
 * (unless a younger instruction writes the same row first); at the end: all.
 */
#include "kc_cosim.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kc_asm.h"
#include "kc_isa.h"
#include "kc_iss.h"
#include "kc_sim.h"

#define COSIM_ROW_BYTES (KC_ISS_VLEN * 2)
#define COSIM_PENDING 8          /* vector-row checks in flight (>= VEC_LAT + 1) */
#define COSIM_DRAIN_LIMIT 1000000u

typedef struct row_check {
    int live;
    uint32_t row;
    uint64_t due;                /* RTL cycle after which the row is final */
    uint32_t pc, insn;
    uint16_t lanes[KC_ISS_VLEN]; /* the ISS row right after the instruction */
} row_check;

typedef struct dma_rec {
    uint32_t pc, insn;
    uint64_t lo, hi;             /* DRAM bytes [lo, hi) written (stores only) */
} dma_rec;

typedef struct cosim {
    const kc_acc_ops *ops;
    void *model;
    const kc_isa *isa;
    kc_iss *iss;
    kc_dram *idram;
    kc_cosim_report *rep;
    uint64_t cycle;
    uint64_t f_due[KC_ISS_NFREGS];
    row_check pend[COSIM_PENDING];
    uint32_t row_pc[KC_ISS_VROWS], row_insn[KC_ISS_VROWS];   /* last writer of a row */
    unsigned char row_known[KC_ISS_VROWS];
    dma_rec *stores;
    size_t nstores, capstores;
    uint16_t *sram;              /* RTL SRAM image, VROWS rows */
    uint64_t *insn_counts;
    int have_msram;
    const uint32_t *program;
    size_t nwords;
} cosim;

_Static_assert(KC_ISS_MROWS <= KC_ISS_VROWS, "the SRAM image buffer holds either SRAM");

/* ---- reporting ------------------------------------------------------------------ */

static void diverge(cosim *c, int have_insn, uint32_t pc, uint32_t insn, const char *where,
                    const char *expected, const char *actual)
{
    kc_cosim_report *r = c->rep;
    if (r->diverged)
        return;   /* first difference wins */
    r->diverged = 1;
    r->have_insn = have_insn;
    r->pc = pc;
    r->insn = insn;
    snprintf(r->where, sizeof r->where, "%s", where);
    snprintf(r->expected, sizeof r->expected, "%s", expected);
    snprintf(r->actual, sizeof r->actual, "%s", actual);
    char dis[96] = "(no instruction)";
    if (have_insn)
        kc_asm_disasm_word(c->isa, insn, pc, dis, sizeof dis);
    if (have_insn)
        snprintf(r->text, sizeof r->text, "first divergence after pc %" PRIu32 " `%s` (0x%08" PRIx32
                 "): %s: expected (ISS) %s, actual (RTL) %s", pc, dis, insn, where, expected, actual);
    else
        snprintf(r->text, sizeof r->text, "first divergence: %s: expected (ISS) %s, actual (RTL) %s",
                 where, expected, actual);
}

static void hex32(char *buf, size_t n, uint32_t v)
{
    snprintf(buf, n, "0x%08" PRIx32, v);
}

/* ---- per-retire state ------------------------------------------------------------- */

static int cmp_reg(cosim *c, uint32_t pc, uint32_t insn, const char *what, unsigned i,
                   uint32_t exp, uint32_t act)
{
    if (exp == act)
        return 0;
    char where[64], e[24], a[24];
    if (i == ~0u)
        snprintf(where, sizeof where, "%s", what);
    else
        snprintf(where, sizeof where, "%s%u", what, i);
    hex32(e, sizeof e, exp);
    hex32(a, sizeof a, act);
    diverge(c, 1, pc, insn, where, e, a);
    return 1;
}

/* Compares registers; F only where no reduction is in flight (all when final). */
static int cmp_arch(cosim *c, uint32_t pc, uint32_t insn, int final)
{
    kc_arch_state st;
    memset(&st, 0, sizeof st);
    c->ops->arch(c->model, &st);
    if (cmp_reg(c, pc, insn, "pc", ~0u, kc_iss_pc(c->iss), st.pc))
        return 1;
    for (unsigned i = 0; i < KC_ISS_NXREGS; i++)
        if (cmp_reg(c, pc, insn, "r", i, kc_iss_x(c->iss, i), st.x[i]))
            return 1;
    for (unsigned i = 0; i < KC_ISS_NAREGS; i++)
        if (cmp_reg(c, pc, insn, "a", i, kc_iss_a(c->iss, i), st.a[i]))
            return 1;
    for (unsigned i = 0; i < KC_ISS_NFREGS; i++)
        if ((final || c->f_due[i] <= c->cycle) && cmp_reg(c, pc, insn, "f", i, kc_iss_f(c->iss, i), st.f[i]))
            return 1;
    for (size_t k = 0; k < c->isa->ncfgs; k++) {
        const kc_isa_cfg *cf = &c->isa->cfgs[k];
        if ((unsigned)cf->id == kc_iss_cycle_cfg_id() || cf->id >= KC_ARCH_MAX_CFG)
            continue;   /* timing, not architecture */
        char where[48];
        snprintf(where, sizeof where, "cfg %s", cf->name);
        if (cmp_reg(c, pc, insn, where, ~0u, kc_iss_cfg(c->iss, (unsigned)cf->id), st.cfg[cf->id]))
            return 1;
    }
    return 0;
}

static int row_differs(const uint16_t *exp, const uint16_t *act, unsigned *lane)
{
    for (unsigned l = 0; l < KC_ISS_VLEN; l++)
        if (exp[l] != act[l]) {
            *lane = l;
            return 1;
        }
    return 0;
}

static void row_diverge(cosim *c, int have, uint32_t pc, uint32_t insn, uint32_t row, unsigned lane,
                        uint16_t exp, uint16_t act)
{
    char where[48], e[16], a[16];
    snprintf(where, sizeof where, "vsram row %" PRIu32 " lane %u", row, lane);
    snprintf(e, sizeof e, "0x%04x", exp);
    snprintf(a, sizeof a, "0x%04x", act);
    diverge(c, have, pc, insn, where, e, a);
}

/* Operand value of field `name` of a decoded word (-1 when the row lacks it). */
static int64_t field_of(const kc_isa_insn *row, uint32_t word, const char *name)
{
    for (int i = 0; i < row->nops; i++)
        if (!strcmp(row->ops[i].field->name, name))
            return kc_isa_operand_get(&row->ops[i], word);
    return -1;
}

/* Is the next instruction in program order an mst that writes `row`? The matrix
 * unit may write its rows before the mst retires (it retires when the array has
 * drained), so a vector row it overwrites is not final at the usual time. */
static int next_mst_writes(cosim *c, uint32_t row)
{
    uint32_t pc = kc_iss_pc(c->iss);
    if (pc >= c->nwords)
        return 0;
    const kc_isa_insn *in = kc_asm_decode(c->isa, c->program[pc]);
    if (!in || strcmp(in->name, "mst"))
        return 0;
    uint64_t lo = kc_iss_x(c->iss, (unsigned)field_of(in, c->program[pc], "rd"));
    return row >= lo && row < lo + KC_ISS_MLEN;
}

/* Vector-row checks whose write has landed. */
static int check_rows(cosim *c)
{
    for (unsigned k = 0; k < COSIM_PENDING; k++) {
        row_check *p = &c->pend[k];
        if (!p->live || p->due > c->cycle)
            continue;
        if (next_mst_writes(c, p->row)) {   /* dropped when the mst retires */
            p->due = c->cycle + 1;
            continue;
        }
        p->live = 0;
        uint16_t act[KC_ISS_VLEN];
        unsigned lane;
        if (c->ops->arch_mem(c->model, 0, p->row, 1, act) == COSIM_ROW_BYTES &&
            row_differs(p->lanes, act, &lane)) {
            row_diverge(c, 1, p->pc, p->insn, p->row, lane, p->lanes[lane], act[lane]);
            return 1;
        }
    }
    return 0;
}

/* A younger instruction writes `row`: a pending check of it is void (the row is
 * compared again at the end). */
static void supersede(cosim *c, uint64_t row)
{
    for (unsigned k = 0; k < COSIM_PENDING; k++)
        if (c->pend[k].live && c->pend[k].row == row)
            c->pend[k].live = 0;
}

/* Bookkeeping before the ISS executes `word`: what it will write where. */
typedef struct pre_info {
    const kc_isa_insn *row;
    int vec_row;          /* vector instruction writing a row: its row */
    int red_f;            /* reduction: its fp destination, else -1 */
    int cycle_rd;         /* csrr of the cycle counter: its rd, else -1 */
} pre_info;

static void pre_step(cosim *c, uint32_t pc, uint32_t word, pre_info *pi)
{
    pi->row = kc_asm_decode(c->isa, word);
    pi->vec_row = pi->red_f = pi->cycle_rd = -1;
    const kc_isa_insn *row = pi->row;
    if (!row)
        return;
    if (c->insn_counts)
        c->insn_counts[row - c->isa->insns]++;
    if (!strcmp(row->unit, "vector")) {
        int64_t rd = field_of(row, word, "rd");
        if (row->nops && row->ops[0].kind == KC_ISA_K_F)
            pi->red_f = (int)rd;
        else if (rd >= 0 && kc_iss_x(c->iss, (unsigned)rd) < KC_ISS_VROWS)
            pi->vec_row = (int)kc_iss_x(c->iss, (unsigned)rd);
    } else if (!strcmp(row->unit, "dma")) {
        uint32_t vrow = kc_iss_x(c->iss, (unsigned)field_of(row, word, "rd"));
        uint32_t addr = kc_iss_a(c->iss, (unsigned)field_of(row, word, "rs1"));
        uint32_t n = kc_iss_x(c->iss, (unsigned)field_of(row, word, "rs2"));
        uint32_t dlen = kc_iss_cfg(c->iss, 1), stride = kc_iss_cfg(c->iss, 0);
        uint64_t sub = (dlen + KC_ISS_VLEN - 1) / KC_ISS_VLEN;
        if (n == 0 || dlen == 0 || dlen > 65535)
            return;
        if (!strcmp(row->name, "dld")) {   /* rows it writes */
            for (uint64_t r = vrow; r < vrow + (uint64_t)n * sub && r < KC_ISS_VROWS; r++) {
                supersede(c, r);
                c->row_pc[r] = pc;
                c->row_insn[r] = word;
                c->row_known[r] = 1;
            }
        } else if (!strcmp(row->name, "dst")) {   /* DRAM bytes it writes */
            if (c->nstores == c->capstores) {
                size_t cap = c->capstores ? 2 * c->capstores : 64;
                dma_rec *ns = realloc(c->stores, cap * sizeof *ns);
                if (!ns)
                    return;   /* attribution only: losing it is harmless */
                c->stores = ns;
                c->capstores = cap;
            }
            dma_rec *d = &c->stores[c->nstores++];
            d->pc = pc;
            d->insn = word;
            d->lo = addr;
            d->hi = (uint64_t)addr + ((uint64_t)n - 1) * stride + 2ull * dlen;
        }
    }
    if (!strcmp(row->name, "mst")) {   /* vector rows the accumulators go to */
        uint32_t vrow = kc_iss_x(c->iss, (unsigned)field_of(row, word, "rd"));
        for (uint64_t r = vrow; r < (uint64_t)vrow + KC_ISS_MLEN && r < KC_ISS_VROWS; r++) {
            supersede(c, r);
            c->row_pc[r] = pc;
            c->row_insn[r] = word;
            c->row_known[r] = 1;
        }
    }
    if (!strcmp(row->name, "csrr") && (unsigned)field_of(row, word, "rs2") == kc_iss_cycle_cfg_id())
        pi->cycle_rd = (int)field_of(row, word, "rd");
}

static void post_step(cosim *c, uint32_t pc, uint32_t word, const pre_info *pi)
{
    unsigned lat = KC_ISS_VEC_LAT;
    if (pi->red_f >= 0)
        c->f_due[pi->red_f] = c->cycle + lat;
    if (pi->vec_row >= 0) {
        unsigned free_slot = COSIM_PENDING;
        for (unsigned k = 0; k < COSIM_PENDING; k++) {
            if (c->pend[k].live && c->pend[k].row == (uint32_t)pi->vec_row)
                c->pend[k].live = 0;   /* superseded by this younger write */
            if (!c->pend[k].live && free_slot == COSIM_PENDING)
                free_slot = k;
        }
        if (free_slot < COSIM_PENDING) {
            row_check *p = &c->pend[free_slot];
            p->live = 1;
            p->row = (uint32_t)pi->vec_row;
            p->due = c->cycle + lat;
            p->pc = pc;
            p->insn = word;
            memcpy(p->lanes, kc_iss_vrow(c->iss, p->row), sizeof p->lanes);
        }
        c->row_pc[pi->vec_row] = pc;
        c->row_insn[pi->vec_row] = word;
        c->row_known[pi->vec_row] = 1;
    }
    if (pi->cycle_rd > 0) {   /* the cycle counter is timing: take the RTL's value */
        kc_arch_state st;
        c->ops->arch(c->model, &st);
        kc_iss_set_x(c->iss, (unsigned)pi->cycle_rd, st.x[pi->cycle_rd]);
    }
}

/* One RTL retirement: step the ISS and compare. Returns 1 on divergence. */
static int on_retire(cosim *c, uint32_t rpc, uint32_t rinsn)
{
    pre_info pi;
    pre_step(c, rpc, rinsn, &pi);
    kc_iss_event ev;
    kc_iss_step(c->iss, &ev);
    c->rep->retired++;
    if (!ev.retired) {
        char e[96], a[96], dis[64];
        kc_asm_disasm_word(c->isa, ev.insn, ev.pc, dis, sizeof dis);
        if (ev.state == KC_CORE_TRAPPED)
            snprintf(e, sizeof e, "trap %s at pc %" PRIu32 " info 0x%" PRIx32, kc_iss_trap_name(ev.cause),
                     ev.pc, ev.info);
        else
            snprintf(e, sizeof e, "stopped (%s)", ev.state == KC_CORE_HALTED ? "halted" : "running");
        snprintf(a, sizeof a, "retired pc %" PRIu32, rpc);
        diverge(c, 1, rpc, rinsn, "retire", e, a);
        return 1;
    }
    if (ev.pc != rpc || ev.insn != rinsn) {
        char e[48], a[48];
        snprintf(e, sizeof e, "pc %" PRIu32 " word 0x%08" PRIx32, ev.pc, ev.insn);
        snprintf(a, sizeof a, "pc %" PRIu32 " word 0x%08" PRIx32, rpc, rinsn);
        diverge(c, 1, rpc, rinsn, "retire", e, a);
        return 1;
    }
    post_step(c, rpc, rinsn, &pi);
    return cmp_arch(c, rpc, rinsn, 0);
}

/* ---- end of run -------------------------------------------------------------------- */

static int cmp_trap(cosim *c)
{
    kc_core_status *rs = &c->rep->rtl_status;
    kc_iss_event ev;
    kc_iss_step(c->iss, &ev);
    kc_iss_status(c->iss, &c->rep->iss_status);
    if (ev.state == KC_CORE_TRAPPED && ev.cause == rs->cause && ev.pc == rs->pc && ev.info == rs->info)
        return 0;
    char e[96], a[96];
    if (ev.state == KC_CORE_TRAPPED)
        snprintf(e, sizeof e, "trap %s pc %" PRIu32 " info 0x%" PRIx32, kc_iss_trap_name(ev.cause), ev.pc, ev.info);
    else if (ev.retired)
        snprintf(e, sizeof e, "retires pc %" PRIu32, ev.pc);
    else
        snprintf(e, sizeof e, "%s", ev.state == KC_CORE_HALTED ? "halted" : "stopped");
    snprintf(a, sizeof a, "trap %s pc %" PRIu32 " info 0x%" PRIx32, kc_iss_trap_name(rs->cause), rs->pc, rs->info);
    diverge(c, 1, rs->pc, ev.insn, "trap", e, a);
    return 1;
}

/* Clocks a trapped RTL until its DMA and vector pipeline are idle, so what the
 * retired instructions started is complete (a halt drains by itself). */
static kc_status drain(cosim *c, kc_dram *dram, kc_err *err)
{
    kc_bus_req req;
    kc_bus_resp resp;
    unsigned quiet = 0;
    for (unsigned i = 0; i < COSIM_DRAIN_LIMIT && quiet < 8; i++) {
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

static void cmp_final(cosim *c, kc_dram *dram)
{
    if (cmp_arch(c, 0, 0, 1)) {
        c->rep->have_insn = 0;   /* registers at the end: not tied to one instruction */
        char *t = c->rep->text, buf[512];
        snprintf(buf, sizeof buf, "at the end of the run: %s: expected (ISS) %s, actual (RTL) %s",
                 c->rep->where, c->rep->expected, c->rep->actual);
        snprintf(t, sizeof c->rep->text, "%s", buf);
        return;
    }
    if (c->ops->arch_mem(c->model, 0, 0, KC_ISS_VROWS, c->sram) != COSIM_ROW_BYTES) {
        diverge(c, 0, 0, 0, "vsram", "readable", "arch_mem failed");
        return;
    }
    for (uint32_t r = 0; r < KC_ISS_VROWS; r++) {
        unsigned lane;
        const uint16_t *exp = kc_iss_vrow(c->iss, r), *act = c->sram + (size_t)r * KC_ISS_VLEN;
        if (row_differs(exp, act, &lane)) {
            row_diverge(c, c->row_known[r], c->row_pc[r], c->row_insn[r], r, lane, exp[lane], act[lane]);
            return;
        }
    }
    if (c->have_msram && c->ops->arch_mem(c->model, 1, 0, KC_ISS_MROWS, c->sram) == COSIM_ROW_BYTES)
        for (uint32_t r = 0; r < KC_ISS_MROWS; r++) {
            unsigned lane;
            const uint16_t *exp = kc_iss_mrow(c->iss, r), *act = c->sram + (size_t)r * KC_ISS_VLEN;
            if (row_differs(exp, act, &lane)) {
                char where[48], ev[16], av[16];
                snprintf(where, sizeof where, "msram row %" PRIu32 " lane %u", r, lane);
                snprintf(ev, sizeof ev, "0x%04x", exp[lane]);
                snprintf(av, sizeof av, "0x%04x", act[lane]);
                diverge(c, 0, 0, 0, where, ev, av);
                return;
            }
        }
    const uint8_t *e = kc_dram_data(c->idram), *a = kc_dram_data(dram);
    size_t size = kc_dram_config(dram)->size_bytes;
    if (!memcmp(e, a, size))
        return;
    size_t at = 0;
    while (e[at] == a[at])
        at++;
    int have = 0;
    uint32_t pc = 0, insn = 0;
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

kc_status kc_cosim_run(const kc_acc_ops *ops, void *model, kc_dram *dram,
                       const uint32_t *program, size_t nwords, const uint32_t *args, size_t nargs,
                       const kc_cosim_opts *opts, kc_cosim_report *report, kc_err *err)
{
    if (!ops || !model || !dram || !report || (!program && nwords))
        return kc_err_set(err, KC_ERR_USAGE, "cosim: missing model, DRAM, program or report");
    if (!ops->arch || !ops->retire || !ops->arch_mem)
        return kc_err_set(err, KC_ERR_USAGE, "cosim: the %s model has no co-simulation interface", ops->name);
    memset(report, 0, sizeof *report);

    cosim *c = calloc(1, sizeof *c);
    if (!c)
        return kc_err_set(err, KC_ERR_NOMEM, "cosim: out of memory");
    c->ops = ops;
    c->model = model;
    c->rep = report;
    c->insn_counts = opts ? opts->insn_counts : NULL;
    c->program = program;
    c->nwords = nwords;
    kc_status s = kc_isa_load("npu", &c->isa, err);
    if (s == KC_OK)
        s = kc_iss_open(&c->iss, err);
    if (s == KC_OK)
        s = kc_dram_open(&c->idram, kc_dram_config(dram), ops->beat_bytes, err);
    if (s == KC_OK && !(c->sram = malloc((size_t)KC_ISS_VROWS * COSIM_ROW_BYTES)))
        s = kc_err_set(err, KC_ERR_NOMEM, "cosim: out of memory");
    if (s != KC_OK)
        goto out;
    uint32_t size = kc_dram_config(dram)->size_bytes;
    memcpy(kc_dram_data(c->idram), kc_dram_data(dram), size);
    kc_dram_reset(dram);
    kc_image img;
    if ((s = kc_image_from_words(&img, program, nwords, NULL, err)) != KC_OK)
        goto out;
    s = ops->reset(model, &img, args, nargs, size, err);
    kc_image_free(&img);
    if (s != KC_OK ||
        (s = kc_iss_reset(c->iss, program, nwords, args, nargs, c->idram, err)) != KC_OK)
        goto out;
    /* The RTL's vector SRAM is not reset (unspecified contents): start from it. */
    if (ops->arch_mem(model, 0, 0, KC_ISS_VROWS, c->sram) != COSIM_ROW_BYTES) {
        s = kc_err_set(err, KC_ERR_INTERNAL, "cosim: the %s model's vector SRAM is not %d x %d lanes",
                       ops->name, (int)KC_ISS_VROWS, (int)KC_ISS_VLEN);
        goto out;
    }
    for (uint32_t r = 0; r < KC_ISS_VROWS; r++)
        kc_iss_set_vrow(c->iss, r, c->sram + (size_t)r * KC_ISS_VLEN);
    /* Likewise the matrix SRAM, when the model exposes one (memory 1). */
    c->have_msram = ops->arch_mem(model, 1, 0, KC_ISS_MROWS, c->sram) == COSIM_ROW_BYTES;
    for (uint32_t r = 0; c->have_msram && r < KC_ISS_MROWS; r++)
        kc_iss_set_mrow(c->iss, r, c->sram + (size_t)r * KC_ISS_VLEN);

    uint64_t limit = opts && opts->cycle_limit ? opts->cycle_limit : KC_SIM_DEFAULT_CYCLE_LIMIT;
    kc_core_status st;
    kc_bus_req req;
    kc_bus_resp resp;
    int stop = 0;
    while (!stop && c->cycle < limit) {
        ops->status(model, &st);
        if (st.state != KC_CORE_RUNNING)
            break;
        ops->bus_out(model, &req);
        kc_dram_drive(dram, &req, &resp);
        s = ops->clock(model, &resp, err);
        kc_dram_commit(dram, &req, &resp);
        if (s != KC_OK)
            goto out;
        c->cycle++;
        uint32_t rpc, rinsn;
        stop = check_rows(c);
        if (!stop && ops->retire(model, &rpc, &rinsn))
            stop = on_retire(c, rpc, rinsn);
    }
    report->cycles = c->cycle;
    ops->status(model, &report->rtl_status);
    report->rtl_state = report->rtl_status.state;
    if (!stop) {
        if (report->rtl_state == KC_CORE_RUNNING) {
            report->timeout = 1;
        } else if (report->rtl_state == KC_CORE_TRAPPED) {
            if (!cmp_trap(c) && (s = drain(c, dram, err)) == KC_OK)
                cmp_final(c, dram);
        } else {
            kc_core_status is;
            kc_iss_status(c->iss, &is);
            if (is.state != KC_CORE_HALTED)
                diverge(c, 0, 0, 0, "halt", "still running", "halted");
            else
                cmp_final(c, dram);
        }
    }
    kc_iss_status(c->iss, &report->iss_status);
    report->iss_state = report->iss_status.state;

out:
    free(c->stores);
    free(c->sram);
    if (c->idram)
        kc_dram_close(c->idram);
    kc_iss_close(c->iss);
    free(c);
    return s;
}
