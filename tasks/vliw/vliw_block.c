/* vliw_block.c — composite kernels as stage sequences (vliw_block.h). */
#include "vliw_block.h"

#include <math.h>
#include <string.h>

#include "kc_task_block.h"
#include "vliw_attn.h"
#include "vliw_matmul.h"
#include "vliw_rope.h"
#include "vliw_rows.h"

/* y = gelu(x W1^T + b1) W2^T + b2; ABI x, W1, b1, W2, b2, y, h (scratch M x F).
 * h is rounded to bf16 before and after GELU (the task allows bf16 stage
 * boundaries). */
static kc_status ffn_gen(vliw_gen *g, const kc_task_config *c, kc_err *err)
{
    uint32_t M = c->dims[0], D = c->dims[1], F = c->dims[2];
    const vliw_opnd x = vliw_opnd_at(0, 0), w1 = vliw_opnd_at(1, 0), b1 = vliw_opnd_at(2, 0);
    const vliw_opnd w2 = vliw_opnd_at(3, 0), b2 = vliw_opnd_at(4, 0), y = vliw_opnd_at(5, 0);
    const vliw_opnd h = vliw_opnd_at(6, 0);
    const vliw_mm_op up = {.m = M, .n = F, .k = D, .bt = 1, .has_bias = 1, .a = x, .b = w1, .c = h, .bias = b1};
    const vliw_rows_op act = {.name = "gelu", .rows = M, .n = F, .in = h, .out = h};
    const vliw_mm_op down = {.m = M, .n = D, .k = F, .bt = 1, .has_bias = 1, .a = h, .b = w2, .c = y, .bias = b2};
    const vliw_stage st[] = {
        {vliw_matmul_gemm_stage, &up}, {vliw_rows_stage, &act}, {vliw_matmul_gemm_stage, &down},
    };
    return vliw_emit_stages(g, st, 3, err);
}

/* ---- the decoder blocks ------------------------------------------------------------- */

/* The scratch ws of both blocks, [S][D] regions first (byte offsets): n (the
 * normed rows, both norms), q, a (the attention output), h1 (the residual
 * stream), then k and v ([S][kvd]) and the MLP's hidden activations. */
typedef struct dec_ws {
    uint32_t n, q, a, h1, k, v, hid, up;
} dec_ws;

static dec_ws dec_layout(uint32_t S, uint32_t D, uint32_t kvd, uint32_t F)
{
    uint32_t sd = S * D * 2, skv = S * kvd * 2;
    dec_ws w = {0, sd, 2 * sd, 3 * sd, 4 * sd, 4 * sd + skv, 4 * sd + 2 * skv, 4 * sd + 2 * skv + S * F * 2};
    return w;
}

/* The decoder block's shape and its tensors' ABI indices. */
typedef struct dec_block {
    uint32_t S, D, H, Hkv, F;
    double eps, scale;
    int causal;
    int x, ln1, wq, wk, wv, wo, ln2, y, ws;
    int cos, sin;           /* RoPE tables (LLaMA), else -1 */
    int bias;               /* position bias (T5), else -1 */
    int w_gate, w_up, w_down;   /* w_gate -1: relu(n W_up^T) W_down^T (T5) */
} dec_block;

/* Shared stages (vliw_emit_shared_stage): the gemm and rows stages of the
 * block with their operands in r1.. — stages of one shape are one body. */
typedef struct dec_seq {
    vliw_stage st[16];
    vliw_shared_stage sh[16];
    vliw_mm_op mm[16];
    vliw_rows_op rows[16];
    int n;
} dec_seq;

/* nmax, pgw: 0, or a body parametric in N (vliw_mm_op.pgw) of layout nmax. */
static void seq_mm(dec_seq *q, const vliw_mm_op *op, uint32_t nmax, uint32_t pgw)
{
    vliw_mm_op *m = &q->mm[q->n];
    vliw_shared_stage *sh = &q->sh[q->n];
    memset(m, 0, sizeof *m);   /* the key: padding too */
    m->m = op->m, m->n = pgw ? nmax : op->n, m->k = op->k, m->bt = op->bt, m->batch = op->batch, m->relu = op->relu;
    m->pgw = pgw;
    if (pgw)
        sh->params = vliw_matmul_gemm_args, sh->pargs = op;
    m->a = vliw_opnd_at(0, 0), m->b = vliw_opnd_at(1, 0), m->c = vliw_opnd_at(2, 0);
    sh->op[0] = op->a, sh->op[1] = op->b, sh->op[2] = op->c;
    sh->nop = 3;
    if (op->has_gate || op->has_bias) {
        m->has_gate = op->has_gate, m->has_bias = op->has_bias;
        m->gate = m->bias = vliw_opnd_at(3, 0);
        sh->op[3] = op->has_gate ? op->gate : op->bias;
        sh->nop = 4;
    }
    sh->emit = vliw_matmul_gemm_stage, sh->args = m, sh->size = sizeof *m;
    q->st[q->n] = (vliw_stage){vliw_emit_shared_stage, sh};
    q->n++;
}

