/* kc_asm.c — the table-driven assembler: its entry points.
 *
 * Two passes over the source: pass 1 sizes every statement and defines labels
 * (operands are parsed too, so most errors come out in line order), pass 2
 * encodes with every label known. Statements are assembled by one routine in
 * both passes; symbols a pass-1 expression cannot resolve yet (forward labels)
 * are tolerated there and resolved in pass 2. Pseudo-instructions expand through
 * the textual templates in the ISA table, then go through the same routine as
 * hand-written instructions.
 *
 * This file holds the entry points; the lexer, symbol table, expressions,
 * statements, disassembler and image readers are the other kc_asm_*.c files
 * and kc_program.c (their shared internals: kc_asm_int.h).
 */
#include "kc_asm.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kc_asm_int.h"

/* Levenshtein distance, for "did you mean" hints. */
int kc_asm_edit_distance(const char *a, size_t alen, const char *b, size_t blen)
{
    enum { MAXL = 64 };
    if (alen > MAXL || blen > MAXL)
        return MAXL;
    int prev[MAXL + 1], cur[MAXL + 1];
    for (size_t j = 0; j <= blen; j++)
        prev[j] = (int)j;
    for (size_t i = 1; i <= alen; i++) {
        cur[0] = (int)i;
        for (size_t j = 1; j <= blen; j++) {
            int sub = prev[j - 1] + (tolower((unsigned char)a[i - 1]) != tolower((unsigned char)b[j - 1]));
            int del = prev[j] + 1, ins = cur[j - 1] + 1;
            cur[j] = sub < del ? (sub < ins ? sub : ins) : (del < ins ? del : ins);
        }
        memcpy(prev, cur, sizeof(int) * (blen + 1));
    }
    return prev[blen];
}

/* One pass over the whole source, line by line. */
static kc_status asm_pass(asm_ctx *c, const char *src)
{
    size_t cap = 256;
    char *buf = malloc(cap);
    if (!buf)
        return kc_err_set(c->err, KC_ERR_NOMEM, "out of memory");
    c->pc = 0;
    c->lineno = 0;
    kc_status st = KC_OK;
    const char *p = src;
    while (*p && st == KC_OK) {
        const char *e = strchr(p, '\n');
        size_t n = e ? (size_t)(e - p) : strlen(p);
        if (n + 1 > cap) {
            cap = n + 1;
            char *nb = realloc(buf, cap);
            if (!nb) {
                st = kc_err_set(c->err, KC_ERR_NOMEM, "out of memory");
                break;
            }
            buf = nb;
        }
        memcpy(buf, p, n);
        if (n && buf[n - 1] == '\r')
            n--;
        buf[n] = 0;
        c->lineno++;
        st = kc_asm_stmt_line(c, buf);
        p = e ? e + 1 : p + n;
        if (!e)
            break;
    }
    free(buf);
    return st;
}

static void asm_ctx_free(asm_ctx *c)
{
    kc_asm_sym_free(c);
    free(c->sized_long);
    kc_asm_bundle_free(c->bundle);
    c->bundle = NULL;
}

/* A pass of a bundle ISA: fresh bundle state, and the end-of-pass checks. */
static kc_status asm_bundle_pass(asm_ctx *c, const char *src)
{
    if (!c->bundle)
        return asm_pass(c, src);
    kc_asm_bundle_reset(c);
    kc_status st = asm_pass(c, src);
    if (st == KC_OK)
        st = kc_asm_bundle_finish(c);
    return st;
}

kc_status kc_asm_assemble(const kc_isa *isa, const char *src, const char *filename,
                          kc_program *out, kc_err *err)
{
    memset(out, 0, sizeof *out);
    kc_err local;
    if (!err) {
        kc_err_clear(&local);
        err = &local;
    }
    asm_ctx c = {0};
    c.isa = isa;
    c.file = filename;
    c.err = err;
    c.pass = 1;
    kc_status st = KC_OK;
    if (isa->bundle_slots && !(c.bundle = calloc(1, sizeof *c.bundle)))
        st = kc_err_set(err, KC_ERR_NOMEM, "out of memory");
    if (st == KC_OK)
        st = asm_bundle_pass(&c, src);
    if (st == KC_OK) {
        c.pass = 2;
        st = asm_bundle_pass(&c, src);
    }
    if (st == KC_OK && c.bundle) {
        /* Warnings and segments move to the program. */
        out->warnings = c.bundle->warn;
        out->nwarnings = c.bundle->nwarn;
        c.bundle->warn = NULL;
        if (c.bundle->nsegs > 1 || (c.bundle->nsegs == 1 && c.bundle->segs[0].addr != 0)) {
            out->segs = c.bundle->segs;
            out->nsegs = c.bundle->nsegs;
            c.bundle->segs = NULL;
        }
    }
    asm_ctx_free(&c);
    if (st == KC_OK && !c.nwords)   /* it would only trap at pc 0 */
        st = kc_err_at(err, KC_ERR_SYNTAX, filename, 1, 1,
                       "empty program: no instructions (a kernel ends with at least a halt)");
    if (st != KC_OK) {
        free(c.words);
        free(c.lines);
        kc_program_free(out);
        return st;
    }
    out->words = c.words;
    out->line = c.lines;
    out->nwords = c.nwords;
    return KC_OK;
}

