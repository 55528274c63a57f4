/* vliw_matmul.c — GEMV and GEMM templates (vliw_matmul.h).
 *
 * GEMV, y = W x: the rows of W stream through the skeleton (vliw_skel.h, rows
 * at a 32-byte DM pitch, 16 rows per compute step); x is in DM once per tile
 * (BD 4, ahead of the blocks on ch0). Four rows at a time: per 16-element
 * slice one x load, four W loads and four vmac into four fp32 accumulators
 * (the MAC unit chains them back to back); each row's sum (aredsum) is
 * selected into its lane of acc7 (asel), and 16 rows make one bf16 vector of
 * y. Padding lanes of W and x in DM are 0 (never written; DM resets to 0), so
 * a ragged K needs no mask. */
#include "vliw_matmul.h"

#include <string.h>

#include "vliw_skel.h"

typedef struct gemv {
    uint32_t n, k, nv, pitch, xdm;
} gemv;

static void gemv_setup(vliw_gen *g, const void *ctx)
{
    const gemv *m = ctx;
    vliw_emit_begin(g);
    vliw_emit_li(g, 13, 1);
    vliw_emit_op(g, "bd.set 4, cnt1, r13");
    vliw_emit_op(g, "bd.set 4, cnt2, r13");
    vliw_emit_li(g, 13, m->k * 2);
    vliw_emit_op(g, "bd.set 4, len0, r13");
    vliw_emit_li(g, 13, m->xdm);
    vliw_emit_op(g, "bd.set 4, dm, r13");
    vliw_emit_op(g, "bd.set 4, dram, r2");
    vliw_emit_op(g, "dma.start 0, 4");
    vliw_emit_end(g);
}

static void gemv_compute(vliw_gen *g, const void *ctx)
{
    const gemv *m = ctx;
    static const int wp[4] = {2, 3, 5, 6};   /* row pointers; p4 walks x */
    vliw_emit_begin(g);
    vliw_emit_op(g, "mov r4, p0");
    vliw_emit_end(g);
    int grp = vliw_emit_label(g);
    vliw_emit_line(g, "    loop r14, L%d", grp);
    for (int s = 0; s < 4; s++) {
        vliw_emit_begin(g);
        for (int r = 0; r < 4; r++) {
            vliw_emit_op(g, "addi r6, r4, %u", (uint32_t)(4 * s + r) * m->pitch);
            vliw_emit_op(g, "mov p%d, r6", wp[r]);
            vliw_emit_op(g, "abcst acc%d, r0", r);
        }
        vliw_emit_li(g, 7, m->xdm);
        vliw_emit_op(g, "mov p4, r7");
        if (s == 0)
            vliw_emit_op(g, "abcst acc7, r0");
        vliw_emit_end(g);
        vliw_emit_begin(g);
        vliw_emit_op(g, "vld v8, [p4], 32");
        for (int r = 0; r < 4; r++)
            vliw_emit_op(g, "vld v%d, [p%d], 32", r, wp[r]);
        for (int r = 0; r < 4; r++)
            vliw_emit_op(g, "vmac acc%d, v%d, v8", r, r);
        vliw_emit_loopi_end(g, m->nv);
        vliw_emit_begin(g);
        for (int r = 0; r < 4; r++) {
            vliw_emit_op(g, "aredsum acc%d, acc%d", r, r);
            vliw_emit_li(g, 7, 1u << (4 * s + r));
            vliw_emit_op(g, "asel acc7, acc%d, acc7, r7", r);
        }
        vliw_emit_end(g);
    }
    vliw_emit_begin(g);
    vliw_emit_op(g, "srs v9, acc7");
    vliw_emit_op(g, "vst v9, [p1], 32");
    vliw_emit_op(g, "addi r4, r4, %u", 16 * m->pitch);
    vliw_emit_end(g);
    vliw_emit_line(g, "L%d:", grp);
}

static kc_status gemv_gen(vliw_gen *g, const kc_task *t, const kc_task_config *c, kc_err *err)
{
    gemv m;
    memset(&m, 0, sizeof m);
    m.n = c->dims[0];
    m.k = c->dims[1];
    m.nv = (m.k + 15) / 16;
    m.pitch = m.nv * 32;
    uint32_t avail = g->hw.dm_bytes - 128 - m.pitch - 256;
    uint32_t rows = avail / (2 * m.pitch) / 16 * 16;
    if (rows > 64)
        rows = 64;
    if (!rows || 16 * m.pitch > 32767)
        return kc_err_set(err, KC_ERR_USAGE, "baseline: %s with K = %u does not fit the vliw DM", t->name, m.k);
    vliw_skel_stream st;
    memset(&st, 0, sizeof st);
    st.in_reg = 1;
    st.out_reg = 3;
    st.total = m.n;
    st.quantum = 16;
    st.rows = 1;
    st.out_elems = 1;
    st.row_bytes = m.k * 2;
    st.pitch = m.pitch;
    st.block_units = rows;
    st.group = 16;
    uint32_t buf = rows * m.pitch;
    st.in0 = 0, st.in1 = buf, st.out0 = 2 * buf, st.out1 = 2 * buf + rows * 2;
    m.xdm = 2 * buf + rows * 4;
    st.setup = gemv_setup;
    st.compute = gemv_compute;
    vliw_skel_stream_gen(g, &m, &st);
    return KC_OK;
}

int vliw_matmul_serves(const char *name)
{
    return !strcmp(name, "gemv");
}

kc_status vliw_matmul_gen(vliw_gen *g, const kc_task *t, const kc_task_config *c, kc_err *err)
{
    return gemv_gen(g, t, c, err);
}
