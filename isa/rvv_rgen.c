/* rvv_rgen.c — constrained-random rvv programs (see rvv_rgen.h).
 *
 * Driven by the instruction table (isa/rvv.def through rvv_isa.h): each block
 * instantiates one row (half of them walk the table in a seed-dependent
 * stride so consecutive seeds cover every row, half are drawn at random) with
 * operands chosen from the row's operand format and what its mnemonic says
 * (widening vw.., narrowing vn.., mask results vms../vmf.., reductions .vs, fp vf..).
 * Whatever state the row needs is set up first (a vsetvli to a legal SEW/LMUL,
 * an address in a register, index vectors, a stride).
 *
 * What the generator knows statically, and why it can: vl and vtype (every
 * vset* it emits has a known AVL, and the only forward branches skip blocks of
 * scalar ALU instructions), and, per f and v register, a bound on the binary
 * exponent of the fp values it may hold (fpk). Every fp operation's inputs
 * must have a bound and its result's bound must stay far from the subnormal
 * range (the RTL flushes subnormals, QEMU does not); when it would not, the
 * inputs are first reloaded from a table of moderate values (whole-register
 * loads for vectors, flw for scalars). vfredusum gets small integers (any
 * summation order is exact).
 *
 * Memory: s11 = the data area in DTCM (value tables, then scratch); a0..a3 =
 * four DRAM regions. Stores go to scratch and the DRAM regions only; t5/t6 are
 * address and stride temporaries; ra, sp, s11, a0..a3 are never written.
 */
#include "rvv_rgen.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kc_isagen_buf.h"
#include "rvv_isa.h"

#define G_TABLE_FP    0      /* moderate fp values: |x| in [2^-8, 2^8] or 0 */
#define G_TABLE_INT   512    /* small integers as fp: |x| <= 64 */
#define G_TABLE_EDGE  1024   /* +-0, +-inf, NaNs, +-FLT_MAX, +-2^-100, ... (64 bytes) */
#define G_SCRATCH     2048   /* stores land here */
#define G_SCRATCH_BYTES 8192
#define G_DATA_BYTES (G_SCRATCH + G_SCRATCH_BYTES)
#define G_NREGIONS 5         /* s11 scratch, a0..a3 */
#define G_FP_LO (-8)
#define G_FP_HI 8
#define G_SAFE_LO (-110)     /* a result bound below this needs fresh inputs */

typedef struct fpk {         /* what an f/v register holds, for fp purposes */
    int ok;                  /* 0: anything (integers, masks): not an fp input */
    int lo, hi;              /* nonzero magnitudes within [2^lo, 2^hi] (zeros allowed) */
    int ibits;               /* > 0: integers below 2^ibits (exact sums in any order) */
} fpk;

typedef struct gen {
    uint64_t s;              /* xorshift state */
    kc_isagen_buf b;
    const rvv_rgen_opts *o;
    uint32_t vlenb;
    unsigned sew, lmul8, vl; /* vtype (lmul8 = 8 * LMUL) and vl as emitted */
    int vset;                /* a vset* was emitted */
    fpk vk[32], fk[32];
    unsigned label;
    uint32_t region_bytes;   /* bytes of each DRAM region */
    unsigned *counts;
} gen;

static const int pool[] = {5, 6, 7, 8, 9, 18, 19, 20, 21, 22, 23, 24, 25, 26, 28, 29, 3, 4, 14, 15, 16, 17};
#define NPOOL (sizeof pool / sizeof pool[0])
static const char *const xn[32] = {
    "zero", "ra", "sp", "gp", "tp", "t0", "t1", "t2", "s0", "s1", "a0", "a1", "a2", "a3", "a4", "a5",
    "a6", "a7", "s2", "s3", "s4", "s5", "s6", "s7", "s8", "s9", "s10", "s11", "t3", "t4", "t5", "t6"};
static const char *const region_base[G_NREGIONS] = {"s11", "a0", "a1", "a2", "a3"};

static uint64_t rnd(gen *g)
{
    g->s ^= g->s << 13;
    g->s ^= g->s >> 7;
    g->s ^= g->s << 17;
    return g->s;
}

static unsigned rn(gen *g, unsigned n)
{
    return n ? (unsigned)(rnd(g) % n) : 0;
}

static int chance(gen *g, unsigned pct)
{
    return rn(g, 100) < pct;
}

#define P(...) kc_isagen_buf_printf(&g->b, __VA_ARGS__)

static const char *xreg(gen *g)
{
    return xn[pool[rn(g, NPOOL)]];
}

static const char *xsrc(gen *g)
{
    return chance(g, 10) ? "zero" : xn[pool[rn(g, NPOOL)]];
}

/* ---- fp bounds ---------------------------------------------------------------------- */

static const fpk k_any = {0, 0, 0, 0};
static const fpk k_mod = {1, G_FP_LO, G_FP_HI, 0};
static const fpk k_int = {1, 0, 7, 7};
static const fpk k_edge = {1, -100, 128, 0};
static const fpk k_cvt = {1, 0, 32, 0};

static fpk k_union(fpk a, fpk b)
{
    if (!a.ok || !b.ok)
        return k_any;
    fpk r = {1, a.lo < b.lo ? a.lo : b.lo, a.hi > b.hi ? a.hi : b.hi, 0};
    r.ibits = a.ibits && b.ibits ? (a.ibits > b.ibits ? a.ibits : b.ibits) : 0;
    return r;
}

static fpk k_add(fpk a, fpk b)
{
    fpk r = k_union(a, b);
    if (r.ok) {
        r.lo -= 24;   /* cancellation: a multiple of the smaller operand's ulp */
        r.hi += 1;
        r.ibits = a.ibits && b.ibits && r.ibits < 23 ? r.ibits + 1 : 0;
    }
    return r;
}

static fpk k_mul(fpk a, fpk b)
{
    if (!a.ok || !b.ok)
        return k_any;
    return (fpk){1, a.lo + b.lo, a.hi + b.hi + 1, 0};
}

static fpk k_div(fpk a, fpk b)
{
    if (!a.ok || !b.ok)
        return k_any;
    return (fpk){1, a.lo - b.hi - 1, a.hi - b.lo + 1, 0};
}

static int k_safe(fpk k)
{
    return k.ok && k.lo >= G_SAFE_LO;
}

