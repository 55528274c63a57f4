/* kc_asm_bundle.c — the assembler's bundle layer (bundle ISAs: vliw.def).
 *
 * A line's statements (after its labels) form one bundle: instructions separated
 * by ';', or a `{ ... }` block over several lines. Each instruction goes to the
 * next free slot of its row's slot class (loads: L0, then L1); empty slots are
 * nop (word 0). `.bundle` emits raw slot words; `.tile N` starts tile N's own
 * program (a segment at PM address (N + 1) << 24, pcs from 0 again).
 *
 * Pass 2 checks what an author of exposed-latency code gets wrong, in program
 * order (straight-line view; the fall-through of a conditional branch is
 * followed, the code after an unconditional jump's delay slots starts clean):
 *   errors    two writes of one register that become visible at the same bundle
 *             boundary (the hardware traps: write-conflict); hardware loops that
 *             are empty, end before they start, nest deeper than LOOP_DEPTH,
 *             outlive their enclosing loop or end on its last bundle
 *   warnings  a read of a register whose write from an earlier bundle has not
 *             landed yet (it reads the old value) — also across the back edge of
 *             a hardware loop; a branch in the delay slots of another branch; a
 *             branch in the last BR_DELAY bundles of a hardware loop body
 * Warnings go to the program (kc_program.warnings), never stop assembly.
 * `.nocheck` ... `.check` turns the checks off for a region (a test that wants the
 * hardware's write-conflict trap, or code that reads old values on purpose).
 */
#include "kc_asm_int.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* ---- small helpers --------------------------------------------------------------- */

static int bundle_param(const kc_isa *isa, const char *name, int dflt)
{
    const kc_isa_param *p = kc_isa_param_by_name(isa, name);
    return p ? (int)p->value : dflt;
}

__attribute__((format(printf, 6, 7)))
static void bundle_warn(asm_ctx *c, int line, int col, int line2, int col2, const char *fmt, ...)
{
    asm_bundle *b = c->bundle;
    if (c->pass != 2)
        return;
    if (b->nwarn == b->capwarn) {
        size_t cap = b->capwarn ? b->capwarn * 2 : 16;
        kc_asm_warning *w = realloc(b->warn, cap * sizeof *w);
        if (!w)
            return;   /* a warning lost to memory pressure; assembly goes on */
        b->warn = w;
        b->capwarn = cap;
    }
    kc_asm_warning *w = &b->warn[b->nwarn++];
    w->line = line;
    w->col = col;
    w->line2 = line2;
    w->col2 = col2;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(w->text, sizeof w->text, fmt, ap);
    va_end(ap);
}

static void reg_name(const kc_isa *isa, int file, int reg, char *buf, size_t size)
{
    snprintf(buf, size, "%s%d", isa->regfiles[file].prefix, reg);
}

static int is_control(const kc_isa_insn *row)
{
    return row->slot_class >= 0 && row->unit && !strcmp(row->unit, "control");
}

static int is_loop(const kc_isa_insn *row)
{
    const char *m = kc_isa_insn_mnemonic(row);
    return !strcasecmp(m, "loop") || !strcasecmp(m, "loopi");
}

/* The bundle index a row jumps to (its T operand), or -1. */
static int64_t row_target(const kc_isa_insn *row, uint32_t word)
{
    for (int k = 0; k < row->nops; k++)
        if (row->ops[k].kind == KC_ISA_K_T)
            return kc_isa_operand_get(&row->ops[k], word);
    return -1;
}

/* Unconditional transfers: nothing after their delay slots runs by falling through. */
static int is_unconditional(const kc_isa_insn *row)
{
    const char *m = kc_isa_insn_mnemonic(row);
    return !strcasecmp(m, "j") || !strcasecmp(m, "jal") || !strcasecmp(m, "jr");
}

static int is_branch(const kc_isa_insn *row)
{
    return is_control(row) && !is_loop(row) && strcasecmp(kc_isa_insn_mnemonic(row), "halt") &&
           (row_target(row, row->match) >= 0 || !strcasecmp(kc_isa_insn_mnemonic(row), "jr"));
}

