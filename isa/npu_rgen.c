/* npu_rgen.c — constrained-random npu programs (see npu_rgen.h).
 *
 * Register conventions of a generated program (what keeps it legal):
 *   r1..r4   vector-row pointers, 0..~200 (re-based with li, drift bounded)
 *   r5..r9, r14   free integer scratch (any value)
 *   r10      DMA row count 1..4          r11  count of `loop` (0..3)
 *   r13      countdown-loop counter
 *   r12      address / constant staging  r15  link register / jr target
 *   a0..a3   DRAM pointers inside the program's window (drift bounded)
 *   a4..a7   scratch address registers (never used by DMA)
 *   dlen 1..48, dstride even 0..256, vmask 1..VLEN (except in trap epilogues)
 * Sizes (VLEN, rows, registers, MLEN, instruction memory) are the build's
 * (npu_rgen_opts.hw); at the defaults a seed gives the same program as ever.
 * The window [16 KiB, 56 KiB) of DRAM is all a program touches before its
 * epilogue; DMA extents stay below 1 KiB past a pointer.
 */
#include "npu_rgen.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define RG_WIN_LO   (16u << 10)   /* pointers are re-based into [LO + 8K, LO + 24K) */
#define RG_DRIFT    (8u << 10)    /* bound on pointer drift from addai between re-bases */
#define RG_ROW_MAX  96u           /* re-based rows are < this; drift adds at most ... */
#define RG_ROW_DRIFT 100u         /* ... this many */

typedef struct rgen {
    uint64_t rng;
    char *buf;
    size_t len, cap;
    int oom;
    unsigned label;
    int depth;                /* hardware-loop nesting of the code being emitted */
    unsigned mult;            /* product of the enclosing loop counts */
    unsigned row_drift[5];    /* r1..r4 */
    unsigned addr_drift[4];   /* a0..a3, bytes */
    uint32_t dram_bytes;
    unsigned avoid;
    int after_loop;           /* the last thing emitted was the end of a loop */
    int matrix;
    npu_hw hw;                /* the build's sizes: vmask, trap rows, mrows, ... */
} rgen;

