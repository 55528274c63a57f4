/* vliw_rope.c — RoPE on the streaming skeleton (vliw_rope.h).
 *
 * x [S][H][Dh] flows through DM in units of half-rows (Dh/2 elements, one DMA
 * row each, at a 32-byte DM pitch P), so both halves of a head start on a
 * vector and element i meets element i + Dh/2 in the same lane. A tile takes
 * whole positions (the skeleton's quantum is a position's 2H half-rows; one
 * compute step is one position); its rows of cos and sin come into DM once
 * (BDs 4 and 5, ahead of the blocks on ch0), at the same pitch, and p6 / p7
 * walk them one position per step across blocks. Per head and vector of a
 * half: y1 = x1 c - x2 s and y2 = x2 c + x1 s on the MAC (the products exact
 * in fp32, one rounding in the sum, one to bf16). Lanes past Dh/2 in DM are
 * computed from whatever is there and never written back. */
#include "vliw_rope.h"

#include <string.h>

#include "vliw_skel.h"

typedef struct rope {
    vliw_opnd cos, sin;
    uint32_t s, h, half, nvh, pitch;
    uint32_t tabdm;     /* DM: cos rows of the tile's positions, then sin rows */
    uint32_t maxpos;    /* the most positions a tile takes */
} rope;

/* The tile's positions [*first, *first + *n) (the skeleton's split by quanta). */
static void tile_positions(const rope *r, unsigned ntiles, unsigned t, uint32_t *first, uint32_t *n)
{
    uint32_t base = r->s / ntiles, extra = r->s % ntiles;
    *first = t * base + (t < extra ? t : extra);
    *n = base + (t < extra);
}

static void rope_setup(vliw_gen *g, const void *ctx)
{
    const rope *r = ctx;
    uint32_t first, n;
    tile_positions(r, g->ntiles, g->tile, &first, &n);
    uint32_t sdm = r->tabdm + n * r->pitch;
    vliw_emit_begin(g);
    for (int bd = 4; bd < 6; bd++) {
        vliw_emit_addr(g, 14, 13, bd == 4 ? r->cos : r->sin, first * r->half * 2);
        vliw_emit_op(g, "bd.set %d, dram, r14", bd);
        vliw_emit_li(g, 13, bd == 4 ? r->tabdm : sdm);
        vliw_emit_op(g, "bd.set %d, dm, r13", bd);
        vliw_emit_li(g, 13, r->half * 2);
        vliw_emit_op(g, "bd.set %d, len0, r13", bd);
        vliw_emit_op(g, "bd.set %d, dstride1, r13", bd);
        vliw_emit_li(g, 13, n);
        vliw_emit_op(g, "bd.set %d, cnt1, r13", bd);
        vliw_emit_li(g, 13, r->pitch);
        vliw_emit_op(g, "bd.set %d, mstride1, r13", bd);
        vliw_emit_li(g, 13, 1);
        vliw_emit_op(g, "bd.set %d, cnt2, r13", bd);
    }
    vliw_emit_li(g, 13, 0x10 | 5);   /* BD 4, then BD 5 */
    vliw_emit_op(g, "bd.set 4, next, r13");
    vliw_emit_op(g, "dma.start 0, 4");
    vliw_emit_li(g, 13, r->tabdm);
    vliw_emit_op(g, "mov p6, r13");
    vliw_emit_li(g, 14, sdm);
    vliw_emit_op(g, "mov p7, r14");
    vliw_emit_end(g);
}