static void forget_flights(asm_bundle *b)
{
    b->nfl = 0;
    b->nloops = 0;
    b->br.until = 0;
    b->br.line = 0;
    b->nloopreads = 0;
}

/* ---- pass-2 checks of one placed bundle ------------------------------------------- */

/* A register operand of a placed row: its file (index in isa->regfiles) or -1. */
static int operand_file(const kc_isa *isa, const kc_isa_operand *op)
{
    switch (op->kind) {
    case KC_ISA_K_R: case KC_ISA_K_P: case KC_ISA_K_O: case KC_ISA_K_W: case KC_ISA_K_Q: case KC_ISA_K_L: {
        const kc_isa_regfile *rf = kc_isa_regfile_of(isa, op->kind);
        return rf ? (int)(rf - isa->regfiles) : -1;
    }
    default:
        return -1;
    }
}

static const kc_isa_dst *operand_dst(const kc_isa_insn *row, int k)
{
    for (int i = 0; i < row->ndst; i++)
        if (row->dsts[i].op == k)
            return &row->dsts[i];
    return NULL;
}

/* r0 reads as 0 and ignores writes: never a hazard. */
static int is_zero_reg(const kc_isa *isa, int file, int reg)
{
    return reg == 0 && isa->regfiles[file].kind == KC_ISA_K_R;
}

static void check_read(asm_ctx *c, const asm_pend *pd, int file, int reg, const kc_isa_dst *d, uint32_t j)
{
    asm_bundle *b = c->bundle;
    /* An accumulation ('*' in the dst column) reads its accumulator in the MAC pipe's
     * last stage, as bundle j + L - 1 sees it, whoever wrote it (docs/vliw_timing.md):
     * back-to-back MACs chain, and so does a MAC right after a vmul into the same
     * accumulator. Every other read is at bundle j. */
    uint32_t at = j + (d && d->fwd ? (uint32_t)d->latency - 1 : 0);
    /* One warning per read: about the write that lands last. */
    const asm_flight *f = NULL;
    for (int i = 0; i < b->nfl; i++) {
        const asm_flight *g = &b->fl[i];
        if (g->file != file || g->reg != reg || g->issue >= j || g->land <= at)
            continue;
        if (!f || g->land > f->land)
            f = g;
    }
    if (f) {
        char rn[16];
        reg_name(c->isa, file, reg, rn, sizeof rn);
        bundle_warn(c, pd->line, pd->col, f->line, f->col,
                    "'%s' reads %s before the write by '%s' on line %d lands: latency %u from bundle %u "
                    "makes it visible at bundle %u, this is bundle %u, so it reads the OLD value "
                    "(put %u more bundle%s in between if you want the new one)",
                    kc_isa_insn_mnemonic(pd->row), rn, f->mn, f->line, f->land - f->issue, f->issue, f->land, j,
                    f->land - j, f->land - j == 1 ? "" : "s");
    }
    /* Reads near the top of a loop body, for the back-edge check at its end. */
    for (int l = 0; l < b->nloops; l++) {
        uint32_t top = b->loops[l].top;
        if (j >= top && j < top + 8 && b->nloopreads < ASM_MAX_LOOPREADS) {
            struct asm_loopread *r = &b->loopreads[b->nloopreads++];
            r->loop = l;
            r->file = file;
            r->reg = reg;
            r->at = at;
            r->line = pd->line;
            r->col = pd->col;
            r->mn = kc_isa_insn_mnemonic(pd->row);
        }
    }
}

