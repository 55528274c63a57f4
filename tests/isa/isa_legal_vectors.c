/* isa_legal_vectors — writes test vectors for the generated Verilog legality
 * function: one line per word, "WWWWWWWW L" with L = 1 when kc_asm_decode accepts
 * the word (the assembler's notion of a legal instruction), for seeded random
 * words biased half to legal rows.
 *
 *   isa_legal_vectors ISA COUNT OUT.hex
 */
#include <stdio.h>
#include <stdlib.h>

#include "kc_asm.h"

int main(int argc, char **argv)
{
    if (argc != 4) {
        fprintf(stderr, "usage: isa_legal_vectors ISA COUNT OUT.hex\n");
        return 2;
    }
    const kc_isa *isa = kc_isa_find(argv[1]);
    long n = atol(argv[2]);
    FILE *f = fopen(argv[3], "w");
    if (!isa || n <= 0 || !f) {
        fprintf(stderr, "isa_legal_vectors: bad ISA, count or output\n");
        return 1;
    }
    uint64_t s = 0x2545F4914F6CDD1Dull;
    long legal = 0;
    for (long i = 0; i < n; i++) {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        uint32_t w = (uint32_t)s;
        if (i % 2) {
            const kc_isa_insn *in = &isa->insns[(s >> 32) % isa->ninsns];
            w = in->match | (w & ~in->mask);
        }
        int ok = kc_asm_decode(isa, w) != NULL;
        legal += ok;
        fprintf(f, "%08x%08x\n", w, ok);
    }
    fclose(f);
    printf("%ld vectors, %ld legal\n", n, legal);
    return 0;
}