/* ---- vtype ----------------------------------------------------------------------------- */

static unsigned vlmax_of(const gen *g, unsigned sew, unsigned lmul8)
{
    return g->vlenb * 8 * lmul8 / 8 / sew;
}

static const char *lmul_name(unsigned lmul8)
{
    switch (lmul8) {
    case 2: return "mf4";
    case 4: return "mf2";
    case 8: return "m1";
    case 16: return "m2";
    case 32: return "m4";
    default: return "m8";
    }
}

static unsigned vtype_bits(unsigned sew, unsigned lmul8, int ta, int ma)
{
    unsigned vlmul = lmul8 == 2 ? 6 : lmul8 == 4 ? 7 : lmul8 == 8 ? 0 : lmul8 == 16 ? 1 : lmul8 == 32 ? 2 : 3;
    unsigned vsew = sew == 8 ? 0 : sew == 16 ? 1 : 2;
    return vlmul | vsew << 3 | (unsigned)ta << 6 | (unsigned)ma << 7;
}

/* A legal (SEW, LMUL): SEW/LMUL <= ELEN (32) means LMUL >= SEW/32. */
static int vtype_legal(unsigned sew, unsigned lmul8)
{
    return lmul8 * 32 >= sew * 8 && lmul8 >= 2 && lmul8 <= 64;
}

/* Emits a vset* to (sew, lmul8) with a random AVL (VLMAX, a tail, sometimes 0). */
static void set_vtype(gen *g, unsigned sew, unsigned lmul8)
{
    unsigned vlmax = vlmax_of(g, sew, lmul8), avl, form = rn(g, 3);
    unsigned r = rn(g, 10);
    avl = r < 4 ? vlmax : r < 9 ? 1 + rn(g, vlmax) : (chance(g, 50) ? 0 : vlmax + 1 + rn(g, 8));
    int ta = chance(g, 50), ma = chance(g, 50);
    const char *rd = chance(g, 30) ? "zero" : xreg(g);
    char vt[40];
    snprintf(vt, sizeof vt, "e%u, %s, %s, %s", sew, lmul_name(lmul8), ta ? "ta" : "tu", ma ? "ma" : "mu");
    if (form == 0 && avl < 32) {
        P("    vsetivli %s, %u, %s\n", rd, avl, vt);
    } else if (form == 1 && avl == vlmax && strcmp(rd, "zero")) {
        P("    vsetvli %s, zero, %s\n", rd, vt);   /* rs1 = x0, rd != x0: vl = VLMAX */
    } else if (form == 2) {
        P("    li t5, %u\n    li t6, 0x%x\n    vsetvl %s, t5, t6\n", avl, vtype_bits(sew, lmul8, ta, ma), rd);
    } else {
        P("    li t5, %u\n    vsetvli %s, t5, %s\n", avl, rd, vt);
    }
    g->sew = sew;
    g->lmul8 = lmul8;
    g->vl = avl < vlmax ? avl : vlmax;
    g->vset = 1;
}

static void random_vtype(gen *g, unsigned sew)
{
    static const unsigned l8[] = {2, 4, 8, 8, 16, 32, 64};
    unsigned lmul8;
    do
        lmul8 = l8[rn(g, 7)];
    while (!vtype_legal(sew, lmul8));
    set_vtype(g, sew, lmul8);
}

/* ---- registers ---------------------------------------------------------------------------- */

/* A register group of `n` (1, 2, 4, 8) aligned registers avoiding *used (v0
 * only when allow0); marks it used. Returns -1 when none is free. */
static int vgroup(gen *g, unsigned n, uint32_t *used, int allow0)
{
    int cand[32], nc = 0;
    for (unsigned r = allow0 ? 0 : n; r < 32; r += n) {
        uint32_t m = (n == 32 ? ~0u : ((1u << n) - 1)) << r;
        if (!(*used & m))
            cand[nc++] = (int)r;
    }
    if (!nc)
        return -1;
    int r = cand[rn(g, (unsigned)nc)];
    *used |= ((1u << n) - 1) << r;
    return r;
}

static unsigned regs_of(unsigned emul8)
{
    return emul8 <= 8 ? 1 : emul8 / 8;
}

static fpk vk_group(const gen *g, int r, unsigned n)
{
    fpk k = g->vk[r];
    for (unsigned i = 1; i < n; i++)
        k = k_union(k, g->vk[r + (int)i]);
    return k;
}

/* After a write of group (r, n): the elements not written keep their old
 * contents, so the bound is the union unless the write covers whole registers. */
static void vk_set(gen *g, int r, unsigned n, fpk k, int whole)
{
    for (unsigned i = 0; i < n; i++)
        g->vk[r + (int)i] = whole ? k : k_union(g->vk[r + (int)i], k);
}

/* Whole-register reload of group (r, n) from a table (fp inputs made safe). */
static void vrefresh(gen *g, int r, unsigned n, int ints)
{
    P("    addi t6, s11, %d\n    vl%ure32.v v%d, (t6)\n", ints ? G_TABLE_INT : G_TABLE_FP, n, r);
    vk_set(g, r, n, ints ? k_int : k_mod, 1);
    if (g->counts) {
        char name[16];
        snprintf(name, sizeof name, "vl%ure32.v", n);
        for (size_t i = 0; i < rvv_isa_count(); i++)
            if (!strcmp(rvv_isa_at(i)->name, name))
                g->counts[i]++;
    }
}

static void frefresh(gen *g, int f, int ints)
{
    P("    flw f%d, %u(s11)\n", f, (ints ? G_TABLE_INT : G_TABLE_FP) + 4 * rn(g, 128));
    g->fk[f] = ints ? k_int : k_mod;
}

/* ---- addresses -------------------------------------------------------------------------- */

/* t6 = an address with `span` bytes from it inside a region (stores: scratch
 * or DRAM; loads: anywhere in the data area or DRAM), aligned to `align`;
 * `below` bytes below it must be inside too (negative strides). */
static void address(gen *g, int store, uint32_t span, uint32_t below, uint32_t align, const char *reg)
{
    unsigned region = rn(g, G_NREGIONS);
    uint32_t lo = 0, size = g->region_bytes;
    if (region == 0) {
        lo = store ? G_SCRATCH : 0;
        size = store ? G_SCRATCH_BYTES : G_DATA_BYTES;
    }
    if (span + below > size)
        span = size - below;   /* (callers keep spans far below the sizes) */
    uint32_t room = size - span - below;
    uint32_t off = lo + below + rn(g, room / align + 1) * align;
    P("    li %s, %u\n    add %s, %s, %s\n", reg, off, reg, reg, region_base[region]);
}