static kc_status check_write(asm_ctx *c, const asm_pend *pd, int file, int reg, const kc_isa_dst *d, uint32_t j)
{
    asm_bundle *b = c->bundle;
    uint32_t land = j + (uint32_t)d->latency;
    for (int i = 0; i < b->nfl; i++) {
        const asm_flight *f = &b->fl[i];
        if (f->file != file || f->reg != reg || f->land != land)
            continue;
        char rn[16];
        reg_name(c->isa, file, reg, rn, sizeof rn);
        return kc_err_at(c->err, KC_ERR_SYNTAX, c->file, pd->line, pd->col,
                         "two writes of %s become visible at the same bundle boundary (bundle %u): '%s' on "
                         "line %d (bundle %u, latency %u) and '%s' on line %d (bundle %u, latency %d); the "
                         "hardware traps (write-conflict)", rn, land, f->mn, f->line, f->issue,
                         f->land - f->issue, kc_isa_insn_mnemonic(pd->row), pd->line, j, d->latency);
    }
    if (b->nfl == ASM_MAX_INFLIGHT)
        return KC_OK;   /* cannot happen with the table's latencies; tracking is best effort */
    asm_flight *f = &b->fl[b->nfl++];
    f->file = file;
    f->reg = reg;
    f->issue = j;
    f->land = land;
    f->line = pd->line;
    f->col = pd->col;
    f->mn = kc_isa_insn_mnemonic(pd->row);
    return KC_OK;
}

/* Writes still in flight when the last bundle of a loop body issues arrive during
 * the next iteration's first bundles: the reads recorded there see the old value. */
static void check_back_edge(asm_ctx *c, int l, uint32_t j)
{
    asm_bundle *b = c->bundle;
    uint32_t top = b->loops[l].top, end = b->loops[l].end;
    for (int i = 0; i < b->nfl; i++) {
        const asm_flight *f = &b->fl[i];
        if (f->land <= end || f->issue < top)
            continue;
        uint32_t lands_at = top + (f->land - end);   /* in the next iteration */
        for (int r = 0; r < b->nloopreads; r++) {
            const struct asm_loopread *rd = &b->loopreads[r];
            if (rd->loop != l || rd->file != f->file || rd->reg != f->reg || rd->at >= lands_at)
                continue;
            char rn[16];
            reg_name(c->isa, f->file, f->reg, rn, sizeof rn);
            bundle_warn(c, rd->line, rd->col, f->line, f->col,
                        "on the next iteration of the hardware loop, '%s' reads %s before the write by "
                        "'%s' on line %d (latency %u, issued %u bundle%s before the loop end) lands: it "
                        "reads the OLD value", rd->mn, rn, f->mn, f->line, f->land - f->issue, j + 1 - f->issue,
                        j + 1 - f->issue == 1 ? "" : "s");
        }
    }
}

static kc_status check_control(asm_ctx *c, const asm_pend *pd, uint32_t j)
{
    asm_bundle *b = c->bundle;
    const kc_isa_insn *row = pd->row;
    const char *mn = kc_isa_insn_mnemonic(row);
    int delay = b->br_delay;
    if (b->br.line && j > b->br.pc && j <= b->br.until)
        bundle_warn(c, pd->line, pd->col, b->br.line, 0,
                    "'%s' in a delay slot of the branch on line %d: the %d bundles after a branch always "
                    "execute, and a branch there is undefined", mn, b->br.line, delay);
    for (int l = 0; l < b->nloops; l++)
        if (j + (uint32_t)delay >= b->loops[l].end)
            bundle_warn(c, pd->line, pd->col, b->loops[l].line, 0,
                        "'%s' in the last %d bundles of the hardware loop body (loop on line %d): the loop "
                        "end is decided at fetch, so a branch or loop there is undefined", mn, delay,
                        b->loops[l].line);
    if (is_branch(row)) {
        b->br.pc = j;
        b->br.until = j + (uint32_t)delay;
        b->br.line = pd->line;
        if (is_unconditional(row))
            b->clear_next = (int64_t)j + delay + 1;
    }
    if (!strcasecmp(mn, "halt"))
        b->clear_next = (int64_t)j + 1;
    if (is_loop(row)) {
        int64_t end = row_target(row, pd->word);
        if (end <= (int64_t)j + 1)
            return kc_err_at(c->err, KC_ERR_SYNTAX, c->file, pd->line, pd->col,
                             "'%s' at bundle %u ends at bundle %lld: the end label marks the first bundle "
                             "AFTER the body, which starts at bundle %u (an empty body is illegal)", mn, j,
                             (long long)end, j + 1);
        if (b->nloops > 0) {
            uint32_t oe = b->loops[b->nloops - 1].end;
            int ol = b->loops[b->nloops - 1].line;
            if ((uint32_t)end > oe)
                return kc_err_at(c->err, KC_ERR_SYNTAX, c->file, pd->line, pd->col,
                                 "this loop ends at bundle %lld, after the enclosing loop (line %d) ends at %u: "
                                 "nested loops must end inside it", (long long)end, ol, oe);
            if ((uint32_t)end == oe)
                return kc_err_at(c->err, KC_ERR_SYNTAX, c->file, pd->line, pd->col,
                                 "nested loops end on the same bundle %u (outer loop on line %d): put the "
                                 "inner end label at least one bundle earlier", oe, ol);
        }
        if (b->nloops >= b->loop_depth)
            return kc_err_at(c->err, KC_ERR_SYNTAX, c->file, pd->line, pd->col,
                             "hardware loops nest at most %d deep (the loop on line %d is still open)",
                             b->loop_depth, b->loops[b->nloops - 1].line);
        b->loops[b->nloops].top = j + 1;
        b->loops[b->nloops].end = (uint32_t)end;
        b->loops[b->nloops].line = pd->line;
        b->nloops++;
    }
    return KC_OK;
}

