/* asm_vliw_api_test — what a bundle ISA's assembly result carries beyond the
 * words, which the data cases (tests/asm/vliw_cases) cannot show: segments of
 * `.tile` programs, warning positions (both lines), per-word source lines, an
 * empty result on error, single statements, and nothing of this for npu.
 */
#include <stdio.h>
#include <string.h>

#include "kc_asm.h"

static int failures;

#define CHECK(cond, ...)                                                   \
    do {                                                                   \
        if (!(cond)) {                                                     \
            failures++;                                                    \
            fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__);           \
            fprintf(stderr, __VA_ARGS__);                                  \
            fputc('\n', stderr);                                           \
        }                                                                  \
    } while (0)

static int assemble(const kc_isa *isa, const char *src, kc_program *p)
{
    kc_err err;
    kc_err_clear(&err);
    kc_status st = kc_asm_assemble(isa, src, "t.s", p, &err);
    CHECK(st == KC_OK, "'%s' does not assemble: %d:%d: %s", src, err.line, err.col, err.text);
    return st == KC_OK;
}

static void test_segments(const kc_isa *isa)
{
    kc_program p;
    if (assemble(isa, "mov r9, tid\nhalt\n.tile 2\nhalt\n.tile 0\nnop\nhalt\n", &p)) {
        CHECK(p.nsegs == 3, "%zu segments, want 3", p.nsegs);
        if (p.nsegs == 3) {
            CHECK(p.segs[0].addr == 0 && p.segs[0].first == 0 && p.segs[0].nwords == 14, "SPMD segment");
            CHECK(p.segs[1].addr == 3u << 24 && p.segs[1].first == 14 && p.segs[1].nwords == 7, "tile 2 segment");
            CHECK(p.segs[2].addr == 1u << 24 && p.segs[2].first == 21 && p.segs[2].nwords == 14, "tile 0 segment");
        }
        CHECK(p.nwords == 35, "%zu words, want 35", p.nwords);
        kc_program_free(&p);
    }
    /* Only per-tile programs: no empty SPMD segment. */
    if (assemble(isa, "// nothing for every tile\n.tile 1\nhalt\n", &p)) {
        CHECK(p.nsegs == 1 && p.segs[0].addr == 2u << 24 && p.segs[0].nwords == 7, "tile 1 only");
        kc_program_free(&p);
    }
    /* SPMD only: one implicit segment at 0, as for npu. */
    if (assemble(isa, "halt\n", &p)) {
        CHECK(p.nsegs == 0 && p.segs == NULL, "SPMD program has %zu explicit segments", p.nsegs);
        kc_program_free(&p);
    }
    /* Labels are bundle indices inside their segment. */
    if (assemble(isa, ".tile 3\nnop\nback: nop\n    j back\nnop\nnop\nhalt\n", &p)) {
        CHECK(p.nwords == 42 && p.words[2 * 7] == 0x44000001u, "j back: %08x, want 44000001", p.words[14]);
        kc_program_free(&p);
    }
}

static void test_warnings_and_lines(const kc_isa *isa)
{
    kc_program p;
    if (assemble(isa, "  vld v0, [p0]\n  { vmov v1, v0\n    add r1, r2, r3 }\n  halt\n", &p)) {
        CHECK(p.nwarnings == 1, "%zu warnings, want 1", p.nwarnings);
        if (p.nwarnings == 1)
            CHECK(p.warnings[0].line == 2 && p.warnings[0].col == 5 && p.warnings[0].line2 == 1 &&
                  p.warnings[0].col2 == 3 && strstr(p.warnings[0].text, "OLD value"),
                  "warning at %d:%d (other %d:%d): %s", p.warnings[0].line, p.warnings[0].col,
                  p.warnings[0].line2, p.warnings[0].col2, p.warnings[0].text);
        /* Slot words carry their instruction's line; nops the bundle's first line. */
        CHECK(p.nwords == 21 && p.line[1] == 1 && p.line[7] == 3 && p.line[13] == 2 && p.line[8] == 2,
              "lines %d %d %d %d", p.line[1], p.line[7], p.line[13], p.line[8]);
        kc_program_free(&p);
    }
    /* An error leaves an empty program, warnings included. */
    kc_err err;
    kc_err_clear(&err);
    CHECK(kc_asm_assemble(isa, "vld v0, [p0]\nvmov v1, v0\nbogus\n", "t.s", &p, &err) != KC_OK &&
          p.nwords == 0 && p.nwarnings == 0 && p.warnings == NULL && err.line == 3, "error result not empty");
}

static void test_statement(const kc_isa *isa)
{
    uint32_t w[4];
    size_t n = 0;
    kc_err err;
    kc_err_clear(&err);
    CHECK(kc_asm_statement(isa, "vld v1, [p0, #64]", 0, w, 4, &n, &err) == KC_OK && n == 1 &&
          w[0] == 0x80200040u, "statement: %s %zu %08x", err.text, n, w[0]);
}

static void test_npu_unchanged(void)
{
    const kc_isa *npu = kc_isa_find("npu");
    kc_program p;
    if (npu && assemble(npu, "addi r1, r0, 1 # comment\nhalt\n", &p)) {
        CHECK(p.nwarnings == 0 && p.warnings == NULL && p.nsegs == 0 && p.nwords == 2, "npu result");
        kc_program_free(&p);
    }
}

int main(void)
{
    const kc_isa *isa = kc_isa_find("vliw");
    CHECK(isa != NULL, "no vliw ISA");
    if (isa) {
        test_segments(isa);
        test_warnings_and_lines(isa);
        test_statement(isa);
    }
    test_npu_unchanged();
    printf("%s\n", failures ? "FAIL" : "PASS");
    return failures != 0;
}