/* ---- vector rows -------------------------------------------------------------------------- */

typedef struct vshape {      /* what a vector row needs and writes */
    int fp;                  /* SEW must be 32; fp inputs must be safe */
    int widen, narrow;       /* vd (widen) or vs2 (narrow, and .wv/.wx) is 2*SEW */
    int wide2;               /* vwadd(u).w*, vwsub(u).w*: vs2 is 2*SEW as vd */
    int fp16side;            /* vfwcvt/vfncvt: the narrow side is 16-bit integers (SEW 16) */
    int maskres;             /* vd is one mask register */
    int red;                 /* reduction: vd, vs1 single registers */
    int accum;               /* vd is also an input (multiply-add) */
    unsigned ext;            /* vzext/vsext .vf2/.vf4: vs2 is SEW/ext */
    int fpin_any;            /* fp inputs may be anything (conversions to integers, moves) */
    int usum;                /* vfredusum: small integers */
} vshape;

static int has(const char *s, const char *sub)
{
    return strstr(s, sub) != NULL;
}

static int starts(const char *s, const char *p)
{
    return !strncmp(s, p, strlen(p));
}

static vshape shape_of(const char *n)
{
    vshape v = {0};
    v.fp = starts(n, "vf") || starts(n, "vmf");
    v.widen = starts(n, "vw") || starts(n, "vfwcvt");
    v.wide2 = starts(n, "vw") && (has(n, ".wv") || has(n, ".wx"));
    v.fp16side = starts(n, "vfwcvt") || starts(n, "vfncvt");
    v.narrow = starts(n, "vn") || starts(n, "vfncvt");
    v.maskres = starts(n, "vms") || starts(n, "vmf") || starts(n, "vmadc") || starts(n, "vmsbc");
    v.red = has(n, ".vs");
    v.accum = has(n, "macc") || has(n, "madd") || has(n, "msub") || has(n, "nmsac") || has(n, "msac");
    v.ext = has(n, ".vf2") ? 2 : has(n, ".vf4") ? 4 : 0;
    /* conversions to integers (a flushed input converts alike) and bit moves */
    v.fpin_any = starts(n, "vfcvt.x") || starts(n, "vfcvt.rtz") || starts(n, "vfncvt") || starts(n, "vfmv") ||
                 starts(n, "vfcvt.f.x") || starts(n, "vfwcvt.f.x") || starts(n, "vfmerge") || has(n, "slide1");
    v.usum = !strcmp(n, "vfredusum.vs");
    return v;
}

/* The fp bound of the result of a vector fp row with inputs a (vs2), b (vs1/fs1), c (vd). */
static fpk fp_result(const char *n, fpk a, fpk b, fpk c)
{
    if (has(n, "vfsgnj") || has(n, "vfmin") || has(n, "vfmax") || has(n, "vfmerge") || has(n, "slide1") ||
        has(n, "vfmv"))
        return k_union(a, b);
    if (has(n, "vfadd") || has(n, "vfsub") || has(n, "vfrsub") || has(n, "vfredosum"))
        return has(n, "red") ? (fpk){a.ok && b.ok, (a.lo < b.lo ? a.lo : b.lo) - 24, (a.hi > b.hi ? a.hi : b.hi) + 9, 0}
                             : k_add(a, b);
    if (has(n, "vfredusum")) {
        fpk r = k_union(a, b);
        r.lo = 0;
        r.hi = r.ibits + 9;
        r.ibits = r.ibits && r.ibits + 9 < 23 ? r.ibits + 9 : 0;
        return r;
    }
    if (has(n, "vfmul"))
        return k_mul(a, b);
    if (has(n, "vfdiv"))
        return k_div(a, b);
    if (has(n, "vfrdiv"))
        return k_div(b, a);
    if (has(n, "vfsqrt"))
        return a.ok ? (fpk){1, a.lo / 2 - 1, a.hi / 2 + 1, 0} : k_any;
    if (has(n, "vfrec7"))
        return a.ok ? (fpk){1, -a.hi - 1, -a.lo + 1, 0} : k_any;
    if (has(n, "vfrsqrt7"))
        return a.ok ? (fpk){1, -(a.hi / 2) - 2, -(a.lo / 2) + 2, 0} : k_any;
    if (has(n, "vfcvt.f.") || has(n, "vfwcvt.f."))
        return k_cvt;
    if (has(n, "macc") || has(n, "madd") || has(n, "msub") || has(n, "msac")) {
        /* vfmacc: vd = +-(vs1 * vs2) +- vd; vfmadd: vd = +-(vs1 * vd) +- vs2 */
        int madd = has(n, "madd") || has(n, "msub");
        return k_add(k_mul(b, madd ? c : a), madd ? a : c);
    }
    return k_any;   /* compares, classes, conversions to integers */
}

/* Index vector in group (r, n) at the current SEW: ((i * k) & m) << log2(eew),
 * distinct for i < vl, so an unordered indexed store has one writer per byte. */
static uint32_t make_index(gen *g, int r, unsigned eew)
{
    unsigned sh = eew == 1 ? 0 : eew == 2 ? 1 : 2, m = 1;
    while (m < g->vl)
        m <<= 1;
    if (g->sew == 8 && m > 256)
        m = 256;
    P("    vid.v v%d\n    li t5, %u\n    vmul.vx v%d, v%d, t5\n    li t5, %u\n    vand.vx v%d, v%d, t5\n",
      r, 2 * rn(g, 50) + 1, r, r, m - 1, r, r);
    if (sh)
        P("    vsll.vi v%d, v%d, %u\n", r, r, sh);
    vk_set(g, r, regs_of(g->lmul8), k_any, 0);
    return m * eew;
}

static unsigned eew_of(const char *n)
{
    if (has(n, "ei8") || has(n, "e8"))
        return 8;
    if (has(n, "ei16") || has(n, "e16"))
        return 16;
    return 32;
}

static int vmask(gen *g, int allowed)
{
    return allowed && g->vl && chance(g, 30);
}