static kc_status bundle_check(asm_ctx *c, const asm_pend *placed[], int nplaced, uint32_t j)
{
    asm_bundle *b = c->bundle;
    const kc_isa *isa = c->isa;
    if (b->clear_next >= 0 && (int64_t)j >= b->clear_next) {
        forget_flights(b);
        b->clear_next = -1;
    }
    /* Loops whose body has ended. */
    while (b->nloops > 0 && b->loops[b->nloops - 1].end <= j) {
        b->nloops--;
        int k = 0;
        for (int r = 0; r < b->nloopreads; r++)
            if (b->loopreads[r].loop != b->nloops)
                b->loopreads[k++] = b->loopreads[r];
        b->nloopreads = k;
    }
    /* Reads first: a bundle reads what was visible before its own writes. */
    for (int i = 0; i < nplaced; i++) {
        const asm_pend *pd = placed[i];
        for (int k = 0; k < pd->row->nops; k++) {
            int file = operand_file(isa, &pd->row->ops[k]);
            if (file < 0)
                continue;
            int reg = (int)kc_isa_operand_get(&pd->row->ops[k], pd->word);
            const kc_isa_dst *d = operand_dst(pd->row, k);
            if ((!d || d->read) && !is_zero_reg(isa, file, reg))
                check_read(c, pd, file, reg, d, j);
        }
    }
    for (int i = 0; i < nplaced; i++) {
        const asm_pend *pd = placed[i];
        for (int k = 0; k < pd->row->nops; k++) {
            const kc_isa_dst *d = operand_dst(pd->row, k);
            int file = operand_file(isa, &pd->row->ops[k]);
            if (!d || file < 0)
                continue;
            int reg = (int)kc_isa_operand_get(&pd->row->ops[k], pd->word);
            if (!is_zero_reg(isa, file, reg) && check_write(c, pd, file, reg, d, j))
                return c->err->code;
        }
    }
    for (int i = 0; i < nplaced; i++)
        if (is_control(placed[i]->row) && check_control(c, placed[i], j))
            return c->err->code;
    for (int l = 0; l < b->nloops; l++)
        if (b->loops[l].end == j + 1)
            check_back_edge(c, l, j);
    /* Writes visible from the next bundle on need no more tracking. */
    int k = 0;
    for (int i = 0; i < b->nfl; i++)
        if (b->fl[i].land > j + 1)
            b->fl[k++] = b->fl[i];
    b->nfl = k;
    return KC_OK;
}

