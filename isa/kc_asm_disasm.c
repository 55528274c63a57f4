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
    size_t k = (size_t)snprintf(buf, size, "%s", kc_isa_insn_mnemonic(in));
    for (int i = 0; i < in->nops && k < size; i++) {
        const kc_isa_operand *op = &in->ops[i];
        int64_t v = kc_isa_operand_get(op, word);
        const kc_isa_regfile *rf = kc_isa_regfile_of(isa, op->kind);
        const kc_isa_cfg *cfg;
        char one[48];
        switch (op->kind) {
        case KC_ISA_K_R: case KC_ISA_K_F: case KC_ISA_K_A:
        case KC_ISA_K_P: case KC_ISA_K_O: case KC_ISA_K_W: case KC_ISA_K_Q:
            snprintf(one, sizeof one, "%s%lld", rf->prefix, (long long)v);
            break;
        case KC_ISA_K_L:
            /* The offset of a following J operand goes inside the brackets. */
            if (i + 1 < in->nops && in->ops[i + 1].kind == KC_ISA_K_J)
                snprintf(one, sizeof one, "[%s%lld, %lld]", rf->prefix, (long long)v,
                         (long long)kc_isa_operand_get(&in->ops[i + 1], word));
            else
                snprintf(one, sizeof one, "[%s%lld]", rf->prefix, (long long)v);
            break;
        case KC_ISA_K_J:
            continue;
        case KC_ISA_K_T:
            if (targets && v >= 0 && (size_t)v <= nwords && targets[v])
                snprintf(one, sizeof one, "L%lld", (long long)v);
            else
                snprintf(one, sizeof one, "%lld", (long long)v);
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

/* Is every slot word of a bundle a legal row of its slot, placed where the
 * assembler puts it (a class's instructions fill its slots from the first, so
 * L1 holds a load only when L0 does)? Then the text of its instructions
 * assembles back to the same words. */
static int bundle_decodes(const kc_isa *isa, const uint32_t *w)
{
    for (int s = 0; s < isa->bundle_slots; s++) {
        const kc_isa_insn *in = kc_asm_decode(isa, w[s]);
        if (!in || !kc_isa_insn_in_slot(isa, in, s))
            return 0;
    }
    for (size_t k = 0; k < isa->nslots; k++) {
        const kc_isa_slot *sl = &isa->slots[k];
        for (int s = sl->first + 1; s < sl->first + sl->count; s++)
            if (w[s] && !w[s - 1])
                return 0;
    }
    return 1;
}

/* Bundle ISAs: `.nocheck`, then one line per bundle, its instructions in slot
 * order separated by " ; " ("nop" when all slots are empty); a bundle with an
 * illegal or misplaced word as ".bundle w0, ..., wN". Targets are bundle indices. */
static kc_status asm_disasm_bundles(const kc_isa *isa, const uint32_t *words, size_t nwords,
                                    char **text, kc_err *err)
{
    size_t ns = (size_t)isa->bundle_slots, nb = nwords / ns;
    if (nwords % ns)
        return kc_err_set(err, KC_ERR_RANGE, "program of %zu words is not a whole number of %zu-word bundles",
                          nwords, ns);
    if (nb > isa->imem_words)
        return kc_err_set(err, KC_ERR_RANGE, "program of %zu bundles is larger than the program memory "
                          "(%u bundles)", nb, (unsigned)isa->imem_words);
    unsigned char *targets = calloc(nb + 1, 1);
    size_t cap = (size_t)(40 + 48 * ns) * (nb + 1) + 80;
    char *out = malloc(cap);
    if (!targets || !out) {
        free(targets);
        free(out);
        return kc_err_set(err, KC_ERR_NOMEM, "out of memory");
    }
    for (size_t b = 0; b < nb; b++) {
        if (!bundle_decodes(isa, words + b * ns))
            continue;
        for (size_t s = 0; s < ns; s++) {
            const kc_isa_insn *in = kc_asm_decode(isa, words[b * ns + s]);
            for (int i = 0; i < in->nops; i++)
                if (in->ops[i].kind == KC_ISA_K_T) {
                    int64_t t = kc_isa_operand_get(&in->ops[i], words[b * ns + s]);
                    if (t >= 0 && (size_t)t <= nb)
                        targets[t] = 1;
                }
        }
    }
    /* A listing assembles back whatever the words are, write conflicts and odd
     * loops included: the assembler's checks are off for it. */
    size_t k = (size_t)snprintf(out, cap, nb ? ".nocheck\n" : "");
    for (size_t b = 0; b <= nb; b++) {
        if (targets[b])
            k += (size_t)snprintf(out + k, cap - k, "L%zu:\n", b);
        if (b == nb)
            break;
        const uint32_t *w = words + b * ns;
        char line[48 * 32 + 32];
        size_t n = 0;
        line[0] = 0;
        if (!bundle_decodes(isa, w)) {
            n += (size_t)snprintf(line, sizeof line, ".bundle");
            for (size_t s = 0; s < ns; s++)
                n += (size_t)snprintf(line + n, sizeof line - n, "%s0x%08x", s ? ", " : " ", w[s]);
        } else {
            for (size_t s = 0; s < ns; s++) {
                if (!w[s])
                    continue;
                char one[96];
                asm_format(isa, w[s], (uint32_t)b, targets, nb, one, sizeof one);
                n += (size_t)snprintf(line + n, sizeof line - n, "%s%s", n ? " ; " : "", one);
            }
            if (!n)
                snprintf(line, sizeof line, "nop");
        }
        k += (size_t)snprintf(out + k, cap - k, "    %-64s // %5zu\n", line, b);
    }
    free(targets);
    *text = out;
    return KC_OK;
}

kc_status kc_asm_disasm_program(const kc_isa *isa, const uint32_t *words, size_t nwords,
                                char **text, kc_err *err)
{
    *text = NULL;
    if (isa->bundle_slots)
        return asm_disasm_bundles(isa, words, nwords, text, err);
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
