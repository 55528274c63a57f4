/* kc_asm_sym.c — the assembler's symbol table: labels and .equ/.set constants
 * in an open-addressing hash (kernels may define 10^5 constants), with the
 * pass in which each value was assigned, and the checks a new name must pass.
 */
#include "kc_asm_int.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* FNV-1a: symbol lookup must stay O(1), kernels may define 10^5 constants. */
static size_t asm_sym_hash(const char *name, size_t len)
{
    uint64_t h = 1469598103934665603ull;
    for (size_t i = 0; i < len; i++)
        h = (h ^ (unsigned char)name[i]) * 1099511628211ull;
    return (size_t)(h ^ h >> 29);   /* the low bits alone cluster for names like C1, C2, ... */
}

/* The hash slot holding name, or the empty slot where it would go. */
static size_t *asm_sym_slot(asm_ctx *c, const char *name, size_t len)
{
    size_t mask = c->symtab_size - 1;
    for (size_t i = asm_sym_hash(name, len) & mask;; i = (i + 1) & mask) {
        size_t *slot = &c->symtab[i];
        if (!*slot)
            return slot;
        const char *nm = c->syms[*slot - 1].name;
        if (!strncmp(nm, name, len) && !nm[len])
            return slot;
    }
}

asm_sym *kc_asm_sym_find(asm_ctx *c, const char *name, size_t len)
{
    if (!c->symtab_size)
        return NULL;
    size_t *slot = asm_sym_slot(c, name, len);
    return *slot ? &c->syms[*slot - 1] : NULL;
}

const char *kc_asm_sym_suggest(asm_ctx *c, const char *name, size_t len)
{
    asm_suggest s = {name, len, NULL, 1 << 30};
    for (size_t i = 0; i < c->nsyms; i++)
        kc_asm_lex_suggest_try(&s, c->syms[i].name);
    /* Bundle ISAs: a misspelt special register or BD field reads as a symbol
     * (mov rD, tid shares its mnemonic with mov rD, imm). */
    for (size_t i = 0; c->isa->bundle_slots && i < c->isa->ncfgs; i++)
        kc_asm_lex_suggest_try(&s, c->isa->cfgs[i].name);
    return s.best;
}

kc_status kc_asm_sym_check_name(asm_ctx *c, const char *name, size_t n, const char *what)
{
    long idx;
    if (kc_asm_lex_reg_name(c->isa, name, n, &idx))
        return kc_asm_lex_error(c, name, "'%.*s' is a register name and cannot be a %s", (int)n, name, what);
    return KC_OK;
}

kc_status kc_asm_sym_add(asm_ctx *c, const char *name, size_t n, int64_t value, int is_label, int is_set)
{
    if (c->nsyms == c->capsyms) {
        size_t cap = c->capsyms ? c->capsyms * 2 : 64;
        asm_sym *s = realloc(c->syms, cap * sizeof *s);
        if (!s)
            return kc_err_set(c->err, KC_ERR_NOMEM, "out of memory");
        c->syms = s;
        c->capsyms = cap;
    }
    if (2 * (c->nsyms + 1) > c->symtab_size) {   /* keep the load factor at most 1/2 */
        size_t size = c->symtab_size ? c->symtab_size * 2 : 128;
        size_t *tab = calloc(size, sizeof *tab);
        if (!tab)
            return kc_err_set(c->err, KC_ERR_NOMEM, "out of memory");
        free(c->symtab);
        c->symtab = tab;
        c->symtab_size = size;
        for (size_t i = 0; i < c->nsyms; i++)
            *asm_sym_slot(c, c->syms[i].name, strlen(c->syms[i].name)) = i + 1;
    }
    char *nm = malloc(n + 1);
    if (!nm)
        return kc_err_set(c->err, KC_ERR_NOMEM, "out of memory");
    memcpy(nm, name, n);
    nm[n] = 0;
    *asm_sym_slot(c, nm, n) = c->nsyms + 1;
    c->syms[c->nsyms++] = (asm_sym){nm, value, is_label, is_set, c->lineno, c->pass};
    return KC_OK;
}

void kc_asm_sym_free(asm_ctx *c)
{
    for (size_t i = 0; i < c->nsyms; i++)
        free(c->syms[i].name);
    free(c->syms);
    free(c->symtab);
}
