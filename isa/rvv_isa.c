/* rvv_isa.c — the rvv instruction table as data, its disassembler and the Verilog
 * header (rvv_isa.h). Everything here is driven by isa/rvv.def.
 */
#include "rvv_isa.h"

#include <stdio.h>
#include <string.h>

#include "kc_isagen_buf.h"

static const rvv_isa_fmt rvv_fmts[] = {
#define RVV_FMT(id, syn, desc) { #id, syn, desc },
#include "rvv.def"
#undef RVV_FMT
};
enum {
#define RVV_FMT(id, syn, desc) RVV_FMT_##id,
#include "rvv.def"
#undef RVV_FMT
};
static const rvv_isa_unit rvv_units[] = {
#define RVV_UNIT(id, desc) { #id, desc },
#include "rvv.def"
#undef RVV_UNIT
};
enum {
#define RVV_UNIT(id, desc) RVV_UNIT_##id,
#include "rvv.def"
#undef RVV_UNIT
};
static const rvv_isa_insn rvv_insns[] = {
#define RVV_INSN(id, name, match, mask, fmt, unit, lat, occ, scale, ext, sem) \
    { #id, name, match, mask, &rvv_fmts[RVV_FMT_##fmt], &rvv_units[RVV_UNIT_##unit], lat, occ, RVV_SC_##scale, #ext, sem },
#include "rvv.def"
#undef RVV_INSN
};

size_t rvv_isa_count(void) { return sizeof rvv_insns / sizeof rvv_insns[0]; }
const rvv_isa_insn *rvv_isa_at(size_t i) { return i < rvv_isa_count() ? &rvv_insns[i] : NULL; }
size_t rvv_isa_nfmts(void) { return sizeof rvv_fmts / sizeof rvv_fmts[0]; }
const rvv_isa_fmt *rvv_isa_fmt_at(size_t i) { return i < rvv_isa_nfmts() ? &rvv_fmts[i] : NULL; }
size_t rvv_isa_nunits(void) { return sizeof rvv_units / sizeof rvv_units[0]; }
const rvv_isa_unit *rvv_isa_unit_at(size_t i) { return i < rvv_isa_nunits() ? &rvv_units[i] : NULL; }

const rvv_isa_insn *rvv_isa_find(uint32_t word)
{
    /* Rows do not overlap (tests/rvv_tool checks), so the first hit is the only one. */
    for (size_t i = 0; i < rvv_isa_count(); i++)
        if ((word & rvv_insns[i].mask) == rvv_insns[i].match)
            return &rvv_insns[i];
    return NULL;
}

/* ---- operand tokens ------------------------------------------------------------ */

enum { F_RD = 0xF80u, F_RS1 = 0xF8000u, F_RS2 = 0x1F00000u, F_RS3 = 0xF8000000u, F_F3 = 0x7000u,
       F_I12 = 0xFFF00000u, F_S12 = 0xFE000F80u, F_U20 = 0xFFFFF000u, F_VM = 0x2000000u,
       F_VT11 = 0x7FF00000u, F_VT10 = 0x3FF00000u, F_PRED = 0x0F000000u, F_SUCC = 0x00F00000u };

typedef enum tok_kind {
    T_XD, T_FD, T_VD, T_XS1, T_FS1, T_VS1, T_XS2, T_FS2, T_VS2, T_FS3, T_IMM12, T_IADDR, T_SADDR,
    T_VADDR, T_BOFF, T_JOFF, T_UIMM20, T_SHAMT, T_CSR, T_ZIMM, T_SIMM5, T_RM, T_VM, T_VT11,
    T_VT10, T_PRED, T_SUCC, T_V0
} tok_kind;

static const struct { const char *name; tok_kind kind; uint32_t bits; } rvv_toks[] = {
    { "xd", T_XD, F_RD },       { "fd", T_FD, F_RD },         { "vd", T_VD, F_RD },
    { "vs3", T_VD, F_RD },      { "xs1", T_XS1, F_RS1 },      { "fs1", T_FS1, F_RS1 },
    { "vs1", T_VS1, F_RS1 },    { "xs2", T_XS2, F_RS2 },      { "fs2", T_FS2, F_RS2 },
    { "vs2", T_VS2, F_RS2 },    { "fs3", T_FS3, F_RS3 },      { "imm12", T_IMM12, F_I12 },
    { "iaddr", T_IADDR, F_I12 | F_RS1 }, { "saddr", T_SADDR, F_S12 | F_RS1 },
    { "vaddr", T_VADDR, F_RS1 }, { "boff", T_BOFF, F_S12 },   { "joff", T_JOFF, F_U20 },
    { "uimm20", T_UIMM20, F_U20 }, { "shamt", T_SHAMT, F_RS2 }, { "csr", T_CSR, F_I12 },
    { "zimm", T_ZIMM, F_RS1 },  { "uimm5", T_ZIMM, F_RS1 },   { "simm5", T_SIMM5, F_RS1 },
    { "rm", T_RM, F_F3 },       { "vm", T_VM, F_VM },         { "vtypei11", T_VT11, F_VT11 },
    { "vtypei10", T_VT10, F_VT10 }, { "pred", T_PRED, F_PRED }, { "succ", T_SUCC, F_SUCC },
    { "v0", T_V0, 0 },
};

static int tok_lookup(const char *s, size_t n)
{
    for (size_t i = 0; i < sizeof rvv_toks / sizeof rvv_toks[0]; i++)
        if (strlen(rvv_toks[i].name) == n && !strncmp(rvv_toks[i].name, s, n))
            return (int)i;
    return -1;
}

uint32_t rvv_isa_token_bits(const char *tok)
{
    int i = tok_lookup(tok, strlen(tok));
    return i < 0 ? 0 : rvv_toks[i].bits;
}

/* ---- disassembler ------------------------------------------------------------- */

static const char *const rvv_xnames[32] = {
    "zero", "ra", "sp", "gp", "tp", "t0", "t1", "t2", "s0", "s1", "a0", "a1", "a2", "a3", "a4", "a5",
    "a6", "a7", "s2", "s3", "s4", "s5", "s6", "s7", "s8", "s9", "s10", "s11", "t3", "t4", "t5", "t6"
};
static const char *const rvv_fnames[32] = {
    "ft0", "ft1", "ft2", "ft3", "ft4", "ft5", "ft6", "ft7", "fs0", "fs1", "fa0", "fa1", "fa2", "fa3",
    "fa4", "fa5", "fa6", "fa7", "fs2", "fs3", "fs4", "fs5", "fs6", "fs7", "fs8", "fs9", "fs10",
    "fs11", "ft8", "ft9", "ft10", "ft11"
};
static const char *const rvv_rm[8] = { "rne", "rtz", "rdn", "rup", "rmm", "frm5", "frm6", "dyn" };

static int32_t sext(uint32_t v, int bits)
{
    uint32_t m = 1u << (bits - 1);
    return (int32_t)((v ^ m) - m);
}

static uint32_t rd_(uint32_t w) { return (w >> 7) & 31; }
static uint32_t rs1_(uint32_t w) { return (w >> 15) & 31; }
static uint32_t rs2_(uint32_t w) { return (w >> 20) & 31; }

static int32_t imm_s(uint32_t w) { return sext(((w >> 25) << 5) | ((w >> 7) & 31), 12); }
static int32_t imm_b(uint32_t w)
{
    return sext((((w >> 31) & 1) << 12) | (((w >> 7) & 1) << 11) | (((w >> 25) & 63) << 5) |
                (((w >> 8) & 15) << 1), 13);
}
static int32_t imm_j(uint32_t w)
{
    return sext((((w >> 31) & 1) << 20) | (((w >> 12) & 255) << 12) | (((w >> 20) & 1) << 11) |
                (((w >> 21) & 1023) << 1), 21);
}

/* vtype immediate as LLVM prints it: "e32, m2, ta, ma" (reserved values as a number). */
static void put_vtype(char *o, size_t n, uint32_t vt)
{
    static const char *const lmul[8] = { "m1", "m2", "m4", "m8", NULL, "mf8", "mf4", "mf2" };
    unsigned sew = (vt >> 3) & 7, lm = vt & 7;
    if ((vt >> 8) || sew > 3 || !lmul[lm]) {
        snprintf(o, n, "%u", vt);
        return;
    }
    snprintf(o, n, "e%u, %s, %s, %s", 8u << sew, lmul[lm], (vt >> 6) & 1 ? "ta" : "tu",
             (vt >> 7) & 1 ? "ma" : "mu");
}

static void put_fence(char *o, size_t n, uint32_t set)
{
    size_t k = 0;
    const char *l = "iorw";
    for (int b = 0; b < 4; b++)
        if (set & (8u >> b) && k + 1 < n)
            o[k++] = l[b];
    if (!k && n > 1)
        o[k++] = '0';
    o[k < n ? k : n - 1] = 0;
}

/* One operand's text; "" when an optional operand is absent. */
static void put_tok(char *o, size_t n, tok_kind k, uint32_t w)
{
    switch (k) {
    case T_XD: snprintf(o, n, "%s", rvv_xnames[rd_(w)]); break;
    case T_FD: snprintf(o, n, "%s", rvv_fnames[rd_(w)]); break;
    case T_VD: snprintf(o, n, "v%u", rd_(w)); break;
    case T_XS1: snprintf(o, n, "%s", rvv_xnames[rs1_(w)]); break;
    case T_FS1: snprintf(o, n, "%s", rvv_fnames[rs1_(w)]); break;
    case T_VS1: snprintf(o, n, "v%u", rs1_(w)); break;
    case T_XS2: snprintf(o, n, "%s", rvv_xnames[rs2_(w)]); break;
    case T_FS2: snprintf(o, n, "%s", rvv_fnames[rs2_(w)]); break;
    case T_VS2: snprintf(o, n, "v%u", rs2_(w)); break;
    case T_FS3: snprintf(o, n, "%s", rvv_fnames[w >> 27]); break;
    case T_IMM12: snprintf(o, n, "%d", sext(w >> 20, 12)); break;
    case T_IADDR: snprintf(o, n, "%d(%s)", sext(w >> 20, 12), rvv_xnames[rs1_(w)]); break;
    case T_SADDR: snprintf(o, n, "%d(%s)", imm_s(w), rvv_xnames[rs1_(w)]); break;
    case T_VADDR: snprintf(o, n, "(%s)", rvv_xnames[rs1_(w)]); break;
    case T_BOFF: snprintf(o, n, "%d", imm_b(w)); break;
    case T_JOFF: snprintf(o, n, "%d", imm_j(w)); break;
    case T_UIMM20: snprintf(o, n, "%u", w >> 12); break;
    case T_SHAMT: snprintf(o, n, "%u", rs2_(w)); break;
    case T_CSR: snprintf(o, n, "%u", w >> 20); break;
    case T_ZIMM: snprintf(o, n, "%u", rs1_(w)); break;
    case T_SIMM5: snprintf(o, n, "%d", sext(rs1_(w), 5)); break;
    case T_RM: snprintf(o, n, "%s", ((w >> 12) & 7) == 7 ? "" : rvv_rm[(w >> 12) & 7]); break;
    case T_VM: snprintf(o, n, "%s", (w >> 25) & 1 ? "" : "v0.t"); break;
    case T_VT11: put_vtype(o, n, (w >> 20) & 0x7FF); break;
    case T_VT10: put_vtype(o, n, (w >> 20) & 0x3FF); break;
    case T_PRED: put_fence(o, n, (w >> 24) & 15); break;
    case T_SUCC: put_fence(o, n, (w >> 20) & 15); break;
    case T_V0: snprintf(o, n, "v0"); break;
    }
}

const char *rvv_isa_disasm(uint32_t word, char *buf, size_t size)
{
    const rvv_isa_insn *in = rvv_isa_find(word);
    if (!size)
        return buf;
    if (!in) {
        snprintf(buf, size, ".word 0x%08x", word);
        return buf;
    }
    size_t k = (size_t)snprintf(buf, size, "%s", in->name);
    const char *s = in->fmt->syntax;
    int first = 1;
    while (*s && k < size) {
        size_t n = strcspn(s, " ");
        int t = tok_lookup(s, n);
        s += n + (s[n] == ' ');
        if (t < 0)
            continue;
        char op[64];
        put_tok(op, sizeof op, rvv_toks[t].kind, word);
        if (!op[0])
            continue;
        k += (size_t)snprintf(buf + k, size - k, "%s%s", first ? " " : ", ", op);
        first = 0;
    }
    return buf;
}

/* ---- Verilog header ------------------------------------------------------------- */

static void vh_ident(char *dst, size_t n, const char *id)
{
    kc_isagen_buf_upper(dst, n, id);
}

kc_status rvv_isa_verilog(char **out, kc_err *err)
{
    kc_isagen_buf b = {0};
    char up[64];
    kc_isagen_buf_printf(&b,
        "// " RVV_ISA_VH_PATH " - GENERATED from isa/rvv.def by rvv_isagen. DO NOT EDIT.\n"
        "// Regenerate after changing the table: cmake --build build --target isa-regen\n"
        "//   (or: ./build/isa/rvv_isagen --root .). A ctest fails while this copy is stale.\n"
        "//\n"
        "// Include it INSIDE a module body: it declares only localparams and a function and\n"
        "// has no include guard, so every module that includes it gets its own copy.\n"
        "// Decode: word is instruction X iff (word & RVV_MASK_X) == RVV_MATCH_X; no two rows\n"
        "// overlap. X is the mnemonic in upper case with '.' as '_' (vfadd.vv: VFADD_VV).\n"
        "// rvv_isa_listed(w) says whether w is one of the %zu instructions this core supports\n"
        "// (legality that depends on vtype, register-group alignment or the rounding mode is\n"
        "// the decoder's job).\n\n"
        "/* verilator lint_off UNUSEDPARAM */\n", rvv_isa_count());
    kc_isagen_buf_printf(&b, "// Hardware defaults (the RTL's parameters default to these)\n");
#define RVV_PARAM(name, value, desc) \
    kc_isagen_buf_printf(&b, "localparam int RVV_DEF_%s = %d;  // %s\n", #name, value, desc);
#include "rvv.def"
#undef RVV_PARAM
    const char *ext = "";
    for (size_t i = 0; i < rvv_isa_count(); i++) {
        const rvv_isa_insn *in = &rvv_insns[i];
        if (strcmp(ext, in->ext))
            kc_isagen_buf_printf(&b, "\n// %s\n", ext = in->ext);
        vh_ident(up, sizeof up, in->id);
        kc_isagen_buf_printf(&b, "localparam logic [31:0] RVV_MATCH_%s = 32'h%08x;  // %s (%s)\n", up,
                             in->match, in->name, in->fmt->syntax);
        kc_isagen_buf_printf(&b, "localparam logic [31:0] RVV_MASK_%s = 32'h%08x;\n", up, in->mask);
    }
    kc_isagen_buf_printf(&b, "/* verilator lint_on UNUSEDPARAM */\n\n"
                             "// 1 when w is an instruction of isa/rvv.def.\n"
                             "/* verilator lint_off UNUSEDSIGNAL */\n"
                             "function automatic logic rvv_isa_listed(input logic [31:0] w);\n"
                             "  rvv_isa_listed =\n");
    for (size_t i = 0; i < rvv_isa_count(); i++) {
        vh_ident(up, sizeof up, rvv_insns[i].id);
        kc_isagen_buf_printf(&b, "    %s((w & RVV_MASK_%s) == RVV_MATCH_%s)%s\n", i ? "| " : "  ", up, up,
                             i + 1 == rvv_isa_count() ? ";" : "");
    }
    kc_isagen_buf_printf(&b, "endfunction\n/* verilator lint_on UNUSEDSIGNAL */\n");
    return kc_isagen_buf_finish(&b, out, err);
}
