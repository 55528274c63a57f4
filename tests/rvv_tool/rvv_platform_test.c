/* rvv_platform_test — the rvv platform family row without the RTL model: builds of
 * good and bad assembly and C (diagnostics at the author's file:line:col), the ELF
 * image's segments, the table disassembler on a built image, peaks and sizes from
 * a build's parameters, the ISA document (every instruction listed, every worked
 * example builds), the baseline source when the task's C file exists.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kc_task.h"
#include "rvv/rvv_platform.h"
#include "rvv_hw.h"
#include "rvv_isa.h"

static int fails;
#define CHECK(c, ...) do { if (!(c)) { fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__); \
    fprintf(stderr, __VA_ARGS__); fputc('\n', stderr); fails++; } } while (0)

static const kc_platform_family *F = &rvv_platform_family;

static kc_status build(const kc_hw *hw, const char *src, const char *name, kc_image *img, kc_err *err)
{
    kc_err_clear(err);
    kc_image_init(img, 0, 0);
    return F->build(NULL, hw, src, name, img, err);
}

/* A bad kernel: KC_ERR_SYNTAX at file:line:col with msg in the text. */
static void expect_diag(const char *src, const char *name, const char *file, int line, int col, const char *msg)
{
    kc_image img;
    kc_err err;
    kc_status s = build(NULL, src, name, &img, &err);
    char buf[800];
    kc_err_format(&err, buf, sizeof buf);
    CHECK(s == KC_ERR_SYNTAX, "%s: status %d (%s)", name, s, buf);
    CHECK(!strcmp(err.file, file), "%s: file '%s', want '%s' (%s)", name, err.file, file, buf);
    CHECK(err.line == line && err.col == col, "%s: at %d:%d, want %d:%d (%s)", name, err.line, err.col, line, col,
          buf);
    CHECK(strstr(err.text, msg) != NULL, "%s: '%s' lacks '%s'", name, err.text, msg);
    CHECK(!strstr(err.text, "kc_rvv_"), "%s: scratch path leaks: %s", name, err.text);
    kc_image_free(&img);
}

static const kc_image_seg *seg_at(const kc_image *img, uint64_t addr)
{
    for (size_t i = 0; i < img->nsegs; i++)
        if (img->segs[i].addr == addr)
            return &img->segs[i];
    return NULL;
}

