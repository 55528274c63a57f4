/* vliw_attn.c — the attention stage (vliw_attn.h).
 *
 * Work: the query groups (4 rows) of every (batch, head), flattened, split by
 * tile id into contiguous ranges; a tile's range is a few segments (one head
 * each). Per segment the tile's DMA brings the head's K and V into DM once (one
 * BD each, chained; the V BD releases lock 4) and the core transposes K in
 * place. Where the DM has room (the plan's `rows`) the BDs move whole rows,
 * packed (K into V's region, V into a staging area, each releasing lock 4) and the
 * core rearranges them into the block layout with scalar loads and stores
 * (rows_to_blocks): a DMA row costs a read per 32-byte line it touches, so
 * whole rows take a quarter of the reads of 8-byte gathers, the DMA's limit
 * (DMA_INFLIGHT reads in flight per channel). Else the BDs gather the blocks
 * directly (3-D, 8-byte rows). Per query group the DMA brings Q in (two buffers, BDs 0/1, locks 0/1)
 * and takes O out (two buffers, BDs 2/3 release locks 2/3 when DRAM has them),
 * so the DMA of the neighbouring groups overlaps the group's compute (a
 * subroutine, `jal`).
 *
 * DM layouts are 4x4 blocks, d-chunk major: K^T block (key sub-block kb,
 * d-chunk c) at KT + (c NKB + kb) 32 holds B[d 4c+i][key 4kb+j] row-major (the
 * B operand of S = Q K^T); V block at VT + (c NKB + kb) 32 holds V[key][d]
 * (the B operand of O += P V); a Q / O buffer holds chunk c at c 32 as
 * [row][d]. The DMA gathers them with 8-byte rows (dim 1 the rows, dim 2 the
 * d-chunks), so one BD moves a whole head's K or a whole group's Q.
 *
 * Per query group, per key block (FlashAttention: blocks of NS sub-blocks of 4
 * keys, only those up to the diagonal; ScaledDotProduct: one block of all keys):
 *   S pass   S = scale (Q K^T) per sub-block (vmmul/vmmac over the d-chunks),
 *            masked (asel with -1e30: causal diagonal, keys past the end; the
 *            mask words come from a DM table), lane max into M, stored bf16;
 *   row max  m_blk = max over each row's 4 lanes of M: bf16 M times two
 *            permutation matrices (vmmul moves lanes within a row exactly),
 *            so every lane of a row holds the same bf16 value;
 *            m' = max(m, m_blk), alpha = exp(m - m'), l = alpha l;
 *   P pass   P = exp(S - m') (bf16, in place of S), l += P ONES (vmmac with an
 *            all-ones matrix: the row sums, broadcast along the row);
 *   O pass   per chunk of up to 5 d-chunks: O = alpha O (O in DM as bf16, up
 *            into accumulators), O += P V over the sub-blocks, back to DM;
 * and at the end O = O / l. Rows are independent in every step (row-broadcast
 * m, l, alpha), so a ragged last group's stale rows never touch the valid ones
 * and are not written back. -1e30 rather than -inf keeps 0 x mask finite in
 * the permutation products; exp(-1e30 - m) is 0. */
#include "vliw_attn.h"

#include <string.h>

#include "kc_task_attn.h"
#include "vliw_hw.h"
#include "vliw_matmul.h"

#define NEG_BIG (-1e30f)
#define DIAG_MASK 0xf731u   /* lane 4i + j kept when key j <= query i */
#define LOCK_REL(lock) (0x2000u | (uint32_t)(lock) << 6 | 1u)
#define MAX_CHUNK 5u        /* d-chunks per O pass (accumulators acc0..acc4) */

typedef struct plan {
    const vliw_attn *a;
    uint32_t dc;             /* d-chunks of 4 */
    uint32_t nqg, qrag;      /* query groups; rows of the last (0: whole) */
    uint32_t nkb, krag;      /* key sub-blocks; keys of the last (0: whole) */
    uint32_t ns, nkbpad;     /* sub-blocks per key block; sub-blocks of K^T / V in DM */
    uint32_t nmt;            /* mask-table words */
    int rows;                /* K and V arrive as whole rows (a staging area), else 8-byte gathers */
    uint32_t kt, vt, sb, qb[2], ob[2], mt, stg, end;   /* DM */
    int sub;                 /* the group subroutine's label */
    int kv_sub;              /* the K / V layout subroutine's label */
} plan;

/* ns: sub-blocks per key block of a causal stage (4 or 8); rows: K and V by
 * whole-row DMA through a staging area (else 8-byte gathers, no staging). */
static int plan_make(const vliw_attn *a, uint32_t ns, int rows, plan *p)
{
    memset(p, 0, sizeof *p);
    p->a = a;
    if (!a->d || a->d % 4 || !a->sq || !a->sk || !a->heads || !a->kv_heads || a->heads % a->kv_heads)
        return -1;
    if (a->causal && a->sq != a->sk)
        return -1;
    if (rows && ((a->sk + 3) / 4) * 8 * a->d > 32767 - 8)   /* rows_to_blocks' pointer steps: imm16 */
        return -1;
    p->dc = a->d / 4;
    p->nqg = (a->sq + 3) / 4;
    p->qrag = a->sq % 4;
    p->nkb = (a->sk + 3) / 4;
    p->krag = a->sk % 4;
    if (a->causal) {
        p->ns = ns;
        p->nkbpad = (p->nkb + p->ns - 1) / p->ns * p->ns;
        p->nmt = p->nqg + p->ns - 1;
    } else {
        p->ns = (p->nkb + 1) / 2 * 2;   /* even: the passes' loops need no remainder (code size) */
        p->nkbpad = p->ns;
        p->nmt = p->ns;
    }
    if (a->has_bias && (a->causal || a->batch != 1 || a->ldq != a->ldo))
        return -1;
    /* with a bias, each Q buffer is followed by its group's bias blocks */
    uint32_t kv = p->dc * p->nkbpad * 32, q = p->dc * 32, qstep = q + (a->has_bias ? p->ns * 32 : 0);
    p->kt = 0;
    p->vt = kv;
    p->sb = 2 * kv;
    p->qb[0] = p->sb + p->ns * 32;
    p->qb[1] = p->qb[0] + qstep;
    p->ob[0] = p->qb[1] + qstep;
    p->ob[1] = p->ob[0] + q;
    p->mt = p->ob[1] + q;
    p->stg = p->mt + (p->nmt * 4 + 31) / 32 * 32;
    p->rows = rows;
    /* the staging area holds the rows of whole key sub-blocks (4 nkb rows of
     * 2d bytes: the copy reads the ragged sub-block's rows past the last key) */
    p->end = p->stg + (rows ? (p->nkb * 8 * a->d + 31) / 32 * 32 : 0);
    return rows && p->stg - p->vt > 32767 ? -1 : 0;
}

