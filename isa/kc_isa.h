/* kc_isa.h — table descriptions of the table-driven ISAs (npu now, vliw later).
 *
 * Each ISA is built from its X-macro table (isa/<name>.def) into a kc_isa: fields,
 * configuration registers, hardware parameters, instructions and pseudo-
 * instructions, with everything the assembler, disassembler and generators need
 * derived once (operand lists parsed, MATCH/MASK computed). Nothing here is
 * specific to one ISA except the descriptor built in kc_isa.c.
 */
#ifndef KC_ISA_H
#define KC_ISA_H

#include <stddef.h>
#include <stdint.h>

#include "kc_err.h"

#define KC_ISA_MAX_OPS 4

/* Operand kinds (the letters used in the .def operand strings). */
typedef enum kc_isa_kind {
    KC_ISA_K_R = 'R',  /* integer register */
    KC_ISA_K_F = 'F',  /* fp32 register */
    KC_ISA_K_A = 'A',  /* address register */
    KC_ISA_K_V = 'V',  /* vector-SRAM row [rN]: an integer register in brackets */
    KC_ISA_K_M = 'M',  /* matrix-SRAM row [rN]: written and encoded as V, another memory */
    KC_ISA_K_S = 'S',  /* signed immediate */
    KC_ISA_K_U = 'U',  /* unsigned immediate */
    KC_ISA_K_B = 'B',  /* pc-relative target (written as a label or absolute index) */
    KC_ISA_K_C = 'C',  /* configuration register name */
    KC_ISA_K_N = 'N',  /* loop count 1..2^w-1 */
    KC_ISA_K_I = 'I',  /* pseudo only: 32-bit integer expression */
    KC_ISA_K_X = 'X',  /* pseudo only: fp32 value (float literal or expression) */
    /* bundle ISAs (vliw.def) */
    KC_ISA_K_P = 'P',  /* pointer register */
    KC_ISA_K_O = 'O',  /* modifier register */
    KC_ISA_K_W = 'W',  /* vector register */
    KC_ISA_K_Q = 'Q',  /* accumulator */
    KC_ISA_K_L = 'L',  /* memory operand [pN]: a pointer register in brackets */
    KC_ISA_K_J = 'J',  /* signed offset written inside the preceding L operand's brackets */
    KC_ISA_K_T = 'T'   /* absolute target: a label or a bundle/instruction index */
} kc_isa_kind;

typedef struct kc_isa_field {
    const char *name;
    int lo, width;
    const char *desc;
} kc_isa_field;

typedef struct kc_isa_param {
    const char *name;
    long value;
    const char *desc;
} kc_isa_param;

typedef struct kc_isa_cfg {
    const char *name;
    int id;
    long reset;
    const char *desc;
} kc_isa_cfg;

typedef struct kc_isa_operand {
    const char *name;            /* field name (instructions) or placeholder (pseudos) */
    kc_isa_kind kind;
    const kc_isa_field *field;   /* NULL for pseudo operands */
    int64_t min, max;            /* allowed values (register index, immediate, offset) */
} kc_isa_operand;

/* One register a row writes (bundle ISAs): which operand, after how many
 * issued bundles it is visible, whether the row also reads it (post-modify,
 * lane insert), and whether it is an accumulation the MAC pipe forwards to the
 * next MAC-slot row writing the same register. */
typedef struct kc_isa_dst {
    int op;                      /* index into ops */
    int latency;
    int read, fwd;
} kc_isa_dst;

/* A slot class of a bundle ISA: rows of the class go to slots first..first+count-1. */
typedef struct kc_isa_slot {
    const char *name;
    int first, count;
    const char *desc;
} kc_isa_slot;

typedef struct kc_isa_insn {
    const char *name;            /* unique row id (npu: also the mnemonic) */
    int opcode, funct;           /* funct -1: none */
    const char *operands;        /* the table's operand string */
    const char *unit;
    int latency;                 /* 0 = variable */
    const char *semantics, *description, *example, *mistake;
    /* derived */
    uint32_t match, mask;
    int nops;
    kc_isa_operand ops[KC_ISA_MAX_OPS];
    /* bundle ISAs only (zero for npu) */
    const char *mnemonic;        /* assembly spelling; NULL: name. Rows may share one
                                  * when their operand kinds differ. */
    const char *slot;            /* slot class name, "*" = every slot */
    const char *dst;             /* written registers: "d:3 a+:1" (see vliw.def) */
    /* derived */
    int slot_class;              /* index into isa->slots, -1 = every slot */
    int ndst;
    kc_isa_dst dsts[KC_ISA_MAX_OPS];
} kc_isa_insn;

typedef struct kc_isa_pseudo {
    const char *name;
    const char *operands, *expansion, *description, *example;
    int nops;
    kc_isa_operand ops[KC_ISA_MAX_OPS];
} kc_isa_pseudo;

