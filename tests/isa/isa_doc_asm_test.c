/* isa_doc_asm_test — every ```asm block of a generated ISA document assembles
 * without warnings.
 *
 *   isa_doc_asm_test ISA DOC.md
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kc_asm.h"

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: isa_doc_asm_test ISA DOC.md\n");
        return 2;
    }
    kc_err err;
    kc_err_clear(&err);
    const kc_isa *isa;
    if (kc_isa_load(argv[1], &isa, &err) != KC_OK) {
        fprintf(stderr, "FAIL: %s\n", err.text);
        return 1;
    }
    FILE *f = fopen(argv[2], "rb");
    if (!f) {
        fprintf(stderr, "FAIL: cannot open %s\n", argv[2]);
        return 1;
    }
    static char doc[1 << 21];
    size_t n = fread(doc, 1, sizeof doc - 1, f);
    fclose(f);
    doc[n] = 0;
    int blocks = 0, failed = 0;
    char *p = doc;
    while ((p = strstr(p, "```asm\n")) != NULL) {
        p += 7;
        char *end = strstr(p, "```");
        if (!end) {
            fprintf(stderr, "FAIL: unterminated ```asm block\n");
            return 1;
        }
        int first_line = 1;
        for (char *q = doc; q < p; q++)
            first_line += *q == '\n';
        *end = 0;
        kc_program prog;
        kc_err_clear(&err);
        if (kc_asm_assemble(isa, p, argv[2], &prog, &err) != KC_OK) {
            char buf[800];
            fprintf(stderr, "FAIL: block at doc line %d: %s\n", first_line, kc_err_format(&err, buf, sizeof buf));
            failed++;
        } else {
            /* A document's examples are meant to be copied: no warnings (bundle ISAs
             * show wrong code in ```text blocks instead). */
            for (size_t w = 0; w < prog.nwarnings; w++) {
                fprintf(stderr, "FAIL: block at doc line %d: warning at its line %d: %s\n", first_line,
                        prog.warnings[w].line, prog.warnings[w].text);
                failed++;
            }
            printf("block at doc line %d: %zu instructions\n", first_line, prog.nwords);
            kc_program_free(&prog);
        }
        blocks++;
        p = end + 3;
    }
    if (blocks < 2) {
        fprintf(stderr, "FAIL: only %d ```asm blocks in %s\n", blocks, argv[2]);
        return 1;
    }
    if (failed)
        return 1;
    printf("PASS: %d asm blocks assemble\n", blocks);
    return 0;
}