static void test_asm_image(void)
{
    const char *src = "        .text\n        .globl kernel\nkernel:\n        vsetvli t0, zero, e32, m1, ta, ma\n"
                      "        vfadd.vv v1, v2, v3, v0.t\n        la t1, val\n        lw t2, 0(t1)\n        ret\n"
                      "        .data\nval:    .word 0x12345678\n";
    kc_image img;
    kc_err err;
    char buf[800];
    kc_status s = build(NULL, src, "good.s", &img, &err);
    CHECK(s == KC_OK, "good.s: %s", kc_err_format(&err, buf, sizeof buf));
    if (s != KC_OK)
        return;
    CHECK(img.entry == RVV_ITCM_BASE && img.pc_bytes == 1 && img.insn_bytes == 4, "entry %llx pc_bytes %u",
          (unsigned long long)img.entry, img.pc_bytes);
    const kc_image_seg *t = seg_at(&img, RVV_ITCM_BASE), *d = seg_at(&img, RVV_DTCM_BASE);
    CHECK(t && t->exec, "no executable segment at the ITCM base");
    CHECK(d && !d->exec && d->size == 4 && d->data[0] == 0x78 && d->data[3] == 0x12, "DTCM data segment");
    CHECK(img.nsegs == 2, "%zu segments", img.nsegs);
    /* crt0: la sp (2 words), call kernel (2), li a7 93, ecall, then the kernel */
    uint32_t w = 0, w2 = 0;
    CHECK(kc_image_word(&img, RVV_ITCM_BASE, &w) && kc_image_word(&img, RVV_ITCM_BASE + 4, &w2), "crt0 words");
    uint32_t sp = RVV_ITCM_BASE + (w & 0xFFFFF000u) + (uint32_t)((int32_t)w2 >> 20);
    CHECK((w & 0xFFF) == 0x117 && sp == rvv_hw_xarg_addr(rvv_hw_default(), 8) && sp % 16 == 0,
          "crt0 sets sp to %08x, want the extra-argument block at %08x", sp, rvv_hw_xarg_addr(rvv_hw_default(), 8));
    CHECK(kc_image_word(&img, RVV_ITCM_BASE + 20, &w) && w == 0x00000073, "crt0 ecall at +20: %08x", w);
    char dis[128];
    int ok = F->disasm(NULL, &img, RVV_ITCM_BASE + 16, dis, sizeof dis);
    CHECK(ok && !strcmp(dis, "addi a7, zero, 93"), "disasm +16: '%s'", dis);
    ok = F->disasm(NULL, &img, RVV_ITCM_BASE + 28, dis, sizeof dis);
    CHECK(ok && !strcmp(dis, "vfadd.vv v1, v2, v3, v0.t"), "disasm +28: '%s'", dis);
    CHECK(!F->disasm(NULL, &img, 0x1000, dis, sizeof dis), "disasm outside the image");
    /* source lines: the kernel's instructions have theirs, crt0's none */
    CHECK(kc_image_line(&img, RVV_ITCM_BASE + 24) == 4 && kc_image_line(&img, RVV_ITCM_BASE + 28) == 5 &&
          kc_image_line(&img, RVV_ITCM_BASE + 32) == 6 && kc_image_line(&img, RVV_ITCM_BASE + 40) == 7 &&
          kc_image_line(&img, RVV_ITCM_BASE + 44) == 8, "asm lines %d %d %d %d %d",
          kc_image_line(&img, RVV_ITCM_BASE + 24), kc_image_line(&img, RVV_ITCM_BASE + 28),
          kc_image_line(&img, RVV_ITCM_BASE + 32), kc_image_line(&img, RVV_ITCM_BASE + 40),
          kc_image_line(&img, RVV_ITCM_BASE + 44));
    CHECK(kc_image_line(&img, RVV_ITCM_BASE) == 0 && kc_image_line(&img, RVV_ITCM_BASE + 20) == 0, "crt0 has lines");
    CHECK(kc_image_insns(&img) == 12, "%zu instructions", kc_image_insns(&img));
    kc_image_free(&img);
}

static void test_c_image(void)
{
    const char *src = "static const float k[4] = {1, 2, 3, 4};\n"
                      "void kernel(float *restrict a, const float *restrict b)\n"
                      "{\n    for (int i = 0; i < 1000; i++)\n        a[i] = a[i] * b[i] + k[i & 3];\n}\n";
    kc_image img;
    kc_err err;
    char buf[800];
    kc_status s = build(NULL, src, "good.c", &img, &err);
    CHECK(s == KC_OK, "good.c: %s", kc_err_format(&err, buf, sizeof buf));
    if (s == KC_OK) {
        const kc_image_seg *d = seg_at(&img, RVV_DTCM_BASE);
        CHECK(d && d->size == 16, "C rodata in the DTCM");
        int l5 = 0, other = 0;
        for (uint64_t pc = RVV_ITCM_BASE + 24; pc < kc_image_pc_end(&img); pc += 4) {
            int l = kc_image_line(&img, pc);
            l5 += l == 5;
            other += l != 0 && (l < 2 || l > 6);
        }
        CHECK(l5 > 0 && !other, "C lines: %d on the loop body, %d outside the function", l5, other);
        /* every instruction clang emitted is in the table */
        for (uint64_t pc = RVV_ITCM_BASE; pc < kc_image_pc_end(&img); pc += 4) {
            uint32_t w;
            if (kc_image_word(&img, pc, &w))
                CHECK(rvv_isa_find(w) != NULL, "clang emitted %08x at %llx, not in rvv.def", w,
                      (unsigned long long)pc);
        }
    }
    kc_image_free(&img);
}