/* Fields of a segment access (vlseg<nf>e32.v), 1 for the others. */
static unsigned seg_nf(const char *n)
{
    const char *p = strstr(n, "seg");
    return p ? (unsigned)(p[3] - '0') : 1;
}

/* nf groups of `regs` registers, consecutive, the first aligned, below v32, not v0. */
static int seg_group(gen *g, unsigned regs, unsigned nf, uint32_t *used)
{
    int cand[32], nc = 0;
    for (unsigned r = regs; r + regs * nf <= 32; r += regs) {
        uint32_t m = (uint32_t)(((1ull << (regs * nf)) - 1) << r);
        if (!(*used & m))
            cand[nc++] = (int)r;
    }
    if (!nc)
        return -1;
    int r = cand[rn(g, (unsigned)nc)];
    *used |= (uint32_t)(((1ull << (regs * nf)) - 1) << r);
    return r;
}

/* A vector load or store row. Returns 0 when it does not fit the state (caller retries). */
static int gen_vmem(gen *g, const rvv_isa_insn *row)
{
    const char *n = row->name, *f = row->fmt->id;
    int store = starts(n, "vs");
    unsigned eew = eew_of(n);
    uint32_t used = 0;
    if (!strcmp(f, "VLM") || !strcmp(f, "VSM")) {
        if (has(n, "vlm") || has(n, "vsm")) {   /* mask: ceil(vl / 8) bytes */
            int vd = store ? (int)rn(g, 32) : vgroup(g, 1, &used, 1);
            address(g, store, (g->vl + 7) / 8, 0, 1, "t6");
            P("    %s v%d, (t6)\n", n, vd);
            if (!store)
                vk_set(g, vd, 1, k_any, 0);
            return 1;
        }
        unsigned nf = (unsigned)(n[store ? 2 : 2] - '0');   /* vl<nf>re / vs<nf>r */
        int vd = vgroup(g, nf, &used, 1);
        address(g, store, nf * g->vlenb, 0, store ? 1 : eew / 8, "t6");
        P("    %s v%d, (t6)\n", n, vd);
        if (!store)
            vk_set(g, vd, nf, k_any, 1);
        return 1;
    }
    /* data EEW = eew (unit/strided) or SEW (indexed); EMUL = EEW / SEW * LMUL */
    int indexed = !strcmp(f, "VLX") || !strcmp(f, "VSX");
    if (indexed && g->sew != eew)
        return 0;   /* indices are built at the current SEW: the row waits for that SEW */
    unsigned emul8 = indexed ? g->lmul8 : g->lmul8 * eew / g->sew, nf = seg_nf(n);
    if (emul8 < 2 || emul8 > 64 || regs_of(emul8) * nf > 8)
        return 0;
    int masked = vmask(g, 1);
    if (masked)
        used |= 1;
    /* a segment access's fields are nf consecutive groups: one block of nf * EMUL registers */
    int vd = nf > 1 ? seg_group(g, regs_of(emul8), nf, &used) : vgroup(g, regs_of(emul8), &used, 0);
    if (vd < 0)
        return 0;
    unsigned eb = eew / 8;
    if (indexed) {
        int vi = vgroup(g, regs_of(g->lmul8), &used, 0);
        if (vi < 0)
            return 0;
        uint32_t span = make_index(g, vi, eb);
        address(g, store, span, 0, eb, "t6");
        P("    %s v%d, (t6), v%d%s\n", n, vd, vi, masked ? ", v0.t" : "");
    } else if (!strcmp(f, "VLS") || !strcmp(f, "VSS")) {
        int s = (int)rn(g, 7) - 2;
        if (store && !s)
            s = 1;   /* a zero-stride store may legally write once: keep addresses distinct */
        int32_t stride = s * (int32_t)eb;
        uint32_t reach = g->vl ? (uint32_t)(abs(stride) * (int32_t)(g->vl - 1)) : 0;
        address(g, store, (stride >= 0 ? reach : 0) + eb, stride < 0 ? reach : 0, eb, "t6");
        P("    li t5, %d\n    %s v%d, (t6), t5%s\n", stride, n, vd, masked ? ", v0.t" : "");
    } else {
        address(g, store, g->vl * eb * nf, 0, eb, "t6");
        P("    %s v%d, (t6)%s\n", n, vd, masked ? ", v0.t" : "");
    }
    if (!store)
        vk_set(g, vd, regs_of(emul8) * nf, k_any, 0);
    return 1;
}

/* The SEW/LMUL a vector row can run at (0: the current one is fine). */
static int vrow_fits(const gen *g, const rvv_isa_insn *row, const vshape *v)
{
    const char *n = row->name;
    if (!g->vset)
        return 0;
    if (v->fp && g->sew != 32 && !(v->fp16side && g->sew == 16))
        return 0;
    if (v->fp16side && g->sew != 16)
        return 0;
    if ((v->widen || v->narrow) && (g->sew > 16 || g->lmul8 > 32))
        return 0;
    if (v->ext && (g->sew / v->ext < 8 || g->lmul8 / v->ext < 2))
        return 0;
    if (!strcmp(n, "vrgatherei16.vv") && (g->lmul8 * 16 / g->sew < 2 || g->lmul8 * 16 / g->sew > 64))
        return 0;
    return 1;
}

