/* npu_emit.c — the text emitter and instruction idioms shared by the npu
 * template generators (see npu_emit.h). */
#include "npu_emit.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>

/* One indented line: prefix + the formatted text. */
static void emit_line(npu_gen *g, const char *prefix, const char *fmt, va_list ap)
{
    char line[256];
    vsnprintf(line, sizeof line, fmt, ap);
    kc_text_printf(&g->out, "    %s%s\n", prefix, line);
}

void npu_emit_ins(npu_gen *g, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    emit_line(g, "", fmt, ap);
    va_end(ap);
}

void npu_emit_comment(npu_gen *g, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    emit_line(g, "# ", fmt, ap);
    va_end(ap);
}

void npu_emit_fconst(npu_gen *g, int freg, double v)
{
    if (isinf(v)) /* no decimal literal: the upper half of the fp32 pattern */
        npu_emit_ins(g, "flui f%d, 0x%s", freg, v < 0 ? "ff80" : "7f80");
    else
        npu_emit_ins(g, "fli f%d, %.9g", freg, (double)(float)v);
}

void npu_emit_csr(npu_gen *g, const char *name, uint32_t v)
{
    if (v <= 16383)
        npu_emit_ins(g, "csrwi %s, %u", name, v);
    else {
        npu_emit_ins(g, "li r15, %u", v);
        npu_emit_ins(g, "csrw %s, r15", name);
    }
}

void npu_emit_adda(npu_gen *g, int areg, uint64_t bytes)
{
    if (bytes == 0)
        return;
    if (bytes <= 32767)
        npu_emit_ins(g, "addai a%d, a%d, %llu", areg, areg, (unsigned long long)bytes);
    else {
        npu_emit_ins(g, "li r15, %llu", (unsigned long long)bytes);
        npu_emit_ins(g, "adda a%d, a%d, r15", areg, areg);
    }
}

void npu_emit_aset(npu_gen *g, int dst, int base, uint64_t off)
{
    npu_emit_ins(g, "movra r15, a%d", base);
    if (off) {
        npu_emit_ins(g, "li r14, %llu", (unsigned long long)off);
        npu_emit_ins(g, "add r15, r15, r14");
    }
    npu_emit_ins(g, "movar a%d, r15", dst);
}

void npu_emit_aset_op(npu_gen *g, int dst, npu_opnd o, uint64_t extra)
{
    npu_emit_aset(g, dst, o.areg, o.off + extra);
}

void npu_emit_offset(npu_gen *g, int rd, const char *rs, uint32_t off)
{
    if (off)
        npu_emit_ins(g, "addi r%d, %s, %u", rd, rs, off);
    else
        npu_emit_ins(g, "mv r%d, %s", rd, rs);
}

int npu_emit_loop_open(npu_gen *g, uint32_t count, int count_reg)
{
    int id = g->nlabel++;
    if (count <= 1023)
        npu_emit_ins(g, "loopi %u, L%d", count, id);
    else {
        npu_emit_ins(g, "li r%d, %u", count_reg, count);
        npu_emit_ins(g, "loop r%d, L%d", count_reg, id);
    }
    return id;
}

void npu_emit_loop_close(npu_gen *g, int id)
{
    kc_text_printf(&g->out, "L%d:\n", id);
}

npu_work npu_emit_work_from(const npu_gen *g, int first)
{
    npu_work w = { { 0 }, 0 };
    for (int a = first; a < (int)g->hw.naregs && w.n < NPU_EMIT_WORK_MAX; a++)
        w.a[w.n++] = a;
    return w;
}

kc_status npu_emit_need_work(const npu_work *w, int n, const char *what, kc_err *err)
{
    if (w->n < n)
        return kc_err_set(err, KC_ERR_INTERNAL, "npu template: the %s stage needs %d working "
                          "address registers, %d given", what, n, w->n);
    return KC_OK;
}

uint32_t npu_emit_bank_row(const npu_hw *hw, uint32_t row, uint32_t bank)
{
    uint32_t nb = hw->vbanks;
    return row + (bank % nb + nb - row % nb) % nb;
}
