/* vliw_rgen.c — constrained-random vliw programs (see vliw_rgen.h).
 *
 * Register conventions of a generated program (what keeps it legal):
 *   r1..r12  random scalars     r13 loop counts     r14 staging (li / bd.set)
 *   r15      jr targets         p0, p1 own-DM vector pointers (32-aligned)
 *   p2, p3   own-DM scalar pointers (4-aligned)     p4, p5 a neighbour's DM
 *   (vector / scalar), p6, p7 random                m0 = 32, m1 = -32, m2 = 4,
 *   m3 = -4 (post-modify), m4..m7 random
 * DM layout of a tile: [0x400, 0x3c00) core data (own and neighbours'),
 * [0x4000, 0x8000) DMA buffers. DRAM: [IN_LO, IN_LO + 32K) read by DMA, tile t
 * writes [OUT_LO + t * 32K, + 32K).
 * Locks: 0..7 east-west handshakes, 8..11 north-south, 12 + ch DMA REL (the core
 * acquires), 14 + ch DMA ACQ (the core releases first); 11 for a lock-overflow trap.
 */
#include "vliw_rgen.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kc_isa.h"

#define RG_IN_LO   0x10000u
#define RG_OUT_LO  0x40000u
#define RG_REGION  0x8000u
#define RG_DM_LO   0x400u
#define RG_DM_HI   0x3c00u
#define RG_DMA_LO  0x4000u
#define RG_NKEYS   72             /* file << 4 | index, as the ISS */

enum { K_R = 0, K_P = 16, K_M = 32, K_V = 48, K_A = 64 };

typedef struct rg {
    uint64_t rng;
    char *buf;
    size_t len, cap;
    int oom;
    const kc_isa *isa;
    unsigned rows, cols, tid, ntiles;
    unsigned k;                  /* straight-line bundle index of the tile's program */
    unsigned busy[RG_NKEYS];     /* index of the boundary the last write of a register lands at */
    unsigned label;
    int depth;                   /* hardware-loop nesting */
    int ptr_drift[4];            /* bytes p0..p3 moved since their base */
    uint32_t ptr_base[4];
    int neighbour;               /* a window with a tile, or 0 */
    int no_dma;                  /* leave DMA out (--avoid dma: an RTL without its DMA engine) */
    uint32_t dram_bytes;         /* the DRAM the program runs with (a dma-fault points past it) */
    /* the bundle being built */
    char slot[7][96];
    unsigned mine[RG_NKEYS];     /* +1 when this bundle writes the register */
    unsigned bundle_mark;
} rg;