/* A vector arithmetic/permute/mask row. */
static int gen_varith(gen *g, const rvv_isa_insn *row)
{
    const char *n = row->name, *f = row->fmt->id;
    vshape v = shape_of(n);
    unsigned grp = regs_of(g->lmul8), big = regs_of(g->lmul8 * 2);
    unsigned dn = v.maskres || v.red ? 1 : v.widen ? big : grp;
    unsigned s2n = v.red ? grp : v.narrow || v.wide2 ? big : v.ext ? regs_of(g->lmul8 / v.ext) : grp;
    unsigned s1n = v.red ? 1 : !strcmp(n, "vrgatherei16.vv") ? regs_of(g->lmul8 * 16 / g->sew) : grp;
    int whole_reg = !strcmp(f, "VWR");
    if (whole_reg)
        dn = s2n = (unsigned)(n[3] - '0');
    int mask_src = !strcmp(f, "VMM") || !strcmp(f, "VCNT") || has(n, "vmsbf") || has(n, "vmsif") ||
                   has(n, "vmsof") || has(n, "viota");
    if (mask_src && strcmp(n, "vcompress.vm")) {
        s2n = 1;
        if (strcmp(f, "VMM") == 0)
            s1n = 1;
        if (!has(n, "viota") && strcmp(f, "VCNT"))
            dn = 1;
    }
    if (!strcmp(n, "vcompress.vm"))
        s1n = 1;
    int has_vm = has(row->fmt->syntax, "vm");
    int merge = !strcmp(f, "VVM") || !strcmp(f, "VXM") || !strcmp(f, "VIM") || !strcmp(f, "VFM");
    int masked = vmask(g, has_vm);
    uint32_t used = masked || merge ? 1u : 0u;
    int xdst = !strcmp(f, "VTOX") || !strcmp(f, "VCNT"), fdst = !strcmp(f, "VTOF");
    int vd = xdst || fdst ? -1 : vgroup(g, dn, &used, v.maskres && !masked);
    int vs2 = has(row->fmt->syntax, "vs2") ? vgroup(g, s2n, &used, mask_src || whole_reg) : -1;
    int vs1 = has(row->fmt->syntax, "vs1") ? vgroup(g, s1n, &used, 0) : -1;
    if ((!xdst && !fdst && vd < 0) || (has(row->fmt->syntax, "vs2") && vs2 < 0) ||
        (has(row->fmt->syntax, "vs1") && vs1 < 0))
        return 0;
    int fs1 = has(row->fmt->syntax, "fs1") ? (int)rn(g, 32) : -1;
    /* fp inputs: bounded and far from subnormals, else reloaded */
    if (v.fp && !v.fpin_any) {
        fpk a = vs2 >= 0 ? vk_group(g, vs2, s2n) : k_mod, b = vs1 >= 0 ? vk_group(g, vs1, s1n) : fs1 >= 0 ? g->fk[fs1] : a;
        fpk c = v.accum && vd >= 0 ? vk_group(g, vd, dn) : k_mod;
        fpk r = fp_result(n, a, b, c);
        int fpres = !v.maskres && !has(n, "vfclass");
        if (v.usum ? !(a.ibits && b.ibits) : !(k_safe(a) && k_safe(b) && k_safe(c) && (!fpres || k_safe(r)))) {
            if (vs2 >= 0)
                vrefresh(g, vs2, s2n, v.usum);
            if (vs1 >= 0)
                vrefresh(g, vs1, s1n, v.usum);
            if (fs1 >= 0)
                frefresh(g, fs1, v.usum);
            if (v.accum && vd >= 0)
                vrefresh(g, vd, dn, 0);
        }
    }
    char ops[96] = "";
    const char *syn = row->fmt->syntax;
    size_t k = 0;
    /* operands in the format's order */
    char tok[16];
    for (const char *p = syn; *p;) {
        size_t len = strcspn(p, " ");
        snprintf(tok, sizeof tok, "%.*s", (int)len, p);
        p += len;
        while (*p == ' ')
            p++;
        char one[24] = "";
        if (!strcmp(tok, "vd"))
            snprintf(one, sizeof one, "v%d", vd);
        else if (!strcmp(tok, "vs2"))
            snprintf(one, sizeof one, "v%d", vs2);
        else if (!strcmp(tok, "vs1"))
            snprintf(one, sizeof one, "v%d", vs1);
        else if (!strcmp(tok, "xs1"))
            snprintf(one, sizeof one, "%s", xsrc(g));
        else if (!strcmp(tok, "xd"))
            snprintf(one, sizeof one, "%s", xreg(g));
        else if (!strcmp(tok, "fs1"))
            snprintf(one, sizeof one, "f%d", fs1);
        else if (!strcmp(tok, "fd"))
            snprintf(one, sizeof one, "f%d", (int)rn(g, 32));
        else if (!strcmp(tok, "simm5"))
            snprintf(one, sizeof one, "%d", (int)rn(g, 32) - 16);
        else if (!strcmp(tok, "uimm5"))
            snprintf(one, sizeof one, "%u", rn(g, 32));
        else if (!strcmp(tok, "v0"))
            snprintf(one, sizeof one, "v0");
        else if (!strcmp(tok, "vm"))
            snprintf(one, sizeof one, "%s", masked ? "v0.t" : "");
        if (fdst && !strcmp(tok, "fd"))
            fs1 = atoi(one + 1);   /* remembered for the bound below */
        if (*one)
            k += (size_t)snprintf(ops + k, sizeof ops - k, "%s%s", k ? ", " : "", one);
    }
    P("    %s %s\n", n, ops);
    /* bounds of what was written */
    fpk a = vs2 >= 0 ? vk_group(g, vs2, s2n) : k_any, b = vs1 >= 0 ? vk_group(g, vs1, s1n) : fs1 >= 0 ? g->fk[fs1] : a;
    if (fdst) {
        g->fk[fs1] = vs2 >= 0 ? g->vk[vs2] : k_any;
    } else if (vd >= 0) {
        fpk r;
        if (v.fp)
            r = fp_result(n, a, b, vd >= 0 ? vk_group(g, vd, dn) : k_any);
        else if (whole_reg || !strcmp(n, "vmv.v.v") || has(n, "vrgather") || has(n, "vslide") || has(n, "vcompress") ||
                 !strcmp(n, "vmerge.vvm"))
            r = k_union(a, b);   /* element moves keep the bound */
        else
            r = k_any;
        if (v.maskres)
            r = k_any;
        vk_set(g, vd, dn, r, whole_reg);
    }
    return 1;
}

/* ---- scalar rows ----------------------------------------------------------------------------- */

static const char *rm_suffix(gen *g)
{
    unsigned r = rn(g, 4);
    return r == 0 ? ", rne" : r == 1 ? ", rtz" : "";   /* dyn: frm is only ever 0 or 1 */
}

