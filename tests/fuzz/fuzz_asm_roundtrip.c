/* fuzz_asm_roundtrip — disasm(asm(x)) assembles back to the same words, and the
 * disassembly of every word reassembles as one statement. */
#include "fuzz_util.h"

#include "kc_asm.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const kc_isa *isa = kc_isa_find("npu");
    char *src = fuzz_text(data, size);
    kc_program p, again;
    kc_err err;
    kc_err_clear(&err);
    if (kc_asm_assemble(isa, src, "fuzz.s", &p, &err) != KC_OK) {
        free(src);
        return 0;
    }
    free(src);
    char *listing;
    FUZZ_CHECK(kc_asm_disasm_program(isa, p.words, p.nwords, &listing, &err) == KC_OK, "%s", err.text);
    kc_err_clear(&err);
    FUZZ_CHECK(kc_asm_assemble(isa, listing, "listing", &again, &err) == KC_OK,
               "listing does not assemble: %d:%d %s\n%s", err.line, err.col, err.text, listing);
    FUZZ_CHECK(again.nwords == p.nwords && !memcmp(again.words, p.words, p.nwords * sizeof *p.words),
               "listing assembles to other words\n%s", listing);
    for (size_t i = 0; i < p.nwords; i++) {
        char text[160];
        uint32_t w[4];
        size_t nw;
        kc_asm_disasm_word(isa, p.words[i], (uint32_t)i, text, sizeof text);
        kc_err_clear(&err);
        FUZZ_CHECK(kc_asm_statement(isa, text, (uint32_t)i, w, 4, &nw, &err) == KC_OK && nw == 1 &&
                   w[0] == p.words[i], "word %zu %08x: '%s' -> %s", i, p.words[i], text, err.text);
    }
    free(listing);
    kc_program_free(&again);
    kc_program_free(&p);
    return 0;
}