static void seq_rows(dec_seq *q, const vliw_rows_op *op)
{
    vliw_rows_op *r = &q->rows[q->n];
    vliw_shared_stage *sh = &q->sh[q->n];
    memset(r, 0, sizeof *r);
    r->name = op->name, r->rows = op->rows, r->n = op->n, r->eps = op->eps;
    r->in = vliw_opnd_at(0, 0), r->out = vliw_opnd_at(1, 0);
    sh->op[0] = op->in, sh->op[1] = op->out;
    sh->nop = 2;
    if (!strcmp(op->name, "add") || !strcmp(op->name, "mul"))
        r->in2 = vliw_opnd_at(2, 0), sh->op[2] = op->in2, sh->nop = 3;
    else if (!strcmp(op->name, "rmsnorm"))
        r->gamma = vliw_opnd_at(2, 0), sh->op[2] = op->gamma, sh->nop = 3;
    sh->emit = vliw_rows_stage, sh->args = r, sh->size = sizeof *r;
    q->st[q->n] = (vliw_stage){vliw_emit_shared_stage, sh};
    q->n++;
}

static void seq_plain(dec_seq *q, vliw_stage_fn fn, const void *args)
{
    q->st[q->n++] = (vliw_stage){fn, args};
}

/* The block as a stage sequence: norm | q, k, v projections | RoPE on q and k
 * | attention | Wo projection | + x | norm | MLP up (SwiGLU's gate in the
 * same loop, or ReLU in its epilogue) | MLP down | + h1. */
static kc_status dec_gen(vliw_gen *g, const dec_block *b, kc_err *err)
{
    uint32_t S = b->S, D = b->D, Dh = D / b->H, kvd = b->Hkv * Dh, F = b->F;
    dec_ws w = dec_layout(S, D, kvd, F);
    const vliw_opnd x = vliw_opnd_at(b->x, 0), y = vliw_opnd_at(b->y, 0);
    const vliw_opnd n = vliw_opnd_at(b->ws, w.n), q = vliw_opnd_at(b->ws, w.q), a = vliw_opnd_at(b->ws, w.a);
    const vliw_opnd h1 = vliw_opnd_at(b->ws, w.h1), k = vliw_opnd_at(b->ws, w.k), v = vliw_opnd_at(b->ws, w.v);
    const vliw_opnd hid = vliw_opnd_at(b->ws, w.hid);
    const vliw_rows_op norm1 = {.name = "rmsnorm", .rows = S, .n = D, .eps = b->eps, .in = x, .out = n,
                                .gamma = vliw_opnd_at(b->ln1, 0)};
    const vliw_mm_op pq = {.m = S, .n = D, .k = D, .bt = 1, .a = n, .b = vliw_opnd_at(b->wq, 0), .c = q};
    const vliw_mm_op pk = {.m = S, .n = kvd, .k = D, .bt = 1, .a = n, .b = vliw_opnd_at(b->wk, 0), .c = k};
    const vliw_mm_op pv = {.m = S, .n = kvd, .k = D, .bt = 1, .a = n, .b = vliw_opnd_at(b->wv, 0), .c = v};
    vliw_rope_op rq = {.s = S, .h = b->H, .dh = Dh, .x = q, .y = q};
    vliw_rope_op rk = {.s = S, .h = b->Hkv, .dh = Dh, .x = k, .y = k};
    vliw_attn at;
    memset(&at, 0, sizeof at);
    at.batch = 1, at.heads = b->H, at.kv_heads = b->Hkv;
    at.sq = at.sk = S, at.d = Dh, at.scale = b->scale, at.causal = b->causal;
    at.q = q, at.k = k, at.v = v, at.o = a;
    at.ldq = at.ldo = D, at.ldk = kvd;
    at.q_hstride = at.kv_hstride = at.o_hstride = Dh * 2;
    if (b->bias >= 0) {
        at.has_bias = 1;
        at.bias = vliw_opnd_at(b->bias, 0);
    }
    const vliw_mm_op po = {.m = S, .n = D, .k = D, .bt = 1, .a = a, .b = vliw_opnd_at(b->wo, 0), .c = h1};
    const vliw_rows_op res1 = {.name = "add", .rows = S, .n = D, .in = h1, .in2 = x, .out = h1};
    const vliw_rows_op norm2 = {.name = "rmsnorm", .rows = S, .n = D, .eps = b->eps, .in = h1, .out = n,
                                .gamma = vliw_opnd_at(b->ln2, 0)};
    vliw_mm_op up = {.m = S, .n = F, .k = D, .bt = 1, .a = n, .b = vliw_opnd_at(b->w_up, 0), .c = hid};
    if (b->w_gate >= 0) {
        up.has_gate = 1;
        up.gate = vliw_opnd_at(b->w_gate, 0);
    } else {
        up.relu = 1;   /* in the gemm's epilogue */
    }
    const vliw_mm_op down = {.m = S, .n = D, .k = F, .bt = 1, .a = hid, .b = vliw_opnd_at(b->w_down, 0), .c = y};
    const vliw_rows_op res2 = {.name = "add", .rows = S, .n = D, .in = y, .in2 = h1, .out = y};
    vliw_beside besides;
    static dec_seq sq;   /* large; one generation at a time (as vliw_tmpl's vliw_gen) */
    memset(&sq, 0, sizeof sq);
    /* GQA / MQA: k and v have fewer columns than q and o; one body parametric
     * in N serves the four (code size) */
    const vliw_mm_op *proj[4] = {&pq, &pk, &pv, &po};
    uint32_t pgw = kvd != D ? vliw_matmul_gemm_pgw(g, proj, 4) : 0;
    seq_rows(&sq, &norm1);
    seq_mm(&sq, &pq, D, pgw);
    seq_mm(&sq, &pk, D, pgw);
    seq_mm(&sq, &pv, D, pgw);
    if (b->cos >= 0) {
        rq.cos = rk.cos = vliw_opnd_at(b->cos, 0);
        rq.sin = rk.sin = vliw_opnd_at(b->sin, 0);
        /* beside each other: tiles in proportion to the heads (each tile's
         * program holds one RoPE) */
        unsigned nt = g->ntiles, na = (unsigned)((nt * b->H + (b->H + b->Hkv) / 2) / (b->H + b->Hkv));
        besides.a = (vliw_stage){vliw_rope_stage, &rq};
        besides.b = (vliw_stage){vliw_rope_stage, &rk};
        besides.ntiles_a = na < 1 ? 1 : na >= nt ? nt - 1 : na;
        if (nt > 1) {
            seq_plain(&sq, vliw_emit_beside_stage, &besides);
        } else {
            seq_plain(&sq, vliw_rope_stage, &rq);
            seq_plain(&sq, vliw_rope_stage, &rk);
        }
    }
    seq_plain(&sq, vliw_attn_stage, &at);
    seq_mm(&sq, &po, D, pgw);
    seq_rows(&sq, &res1);
    seq_rows(&sq, &norm2);
    seq_mm(&sq, &up, 0, 0);
    seq_mm(&sq, &down, 0, 0);
    seq_rows(&sq, &res2);
    g->compact = 1;
    return vliw_emit_stages(g, sq.st, sq.n, err);
}