static void gen_fp(gen *g, const rvv_isa_insn *row)
{
    const char *n = row->name, *f = row->fmt->id;
    int d = (int)rn(g, 32), a = (int)rn(g, 32), b = (int)rn(g, 32), c = (int)rn(g, 32);
    if (!strcmp(f, "XTOF")) {
        P("    %s f%d, %s%s\n", n, d, xsrc(g), rm_suffix(g));
        g->fk[d] = k_cvt;
        return;
    }
    if (!strcmp(f, "XMVF")) {   /* fmv.w.x of a chosen value */
        static const uint32_t vals[] = {0x3f800000, 0xc0400000, 0x00000000, 0x80000000, 0x7f800000, 0x7fc00000,
                                        0x3e000000, 0x43000000, 0x7f7fffff, 0x0d800000};
        P("    li t5, 0x%x\n    %s f%d, t5\n", vals[rn(g, 10)], n, d);
        g->fk[d] = k_edge;
        return;
    }
    if (!strcmp(f, "FTOX")) {   /* to integer: any input converts the same flushed or not */
        P("    %s %s, f%d%s\n", n, xreg(g), a, rm_suffix(g));
        return;
    }
    fpk r = k_any;
    for (int pass = 0; pass < 2; pass++) {
        fpk ka = g->fk[a], kb = g->fk[b], kc = !strcmp(f, "FR4") ? g->fk[c] : k_mod;
        if (!strcmp(n, "fadd.s") || !strcmp(n, "fsub.s"))
            r = k_add(ka, kb);
        else if (!strcmp(n, "fmul.s"))
            r = k_mul(ka, kb);
        else if (!strcmp(n, "fdiv.s"))
            r = k_div(ka, kb);
        else if (!strcmp(n, "fsqrt.s"))
            r = ka.ok ? (fpk){1, ka.lo / 2 - 1, ka.hi / 2 + 1, 0} : k_any;
        else if (!strcmp(f, "FR4"))
            r = k_add(k_mul(ka, kb), kc);
        else
            r = k_union(ka, kb);   /* sign injection, min/max, compares, class */
        if (!strcmp(n, "fmv.x.w") || (k_safe(ka) && k_safe(kb) && k_safe(kc) && k_safe(r)))
            break;
        frefresh(g, a, 0);   /* fresh moderate inputs make any operation safe */
        if (b != a)
            frefresh(g, b, 0);
        if (!strcmp(f, "FR4") && c != a && c != b)
            frefresh(g, c, 0);
    }
    if (!strcmp(f, "FRM"))
        P("    %s f%d, f%d, f%d%s\n", n, d, a, b, rm_suffix(g));
    else if (!strcmp(f, "FR"))
        P("    %s f%d, f%d, f%d\n", n, d, a, b);
    else if (!strcmp(f, "FR4"))
        P("    %s f%d, f%d, f%d, f%d%s\n", n, d, a, b, c, rm_suffix(g));
    else if (!strcmp(f, "F1RM"))
        P("    %s f%d, f%d%s\n", n, d, a, rm_suffix(g));
    else if (!strcmp(f, "FCMP"))
        P("    %s %s, f%d, f%d\n", n, xreg(g), a, b);
    else
        P("    %s %s, f%d\n", n, xreg(g), a);   /* FMVX: fmv.x.w, fclass.s */
    if (!strcmp(f, "FRM") || !strcmp(f, "FR") || !strcmp(f, "FR4") || !strcmp(f, "F1RM"))
        g->fk[d] = r;
}

/* A few scalar ALU instructions (what a forward branch may skip: nothing the
 * generator's static knowledge depends on). */
static void gen_alu(gen *g, unsigned n)
{
    static const char *const rr[] = {"add", "sub", "xor", "or", "and", "sll", "srl", "sra", "slt", "sltu", "mul"};
    static const char *const ri[] = {"addi", "xori", "ori", "andi", "slti", "sltiu"};
    for (unsigned i = 0; i < n; i++) {
        if (chance(g, 50))
            P("    %s %s, %s, %s\n", rr[rn(g, 11)], xreg(g), xsrc(g), xsrc(g));
        else
            P("    %s %s, %s, %d\n", ri[rn(g, 6)], xreg(g), xsrc(g), (int)rn(g, 4096) - 2048);
    }
}

static void gen_scalar(gen *g, const rvv_isa_insn *row)
{
    const char *n = row->name, *f = row->fmt->id;
    if (!strcmp(f, "R")) {
        P("    %s %s, %s, %s\n", n, xreg(g), xsrc(g), xsrc(g));
    } else if (!strcmp(f, "I")) {
        P("    %s %s, %s, %d\n", n, xreg(g), xsrc(g), (int)rn(g, 4096) - 2048);
    } else if (!strcmp(f, "SH")) {
        P("    %s %s, %s, %u\n", n, xreg(g), xsrc(g), rn(g, 32));
    } else if (!strcmp(f, "U")) {
        P("    %s %s, 0x%x\n", n, xreg(g), rn(g, 1u << 20));
    } else if (!strcmp(f, "LD") || !strcmp(f, "FLD")) {
        unsigned size = has(n, "lb") ? 1 : has(n, "lh") ? 2 : 4;
        int fd = (int)rn(g, 32);
        if (!strcmp(f, "FLD") && chance(g, 30)) {   /* an edge value (only safe operations will use it) */
            P("    flw f%d, %u(s11)\n", fd, G_TABLE_EDGE + 4 * rn(g, 16));
            g->fk[fd] = k_edge;
            return;
        }
        address(g, 0, size + 64, 64, size, "t6");
        int imm = ((int)rn(g, 129) - 64) / (int)size * (int)size;
        if (!strcmp(f, "FLD")) {
            P("    %s f%d, %d(t6)\n", n, fd, imm);
            g->fk[fd] = k_any;
        } else {
            P("    %s %s, %d(t6)\n", n, xreg(g), imm);
        }
    } else if (!strcmp(f, "ST") || !strcmp(f, "FST")) {
        unsigned size = has(n, "sb") ? 1 : has(n, "sh") ? 2 : 4;
        address(g, 1, size + 64, 64, size, "t6");
        int imm = ((int)rn(g, 129) - 64) / (int)size * (int)size;
        if (!strcmp(f, "FST"))
            P("    %s f%u, %d(t6)\n", n, rn(g, 32), imm);
        else
            P("    %s %s, %d(t6)\n", n, xsrc(g), imm);
    } else if (!strcmp(f, "B")) {
        unsigned l = g->label++;
        P("    %s %s, %s, .Lf%u\n", n, xsrc(g), xsrc(g), l);
        gen_alu(g, 1 + rn(g, 3));
        P(".Lf%u:\n", l);
    } else if (!strcmp(f, "J")) {
        unsigned l = g->label++;
        P("    jal %s, .Lf%u\n", chance(g, 50) ? "zero" : xreg(g), l);
        gen_alu(g, 1 + rn(g, 2));
        P(".Lf%u:\n", l);
    } else if (!strcmp(f, "JR")) {
        unsigned l = g->label++;
        P("    la t6, .Lf%u\n    jalr %s, 0(t6)\n", l, chance(g, 50) ? "zero" : xreg(g));
        gen_alu(g, 1 + rn(g, 2));
        P(".Lf%u:\n", l);
    } else if (!strcmp(f, "FENCE")) {
        P("    fence\n");
    } else if (!strcmp(f, "CSR") || !strcmp(f, "CSRI")) {
        /* frm only ever 0 or 1 (other modes trap on the RTL); fflags only set or
         * cleared into x0 (its inexact/overflow/underflow bits are best effort on the RTL) */
        static const char *const readable[] = {"frm", "vl", "vtype", "vlenb", "cycle", "instret"};
        int imm = !strcmp(f, "CSRI"), w = has(n, "csrrw");
        unsigned what = rn(g, 3);
        if (what == 0 && !w) {
            P("    %s %s, %s, %s\n", n, xreg(g), readable[rn(g, 6)], imm ? "0" : "zero");
        } else if (what <= 1) {   /* csrrw: 0/1; csrrs bit 0: 1; csrrc bit 0: 0 */
            unsigned v = w ? rn(g, 2) : 1;
            if (imm)
                P("    %s %s, frm, %u\n", n, xreg(g), v);
            else
                P("    li t5, %u\n    %s %s, frm, t5\n", v, n, xreg(g));
        } else if (imm) {
            P("    %s zero, fflags, %u\n", n, rn(g, 32));
        } else {
            P("    li t5, %u\n    %s zero, fflags, t5\n", rn(g, 32), n);
        }
    } else {
        gen_fp(g, row);
    }
}

