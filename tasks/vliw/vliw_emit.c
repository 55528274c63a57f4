/* vliw_emit.c — text, labels and scheduled blocks of a vliw kernel (vliw_emit.h). */
#include "vliw_emit.h"

#include <stdarg.h>
#include <stdio.h>

void vliw_emit_line(vliw_gen *g, const char *fmt, ...)
{
    char buf[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    kc_text_printf(&g->out, "%s\n", buf);
}

void vliw_emit_begin(vliw_gen *g)
{
    vliw_sched_begin(&g->s);
}

void vliw_emit_op(vliw_gen *g, const char *fmt, ...)
{
    char buf[64];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    vliw_sched_add(&g->s, "%s", buf);
}

void vliw_emit_li(vliw_gen *g, int reg, uint32_t v)
{
    int32_t sv = (int32_t)v;
    if (sv >= -32768 && sv <= 32767) {
        vliw_emit_op(g, "mov r%d, %d", reg, (int)sv);
        return;
    }
    vliw_emit_op(g, "lui r%d, 0x%x", reg, v >> 16);
    if (v & 0xffff)
        vliw_emit_op(g, "ori r%d, r%d, 0x%x", reg, reg, v & 0xffff);
}

static void close_block(vliw_gen *g, int loop, int *tail)
{
    if (vliw_sched_end(&g->s, &g->out, loop, tail) < 0 && !g->bad) {
        g->bad = 1;
        snprintf(g->why, sizeof g->why, "vliw template: %s", g->s.why);
    }
}

void vliw_emit_end(vliw_gen *g)
{
    if (g->s.n)
        close_block(g, 0, NULL);
}

int vliw_emit_label(vliw_gen *g)
{
    return g->nlabel++;
}

static void loop_close(vliw_gen *g, const char *head)
{
    int l = vliw_emit_label(g), tail = 0;
    vliw_emit_line(g, "    %s, L%d", head, l);
    close_block(g, 1, &tail);
    vliw_emit_line(g, "L%d:", l);
    for (int i = 0; i < tail; i++)
        vliw_emit_line(g, "    nop");
}

void vliw_emit_loop_end(vliw_gen *g, int count_reg)
{
    char head[32];
    snprintf(head, sizeof head, "loop r%d", count_reg);
    loop_close(g, head);
}

void vliw_emit_loopi_end(vliw_gen *g, uint32_t count)
{
    if (count <= 1) {
        vliw_emit_end(g);
        return;
    }
    int ii, stages;
    if (vliw_sched_modulo(&g->s, count, &ii, &stages) == 0) {
        /* software-pipelined: prologue, kernel (count - stages + 1 times),
         * epilogue. Overlapping iterations read registers whose next value
         * is in flight ON PURPOSE (the scheduler proved the order); the
         * assembler's straight-line latency check would warn on each, so it
         * is off for these bundles (vliw.md section 7, .nocheck). */
        int l = vliw_emit_label(g), drain = 0;
        uint32_t kc = count - (uint32_t)stages + 1;
        vliw_emit_line(g, ".nocheck");
        vliw_sched_emit_modulo(&g->s, &g->out, ii, stages, 0, NULL);
        if (kc > 1)
            vliw_emit_line(g, "    loopi %u, L%d", kc, l);
        vliw_sched_emit_modulo(&g->s, &g->out, ii, stages, 1, NULL);
        if (kc > 1)
            vliw_emit_line(g, "L%d:", l);
        vliw_sched_emit_modulo(&g->s, &g->out, ii, stages, 2, &drain);
        vliw_emit_line(g, ".check");
        for (int i = 0; i < drain; i++)
            vliw_emit_line(g, "    nop");
        return;
    }
    char head[32];
    snprintf(head, sizeof head, "loopi %u", count);
    loop_close(g, head);
}

int vliw_emit_branch_loop_open(vliw_gen *g, int reg, uint32_t count)
{
    int top = vliw_emit_label(g);
    vliw_emit_begin(g);
    vliw_emit_li(g, reg, count);
    vliw_emit_end(g);
    vliw_emit_line(g, "L%d:", top);
    return top;
}

void vliw_emit_branch_loop_close(vliw_gen *g, int reg, int label)
{
    vliw_emit_line(g, "    addi r%d, r%d, -1", reg, reg);
    vliw_emit_line(g, "    bnez r%d, L%d", reg, label);
    vliw_emit_line(g, "    nop");   /* the 2 delay slots */
    vliw_emit_line(g, "    nop");
}
