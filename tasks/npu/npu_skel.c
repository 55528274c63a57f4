/* npu_skel.c — the row pass and the tiling pipeline of the npu templates
 * (npu_skel.h). */
#include "npu_skel.h"

#include <stdio.h>

void npu_skel_op(npu_gen *g, const char *op, const npu_skel_slot *s)
{
    char line[256];
    size_t n = 0;
    for (const char *q = op; *q && n + 8 < sizeof line; q++) {
        if (q[0] == '{' && q[1] && q[2] == '}') {
            int reg = -1;
            char kind = 'r';
            switch (q[1]) {
            case 'X': reg = s->x; break;
            case 'T': reg = s->t; break;
            case 'G': reg = s->g; break;
            case 'B': reg = s->b; break;
            case 'W': reg = s->w; break;
            case 'C': reg = s->c; kind = 'f'; break;
            case 'P': reg = s->p; kind = 'f'; break;
            default: break;
            }
            n += (size_t)snprintf(line + n, sizeof line - n, "%c%d", kind, reg);
            q += 2;
        } else
            line[n++] = *q;
    }
    line[n] = 0;
    npu_emit_ins(g, "%s", line);
}

void npu_skel_ops(npu_gen *g, const char *const *ops, const npu_skel_slot *slots, int s0, int s1)
{
    for (const char *const *op = ops; *op; op++)
        for (int s = s0; s < s1; s++)
            npu_skel_op(g, *op, &slots[s]);
}

void npu_skel_row_pass(npu_gen *g, const char *const *ops, unsigned flags, npu_skel_slot *slots,
                       int nslots, npu_skel_rowbase xb, npu_skel_rowbase gb, npu_skel_rowbase bb,
                       uint32_t full, uint32_t tail_lanes)
{
    for (int s = 0; s < nslots; s++) {
        npu_emit_ins(g, "addi r%d, %s, %u", slots[s].x, xb.reg, xb.off + (uint32_t)s);
        if (slots[s].w > 0)
            npu_emit_ins(g, "addi r%d, r%d, %u", slots[s].w, slots[s].x, slots[s].w_off);
        if (slots[s].g >= 0)
            npu_emit_ins(g, "addi r%d, %s, %u", slots[s].g, gb.reg, gb.off + (uint32_t)s);
        if (slots[s].b >= 0)
            npu_emit_ins(g, "addi r%d, %s, %u", slots[s].b, bb.reg, bb.off + (uint32_t)s);
    }
    uint32_t iters = full / (uint32_t)nslots, rest = full % (uint32_t)nslots;
    if (iters > 0) {
        int id = iters > 1 ? npu_emit_loop_open(g, iters, 6) : -1;
        npu_skel_ops(g, ops, slots, 0, nslots);
        for (int s = 0; s < nslots; s++) {
            npu_emit_ins(g, "addi r%d, r%d, %d", slots[s].x, slots[s].x, nslots);
            if (slots[s].w > 0)
                npu_emit_ins(g, "addi r%d, r%d, %d", slots[s].w, slots[s].w, nslots);
            if (slots[s].g >= 0)
                npu_emit_ins(g, "addi r%d, r%d, %d", slots[s].g, slots[s].g, nslots);
            if (slots[s].b >= 0)
                npu_emit_ins(g, "addi r%d, r%d, %d", slots[s].b, slots[s].b, nslots);
        }
        if (id >= 0)
            npu_emit_loop_close(g, id);
    }
    npu_skel_ops(g, ops, slots, 0, (int)rest);
    if (tail_lanes > 0) {
        /* slot `rest` points at row `full`: the pointers advanced in lock-step */
        if (flags & NPU_SKEL_MASK_TAIL)
            npu_emit_ins(g, "csrwi vmask, %u", tail_lanes);
        npu_skel_ops(g, ops, slots, (int)rest, (int)rest + 1);
        if (flags & NPU_SKEL_MASK_TAIL)
            npu_emit_ins(g, "csrwi vmask, %u", g->hw.vlen);
    }
}

static void tile_iteration(npu_gen *g, const void *t, const npu_skel_tiling *tl, int cur_full,
                           int next)
{
    if (tl->compute_load)
        tl->compute_load(g, t, cur_full, "r2", next);
    else {
        if (next >= 0)
            tl->load(g, t, next, "r3");
        tl->compute(g, t, cur_full, "r2");
    }
    tl->store(g, t, cur_full, "r2");
    if (next >= 0) { /* rotate buffers: (cur, next, spare) <- (next, spare, cur) */
        npu_emit_ins(g, "mv r15, r2");
        npu_emit_ins(g, "mv r2, r3");
        npu_emit_ins(g, "mv r3, %s", tl->two_bufs ? "r15" : "r4");
        if (!tl->two_bufs)
            npu_emit_ins(g, "mv r4, r15");
    }
}

void npu_skel_pipeline(npu_gen *g, const void *t, const npu_skel_tiling *tl)
{
    uint32_t total = tl->nfull + (uint32_t)tl->tail;
    npu_emit_ins(g, "li r2, 0");
    npu_emit_ins(g, "li r3, %u", tl->buf_rows);
    if (!tl->two_bufs)
        npu_emit_ins(g, "li r4, %u", 2 * tl->buf_rows);
    tl->load(g, t, tl->nfull > 0, "r2");
    uint32_t uniform = tl->nfull >= 2 ? tl->nfull - 1 : 0;
    if (uniform > 0) {
        npu_emit_comment(g, "steady state: load tile i+1, compute tile i, store tile i");
        int id = uniform > 1 ? npu_emit_loop_open(g, uniform, 5) : -1;
        tile_iteration(g, t, tl, 1, 1);
        if (id >= 0)
            npu_emit_loop_close(g, id);
    }
    for (uint32_t i = uniform; i < total; i++) {
        npu_emit_comment(g, i < tl->nfull ? "last whole tile" : "ragged tail tile");
        int next = i + 1 < total ? (i + 1 < tl->nfull) : -1;
        tile_iteration(g, t, tl, i < tl->nfull, next);
    }
}