/* ABI: x, attn_norm, Wq, Wk, Wv, Wo, ffn_norm, W_gate, W_up, W_down, cos, sin, y, ws. */
static kc_status llama_gen(vliw_gen *g, const kc_task_config *c, kc_err *err)
{
    const dec_block b = {
        .S = c->dims[0], .D = c->dims[1], .H = c->dims[2], .Hkv = c->dims[3], .F = c->dims[4],
        .eps = kc_task_block_llama.eps, .scale = 1.0 / sqrt((double)(c->dims[1] / c->dims[2])), .causal = 1,
        .x = 0, .ln1 = 1, .wq = 2, .wk = 3, .wv = 4, .wo = 5, .ln2 = 6, .w_gate = 7, .w_up = 8, .w_down = 9,
        .cos = 10, .sin = 11, .y = 12, .ws = 13, .bias = -1,
    };
    return dec_gen(g, &b, err);
}

/* ABI: x, ln1, Wq, Wk, Wv, Wo, position_bias, ln2, Wi, Wo_ff, y, ws. */
static kc_status t5_gen(vliw_gen *g, const kc_task_config *c, kc_err *err)
{
    const dec_block b = {
        .S = c->dims[0], .D = c->dims[1], .H = c->dims[2], .Hkv = c->dims[2], .F = c->dims[3],
        .eps = kc_task_block_t5.eps, .scale = 1.0, .causal = 0,
        .x = 0, .ln1 = 1, .wq = 2, .wk = 3, .wv = 4, .wo = 5, .bias = 6, .ln2 = 7, .w_gate = -1, .w_up = 8,
        .w_down = 9, .y = 10, .ws = 11, .cos = -1, .sin = -1,
    };
    return dec_gen(g, &b, err);
}

int vliw_block_serves(const char *name)
{
    return !strcmp(name, "ffn") || !strcmp(name, "llama_block") || !strcmp(name, "t5_block");
}

kc_status vliw_block_gen(vliw_gen *g, const kc_task *t, const kc_task_config *c, kc_err *err)
{
    if (!strcmp(t->name, "llama_block"))
        return llama_gen(g, c, err);
    if (!strcmp(t->name, "t5_block"))
        return t5_gen(g, c, err);
    return ffn_gen(g, c, err);
}