static void test_diagnostics(void)
{
    expect_diag("  .globl kernel\nkernel:\n  vfadd.vv v8, v8\n  ret\n", "dir/bad.s", "dir/bad.s", 3, 3,
                "too few operands");
    expect_diag("  .globl kernel\nkernel:\n  ret\n  vfoo.vv v1, v2, v3\n", "k.s", "k.s", 4, 3,
                "unrecognized instruction mnemonic");
    expect_diag("void kernel(float *a)\n{\n    a[0] = b;\n}\n", "bad.c", "bad.c", 3, 12, "undeclared identifier 'b'");
    expect_diag("#include \"no_such_header.h\"\nvoid kernel(void) {}\n", "inc.c", "inc.c", 1, 10, "not found");
    /* linker errors: at the referencing line when the linker names it (debug info), else the file */
    expect_diag("  .globl kernel\nkernel:\n  nop\n  call foo\n  ret\n", "ref.s", "ref.s", 4, 8, "undefined symbol: foo");
    expect_diag("void foo(void);\nvoid kernel(void)\n{\n    foo();\n}\n", "ref.c", "ref.c", 4, 5,
                "undefined symbol: foo");
    expect_diag("  .text\nnot_kernel:\n  ret\n", "nokernel.s", "", 0, 0, "undefined symbol: kernel");
    expect_diag("void kernel(float *a) { a[0] = (float)(a[1] * 1.0000000001); }\n", "dbl.c", "dbl.c", 1, 1,
                "undefined symbol: __");
    /* sizes come from the build: a text larger than the ITCM does not link */
    expect_diag("  .globl kernel\nkernel:\n  ret\n  .space 70000\n", "big.s", "", 0, 0, "does not fit the ITCM");
    kc_hw_param rows[] = { { "ITCM_BYTES", 131072, NULL } };
    kc_hw big = { "rvv_big", "rvv", 1, rows };
    kc_image img;
    kc_err err;
    char buf[800];
    CHECK(build(&big, "  .globl kernel\nkernel:\n  ret\n  .space 70000\n", "big.s", &img, &err) == KC_OK,
          "128 KiB ITCM: %s", kc_err_format(&err, buf, sizeof buf));
    kc_image_free(&img);
    /* the build kept for the 128 KiB ITCM (rvv_memo.h) is not the one of the default size */
    expect_diag("  .globl kernel\nkernel:\n  ret\n  .space 70000\n", "big.s", "", 0, 0, "does not fit the ITCM");
}

static int same_image(const kc_image *a, const kc_image *b)
{
    if (a->nsegs != b->nsegs || a->entry != b->entry || a->nlines != b->nlines ||
        (a->nlines && memcmp(a->lines, b->lines, a->nlines * sizeof *a->lines)))
        return 0;
    for (size_t i = 0; i < a->nsegs; i++)
        if (a->segs[i].addr != b->segs[i].addr || a->segs[i].size != b->segs[i].size ||
            a->segs[i].exec != b->segs[i].exec || memcmp(a->segs[i].data, b->segs[i].data, a->segs[i].size))
            return 0;
    return 1;
}

/* A build made again (from the memo) is the tools' build: same segments, lines;
 * the same text under another name (C vs assembly) is built anew. */
static void test_rebuild(void)
{
    const char *src = "  .globl kernel\nkernel:\n  li t0, 3\n  vsetvli t1, t0, e32, m1, ta, ma\n  ret\n";
    kc_image a, b;
    kc_err err;
    char buf[800];
    CHECK(build(NULL, src, "again.s", &a, &err) == KC_OK, "again.s: %s", kc_err_format(&err, buf, sizeof buf));
    CHECK(build(NULL, src, "again.s", &b, &err) == KC_OK, "again.s, 2nd: %s", kc_err_format(&err, buf, sizeof buf));
    CHECK(same_image(&a, &b), "the second build of again.s differs from the first");
    CHECK(kc_image_line(&b, RVV_ITCM_BASE + 24) == 3, "lines of the second build: %d",
          kc_image_line(&b, RVV_ITCM_BASE + 24));
    kc_image_free(&a);
    kc_image_free(&b);
    expect_diag(src, "again.c", "again.c", 1, 3, "expected");
}

static void test_peaks(void)
{
    kc_platform_peaks pk;
    kc_err err;
    kc_err_clear(&err);
    CHECK(F->peaks(NULL, &pk, &err) == KC_OK && pk.vec_peak == 4 && pk.mac_peak == 4 && pk.nargs == 16 &&
          pk.max_insns == 16384, "default peaks %g %g %u %zu", pk.vec_peak, pk.mac_peak, pk.nargs, pk.max_insns);
    kc_hw_param rows[] = { { "VLEN", 256, NULL }, { "LANES", 8, NULL } };
    kc_hw wide = { "rvv_wide", "rvv", 2, rows };
    CHECK(F->peaks(&wide, &pk, &err) == KC_OK && pk.vec_peak == 8 && pk.mac_peak == 8, "wide peaks");
    kc_hw_param badrows[] = { { "VLEN", 96, NULL } };
    kc_hw bad = { "rvv_bad", "rvv", 1, badrows };
    CHECK(F->peaks(&bad, &pk, &err) == KC_ERR_RANGE, "VLEN 96 accepted");
    CHECK(F->dram_base == 0x80000000u && F->dtype == KC_DTYPE_FP32 && F->align == 64, "row constants");
}

