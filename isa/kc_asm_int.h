/* kc_asm_int.h — the assembler's internal interfaces, shared by its modules and
 * by nothing else (the public API is kc_asm.h):
 *
 *   kc_asm.c         entry points: the two-pass driver, single statements,
 *                    kc_asm_decode, usage strings, edit distance
 *   kc_asm_lex.c     positioned diagnostics, register names, suggestions,
 *                    comments, operand-list splitting
 *   kc_asm_sym.c     the symbol table (labels, .equ/.set constants)
 *   kc_asm_expr.c    integer and floating-point expressions
 *   kc_asm_stmt.c    one line to words: labels, directives, operands,
 *                    encoding, pseudo-instruction expansion
 *   kc_asm_disasm.c  the disassembler
 *   kc_program.c     program images (hex/bin readers, hex writer)
 */
#ifndef KC_ASM_INT_H
#define KC_ASM_INT_H

#include <ctype.h>
#include <stddef.h>
#include <stdint.h>

#include "kc_asm.h"

#define ASM_MAX_OPERANDS 8

typedef struct asm_sym {
    char *name;
    int64_t value;
    int is_label;
    int is_set;          /* defined with .set: may be redefined */
    int line;            /* line of the first definition */
    int pass_set;        /* pass in which the current value was assigned */
} asm_sym;

typedef struct asm_ctx {
    const kc_isa *isa;
    const char *file;
    kc_err *err;
    int pass;            /* 1: sizes and labels; 2: encode */
    int statement_mode;  /* kc_asm_statement: no symbol definitions */
    int lineno;
    const char *lbuf;    /* start of the current line, for columns */
    int force_col;       /* >0: report errors at this column (pseudo expansion) */
    uint32_t pc;
    asm_sym *syms;
    size_t nsyms, capsyms;
    size_t *symtab;      /* open-addressing hash of syms: index + 1, 0 = empty */
    size_t symtab_size;  /* power of two, at least twice nsyms */
    uint32_t *words;     /* pass-2 output */
    int *lines;
    size_t nwords, capwords, maxwords;
    unsigned char *sized_long;  /* per line: pass 1 sized a pseudo without its value */
    size_t nsized;
    int unresolved;      /* an expression met a symbol that is not defined yet */
} asm_ctx;

typedef struct asm_opnd {
    char *s;             /* trimmed operand text, NUL-terminated */
} asm_opnd;

/* A value of an expression: an integer, or (fli only) a floating-point number. */
typedef struct asm_val {
    int isf;
    int64_t i;
    double f;
} asm_val;

/* Keeps the closest candidate (within a distance that still looks like a typo). */
typedef struct asm_suggest {
    const char *word;
    size_t len;
    const char *best;
    int dist;
} asm_suggest;

/* ---- character classes (kept inline: the lexer's innermost loops) ------------ */

static inline int asm_ident_start(int ch)
{
    return isalpha(ch) || ch == '_' || ch == '.' || ch == '$';
}

static inline int asm_ident_char(int ch)
{
    return isalnum(ch) || ch == '_' || ch == '.' || ch == '$';
}

static inline char *asm_skip_space(char *p)
{
    while (*p == ' ' || *p == '\t')
        p++;
    return p;
}

/* ---- kc_asm_lex.c ----------------------------------------------------------- */

/* Sets the first error at `at` (a pointer into the current line, for its column;
 * ctx->force_col overrides it inside a pseudo expansion) and returns its code. */
__attribute__((format(printf, 3, 4)))
kc_status kc_asm_lex_error(asm_ctx *c, const char *at, const char *fmt, ...);
__attribute__((format(printf, 3, 4)))
kc_status kc_asm_lex_range_error(asm_ctx *c, const char *at, const char *fmt, ...);
void kc_asm_lex_suggest_try(asm_suggest *s, const char *cand);
/* Recognises a register name of any file: returns its regfile and index (which
 * may be out of range) or NULL. */
const kc_isa_regfile *kc_asm_lex_reg_name(const kc_isa *isa, const char *s, size_t len, long *idx);
/* Splits an operand list at top-level commas, NUL-terminating each operand in
 * place; returns how many there are (more than ASM_MAX_OPERANDS: the first
 * surplus one is in *extra). */
int kc_asm_lex_split(char *p, asm_opnd *ops, char **extra);
void kc_asm_lex_strip_comment(char *line);

/* ---- kc_asm_sym.c ----------------------------------------------------------- */

asm_sym *kc_asm_sym_find(asm_ctx *c, const char *name, size_t len);
const char *kc_asm_sym_suggest(asm_ctx *c, const char *name, size_t len);
/* A register name cannot become a label or constant (`what`). */
kc_status kc_asm_sym_check_name(asm_ctx *c, const char *name, size_t n, const char *what);
kc_status kc_asm_sym_add(asm_ctx *c, const char *name, size_t n, int64_t value, int is_label, int is_set);
void kc_asm_sym_free(asm_ctx *c);

/* ---- kc_asm_expr.c ---------------------------------------------------------- */

double kc_asm_expr_num(const asm_val *v);
/* Evaluates the whole of s; `want` names what the operand should be, for messages. */
kc_status kc_asm_expr_eval(asm_ctx *c, char *s, int allow_float, const char *want, asm_val *v);
kc_status kc_asm_expr_eval_int(asm_ctx *c, char *s, const char *want, int64_t *out);

/* ---- kc_asm_stmt.c ---------------------------------------------------------- */

/* Assembles one NUL-terminated source line (modified in place). */
kc_status kc_asm_stmt_line(asm_ctx *c, char *line);

#endif