/* The plan for a DM of `avail` bytes: K and V by whole rows when the staging
 * area fits (a quarter of the gathers' DMA beats) and may_copy (the row copy's
 * code fits PM), else gathered; causal key
 * blocks of 8 sub-blocks from 96 rows on (less per-block overhead), of 4 when
 * that does not fit (less padding of K and V to whole key blocks) or the rows
 * are fewer. */
static int plan_for(const vliw_attn *a, uint32_t avail, int may_copy, plan *p)
{
    for (int rows = may_copy; rows >= 0; rows--) {
        if (a->sq >= 96 && !plan_make(a, 8, rows, p) && p->end <= avail)
            return 0;
        if (!plan_make(a, 4, rows, p) && (p->end <= avail || !rows))
            return 0;
    }
    return -1;
}

uint32_t vliw_attn_dm_bytes(const vliw_attn *a)
{
    plan p;   /* the smallest layout: gathered K and V, key blocks of 4 sub-blocks */
    return plan_make(a, 4, 0, &p) ? 0 : p.end;
}

/* ---- the group subroutine ------------------------------------------------------------
 * In: r5 = the group's index in its head, r6 = its Q buffer, r7 = its O buffer.
 * Uses r1..r4, r13, r14, p0..p7, m0, v0..v11, acc0..acc7. Constants: v12 = 0,
 * v13 / v14 = the lane permutations (row i: lane j <- j + 1, j + 2 mod 4),
 * v15 = 1.0 (all lanes: the ONES matrix and the exact bf16 -> fp32 operand). */

/* One instruction of sub-block u's recipe at stage st (stage-major emission keeps
 * the loads of every unrolled sub-block ahead of their stores). */
typedef void (*body_fn)(vliw_gen *g, const plan *p, int u, int st);

/* n sub-blocks, U per hardware-loop iteration, the rest straight. */
static void pass(vliw_gen *g, const plan *p, uint32_t n, int U, int nst, body_fn f)
{
    if (n / (uint32_t)U) {
        vliw_emit_begin(g);
        for (int st = 0; st < nst; st++)
            for (int u = 0; u < U; u++)
                f(g, p, u, st);
        vliw_emit_loopi_end(g, n / (uint32_t)U);
    }
    if (n % (uint32_t)U) {
        /* the scheduler overlaps the chained loads into one register with the
         * MACs reading its previous value on purpose, as in a pipelined loop:
         * the assembler's straight-line check would warn on each */
        vliw_emit_line(g, ".nocheck");
        vliw_emit_begin(g);
        for (int st = 0; st < nst; st++)
            for (int u = 0; u < (int)(n % (uint32_t)U); u++)
                f(g, p, u, st);
        vliw_emit_end(g);
        vliw_emit_line(g, ".check");
    }
}

/* S = scale Q K^T (masked), M = max(M, S), S to the score buffer (p4). */
static void s_body(vliw_gen *g, const plan *p, int u, int st)
{
    int pq = u ? 6 : 2, pk = u ? 7 : 3, vq = 2 * u, vk = 2 * u + 1, rm = u ? 13 : 3;
    switch (st) {
    case 0:
        vliw_emit_op(g, "mov p%d, r6", pq);
        vliw_emit_op(g, "mov p%d, r4", pk);
        vliw_emit_op(g, "addi r4, r4, 32");
        break;
    case 1:
        for (uint32_t c = 0; c < p->dc; c++) {
            vliw_emit_op(g, "vld v%d, [p%d], 32", vq, pq);
            vliw_emit_op(g, "vld v%d, [p%d], m0", vk, pk);
            vliw_emit_op(g, "%s acc%d, v%d, v%d", c ? "vmmac" : "vmmul", u, vq, vk);
        }
        break;
    case 2:
        vliw_emit_op(g, "ld r%d, [p5], 4", rm);
        if (p->a->has_bias)   /* the bias block (4 rows x 4 keys) */
            vliw_emit_op(g, "vld v%d, [p0], 32", 4 + u);
        break;
    case 3:
        vliw_emit_op(g, "amul acc%d, acc%d, acc5", u, u);
        if (p->a->has_bias)   /* + bias x 1.0 */
            vliw_emit_op(g, "vmac acc%d, v%d, v15", u, 4 + u);
        break;
    case 4:
        vliw_emit_op(g, "asel acc%d, acc%d, acc3, r%d", u, u, rm);
        break;
    case 5:
        vliw_emit_op(g, "amax acc4, acc4, acc%d", u);
        break;
    case 6:
        vliw_emit_op(g, "srs v%d, acc%d", 8 + u, u);
        break;
    default:
        vliw_emit_op(g, "vst v%d, [p4], 32", 8 + u);
        break;
    }
}

/* P = exp(S - m) (S from p4, P to p0: in place), l += P ONES. */
static void p_body(vliw_gen *g, const plan *p, int u, int st)
{
    (void)p;
    static const char *const ops[] = {
        "vld v%d, [p4], 32", "amov acc%d, acc3", "vmac acc%d, v%d, v15", "aexp acc%d, acc%d",
        "srs v%d, acc%d", "vst v%d, [p0], 32", "vmmac acc7, v%d, v15",
    };
    int v = 2 * u, pv = 8 + u;
    switch (st) {
    case 0: vliw_emit_op(g, ops[0], v); break;
    case 1: vliw_emit_op(g, ops[1], u); break;
    case 2: vliw_emit_op(g, ops[2], u, v); break;
    case 3: vliw_emit_op(g, ops[3], u, u); break;
    case 4: vliw_emit_op(g, ops[4], pv, u); break;
    case 5: vliw_emit_op(g, ops[5], pv); break;
    default: vliw_emit_op(g, ops[6], pv); break;
    }
}

