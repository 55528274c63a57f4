/* rvv_table_test — checks isa/rvv.def against itself and against LLVM:
 *   names unique, match within mask, mask == complement of the format's operand
 *   fields, no two rows overlapping, every unit/format used, and for every row two
 *   operand patterns: disasm(word) assembled by llvm-mc gives word back
 *   (disasm(asm(x)) == x), i.e. the table's encodings are the spec's as LLVM has them.
 *
 *   rvv_table_test <llvm-mc> <scratch-dir>
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rvv_isa.h"

static int fails;

#define CHECK(c, ...) do { if (!(c)) { fprintf(stderr, "FAIL: " __VA_ARGS__); fputc('\n', stderr); fails++; } } while (0)

static uint32_t fmt_bits(const rvv_isa_fmt *f)
{
    uint32_t bits = 0;
    char tok[32];
    const char *s = f->syntax;
    while (*s) {
        size_t n = strcspn(s, " ");
        snprintf(tok, sizeof tok, "%.*s", (int)n, s);
        uint32_t b = rvv_isa_token_bits(tok);
        CHECK(b || !strcmp(tok, "v0"), "format %s: unknown token '%s'", f->id, tok);
        bits |= b;
        s += n + (s[n] == ' ');
    }
    return bits;
}

/* Operand bit patterns: registers v8/v16/v24 (aligned for LMUL 8, disjoint, not v0)
 * with vm = 1, and a permutation with vm = 0 (masked). Immediates take whatever
 * the register fields spell. */
static const uint32_t patterns[] = {
    (8u << 7) | (24u << 15) | (16u << 20) | (12u << 27) | (1u << 12) | (1u << 25),
    (16u << 7) | (8u << 15) | (24u << 20) | (3u << 27) | (0u << 12) | (0u << 25),
};
#define NPAT (sizeof patterns / sizeof patterns[0])

/* Words whose fields LLVM rejects or prints differently for reasons outside the
 * table: a vtype immediate with reserved bits (the pattern's high bits). */
static uint32_t fix_word(const rvv_isa_insn *in, uint32_t w)
{
    if (!strcmp(in->fmt->id, "VSETVLI") || !strcmp(in->fmt->id, "VSETIVLI"))
        w = (w & ~0x7FF00000u & ~in->mask) | in->match | (0xD1u << 20);  /* e32, m2, ta, ma */
    if (!strcmp(in->fmt->id, "FENCE"))
        w = in->match | (3u << 24) | (1u << 20);  /* fence rw, w */
    return w;
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: rvv_table_test <llvm-mc> <scratch-dir>\n");
        return 2;
    }
    size_t n = rvv_isa_count();
    CHECK(n > 300, "only %zu rows", n);
    for (size_t i = 0; i < n; i++) {
        const rvv_isa_insn *a = rvv_isa_at(i);
        CHECK((a->match & ~a->mask) == 0, "%s: match has bits outside the mask", a->name);
        CHECK(a->mask == ~fmt_bits(a->fmt), "%s: mask %08x is not the complement of format %s's fields (%08x)",
              a->name, a->mask, a->fmt->id, ~fmt_bits(a->fmt));
        CHECK(a->lat >= 1 && a->occ >= 1, "%s: latency/occupancy below 1", a->name);
        CHECK(rvv_isa_find(a->match) == a, "%s: its own match decodes to another row", a->name);
        for (size_t j = i + 1; j < n; j++) {
            const rvv_isa_insn *b = rvv_isa_at(j);
            CHECK(strcmp(a->name, b->name) && strcmp(a->id, b->id), "duplicate name %s", a->name);
            CHECK(((a->match ^ b->match) & a->mask & b->mask) != 0, "%s and %s overlap", a->name, b->name);
        }
    }
    for (size_t u = 0; u < rvv_isa_nunits(); u++) {
        int used = 0;
        for (size_t i = 0; i < n; i++)
            used |= rvv_isa_at(i)->unit == rvv_isa_unit_at(u);
        CHECK(used, "unit %s unused", rvv_isa_unit_at(u)->id);
    }
    for (size_t f = 0; f < rvv_isa_nfmts(); f++) {
        int used = 0;
        for (size_t i = 0; i < n; i++)
            used |= rvv_isa_at(i)->fmt == rvv_isa_fmt_at(f);
        CHECK(used, "format %s unused", rvv_isa_fmt_at(f)->id);
    }
    CHECK(rvv_isa_find(0x00000000u) == NULL, "the all-zero word is listed");
    CHECK(rvv_isa_find(0xffffffffu) == NULL, "the all-ones word is listed");

    /* Round trip through LLVM's assembler. */
    char src[1024], lst[1024], cmd[4096];
    snprintf(src, sizeof src, "%s/rvv_table_rt.s", argv[2]);
    snprintf(lst, sizeof lst, "%s/rvv_table_rt.lst", argv[2]);
    FILE *f = fopen(src, "w");
    if (!f) {
        fprintf(stderr, "cannot write %s\n", src);
        return 1;
    }
    uint32_t *want = malloc(n * NPAT * sizeof *want);
    size_t nw = 0;
    for (size_t i = 0; i < n; i++)
        for (size_t p = 0; p < NPAT; p++) {
            const rvv_isa_insn *in = rvv_isa_at(i);
            uint32_t w = fix_word(in, in->match | (patterns[p] & ~in->mask));
            char text[128];
            rvv_isa_disasm(w, text, sizeof text);
            fprintf(f, "%s\n", text);
            want[nw++] = w;
        }
    fclose(f);
    snprintf(cmd, sizeof cmd, "'%s' --triple=riscv32 -mattr=+m,+f,+zve32f --show-encoding '%s' > '%s'", argv[1],
             src, lst);
    CHECK(system(cmd) == 0, "llvm-mc rejected the disassembly: %s", cmd);
    f = fopen(lst, "r");
    char line[512];
    size_t k = 0;
    while (f && fgets(line, sizeof line, f)) {
        const char *e = strstr(line, "encoding: [");
        if (!e)
            continue;
        unsigned b[4];
        if (sscanf(e, "encoding: [0x%x,0x%x,0x%x,0x%x]", &b[0], &b[1], &b[2], &b[3]) != 4) {
            CHECK(0, "unexpected llvm-mc line: %s", line);
            continue;
        }
        uint32_t got = b[0] | b[1] << 8 | b[2] << 16 | (uint32_t)b[3] << 24;
        if (k < nw) {
            char t1[128], t2[128];
            CHECK(got == want[k], "round trip: %08x (%s) assembled to %08x (%s)", want[k],
                  rvv_isa_disasm(want[k], t1, sizeof t1), got, rvv_isa_disasm(got, t2, sizeof t2));
        }
        k++;
    }
    if (f)
        fclose(f);
    CHECK(k == nw, "llvm-mc encoded %zu of %zu lines", k, nw);
    free(want);
    printf("%zu rows, %zu round trips through llvm-mc, %d failures\n", n, nw, fails);
    return fails != 0;
}