/* Every ```asm / ```c block of the document builds. */
static void test_doc(const kc_hw *hw, const char *want)
{
    char *doc = NULL;
    kc_err err;
    kc_err_clear(&err);
    CHECK(F->doc(NULL, hw, &doc, &err) == KC_OK && doc, "doc: %s", err.text);
    if (!doc)
        return;
    CHECK(strstr(doc, want) != NULL, "doc lacks '%s'", want);
    for (size_t i = 0; i < rvv_isa_count(); i++) {
        char cell[64];
        snprintf(cell, sizeof cell, "\n| %s |", rvv_isa_at(i)->name);
        CHECK(strstr(doc, cell) != NULL, "doc lacks a row for %s", rvv_isa_at(i)->name);
    }
    int nblocks = 0;
    for (const char *p = doc; (p = strstr(p, "```")) != NULL;) {
        const char *lang = p + 3;
        const char *body = strchr(lang, '\n');
        if (!body)
            break;
        const char *end = strstr(body + 1, "```");
        if (!end)
            break;
        int is_asm = !strncmp(lang, "asm\n", 4), is_c = !strncmp(lang, "c\n", 2);
        if (is_asm || is_c) {
            size_t n = (size_t)(end - body - 1);
            char *src = malloc(n + 1);
            memcpy(src, body + 1, n);
            src[n] = 0;
            kc_image img;
            char buf[800];
            kc_status s = build(hw, src, is_c ? "example.c" : "example.s", &img, &err);
            CHECK(s == KC_OK, "doc example %d does not build: %s", nblocks, kc_err_format(&err, buf, sizeof buf));
            kc_image_free(&img);
            free(src);
            nblocks++;
        }
        p = end + 3;
    }
    CHECK(nblocks >= 4, "%d examples in the doc", nblocks);
    free(doc);
}

/* The baseline source of a task whose C file exists (H6's tasks/rvv/<task>.c). */
static void test_baseline_source(void)
{
    int found = 0;
    for (const kc_task *const *tp = kc_task_all(); *tp && !found; tp++) {
        char *text = NULL;
        kc_err err;
        kc_err_clear(&err);
        if (F->baseline_source(*tp, 3, NULL, &text, &err) != KC_OK)
            continue;
        found = 1;
        const kc_task_config *c;
        kc_task_config_get(*tp, 3, &c, &err);
        char def[64];
        snprintf(def, sizeof def, "#define KC_%s %u\n", (*tp)->dim_names[0], c->dims[0]);
        CHECK(strstr(text, def) != NULL, "%s baseline lacks '%s'", (*tp)->name, def);
        free(text);
        char *as = NULL;
        CHECK(F->baseline(*tp, 3, NULL, &as, &err) == KC_OK && strstr(as, "kernel:"), "%s baseline: %s",
              (*tp)->name, err.text);
        kc_image img;
        char buf[800];
        CHECK(as && build(NULL, as, "baseline.s", &img, &err) == KC_OK, "%s baseline assembly does not build: %s",
              (*tp)->name, kc_err_format(&err, buf, sizeof buf));
        kc_image_free(&img);
        free(as);
    }
    if (!found)
        printf("no tasks/rvv/<task>.c yet: baseline not tested\n");
}

int main(void)
{
    test_asm_image();
    test_c_image();
    test_diagnostics();
    test_rebuild();
    test_peaks();
    test_doc(NULL, "VLEN 128, LANES 4");
    kc_hw_param rows[] = { { "VLEN", 256, NULL }, { "LANES", 8, NULL } };
    kc_hw wide = { "rvv_wide", "rvv", 2, rows };
    test_doc(&wide, "| e32 | 8 | 16 | 32 | 64 |");
    test_baseline_source();
    printf("%d failures\n", fails);
    return fails != 0;
}