/* ---- bundles ---------------------------------------------------------------------- */

kc_status kc_asm_bundle_add(asm_ctx *c, const kc_isa_insn *row, uint32_t word, const char *at)
{
    asm_bundle *b = c->bundle;
    if (b->npend == ASM_MAX_PEND)
        return kc_asm_lex_error(c, at, "more than %d instructions in one bundle", ASM_MAX_PEND);
    asm_pend *pd = &b->pend[b->npend++];
    pd->row = row;
    pd->word = word;
    pd->line = c->lineno;
    pd->col = kc_asm_lex_col(c, at);
    if (!b->started) {
        b->started = 1;
        b->start_line = c->lineno;
    }
    return KC_OK;
}

static kc_status bundle_emit(asm_ctx *c, const uint32_t *words, const int *lines, const char *at)
{
    const kc_isa *isa = c->isa;
    if (c->pc >= isa->imem_words)
        return kc_asm_lex_range_error(c, at, "program is larger than the program memory (%u bundles)",
                                      isa->imem_words);
    for (int s = 0; s < isa->bundle_slots; s++) {
        if (kc_asm_stmt_emit(c, words[s], at))
            return c->err->code;
        if (c->pass == 2 && c->lines)
            c->lines[c->nwords - 1] = lines[s];
    }
    c->pc++;
    c->bundle->total++;
    return KC_OK;
}

kc_status kc_asm_bundle_close(asm_ctx *c, const char *at)
{
    asm_bundle *b = c->bundle;
    const kc_isa *isa = c->isa;
    if (!b->started)
        return KC_OK;
    uint32_t words[32] = {0};
    int lines[32], owner[32];
    const asm_pend *placed[ASM_MAX_PEND];
    int nplaced = 0;
    for (int s = 0; s < isa->bundle_slots; s++) {
        lines[s] = b->start_line;
        owner[s] = -1;
    }
    for (int i = 0; i < b->npend; i++) {
        const asm_pend *pd = &b->pend[i];
        if (pd->row->slot_class < 0)
            continue;   /* nop: takes no slot */
        const kc_isa_slot *sl = &isa->slots[pd->row->slot_class];
        int s = sl->first;
        while (s < sl->first + sl->count && owner[s] >= 0)
            s++;
        if (s == sl->first + sl->count) {
            char others[160];
            size_t k = 0;
            for (int t = sl->first; t < sl->first + sl->count; t++) {
                const asm_pend *o = &b->pend[owner[t]];
                k += (size_t)snprintf(others + k, sizeof others - k, "%s'%s' (line %d, column %d)",
                                      k ? " and " : "", kc_isa_insn_mnemonic(o->row), o->line, o->col);
            }
            return kc_err_at(c->err, KC_ERR_SYNTAX, c->file, pd->line, pd->col,
                             "slot conflict: '%s' needs a %s slot, but the bundle's %d %s slot%s already "
                             "taken by %s; move it to another bundle", kc_isa_insn_mnemonic(pd->row),
                             sl->name, sl->count, sl->name, sl->count == 1 ? " is" : "s are", others);
        }
        owner[s] = i;
        words[s] = pd->word;
        lines[s] = pd->line;
        placed[nplaced++] = pd;
    }
    if (c->pass == 2 && b->nocheck)
        forget_flights(b);   /* nothing unchecked is carried past the region */
    else if (c->pass == 2 && bundle_check(c, placed, nplaced, c->pc))
        return c->err->code;
    kc_status st = bundle_emit(c, words, lines, at);
    b->npend = 0;
    b->started = 0;
    return st;
}

/* ---- segments -------------------------------------------------------------------- */