/* The O pass of cg d-chunks from r3 (their O in DM) and r4 (their V blocks):
 * O = alpha O + sum over the key block's sub-blocks of P V; then r3 / r4 move
 * to the next chunk. */
static void o_chunk(vliw_gen *g, const plan *p, uint32_t n, uint32_t cg)
{
    vliw_emit_begin(g);
    vliw_emit_op(g, "mov p1, r3");
    for (uint32_t c = 0; c < cg; c++) {
        vliw_emit_op(g, "vld v%u, [p1, %u]", c, c * 32);
        vliw_emit_op(g, "ups acc%u, v%u", c, c);
        vliw_emit_op(g, "amul acc%u, acc%u, acc5", c, c);
    }
    vliw_emit_op(g, "mov p0, %u", p->sb);
    vliw_emit_op(g, "mov p2, r4");
    vliw_emit_end(g);
    vliw_emit_begin(g);
    vliw_emit_op(g, "vld v10, [p0], 32");
    for (uint32_t c = 0; c < cg; c++) {
        vliw_emit_op(g, "vld v%u, [p2, %u]", c, c * p->nkbpad * 32);
        vliw_emit_op(g, "vmmac acc%u, v10, v%u", c, c);
    }
    vliw_emit_op(g, "padd p2, 32");
    vliw_emit_loopi_end(g, n);
    vliw_emit_begin(g);
    for (uint32_t c = 0; c < cg; c++) {
        vliw_emit_op(g, "srs v%u, acc%u", c, c);
        vliw_emit_op(g, "vst v%u, [p1, %u]", c, c * 32);
    }
    vliw_emit_op(g, "addi r3, r3, %u", cg * 32);
    vliw_emit_op(g, "addi r4, r4, %u", cg * p->nkbpad * 32);
    vliw_emit_end(g);
}

/* One key block: r1 / r2 = its first K^T / V block, p5 = its first mask word. */
static void key_block(vliw_gen *g, const plan *p)
{
    const vliw_attn *a = p->a;
    vliw_emit_begin(g);
    vliw_emit_li(g, 13, vliw_emit_fbits((float)a->scale));
    vliw_emit_op(g, "abcst acc5, r13");
    vliw_emit_li(g, 13, vliw_emit_fbits(NEG_BIG));
    vliw_emit_op(g, "abcst acc3, r13");
    vliw_emit_op(g, "abcst acc4, r13");
    vliw_emit_li(g, 13, p->sb);
    vliw_emit_op(g, "mov p4, r13");
    vliw_emit_op(g, "mov r4, r1");
    if (a->has_bias) {   /* the group's bias blocks follow its Q buffer (not causal: r14 is free) */
        vliw_emit_op(g, "addi r14, r6, %u", p->dc * 32);
        vliw_emit_op(g, "mov p0, r14");
    }
    vliw_emit_end(g);
    pass(g, p, p->ns, 2, 8, s_body);
    /* row max of M (acc4), the running state: m (acc6), l (acc7), alpha (acc5),
     * -m (acc3) */
    vliw_emit_begin(g);
    vliw_emit_op(g, "srs v9, acc4");
    vliw_emit_op(g, "ups acc4, v9");
    vliw_emit_op(g, "vmmul acc0, v9, v13");
    vliw_emit_op(g, "amax acc4, acc4, acc0");
    vliw_emit_op(g, "srs v9, acc4");
    vliw_emit_op(g, "vmmul acc1, v9, v14");
    vliw_emit_op(g, "amax acc4, acc4, acc1");
    vliw_emit_op(g, "amax acc4, acc4, acc6");
    vliw_emit_op(g, "asub acc5, acc6, acc4");
    vliw_emit_op(g, "aexp acc5, acc5");
    vliw_emit_op(g, "amov acc6, acc4");
    vliw_emit_op(g, "abcst acc3, r0");
    vliw_emit_op(g, "asub acc3, acc3, acc4");
    vliw_emit_op(g, "amul acc7, acc7, acc5");
    vliw_emit_li(g, 13, p->sb);
    vliw_emit_op(g, "mov p4, r13");
    vliw_emit_op(g, "mov p0, r13");
    vliw_emit_end(g);
    pass(g, p, p->ns, 2, 7, p_body);
    /* even chunks (a chunk of one d-chunk would make a 1-bundle loop body),
     * the whole ones in a branch loop (r13), the rest after it */
    uint32_t nch = (p->dc + MAX_CHUNK - 1) / MAX_CHUNK, cg = (p->dc + nch - 1) / nch;
    uint32_t whole = p->dc / cg, rest = p->dc % cg;
    vliw_emit_begin(g);
    vliw_emit_op(g, "mov r3, r7");
    vliw_emit_op(g, "mov r4, r2");
    vliw_emit_end(g);
    int top = whole > 1 ? vliw_emit_branch_loop_open(g, 13, whole) : 0;
    o_chunk(g, p, p->ns, cg);
    if (whole > 1)
        vliw_emit_branch_loop_close(g, 13, top);
    if (rest)
        o_chunk(g, p, p->ns, rest);
    if (a->causal) {
        vliw_emit_begin(g);
        vliw_emit_op(g, "addi r1, r1, %u", p->ns * 32);
        vliw_emit_op(g, "addi r2, r2, %u", p->ns * 32);
        vliw_emit_end(g);
    }
}

/* O = O rl (acc0) for chunk u: loaded from p1, stored to p2. */
static void norm_body(vliw_gen *g, const plan *p, int u, int st)
{
    (void)p;
    switch (st) {
    case 0: vliw_emit_op(g, "vld v%d, [p1], 32", u); break;
    case 1: vliw_emit_op(g, "ups acc%d, v%d", 1 + u, u); break;
    case 2: vliw_emit_op(g, "amul acc%d, acc%d, acc0", 1 + u, 1 + u); break;
    case 3: vliw_emit_op(g, "srs v%d, acc%d", 4 + u, 1 + u); break;
    default: vliw_emit_op(g, "vst v%d, [p2], 32", 4 + u); break;
    }
}

