/* fuzz_asm — the assembler on arbitrary text: no crash, no hang, no leak, and
 * every failure is an error with a position inside the source. */
#include "fuzz_util.h"

#include "kc_asm.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const kc_isa *isa = kc_isa_find("npu");
    char *src = fuzz_text(data, size);
    kc_program p;
    kc_err err;
    kc_err_clear(&err);
    if (kc_asm_assemble(isa, src, "fuzz.s", &p, &err) == KC_OK) {
        FUZZ_CHECK(p.nwords > 0 && p.nwords <= isa->imem_words, "%zu words", p.nwords);
        kc_program_free(&p);
    } else {
        FUZZ_CHECK(p.words == NULL && p.nwords == 0, "output left after an error");
        FUZZ_CHECK(err.text[0] && err.line >= 0 && err.col >= 0, "error without a message or position");
    }
    /* One statement, as the ISS-side tools use it. */
    uint32_t w[8];
    size_t nw;
    kc_err_clear(&err);
    const char *nl = strchr(src, '\n');
    if (nl)
        src[nl - src] = 0;
    if (kc_asm_statement(isa, src, 5, w, 8, &nw, &err) == KC_OK)
        FUZZ_CHECK(nw <= 8, "%zu words", nw);
    free(src);
    return 0;
}
