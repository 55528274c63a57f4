/* isa_table_test — table tests of every table ISA:
 *   1. kc_isa_check accepts the table, and rejects deliberately broken copies
 *      (duplicate name, overlapping fields, ambiguous match/mask, field overlapping
 *      the opcode) — so the checks themselves are known to bite;
 *   2. unique names and no two rows accepting one word, re-checked here by brute
 *      force on each row's MATCH with random operand bits;
 *   3. disasm(asm(x)) == x for every row with seeded random operands, and the
 *      operand values land in the right fields;
 *   4. decode consistency over millions of random words (uniform, and biased to
 *      legal rows): asm(disasm(w)) == w for every word, legal or not;
 *   5. every row's and pseudo's example assembles (to its own row);
 *   6. bundle ISAs: random whole bundles (every slot class filled at random)
 *      assemble to the slots their rows belong to, and their listing assembles
 *      back to the same words and prints the same text.
 *
 *   isa_table_test [ISA] [NWORDS]
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kc_asm.h"

static int failures;

#define CHECK(cond, ...)                                   \
    do {                                                   \
        if (!(cond)) {                                     \
            failures++;                                    \
            if (failures <= 20) {                          \
                fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__); \
                fprintf(stderr, __VA_ARGS__);              \
                fputc('\n', stderr);                       \
            }                                              \
        }                                                  \
    } while (0)

static uint64_t rng_state = 0x9E3779B97F4A7C15ull;

static uint64_t rng(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return rng_state;
}

static int64_t rng_range(int64_t lo, int64_t hi)
{
    return lo + (int64_t)(rng() % (uint64_t)(hi - lo + 1));
}

/* ---- 1. the checker bites ------------------------------------------------------- */

static void expect_check_fails(const kc_isa *good, kc_isa_insn *rows, const char *what)
{
    kc_isa bad = *good;
    bad.insns = rows;
    kc_err err;
    kc_err_clear(&err);
    CHECK(kc_isa_check(&bad, &err) != KC_OK, "kc_isa_check accepted a table with %s", what);
    if (err.code != KC_OK)
        printf("  broken table (%s) rejected: %s\n", what, err.text);
}

static void test_checker(const kc_isa *isa)
{
    kc_err err;
    kc_err_clear(&err);
    CHECK(kc_isa_check(isa, &err) == KC_OK, "table rejected: %s", err.text);

    size_t n = isa->ninsns;
    kc_isa_insn *rows = malloc(n * sizeof *rows);
    /* Find a row with two register operands and one without operands. */
    size_t two = n, none = n;
    for (size_t i = 0; i < n; i++) {
        if (isa->insns[i].nops >= 2 && two == n)
            two = i;
        if (isa->insns[i].nops == 0 && none == n)
            none = i;
    }
    CHECK(two < n && none < n, "table lacks rows the checker test needs");
    if (two == n || none == n) {
        free(rows);
        return;
    }

    memcpy(rows, isa->insns, n * sizeof *rows);
    rows[1].name = rows[0].name;
    expect_check_fails(isa, rows, "a duplicate name");

    memcpy(rows, isa->insns, n * sizeof *rows);
    rows[two].ops[1].field = rows[two].ops[0].field;
    expect_check_fails(isa, rows, "two operands in one field");

    memcpy(rows, isa->insns, n * sizeof *rows);
    rows[none].match = rows[two].match;
    rows[none].mask = rows[two].mask;
    rows[none].opcode = rows[two].opcode;
    rows[none].funct = rows[two].funct;
    expect_check_fails(isa, rows, "two rows matching the same words");

    memcpy(rows, isa->insns, n * sizeof *rows);
    static kc_isa_field high;
    high = *rows[two].ops[0].field;
    high.lo = isa->opcode_lo;
    rows[two].ops[0].field = &high;
    expect_check_fails(isa, rows, "an operand field over the opcode");

    /* Bundle ISAs: rows sharing a mnemonic need different operand kinds, and one
     * major opcode belongs to one slot class. Two S-slot rows of one opcode
     * (add, sub) serve for both. */
    const kc_isa_insn *add = kc_isa_insn_by_id(isa, "add"), *sub = kc_isa_insn_by_id(isa, "sub");
    if (isa->bundle_slots && add && sub && add->opcode == sub->opcode && isa->nslots > 1) {
        size_t ia = (size_t)(add - isa->insns), is = (size_t)(sub - isa->insns);
        memcpy(rows, isa->insns, n * sizeof *rows);
        rows[is].mnemonic = kc_isa_insn_mnemonic(&rows[ia]);
        expect_check_fails(isa, rows, "two rows of one mnemonic and the same operand kinds");
        memcpy(rows, isa->insns, n * sizeof *rows);
        rows[is].slot_class = (rows[ia].slot_class + 1) % (int)isa->nslots;
        expect_check_fails(isa, rows, "one major opcode in two slot classes");
    }
    free(rows);
}

