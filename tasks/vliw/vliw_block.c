/* vliw_block.c — composite kernels as stage sequences (vliw_block.h). */
#include "vliw_block.h"

#include <string.h>

#include "vliw_matmul.h"
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

int vliw_block_serves(const char *name)
{
    return !strcmp(name, "ffn");
}

kc_status vliw_block_gen(vliw_gen *g, const kc_task *t, const kc_task_config *c, kc_err *err)
{
    (void)t;
    return ffn_gen(g, c, err);
}