/* r14 positions from p0 to p1; p6 / p7 the position's cos / sin. */
static void rope_compute(vliw_gen *g, const void *ctx)
{
    const rope *r = ctx;
    int pos = vliw_emit_label(g);
    vliw_emit_line(g, "    loop r14, L%d", pos);
    vliw_emit_begin(g);
    for (uint32_t v = 0; v < r->nvh; v++) {
        int x = 4 * (int)(v % 3), y = 12 + 2 * (int)(v % 2), a = 2 * (int)(v % 4);
        uint32_t o = v * 32;
        vliw_emit_op(g, "vld v%d, [p0, %u]", x, o);
        vliw_emit_op(g, "vld v%d, [p0, %u]", x + 1, r->pitch + o);
        vliw_emit_op(g, "vld v%d, [p6, %u]", x + 2, o);
        vliw_emit_op(g, "vld v%d, [p7, %u]", x + 3, o);
        vliw_emit_op(g, "vmul acc%d, v%d, v%d", a, x, x + 2);
        vliw_emit_op(g, "vmsc acc%d, v%d, v%d", a, x + 1, x + 3);
        vliw_emit_op(g, "vmul acc%d, v%d, v%d", a + 1, x + 1, x + 2);
        vliw_emit_op(g, "vmac acc%d, v%d, v%d", a + 1, x, x + 3);
        vliw_emit_op(g, "srs v%d, acc%d", y, a);
        vliw_emit_op(g, "srs v%d, acc%d", y + 1, a + 1);
        vliw_emit_op(g, "vst v%d, [p1, %u]", y, o);
        vliw_emit_op(g, "vst v%d, [p1, %u]", y + 1, r->pitch + o);
    }
    vliw_emit_op(g, "padd p0, %u", 2 * r->pitch);
    vliw_emit_op(g, "padd p1, %u", 2 * r->pitch);
    vliw_emit_loopi_end(g, r->h);
    vliw_emit_begin(g);
    vliw_emit_op(g, "padd p6, %u", r->pitch);
    vliw_emit_op(g, "padd p7, %u", r->pitch);
    vliw_emit_end(g);
    vliw_emit_line(g, "L%d:", pos);
}

int vliw_rope_serves(const char *name)
{
    return !strcmp(name, "rope");
}

kc_status vliw_rope_stage(vliw_gen *g, const void *args, kc_err *err)
{
    const vliw_rope_op *op = args;
    rope r;
    memset(&r, 0, sizeof r);
    r.cos = op->cos;
    r.sin = op->sin;
    r.s = op->s;
    r.h = op->h;
    r.half = op->dh / 2;
    r.nvh = (r.half + 15) / 16;
    r.pitch = r.nvh * 32;
    r.maxpos = (r.s + g->ntiles - 1) / g->ntiles;
    uint32_t posbytes = 2 * r.h * r.pitch;   /* one position of x in DM */
    uint32_t tab = 2 * r.maxpos * r.pitch, avail = g->hw.dm_bytes - 128;
    uint32_t bp = avail > tab ? (avail - tab) / (4 * posbytes) : 0;
    if (!bp || r.h > 1023 || 2 * r.pitch > 32767)
        return kc_err_set(err, KC_ERR_RANGE, "baseline: does not fit: rope with S = %u, H = %u, Dh = %u needs %u "
                          "bytes of cos/sin plus 4 x %u per position block in a tile's DM (%u bytes)", r.s, r.h,
                          op->dh, tab, posbytes, avail);
    uint32_t want = (r.maxpos + 3) / 4;   /* ~4 blocks per tile: DMA overlaps compute */
    if (bp > want)
        bp = want ? want : 1;
    vliw_skel_stream st;
    memset(&st, 0, sizeof st);
    st.in = op->x;
    st.out = op->y;
    st.total = (uint64_t)r.s * r.h * 2;
    st.quantum = 2 * r.h;
    st.rows = 1;
    st.row_bytes = r.half * 2;
    st.pitch = r.pitch;
    st.block_units = bp * 2 * r.h;
    st.group = 2 * r.h;
    uint32_t buf = bp * posbytes;
    st.in0 = 0, st.in1 = buf, st.out0 = 2 * buf, st.out1 = 3 * buf;
    r.tabdm = 4 * buf;
    st.setup = rope_setup;
    st.compute = rope_compute;
    vliw_skel_stream_tile(g, &r, &st);
    return KC_OK;
}

kc_status vliw_rope_gen(vliw_gen *g, const kc_task *t, const kc_task_config *c, kc_err *err)
{
    (void)t;   /* ABI: x, cos, sin, y; dims S, H, Dh */
    vliw_rope_op op = {c->dims[0], c->dims[1], c->dims[2], vliw_opnd_at(0, 0), vliw_opnd_at(1, 0),
                       vliw_opnd_at(2, 0), vliw_opnd_at(3, 0)};
    vliw_stage st = {vliw_rope_stage, &op};
    return vliw_emit_stages(g, &st, 1, err);
}
