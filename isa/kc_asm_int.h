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
 *   kc_asm_bundle.c  bundle ISAs: bundle syntax, slot placement, latency and
 *                    control-flow checks, warnings, segments
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

/* One instruction of the bundle being collected. */
typedef struct asm_pend {
    const kc_isa_insn *row;      /* NULL: a raw word of .bundle */
    uint32_t word;
    int line, col;
} asm_pend;

#define ASM_MAX_PEND 16          /* instructions in one bundle before "too many" */
#define ASM_MAX_INFLIGHT 128     /* register writes in flight (hazard tracking) */

/* A register write in flight: visible from bundle `land` on. */
typedef struct asm_flight {
    int file;                    /* regfile index */
    int reg;
    uint32_t issue, land;
    int line, col;
    const char *mn;
} asm_flight;

#define ASM_MAX_LOOPS 8
#define ASM_MAX_LOOPREADS 256

/* A read near the top of an open hardware-loop body (back-edge check); `at` is the
 * bundle whose view of the register it reads (later than its own for an accumulation). */
struct asm_loopread {
    int loop, file, reg, line, col;
    uint32_t at;
    const char *mn;
};

/* Bundle-ISA state of one pass (kc_asm_bundle.c). */
typedef struct asm_bundle {
    asm_pend pend[ASM_MAX_PEND];
    int npend;
    int started;                 /* a bundle is open (its first statement seen) */
    int in_brace, brace_line, brace_col;
    int line_stmts;              /* statements on the current line */
    int start_line;              /* first line of the open bundle */
    int tile;                    /* -1: the SPMD segment */
    unsigned long long tiles_seen[4];
    size_t total;                /* bundles emitted in this pass, all segments */
    size_t seg_start;            /* total at the start of the current segment */
    kc_program_seg *segs;
    size_t nsegs, capsegs;
    int br_delay, loop_depth;    /* table parameters */
    int nocheck;                 /* inside .nocheck ... .check: no pass-2 checks */
    /* pass 2 checks */
    asm_flight fl[ASM_MAX_INFLIGHT];
    int nfl;
    int64_t clear_next;          /* from this bundle on, forget what is in flight (-1: never) */
    struct { uint32_t pc, until; int line; } br;        /* last branch and its delay slots */
    struct { uint32_t top, end; int line; } loops[ASM_MAX_LOOPS];
    int nloops;
    struct asm_loopread loopreads[ASM_MAX_LOOPREADS];
    int nloopreads;
    kc_asm_warning *warn;
    size_t nwarn, capwarn;
} asm_bundle;

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
    asm_bundle *bundle;  /* bundle ISAs outside statement mode, else NULL */
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
int kc_asm_lex_split(char *p, asm_opnd *ops, char **extra, int brackets);
/* Removes a comment: '#' or '//' (only '//' when hash_immediates). */
void kc_asm_lex_strip_comment(char *line, int hash_immediates);
/* Column of `at` in the current line (or the forced column of a pseudo expansion). */
int kc_asm_lex_col(const asm_ctx *c, const char *at);

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
/* Parses "mnemonic operands" and assembles it (one instruction, pseudo or directive). */
kc_status kc_asm_stmt_one(asm_ctx *c, char *p, int allow_pseudo);
/* Emits one word at the current pc (plain ISAs and raw bundle words). */
kc_status kc_asm_stmt_emit(asm_ctx *c, uint32_t word, const char *at);

/* ---- kc_asm_bundle.c ---------------------------------------------------------- */

/* A line's statements after its labels: braces, ';', .tile, .bundle. */
kc_status kc_asm_bundle_line(asm_ctx *c, char *p);
/* Adds one assembled instruction to the open bundle. */
kc_status kc_asm_bundle_add(asm_ctx *c, const kc_isa_insn *row, uint32_t word, const char *at);
/* Places the open bundle's instructions, checks and emits it (pseudo expansions
 * that take several bundles close them one by one). */
kc_status kc_asm_bundle_close(asm_ctx *c, const char *at);
/* End of a pass: an open brace is an error; the segment list is completed. */
kc_status kc_asm_bundle_finish(asm_ctx *c);
/* Start of a pass: clears the state, keeping the allocated lists. */
void kc_asm_bundle_reset(asm_ctx *c);
void kc_asm_bundle_free(asm_bundle *b);

#endif