static void group_sub(vliw_gen *g, const plan *p)
{
    const vliw_attn *a = p->a;
    vliw_emit_begin(g);
    vliw_emit_op(g, "mov p1, r7");
    for (uint32_t c = 0; c < p->dc; c++)
        vliw_emit_op(g, "vst v12, [p1], 32");
    vliw_emit_li(g, 13, vliw_emit_fbits(NEG_BIG));
    vliw_emit_op(g, "abcst acc6, r13");
    vliw_emit_op(g, "abcst acc7, r0");
    if (a->causal) {   /* mask words from entry (nqg - 1) - g; key blocks g / ns + 1 */
        vliw_emit_op(g, "slli r3, r5, 2");
        vliw_emit_li(g, 4, p->mt + 4 * (p->nqg - 1));
        vliw_emit_op(g, "sub r3, r4, r3");
        vliw_emit_op(g, "srli r14, r5, %d", p->ns == 8 ? 3 : 2);
        vliw_emit_op(g, "addi r14, r14, 1");
    } else {
        vliw_emit_li(g, 3, p->mt);
    }
    vliw_emit_op(g, "mov p5, r3");
    vliw_emit_li(g, 1, p->kt);
    vliw_emit_li(g, 2, p->vt);
    vliw_emit_li(g, 13, p->nkbpad * 32);
    vliw_emit_op(g, "mov m0, r13");
    vliw_emit_end(g);
    int kbl = 0;
    if (a->causal) {
        kbl = vliw_emit_label(g);
        vliw_emit_line(g, "    loop r14, L%d", kbl);
    }
    key_block(g, p);
    if (a->causal)
        vliw_emit_line(g, "L%d:", kbl);
    /* O = O / l, four d-chunks per loop iteration (their loads ahead of their stores) */
    vliw_emit_begin(g);
    vliw_emit_op(g, "arcp acc0, acc7");
    vliw_emit_op(g, "mov p1, r7");
    vliw_emit_op(g, "mov p2, r7");
    vliw_emit_end(g);
    pass(g, p, p->dc, 4, 5, norm_body);
}

/* ---- the tile's driver ------------------------------------------------------------------ */

/* Every field of a BD (a previous stage may have left any): rows of len0 bytes
 * (dimension 1: cnt1 rows, ds1 / ms1 apart), repeated cnt2 times 8 DRAM bytes
 * and ms2 DM bytes further (the d-chunks of a gather). */
typedef struct bd_shape {
    uint32_t dm, len0, cnt1, ds1, ms1, cnt2, ms2;
} bd_shape;

/* A gather into 4x4 blocks: rows of one d-chunk (8 bytes), 8 bytes apart in
 * DM, the d-chunks ms2 apart. */
static bd_shape bd_gather(uint32_t dm, uint32_t rows, uint32_t ds1, uint32_t chunks, uint32_t ms2)
{
    return (bd_shape){dm, 8, rows, ds1, 8, chunks, ms2};
}

static void bd_all(vliw_gen *g, int bd, bd_shape sh, uint32_t next, uint32_t rel)
{
    const struct { const char *f; uint32_t v; } fl[] = {
        {"dm", sh.dm}, {"len0", sh.len0}, {"cnt1", sh.cnt1}, {"dstride1", sh.ds1}, {"mstride1", sh.ms1},
        {"cnt2", sh.cnt2}, {"dstride2", 8}, {"mstride2", sh.ms2}, {"acq", 0}, {"next", next}, {"rel", rel},
    };
    for (size_t i = 0; i < sizeof fl / sizeof fl[0]; i++) {
        if (g->compact && !fl[i].v && i >= 8)   /* links: 0 after every barrier (vliw_emit_barrier) */
            continue;
        vliw_emit_li(g, 13, fl[i].v);
        vliw_emit_op(g, "bd.set %d, %s, r13", bd, fl[i].f);
    }
}

static void set_rows(vliw_gen *g, int bd, uint32_t rows)
{
    vliw_emit_li(g, 13, rows);
    vliw_emit_op(g, "bd.set %d, cnt1, r13", bd);
}

static uint32_t group_rows(const plan *p, uint32_t gi)
{
    return gi + 1 == p->nqg && p->qrag ? p->qrag : 4;
}

/* The BD of buffer b's bias blocks (chained behind its Q BD). */
#define BIAS_BD(b) (6 + (b))

/* Load of the Q group at r10 (then r10 += r12) into buffer b; with a bias,
 * its bias rows at r8 too (then r8 += 4 rows). */
static void q_prefetch(vliw_gen *g, const plan *p, int b, uint32_t rows)
{
    if (rows != 4)
        set_rows(g, b, rows);
    vliw_emit_op(g, "bd.set %d, dram, r10", b);
    if (p->a->has_bias) {
        if (rows != 4)
            set_rows(g, BIAS_BD(b), rows);
        vliw_emit_op(g, "bd.set %d, dram, r8", BIAS_BD(b));
        vliw_emit_op(g, "addi r8, r8, %u", 8 * p->a->sk);
    }
    vliw_emit_op(g, "dma.start 0, %d", b);
    vliw_emit_op(g, "add r10, r10, r12");
}

