/* kc_asm.h — table-driven assembler and disassembler (one engine for every
 * table ISA; everything ISA-specific comes from the kc_isa description).
 *
 * Source syntax (see the generated docs/isa/<isa>.md for the full story):
 *   one statement per line; labels `name:` (may precede a statement on the same
 *   line); comments `#` or `//` to end of line; `.equ NAME, expr` / `.set NAME,
 *   expr` (a .set may be redefined later); `.word expr[, expr...]` emits raw
 *   words; integer expressions with + - * / % << >> & | ^ ~ and parentheses over
 *   decimal, 0x, 0b literals, constants and labels (a label's value is its
 *   instruction index), nested at most KC_ASM_MAX_NESTING deep. A source
 *   without instructions is an error ("empty program").
 *   Branch/jump operands are targets: a label or an absolute
 *   instruction index — which is also what the disassembler prints, so its output
 *   assembles back to the same words.
 */
#ifndef KC_ASM_H
#define KC_ASM_H

#include <stddef.h>
#include <stdint.h>

#include "kc_err.h"
#include "kc_isa.h"

/* Expressions nest (parentheses, unary operators) at most this deep: the parser
 * recurses once per level, and a kernel is untrusted text (a model's reply) that
 * must get a diagnostic, never a stack overflow. */
#define KC_ASM_MAX_NESTING 256

/* A warning of the assembler (bundle ISAs: a read of a register whose write has
 * not landed yet, a branch in a delay slot): the position of the statement it is
 * about, and the other statement involved (line2 0: none). Warnings never stop
 * assembly; errors are the kc_err (first error only). */
typedef struct kc_asm_warning {
    int line, col;
    int line2, col2;
    char text[400];
} kc_asm_warning;

/* A program segment (bundle ISAs): the words [first, first + nwords) load at
 * program-memory address addr (in bundles; vliw: 0 for the SPMD program every
 * tile runs, (tile + 1) << 24 for a `.tile N` program). */
typedef struct kc_program_seg {
    uint32_t addr;
    size_t first, nwords;
} kc_program_seg;

typedef struct kc_program {
    uint32_t *words;
    size_t nwords;
    int *line;        /* 1-based source line of each word (0 when not from source) */
    /* Set by kc_asm_assemble for bundle ISAs only (npu: always NULL / 0). */
    kc_asm_warning *warnings;
    size_t nwarnings;
    kc_program_seg *segs;   /* NULL / 0: one segment, all words at address 0 */
    size_t nsegs;
} kc_program;

void kc_program_free(kc_program *p);

/* Assembles a whole kernel. filename is used in error positions only (may be
 * NULL). On error, out is empty and err holds file, line, column and a message
 * with a hint. */
kc_status kc_asm_assemble(const kc_isa *isa, const char *src, const char *filename,
                          kc_program *out, kc_err *err);

/* Assembles one statement (an instruction, pseudo-instruction or .word, no labels
 * or directives that define symbols) as if it stood at instruction index pc.
 * Writes at most max words; *nwords gets the count. */
kc_status kc_asm_statement(const kc_isa *isa, const char *text, uint32_t pc,
                           uint32_t *words, size_t max, size_t *nwords, kc_err *err);

/* The row a word decodes to when it is a legal instruction whose operands the
 * assembler can also write (registers that exist, immediates in their allowed
 * range), else NULL. */
const kc_isa_insn *kc_asm_decode(const kc_isa *isa, uint32_t word);

/* Bundle ISAs: the instruction index of a kc_asm_assemble result is a bundle
 * index (isa->bundle_slots words per bundle, slot s of bundle b at word
 * b * bundle_slots + s). Source syntax (docs/isa/vliw.md): the instructions of one
 * bundle on one line separated by ';', or a `{ ... }` block over several lines;
 * `nop` alone is an empty bundle; `.bundle w0, ..., w6` emits raw slot words;
 * `.tile N` starts the program of tile N; `.nocheck` ... `.check` turns the
 * checks off for a region; comments are `//` only ('#' may prefix
 * an immediate). Each instruction goes to the next free slot of its row's class.
 *
 * Canonical text of one word at instruction index pc: "beq r1, r0, 12" (branch
 * targets as absolute instruction indices) or ".word 0x0000abcd". Returns buf. */
const char *kc_asm_disasm_word(const kc_isa *isa, uint32_t word, uint32_t pc,
                               char *buf, size_t size);

/* Listing of a program that assembles back to the same words: branch targets
 * inside the program become labels L<index>, each line carries its index and
 * word as a comment. *text is malloc'd (caller frees). */
kc_status kc_asm_disasm_program(const kc_isa *isa, const uint32_t *words, size_t nwords,
                                char **text, kc_err *err);

/* Program images. Hex: one word per line as 8 hex digits (optional 0x, blank
 * lines and # comments allowed). Binary: little-endian 32-bit words. */
kc_status kc_program_from_hex(const char *text, const char *filename, kc_program *out, kc_err *err);
kc_status kc_program_from_bin(const uint8_t *bytes, size_t size, const char *filename,
                              kc_program *out, kc_err *err);
char *kc_program_to_hex(const kc_program *p);   /* malloc'd; NULL when out of memory */

/* Assembly syntax of a row or pseudo: "vadd [rd], [rs1], [rs2]". */
void kc_asm_usage(const char *name, const kc_isa_operand *ops, int nops, char *buf, size_t size);

/* Levenshtein distance, case-insensitive (used for "did you mean" hints). */
int kc_asm_edit_distance(const char *a, size_t alen, const char *b, size_t blen);

#endif
