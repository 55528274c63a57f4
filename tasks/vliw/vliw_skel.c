/* vliw_skel.c — the streaming skeleton (vliw_skel.h). */
#include "vliw_skel.h"

#define LOCK_REL(lock) (0x2000u | (uint32_t)(lock) << 6 | 1u)

typedef struct tile_plan {
    uint64_t first, units;   /* share: units [first, first + units) */
    uint32_t nb;             /* blocks */
    uint32_t last_units;     /* units of the last block */
} tile_plan;

/* 1 when BD bd moves rows (cnt1 of them), 0 when one row of 2-byte elements. */
static int bd_rows(const vliw_skel_stream *st, int bd)
{
    return st->rows && !(bd >= 2 && bd < 4 && st->out_elems);
}

/* Length fields of a BD for `units` units: len0 (elements) or cnt1 (rows). */
static void set_len(vliw_gen *g, const vliw_skel_stream *st, int bd, uint32_t units)
{
    int rows = bd_rows(st, bd);
    vliw_emit_li(g, 13, rows ? units : units * 2);
    vliw_emit_op(g, "bd.set %d, %s, r13", bd, rows ? "cnt1" : "len0");
}

/* The BDs' fixed fields (0..3, and 4, 5 for in2). */
static void setup_bds(vliw_gen *g, const vliw_skel_stream *st)
{
    const uint32_t dm[6] = {st->in0, st->in1, st->out0, st->out1, st->in2_0, st->in2_1};
    int nbd = st->has_in2 ? 6 : 4;
    vliw_emit_begin(g);
    vliw_emit_li(g, 13, 1);
    for (int bd = 0; bd < nbd; bd++) {   /* the ISS rejects a count of 0 (bd-invalid) */
        if (!g->compact || !bd_rows(st, bd))   /* (set_len writes a rows BD's cnt1 below) */
            vliw_emit_op(g, "bd.set %d, cnt1, r13", bd);
        vliw_emit_op(g, "bd.set %d, cnt2, r13", bd);
    }
    for (int bd = 0; bd < nbd; bd++) {
        vliw_emit_li(g, 13, dm[bd]);
        vliw_emit_op(g, "bd.set %d, dm, r13", bd);
        if (bd_rows(st, bd)) {
            vliw_emit_li(g, 13, st->row_bytes);
            vliw_emit_op(g, "bd.set %d, len0, r13", bd);
            vliw_emit_op(g, "bd.set %d, dstride1, r13", bd);
            vliw_emit_li(g, 13, st->pitch);
            vliw_emit_op(g, "bd.set %d, mstride1, r13", bd);
        }
        set_len(g, st, bd, st->block_units);
        if (st->has_in2 && bd < 2) {   /* in -> in2, which releases lock bd */
            vliw_emit_li(g, 13, 0x10u | (uint32_t)(4 + bd));
            vliw_emit_op(g, "bd.set %d, next, r13", bd);
        } else {
            vliw_emit_li(g, 13, LOCK_REL(bd >= 4 ? bd - 4 : bd));
            vliw_emit_op(g, "bd.set %d, rel, r13", bd);
        }
    }
    vliw_emit_end(g);
}

static uint32_t block_units(const vliw_skel_stream *st, const tile_plan *tp, uint32_t i)
{
    return i + 1 == tp->nb ? tp->last_units : st->block_units;
}

static uint32_t count_of(const vliw_skel_stream *st, uint32_t units)
{
    return (units + st->group - 1) / st->group;
}

/* Starts the load of a block of u units into buffer b (address r10, then r10 += r12). */
static void prefetch(vliw_gen *g, const vliw_skel_stream *st, uint32_t u, int b)
{
    if (u != st->block_units)
        set_len(g, st, b, u);
    vliw_emit_op(g, "bd.set %d, dram, r10", b);
    if (st->has_in2) {   /* the same block of in2 (r7) */
        if (u != st->block_units)
            set_len(g, st, 4 + b, u);
        vliw_emit_op(g, "bd.set %d, dram, r7", 4 + b);
        vliw_emit_op(g, "add r7, r7, r12");
    }
    vliw_emit_op(g, "dma.start 0, %d", b);
    vliw_emit_op(g, "add r10, r10, r12");
}

/* Step i on buffer b; `generic` = inside the loop (whole blocks, whole prefetch). */
static void step(vliw_gen *g, const vliw_skel_stream *st, const tile_plan *tp, uint32_t i, int b,
                 int generic, int label)
{
    uint32_t u = generic ? st->block_units : block_units(st, tp, i);
    vliw_emit_begin(g);
    vliw_emit_op(g, "acq 0x%02x, 1", b);
    vliw_emit_op(g, "acq 0x%02x, 1", 2 + b);
    vliw_emit_op(g, "mov p0, 0x%x", b ? st->in1 : st->in0);
    vliw_emit_op(g, "mov p1, 0x%x", b ? st->out1 : st->out0);
    if (st->has_in2)
        vliw_emit_op(g, "mov p2, 0x%x", b ? st->in2_1 : st->in2_0);
    vliw_emit_li(g, 14, count_of(st, u));
    vliw_emit_end(g);
    vliw_emit_line(g, "    jal r15, L%d", label);
    vliw_emit_line(g, "    nop");
    vliw_emit_line(g, "    nop");
    vliw_emit_begin(g);
    if (generic)
        prefetch(g, st, st->block_units, b);
    else if (i + 2 < tp->nb)
        prefetch(g, st, block_units(st, tp, i + 2), b);
    if (u != st->block_units)
        set_len(g, st, 2 + b, u);
    vliw_emit_op(g, "bd.set %d, dram, r11", 2 + b);
    vliw_emit_op(g, "dma.start 1, %d", 2 + b);
    vliw_emit_op(g, "add r11, r11, r8");
    vliw_emit_end(g);
}