static uint64_t rg_next(rg *g)
{
    uint64_t z = (g->rng += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

static unsigned rg_below(rg *g, unsigned n)
{
    return n ? (unsigned)(rg_next(g) % n) : 0;
}

static int rg_chance(rg *g, unsigned percent)
{
    return rg_below(g, 100) < percent;
}

__attribute__((format(printf, 2, 3)))
static void rg_emit(rg *g, const char *fmt, ...)
{
    va_list ap;
    for (;;) {
        va_start(ap, fmt);
        int n = vsnprintf(g->buf + g->len, g->cap - g->len, fmt, ap);
        va_end(ap);
        if (n < 0) {
            g->oom = 1;
            return;
        }
        if ((size_t)n < g->cap - g->len) {
            g->len += (size_t)n;
            return;
        }
        size_t cap = g->cap * 2 + (size_t)n + 256;
        char *b = realloc(g->buf, cap);
        if (!b) {
            g->oom = 1;
            return;
        }
        g->buf = b;
        g->cap = cap;
    }
}

/* ---- bundles and latencies -------------------------------------------------------- */

static int row_latency(const rg *g, const char *id, int k)
{
    const kc_isa_insn *in = kc_isa_insn_by_id(g->isa, id);
    return in && k < in->ndst ? in->dsts[k].latency : 1;
}

static void bundle_begin(rg *g)
{
    for (int s = 0; s < 7; s++)
        g->slot[s][0] = 0;
    memset(g->mine, 0, sizeof g->mine);
}

/* May this bundle write register key `reg` with latency `lat`? (Lands after
 * every earlier write of it, and no other write of it in this bundle.) */
static int can_write(const rg *g, unsigned reg, int lat)
{
    return reg == K_R || (!g->mine[reg] && g->busy[reg] < g->k + (unsigned)lat);
}

static void wrote(rg *g, unsigned reg, int lat)
{
    if (reg == K_R)
        return;
    g->mine[reg] = 1;
    g->busy[reg] = g->k + (unsigned)lat;
}

static void bundle_end(rg *g)
{
    int any = 0;
    for (int s = 0; s < 7; s++) {
        if (!g->slot[s][0])
            continue;
        rg_emit(g, "%s%s", any ? " ; " : "        ", g->slot[s]);
        any = 1;
    }
    rg_emit(g, any ? "\n" : "        nop\n");
    g->k++;
}

/* A whole line that is one bundle (or, for li, one or two). */
static void line(rg *g, unsigned bundles, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void line(rg *g, unsigned bundles, const char *fmt, ...)
{
    char tmp[160];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    rg_emit(g, "        %s\n", tmp);
    g->k += bundles;
}

/* Nop bundles until every result has landed. */
static void drain(rg *g)
{
    unsigned last = 0;
    for (unsigned r = 0; r < RG_NKEYS; r++)
        if (g->busy[r] > last)
            last = g->busy[r];
    while (g->k < last)
        line(g, 1, "nop");
}

/* li of a 32-bit value: addi when it fits 16 signed bits, else lui (+ ori). */
static void li(rg *g, unsigned r, uint32_t v)
{
    int32_t sv = (int32_t)v;
    unsigned n = (sv >= -32768 && sv <= 32767) ? 1 : (v & 0xffff) ? 2 : 1;
    line(g, n, "li r%u, 0x%x", r, v);
    g->busy[K_R + r] = g->k;   /* the last bundle's write lands at the next boundary */
}

/* ---- random compute ops --------------------------------------------------------- */

/* id, slot (0 S, 4 MAC, 5 VEC, 6 MV), operand pattern:
 *   D dest r   r src r   W dest v   v src v   A dest acc   q src acc   P dest p6/p7
 *   p src p    M dest m4..m7   m src m   s simm   u uimm   c shift 0..31
 *   l lane 0..15   i shift 0..8   X special   a DM address (window 0) */
typedef struct rg_op {
    const char *id;
    int slot;
    const char *pat;
} rg_op;

static const rg_op rg_ops[] = {
    {"add", 0, "Drr"}, {"sub", 0, "Drr"}, {"and", 0, "Drr"}, {"or", 0, "Drr"}, {"xor", 0, "Drr"},
    {"sll", 0, "Drr"}, {"srl", 0, "Drr"}, {"sra", 0, "Drr"}, {"slt", 0, "Drr"}, {"sltu", 0, "Drr"},
    {"mul", 0, "Drr"}, {"addi", 0, "Drs"}, {"andi", 0, "Dru"}, {"ori", 0, "Dru"}, {"xori", 0, "Dru"},
    {"slti", 0, "Drs"}, {"lui", 0, "Du"}, {"slli", 0, "Drc"}, {"srli", 0, "Drc"}, {"srai", 0, "Drc"},
    {"padd", 0, "Ps"}, {"padd_m", 0, "Pm"},
    {"vmmac", 4, "Avv"}, {"vmmul", 4, "Avv"}, {"vmac", 4, "Avv"}, {"vmsc", 4, "Avv"}, {"vmul", 4, "Avv"},
    {"vmac_i16", 4, "Avv"}, {"vmsc_i16", 4, "Avv"}, {"vmul_i16", 4, "Avv"},
    {"aadd", 5, "Aqq"}, {"asub", 5, "Aqq"}, {"amul", 5, "Aqq"}, {"amax", 5, "Aqq"}, {"amin", 5, "Aqq"},
    {"alt", 5, "Aqq"}, {"asel", 5, "Aqqr"}, {"aiota", 5, "A"}, {"aexp", 5, "Aq"}, {"arcp", 5, "Aq"},
    {"arsqrt", 5, "Aq"}, {"aredsum", 5, "Aq"}, {"aredmax", 5, "Aq"}, {"vtrn", 5, "Wv"},
    {"vcatlo", 5, "Wvv"}, {"vcathi", 5, "Wvv"}, {"vsplat", 5, "Wvl"}, {"vsel", 5, "Wvvr"},
    {"mov", 6, "Dr"}, {"mov_pr", 6, "Pr"}, {"mov_mr", 6, "Mr"}, {"mov_rp", 6, "Dp"}, {"mov_rs", 6, "DX"},
    {"vmov", 6, "Wv"}, {"amov", 6, "Aq"}, {"vbcst", 6, "Wr"}, {"abcst", 6, "Ar"}, {"srs", 6, "Wq"},
    {"ups", 6, "Av"}, {"srs_i16", 6, "Wqc"}, {"ups_i16", 6, "Avi"}, {"vext", 6, "Dvl"}, {"aext", 6, "Dql"},
    {"vins", 6, "Wrl"}, {"movi", 6, "Ds"}, {"movi_p", 6, "Pa"}, {"movi_m", 6, "Ms"},
};

#define RG_NOPS (sizeof rg_ops / sizeof rg_ops[0])

static const char *const rg_special[] = {"tid", "row", "col", "ntiles", "cyclelo", "cyclehi"};

/* Tries to put one op of slot `slot` into the bundle; 0 when the chosen op's
 * destination cannot be written now. `lat1`: only latency-1 ops (delay slots). */
static int compute_op(rg *g, int slot, int lat1)
{
    const rg_op *op = NULL;
    for (int tries = 0; tries < 8 && !op; tries++) {
        const rg_op *c = &rg_ops[rg_below(g, RG_NOPS)];
        if (c->slot == slot && (!lat1 || row_latency(g, c->id, 0) == 1))
            op = c;
    }
    if (!op)
        return 0;
    const kc_isa_insn *in = kc_isa_insn_by_id(g->isa, op->id);
    if (!in)
        return 0;
    int lat = row_latency(g, op->id, 0);
    char text[96];
    size_t n = (size_t)snprintf(text, sizeof text, "%s", kc_isa_insn_mnemonic(in));
    unsigned dest = UINT32_MAX;
    for (const char *p = op->pat; *p; p++) {
        char one[32];
        unsigned r;
        switch (*p) {
        case 'D': r = 1 + rg_below(g, 12); dest = K_R + r; snprintf(one, sizeof one, "r%u", r); break;
        case 'r': snprintf(one, sizeof one, "r%u", rg_below(g, 16)); break;
        case 'W': r = rg_below(g, 16); dest = K_V + r; snprintf(one, sizeof one, "v%u", r); break;
        case 'v': snprintf(one, sizeof one, "v%u", rg_below(g, 16)); break;
        case 'A': r = rg_below(g, 8); dest = K_A + r; snprintf(one, sizeof one, "acc%u", r); break;
        case 'q': snprintf(one, sizeof one, "acc%u", rg_below(g, 8)); break;
        case 'P': r = 6 + rg_below(g, 2); dest = K_P + r; snprintf(one, sizeof one, "p%u", r); break;
        case 'p': snprintf(one, sizeof one, "p%u", rg_below(g, 8)); break;
        case 'M': r = 4 + rg_below(g, 4); dest = K_M + r; snprintf(one, sizeof one, "m%u", r); break;
        case 'm': snprintf(one, sizeof one, "m%u", rg_below(g, 8)); break;
        case 's': snprintf(one, sizeof one, "%d", (int)rg_below(g, 2001) - 1000); break;
        case 'u': snprintf(one, sizeof one, "0x%x", (unsigned)(rg_next(g) & 0xffff)); break;
        case 'c': snprintf(one, sizeof one, "%u", rg_below(g, 32)); break;
        case 'i': snprintf(one, sizeof one, "%u", rg_below(g, 9)); break;
        case 'l': snprintf(one, sizeof one, "%u", rg_below(g, 16)); break;
        case 'X': snprintf(one, sizeof one, "%s", rg_special[rg_below(g, 6)]); break;
        default: snprintf(one, sizeof one, "0x%x", RG_DM_LO + 32 * rg_below(g, 64)); break;   /* 'a' */
        }
        n += (size_t)snprintf(text + n, sizeof text - n, "%s%s", p == op->pat ? " " : ", ", one);
    }
    if (dest != UINT32_MAX && !can_write(g, dest, lat))
        return 0;
    if (dest != UINT32_MAX)
        wrote(g, dest, lat);
    snprintf(g->slot[slot], sizeof g->slot[slot], "%s", text);
    return 1;
}

/* ---- memory ops ----------------------------------------------------------------- */

/* A load (slot 1 or 2) or store (3) through the tile's pointers. `fixed`: no
 * post-modify (inside loops: the pointer would drift per iteration). */
static void memory_op(rg *g, int slot, int fixed)
{
    int store = slot == 3, vec = rg_chance(g, 55);
    int nb = g->neighbour && rg_chance(g, 25);
    unsigned p = nb ? (vec ? 4u : 5u) : (vec ? rg_below(g, 2) : 2 + rg_below(g, 2));
    int form = (fixed || nb) ? 0 : (int)rg_below(g, 3);   /* 0 offset, 1 post-imm, 2 post-m */
    unsigned data = vec ? rg_below(g, 16) : 1 + rg_below(g, 12);
    unsigned dkey = vec ? K_V + data : K_R + data;
    int lat = row_latency(g, vec ? "vld" : "ld", 0);
    if (!store && !can_write(g, dkey, lat))
        return;
    if (form && !can_write(g, K_P + p, 1))
        form = 0;
    if (form && p < 4 && abs(g->ptr_drift[p]) > 0x300)
        form = 0;
    int unit = vec ? 32 : 4;
    char mem[48];
    if (form == 0) {
        int off = unit * ((int)rg_below(g, 9) - 4);
        snprintf(mem, sizeof mem, "[p%u, %d]", p, off);
    } else if (form == 1) {
        int inc = rg_chance(g, 50) ? unit : -unit;
        snprintf(mem, sizeof mem, "[p%u], %d", p, inc);
        g->ptr_drift[p] += unit;   /* |moves| since the base: skipped code moves less */
        wrote(g, K_P + p, 1);
    } else {
        unsigned m = vec ? rg_below(g, 2) : 2 + rg_below(g, 2);
        snprintf(mem, sizeof mem, "[p%u], m%u", p, m);
        g->ptr_drift[p] += unit;
        wrote(g, K_P + p, 1);
    }
    if (!store)
        wrote(g, dkey, lat);
    snprintf(g->slot[slot], sizeof g->slot[slot], "%s %s%u, %s", store ? (vec ? "vst" : "st") : (vec ? "vld" : "ld"),
             vec ? "v" : "r", data, mem);
}

/* One random bundle. `fixed`: inside a loop; `lat1`: only latency-1 results. */
static void random_bundle(rg *g, int fixed, int lat1)
{
    bundle_begin(g);
    if (rg_chance(g, 60))
        compute_op(g, 0, lat1);
    if (!lat1) {
        if (rg_chance(g, 45))
            memory_op(g, 1, fixed);
        if (g->slot[1][0] && rg_chance(g, 40))
            memory_op(g, 2, fixed);
        if (rg_chance(g, 35))
            memory_op(g, 3, fixed);
        if (rg_chance(g, 55))
            compute_op(g, 4, 0);
    }
    if (rg_chance(g, 50))
        compute_op(g, 5, lat1);
    if (rg_chance(g, 55))
        compute_op(g, 6, lat1);
    bundle_end(g);
}

/* Pointers p0..p3 back to their base when they drifted (at a drain point). */
static void rebase(rg *g)
{
    for (unsigned p = 0; p < 4; p++)
        if (g->ptr_drift[p]) {
            line(g, 1, "mov p%u, 0x%x", p, g->ptr_base[p]);
            g->busy[K_P + p] = g->k;
            g->ptr_drift[p] = 0;
        }
    drain(g);
}

/* ---- control flow ---------------------------------------------------------------- */

static void straight(rg *g, unsigned n, int fixed)
{
    for (unsigned i = 0; i < n; i++)
        random_bundle(g, fixed, 0);
}

/* A forward branch: the delay slots carry latency-1 work only; the skipped
 * bundles drain before the label, so both paths meet with nothing in flight. */
static void branch_block(rg *g)
{
    rebase(g);
    unsigned l = g->label++;
    static const char *const two[] = {"beq", "bne", "blt", "bge", "bltu", "bgeu"};
    unsigned kind = rg_below(g, 5);
    if (kind == 0) {
        line(g, 1, "%s r%u, r%u, T%u_%u", two[rg_below(g, 6)], rg_below(g, 16), rg_below(g, 16), g->tid, l);
    } else if (kind == 1) {
        line(g, 1, "%s r%u, T%u_%u", rg_chance(g, 50) ? "beqz" : "bnez", rg_below(g, 16), g->tid, l);
    } else if (kind == 2) {
        line(g, 1, "j T%u_%u", g->tid, l);
    } else if (kind == 3) {
        if (!can_write(g, K_R + 15, 1))
            drain(g);
        line(g, 1, "jal r15, T%u_%u", g->tid, l);
        g->busy[K_R + 15] = g->k;
    } else {
        line(g, 1, "li r15, T%u_%u", g->tid, l);   /* a bundle index: addi */
        g->busy[K_R + 15] = g->k;
        drain(g);
        line(g, 1, "jr r15");
    }
    for (int d = 0; d < 2; d++)
        random_bundle(g, 1, 1);
    straight(g, rg_below(g, 4), 1);
    drain(g);
    rg_emit(g, "T%u_%u:\n", g->tid, l);
}

/* A hardware loop (loop or loopi, 1..3 iterations), maybe with one nested. */
static void loop_block(rg *g)
{
    rebase(g);
    unsigned l = g->label++;
    if (rg_chance(g, 50)) {
        li(g, 13, rg_below(g, 4));   /* 0 runs once */
        drain(g);
        line(g, 1, "loop r13, L%u_%u", g->tid, l);
    } else {
        line(g, 1, "loopi %u, L%u_%u", 1 + rg_below(g, 3), g->tid, l);
    }
    g->depth++;
    straight(g, 1 + rg_below(g, 3), 1);
    if (g->depth < 2 && rg_chance(g, 40)) {
        loop_block(g);
        line(g, 1, "nop");
        line(g, 1, "nop");
    }
    drain(g);
    line(g, 1, "nop");   /* the body never ends on a bundle with results in flight */
    g->depth--;
    rg_emit(g, "L%u_%u:\n", g->tid, l);
}

/* ---- locks and DMA ------------------------------------------------------------------ */

/* Round r of the handshake: release the east / north neighbours' locks, then
 * acquire the own locks the west / south neighbours release. */
static void handshake(rg *g, unsigned r)
{
    unsigned row = g->tid / g->cols, col = g->tid % g->cols;
    drain(g);
    if (g->neighbour && rg_chance(g, 60)) {   /* hand over some data first */
        bundle_begin(g);
        snprintf(g->slot[3], sizeof g->slot[3], "vst v%u, [p4, %u]", rg_below(g, 16), 32 * rg_below(g, 4));
        bundle_end(g);
    }
    if (col + 1 < g->cols)
        line(g, 1, "rel 0x%x, 1", 2u << 4 | (r % 8));
    if (row + 1 < g->rows)
        line(g, 1, "rel 0x%x, 1", 4u << 4 | (8 + r % 3));
    if (col > 0)
        line(g, 1, "acq %u, 1", r % 8);
    if (row > 0)
        line(g, 1, "acq %u, 1", 8 + r % 3);
}

static void bd_field(rg *g, unsigned bd, const char *field, uint32_t v)
{
    if (v == 0) {
        line(g, 1, "bd.set %u, %s, r0", bd, field);
        return;
    }
    li(g, 14, v);
    line(g, 1, "bd.set %u, %s, r14", bd, field);
}

/* One BD of a chain on channel ch; `first`: carries the chain's ACQ; `next`: BD
 * index + 1 of the next (0: last, carries REL). */
static void dma_bd(rg *g, unsigned ch, unsigned bd, int acq, unsigned next)
{
    unsigned len0 = 2 * (1 + rg_below(g, 40)), cnt1 = 1 + rg_below(g, 3), cnt2 = 1 + rg_below(g, 2);
    unsigned ds1 = len0 + 2 * rg_below(g, 20), ds2 = cnt1 * ds1 + 2 * rg_below(g, 20);
    unsigned ms1 = len0 + 2 * rg_below(g, 10), ms2 = cnt1 * ms1 + 2 * rg_below(g, 10);
    unsigned dext = ds2 * (cnt2 - 1) + ds1 * (cnt1 - 1) + len0, mext = ms2 * (cnt2 - 1) + ms1 * (cnt1 - 1) + len0;
    uint32_t dram = (ch == 0 ? RG_IN_LO : RG_OUT_LO + g->tid * RG_REGION) + 2 * rg_below(g, (RG_REGION - dext) / 2);
    uint32_t dm = RG_DMA_LO + 2 * rg_below(g, (0x4000 - mext) / 2);
    drain(g);
    bd_field(g, bd, "dram", dram);
    bd_field(g, bd, "dm", dm);
    bd_field(g, bd, "len0", len0);
    bd_field(g, bd, "cnt1", cnt1);
    bd_field(g, bd, "cnt2", cnt2);
    if (cnt1 > 1) {
        bd_field(g, bd, "dstride1", ds1);
        bd_field(g, bd, "mstride1", ms1);
    }
    if (cnt2 > 1) {
        bd_field(g, bd, "dstride2", ds2);
        bd_field(g, bd, "mstride2", ms2);
    }
    bd_field(g, bd, "acq", acq ? (0x2000u | (14 + ch) << 6 | 1) : 0);
    bd_field(g, bd, "rel", next ? 0 : (0x2000u | (12 + ch) << 6 | 1));
    bd_field(g, bd, "next", next ? (0x10u | (next - 1)) : 0);
    drain(g);
}

/* A chain of 1-2 BDs on a channel, started, some work, then waited for. */
static void dma_block(rg *g)
{
    unsigned ch = rg_below(g, 2), n = 1 + rg_below(g, 2), b0 = rg_below(g, 15);
    int acq = rg_chance(g, 40);
    for (unsigned i = 0; i < n; i++)
        dma_bd(g, ch, b0 + i, acq && i == 0, i + 1 < n ? b0 + i + 2 : 0);
    if (acq)
        line(g, 1, "rel %u, 1", 14 + ch);
    line(g, 1, "dma.start %u, %u", ch, b0);
    straight(g, rg_below(g, 4), 0);
    drain(g);
    /* every REL is acquired once: the lock counts chains, so the next chain never
     * sees an old release (its BDs would be rewritten while this one runs) */
    if (rg_chance(g, 30))
        line(g, 1, "dma.wait %u", ch);
    line(g, 1, "acq %u, 1", 12 + ch);
}

/* ---- a tile's program ---------------------------------------------------------------- */

static const int rg_trap_causes[] = {
    4 /* misaligned */, 3 /* dm-access */, 6 /* lock-overflow */, 1 /* illegal */,
    5 /* write-conflict */, 7 /* dma-fault */, 8 /* bd-invalid */,
};
#define RG_NCAUSES (sizeof rg_trap_causes / sizeof rg_trap_causes[0])

/* A DMA channel's trap at a BD load: a legal BD with one field made bad. The
 * channel is idle first (its last chain's REL was acquired; dma.wait to be sure),
 * so the trap comes from this dma.start and from nothing else in flight. */
static void trap_dma(rg *g, int cause)
{
    unsigned ch = rg_below(g, 2), bd = rg_below(g, 16);
    line(g, 1, "dma.wait %u", ch);
    dma_bd(g, ch, bd, 0, 0);
    if (cause == 7) {   /* dma-fault: a DRAM row at or past the end of the DRAM */
        bd_field(g, bd, "dram", g->dram_bytes + 2 * rg_below(g, 0x800));
    } else {            /* bd-invalid: an odd length or address, or a zero count */
        switch (rg_below(g, 4)) {
        case 0: bd_field(g, bd, "len0", 2 * rg_below(g, 40) + 1); break;
        case 1: bd_field(g, bd, "cnt1", 0); break;
        case 2: bd_field(g, bd, "cnt2", 0); break;
        default: bd_field(g, bd, "dm", RG_DMA_LO + 2 * rg_below(g, 0x100) + 1); break;
        }
    }
    drain(g);
    line(g, 1, "dma.start %u, %u", ch, bd);
}

static void trap_epilogue(rg *g, int cause)
{
    drain(g);
    switch (cause) {
    case 4: line(g, 1, "mov p7, 0x%x", RG_DM_LO + 4); line(g, 1, "nop"); line(g, 1, "vld v0, [p7]"); break;
    case 3: line(g, 1, "mov p7, 0x50000"); line(g, 1, "nop"); line(g, 1, "ld r1, [p7]"); break;
    case 6: line(g, 1, "rel 11, 63"); line(g, 1, "rel 11, 1"); break;
    case 5:   /* mul (latency 2) and addi (latency 1) one bundle later land together */
        rg_emit(g, ".nocheck\n");
        line(g, 1, "mul r1, r2, r3");
        line(g, 1, "addi r1, r0, 1");
        rg_emit(g, ".check\n");
        break;
    case 7:
    case 8: trap_dma(g, cause); break;
    default: line(g, 1, ".bundle 0xfc000000, 0, 0, 0, 0, 0, 0"); break;
    }
}

/* One tile's program, or (spmd) the one program every tile runs: no `.tile`,
 * no neighbour accesses and no handshakes (they depend on the tile's place),
 * and `mov rN, tid` style reads make the tiles differ. */
static void tile_program(rg *g, unsigned rounds, int trap, int spmd)
{
    unsigned row = g->tid / g->cols, col = g->tid % g->cols;
    g->k = 0;
    memset(g->busy, 0, sizeof g->busy);
    g->depth = 0;
    /* a neighbour for p4/p5: east, west, north, south, whichever exists first */
    g->neighbour = spmd ? 0 : col + 1 < g->cols ? 2 : col > 0 ? 1 : row + 1 < g->rows ? 4 : row > 0 ? 3 : 0;
    if (!spmd)
        rg_emit(g, ".tile %u\n", g->tid);
    for (unsigned p = 0; p < 4; p++) {
        g->ptr_base[p] = RG_DM_LO + 0x200 + (p < 2 ? 32 : 4) * rg_below(g, 200);
        g->ptr_drift[p] = 0;
        line(g, 1, "mov p%u, 0x%x ; addi r0, r0, 1", p, g->ptr_base[p]);   /* r0 writes: dropped */
    }
    if (g->neighbour) {
        line(g, 1, "mov p4, 0x%x", g->neighbour << 16 | (RG_DM_LO + 32 * rg_below(g, 64)));
        line(g, 1, "mov p5, 0x%x", g->neighbour << 16 | (RG_DM_LO + 4 * rg_below(g, 512)));
    }
    line(g, 1, "mov m0, 32");
    line(g, 1, "mov m1, -32");
    line(g, 1, "mov m2, 4");
    line(g, 1, "mov m3, -4");
    for (unsigned i = 1; i <= 12; i++)
        if (rg_chance(g, 50))
            li(g, i, (uint32_t)rg_next(g));
    drain(g);
    unsigned blocks = 6 + rg_below(g, 6), done_rounds = 0;
    for (unsigned b = 0; b < blocks || done_rounds < rounds; b++) {
        if (done_rounds < rounds && (b >= blocks || rg_chance(g, 30))) {
            handshake(g, done_rounds++);
            continue;
        }
        switch (rg_below(g, 6)) {
        case 0: branch_block(g); break;
        case 1: loop_block(g); break;
        case 2:
            if (g->no_dma)
                straight(g, 2 + rg_below(g, 6), 0);
            else
                dma_block(g);
            break;
        default: straight(g, 2 + rg_below(g, 6), 0); break;
        }
    }
    if (trap)
        trap_epilogue(g, trap);
    drain(g);
    line(g, 1, "halt");
}

static kc_status rgen_make(uint64_t seed, const kc_hw *hw, uint32_t dram_bytes, int trap, int no_dma,
                           kc_rgen_prog *out, kc_err *err)
{
    memset(out, 0, sizeof *out);
    rg g;
    memset(&g, 0, sizeof g);
    g.no_dma = no_dma;
    g.dram_bytes = dram_bytes;
    g.rng = seed * 0x2545f4914f6cdd1dull + 0x5bd1e995u;
    kc_status st = kc_isa_load("vliw", &g.isa, err);
    if (st != KC_OK)
        return st;
    const kc_isa_param *pr = kc_isa_param_by_name(g.isa, "ROWS"), *pc = kc_isa_param_by_name(g.isa, "COLS");
    g.rows = (unsigned)(pr ? pr->value : 2);
    g.cols = (unsigned)(pc ? pc->value : 2);
    if (hw) {
        g.rows = (unsigned)kc_hw_get(hw, "ROWS", g.rows);
        g.cols = (unsigned)kc_hw_get(hw, "COLS", g.cols);
    }
    g.ntiles = g.rows * g.cols;
    if (!g.ntiles || g.ntiles > 64)
        return kc_err_set(err, KC_ERR_RANGE, "vliw rgen: %ux%u tiles", g.rows, g.cols);
    if (dram_bytes < RG_OUT_LO + g.ntiles * RG_REGION)
        return kc_err_set(err, KC_ERR_RANGE, "vliw rgen: %u bytes of DRAM (needs %u)", dram_bytes,
                          RG_OUT_LO + g.ntiles * RG_REGION);
    g.cap = 4096;
    g.buf = malloc(g.cap);
    if (!g.buf)
        return kc_err_set(err, KC_ERR_NOMEM, "vliw rgen: out of memory");
    rg_emit(&g, "// vliw random program, seed %llu\n", (unsigned long long)seed);
    unsigned rounds = rg_below(&g, 4);
    /* without DMA, the last two causes (the DMA's) are left out */
    int cause = trap >= 0 ? trap
              : rg_chance(&g, 12) ? rg_trap_causes[rg_below(&g, (unsigned)RG_NCAUSES - (no_dma ? 2 : 0))] : 0;
    unsigned trap_tile = rg_below(&g, g.ntiles);
    if (rg_chance(&g, 20)) {   /* SPMD: one program for every tile (each traps alike) */
        g.tid = 0;
        tile_program(&g, 0, cause, 1);
    } else {
        for (g.tid = 0; g.tid < g.ntiles; g.tid++)
            tile_program(&g, rounds, g.tid == trap_tile ? cause : 0, 0);
    }
    if (g.oom) {
        free(g.buf);
        return kc_err_set(err, KC_ERR_NOMEM, "vliw rgen: out of memory");
    }
    out->text = g.buf;
    out->nargs = 8;
    for (unsigned i = 0; i < 8; i++)
        out->args[i] = RG_IN_LO + 0x1000u * i;
    out->trap = cause;
    return KC_OK;
}

kc_status vliw_rgen_program(uint64_t seed, const kc_hw *hw, uint32_t dram_bytes, int trap, kc_rgen_prog *out,
                            kc_err *err)
{
    return rgen_make(seed, hw, dram_bytes, trap, 0, out, err);
}

static kc_status rgen_kc(uint64_t seed, const kc_hw *hw, uint32_t dram_bytes, kc_rgen_prog *out, kc_err *err)
{
    return vliw_rgen_program(seed, hw, dram_bytes, -1, out, err);
}

/* avoid: "dma" (no BDs, dma.start or dma.wait: an RTL without its DMA engine). */
static kc_status rgen_avoiding(uint64_t seed, const kc_hw *hw, uint32_t dram_bytes, const char *avoid,
                               kc_rgen_prog *out, kc_err *err)
{
    int no_dma = 0;
    char list[128];
    snprintf(list, sizeof list, "%s", avoid ? avoid : "");
    for (char *save = NULL, *tok = strtok_r(list, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
        if (strcmp(tok, "dma"))
            return kc_err_set(err, KC_ERR_USAGE, "vliw rgen: --avoid %s: the vliw generator leaves out only 'dma'",
                              tok);
        no_dma = 1;
    }
    return rgen_make(seed, hw, dram_bytes, -1, no_dma, out, err);
}

/* DRAM: a byte pattern of the seed (bf16 lanes of every kind, NaN and inf among them). */
static void rgen_fill(uint64_t seed, uint8_t *data, size_t size)
{
    rg g;
    g.rng = seed ^ 0xd1b54a32d192ed03ull;
    for (size_t i = 0; i + 8 <= size; i += 8) {
        uint64_t v = rg_next(&g);
        memcpy(data + i, &v, 8);
    }
}

static size_t rgen_nrows(void)
{
    const kc_isa *isa = kc_isa_find("vliw");
    return isa ? isa->ninsns : 0;
}

static const char *rgen_row_name(size_t row)
{
    const kc_isa *isa = kc_isa_find("vliw");
    return isa && row < isa->ninsns ? isa->insns[row].name : "?";
}

/* DRAM: [IN_LO, OUT_LO) read by DMA, then a region per tile: 512 KiB covers 8 tiles (2 x 4). */
const kc_rgen_ops vliw_rgen_ops = {
    .program = rgen_kc, .fill_dram = rgen_fill, .nrows = rgen_nrows, .row_name = rgen_row_name,
    .program_avoiding = rgen_avoiding, .dram_bytes = RG_OUT_LO + 8 * RG_REGION,
};
