/* fuzz_image — the hex and binary image readers, then the disassembler on what
 * they read: a listing of any image that fits the instruction memory assembles
 * back to the same words (asm(disasm(w)) == w). */
#include "fuzz_util.h"

#include "kc_asm.h"

static void check_listing(const kc_isa *isa, const kc_program *p)
{
    char *listing;
    kc_err err;
    kc_err_clear(&err);
    if (kc_asm_disasm_program(isa, p->words, p->nwords, &listing, &err) != KC_OK) {
        FUZZ_CHECK(p->nwords > isa->imem_words, "listing refused: %s", err.text);
        return;
    }
    size_t n = strlen(listing);   /* reads the whole buffer: ASan sees an unterminated one */
    if (p->nwords) {
        kc_program again;
        kc_err_clear(&err);
        FUZZ_CHECK(kc_asm_assemble(isa, listing, "listing", &again, &err) == KC_OK,
                   "listing does not assemble: %d:%d %s", err.line, err.col, err.text);
        FUZZ_CHECK(again.nwords == p->nwords && !memcmp(again.words, p->words, p->nwords * 4),
                   "listing assembles to other words");
        kc_program_free(&again);
    } else {
        FUZZ_CHECK(n == 0, "listing of an empty program");
    }
    free(listing);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const kc_isa *isa = kc_isa_find("npu");
    kc_program p;
    kc_err err;
    kc_err_clear(&err);
    char *text = fuzz_text(data, size);
    if (kc_program_from_hex(text, "fuzz.hex", &p, &err) == KC_OK) {
        check_listing(isa, &p);
        kc_program_free(&p);
    } else {
        FUZZ_CHECK(err.text[0], "error without a message");
    }
    free(text);
    kc_err_clear(&err);
    if (kc_program_from_bin(data, size, "fuzz.bin", &p, &err) == KC_OK) {
        FUZZ_CHECK(p.nwords == size / 4, "%zu words from %zu bytes", p.nwords, size);
        check_listing(isa, &p);
        kc_program_free(&p);
    }
    return 0;
}
