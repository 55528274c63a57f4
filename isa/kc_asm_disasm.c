/* kc_asm_disasm.c — the disassembler: one word as canonical text, and whole
 * listings whose branch targets become labels, so the output assembles back to
 * the same words (tests/isa checks disasm(asm(x)) == x for every row).
 */
#include "kc_asm.h"

#include <stdio.h>
#include <stdlib.h>

/* Formats a word; targets[] (NULL for plain numbers) marks the indices that have
 * labels L<index> in a listing of nwords words. */
static const char *asm_format(const kc_isa *isa, uint32_t word, uint32_t pc, const unsigned char *targets,
                              size_t nwords, char *buf, size_t size)
{
    const kc_isa_insn *in = kc_asm_decode(isa, word);
    if (!in) {
        snprintf(buf, size, ".word 0x%08x", word);
        return buf;
    }
    size_t k = (size_t)snprintf(buf, size, "%s", in->name);
    for (int i = 0; i < in->nops && k < size; i++) {
        const kc_isa_operand *op = &in->ops[i];
        int64_t v = kc_isa_operand_get(op, word);
        const kc_isa_regfile *rf = kc_isa_regfile_of(isa, op->kind);
        const kc_isa_cfg *cfg;
        char one[48];
        switch (op->kind) {
        case KC_ISA_K_R: case KC_ISA_K_F: case KC_ISA_K_A:
            snprintf(one, sizeof one, "%s%lld", rf->prefix, (long long)v);
            break;
        case KC_ISA_K_V: case KC_ISA_K_M:
            snprintf(one, sizeof one, "[%s%lld]", rf->prefix, (long long)v);
            break;
        case KC_ISA_K_C:
            cfg = kc_isa_cfg_by_id(isa, (int)v);
            if (cfg)
                snprintf(one, sizeof one, "%s", cfg->name);
            else
                snprintf(one, sizeof one, "%lld", (long long)v);
            break;
        case KC_ISA_K_B: {
            int64_t target = (int64_t)pc + v;
            if (targets && target >= 0 && (size_t)target <= nwords && targets[target])
                snprintf(one, sizeof one, "L%lld", (long long)target);
            else
                snprintf(one, sizeof one, "%lld", (long long)target);
            break;
        }
        case KC_ISA_K_U:
            /* Wide unsigned immediates are bit patterns (lui, andi, flui): hex. */
            if (op->max >= 0xffff)
                snprintf(one, sizeof one, "0x%llx", (long long)v);
            else
                snprintf(one, sizeof one, "%lld", (long long)v);
            break;
        default:
            snprintf(one, sizeof one, "%lld", (long long)v);
            break;
        }
        k += (size_t)snprintf(buf + k, size - k, "%s%s", i ? ", " : " ", one);
    }
    return buf;
}

const char *kc_asm_disasm_word(const kc_isa *isa, uint32_t word, uint32_t pc, char *buf, size_t size)
{
    return asm_format(isa, word, pc, NULL, 0, buf, size);
}

kc_status kc_asm_disasm_program(const kc_isa *isa, const uint32_t *words, size_t nwords,
                                char **text, kc_err *err)
{
    *text = NULL;
    if (nwords > isa->imem_words)   /* the listing would not assemble back */
        return kc_err_set(err, KC_ERR_RANGE, "program of %zu words is larger than the instruction "
                          "memory (%u words)", nwords, (unsigned)isa->imem_words);
    unsigned char *targets = calloc(nwords + 1, 1);
    size_t cap = 128 * (nwords + 1) + 64;
    char *out = malloc(cap);
    if (!targets || !out) {
        free(targets);
        free(out);
        return kc_err_set(err, KC_ERR_NOMEM, "out of memory");
    }
    for (size_t pc = 0; pc < nwords; pc++) {
        const kc_isa_insn *in = kc_asm_decode(isa, words[pc]);
        for (int i = 0; in && i < in->nops; i++)
            if (in->ops[i].kind == KC_ISA_K_B) {
                int64_t t = (int64_t)pc + kc_isa_operand_get(&in->ops[i], words[pc]);
                if (t >= 0 && (size_t)t <= nwords)
                    targets[t] = 1;
            }
    }
    size_t k = 0;
    out[0] = 0;   /* an empty program lists as nothing */
    for (size_t pc = 0; pc <= nwords; pc++) {
        if (targets[pc])
            k += (size_t)snprintf(out + k, cap - k, "L%zu:\n", pc);
        if (pc == nwords)
            break;
        char line[160];
        asm_format(isa, words[pc], (uint32_t)pc, targets, nwords, line, sizeof line);
        k += (size_t)snprintf(out + k, cap - k, "    %-32s # %5zu: %08x\n", line, pc, words[pc]);
    }
    free(targets);
    *text = out;
    return KC_OK;
}