kc_status kc_asm_statement(const kc_isa *isa, const char *text, uint32_t pc,
                           uint32_t *words, size_t max, size_t *nwords, kc_err *err)
{
    kc_err local;
    if (!err) {
        kc_err_clear(&local);
        err = &local;
    }
    asm_ctx c = {0};
    c.isa = isa;
    c.err = err;
    c.pass = 2;
    c.statement_mode = 1;
    c.pc = pc;
    c.lineno = 1;
    c.words = words;
    c.capwords = max;
    c.maxwords = max;
    *nwords = 0;
    size_t n = strlen(text);
    char *buf = malloc(n + 1);
    if (!buf)
        return kc_err_set(err, KC_ERR_NOMEM, "out of memory");
    memcpy(buf, text, n + 1);
    kc_status st = kc_asm_stmt_line(&c, buf);
    free(buf);
    asm_ctx_free(&c);
    *nwords = c.nwords;
    return st;
}

/* ---- decoding and usage ------------------------------------------------------ */

const kc_isa_insn *kc_asm_decode(const kc_isa *isa, uint32_t word)
{
    const kc_isa_insn *in = kc_isa_decode(isa, word);
    if (!in)
        return NULL;
    for (int i = 0; i < in->nops; i++) {
        const kc_isa_operand *op = &in->ops[i];
        int64_t v = kc_isa_operand_get(op, word);
        if (op->kind != KC_ISA_K_B && (v < op->min || v > op->max))
            return NULL;
    }
    return in;
}

/* Syntax of one operand for usage hints and the ISA document. */
static void asm_operand_syntax(const kc_isa_operand *op, char *buf, size_t size)
{
    /* Bundle ISAs name their fields d, a, b, c: the syntax shows "vD", "[pA]". */
    char up[2] = {(char)toupper((unsigned char)op->name[0]), 0};
    const char *n = op->name[0] && !op->name[1] ? up : op->name;
    switch (op->kind) {
    case KC_ISA_K_R: snprintf(buf, size, "%s%s", n == up ? "r" : "", n); break;
    case KC_ISA_K_F: snprintf(buf, size, "f%s", n[0] == 'r' ? n + 1 : n); break;
    case KC_ISA_K_A: snprintf(buf, size, "a%s", n[0] == 'r' ? n + 1 : n); break;
    case KC_ISA_K_V: case KC_ISA_K_M: snprintf(buf, size, "[%s]", n); break;
    case KC_ISA_K_P: snprintf(buf, size, "p%s", n); break;
    case KC_ISA_K_O: snprintf(buf, size, "m%s", n); break;
    case KC_ISA_K_W: snprintf(buf, size, "v%s", n); break;
    case KC_ISA_K_Q: snprintf(buf, size, "acc%s", n); break;
    case KC_ISA_K_L: snprintf(buf, size, "[p%s]", n); break;
    case KC_ISA_K_T: snprintf(buf, size, "label"); break;
    case KC_ISA_K_C: snprintf(buf, size, "%s", n == up ? "name" : "cfg"); break;
    case KC_ISA_K_B: snprintf(buf, size, "label"); break;
    case KC_ISA_K_N: snprintf(buf, size, "count"); break;
    case KC_ISA_K_X: snprintf(buf, size, "value"); break;
    default: snprintf(buf, size, "imm"); break;
    }
}

void kc_asm_usage(const char *name, const kc_isa_operand *ops, int nops, char *buf, size_t size)
{
    size_t k = (size_t)snprintf(buf, size, "%s", name);
    for (int i = 0; i < nops && k < size; i++) {
        char one[32];
        if (ops[i].kind == KC_ISA_K_J) {
            /* Inside the brackets of the memory operand before it: "[pa, off]". */
            if (k > 0 && buf[k - 1] == ']')
                k += (size_t)snprintf(buf + k - 1, size - k + 1, ", off]") - 1;
            continue;
        }
        asm_operand_syntax(&ops[i], one, sizeof one);
        k += (size_t)snprintf(buf + k, size - k, "%s%s", i ? ", " : " ", one);
    }
}