/* ---- rows ---------------------------------------------------------------------------------------- */

static int is_vmem(const rvv_isa_insn *row)
{
    const char *f = row->fmt->id;
    return !strcmp(f, "VL") || !strcmp(f, "VLM") || !strcmp(f, "VLS") || !strcmp(f, "VLX") || !strcmp(f, "VS") ||
           !strcmp(f, "VSM") || !strcmp(f, "VSS") || !strcmp(f, "VSX");
}

/* Whether a vector row can be instantiated at the current vtype. */
static int fits_now(const gen *g, const rvv_isa_insn *row)
{
    if (!g->vset)
        return 0;
    if (!is_vmem(row)) {
        vshape v = shape_of(row->name);
        return vrow_fits(g, row, &v);
    }
    if (!strcmp(row->fmt->id, "VLM") || !strcmp(row->fmt->id, "VSM"))
        return 1;
    unsigned eew = eew_of(row->name);
    if (!strcmp(row->fmt->id, "VLX") || !strcmp(row->fmt->id, "VSX"))
        return g->sew == eew;
    unsigned emul8 = g->lmul8 * eew / g->sew;
    return emul8 >= 2 && emul8 <= 64 && regs_of(emul8) * seg_nf(row->name) <= 8;
}

/* Emits a vset* to a (SEW, LMUL) the row fits (0: none found). */
static int fit_vtype(gen *g, const rvv_isa_insn *row)
{
    static const unsigned sews[] = {8, 16, 32}, l8[] = {2, 4, 8, 16, 32, 64};
    gen t = *g;
    for (int tries = 0; tries < 64; tries++) {
        t.sew = sews[rn(g, 3)];
        t.lmul8 = l8[rn(g, 6)];
        t.vset = 1;
        if (vtype_legal(t.sew, t.lmul8) && fits_now(&t, row)) {
            set_vtype(g, t.sew, t.lmul8);
            return 1;
        }
    }
    return 0;
}

static void count_row(gen *g, const rvv_isa_insn *row)
{
    if (g->counts)
        g->counts[row - rvv_isa_at(0)]++;
}

static void gen_row(gen *g, const rvv_isa_insn *row)
{
    const char *n = row->name;
    if (!strcmp(n, "ecall") || !strcmp(n, "ebreak"))
        return;   /* the exit and a trap: only at the end */
    if (starts(n, "vset")) {
        random_vtype(g, 8u << rn(g, 3));
        count_row(g, row);   /* (the form is the set_vtype's choice) */
        return;
    }
    if (strcmp(row->ext, "V")) {
        gen_scalar(g, row);
        count_row(g, row);
        return;
    }
    for (int tries = 0; tries < 3; tries++) {
        if (!fits_now(g, row) && !fit_vtype(g, row))
            return;
        if (is_vmem(row) ? gen_vmem(g, row) : gen_varith(g, row)) {
            count_row(g, row);
            return;
        }
        g->vset = 0;   /* did not fit the registers: another vtype */
    }
}

/* The last instruction: a trap of the given cause (the program then never returns). */
static void gen_trap(gen *g, int cause)
{
    switch (cause) {
    case 1: P("    li t6, 0x200\n    jalr zero, 0(t6)\n"); break;     /* nothing is mapped there */
    case 2: P("    .word 0x%08x\n", chance(g, 50) ? 0u : 0xffffffffu); break;
    case 3: P("    ebreak\n"); break;
    case 5: P("    li t6, 0x10\n    lw t0, 0(t6)\n"); break;
    default: P("    li t6, 0x104\n    sw t0, 0(t6)\n"); break;   /* 7 */
    }
}

