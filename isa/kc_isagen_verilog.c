/* kc_isagen_verilog.c — the Verilog header of an ISA table (rtl/<isa>/<isa>_isa.vh):
 * hardware parameters (as macros and localparams), field positions (LO, WIDTH,
 * HI), configuration registers, opcodes, match/mask and the legality function the
 * RTL decodes with. Deterministic: no dates, no paths of the build machine.
 */
#include "kc_isagen.h"

#include <ctype.h>
#include <stdint.h>
#include <stdio.h>

#include "kc_isagen_buf.h"

/* Width of the field that carries configuration-register ids (kind C). */
static int gen_cfg_width(const kc_isa *isa)
{
    for (size_t i = 0; i < isa->ninsns; i++)
        for (int k = 0; k < isa->insns[i].nops; k++)
            if (isa->insns[i].ops[k].kind == KC_ISA_K_C)
                return isa->insns[i].ops[k].field->width;
    return 8;
}

/* ---- Verilog header --------------------------------------------------------------- */

/* One field's LO, WIDTH and HI constants (the RTL slices instruction words with them). */
static void gen_field(kc_isagen_buf *b, const char *P, const char *up, int lo, int width, const char *desc)
{
    kc_isagen_buf_printf(b, "localparam int %s_F_%s_LO = %d;\nlocalparam int %s_F_%s_WIDTH = %d;", P, up, lo, P, up, width);
    if (desc)
        kc_isagen_buf_printf(b, "  // %s", desc);
    kc_isagen_buf_printf(b, "\nlocalparam int %s_F_%s_HI = %d;\n", P, up, lo + width - 1);
}

/* Bundle ISAs: slot classes, each row's class and destination latencies, and a
 * legality function per slot (the row decoded must belong to that slot). */
static void gen_bundle(kc_isagen_buf *b, const kc_isa *isa)
{
    const char *P = isa->macro_prefix;
    char up[64], cu[64];
    kc_isagen_buf_printf(b, "\n// Bundle: %d slot words, slot s in bits [32*s +: 32]. Slot classes: the slots\n"
                         "// first .. first+count-1 of the bundle.\n", isa->bundle_slots);
    for (size_t i = 0; i < isa->nslots; i++) {
        kc_isagen_buf_upper(cu, sizeof cu, isa->slots[i].name);
        kc_isagen_buf_printf(b, "localparam int %s_CLASS_%s = %zu;  // %s\n", P, cu, i, isa->slots[i].desc);
        kc_isagen_buf_printf(b, "localparam int %s_CLASS_%s_FIRST = %d;\nlocalparam int %s_CLASS_%s_COUNT = %d;\n",
                             P, cu, isa->slots[i].first, P, cu, isa->slots[i].count);
    }
    kc_isagen_buf_printf(b, "\n// Per row: its slot class (-1: every slot) and the latency of each register it\n"
                         "// writes (LAT_<ROW>_<FIELD>; a result of latency L from bundle k is visible to\n"
                         "// bundle k+L and later). LAT_<ROW> is the largest.\n");
    for (size_t i = 0; i < isa->ninsns; i++) {
        const kc_isa_insn *in = &isa->insns[i];
        kc_isagen_buf_upper(up, sizeof up, in->name);
        kc_isagen_buf_printf(b, "localparam int %s_SLOTCLASS_%s = %d;\n", P, up, in->slot_class);
        kc_isagen_buf_printf(b, "localparam int %s_LAT_%s = %d;\n", P, up, in->latency);
        for (int k = 0; k < in->ndst; k++) {
            kc_isagen_buf_upper(cu, sizeof cu, in->ops[in->dsts[k].op].field->name);
            kc_isagen_buf_printf(b, "localparam int %s_LAT_%s_%s = %d;%s\n", P, up, cu, in->dsts[k].latency,
                                 in->dsts[k].fwd ? "  // accumulation forwarded between MAC-slot rows"
                                 : in->dsts[k].read ? "  // also read (read-modify-write)" : "");
        }
    }
    char lname[64];
    snprintf(lname, sizeof lname, "%s_isa_legal", isa->name);
    kc_isagen_buf_printf(b, "\n// Legal in slot class X: %s(w) and the row belongs to X (nop: every class).\n", lname);
    for (size_t s = 0; s < isa->nslots; s++) {
        char fname[96];
        kc_isagen_buf_upper(cu, sizeof cu, isa->slots[s].name);
        snprintf(fname, sizeof fname, "%s_isa_legal_%s", isa->name, isa->slots[s].name);
        for (char *q = fname; *q; q++)
            *q = (char)tolower((unsigned char)*q);
        kc_isagen_buf_printf(b, "function automatic %s(input [31:0] w);\n    %s = %s(w) && (\n", fname, fname, lname);
        int first = 1;
        for (size_t i = 0; i < isa->ninsns; i++) {
            const kc_isa_insn *in = &isa->insns[i];
            if (in->slot_class >= 0 && in->slot_class != (int)s)
                continue;
            kc_isagen_buf_upper(up, sizeof up, in->name);
            kc_isagen_buf_printf(b, "%s        (w & %s_MASK_%s) == %s_MATCH_%s", first ? "" : " ||\n", P, up, P, up);
            first = 0;
        }
        kc_isagen_buf_printf(b, ");\nendfunction\n");
    }
}