static kc_status segment_end(asm_ctx *c)
{
    asm_bundle *b = c->bundle;
    size_t n = (b->total - b->seg_start) * (size_t)c->isa->bundle_slots;
    if (c->pass != 2 || (n == 0 && b->tile < 0))
        return KC_OK;
    if (b->nsegs == b->capsegs) {
        size_t cap = b->capsegs ? b->capsegs * 2 : 4;
        kc_program_seg *s = realloc(b->segs, cap * sizeof *s);
        if (!s)
            return kc_err_set(c->err, KC_ERR_NOMEM, "out of memory");
        b->segs = s;
        b->capsegs = cap;
    }
    kc_program_seg *s = &b->segs[b->nsegs++];
    s->addr = b->tile < 0 ? 0 : (uint32_t)(b->tile + 1) << 24;
    s->first = b->seg_start * (size_t)c->isa->bundle_slots;
    s->nwords = n;
    return KC_OK;
}

static kc_status directive_tile(asm_ctx *c, char *at, char *arg)
{
    asm_bundle *b = c->bundle;
    if (b->in_brace)
        return kc_asm_lex_error(c, at, "'.tile' inside a '{ ... }' bundle");
    int64_t n = 0;
    int saved = c->statement_mode;
    c->statement_mode = 1;    /* constants only: no labels */
    kc_status st = *asm_skip_space(arg) ? kc_asm_expr_eval_int(c, arg, "a tile number", &n)
                                        : kc_asm_lex_error(c, arg, "usage: .tile N (N = tile id, row * COLS + col)");
    c->statement_mode = saved;
    if (st)
        return st;
    if (n < 0 || n > 254)
        return kc_asm_lex_range_error(c, arg, "tile %lld out of range: allowed 0..254", (long long)n);
    if (b->tiles_seen[n / 64] >> (n % 64) & 1)
        return kc_asm_lex_error(c, at, "a second '.tile %lld': each tile has one program", (long long)n);
    b->tiles_seen[n / 64] |= 1ull << (n % 64);
    if (segment_end(c))
        return c->err->code;
    b->tile = (int)n;
    b->seg_start = b->total;
    c->pc = 0;
    forget_flights(b);
    b->clear_next = -1;
    return KC_OK;
}

static kc_status directive_bundle(asm_ctx *c, char *at, char *args)
{
    asm_bundle *b = c->bundle;
    const kc_isa *isa = c->isa;
    if (b->in_brace || b->line_stmts > 1)
        return kc_asm_lex_error(c, at, "'.bundle' stands alone on its line, outside braces");
    asm_opnd ops[ASM_MAX_OPERANDS];
    char *extra;
    int n = kc_asm_lex_split(args, ops, &extra, 1);
    if (n != isa->bundle_slots)
        return kc_asm_lex_error(c, n > isa->bundle_slots && n <= ASM_MAX_OPERANDS ? ops[isa->bundle_slots].s : at,
                                "'.bundle' takes exactly %d slot words (slot 0 first), got %d",
                                isa->bundle_slots, n);
    uint32_t words[32];
    int lines[32];
    for (int s = 0; s < n; s++) {
        int64_t v = 0;
        if (kc_asm_expr_eval_int(c, ops[s].s, "an integer expression", &v))
            return c->err->code;
        if (!c->unresolved && (v < INT32_MIN || v > (int64_t)UINT32_MAX))
            return kc_asm_lex_range_error(c, ops[s].s, "value %lld does not fit in 32 bits", (long long)v);
        words[s] = (uint32_t)v;
        lines[s] = c->lineno;
    }
    /* Raw words are not checked; what was in flight is not tracked past them. */
    forget_flights(b);
    return bundle_emit(c, words, lines, at);
}

/* ---- lines ------------------------------------------------------------------------ */

/* The end of the statement starting at p: the next ';' or '}' outside brackets
 * and parentheses, or the end of the line. */
static char *statement_end(char *p)
{
    int depth = 0;
    for (; *p; p++) {
        if (*p == '(' || *p == '[')
            depth++;
        else if ((*p == ')' || *p == ']') && depth > 0)
            depth--;
        else if (depth == 0 && (*p == ';' || *p == '}'))
            break;
    }
    return p;
}

static int directive_is(const char *p, const char *name)
{
    size_t n = strlen(name);
    return !strncasecmp(p, name, n) && !asm_ident_char((unsigned char)p[n]);
}