static uint32_t fp_bits(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

static uint32_t moderate(gen *g)
{
    if (!rn(g, 16))
        return chance(g, 50) ? 0x80000000u : 0;
    uint32_t e = (uint32_t)(127 + G_FP_LO + (int)rn(g, G_FP_HI - G_FP_LO));
    return (uint32_t)chance(g, 50) << 31 | e << 23 | (uint32_t)(rnd(g) & 0x7fffff);
}

static void gen_data(gen *g)
{
    static const uint32_t edge[16] = {0x00000000, 0x80000000, 0x7f800000, 0xff800000, 0x7fc00000, 0x7f800001,
                                      0x7f7fffff, 0xff7fffff, 0x0d800000, 0x8d800000, 0x3f800000, 0xbf800000,
                                      0x3f000000, 0x4b000000, 0x4f000000, 0xcf000000};
    P("\n    .data\n    .balign 64\nrg_data:\n");
    for (int i = 0; i < 128; i++)
        P("%s0x%08x%s", i % 8 ? "" : "    .word ", moderate(g), i % 8 == 7 ? "\n" : ", ");
    for (int i = 0; i < 128; i++)
        P("%s0x%08x%s", i % 8 ? "" : "    .word ", fp_bits((float)((int)rn(g, 129) - 64)), i % 8 == 7 ? "\n" : ", ");
    for (int i = 0; i < 16; i++)
        P("%s0x%08x%s", i % 8 ? "" : "    .word ", edge[i], i % 8 == 7 ? "\n" : ", ");
    P("    .space %d\n", G_SCRATCH - G_TABLE_EDGE - 64);
    for (int i = 0; i < 64; i++)   /* the start of scratch holds something to load */
        P("%s0x%08x%s", i % 8 ? "" : "    .word ", (uint32_t)rnd(g), i % 8 == 7 ? "\n" : ", ");
    P("    .space %d\n", G_SCRATCH_BYTES - 256);
}

kc_status rvv_rgen_program(uint64_t seed, const rvv_rgen_opts *o, rvv_rgen_prog *out, kc_err *err)
{
    memset(out, 0, sizeof *out);
    if (!o || o->dram_bytes < (64u << 10) || o->vlen < 64 || o->vlen > 1024 || (o->vlen & (o->vlen - 1)) ||
        o->dtcm_bytes < G_DATA_BYTES + 4096)
        return kc_err_set(err, KC_ERR_USAGE, "rvv_rgen: needs DRAM >= 64 KiB, VLEN a power of two in 64..1024 and "
                          "DTCM >= %d bytes", G_DATA_BYTES + 4096);
    gen g;
    memset(&g, 0, sizeof g);
    g.o = o;
    g.s = seed * 0x9e3779b97f4a7c15ull ^ 0xd1b54a32d192ed03ull;
    if (!g.s)
        g.s = 1;
    for (int i = 0; i < 8; i++)
        rnd(&g);
    g.vlenb = o->vlen / 8;
    g.region_bytes = o->dram_bytes / 4 - 1024;
    g.counts = out->counts;
    for (int k = 0; k < 8; k++)
        out->args[k] = 0x80000000u + (uint32_t)(k & 3) * (o->dram_bytes / 4) + 4 * rn(&g, 256);
    static const int causes[] = {1, 2, 3, 5, 7};
    out->trap = o->trap >= 0 ? o->trap : seed % 8 == 7 ? causes[(seed / 8) % 5] : 0;
    unsigned blocks = o->blocks ? o->blocks : 40, nrows = (unsigned)rvv_isa_count(), stride = 7;
    while (nrows % stride == 0)
        stride += 2;
    kc_isagen_buf *b = &g.b;
    (void)b;
    gen *gp = &g;
#define PG(...) kc_isagen_buf_printf(&gp->b, __VA_ARGS__)
    PG("# rvv random program, seed %llu (isa/rvv_rgen.c)\n    .text\n    .globl kernel\nkernel:\n"
       "    la s11, rg_data\n", (unsigned long long)seed);
    random_vtype(&g, 8u << rn(&g, 3));
    for (unsigned i = 0; i < blocks && nrows; i++) {
        unsigned r = i % 2 ? rn(&g, nrows) : (unsigned)(((seed * (blocks / 2 + 1) + i / 2) * stride) % nrows);
        gen_row(&g, rvv_isa_at(r));
    }
    /* the end: a result from the vector unit (everything before it has executed),
     * then the fflags bits the RTL computes best effort are cleared — before a
     * generated trap too (seed 519 ended in a store fault with NX set on QEMU only) */
    PG("    vsetivli zero, 1, e32, m1, ta, ma\n    vcpop.m t0, v0\n    csrci fflags, 7\n");
    if (out->trap)
        gen_trap(&g, out->trap);
    else
        PG("    ret\n");
    gen_data(&g);
#undef PG
    return kc_isagen_buf_finish(&g.b, &out->text, err);
}

void rvv_rgen_prog_free(rvv_rgen_prog *p)
{
    free(p->text);
    p->text = NULL;
}

void rvv_rgen_fill_dram(uint64_t seed, uint8_t *data, size_t size)
{
    gen g;
    memset(&g, 0, sizeof g);
    g.s = seed * 0xbf58476d1ce4e5b9ull ^ 0x94d049bb133111ebull;
    if (!g.s)
        g.s = 1;
    for (size_t i = 0; i + 4 <= size; i += 4) {
        unsigned r = rn(&g, 4);
        uint32_t w = r == 0 ? moderate(&g) : r == 1 ? fp_bits((float)((int)rn(&g, 129) - 64)) : (uint32_t)rnd(&g);
        memcpy(data + i, &w, 4);
    }
}

/* The kc_rgen hook: sizes from the build's parameters. */
static kc_status rvv_rgen_kc(uint64_t seed, const kc_hw *hw, uint32_t dram_bytes, kc_rgen_prog *out, kc_err *err)
{
    rvv_rgen_opts o = {.dram_bytes = dram_bytes, .vlen = (uint32_t)kc_hw_get(hw, "VLEN", 128),
                       .dtcm_bytes = (uint32_t)kc_hw_get(hw, "DTCM_BYTES", 65536), .trap = -1};
    rvv_rgen_prog *p = malloc(sizeof *p);
    memset(out, 0, sizeof *out);
    if (!p)
        return kc_err_set(err, KC_ERR_NOMEM, "out of memory");
    kc_status s = rvv_rgen_program(seed, &o, p, err);
    if (s == KC_OK) {
        out->text = p->text;
        memcpy(out->args, p->args, sizeof p->args);
        out->nargs = 8;
        out->trap = p->trap;
    }
    free(p);
    return s;
}

static const char *rvv_rgen_row_name(size_t row)
{
    return row < rvv_isa_count() ? rvv_isa_at(row)->name : "?";
}

const kc_rgen_ops rvv_rgen_ops = {
    .program = rvv_rgen_kc, .fill_dram = rvv_rgen_fill_dram, .nrows = rvv_isa_count, .row_name = rvv_rgen_row_name,
};
