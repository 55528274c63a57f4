/* rvv_isa.h — the rvv instruction table (isa/rvv.def) as data: lookup of a word,
 * the table-driven disassembler (trap reports, profiles, the tests' round trip
 * through llvm-mc) and the generated Verilog header rtl/rvv/rvv_isa.vh.
 */
#ifndef RVV_ISA_H
#define RVV_ISA_H

#include <stddef.h>
#include <stdint.h>

#include "kc_err.h"

typedef enum rvv_isa_scale { RVV_SC_ONE, RVV_SC_GROUP, RVV_SC_ELEM } rvv_isa_scale;

typedef struct rvv_isa_fmt {
    const char *id;      /* "VV" */
    const char *syntax;  /* space-separated operand tokens: "vd vs2 vs1 vm" */
    const char *desc;
} rvv_isa_fmt;

typedef struct rvv_isa_unit {
    const char *id;      /* "VFPU" */
    const char *desc;
} rvv_isa_unit;

typedef struct rvv_isa_insn {
    const char *id;      /* "VFADD_VV" (the Verilog constant suffix) */
    const char *name;    /* "vfadd.vv" */
    uint32_t match, mask;
    const rvv_isa_fmt *fmt;
    const rvv_isa_unit *unit;
    int lat, occ;
    rvv_isa_scale scale;
    const char *ext;     /* "I", "M", "F", "ZICSR", "V" */
    const char *sem;
} rvv_isa_insn;

size_t rvv_isa_count(void);
const rvv_isa_insn *rvv_isa_at(size_t i);
size_t rvv_isa_nfmts(void);
const rvv_isa_fmt *rvv_isa_fmt_at(size_t i);
size_t rvv_isa_nunits(void);
const rvv_isa_unit *rvv_isa_unit_at(size_t i);

/* The row word matches, or NULL (not in the supported subset). */
const rvv_isa_insn *rvv_isa_find(uint32_t word);

/* Bits of word that are operand fields of syntax token `tok` (0: unknown token).
 * The table tests check mask == ~(union over the format's tokens). */
uint32_t rvv_isa_token_bits(const char *tok);

/* Disassembles word into buf in LLVM's syntax ("vfadd.vv v8, v16, v24, v0.t");
 * a word outside the table gives ".word 0x...". Returns buf. */
const char *rvv_isa_disasm(uint32_t word, char *buf, size_t size);

/* The Verilog header (rtl/rvv/rvv_isa.vh); *out malloc'd. */
kc_status rvv_isa_verilog(char **out, kc_err *err);

#define RVV_ISA_VH_PATH "rtl/rvv/rvv_isa.vh"
#define RVV_ISA_DOC_PATH "docs/isa/rvv.md"

#endif