/* Step i of a segment of n groups from g0 (generic: inside the loop). */
static void step(vliw_gen *g, const plan *p, uint32_t g0, uint32_t n, uint32_t i, int b, int generic)
{
    vliw_emit_begin(g);
    vliw_emit_op(g, "acq 0x%02x, 1", b);
    vliw_emit_op(g, "acq 0x%02x, 1", 2 + b);
    vliw_emit_li(g, 6, p->qb[b]);
    vliw_emit_li(g, 7, p->ob[b]);
    vliw_emit_end(g);
    vliw_emit_line(g, "    jal r15, L%d", p->sub);
    vliw_emit_line(g, "    nop");
    vliw_emit_line(g, "    nop");
    vliw_emit_begin(g);
    if (generic)
        q_prefetch(g, p, b, 4);
    else if (i + 2 < n)
        q_prefetch(g, p, b, group_rows(p, g0 + i + 2));
    uint32_t rows = generic ? 4 : group_rows(p, g0 + i);
    if (rows != 4)
        set_rows(g, 2 + b, rows);
    vliw_emit_op(g, "bd.set %d, dram, r11", 2 + b);
    vliw_emit_op(g, "dma.start 1, %d", 2 + b);
    vliw_emit_op(g, "add r11, r11, r%d", p->a->has_bias ? 12 : 8);   /* with a bias r8 is its pointer */
    vliw_emit_op(g, "addi r5, r5, 1");
    vliw_emit_end(g);
}

static void transpose_body(vliw_gen *g, const plan *p, int u, int st)
{
    (void)p;
    if (st == 0)
        vliw_emit_op(g, "vld v%d, [p0], 32", u);
    else if (st == 1)
        vliw_emit_op(g, "vtrn v%d, v%d", 4 + u, u);
    else
        vliw_emit_op(g, "vst v%d, [p1], 32", 4 + u);
}

/* The head loop's DM words (head_loop): the heads left, the loop's head
 * offset of Q, K, V and O (bytes; one head stride) and of the bias. Argument
 * words no task has (the shared stage bodies' link is word 16). */
#define HL_COUNT(g) vliw_hw_xarg_addr(&(g)->hw, 17)
#define HL_OFF(g) vliw_hw_xarg_addr(&(g)->hw, 18)
#define HL_BOFF(g) vliw_hw_xarg_addr(&(g)->hw, 19)

/* In the open block: r<rd> = the DM word at addr. */
static void ld_word(vliw_gen *g, int rd, uint32_t addr)
{
    vliw_emit_op(g, "mov p7, 0x%x", addr);
    vliw_emit_op(g, "ld r%d, [p7, 0]", rd);
}

/* Whole rows of K, then of V (2d bytes apart, as the DMA packed them: K's in
 * V's region, V's in the staging area) into 4x4 blocks [key][d] (block (c, kb)
 * at KT / VT + (c nkbpad + kb) 32), each once the DMA has it (lock 4 counts
 * the tensors in: the DMA of V overlaps K's copy). Per tensor and d-chunk a
 * software-pipelined loop over the key sub-blocks, 8 scalar words each, the
 * loads ahead of the stores (memory order would hold each load behind the
 * store before it): the ST slot's rate, 8 bundles a block, against the 32 DMA
 * cycles a block of 8-byte gathers costs. The blocks kb >= nkb are zeroed (V's
 * padding meets P = 0 and K's rows overwrote it; K's is masked). One copy of
 * the code for both (program memory). Uses r1..r4, r6, r7, r9, r13, r14, p0,
 * p1. */
static void rows_to_blocks(vliw_gen *g, const plan *p)
{
    static const int data[8] = {1, 2, 3, 4, 6, 7, 13, 1};   /* word 7 reuses word 0's register */
    uint32_t pitch = 2 * p->a->d;
    vliw_emit_begin(g);
    vliw_emit_li(g, 13, p->vt);
    vliw_emit_op(g, "mov p0, r13");
    vliw_emit_li(g, 13, p->kt);
    vliw_emit_op(g, "mov p1, r13");
    vliw_emit_end(g);
    int tensors = vliw_emit_branch_loop_open(g, 14, 2);
    vliw_emit_begin(g);
    vliw_emit_op(g, "acq 0x04, 1");
    vliw_emit_end(g);
    int top = p->dc > 1 ? vliw_emit_branch_loop_open(g, 9, p->dc) : 0;
    vliw_emit_begin(g);
    /* word w: row w / 2, half w % 2; loads paired from two rows (two lines, in
     * different banks unless 2d is a multiple of 256: one bundle, no conflict) */
    static const int order[7] = {0, 2, 1, 3, 4, 6, 5};
    for (uint32_t k = 0; k < 7; k++) {
        uint32_t w = (uint32_t)order[k];
        vliw_emit_op(g, "ld r%d, [p0, %u]", data[w], w / 2 * pitch + 4 * (w % 2));
    }
    for (uint32_t w = 0; w < 8; w++) {
        vliw_emit_op(g, "st r%d, [p1, %u]", data[w], 8 * (w / 2) + 4 * (w % 2));
        if (!w)
            vliw_emit_op(g, "ld r%d, [p0, %u]", data[7], 3 * pitch + 4);
    }
    vliw_emit_op(g, "padd p0, %u", 4 * pitch);
    vliw_emit_op(g, "padd p1, 32");
    vliw_emit_loopi_end(g, p->nkb);
    /* to the next d-chunk: 8 bytes on in a row, nkbpad blocks on in the layout */
    vliw_emit_begin(g);
    for (uint32_t k = 0; k < p->nkbpad - p->nkb; k++)
        vliw_emit_op(g, "vst v12, [p1, %u]", 32 * k);
    vliw_emit_op(g, "padd p0, %d", 8 - (int)(p->nkb * 4 * pitch));
    vliw_emit_op(g, "padd p1, %u", (p->nkbpad - p->nkb) * 32);
    vliw_emit_end(g);
    if (p->dc > 1)
        vliw_emit_branch_loop_close(g, 9, top);
    /* K done: p1 is at VT (K^T's region ends there), p0 goes to the staging area */
    vliw_emit_begin(g);
    vliw_emit_op(g, "padd p0, %d", (int)p->stg - (int)p->vt - (int)(8 * p->dc));
    vliw_emit_end(g);
    vliw_emit_branch_loop_close(g, 14, tensors);
}

/* The K / V layout subroutine (every segment with a new head calls it, `jal
 * r15`): once the DMA has them, K^T and V in the block layout (rows: both
 * copied into blocks first). */