/* One timing figure of the RTL (NPU_TIMING in isa/npu.def): a formula over the
 * hardware parameters and the DRAM model (see kc_timing.h), the instructions it
 * documents, and the probe kernel tests/isa measures it with on the RTL. */
typedef struct kc_isa_timing {
    const char *id;              /* "mmac_mmac" */
    const char *insns;           /* instruction names, or "unit:<unit>", space separated */
    const char *formula;         /* "VLEN + 1" */
    const char *what;            /* the sentence the document prints */
    int n;                       /* the probe's value of N (0: unused) */
    const char *probe;           /* kernel text between "csrr r13, cycle" and "csrr r15, cycle" */
} kc_isa_timing;

/* Register file of one kind: names are prefix + index, index < count. */
typedef struct kc_isa_regfile {
    kc_isa_kind kind;            /* R, F or A */
    const char *prefix;          /* "r" */
    int count;
    const char *what;            /* "integer registers" */
} kc_isa_regfile;

typedef struct kc_isa {
    const char *name;            /* "npu" */
    const char *def_path;        /* "isa/npu.def", for generated-file headers */
    const char *macro_prefix;    /* "NPU" */
    int opcode_lo, opcode_width; /* major opcode position */
    int funct_lo, funct_width;   /* function code position */
    uint32_t imem_words;         /* program size limit */
    const kc_isa_param *params;  size_t nparams;
    const kc_isa_field *fields;  size_t nfields;
    const kc_isa_cfg *cfgs;      size_t ncfgs;
    const kc_isa_insn *insns;    size_t ninsns;
    const kc_isa_pseudo *pseudos; size_t npseudos;
    const kc_isa_regfile *regfiles; size_t nregfiles;
    const kc_isa_timing *timings; size_t ntimings;
    /* Bundle ISAs (vliw): bundle_slots words per bundle, slot classes, and the
     * comment syntax ('#' starts an immediate there; comments are // only).
     * bundle_slots == 0: one instruction per statement (npu). */
    int bundle_slots;
    const kc_isa_slot *slots;    size_t nslots;
    int hash_immediates;
} kc_isa;

/* The ISA called `name` ("npu"), or NULL when unknown or its table is malformed
 * (kc_isa_load tells why). Thread-safe; descriptions are built once. */
const kc_isa *kc_isa_find(const char *name);

/* Same, with the reason on failure. */
kc_status kc_isa_load(const char *name, const kc_isa **out, kc_err *err);

/* NULL-terminated list of the names of all table ISAs. */
const char *const *kc_isa_names(void);

/* Lookups (NULL when absent). Instruction and pseudo names are case-insensitive.
 * kc_isa_insn_by_name finds the first row with that mnemonic (the next one sharing
 * it: kc_isa_insn_next_form); kc_isa_insn_by_id the row with that unique id. */
const kc_isa_insn *kc_isa_insn_by_name(const kc_isa *isa, const char *name, size_t len);
const kc_isa_insn *kc_isa_insn_next_form(const kc_isa *isa, const kc_isa_insn *row);
const kc_isa_insn *kc_isa_insn_by_id(const kc_isa *isa, const char *id);
/* The assembly spelling of a row. */
static inline const char *kc_isa_insn_mnemonic(const kc_isa_insn *in)
{
    return in->mnemonic ? in->mnemonic : in->name;
}
/* Slot class by name (NULL when absent); does the class of `row` include slot s? */
const kc_isa_slot *kc_isa_slot_by_name(const kc_isa *isa, const char *name);
int kc_isa_insn_in_slot(const kc_isa *isa, const kc_isa_insn *row, int s);
const kc_isa_pseudo *kc_isa_pseudo_by_name(const kc_isa *isa, const char *name, size_t len);
const kc_isa_cfg *kc_isa_cfg_by_name(const kc_isa *isa, const char *name, size_t len);
const kc_isa_cfg *kc_isa_cfg_by_id(const kc_isa *isa, int id);
const kc_isa_regfile *kc_isa_regfile_of(const kc_isa *isa, kc_isa_kind kind);
const kc_isa_param *kc_isa_param_by_name(const kc_isa *isa, const char *name);

/* The unique row whose (word & mask) == match, or NULL (none, or more than one —
 * kc_isa_check rejects tables where that can happen). Operand values are not
 * checked here; see kc_asm_decode. */
const kc_isa_insn *kc_isa_decode(const kc_isa *isa, uint32_t word);

/* Extracts a field; sign-extends for S and B operands. */
int64_t kc_isa_operand_get(const kc_isa_operand *op, uint32_t word);

/* Consistency checks of a table: unique names (instructions, pseudos, fields,
 * cfgs), unique cfg ids that fit their field, operand fields that fit in the word
 * and do not overlap each other or the fixed opcode/funct bits, and no two rows
 * whose match/mask can both accept one word. The first violation goes to err. */
kc_status kc_isa_check(const kc_isa *isa, kc_err *err);

/* Human phrase for an operand kind ("a vector row like [r3]"). */
const char *kc_isa_kind_phrase(kc_isa_kind kind);

#endif
