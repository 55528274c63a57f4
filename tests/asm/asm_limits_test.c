/* asm_limits_test — assembler properties that data cases cannot hold compactly:
 * the instruction-memory limit, source-line numbers per word, and statement mode. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kc_asm.h"

static int failures;
#define CHECK(cond, ...)                                          \
    do {                                                          \
        if (!(cond)) {                                            \
            failures++;                                           \
            fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__);  \
            fprintf(stderr, __VA_ARGS__);                         \
            fputc('\n', stderr);                                  \
        }                                                         \
    } while (0)

int main(void)
{
    const kc_isa *isa = kc_isa_find("npu");
    CHECK(isa != NULL, "npu not found");
    CHECK(kc_isa_find("nosuch") == NULL, "unknown ISA found");
    if (!isa)
        return 1;
    kc_err err;
    kc_program p;

    /* Exactly IMEM_WORDS instructions fit; one more is an error on that line. */
    size_t n = isa->imem_words;
    char *src = malloc((n + 2) * 5 + 1);
    size_t k = 0;
    for (size_t i = 0; i < n; i++)
        k += (size_t)sprintf(src + k, "nop\n");
    kc_err_clear(&err);
    CHECK(kc_asm_assemble(isa, src, "big.s", &p, &err) == KC_OK, "IMEM_WORDS nops rejected: %s", err.text);
    CHECK(p.nwords == n, "%zu words", p.nwords);
    kc_program_free(&p);
    sprintf(src + k, "halt\n");
    kc_err_clear(&err);
    CHECK(kc_asm_assemble(isa, src, "big.s", &p, &err) == KC_ERR_RANGE, "oversized program accepted");
    CHECK(err.line == (int)n + 1 && strstr(err.text, "larger than the instruction memory"),
          "oversize error: %d:%d %s", err.line, err.col, err.text);
    CHECK(p.words == NULL && p.nwords == 0, "output not empty after an error");
    free(src);

    /* Line numbers per word, including pseudo expansions. */
    kc_err_clear(&err);
    CHECK(kc_asm_assemble(isa, "# c\nli r1, 100000\n\nhalt\n", "l.s", &p, &err) == KC_OK, "%s", err.text);
    CHECK(p.nwords == 3 && p.line[0] == 2 && p.line[1] == 2 && p.line[2] == 4, "line map wrong");
    CHECK(!strcmp(err.file, ""), "err touched on success");
    kc_program_free(&p);

    /* The file name appears in errors. */
    kc_err_clear(&err);
    kc_asm_assemble(isa, "halt\n  bogus r1\n", "k.s", &p, &err);
    char buf[800];
    kc_err_format(&err, buf, sizeof buf);
    CHECK(!strcmp(buf, "k.s:2:3: error: unknown instruction 'bogus'"), "format: %s", buf);

    /* Statement mode: pc-relative targets and word limits. */
    uint32_t w[2];
    size_t nw;
    kc_err_clear(&err);
    CHECK(kc_asm_statement(isa, "j 10", 4, w, 2, &nw, &err) == KC_OK && nw == 1 && (w[0] & 0x3fffff) == 6,
          "j 10 at 4: %08x %s", w[0], err.text);
    kc_err_clear(&err);
    CHECK(kc_asm_statement(isa, "li r1, 100000", 0, w, 1, &nw, &err) != KC_OK, "li into one word accepted");
    kc_err_clear(&err);
    CHECK(kc_asm_statement(isa, "x: halt", 0, w, 2, &nw, &err) != KC_OK, "label accepted in statement mode");

    /* Images: hex and binary readers. */
    kc_err_clear(&err);
    CHECK(kc_program_from_hex("# x\n04000000\n0x44400004 # c\n\n", "h", &p, &err) == KC_OK && p.nwords == 2 &&
          p.words[1] == 0x44400004u, "hex reader");
    kc_program_free(&p);
    kc_err_clear(&err);
    CHECK(kc_program_from_hex("0400000g\n", "h", &p, &err) != KC_OK && err.line == 1, "bad hex accepted");
    const uint8_t bin[8] = {0, 0, 0, 4, 4, 0, 0x40, 0x44};
    kc_err_clear(&err);
    CHECK(kc_program_from_bin(bin, 8, "b", &p, &err) == KC_OK && p.words[0] == 0x04000000u &&
          p.words[1] == 0x44400004u, "bin reader");
    kc_program_free(&p);
    kc_err_clear(&err);
    CHECK(kc_program_from_bin(bin, 7, "b", &p, &err) != KC_OK, "odd-size binary accepted");

    /* Hex errors count the column from the start of the line. */
    kc_err_clear(&err);
    CHECK(kc_program_from_hex("04000000\n  0400000g\n", "h", &p, &err) != KC_OK && err.line == 2 &&
          err.col == 3, "bad hex at %d:%d", err.line, err.col);

    /* Nesting far past the limit is a diagnostic, not a stack overflow (the old
     * recursive parser died at about 10,650 parentheses or 40,000 unary minus). */
    const char *deep_ops[] = {"(", "-", "~", "+"};
    for (size_t d = 0; d < sizeof deep_ops / sizeof deep_ops[0]; d++) {
        size_t depth = 200000;
        char *deep = malloc(depth + 64);
        size_t m = (size_t)sprintf(deep, "addi r1, r0, ");
        for (size_t i = 0; i < depth; i++)
            deep[m++] = deep_ops[d][0];
        strcpy(deep + m, "1\nhalt\n");
        kc_err_clear(&err);
        CHECK(kc_asm_assemble(isa, deep, "deep.s", &p, &err) == KC_ERR_SYNTAX && err.line == 1 &&
              err.col == 14 + 256 && strstr(err.text, "nested too deeply"),
              "%s x %zu: %d:%d %s", deep_ops[d], depth, err.line, err.col, err.text);
        free(deep);
    }

    /* Many symbols: lookup is hashed (a linear search took minutes for 200k .equ);
     * every one of them must still resolve to its own value. */
    size_t nsym = 20000;
    char *many = malloc(nsym * 32 + 64);
    size_t mk = 0;
    for (size_t i = 0; i < nsym; i++)
        mk += (size_t)sprintf(many + mk, "s%zu: .equ C%zu, %zu\n", i, i, i % 1000);
    sprintf(many + mk, "addi r1, r0, C%zu + s%zu\nhalt\n", nsym - 1, nsym - 7);
    kc_err_clear(&err);
    CHECK(kc_asm_assemble(isa, many, "many.s", &p, &err) == KC_OK && p.nwords == 2 &&
          p.words[0] == 0x44400000u + (uint32_t)((nsym - 1) % 1000),
          "many symbols: %s %08x", err.text, p.nwords ? p.words[0] : 0);
    kc_program_free(&p);
    sprintf(many + mk, "s5: halt\n");
    kc_err_clear(&err);
    CHECK(kc_asm_assemble(isa, many, "many.s", &p, &err) != KC_OK && err.line == (int)nsym + 1 &&
          strstr(err.text, "duplicate label 's5'"), "duplicate among many: %s", err.text);
    free(many);

    /* Listings: an empty program lists as nothing (the buffer was left
     * unterminated; ctest runs this with MALLOC_PERTURB_ so stale bytes show),
     * and an image larger than the instruction memory would not assemble back. */
    char *listing = NULL;
    kc_err_clear(&err);
    CHECK(kc_asm_disasm_program(isa, NULL, 0, &listing, &err) == KC_OK && listing && !listing[0],
          "empty listing: '%.20s'", listing ? listing : "(null)");
    free(listing);
    uint32_t *big = calloc(isa->imem_words + 1, sizeof *big);
    kc_err_clear(&err);
    CHECK(kc_asm_disasm_program(isa, big, isa->imem_words + 1, &listing, &err) == KC_ERR_RANGE &&
          strstr(err.text, "larger than the instruction memory"), "oversized listing: %s", err.text);
    kc_err_clear(&err);
    CHECK(kc_asm_disasm_program(isa, big, isa->imem_words, &listing, &err) == KC_OK, "%s", err.text);
    free(listing);
    free(big);

    if (failures)
        return 1;
    printf("PASS\n");
    return 0;
}