static void kv_sub(vliw_gen *g, const plan *p)
{
    vliw_emit_line(g, "L%d:", p->kv_sub);
    if (p->rows)
        rows_to_blocks(g, p);
    else {
        vliw_emit_begin(g);
        vliw_emit_op(g, "acq 0x04, 1");
        vliw_emit_end(g);
    }
    /* K in place: natural [key][d] blocks -> [d][key] */
    vliw_emit_begin(g);
    vliw_emit_li(g, 13, p->kt);
    vliw_emit_op(g, "mov p0, r13");
    vliw_emit_op(g, "mov p1, r13");
    vliw_emit_end(g);
    pass(g, p, p->dc * p->nkbpad, 4, 3, transpose_body);
    vliw_emit_line(g, "    jr r15");
    vliw_emit_line(g, "    nop");
    vliw_emit_line(g, "    nop");
}

/* Query groups g0..g1 of (batch, head) bh; in a head loop (hloop) every
 * address also moves on by the loop's head offsets (r9, r6). */
static void segment(vliw_gen *g, const plan *p, uint32_t bh, uint32_t g0, uint32_t g1, int new_kv, int hloop)
{
    const vliw_attn *a = p->a;
    uint32_t b = bh / a->heads, h = bh % a->heads, kvh = h / (a->heads / a->kv_heads), n = g1 - g0;
    vliw_emit_line(g, "// (batch %u, head %u%s): query groups %u..%u", b, h, hloop ? " + the loop's" : "", g0, g1);
    vliw_emit_args_restore(g);
    vliw_emit_begin(g);
    if (hloop) {
        ld_word(g, 9, HL_OFF(g));
        ld_word(g, 6, HL_BOFF(g));
    }
    if (new_kv) {
        uint32_t kvoff = b * a->kv_bstride + kvh * a->kv_hstride;
        vliw_emit_addr(g, 14, 13, a->k, kvoff);
        if (hloop)
            vliw_emit_op(g, "add r14, r14, r9");
        vliw_emit_op(g, "bd.set 4, dram, r14");
        vliw_emit_addr(g, 14, 13, a->v, kvoff);
        if (hloop)
            vliw_emit_op(g, "add r14, r14, r9");
        vliw_emit_op(g, "bd.set 5, dram, r14");
        vliw_emit_op(g, "dma.start 0, 4");
    }
    vliw_emit_addr(g, 10, 13, a->q, b * a->q_bstride + h * a->q_hstride + g0 * 8 * a->ldq);
    vliw_emit_addr(g, 11, 13, a->o, b * a->o_bstride + h * a->o_hstride + g0 * 8 * a->ldo);
    if (hloop) {
        vliw_emit_op(g, "add r10, r10, r9");
        vliw_emit_op(g, "add r11, r11, r9");
    }
    vliw_emit_li(g, 12, 8 * a->ldq);
    if (a->has_bias)
        vliw_emit_addr(g, 8, 13, a->bias, (h * a->sq + g0 * 4) * a->sk * 2);
    else
        vliw_emit_li(g, 8, 8 * a->ldo);
    if (hloop && a->has_bias)
        vliw_emit_op(g, "add r8, r8, r6");
    vliw_emit_li(g, 5, g0);
    for (int bd = 0; bd < 4; bd++)
        set_rows(g, bd, 4);
    for (int bd = 0; a->has_bias && bd < 2; bd++)
        set_rows(g, BIAS_BD(bd), 4);
    q_prefetch(g, p, 0, group_rows(p, g0));
    if (n > 1)
        q_prefetch(g, p, 1, group_rows(p, g0 + 1));
    vliw_emit_end(g);
    if (new_kv) {
        vliw_emit_line(g, "    jal r15, L%d", p->kv_sub);
        vliw_emit_line(g, "    nop");
        vliw_emit_line(g, "    nop");
    }
    /* steps whose prefetch (i + 2) is a whole group run two per loop iteration */
    int rag_last = group_rows(p, g1 - 1) != 4;
    uint32_t nl = n >= 2 + (uint32_t)rag_last ? n - 2 - (uint32_t)rag_last : 0, pairs = nl / 2;
    if (pairs) {
        int top = vliw_emit_branch_loop_open(g, 9, pairs);
        step(g, p, g0, n, 0, 0, 1);
        step(g, p, g0, n, 1, 1, 1);
        vliw_emit_branch_loop_close(g, 9, top);
    }
    for (uint32_t i = 2 * pairs; i < n; i++)
        step(g, p, g0, n, i, (int)(i % 2), 0);
}

