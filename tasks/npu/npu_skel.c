/* npu_skel.c — the row pass and the tiling pipeline of the npu templates
 * (npu_skel.h). */
#include "npu_skel.h"

#include <stdio.h>
#include <string.h>

#define NPU_SKEL_MAX_OPS 32   /* ops of a recipe the list scheduler takes */

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

/* The mnemonic of an op template (its first word). */
static void op_name(const char *op, char *buf, size_t size)
{
    size_t n = 0;
    while (op[n] && op[n] != ' ' && n + 1 < size) {
        buf[n] = op[n];
        n++;
    }
    buf[n] = 0;
}

/* Cycles until the next op of the same slot can use op's result
 * (npu_hw_latency: docs/isa/npu.md, Timing); *sfu: a vector special function. */
static unsigned op_lat(const npu_hw *hw, const char *op, int *sfu)
{
    char name[16];
    op_name(op, name, sizeof name);
    *sfu = npu_hw_is_sfu(name);
    return npu_hw_latency(hw, name);
}

static void round_robin(npu_gen *g, const char *const *ops, const npu_skel_slot *slots, int s0, int s1)
{
    for (const char *const *op = ops; *op; op++)
        for (int s = s0; s < s1; s++)
            npu_skel_op(g, *op, &slots[s]);
}

/* Recipes without a special function: op k of every slot before op k+1, so
 * dependent ops (each slot's ops form a chain) are U instructions apart. With
 * one, the shared SFU (a row every VLEN/SFU_LANES cycles, a long latency) sets
 * the pace, and round-robin would queue every slot's special function behind
 * each other and then wait for them in order. So the ops are list-scheduled
 * for the in-order core: each slot keeps its ops' order, and at every step the
 * slot whose next op can issue earliest (its previous op's latency, the SFU
 * free for a special function) goes next; on a tie the slot with the longest
 * chain of latencies still ahead of it (its critical path), then the lower
 * slot. */
void npu_skel_ops(npu_gen *g, const char *const *ops, const npu_skel_slot *slots, int s0, int s1)
{
    int nops = 0, any_sfu = 0, sfu;
    for (const char *const *op = ops; *op; op++, nops++) {
        op_lat(&g->hw, *op, &sfu);
        any_sfu |= sfu;
    }
    if (!any_sfu || s1 - s0 < 2 || nops > NPU_SKEL_MAX_OPS) {
        round_robin(g, ops, slots, s0, s1);
        return;
    }
    /* tail[k]: the latencies of ops k.. of a slot's chain */
    unsigned tail[NPU_SKEL_MAX_OPS + 1] = {0};
    for (int k = nops - 1; k >= 0; k--)
        tail[k] = tail[k + 1] + op_lat(&g->hw, ops[k], &sfu);
    int next[NPU_SKEL_MAX_SLOTS] = {0};
    unsigned ready[NPU_SKEL_MAX_SLOTS] = {0}, now = 0, sfu_free = 0;
    const unsigned groups = npu_hw_sfu_groups(&g->hw);
    for (int left = nops * (s1 - s0); left > 0; left--) {
        int best = -1;
        unsigned best_t = 0;
        for (int s = s0; s < s1; s++) {
            if (next[s - s0] == nops)
                continue;
            op_lat(&g->hw, ops[next[s - s0]], &sfu);
            unsigned t = ready[s - s0] > now ? ready[s - s0] : now;
            if (sfu && sfu_free > t)
                t = sfu_free;
            if (best < 0 || t < best_t || (t == best_t && tail[next[s - s0]] > tail[next[best - s0]])) {
                best = s;
                best_t = t;
            }
        }
        const char *op = ops[next[best - s0]++];
        npu_skel_op(g, op, &slots[best]);
        ready[best - s0] = best_t + op_lat(&g->hw, op, &sfu);
        if (sfu)
            sfu_free = best_t + groups;
        now = best_t + 1;
    }
}

/* The first op of the recipe's scalar tail: the trailing ops that are not vector
 * instructions and name no row register (`fadd {C}, {C}, {P}` after a reduction).
 * nops when there is none. */
static int scalar_tail(const char *const *ops, int nops)
{
    int k = nops;
    while (k > 0) {
        const char *op = ops[k - 1];
        if (op[0] == 'v' || strstr(op, "{X}") || strstr(op, "{T}") || strstr(op, "{G}") ||
            strstr(op, "{B}") || strstr(op, "{W}"))
            break;
        k--;
    }
    return k;
}

static void advance_rows(npu_gen *g, const npu_skel_slot *slots, int nslots)
{
    for (int s = 0; s < nslots; s++) {
        npu_emit_ins(g, "addi r%d, r%d, %d", slots[s].x, slots[s].x, nslots);
        if (slots[s].w > 0)
            npu_emit_ins(g, "addi r%d, r%d, %d", slots[s].w, slots[s].w, nslots);
        if (slots[s].g >= 0)
            npu_emit_ins(g, "addi r%d, r%d, %d", slots[s].g, slots[s].g, nslots);
        if (slots[s].b >= 0)
            npu_emit_ins(g, "addi r%d, r%d, %d", slots[s].b, slots[s].b, nslots);
    }
}

/* One iteration of the row loop: the recipe on every slot, then the row pointers
 * advanced. A scalar tail (the fadds that take a reduction's result, which lands
 * 2*log2(VLEN)+1 cycles after its vredsum) goes after the pointer updates: they do
 * not touch its registers and fill part of the wait. */
static void loop_body(npu_gen *g, const char *const *ops, npu_skel_slot *slots, int nslots)
{
    int nops = 0;
    while (ops[nops])
        nops++;
    int k = nops <= NPU_SKEL_MAX_OPS ? scalar_tail(ops, nops) : nops;
    if (k == 0 || k == nops) {
        npu_skel_ops(g, ops, slots, 0, nslots);
        advance_rows(g, slots, nslots);
        return;
    }
    const char *head[NPU_SKEL_MAX_OPS + 1];
    memcpy(head, ops, (size_t)k * sizeof *head);
    head[k] = NULL;
    npu_skel_ops(g, head, slots, 0, nslots);
    advance_rows(g, slots, nslots);
    npu_skel_ops(g, ops + k, slots, 0, nslots);
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
        loop_body(g, ops, slots, nslots);
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