static uint64_t rg_next(rgen *g)
{
    uint64_t z = (g->rng += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

/* Uniform in [0, n). */
static unsigned rg_below(rgen *g, unsigned n)
{
    return n ? (unsigned)(rg_next(g) % n) : 0;
}

static int rg_chance(rgen *g, unsigned percent)
{
    return rg_below(g, 100) < percent;
}

static void emit(rgen *g, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void emit(rgen *g, const char *fmt, ...)
{
    if (g->oom)
        return;
    g->after_loop = 0;
    for (;;) {
        va_list ap;
        va_start(ap, fmt);
        int n = vsnprintf(g->buf + g->len, g->cap - g->len, fmt, ap);
        va_end(ap);
        if (n < 0) {
            g->oom = 1;
            return;
        }
        if (g->len + (size_t)n + 2 < g->cap) {
            g->len += (size_t)n;
            g->buf[g->len++] = '\n';
            g->buf[g->len] = 0;
            return;
        }
        size_t cap = g->cap * 2 + (size_t)n + 64;
        char *nb = realloc(g->buf, cap);
        if (!nb) {
            g->oom = 1;
            return;
        }
        g->buf = nb;
        g->cap = cap;
    }
}

/* ---- operand pools -------------------------------------------------------------- */

static const unsigned rg_scratch[] = {5, 6, 7, 8, 9, 14};

static unsigned rg_xdst(rgen *g)            /* integer destination: scratch, sometimes r0 */
{
    return rg_chance(g, 5) ? 0 : rg_scratch[rg_below(g, 6)];
}

static unsigned rg_xsrc(rgen *g)            /* any integer register */
{
    return rg_below(g, g->hw.nxregs);
}

static unsigned rg_row(rgen *g)             /* a vector-row pointer register */
{
    return 1 + rg_below(g, 4);
}

/* fp32 edge cases and ordinary values (bit patterns). */
static const uint32_t rg_fp_edges[] = {
    0x00000000u, 0x80000000u, 0x7f800000u, 0xff800000u, 0x7fc00000u, 0xffc00001u,
    0x7f800001u, 0x00000001u, 0x807fffffu, 0x00800000u, 0x80800000u, 0x7f7fffffu,
    0xff7fffffu, 0x3f800000u, 0xbf800000u, 0x42b20000u, 0xc2b20000u, 0x5f000000u,
    0x1f800000u, 0x3f800001u, 0x3fc00000u, 0x40490fdbu, 0x33800000u, 0x4b000001u,
};

static uint32_t rg_fp_value(rgen *g)
{
    if (rg_chance(g, 35))
        return rg_fp_edges[rg_below(g, sizeof rg_fp_edges / sizeof rg_fp_edges[0])];
    /* ordinary: exponent 2^-8 .. 2^8, random sign and mantissa */
    uint32_t sign = (uint32_t)rg_below(g, 2) << 31;
    uint32_t exp = 119 + rg_below(g, 17);
    return sign | (exp << 23) | (uint32_t)(rg_next(g) & 0x7fffff);
}

/* ---- blocks ------------------------------------------------------------------------ */

static void blk_alu(rgen *g)
{
    static const char *const rr[] = {"add", "sub", "mul", "and", "or", "xor", "sll", "srl",
                                     "sra", "slt", "sltu"};
    static const char *const ri_s[] = {"addi", "slti"};
    static const char *const ri_u[] = {"andi", "ori", "xori"};
    static const char *const sh[] = {"slli", "srli", "srai"};
    unsigned n = 1 + rg_below(g, 4);
    for (unsigned i = 0; i < n; i++) {
        switch (rg_below(g, 6)) {
        case 0: case 1:
            emit(g, "    %s r%u, r%u, r%u", rr[rg_below(g, 11)], rg_xdst(g), rg_xsrc(g), rg_xsrc(g));
            break;
        case 2:
            emit(g, "    %s r%u, r%u, %d", ri_s[rg_below(g, 2)], rg_xdst(g), rg_xsrc(g),
                 (int)rg_below(g, 65536) - 32768);
            break;
        case 3:
            emit(g, "    %s r%u, r%u, 0x%x", ri_u[rg_below(g, 3)], rg_xdst(g), rg_xsrc(g), rg_below(g, 65536));
            break;
        case 4:
            emit(g, "    %s r%u, r%u, %u", sh[rg_below(g, 3)], rg_xdst(g), rg_xsrc(g), rg_below(g, 32));
            break;
        default:
            if (rg_chance(g, 50))
                emit(g, "    lui r%u, 0x%x", rg_xdst(g), rg_below(g, 65536));
            else
                emit(g, "    li r%u, %d", rg_xdst(g), (int32_t)(uint32_t)rg_next(g));
            break;
        }
    }
}

static void fp_load(rgen *g, unsigned f)
{
    uint32_t v = rg_fp_value(g);
    switch (rg_below(g, 3)) {
    case 0:
        emit(g, "    li r12, 0x%08x", v);
        emit(g, "    fmvif f%u, r12", f);
        break;
    case 1:
        emit(g, "    flui f%u, 0x%x", f, v >> 16);
        if (v & 0xffff)
            emit(g, "    flli f%u, 0x%x", f, v & 0xffff);
        break;
    default:
        emit(g, "    fli f%u, %s%u.%u", f, rg_chance(g, 30) ? "-" : "", rg_below(g, 100), rg_below(g, 1000));
        break;
    }
}

static void blk_fp(rgen *g)
{
    static const char *const f3[] = {"fadd", "fsub", "fmul", "fmax", "fmin", "ffma"};
    static const char *const f2[] = {"fexp", "frecip", "frsqrt"};
    unsigned n = 1 + rg_below(g, 4);
    for (unsigned i = 0; i < n; i++) {
        unsigned fd = rg_below(g, g->hw.nfregs);
        switch (rg_below(g, 7)) {
        case 0: case 1:
            emit(g, "    %s f%u, f%u, f%u", f3[rg_below(g, 6)], fd, rg_below(g, g->hw.nfregs), rg_below(g, g->hw.nfregs));
            break;
        case 2:
            emit(g, "    %s f%u, f%u", f2[rg_below(g, 3)], fd, rg_below(g, g->hw.nfregs));
            break;
        case 3:
            fp_load(g, fd);
            break;
        case 4:
            emit(g, "    fcvtif f%u, r%u", fd, rg_xsrc(g));
            break;
        case 5:
            emit(g, "    fmvfi r%u, f%u", rg_xdst(g), rg_below(g, g->hw.nfregs));
            break;
        default:
            emit(g, "    fmvif f%u, r%u", fd, rg_xsrc(g));
            break;
        }
    }
}

static void vec_op(rgen *g)
{
    static const char *const vv[] = {"vadd", "vsub", "vmul", "vmax", "vmin"};
    static const char *const vs[] = {"vadds", "vsubs", "vmuls", "vmaxs", "vmins", "vmacs"};
    static const char *const v1[] = {"vexp", "vrecip", "vrsqrt"};
    switch (rg_below(g, 5)) {
    case 0: case 1:
        emit(g, "    %s [r%u], [r%u], [r%u]", vv[rg_below(g, 5)], rg_row(g), rg_row(g), rg_row(g));
        break;
    case 2:
        emit(g, "    %s [r%u], [r%u], f%u", vs[rg_below(g, 6)], rg_row(g), rg_row(g), rg_below(g, g->hw.nfregs));
        break;
    case 3:
        emit(g, "    %s [r%u], [r%u]", v1[rg_below(g, 3)], rg_row(g), rg_row(g));
        break;
    default:
        emit(g, "    vbcast [r%u], f%u", rg_row(g), rg_below(g, g->hw.nfregs));
        break;
    }
}

static void rebase_row(rgen *g, unsigned r)
{
    emit(g, "    li r%u, %u", r, rg_below(g, RG_ROW_MAX));
    g->row_drift[r] = 0;
}

static void blk_vec(rgen *g)
{
    unsigned n = 1 + rg_below(g, 4);
    for (unsigned i = 0; i < n; i++) {
        vec_op(g);
        if (rg_chance(g, 20)) {   /* walk a row pointer (bounded drift) */
            unsigned r = rg_row(g);
            if (g->row_drift[r] + g->mult > RG_ROW_DRIFT)
                rebase_row(g, r);
            else {
                emit(g, "    addi r%u, r%u, 1", r, r);
                g->row_drift[r] += g->mult;
            }
        }
    }
}

/* A reduction and, right behind it, an fp consumer of its result. */
static void blk_red(rgen *g)
{
    unsigned f = rg_below(g, g->hw.nfregs);
    emit(g, "    %s f%u, [r%u]", rg_chance(g, 50) ? "vredsum" : "vredmax", f, rg_row(g));
    switch (rg_below(g, 5)) {
    case 0: emit(g, "    fadd f%u, f%u, f%u", rg_below(g, g->hw.nfregs), f, rg_below(g, g->hw.nfregs)); break;
    case 1: emit(g, "    fmvfi r%u, f%u", rg_xdst(g), f); break;
    case 2: emit(g, "    vadds [r%u], [r%u], f%u", rg_row(g), rg_row(g), f); break;
    case 3: emit(g, "    %s f%u, [r%u]", rg_chance(g, 50) ? "vredsum" : "vredmax", f, rg_row(g)); break;
    default: emit(g, "    ffma f%u, f%u, f%u", f, rg_below(g, g->hw.nfregs), f); break;
    }
}

static void blk_cfg(rgen *g)
{
    switch (rg_below(g, 5)) {
    case 0: emit(g, "    csrwi vmask, %u", 1 + rg_below(g, g->hw.vlen)); break;
    case 1: emit(g, "    csrwi dlen, %u", 1 + rg_below(g, 48)); break;
    case 2: emit(g, "    csrwi dstride, %u", 2 * rg_below(g, 129)); break;
    case 3:
        if (rg_chance(g, 50)) {
            emit(g, "    li r12, %u", 1 + rg_below(g, 48));
            emit(g, "    csrw dlen, r12");
        } else {
            emit(g, "    li r12, %u", 1 + rg_below(g, g->hw.vlen));
            emit(g, "    csrw vmask, r12");
        }
        break;
    default: {
        static const char *const names[] = {"dstride", "dlen", "vmask", "cycle"};
        emit(g, "    csrr r%u, %s", rg_xdst(g), names[rg_below(g, 4)]);
        break;
    }
    }
}

static void rebase_addr(rgen *g, unsigned a)
{
    emit(g, "    li r12, %u", RG_WIN_LO + RG_DRIFT + 2 * rg_below(g, 8192));
    emit(g, "    movar a%u, r12", a);
    g->addr_drift[a] = 0;
}

static void blk_dma(rgen *g)
{
    unsigned a = rg_below(g, 4), r = rg_row(g);
    if (rg_chance(g, 30) || g->addr_drift[a] + 64 * g->mult > RG_DRIFT)
        rebase_addr(g, a);
    if (rg_chance(g, 30))
        blk_cfg(g);
    if (rg_chance(g, 40))
        emit(g, "    li r10, %u", 1 + rg_below(g, 4));
    int load = rg_chance(g, 55);
    emit(g, "    %s [r%u], a%u, r10", load ? "dld" : "dst", r, a);
    switch (rg_below(g, 5)) {
    case 0:   /* a vector op on the same rows, right behind */
        if (load)
            emit(g, "    vadd [r%u], [r%u], [r%u]", rg_row(g), r, rg_row(g));
        else
            emit(g, "    vmuls [r%u], [r%u], f%u", r, rg_row(g), rg_below(g, g->hw.nfregs));
        break;
    case 1:   /* the inverse transfer over the same DRAM bytes */
        emit(g, "    %s [r%u], a%u, r10", load ? "dst" : "dld", rg_row(g), a);
        break;
    case 2:   /* a reduction of a row being loaded */
        emit(g, "    vredsum f%u, [r%u]", rg_below(g, g->hw.nfregs), r);
        break;
    case 3: { /* step the pointer: strided walks across calls / loop iterations */
        int step = 2 * ((int)rg_below(g, 65) - 32);
        emit(g, "    addai a%u, a%u, %d", a, a, step);
        g->addr_drift[a] += (unsigned)abs(step) * g->mult;
        break;
    }
    default:
        break;
    }
}

static void blk_rows(rgen *g)
{
    rebase_row(g, rg_row(g));
}

static void blk_addr(rgen *g)
{
    unsigned s = 4 + rg_below(g, g->hw.naregs - 4);   /* scratch a4.. */
    switch (rg_below(g, 4)) {
    case 0: emit(g, "    movar a%u, r%u", s, rg_xsrc(g)); break;
    case 1: emit(g, "    movra r%u, a%u", rg_xdst(g), rg_below(g, g->hw.naregs)); break;
    case 2: emit(g, "    adda a%u, a%u, r%u", s, rg_below(g, g->hw.naregs), rg_xsrc(g)); break;
    default: emit(g, "    addai a%u, a%u, %d", s, rg_below(g, g->hw.naregs), (int)rg_below(g, 65536) - 32768); break;
    }
}

static void blk_simple(rgen *g);

/* Forward control flow that stays inside the current region: a conditional
 * branch, a jal, or a jr to a label loaded with li, skipping 1..3 blocks. */
static void blk_branch(rgen *g)
{
    static const char *const br[] = {"beq", "bne", "blt", "bge", "bltu", "bgeu"};
    unsigned l = g->label++;
    switch (rg_below(g, 4)) {
    case 0: case 1:
        emit(g, "    %s r%u, r%u, L%u", br[rg_below(g, 6)], rg_xsrc(g), rg_xsrc(g), l);
        break;
    case 2:
        emit(g, "    jal r%u, L%u", rg_chance(g, 80) ? 15u : 0u, l);
        break;
    default:
        emit(g, "    li r15, L%u", l);
        emit(g, "    jr r15");
        break;
    }
    unsigned n = 1 + rg_below(g, 3);
    for (unsigned i = 0; i < n; i++)
        blk_simple(g);
    emit(g, "L%u:", l);
    emit(g, "    j L%uj", l);        /* a taken j to the next instruction */
    emit(g, "L%uj:", l);
    blk_alu(g);                      /* the label never ends a loop body */
}

/* A counted backward loop made of a branch (outside or inside hardware loops). */
static void blk_countdown(rgen *g)
{
    unsigned l = g->label++, n = 1 + rg_below(g, 3);
    emit(g, "    li r13, %u", n);
    emit(g, "L%u:", l);
    unsigned saved = g->mult;
    g->mult *= n;
    blk_simple(g);
    g->mult = saved;
    emit(g, "    addi r13, r13, -1");
    emit(g, "    bne r13, r0, L%u", l);
    /* A taken branch as the last instruction of a hardware-loop body would still
     * count an iteration on the RTL (see docs/cosim.md): never end a body here. */
    emit(g, "    nop");
}

/* Matrix unit: DRAM -> matrix SRAM, weight-buffer loads (plain and transposed),
 * multiply-accumulate from vector rows, accumulator readout; r12 stages the
 * matrix-SRAM row (below MROWS - VLEN). */
static void blk_mat(rgen *g)
{
    unsigned n = 1 + rg_below(g, 3);
    for (unsigned i = 0; i < n; i++) {
        switch (rg_below(g, 6)) {
        case 0:
            emit(g, "    li r12, %u", rg_below(g, g->hw.mrows - 24));   /* + up to 12 rows */
            emit(g, "    mld [r12], a%u, r10", rg_below(g, 4));
            break;
        case 1:
            emit(g, "    li r12, %u", rg_below(g, g->hw.mrows - g->hw.vlen));
            emit(g, "    %s %u, [r12]", rg_chance(g, 50) ? "mldb" : "mldbt", rg_below(g, 2));
            break;
        case 2: case 3:
            emit(g, "    mmac %u, [r%u]", rg_below(g, 2), rg_row(g));
            break;
        case 4:
            emit(g, "    mst [r%u]", rg_row(g));
            break;
        default:
            emit(g, "    csrwi mrows, %u", 1 + rg_below(g, g->hw.mlen));
            break;
        }
    }
}

static void blk_simple(rgen *g)
{
    if (g->matrix && rg_chance(g, 15)) {
        blk_mat(g);
        return;
    }
    switch (rg_below(g, 9)) {
    case 0: blk_alu(g); break;
    case 1: blk_fp(g); break;
    case 2: case 3: blk_vec(g); break;
    case 4: blk_red(g); break;
    case 5: blk_dma(g); break;
    case 6: blk_cfg(g); break;
    case 7: blk_addr(g); break;
    default: emit(g, "    nop"); break;
    }
}

static void blk_any(rgen *g);

/* Hardware loop (loopi or loop with a register count 0..3), optionally with a
 * nested loop that may end at the same label. */
static void blk_loop(rgen *g, const char *shared_end)
{
    unsigned l = g->label++;
    char end[32];
    snprintf(end, sizeof end, "E%u", l);
    const char *my_end = shared_end ? shared_end : end;
    unsigned count;
    if (rg_chance(g, 50)) {
        count = 1 + rg_below(g, 4);
        emit(g, "    loopi %u, %s", count, my_end);
    } else {
        count = rg_below(g, 4);
        if (count == 0 && shared_end && (g->avoid & NPU_RGEN_AVOID_ZERO_SHARED))
            count = 1;
        emit(g, "    li r11, %u", count);
        emit(g, "    loop r11, %s", my_end);
    }
    unsigned saved = g->mult;
    g->mult *= count ? count : 1;
    g->depth++;
    unsigned n = 1 + rg_below(g, 4);
    int nested_shared = 0;
    for (unsigned i = 0; i < n; i++) {
        if (g->depth < 2 && rg_chance(g, 25)) {
            nested_shared = i == n - 1 && rg_chance(g, 50);
            blk_loop(g, nested_shared ? my_end : NULL);
            if (nested_shared)
                break;
        } else {
            blk_any(g);
        }
    }
    /* A nested loop ending the body ends where this one does, shared label or not. */
    if (g->after_loop && !nested_shared && (g->avoid & NPU_RGEN_AVOID_ZERO_SHARED))
        emit(g, "    nop");
    g->depth--;
    g->mult = saved;
    if (!shared_end)
        emit(g, "%s:", end);
    g->after_loop = 1;
}

static void blk_any(rgen *g)
{
    switch (rg_below(g, 12)) {
    case 0: blk_branch(g); break;
    case 1: blk_countdown(g); break;
    case 2: blk_rows(g); break;
    case 3: if (g->depth < 2) { blk_loop(g, NULL); break; } /* fall through */
    default: blk_simple(g); break;
    }
}

/* ---- epilogues ------------------------------------------------------------------- */

/* Leaves work in flight (a reduction, a DMA, a vector write) before the end. */
static void inflight(rgen *g)
{
    switch (rg_below(g, 4)) {
    case 0: emit(g, "    vredsum f%u, [r%u]", rg_below(g, g->hw.nfregs), rg_row(g)); break;
    case 1: emit(g, "    dst [r%u], a%u, r10", rg_row(g), rg_below(g, 4)); break;
    case 2: emit(g, "    dld [r%u], a%u, r10", rg_row(g), rg_below(g, 4)); break;
    default: vec_op(g); break;
    }
}

static void epilogue(rgen *g, int trap)
{
    int spacer = trap && (g->avoid & NPU_RGEN_AVOID_RED_TRAP);
    if (spacer)
        emit(g, "    nop");
    if (rg_chance(g, 60))
        inflight(g);
    if (spacer)
        emit(g, "    nop");
    switch (trap) {
    case 0:
        emit(g, "    halt");
        break;
    case 1:
        if (rg_chance(g, 50) || (g->avoid & NPU_RGEN_AVOID_FALLOFF))
            emit(g, "    .word 0x%08x", (uint32_t)(rg_next(g) & 0x3ffffff));   /* opcode 0 */
        /* else: no halt, execution runs into the zero words after the program */
        break;
    case 2:
        emit(g, "    li r15, %u", g->hw.imem_words + rg_below(g, 100000));
        emit(g, "    jr r15");
        break;
    case 3:
        switch (rg_below(g, 3)) {
        case 0:
            emit(g, "    li r1, %u", g->hw.vrows + rg_below(g, 5000));
            emit(g, "    vadd [r%u], [r1], [r%u]", rg_chance(g, 50) ? 1 : 2, 2 + rg_below(g, 3));
            break;
        case 1:
            emit(g, "    li r2, %u", g->hw.vrows + rg_below(g, 100));
            emit(g, "    vredmax f1, [r2]");
            break;
        default:
            emit(g, "    li r1, %u", g->hw.vrows - 8 + rg_below(g, 8));
            emit(g, "    li r10, 4");
            emit(g, "    csrwi dlen, %u", 2 * g->hw.vlen + 8);   /* 3 SRAM rows per DRAM row */
            emit(g, "    dld [r1], a0, r10");
            break;
        }
        break;
    case 4:
        emit(g, "    li r12, %u", g->dram_bytes - 2 * rg_below(g, 8));
        emit(g, "    movar a0, r12");
        emit(g, "    li r10, 2");
        emit(g, "    csrwi dlen, %u", 8 + rg_below(g, 16));
        emit(g, "    %s [r1], a0, r10", rg_chance(g, 50) ? "dld" : "dst");
        break;
    case 5:
        emit(g, "    li r10, 2");
        if (rg_chance(g, 50)) {
            emit(g, "    addai a1, a1, 1");
        } else {
            emit(g, "    csrwi dstride, %u", 1 + 2 * rg_below(g, 64));
        }
        emit(g, "    %s [r2], a1, r10", rg_chance(g, 50) ? "dld" : "dst");
        break;
    case 6:
        if (rg_chance(g, 50)) {
            emit(g, "    csrwi vmask, %u", rg_chance(g, 50) ? 0 : g->hw.vlen + 1 + rg_below(g, 1000));
            vec_op(g);
        } else {
            emit(g, "    csrwi dlen, 0");
            emit(g, "    li r10, 1");
            emit(g, "    dld [r3], a2, r10");
        }
        break;
    default:
        if (rg_chance(g, 50)) {   /* three deep */
            emit(g, "    loopi 2, T1");
            emit(g, "    loopi 2, T1");
            emit(g, "    loopi 2, T1");
            emit(g, "    nop");
            emit(g, "T1:");
        } else {                  /* empty body */
            emit(g, "    loopi 3, T1");
            emit(g, "T1:");
        }
        emit(g, "    halt");
        break;
    }
}

kc_status npu_rgen_program(uint64_t seed, const npu_rgen_opts *o, npu_rgen_prog *out, kc_err *err)
{
    memset(out, 0, sizeof *out);
    rgen g;
    memset(&g, 0, sizeof g);
    g.rng = seed * 0x2545f4914f6cdd1dull + 1;
    g.dram_bytes = o && o->dram_bytes ? o->dram_bytes : (1u << 20);
    if (g.dram_bytes < (64u << 10))
        return kc_err_set(err, KC_ERR_USAGE, "rgen: DRAM of %u bytes is below 64 KiB", g.dram_bytes);
    unsigned blocks = o && o->blocks ? o->blocks : 40;
    int trap = o ? o->trap : -1;
    if (trap < 0)
        trap = rg_chance(&g, 35) ? 1 + (int)rg_below(&g, 7) : 0;
    g.mult = 1;
    g.avoid = o ? o->avoid : 0;
    g.matrix = o ? o->matrix : 0;
    g.hw = o && o->hw ? *o->hw : *npu_hw_default();
    if (g.hw.naregs < 8 || g.hw.naregs > NPU_ISS_MAXREGS || g.hw.vrows < 256 || g.hw.mrows < 256 + g.hw.vlen)
        return kc_err_set(err, KC_ERR_USAGE, "rgen: the programs need 8..16 address registers, 256 "
                          "vector-SRAM rows and VLEN + 256 matrix-SRAM rows");

    emit(&g, "# npu_rgen program, seed %llu (%s)", (unsigned long long)seed,
         trap ? "ends in a trap" : "ends with halt");
    for (unsigned i = 0; i < g.hw.naregs; i++)
        out->args[i] = RG_WIN_LO + RG_DRIFT + 2 * rg_below(&g, 8192);
    out->nargs = g.hw.naregs;
    /* Define every vector-SRAM row the program uses (0..223) from DRAM: the RTL's
     * SRAM is not reset, and a run must not depend on what a model held before. */
    emit(&g, "    csrwi dlen, 16");
    emit(&g, "    csrwi dstride, 32");
    emit(&g, "    li r10, 224");
    emit(&g, "    dld [r0], a0, r10");
    if (g.matrix) {   /* nor on weight buffers / accumulators a previous run left */
        emit(&g, "    mld [r0], a1, r10");
        emit(&g, "    mldb 0, [r0]");
        emit(&g, "    mldbt 1, [r0]");
        emit(&g, "    csrwi mrows, %u", g.hw.mlen);
        emit(&g, "    mst [r0]");
        emit(&g, "    dld [r0], a0, r10");
    }
    /* a known starting configuration and row pointers */
    emit(&g, "    csrwi dlen, %u", 1 + rg_below(&g, 48));
    emit(&g, "    csrwi dstride, %u", 2 * rg_below(&g, 129));
    emit(&g, "    li r10, %u", 1 + rg_below(&g, 4));
    for (unsigned r = 1; r <= 4; r++)
        rebase_row(&g, r);
    for (unsigned i = 0; i < 4; i++)
        fp_load(&g, rg_below(&g, g.hw.nfregs));
    for (unsigned i = 0; i < blocks; i++)
        blk_any(&g);
    epilogue(&g, trap);
    if (g.oom) {
        free(g.buf);
        return kc_err_set(err, KC_ERR_NOMEM, "rgen: out of memory");
    }
    out->text = g.buf;
    out->trap = trap;
    return KC_OK;
}

void npu_rgen_prog_free(npu_rgen_prog *p)
{
    if (p) {
        free(p->text);
        p->text = NULL;
    }
}

void npu_rgen_fill_dram(uint64_t seed, uint8_t *data, size_t size)
{
    static const uint16_t edges[] = {
        0x0000, 0x8000, 0x7f80, 0xff80, 0x7fc0, 0xffc1, 0x7f81, 0x0001, 0x8001, 0x007f,
        0x0080, 0x8080, 0x7f7f, 0xff7f, 0x3f80, 0xbf80, 0x42b2, 0x4f80, 0x3000,
    };
    rgen g;
    memset(&g, 0, sizeof g);
    g.rng = seed ^ 0xd1b54a32d192ed03ull;
    for (size_t i = 0; i + 1 < size; i += 2) {
        uint16_t v;
        if (rg_chance(&g, 12)) {
            v = edges[rg_below(&g, sizeof edges / sizeof edges[0])];
        } else {
            uint64_t r = rg_next(&g);
            v = (uint16_t)(((r & 1) << 15) | ((120 + (r >> 1) % 16) << 7) | ((r >> 8) & 0x7f));
        }
        memcpy(data + i, &v, 2);
    }
}

kc_status npu_rgen_program_with(void *opts, uint64_t seed, const kc_hw *hw, uint32_t dram_bytes,
                                kc_rgen_prog *out, kc_err *err)
{
    npu_hw nh;
    memset(out, 0, sizeof *out);
    kc_status s = npu_hw_from(hw, &nh, err);
    npu_rgen_opts o = *(const npu_rgen_opts *)opts;
    o.dram_bytes = dram_bytes;
    o.hw = &nh;
    npu_rgen_prog p;
    if (s == KC_OK && (s = npu_rgen_program(seed, &o, &p, err)) == KC_OK) {
        out->text = p.text;
        out->nargs = p.nargs < KC_RGEN_MAX_ARGS ? p.nargs : KC_RGEN_MAX_ARGS;
        memcpy(out->args, p.args, out->nargs * sizeof *out->args);
        out->trap = p.trap;
    }
    return s;
}

static kc_status npu_rgen_kc(uint64_t seed, const kc_hw *hw, uint32_t dram_bytes, kc_rgen_prog *out, kc_err *err)
{
    npu_rgen_opts o = {.trap = -1, .matrix = 1};
    return npu_rgen_program_with(&o, seed, hw, dram_bytes, out, err);
}

const kc_rgen_ops npu_rgen_ops = {.program = npu_rgen_kc, .fill_dram = npu_rgen_fill_dram};