/* ---- 2. uniqueness by brute force --------------------------------------------------- */

static void test_unique(const kc_isa *isa)
{
    for (size_t i = 0; i < isa->ninsns; i++) {
        const kc_isa_insn *in = &isa->insns[i];
        for (size_t j = 0; j < i; j++)
            CHECK(strcmp(in->name, isa->insns[j].name), "duplicate name %s", in->name);
        for (int t = 0; t < 2000; t++) {
            uint32_t w = in->match | ((uint32_t)rng() & ~in->mask);
            int hits = 0;
            for (size_t j = 0; j < isa->ninsns; j++)
                hits += (w & isa->insns[j].mask) == isa->insns[j].match;
            CHECK(hits == 1, "word %08x of %s matches %d rows", w, in->name, hits);
            CHECK(kc_isa_decode(isa, w) == in, "word %08x does not decode to %s", w, in->name);
        }
        /* MASK must cover every non-operand bit: flipping such a bit leaves the row. */
        for (int bit = 0; bit < 32; bit++)
            if (in->mask >> bit & 1)
                CHECK(kc_isa_decode(isa, in->match ^ (1u << bit)) != in,
                      "%s: flipping fixed bit %d still decodes to it", in->name, bit);
    }
}

/* ---- 3. disasm(asm(x)) == x ------------------------------------------------------------- */

/* Canonical operand text, as the disassembler is specified to print it. */
static void random_operand(const kc_isa *isa, const kc_isa_operand *op, uint32_t pc, char *buf,
                           size_t size, int64_t *raw)
{
    int64_t v = rng_range(op->min, op->max);
    *raw = v;
    const kc_isa_regfile *rf = kc_isa_regfile_of(isa, op->kind);
    switch (op->kind) {
    case KC_ISA_K_R: case KC_ISA_K_F: case KC_ISA_K_A:
    case KC_ISA_K_P: case KC_ISA_K_O: case KC_ISA_K_W: case KC_ISA_K_Q:
        snprintf(buf, size, "%s%" PRId64, rf->prefix, v);
        break;
    case KC_ISA_K_L:   /* the caller closes the bracket (a J offset may go inside) */
        snprintf(buf, size, "[%s%" PRId64, rf->prefix, v);
        break;
    case KC_ISA_K_V: case KC_ISA_K_M:
        snprintf(buf, size, "[%s%" PRId64 "]", rf->prefix, v);
        break;
    case KC_ISA_K_C: {
        const kc_isa_cfg *cfg = kc_isa_cfg_by_id(isa, (int)v);
        if (rng() % 2 && isa->ncfgs) {
            const kc_isa_cfg *pick = &isa->cfgs[rng() % isa->ncfgs];
            if (pick->id >= op->min && pick->id <= op->max) {
                cfg = pick;
                *raw = cfg->id;
            }
        }
        if (cfg)
            snprintf(buf, size, "%s", cfg->name);
        else
            snprintf(buf, size, "%" PRId64, v);
        break;
    }
    case KC_ISA_K_B:
        snprintf(buf, size, "%" PRId64, (int64_t)pc + v);
        break;
    case KC_ISA_K_U:
        if (op->max >= 0xffff)
            snprintf(buf, size, "0x%" PRIx64, v);
        else
            snprintf(buf, size, "%" PRId64, v);
        break;
    default:
        snprintf(buf, size, "%" PRId64, v);
        break;
    }
}