static void setup(vliw_gen *g, const plan *p)
{
    const vliw_attn *a = p->a;
    vliw_emit_args_save(g);   /* r1..r8: scratch of the group subroutine */
    /* V's rows past the last key meet P = 0: they must be finite (an earlier
     * stage may have left anything; later heads leave V rows); so must the
     * staging area's rows past the last key (the ragged V sub-block's) */
    vliw_emit_dm_zero(g, p->vt, p->sb);
    vliw_emit_dm_zero(g, p->stg, p->end);
    vliw_emit_begin(g);
    vliw_emit_op(g, "vbcst v12, r0");
    vliw_emit_li(g, 13, 0x3f80);
    vliw_emit_op(g, "vbcst v15, r13");
    vliw_emit_op(g, "vbcst v13, r0");
    vliw_emit_op(g, "vbcst v14, r0");
    for (int j = 0; j < 4; j++) {   /* B[k][j] = 1 for k = j + s mod 4: lane j of a row <- lane j + s */
        vliw_emit_op(g, "vins v13, r13, %d", 4 * ((j + 1) % 4) + j);
        vliw_emit_op(g, "vins v14, r13, %d", 4 * ((j + 2) % 4) + j);
    }
    for (int b = 0; b < 2; b++) {
        if (a->has_bias) {   /* Q, then the bias blocks (4 rows x the key sub-blocks), which release the lock */
            bd_all(g, b, bd_gather(p->qb[b], 4, 2 * a->ldq, p->dc, 32), 0x10u | (uint32_t)BIAS_BD(b), 0);
            bd_all(g, BIAS_BD(b), bd_gather(p->qb[b] + p->dc * 32, 4, 2 * a->sk, p->nkb, 32), 0, LOCK_REL(b));
        } else {
            bd_all(g, b, bd_gather(p->qb[b], 4, 2 * a->ldq, p->dc, 32), 0, LOCK_REL(b));
        }
        bd_all(g, 2 + b, bd_gather(p->ob[b], 4, 2 * a->ldo, p->dc, 32), 0, LOCK_REL(2 + b));
    }
    if (p->rows) {   /* whole rows, packed: K into V's region, V into the staging area (lock 4 each) */
        bd_all(g, 4, (bd_shape){p->vt, 2 * a->d, a->sk, 2 * a->ldk, 2 * a->d, 1, 0}, 0x10u | 5u, LOCK_REL(4));
        bd_all(g, 5, (bd_shape){p->stg, 2 * a->d, a->sk, 2 * a->ldk, 2 * a->d, 1, 0}, 0, LOCK_REL(4));
    } else {
        bd_all(g, 4, bd_gather(p->kt, a->sk, 2 * a->ldk, p->dc, p->nkbpad * 32), 0x10u | 5u, 0);
        bd_all(g, 5, bd_gather(p->vt, a->sk, 2 * a->ldk, p->dc, p->nkbpad * 32), 0, LOCK_REL(4));
    }
    vliw_emit_op(g, "rel 0x02, 1");
    vliw_emit_op(g, "rel 0x03, 1");
    vliw_emit_li(g, 13, p->mt);
    vliw_emit_op(g, "mov p0, r13");
    vliw_emit_li(g, 13, 0xffff);
    vliw_emit_end(g);
    /* mask words: causal, entry (nqg - 1) + (kb - g) for key sub-block kb of
     * group g (before the diagonal all lanes, the diagonal, after none); else
     * per sub-block, the last one ragged */
    uint32_t nfull = a->causal ? p->nqg - 1 : p->nkb - 1;
    if (nfull) {
        vliw_emit_begin(g);
        vliw_emit_op(g, "st r13, [p0], 4");
        vliw_emit_loopi_end(g, nfull);
    }
    vliw_emit_begin(g);
    uint32_t rag = p->krag ? 0x1111u * ((1u << p->krag) - 1) : 0xffffu;
    vliw_emit_li(g, 13, a->causal ? DIAG_MASK : rag);
    vliw_emit_op(g, "st r13, [p0], 4");
    vliw_emit_end(g);
    uint32_t nzero = a->causal ? p->ns - 1 : p->ns - p->nkb;   /* after the diagonal / past the keys */
    if (nzero) {
        vliw_emit_begin(g);
        vliw_emit_op(g, "st r0, [p0], 4");
        vliw_emit_loopi_end(g, nzero);
    }
}

kc_status vliw_attn_stage(vliw_gen *g, const void *args, kc_err *err)
{
    const vliw_attn *a = args;
    plan p;   /* small code: no row copies (K and V gathered) */
    if (plan_for(a, g->hw.dm_bytes - 128, !g->small_code, &p))
        return kc_err_set(err, KC_ERR_USAGE, "vliw attention: unsupported shape (d = %u must be a multiple of 4)",
                          a->d);
    if (p.end > g->hw.dm_bytes - 128)   /* the top 128 bytes: DM-passed arguments */
        return kc_err_set(err, KC_ERR_RANGE, "vliw attention: does not fit: a head's K and V (d = %u, %u keys) "
                          "and the buffers (%u bytes) exceed a tile's DM (%u bytes)", a->d, a->sk, p.end,
                          g->hw.dm_bytes - 128);
    uint64_t items = (uint64_t)a->batch * a->heads * p.nqg;
    uint64_t base = items / g->ntiles, extra = items % g->ntiles, t = g->tile;
    uint64_t i0 = t * base + (t < extra ? t : extra), i1 = i0 + base + (t < extra);
    /* compact kernels (g->compact): whole heads per tile in a loop when some
     * tile's share of groups would span several heads (code size over
     * balance); one batch, a kv head per head, the same head stride of Q,
     * K, V and O */
    int hl = 0, multi = 0;
    for (unsigned tt = 0; tt < g->ntiles; tt++) {
        uint64_t j0 = tt * base + (tt < extra ? tt : extra), j1 = j0 + base + (tt < extra);
        multi |= j1 > j0 && (j1 - 1) / p.nqg != j0 / p.nqg;
    }
    if (g->compact && multi && a->batch == 1 && a->heads == a->kv_heads && a->heads >= g->ntiles &&
        a->q_hstride == a->kv_hstride && a->q_hstride == a->o_hstride) {
        uint64_t nh = a->heads, hb = nh / g->ntiles, hx = nh % g->ntiles;
        uint64_t h0 = t * hb + (t < hx ? t : hx), h1 = h0 + hb + (t < hx);
        hl = 1;
        i0 = h0 * p.nqg, i1 = h1 * p.nqg;
    }
    vliw_emit_line(g, "// attention: query groups %llu..%llu of %llu", (unsigned long long)i0,
                   (unsigned long long)i1, (unsigned long long)items);
    if (i0 == i1)
        return KC_OK;
    p.sub = vliw_emit_label(g);
    vliw_emit_sub_begin(g);
    vliw_emit_line(g, "L%d:", p.sub);
    group_sub(g, &p);
    vliw_emit_line(g, "    jr r15");
    vliw_emit_line(g, "    nop");
    vliw_emit_line(g, "    nop");
    p.kv_sub = vliw_emit_label(g);
    kv_sub(g, &p);
    vliw_emit_sub_end(g);
    setup(g, &p);
    if (hl) {   /* whole heads h0..h1 (one batch, a kv head each): one segment in a loop */
        vliw_emit_begin(g);
        vliw_emit_li(g, 13, (uint32_t)(i1 - i0) / p.nqg);
        vliw_emit_op(g, "mov p7, 0x%x", HL_COUNT(g));
        vliw_emit_op(g, "st r13, [p7, 0]");
        vliw_emit_op(g, "st r0, [p7, 4]");
        vliw_emit_op(g, "st r0, [p7, 8]");
        vliw_emit_end(g);
        int top = vliw_emit_label(g);
        vliw_emit_line(g, "L%d:", top);
        segment(g, &p, (uint32_t)(i0 / p.nqg), 0, p.nqg, 1, 1);
        vliw_emit_begin(g);
        ld_word(g, 13, HL_COUNT(g));
        vliw_emit_op(g, "ld r14, [p7, 4]");
        vliw_emit_op(g, "addi r13, r13, -1");
        vliw_emit_op(g, "st r13, [p7, 0]");
        vliw_emit_li(g, 9, a->q_hstride);
        vliw_emit_op(g, "add r14, r14, r9");
        vliw_emit_op(g, "st r14, [p7, 4]");
        vliw_emit_op(g, "ld r14, [p7, 8]");
        vliw_emit_li(g, 9, a->sq * a->sk * 2);
        vliw_emit_op(g, "add r14, r14, r9");
        vliw_emit_op(g, "st r14, [p7, 8]");
        vliw_emit_end(g);
        vliw_emit_line(g, "    bnez r13, L%d", top);
        vliw_emit_line(g, "    nop");
        vliw_emit_line(g, "    nop");
    }
    long prev_kv = -1;
    for (uint64_t bh = i0 / p.nqg; !hl && bh * p.nqg < i1; bh++) {
        uint64_t s0 = bh * p.nqg > i0 ? bh * p.nqg : i0, s1 = (bh + 1) * p.nqg < i1 ? (bh + 1) * p.nqg : i1;
        long kv = (long)((bh / a->heads) * a->kv_heads + (bh % a->heads) / (a->heads / a->kv_heads));
        segment(g, &p, (uint32_t)bh, (uint32_t)(s0 - bh * p.nqg), (uint32_t)(s1 - bh * p.nqg), kv != prev_kv, 0);
        prev_kv = kv;
    }
    /* every O store accepted, locks back to 0, the ABI registers back */
    vliw_emit_begin(g);
    vliw_emit_op(g, "acq 0x02, 1");
    vliw_emit_op(g, "acq 0x03, 1");
    vliw_emit_end(g);
    vliw_emit_args_restore(g);
    return KC_OK;
}