kc_status kc_isagen_verilog(const kc_isa *isa, char **out, kc_err *err)
{
    kc_isagen_buf b = {0};
    const char *P = isa->macro_prefix;
    char up[64];
    kc_isagen_buf_printf(&b, "// rtl/%s/%s_isa.vh - GENERATED from %s by kc_isagen. DO NOT EDIT.\n", isa->name,
               isa->name, isa->def_path);
    kc_isagen_buf_printf(&b, "// Regenerate after changing the table:\n"
                   "//   ./build/kc isa-doc --platform %s --verilog-header rtl/%s/%s_isa.vh\n"
                   "//   (or: cmake --build build --target isa-regen). A ctest fails while this copy is stale.\n",
               isa->name, isa->name, isa->name);
    kc_isagen_buf_printf(&b, "//\n"
                   "// Include it INSIDE a module body: it declares only localparams and has no include\n"
                   "// guard, so every module that includes it gets its own copy. The hardware\n"
                   "// parameters also exist as macros (`%s_VLEN ...) for parameter defaults in a module\n"
                   "// header; they are defined once. To get only the macros (outside a module),\n"
                   "// `define %s_ISA_MACROS_ONLY before the `include and `undef it after.\n"
                   "// Decode: word is instruction X iff (word & %s_MASK_X) == %s_MATCH_X; exactly one X\n"
                   "// matches a legal word. Fields: word[%s_F_<FIELD>_LO +: %s_F_<FIELD>_WIDTH], the same\n"
                   "// bits as word[%s_F_<FIELD>_HI:%s_F_<FIELD>_LO].\n\n",
               P, P, P, P, P, P, P, P);

    kc_isagen_buf_printf(&b, "`ifndef %s_ISA_VH_MACROS\n`define %s_ISA_VH_MACROS\n", P, P);
    for (size_t i = 0; i < isa->nparams; i++)
        kc_isagen_buf_printf(&b, "`define %s_%s %ld\n", P, isa->params[i].name, isa->params[i].value);
    kc_isagen_buf_printf(&b, "`endif\n\n`ifndef %s_ISA_MACROS_ONLY\n/* verilator lint_off UNUSEDPARAM */\n", P);

    kc_isagen_buf_printf(&b, "\n// Hardware configuration\n");
    for (size_t i = 0; i < isa->nparams; i++)
        kc_isagen_buf_printf(&b, "localparam int %s_%s = %ld;  // %s\n", P, isa->params[i].name,
                   isa->params[i].value, isa->params[i].desc);

    kc_isagen_buf_printf(&b, "\n// Instruction fields: word[LO +: WIDTH] = word[HI:LO]\n");
    gen_field(&b, P, "OPCODE", isa->opcode_lo, isa->opcode_width, NULL);
    gen_field(&b, P, "FUNCT", isa->funct_lo, isa->funct_width, NULL);
    for (size_t i = 0; i < isa->nfields; i++) {
        kc_isagen_buf_upper(up, sizeof up, isa->fields[i].name);
        gen_field(&b, P, up, isa->fields[i].lo, isa->fields[i].width, isa->fields[i].desc);
    }

    int cw = gen_cfg_width(isa);
    kc_isagen_buf_printf(&b, "\n// Configuration registers: id and reset value\n");
    for (size_t i = 0; i < isa->ncfgs; i++) {
        kc_isagen_buf_upper(up, sizeof up, isa->cfgs[i].name);
        kc_isagen_buf_printf(&b, "localparam logic [%d:0] %s_CFG_%s = %d'd%d;\n", cw - 1, P, up, cw, isa->cfgs[i].id);
        kc_isagen_buf_printf(&b, "localparam logic [31:0] %s_CFG_%s_RESET = 32'd%ld;\n", P, up, isa->cfgs[i].reset);
    }

    kc_isagen_buf_printf(&b, "\n// Instructions: opcode, funct (when the format has one), match and mask\n");
    for (size_t i = 0; i < isa->ninsns; i++) {
        const kc_isa_insn *in = &isa->insns[i];
        kc_isagen_buf_upper(up, sizeof up, in->name);
        kc_isagen_buf_printf(&b, "localparam logic [%d:0] %s_OP_%s = %d'h%02x;\n", isa->opcode_width - 1, P, up,
                   isa->opcode_width, in->opcode);
        if (in->funct >= 0)
            kc_isagen_buf_printf(&b, "localparam logic [%d:0] %s_FN_%s = %d'h%02x;\n", isa->funct_width - 1, P, up,
                       isa->funct_width, in->funct);
        kc_isagen_buf_printf(&b, "localparam logic [31:0] %s_MATCH_%s = 32'h%08x;\n", P, up, in->match);
        kc_isagen_buf_printf(&b, "localparam logic [31:0] %s_MASK_%s = 32'h%08x;\n", P, up, in->mask);
    }
    /* The same legality rule as kc_asm_decode: one row matches, and operands the
     * assembler range-checks beyond their field width are in range. */
    kc_isagen_buf_printf(&b, "\n// Legal instruction: (word & MASK) == MATCH for one row, and every operand in the range\n"
                   "// the assembler accepts (registers that exist, narrower immediate ranges). Anything else\n"
                   "// is an illegal instruction.\n");
    char lname[64];
    snprintf(lname, sizeof lname, "%s_isa_legal", isa->name);
    kc_isagen_buf_printf(&b, "function automatic %s(input [31:0] w);\n    %s =\n", lname, lname);
    for (size_t i = 0; i < isa->ninsns; i++) {
        const kc_isa_insn *in = &isa->insns[i];
        kc_isagen_buf_upper(up, sizeof up, in->name);
        kc_isagen_buf_printf(&b, "        ((w & %s_MASK_%s) == %s_MATCH_%s", P, up, P, up);
        for (int k = 0; k < in->nops; k++) {
            const kc_isa_operand *op = &in->ops[k];
            if (op->kind == KC_ISA_K_S || op->kind == KC_ISA_K_B || op->kind == KC_ISA_K_J)
                continue;   /* every signed pattern is a valid value */
            int w = op->field->width;
            int64_t top = ((int64_t)1 << w) - 1;
            char fu[64];
            kc_isagen_buf_upper(fu, sizeof fu, op->field->name);
            if (op->min > 0)
                kc_isagen_buf_printf(&b, " && w[%s_F_%s_HI:%s_F_%s_LO] >= %d'd%lld", P, fu, P, fu, w, (long long)op->min);
            if (op->max < top)
                kc_isagen_buf_printf(&b, " && w[%s_F_%s_HI:%s_F_%s_LO] <= %d'd%lld", P, fu, P, fu, w, (long long)op->max);
        }
        kc_isagen_buf_printf(&b, ")%s\n", i + 1 < isa->ninsns ? " ||" : ";");
    }
    kc_isagen_buf_printf(&b, "endfunction\n");
    if (isa->bundle_slots)
        gen_bundle(&b, isa);
    kc_isagen_buf_printf(&b, "/* verilator lint_on UNUSEDPARAM */\n`endif\n");
    return kc_isagen_buf_finish(&b, out, err);
}