/* Canonical text of a row with random operands (raw: their field values). */
static void random_insn(const kc_isa *isa, const kc_isa_insn *in, uint32_t pc, char *text, size_t size,
                        int64_t *raw)
{
    char one[64];
    size_t k = (size_t)snprintf(text, size, "%s", kc_isa_insn_mnemonic(in));
    for (int o = 0; o < in->nops; o++) {
        random_operand(isa, &in->ops[o], pc, one, sizeof one, &raw[o]);
        if (in->ops[o].kind == KC_ISA_K_J) {
            k += (size_t)snprintf(text + k, size - k, ", %s]", one);
            continue;
        }
        k += (size_t)snprintf(text + k, size - k, "%s%s", o ? ", " : " ", one);
        if (in->ops[o].kind == KC_ISA_K_L && !(o + 1 < in->nops && in->ops[o + 1].kind == KC_ISA_K_J))
            k += (size_t)snprintf(text + k, size - k, "]");
    }
}

static void test_roundtrip_rows(const kc_isa *isa, int per_row)
{
    long n = 0;
    for (size_t i = 0; i < isa->ninsns; i++) {
        const kc_isa_insn *in = &isa->insns[i];
        for (int t = 0; t < per_row; t++) {
            uint32_t pc = (uint32_t)rng_range(0, isa->imem_words - 1);
            char text[200];
            int64_t raw[KC_ISA_MAX_OPS];
            random_insn(isa, in, pc, text, sizeof text, raw);
            uint32_t w[4];
            size_t nw;
            kc_err err;
            kc_err_clear(&err);
            if (kc_asm_statement(isa, text, pc, w, 4, &nw, &err) != KC_OK) {
                CHECK(0, "'%s' at %u does not assemble: %d:%d: %s", text, pc, err.line, err.col, err.text);
                continue;
            }
            CHECK(nw == 1, "'%s' gave %zu words", text, nw);
            CHECK(kc_isa_decode(isa, w[0]) == in, "'%s' -> %08x decodes to another row", text, w[0]);
            for (int o = 0; o < in->nops; o++)
                CHECK(kc_isa_operand_get(&in->ops[o], w[0]) == raw[o],
                      "'%s': operand %d reads back %" PRId64 ", want %" PRId64, text, o + 1,
                      kc_isa_operand_get(&in->ops[o], w[0]), raw[o]);
            char back[200];
            kc_asm_disasm_word(isa, w[0], pc, back, sizeof back);
            CHECK(!strcmp(back, text), "disasm(asm('%s')) = '%s'", text, back);
            n++;
        }
    }
    printf("  roundtrip: %ld random instructions over %zu rows\n", n, isa->ninsns);
}

/* ---- 4. decode consistency ---------------------------------------------------------------- */

static void test_decode_consistency(const kc_isa *isa, long nwords)
{
    long legal = 0, words = 0;
    for (long t = 0; t < nwords; t++) {
        uint32_t w = (uint32_t)rng();
        if (t % 2) {   /* biased to legal rows: a row's match with random operand bits */
            const kc_isa_insn *in = &isa->insns[rng() % isa->ninsns];
            w = in->match | (w & ~in->mask);
        }
        uint32_t pc = (uint32_t)(rng() % isa->imem_words);
        char text[200];
        kc_asm_disasm_word(isa, w, pc, text, sizeof text);
        const kc_isa_insn *in = kc_asm_decode(isa, w);
        legal += in != NULL;
        words += in == NULL;
        CHECK((in != NULL) == (strncmp(text, ".word", 5) != 0), "%08x: decode/disasm disagree: '%s'", w, text);
        uint32_t back[4];
        size_t nw;
        kc_err err;
        kc_err_clear(&err);
        if (kc_asm_statement(isa, text, pc, back, 4, &nw, &err) != KC_OK) {
            CHECK(0, "%08x at %u: '%s' does not assemble: %s", w, pc, text, err.text);
            continue;
        }
        CHECK(nw == 1 && back[0] == w, "%08x at %u: '%s' assembles to %08x", w, pc, text, back[0]);
    }
    printf("  decode consistency: %ld words (%ld legal instructions, %ld .word)\n", nwords, legal, words);
}

