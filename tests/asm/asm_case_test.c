/* asm_case_test — runs assembler cases stored as data directories.
 *
 * A case directory holds input.s and either
 *   expected.hex    the program image (one 32-bit word per line, # comments ok):
 *                   the source must assemble to exactly these words, and the
 *                   disassembly listing of them must assemble back to the same words;
 *   expected_error  "line:col: message" of the first error (one line);
 * and, with expected.hex, optionally
 *   expected_warnings  the assembler's warnings, one per line as
 *                   "line:col: message (line L2)" (bundle ISAs); without the file
 *                   the source must assemble without warnings.
 *
 *   asm_case_test [--isa npu] CASE_DIR...     (a directory without input.s is
 *                                             treated as a folder of cases)
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kc_asm.h"

static char *slurp(const char *dir, const char *name)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *s = malloc((size_t)n + 1);
    if (s && fread(s, 1, (size_t)n, f) != (size_t)n) {
        free(s);
        s = NULL;
    }
    if (s)
        s[n] = 0;
    fclose(f);
    return s;
}

static void trim(char *s)
{
    size_t n = strlen(s);
    while (n && (s[n - 1] == '\n' || s[n - 1] == '\r' || s[n - 1] == ' '))
        s[--n] = 0;
}

/* The program's warnings must be exactly `expected` (NULL: none). */
static int check_warnings(const char *dir, const kc_program *p, char *expected)
{
    size_t cap = 512 * (p->nwarnings + 1), k = 0;
    char *got = malloc(cap);
    got[0] = 0;
    for (size_t i = 0; i < p->nwarnings; i++)
        k += (size_t)snprintf(got + k, cap - k, "%d:%d: %s (line %d)\n", p->warnings[i].line,
                              p->warnings[i].col, p->warnings[i].text, p->warnings[i].line2);
    if (expected)
        trim(expected);
    trim(got);
    int bad = strcmp(got, expected ? expected : "") != 0;
    if (bad)
        fprintf(stderr, "FAIL %s: warnings differ\n  expected:\n%s\n  actual:\n%s\n", dir,
                expected ? expected : "(none)", got);
    free(got);
    return bad;
}

static int run_hex_case(const kc_isa *isa, const char *dir, const char *src, const char *hex,
                        char *warnings)
{
    kc_err err;
    kc_err_clear(&err);
    kc_program want, got, again;
    if (kc_program_from_hex(hex, "expected.hex", &want, &err)) {
        fprintf(stderr, "FAIL %s: bad expected.hex: %s\n", dir, err.text);
        return 1;
    }
    int bad = 0;
    if (kc_asm_assemble(isa, src, "input.s", &got, &err)) {
        char buf[800];
        fprintf(stderr, "FAIL %s: %s\n", dir, kc_err_format(&err, buf, sizeof buf));
        kc_program_free(&want);
        return 1;
    }
    if (got.nwords != want.nwords) {
        fprintf(stderr, "FAIL %s: %zu words, expected %zu\n", dir, got.nwords, want.nwords);
        bad = 1;
    }
    bad |= check_warnings(dir, &got, warnings);
    for (size_t i = 0; !bad && i < got.nwords; i++)
        if (got.words[i] != want.words[i]) {
            char text[160];
            fprintf(stderr, "FAIL %s: word %zu (input.s line %d) is %08x (%s), expected %08x\n", dir, i,
                    got.line[i], got.words[i], kc_asm_disasm_word(isa, got.words[i], (uint32_t)i, text, sizeof text),
                    want.words[i]);
            bad = 1;
        }
    /* The listing of the program must assemble back to the same image. */
    char *listing = NULL;
    if (!bad && kc_asm_disasm_program(isa, got.words, got.nwords, &listing, &err) == KC_OK) {
        if (kc_asm_assemble(isa, listing, "listing", &again, &err)) {
            char buf[800];
            fprintf(stderr, "FAIL %s: listing does not assemble: %s\n%s", dir, kc_err_format(&err, buf, sizeof buf),
                    listing);
            bad = 1;
        } else {
            if (again.nwords != got.nwords || memcmp(again.words, got.words, got.nwords * 4)) {
                fprintf(stderr, "FAIL %s: listing assembles to a different image\n%s", dir, listing);
                bad = 1;
            }
            kc_program_free(&again);
        }
    }
    free(listing);
    kc_program_free(&want);
    kc_program_free(&got);
    return bad;
}

static int run_error_case(const kc_isa *isa, const char *dir, const char *src, char *expected)
{
    kc_err err;
    kc_err_clear(&err);
    kc_program got;
    trim(expected);
    if (kc_asm_assemble(isa, src, "input.s", &got, &err) == KC_OK) {
        fprintf(stderr, "FAIL %s: assembled (%zu words), expected the error\n  %s\n", dir, got.nwords, expected);
        kc_program_free(&got);
        return 1;
    }
    char actual[700];
    snprintf(actual, sizeof actual, "%d:%d: %s", err.line, err.col, err.text);
    if (strcmp(actual, expected)) {
        fprintf(stderr, "FAIL %s:\n  expected: %s\n  actual:   %s\n", dir, expected, actual);
        return 1;
    }
    return 0;
}

static int run_case(const kc_isa *isa, const char *dir, int *ncases)
{
    char *src = slurp(dir, "input.s");
    if (!src) {
        /* A folder of cases. */
        DIR *d = opendir(dir);
        if (!d) {
            fprintf(stderr, "FAIL %s: not a case directory\n", dir);
            return 1;
        }
        int bad = 0;
        struct dirent *e;
        char **names = NULL;
        size_t n = 0;
        while ((e = readdir(d)) != NULL)
            if (e->d_name[0] != '.') {
                names = realloc(names, (n + 1) * sizeof *names);
                names[n++] = strdup(e->d_name);
            }
        closedir(d);
        for (size_t i = 0; i < n; i++) {
            char sub[1024];
            snprintf(sub, sizeof sub, "%s/%s", dir, names[i]);
            char *probe = slurp(sub, "input.s");
            if (probe) {
                free(probe);
                bad |= run_case(isa, sub, ncases);
            }
            free(names[i]);
        }
        free(names);
        return bad;
    }
    (*ncases)++;
    char *hex = slurp(dir, "expected.hex");
    char *error = slurp(dir, "expected_error");
    char *warnings = slurp(dir, "expected_warnings");
    int bad;
    if ((hex != NULL) == (error != NULL)) {
        fprintf(stderr, "FAIL %s: needs exactly one of expected.hex, expected_error\n", dir);
        bad = 1;
    } else {
        bad = hex ? run_hex_case(isa, dir, src, hex, warnings) : run_error_case(isa, dir, src, error);
    }
    free(src);
    free(hex);
    free(error);
    free(warnings);
    return bad;
}

int main(int argc, char **argv)
{
    const char *name = "npu";
    int first = 1;
    if (argc > 2 && !strcmp(argv[1], "--isa")) {
        name = argv[2];
        first = 3;
    }
    if (first >= argc) {
        fprintf(stderr, "usage: asm_case_test [--isa npu] CASE_DIR...\n");
        return 2;
    }
    const kc_isa *isa;
    kc_err err;
    kc_err_clear(&err);
    if (kc_isa_load(name, &isa, &err)) {
        fprintf(stderr, "FAIL: %s\n", err.text);
        return 1;
    }
    int bad = 0, ncases = 0;
    for (int i = first; i < argc; i++)
        bad |= run_case(isa, argv[i], &ncases);
    printf("%s: %d case(s)\n", bad ? "FAIL" : "PASS", ncases);
    return bad || ncases == 0;
}