static void plan_tile(const vliw_skel_stream *st, unsigned ntiles, unsigned t, tile_plan *tp)
{
    uint64_t q = (st->total + st->quantum - 1) / st->quantum;   /* quanta */
    uint64_t base = q / ntiles, extra = q % ntiles;
    uint64_t qf = t * base + (t < extra ? t : extra), qn = base + (t < extra);
    tp->first = qf * st->quantum;
    uint64_t end = (qf + qn) * st->quantum;
    if (end > st->total)
        end = st->total;
    tp->units = end > tp->first ? end - tp->first : 0;
    tp->nb = (uint32_t)((tp->units + st->block_units - 1) / st->block_units);
    tp->last_units = tp->nb ? (uint32_t)(tp->units - (uint64_t)(tp->nb - 1) * st->block_units) : 0;
}

void vliw_skel_stream_tile(vliw_gen *g, const void *ctx, const vliw_skel_stream *st)
{
    uint64_t unit_bytes = st->rows ? st->row_bytes : 2;
    uint64_t out_bytes = st->out_elems ? 2 : unit_bytes;
    tile_plan tp;
    plan_tile(st, g->ntiles, g->tile, &tp);
    vliw_emit_line(g, "// tile %u: units %llu..%llu in %u blocks", g->tile, (unsigned long long)tp.first,
                   (unsigned long long)(tp.first + tp.units), tp.nb);
    if (!tp.nb)
        return;
    int sub = vliw_emit_label(g);
    /* DRAM addresses of the share, block size */
    vliw_emit_begin(g);
    vliw_emit_addr(g, 10, 13, st->in, (uint32_t)(tp.first * unit_bytes));
    vliw_emit_addr(g, 11, 13, st->out, (uint32_t)(tp.first * out_bytes));
    if (st->has_in2)
        vliw_emit_addr(g, 7, 13, st->in2, (uint32_t)(tp.first * unit_bytes));
    vliw_emit_li(g, 12, (uint32_t)(st->block_units * unit_bytes));
    vliw_emit_li(g, 8, (uint32_t)(st->block_units * out_bytes));
    vliw_emit_op(g, "rel 0x02, 1");
    vliw_emit_op(g, "rel 0x03, 1");
    vliw_emit_end(g);
    if (st->setup)
        st->setup(g, ctx);
    setup_bds(g, st);
    vliw_emit_begin(g);
    prefetch(g, st, block_units(st, &tp, 0), 0);
    if (tp.nb > 1)
        prefetch(g, st, block_units(st, &tp, 1), 1);
    vliw_emit_end(g);
    /* steps whose prefetch (i + 2) is a whole block run in the loop */
    uint32_t lastfull = tp.last_units == st->block_units ? tp.nb - 1 : tp.nb - 2;
    uint32_t nloop = (tp.nb >= 3 && lastfull >= 2) ? lastfull - 1 : 0;
    uint32_t npairs = nloop / 2;
    if (npairs) {
        int top = vliw_emit_branch_loop_open(g, 9, npairs);
        step(g, st, &tp, 0, 0, 1, sub);
        step(g, st, &tp, 1, 1, 1, sub);
        vliw_emit_branch_loop_close(g, 9, top);
    }
    for (uint32_t i = 2 * npairs; i < tp.nb; i++)
        step(g, st, &tp, i, (int)(i % 2), 0, sub);
    if (!g->last_stage) {   /* the out buffers' locks back to 0: the last stores are out */
        vliw_emit_begin(g);
        vliw_emit_op(g, "acq 0x02, 1");
        vliw_emit_op(g, "acq 0x03, 1");
        vliw_emit_end(g);
    }
    vliw_emit_sub_begin(g);
    vliw_emit_line(g, "L%d:", sub);
    st->compute(g, ctx);
    vliw_emit_line(g, "    jr r15");
    vliw_emit_line(g, "    nop");
    vliw_emit_line(g, "    nop");
    vliw_emit_sub_end(g);
}

typedef struct stream_args {
    const void *ctx;
    const vliw_skel_stream *st;
} stream_args;

static kc_status stream_stage(vliw_gen *g, const void *args, kc_err *err)
{
    (void)err;
    const stream_args *a = args;
    vliw_skel_stream_tile(g, a->ctx, a->st);
    return KC_OK;
}

void vliw_skel_stream_gen(vliw_gen *g, const void *ctx, const vliw_skel_stream *st)
{
    stream_args a = {ctx, st};
    vliw_stage stage = {stream_stage, &a};
    kc_err err = {0};
    vliw_emit_stages(g, &stage, 1, &err);   /* a stream stage cannot fail */
}