/* ---- 5. examples ------------------------------------------------------------------------- */

/* Assembles an example line; labels it references get defined after it. */
static kc_status assemble_example(const kc_isa *isa, const char *example, kc_program *p, kc_err *err)
{
    char src[1024];
    snprintf(src, sizeof src, "%s\n", example);
    for (int tries = 0; tries < 4; tries++) {
        kc_err_clear(err);
        if (kc_asm_assemble(isa, src, "example", p, err) == KC_OK)
            return KC_OK;
        char label[64];
        if (sscanf(err->text, "undefined label or constant '%63[^']'", label) != 1)
            return err->code;
        size_t k = strlen(src);
        snprintf(src + k, sizeof src - k, "    nop\n%s:\n    halt\n", label);
    }
    return err->code;
}

static void test_examples(const kc_isa *isa)
{
    for (size_t i = 0; i < isa->ninsns; i++) {
        const kc_isa_insn *in = &isa->insns[i];
        kc_program p;
        kc_err err;
        if (assemble_example(isa, in->example, &p, &err) != KC_OK) {
            CHECK(0, "example of %s ('%s') does not assemble: %s", in->name, in->example, err.text);
            continue;
        }
        /* Bundle ISAs: the row sits in some slot of the first bundle. */
        size_t nslot = isa->bundle_slots ? (size_t)isa->bundle_slots : 1;
        int found = 0;
        for (size_t s = 0; s < nslot && s < p.nwords; s++)
            found |= kc_isa_decode(isa, p.words[s]) == in;
        CHECK(found, "example of %s ('%s') assembles to another instruction", in->name, in->example);
        kc_program_free(&p);
    }
    for (size_t i = 0; i < isa->npseudos; i++) {
        kc_program p;
        kc_err err;
        CHECK(assemble_example(isa, isa->pseudos[i].example, &p, &err) == KC_OK,
              "example of pseudo %s does not assemble: %s", isa->pseudos[i].name, err.text);
        kc_program_free(&p);
    }
}

/* ---- 6. whole bundles ---------------------------------------------------------------------- */

static void test_bundles(const kc_isa *isa, int nbundles)
{
    long ok = 0, rejected = 0;
    size_t ns = (size_t)isa->bundle_slots;
    for (int t = 0; t < nbundles; t++) {
        /* One random row per slot, or an empty slot; text in slot order. */
        char text[1200] = "";
        size_t k = 0;
        const kc_isa_insn *want[32] = {0};
        for (size_t s = 0; s < ns; s++) {
            /* Empty slots; a class fills its slots from the first (L1 after L0). */
            if (rng() % 4 == 0 || (s > 0 && !want[s - 1] && kc_isa_slot_by_name(isa, "LD") &&
                                   (int)s == kc_isa_slot_by_name(isa, "LD")->first + 1))
                continue;
            const kc_isa_insn *in;
            do
                in = &isa->insns[rng() % isa->ninsns];
            while (in->slot_class < 0 || !kc_isa_insn_in_slot(isa, in, (int)s));
            char one[200];
            int64_t raw[KC_ISA_MAX_OPS];
            random_insn(isa, in, 0, one, sizeof one, raw);
            k += (size_t)snprintf(text + k, sizeof text - k, "%s%s", k ? " ; " : "", one);
            want[s] = in;
        }
        if (!k)
            snprintf(text, sizeof text, "nop");
        kc_program p;
        kc_err err;
        kc_err_clear(&err);
        char src[1300];
        snprintf(src, sizeof src, "%s\n", text);
        if (kc_asm_assemble(isa, src, "bundle", &p, &err) != KC_OK) {
            /* The checker's legitimate refusals: two writes of one register landing
             * together, or a loop whose random end is not after it. */
            int expected = strstr(err.text, "write-conflict") || strstr(err.text, "the end label marks");
            CHECK(expected, "bundle '%s' does not assemble: %s", text, err.text);
            rejected++;
            continue;
        }
        CHECK(p.nwords == ns, "bundle '%s': %zu words", text, p.nwords);
        for (size_t s = 0; s < ns && s < p.nwords; s++) {
            const kc_isa_insn *got = kc_asm_decode(isa, p.words[s]);
            CHECK(want[s] ? got == want[s] : p.words[s] == 0, "bundle '%s': slot %zu holds %08x", text, s,
                  p.words[s]);
        }
        char *listing = NULL;
        if (kc_asm_disasm_program(isa, p.words, p.nwords, &listing, &err) == KC_OK) {
            kc_program q;
            CHECK(kc_asm_assemble(isa, listing, "listing", &q, &err) == KC_OK && q.nwords == p.nwords &&
                  !memcmp(q.words, p.words, p.nwords * 4), "bundle '%s': listing does not assemble back: %s\n%s",
                  text, err.text, listing);
            if (err.code == KC_OK)
                kc_program_free(&q);
            /* The line of the bundle is the text itself (unless a target inside this
             * one-bundle program became a label). */
            const char *line = listing;
            if (!strncmp(line, ".nocheck\n", 9))
                line += 9;
            int labelled = line[0] == 'L' || strstr(line, "\nL") != NULL;
            while (*line == ' ')
                line++;
            size_t n = strcspn(line, "/");
            while (n && line[n - 1] == ' ')
                n--;
            CHECK(labelled || (n == strlen(text) && !strncmp(line, text, n)),
                  "disasm(asm('%s')) = '%.*s'", text, (int)n, line);
            free(listing);
        } else {
            CHECK(0, "bundle '%s': no listing: %s", text, err.text);
        }
        kc_program_free(&p);
        ok++;
    }
    printf("  bundles: %ld random bundles round-trip, %ld refused by the checker as expected\n", ok, rejected);
}

