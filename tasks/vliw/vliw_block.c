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
    const vliw_mm_op up = {M, F, D, 1, 1, x, w1, h, b1, 1, 0, x};
    const vliw_rows_op act = {"gelu", M, F, 0.0, h, h, h, h};
    const vliw_mm_op down = {M, D, F, 1, 1, h, w2, y, b2, 1, 0, x};
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