/* ---- the tasks ------------------------------------------------------------------------------ */

int vliw_attn_serves(const char *name)
{
    static const char *const names[] = {"sdpa", "flash_attn", "mha", "gqa", "mqa"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (!strcmp(name, names[i]))
            return 1;
    return 0;
}

/* MHA / GQA / MQA (ABI x, Wq, Wk, Wv, Wo, y, ws): q = x Wq^T, k = x Wk^T,
 * v = x Wv^T into the scratch ws (q [S][H Dh] at 0, k and v [S][Hkv Dh] after
 * it, o [S][H Dh] last), the attention stage over ws, y = o Wo^T: a stage
 * sequence (grid barriers between the stages). */
static kc_status proj_gen(vliw_gen *g, const kc_task_attn_dims *d, kc_err *err)
{
    uint32_t S = d->sq, D = d->model, qw = d->heads * d->dh, kvw = d->kv_heads * d->dh;
    uint32_t offk = S * qw * 2, offv = offk + S * kvw * 2, offo = offv + S * kvw * 2;
    const vliw_opnd x = vliw_opnd_at(0, 0), y = vliw_opnd_at(5, 0);
    vliw_attn a;
    memset(&a, 0, sizeof a);
    a.batch = 1, a.heads = d->heads, a.kv_heads = d->kv_heads;
    a.sq = a.sk = S, a.d = d->dh, a.scale = d->scale;
    a.q = vliw_opnd_at(6, 0), a.k = vliw_opnd_at(6, offk);
    a.v = vliw_opnd_at(6, offv), a.o = vliw_opnd_at(6, offo);
    a.ldq = a.ldo = qw, a.ldk = kvw;
    a.q_hstride = a.kv_hstride = a.o_hstride = d->dh * 2;
    const vliw_mm_op pq = {.m = S, .n = qw, .k = D, .bt = 1, .a = x, .b = vliw_opnd_at(1, 0), .c = a.q};
    const vliw_mm_op pk = {.m = S, .n = kvw, .k = D, .bt = 1, .a = x, .b = vliw_opnd_at(2, 0), .c = a.k};
    const vliw_mm_op pv = {.m = S, .n = kvw, .k = D, .bt = 1, .a = x, .b = vliw_opnd_at(3, 0), .c = a.v};
    const vliw_mm_op po = {.m = S, .n = D, .k = qw, .bt = 1, .a = a.o, .b = vliw_opnd_at(4, 0), .c = y};
    const vliw_stage st[] = {
        {vliw_matmul_gemm_stage, &pq}, {vliw_matmul_gemm_stage, &pk}, {vliw_matmul_gemm_stage, &pv},
        {vliw_attn_stage, &a}, {vliw_matmul_gemm_stage, &po},
    };
    return vliw_emit_stages(g, st, 5, err);
}

kc_status vliw_attn_gen(vliw_gen *g, const kc_task *t, const kc_task_config *c, kc_err *err)
{
    kc_task_attn_dims d;
    if (!kc_task_attn_view(t, c, &d))
        return kc_err_set(err, KC_ERR_USAGE, "baseline: %s is no attention task", t->name);
    if (d.projected)
        return proj_gen(g, &d, err);
    vliw_attn a;
    memset(&a, 0, sizeof a);
    a.batch = d.batch, a.heads = d.heads, a.kv_heads = d.kv_heads;
    a.sq = d.sq, a.sk = d.sk, a.d = d.dh, a.scale = d.scale, a.causal = d.causal;
    a.q = vliw_opnd_at(0, 0), a.k = vliw_opnd_at(1, 0), a.v = vliw_opnd_at(2, 0), a.o = vliw_opnd_at(3, 0);
    a.ldq = a.ldk = a.ldo = d.dh;
    a.q_hstride = a.o_hstride = d.sq * d.dh * 2;
    a.kv_hstride = d.sk * d.dh * 2;
    a.q_bstride = a.o_bstride = d.heads * a.q_hstride;
    a.kv_bstride = d.kv_heads * a.kv_hstride;
    const vliw_stage st = {vliw_attn_stage, &a};
    return vliw_emit_stages(g, &st, 1, err);
}