/* Any image lists and assembles back to itself: random programs of bundles whose
 * slot words are legal rows (in their slot or not), zeros or junk — write
 * conflicts, loops ending anywhere and misplaced rows included. */
static void test_bundle_images(const kc_isa *isa, int nprogs)
{
    size_t ns = (size_t)isa->bundle_slots;
    for (int t = 0; t < nprogs; t++) {
        size_t nb = 1 + rng() % 12, n = nb * ns;
        uint32_t w[12 * 32];
        for (size_t i = 0; i < n; i++) {
            int kind = (int)(rng() % 4);
            const kc_isa_insn *in = &isa->insns[rng() % isa->ninsns];
            w[i] = kind == 0 ? 0 : kind == 1 ? (uint32_t)rng() : in->match | ((uint32_t)rng() & ~in->mask);
        }
        char *listing = NULL;
        kc_err err;
        kc_err_clear(&err);
        if (kc_asm_disasm_program(isa, w, n, &listing, &err) != KC_OK) {
            CHECK(0, "image of %zu bundles does not list: %s", nb, err.text);
            continue;
        }
        kc_program q;
        kc_status st = kc_asm_assemble(isa, listing, "listing", &q, &err);
        CHECK(st == KC_OK && q.nwords == n && !memcmp(q.words, w, n * 4),
              "listing of a random image does not assemble back: %s\n%s", err.text, listing);
        if (st == KC_OK)
            kc_program_free(&q);
        free(listing);
    }
    printf("  bundle images: %d random programs list and assemble back\n", nprogs);
}

int main(int argc, char **argv)
{
    const char *name = argc > 1 ? argv[1] : "npu";
    long nwords = argc > 2 ? atol(argv[2]) : 4000000;
    kc_err err;
    kc_err_clear(&err);
    const kc_isa *isa;
    if (kc_isa_load(name, &isa, &err) != KC_OK) {
        fprintf(stderr, "FAIL: %s\n", err.text);
        return 1;
    }
    printf("isa %s: %zu instructions, %zu pseudos, %zu fields, %zu cfg registers\n", name,
           isa->ninsns, isa->npseudos, isa->nfields, isa->ncfgs);
    test_checker(isa);
    test_unique(isa);
    test_roundtrip_rows(isa, 500);
    test_examples(isa);
    test_decode_consistency(isa, nwords);
    if (isa->bundle_slots)
        test_bundles(isa, 20000);
    if (isa->bundle_slots)
        test_bundle_images(isa, 5000);
    if (failures) {
        fprintf(stderr, "%d failure(s)\n", failures);
        return 1;
    }
    printf("PASS\n");
    return 0;
}
