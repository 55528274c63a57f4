/* vliw_emit.c — text, labels and scheduled blocks of a vliw kernel (vliw_emit.h). */
#include "vliw_emit.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kc_task.h"
#include "vliw_hw.h"

void vliw_emit_line(vliw_gen *g, const char *fmt, ...)
{
    char buf[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    kc_text_printf(&g->out, "%s\n", buf);
}

void vliw_emit_begin(vliw_gen *g)
{
    vliw_sched_begin(&g->s);
}

void vliw_emit_op(vliw_gen *g, const char *fmt, ...)
{
    char buf[64];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    vliw_sched_add(&g->s, "%s", buf);
    /* BD chaining and lock fields outlive the stage that wrote them: the
     * barrier resets them (vliw_emit_barrier) */
    if (!strncmp(buf, "bd.set ", 7)) {
        char *f;
        long bd = strtol(buf + 7, &f, 10);
        if (bd >= 0 && bd < 32 && (strstr(f, " next,") || strstr(f, " acq,") || strstr(f, " rel,")))
            g->bd_links |= 1u << bd;
    }
}

void vliw_emit_li(vliw_gen *g, int reg, uint32_t v)
{
    int32_t sv = (int32_t)v;
    if (sv >= -32768 && sv <= 32767) {
        vliw_emit_op(g, "mov r%d, %d", reg, (int)sv);
        return;
    }
    if (g->compact && v <= 0xffff) {   /* one S-slot op instead of lui + ori */
        vliw_emit_op(g, "ori r%d, r0, 0x%x", reg, v);
        return;
    }
    vliw_emit_op(g, "lui r%d, 0x%x", reg, v >> 16);
    if (v & 0xffff)
        vliw_emit_op(g, "ori r%d, r%d, 0x%x", reg, reg, v & 0xffff);
}

static void close_block(vliw_gen *g, int loop, int *tail)
{
    if (vliw_sched_end(&g->s, &g->out, loop, tail) < 0 && !g->bad) {
        g->bad = 1;
        snprintf(g->why, sizeof g->why, "vliw template: %s", g->s.why);
    }
}

void vliw_emit_end(vliw_gen *g)
{
    if (g->s.n)
        close_block(g, 0, NULL);
}

int vliw_emit_label(vliw_gen *g)
{
    return g->nlabel++;
}

static void loop_close(vliw_gen *g, const char *head)
{
    int l = vliw_emit_label(g), tail = 0;
    vliw_emit_line(g, "    %s, L%d", head, l);
    close_block(g, 1, &tail);
    vliw_emit_line(g, "L%d:", l);
    for (int i = 0; i < tail; i++)
        vliw_emit_line(g, "    nop");
}

void vliw_emit_loop_end(vliw_gen *g, int count_reg)
{
    char head[32];
    snprintf(head, sizeof head, "loop r%d", count_reg);
    loop_close(g, head);
}

void vliw_emit_loopi_end(vliw_gen *g, uint32_t count)
{
    if (count <= 1) {
        vliw_emit_end(g);
        return;
    }
    int ii, stages;
    if (vliw_sched_modulo(&g->s, count, &ii, &stages) == 0) {
        /* software-pipelined: prologue, kernel (count - stages + 1 times),
         * epilogue. Overlapping iterations read registers whose next value
         * is in flight ON PURPOSE (the scheduler proved the order); the
         * assembler's straight-line latency check would warn on each, so it
         * is off for these bundles (vliw.md section 7, .nocheck). */
        int l = vliw_emit_label(g), drain = 0;
        uint32_t kc = count - (uint32_t)stages + 1;
        vliw_emit_line(g, ".nocheck");
        vliw_sched_emit_modulo(&g->s, &g->out, ii, stages, 0, NULL);
        if (kc > 1)
            vliw_emit_line(g, "    loopi %u, L%d", kc, l);
        vliw_sched_emit_modulo(&g->s, &g->out, ii, stages, 1, NULL);
        if (kc > 1)
            vliw_emit_line(g, "L%d:", l);
        vliw_sched_emit_modulo(&g->s, &g->out, ii, stages, 2, &drain);
        vliw_emit_line(g, ".check");
        for (int i = 0; i < drain; i++)
            vliw_emit_line(g, "    nop");
        return;
    }
    char head[32];
    snprintf(head, sizeof head, "loopi %u", count);
    loop_close(g, head);
}

int vliw_emit_branch_loop_open(vliw_gen *g, int reg, uint32_t count)
{
    int top = vliw_emit_label(g);
    vliw_emit_begin(g);
    vliw_emit_li(g, reg, count);
    vliw_emit_end(g);
    vliw_emit_line(g, "L%d:", top);
    return top;
}

void vliw_emit_branch_loop_close(vliw_gen *g, int reg, int label)
{
    vliw_emit_line(g, "    addi r%d, r%d, -1", reg, reg);
    vliw_emit_line(g, "    bnez r%d, L%d", reg, label);
    vliw_emit_line(g, "    nop");   /* the 2 delay slots */
    vliw_emit_line(g, "    nop");
}

/* ---- operands ---------------------------------------------------------------------- */

/* In the open block: rd = the DM-held address word of argument `arg`. */
static void load_xarg(vliw_gen *g, int rd, int arg)
{
    vliw_emit_op(g, "mov p7, 0x%x", vliw_hw_xarg_addr(&g->hw, (unsigned)arg));
    vliw_emit_op(g, "ld r%d, [p7, 0]", rd);
}

void vliw_emit_addr(vliw_gen *g, int rd, int rtmp, vliw_opnd o, uint32_t extra)
{
    uint32_t off = o.off + extra;
    if (o.arg < (int)VLIW_NARGS_REG && !off) {
        vliw_emit_op(g, "mov r%d, r%d", rd, o.arg + 1);
        return;
    }
    if (o.arg < (int)VLIW_NARGS_REG) {
        vliw_emit_li(g, rtmp, off);
        vliw_emit_op(g, "add r%d, r%d, r%d", rd, o.arg + 1, rtmp);
        return;
    }
    load_xarg(g, rd, o.arg);
    if (off) {
        vliw_emit_li(g, rtmp, off);
        vliw_emit_op(g, "add r%d, r%d, r%d", rd, rd, rtmp);
    }
}

int vliw_emit_addr_reg(vliw_gen *g, int rtmp, vliw_opnd o)
{
    if (o.arg < (int)VLIW_NARGS_REG && !o.off)
        return o.arg + 1;
    vliw_emit_addr(g, rtmp, rtmp, o, 0);
    return rtmp;
}

/* ---- stage sequences --------------------------------------------------------------- */

/* r1..r8 are saved per tile in the top 32 bytes of DM: the argument words of
 * tensors 32..39 (vliw_hw_xarg_addr), which no task has (KC_TASK_MAX_TENSORS
 * is 16). */
#define SAVE_ARGS(g) ((g)->hw.dm_bytes - 32u)
_Static_assert(KC_TASK_MAX_TENSORS <= 32, "the ABI save area is the argument words 32..39");

/* Locks of the barrier: BAR_LOCK + (round & 1). */
#define BAR_LOCK 14

static unsigned nsaved(const vliw_gen *g)
{
    return g->nargs < VLIW_NARGS_REG ? g->nargs : VLIW_NARGS_REG;
}

static void args_move(vliw_gen *g, int save)
{
    vliw_emit_begin(g);
    vliw_emit_op(g, "mov p7, 0x%x", SAVE_ARGS(g));
    for (unsigned i = 0; i < nsaved(g); i++)
        vliw_emit_op(g, "%s r%u, [p7, %u]", save ? "st" : "ld", i + 1, 4 * i);
    vliw_emit_end(g);
}

/* A call of the sequencer (link r13): the jal and its two delay slots give
 * the bundles before it 3 bundle-times before the callee's first, so up to
 * two drain nops that end the text before it are dropped (they only let
 * results land). slot1 / slot2: the delay slots' bundles (NULL: nop). */
static void seq_call(vliw_gen *g, int label, const char *slot1, const char *slot2)
{
    kc_text *t = &g->out;
    static const char nop[] = "    nop\n";
    static const char *const xfer[] = {"j", "jal", "jr", "beq", "bne", "blt", "bge", "bltu", "bgeu", "beqz", "bnez",
                                       "loop", "loopi", "halt"};
    size_t nl = sizeof nop - 1, end = t->buf ? t->len : 0;
    int n = 0;
    while (end >= nl && !strncmp(t->buf + end - nl, nop, nl))
        end -= nl, n++;
    /* the line before the nops: a branch's delay slots stay */
    size_t ls = end;
    while (ls > 0 && t->buf[ls - 1] != '\n')
        ls--;
    if (end > ls && end - ls < 64) {
        char w[16] = "";
        sscanf(t->buf + ls, "%15s", w);
        for (size_t i = 0; i < sizeof xfer / sizeof xfer[0]; i++)
            if (!strcmp(w, xfer[i]))
                n = n > 2 ? n - 2 : 0;
    }
    for (int k = 0; k < 2 && k < n; k++)
        t->buf[t->len -= nl] = 0;
    vliw_emit_line(g, "    jal r13, L%d", label);
    vliw_emit_line(g, "    %s", slot1 ? slot1 : "nop");
    vliw_emit_line(g, "    %s", slot2 ? slot2 : "nop");
}

/* g->compact: the whole barrier is a subroutine per tile and lock parity (3
 * bundles a call; link r13): the rounds, then the links of every BD any stage
 * of the tile linked reset (so they are 0 at every stage's entry; emitted at
 * the tile's end, when that set is known); r1..r8 are left to the sequencer
 * (g->args_stale). */
static void barrier_call(vliw_gen *g, const int *win, int nw, unsigned rounds)
{
    int par = (int)(g->bar_round & 1);
    if (g->bar_label[par] < 0)
        g->bar_label[par] = vliw_emit_label(g);
    memcpy(g->bar_win, win, sizeof g->bar_win);
    g->bar_nw = nw, g->bar_rounds = rounds;
    seq_call(g, g->bar_label[par], NULL, NULL);
    g->bar_round += rounds;
    g->bd_links_all |= g->bd_links;
    g->bd_links = 0;
    g->args_stale = g->args_saved;
}

/* The barrier subroutines barrier_call used (at the tile's end). */
static void barrier_subs(vliw_gen *g)
{
    for (int par = 0; par < 2; par++) {
        if (g->bar_label[par] < 0)
            continue;
        vliw_emit_sub_begin(g);
        vliw_emit_line(g, "L%d:", g->bar_label[par]);
        vliw_emit_begin(g);
        vliw_emit_op(g, "dma.wait 1");
        for (unsigned k = 0; k < g->bar_rounds; k++) {
            int lock = BAR_LOCK + (int)((par + k) & 1);
            for (int i = 0; i < g->bar_nw; i++)
                vliw_emit_op(g, "rel 0x%02x, 1", g->bar_win[i] << 4 | lock);
            vliw_emit_op(g, "acq 0x%02x, %d", lock, g->bar_nw);
        }
        for (unsigned bd = 0; bd < g->hw.nbds; bd++)
            if (g->bd_links_all >> bd & 1) {
                vliw_emit_op(g, "bd.set %u, next, r0", bd);
                vliw_emit_op(g, "bd.set %u, acq, r0", bd);
                vliw_emit_op(g, "bd.set %u, rel, r0", bd);
            }
        vliw_emit_end(g);
        vliw_emit_line(g, "    jr r13");
        vliw_emit_line(g, "    nop");
        vliw_emit_line(g, "    nop");
        vliw_emit_sub_end(g);
    }
}

/* The grid barrier between two stages of a tile's program.
 *  1. `dma.wait 1`: this tile's stores are in DRAM (accepted, so every later
 *     DMA read of any tile sees them).
 *  2. D = (ROWS - 1) + (COLS - 1) rounds (the mesh's diameter) of a
 *     dissemination over neighbour locks: in round r a tile releases lock
 *     L(r) of each neighbour (lock id = window << 4 | L(r), windows 1..4 as
 *     they exist at its position) by 1, then acquires its own L(r) by its
 *     neighbour count. Passing round r means every neighbour had started round
 *     r, so (by induction) every tile within r hops had started round 1, i.e.
 *     had drained its stores; after D rounds that is the whole grid, for any
 *     ROWS x COLS (1 x 1: no rounds). A neighbour runs at most one round ahead
 *     (it cannot pass round r + 1 before this tile released it), so two locks
 *     alternating with the round's parity (14 even, 15 odd, rounds counted
 *     across the tile's barriers) keep the rounds apart; a lock's value stays
 *     <= 2 x 4.
 *  3. The `next` / `acq` / `rel` fields of every BD an earlier stage linked are
 *     reset, and r1..r8 are restored from the save area.
 * Cost, with every tile arriving together: D x (neighbours + 1) S-slot
 * bundles of lock operations plus a few cycles of lock latency per round, the
 * dma.wait (0 when the stores are out), 3 bundles per linked BD and ~5 for the
 * restore (docs/tasks.md, "vliw stage sequences", has the measured figures). */
void vliw_emit_barrier(vliw_gen *g)
{
    unsigned rows = g->hw.rows, cols = g->hw.cols;
    unsigned r = g->tile / cols, c = g->tile % cols;
    int win[4], nw = 0;
    if (c > 0)
        win[nw++] = 1;
    if (c + 1 < cols)
        win[nw++] = 2;
    if (r > 0)
        win[nw++] = 3;
    if (r + 1 < rows)
        win[nw++] = 4;
    unsigned rounds = (rows - 1) + (cols - 1);
    vliw_emit_line(g, "// grid barrier: stores drained, %u rounds over %d neighbours", rounds, nw);
    if (g->compact) {
        barrier_call(g, win, nw, rounds);
        return;
    }
    vliw_emit_begin(g);
    vliw_emit_op(g, "dma.wait 1");
    for (unsigned k = 0; k < rounds; k++, g->bar_round++) {
        int lock = BAR_LOCK + (int)(g->bar_round & 1);
        for (int i = 0; i < nw; i++)
            vliw_emit_op(g, "rel 0x%02x, 1", win[i] << 4 | lock);
        vliw_emit_op(g, "acq 0x%02x, %d", lock, nw);
    }
    for (int bd = 0; bd < 32; bd++)
        if (g->bd_links >> bd & 1) {
            vliw_emit_op(g, "bd.set %d, next, r0", bd);
            vliw_emit_op(g, "bd.set %d, acq, r0", bd);
            vliw_emit_op(g, "bd.set %d, rel, r0", bd);
        }
    vliw_emit_end(g);
    g->bd_links = 0;
    if (g->args_saved)
        args_move(g, 0);
}

void vliw_emit_args_save(vliw_gen *g)
{
    if (!g->args_saved)
        args_move(g, 1);
    g->args_saved = 1;
}

void vliw_emit_args_restore(vliw_gen *g)
{
    args_move(g, 0);
}

void vliw_emit_sub_begin(vliw_gen *g)
{
    kc_text t = g->out;
    g->out = g->sub;
    g->sub = t;
}

void vliw_emit_sub_end(vliw_gen *g)
{
    vliw_emit_sub_begin(g);   /* the same swap */
}

/* DM [lo, hi) = the bf16 pattern `bits` in every lane. */
static void dm_fill(vliw_gen *g, uint32_t lo, uint32_t hi, uint32_t bits)
{
    vliw_emit_begin(g);
    vliw_emit_li(g, 13, bits);
    vliw_emit_op(g, "vbcst v0, r13");
    vliw_emit_li(g, 13, lo);
    vliw_emit_op(g, "mov p7, r13");
    vliw_emit_end(g);
    for (uint32_t n = (hi - lo + 31) / 32; n;) {
        uint32_t k = n < 1023 ? n : 1023;   /* loopi's count field */
        vliw_emit_begin(g);
        vliw_emit_op(g, "vst v0, [p7], 32");
        vliw_emit_loopi_end(g, k);
        n -= k;
    }
}

void vliw_emit_dm_zero(vliw_gen *g, uint32_t lo, uint32_t hi)
{
    if (g->dm_dirty && hi > lo)
        dm_fill(g, lo, hi, 0);
}

/* The poison stage (g->poison): every stage's DM below the save area NaN,
 * so a later stage that reads DM it did not write fails its checks. */
static kc_status poison_stage(vliw_gen *g, const void *args, kc_err *err)
{
    (void)args;
    (void)err;
    dm_fill(g, 0, g->hw.dm_bytes - 128, 0x7fc0);
    return KC_OK;
}

/* ---- shared stage bodies ----------------------------------------------------------- */

#define SHARED_MAX 16
#define SHARED_KEY 96

/* One body a tile has emitted: its key, its label, the BDs it links (the
 * barrier after each call resets them). */
typedef struct vliw_shared_body {
    vliw_stage_fn emit;
    unsigned char key[SHARED_KEY];
    size_t size;
    unsigned tile, ntiles;   /* the split it was emitted for (beside stages narrow it) */
    int label;
    uint32_t bd_links;
} vliw_shared_body;

/* The body's return address lives in a DM word no task uses (the argument
 * word of tensor 16; the save area is 32..39). */
#define SHARED_LINK(g) vliw_hw_xarg_addr(&(g)->hw, 16)
_Static_assert(KC_TASK_MAX_TENSORS <= 16, "the shared bodies' link word is argument word 16");

static vliw_shared_body *shared_find(vliw_gen *g, const vliw_shared_stage *c)
{
    for (int i = 0; i < g->nshared; i++) {
        vliw_shared_body *b = &g->shared[i];
        if (b->emit == c->emit && b->size == c->size && b->tile == g->tile && b->ntiles == g->ntiles &&
            !memcmp(b->key, c->args, c->size))
            return b;
    }
    return NULL;
}

/* Emits the body as a subroutine after the halt: link r13 into the DM word,
 * the stage, the link back, jr. */
static kc_status shared_emit(vliw_gen *g, const vliw_shared_stage *c, vliw_shared_body *b, kc_err *err)
{
    kc_text main = g->out;   /* the body's own text; its subroutines still go to g->sub */
    kc_text_init(&g->out);
    uint32_t links = g->bd_links;
    g->bd_links = 0;
    vliw_emit_line(g, "L%d:", b->label);   /* the call's delay slots stored the link */
    kc_status s = c->emit(g, c->args, err);
    vliw_emit_begin(g);
    vliw_emit_op(g, "mov p7, 0x%x", SHARED_LINK(g));
    vliw_emit_op(g, "ld r13, [p7, 0]");
    vliw_emit_end(g);
    vliw_emit_line(g, "    jr r13");
    vliw_emit_line(g, "    nop");
    vliw_emit_line(g, "    nop");
    b->bd_links = g->bd_links;
    g->bd_links |= links;
    kc_text_printf(&g->sub, "%s", g->out.buf ? g->out.buf : "");
    g->sub.oom |= g->out.oom;
    kc_text_free(&g->out);
    g->out = main;
    return s;
}

/* The operands of shared stage c into r1..r<nop>: from the registers (through
 * r9..: every ABI register is a source until all are read), or with `direct`
 * straight from the save area (r1..r8 are stale: no sources). */
static void shared_operands(vliw_gen *g, const vliw_shared_stage *c, int direct)
{
    vliw_emit_begin(g);
    for (unsigned i = 0; i < c->nop; i++) {
        int rd = direct ? 1 + (int)i : 9 + (int)i;
        if (!direct || c->op[i].arg >= (int)VLIW_NARGS_REG) {
            vliw_emit_addr(g, rd, 15, c->op[i], 0);
            continue;
        }
        vliw_emit_op(g, "mov p7, 0x%x", SAVE_ARGS(g));
        vliw_emit_op(g, "ld r%d, [p7, %d]", rd, 4 * c->op[i].arg);
        if (c->op[i].off) {
            vliw_emit_li(g, 15, c->op[i].off);
            vliw_emit_op(g, "add r%d, r%d, r15", rd, rd);
        }
    }
    for (unsigned i = 0; i < c->nop && !direct; i++)
        vliw_emit_op(g, "mov r%u, r%u", i + 1, 9 + i);
    if (c->params)
        c->params(g, c->pargs);
    vliw_emit_end(g);
}

kc_status vliw_emit_shared_stage(vliw_gen *g, const void *args, kc_err *err)
{
    const vliw_shared_stage *c = args;
    if (c->size > SHARED_KEY || c->nop > 6)
        return kc_err_set(err, KC_ERR_INTERNAL, "vliw template: a shared stage's key or operands are too large");
    vliw_emit_args_save(g);
    shared_operands(g, c, g->args_stale);
    vliw_shared_body *b = shared_find(g, c);
    if (!b) {
        if (g->nshared == SHARED_MAX)
            return kc_err_set(err, KC_ERR_INTERNAL, "vliw template: more than %d shared stage bodies", SHARED_MAX);
        b = &g->shared[g->nshared++];
        memset(b, 0, sizeof *b);
        b->emit = c->emit;
        b->size = c->size;
        b->tile = g->tile, b->ntiles = g->ntiles;
        memcpy(b->key, c->args, c->size);
        b->label = vliw_emit_label(g);
        /* one body serves every call: emitted as for a stage after others
         * (DM may be dirty) that is not the last (its locks back at 0) */
        int dirty = g->dm_dirty, last = g->last_stage;
        g->dm_dirty = 1, g->last_stage = 0;
        kc_status s = shared_emit(g, c, b, err);
        g->dm_dirty = dirty, g->last_stage = last;
        if (s != KC_OK)
            return s;
    }
    g->bd_links |= b->bd_links;
    char slot1[32];
    snprintf(slot1, sizeof slot1, "mov p7, 0x%x", SHARED_LINK(g));
    seq_call(g, b->label, slot1, "st r13, [p7, 0]");   /* jal's r13 is there from the next bundle */
    return KC_OK;
}

kc_status vliw_emit_beside_stage(vliw_gen *g, const void *args, kc_err *err)
{
    const vliw_beside *b = args;
    unsigned nt = g->ntiles, t = g->tile;
    if (b->ntiles_a < 1 || b->ntiles_a >= nt)
        return kc_err_set(err, KC_ERR_INTERNAL, "vliw template: beside stages on %u of %u tiles", b->ntiles_a, nt);
    int in_a = t < b->ntiles_a;
    g->ntiles = in_a ? b->ntiles_a : nt - b->ntiles_a;
    g->tile = in_a ? t : t - b->ntiles_a;
    const vliw_stage *st = in_a ? &b->a : &b->b;
    vliw_emit_line(g, "// beside: stage %c on tiles %u..%u", in_a ? 'a' : 'b', in_a ? 0 : b->ntiles_a,
                   in_a ? b->ntiles_a : nt);
    kc_status s = st->emit(g, st->args, err);
    g->ntiles = nt, g->tile = t;
    return s;
}

kc_status vliw_emit_stages(vliw_gen *g, const vliw_stage *stages, int n, kc_err *err)
{
    vliw_shared_body shared[SHARED_MAX];
    g->shared = shared;
    if (g->poison && n < 16) {   /* the kernel again, after the poison stage */
        vliw_stage all[17] = {{poison_stage, NULL}};
        for (int i = 0; i < n; i++)
            all[i + 1] = stages[i];
        g->poison = 0;
        kc_status s = vliw_emit_stages(g, all, n + 1, err);
        g->poison = 1;
        return s;
    }
    for (unsigned t = 0; t < g->ntiles; t++) {
        g->tile = t;
        g->dm_dirty = 0;
        g->bd_links = 0;
        g->bar_round = 0;
        g->args_saved = 0;
        g->args_stale = 0;
        g->nshared = 0;
        g->bar_label[0] = g->bar_label[1] = -1;
        g->bd_links_all = 0;
        g->nstages = n;
        vliw_emit_line(g, ".tile %u", t);
        if (n > 1)
            vliw_emit_args_save(g);
        for (int i = 0; i < n; i++) {
            if (i) {
                vliw_emit_barrier(g);
                g->dm_dirty = 1;
            }
            g->last_stage = i + 1 == n;
            if (g->args_stale && stages[i].emit != vliw_emit_shared_stage) {
                args_move(g, 0);
                g->args_stale = 0;
            }
            kc_status s = stages[i].emit(g, stages[i].args, err);
            if (s != KC_OK)
                return s;
        }
        vliw_emit_line(g, "    halt");
        barrier_subs(g);
        if (g->sub.len)
            kc_text_printf(&g->out, "%s", g->sub.buf);
        g->out.oom |= g->sub.oom;
        kc_text_free(&g->sub);
        kc_text_init(&g->sub);
    }
    g->shared = NULL;
    return KC_OK;
}