kc_status kc_asm_bundle_line(asm_ctx *c, char *p)
{
    asm_bundle *b = c->bundle;
    p = asm_skip_space(p);
    b->line_stmts = 0;
    for (char *q = p; *q; q = *q ? q + 1 : q) {
        char *e = statement_end(q);
        b->line_stmts++;
        q = e;
        if (!*q)
            break;
    }
    if (directive_is(p, ".tile"))
        return directive_tile(c, p, p + 5);
    if (directive_is(p, ".nocheck") || directive_is(p, ".check")) {
        int off = p[1] == 'n' || p[1] == 'N';
        char *rest = asm_skip_space(p + (off ? 8 : 6));
        if (b->in_brace || *rest)
            return kc_asm_lex_error(c, b->in_brace ? p : rest, "'%s' stands alone on its line, outside braces",
                                    off ? ".nocheck" : ".check");
        b->nocheck = off;
        forget_flights(b);
        return KC_OK;
    }
    if (directive_is(p, ".bundle"))
        return directive_bundle(c, p, p + 7);
    while (*p) {
        if (*p == '{') {
            if (b->in_brace)
                return kc_asm_lex_error(c, p, "'{' inside a bundle (opened on line %d): close it with '}' first",
                                        b->brace_line);
            if (b->npend)
                return kc_asm_lex_error(c, p, "'{' after an instruction on the same line: start the bundle "
                                        "with '{'");
            b->in_brace = 1;
            b->brace_line = c->lineno;
            b->brace_col = kc_asm_lex_col(c, p);
            b->started = 1;
            b->start_line = c->lineno;
            p = asm_skip_space(p + 1);
            continue;
        }
        char *e = statement_end(p);
        char ch = *e;
        *e = 0;
        char *s = asm_skip_space(p);
        char *t = s + strlen(s);
        while (t > s && (t[-1] == ' ' || t[-1] == '\t'))
            *--t = 0;
        if (*s && kc_asm_stmt_one(c, s, 1))
            return c->err->code;
        if (ch == '}') {
            if (!b->in_brace)
                return kc_asm_lex_error(c, e, "'}' without a '{'");
            b->in_brace = 0;
            if (kc_asm_bundle_close(c, e))
                return c->err->code;
            char *rest = asm_skip_space(e + 1);
            if (*rest)
                return kc_asm_lex_error(c, rest, "unexpected '%s' after '}': one bundle per '{ ... }'", rest);
            return KC_OK;
        }
        if (!ch)
            break;
        p = asm_skip_space(e + 1);
    }
    if (!b->in_brace)
        return kc_asm_bundle_close(c, p);
    return KC_OK;
}

kc_status kc_asm_bundle_finish(asm_ctx *c)
{
    asm_bundle *b = c->bundle;
    if (b->in_brace)
        return kc_err_at(c->err, KC_ERR_SYNTAX, c->file, b->brace_line, b->brace_col,
                         "unclosed '{': the bundle opened here has no '}'");
    return segment_end(c);
}

void kc_asm_bundle_reset(asm_ctx *c)
{
    asm_bundle *b = c->bundle;
    kc_asm_warning *warn = b->warn;
    size_t capwarn = b->capwarn;
    kc_program_seg *segs = b->segs;
    size_t capsegs = b->capsegs;
    memset(b, 0, sizeof *b);
    b->warn = warn;
    b->capwarn = capwarn;
    b->segs = segs;
    b->capsegs = capsegs;
    b->tile = -1;
    b->clear_next = -1;
    b->br_delay = bundle_param(c->isa, "BR_DELAY", 0);
    b->loop_depth = bundle_param(c->isa, "LOOP_DEPTH", 1);
    if (b->loop_depth > ASM_MAX_LOOPS)
        b->loop_depth = ASM_MAX_LOOPS;
}

void kc_asm_bundle_free(asm_bundle *b)
{
    if (!b)
        return;
    free(b->warn);
    free(b->segs);
    free(b);
}
