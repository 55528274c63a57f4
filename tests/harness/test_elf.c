/* test_elf — the ELF reader (kc_image_from_elf, harness/kc_elf.c) on real
 * riscv32 executables linked by Debian's clang-19 / ld.lld-19 from
 * elf_tiny.s (CMake builds them), on an object file, and on corrupted copies:
 * truncations at every length, a wrong program-header size, offsets and sizes
 * past the file, overlapping segments, too many segments, an entry outside
 * the text. Every hostile file must be refused with its reason, never read
 * out of bounds (the fuzz target fuzz_elf does the same under ASan).
 *
 *   test_elf TINY.elf TINY.o
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kc_file.h"
#include "kc_image.h"

#define EM_RISCV 243

static int failures;

#define CHECK(cond, ...)                                                      \
    do {                                                                      \
        if (!(cond)) {                                                        \
            fprintf(stderr, "%s:%d: check failed: %s: ", __FILE__, __LINE__, #cond); \
            fprintf(stderr, __VA_ARGS__);                                     \
            fputc('\n', stderr);                                              \
            failures++;                                                       \
        }                                                                     \
    } while (0)

static uint32_t rd32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static void wr32(uint8_t *p, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}

static void wr16(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
}

/* Reads bytes[0..size) as ELF; returns the status, the error text in why. */
static kc_status load(const uint8_t *bytes, size_t size, kc_image *img, char *why, size_t wsize)
{
    kc_err err;
    kc_err_clear(&err);
    kc_status s = kc_image_from_elf(bytes, size, "t.elf", EM_RISCV, img, &err);
    snprintf(why, wsize, "%s", err.text);
    return s;
}

/* A corrupted copy must be refused with a reason containing `reason`. */
static void refused(const uint8_t *bytes, size_t size, const char *reason, const char *what)
{
    kc_image img;
    char why[sizeof ((kc_err *)0)->text];
    kc_status s = load(bytes, size, &img, why, sizeof why);
    CHECK(s == KC_ERR_SYNTAX, "%s: accepted (status %d)", what, (int)s);
    CHECK(strstr(why, reason) != NULL, "%s: reason '%s', expected '%s'", what, why, reason);
    CHECK(img.nsegs == 0 && img.segs == NULL, "%s: segments left behind", what);
    kc_image_free(&img);
}

static const kc_image_seg *seg_at(const kc_image *img, uint64_t addr)
{
    for (size_t i = 0; i < img->nsegs; i++)
        if (img->segs[i].addr == addr)
            return &img->segs[i];
    return NULL;
}

/* The program header of the i-th PT_LOAD. */
static uint8_t *load_phdr(uint8_t *b, unsigned k)
{
    uint32_t phoff = rd32(b + 28);
    unsigned phnum = b[44] | b[45] << 8;
    for (unsigned i = 0; i < phnum; i++) {
        uint8_t *ph = b + phoff + 32 * i;
        if (rd32(ph) == 1 && k-- == 0)
            return ph;
    }
    return NULL;
}

static void test_real(const uint8_t *elf, size_t size)
{
    kc_image img;
    char why[sizeof ((kc_err *)0)->text];
    kc_status s = load(elf, size, &img, why, sizeof why);
    CHECK(s == KC_OK, "tiny.elf refused: %s", why);
    if (s != KC_OK)
        return;
    CHECK(img.entry == 0x1000 && img.pc_bytes == 1 && img.insn_bytes == 4, "entry 0x%llx",
          (unsigned long long)img.entry);
    const kc_image_seg *text = seg_at(&img, 0x1000), *data = seg_at(&img, 0x2000);
    CHECK(text && text->exec && text->size == 24, "text segment");
    CHECK(data && !data->exec, "data segment");
    uint32_t w = 0;
    CHECK(kc_image_word(&img, 0x1000, &w) && w == 0x00500593, "first instruction 0x%08x", w);
    CHECK(kc_image_insns(&img) == 6, "%zu instructions", kc_image_insns(&img));
    if (data) {
        /* .data holds 0x11223344, then 64 bytes of .bss: memsz > filesz, zero-filled */
        CHECK(data->size == 0x44 && rd32(data->data) == 0x11223344, "data size %zu", data->size);
        int zero = 1;
        for (size_t i = 4; i < data->size; i++)
            zero &= data->data[i] == 0;
        CHECK(zero, "bss not zero-filled");
    }
    kc_image_free(&img);

    /* machine filter */
    kc_err err;
    kc_err_clear(&err);
    CHECK(kc_image_from_elf(elf, size, "t.elf", 62 /* x86-64 */, &img, &err) == KC_ERR_SYNTAX &&
              strstr(err.text, "machine"), "machine mismatch accepted: %s", err.text);
    kc_image_free(&img);
}

static void test_truncated(const uint8_t *elf, size_t size)
{
    /* Everything the reader needs ends at the last byte of a loaded segment's
     * file data (the section headers after it are not needed). */
    uint32_t phoff = rd32(elf + 28);
    unsigned phnum = elf[44] | elf[45] << 8;
    size_t need = phoff + 32u * phnum;
    for (unsigned k = 0; k < 8; k++) {
        const uint8_t *ph = load_phdr((uint8_t *)elf, k);
        if (!ph)
            break;
        size_t end = rd32(ph + 4) + rd32(ph + 16);
        if (end > need)
            need = end;
    }
    CHECK(need <= size, "need %zu of %zu", need, size);
    for (size_t n = 0; n < size; n++) {
        uint8_t *exact = malloc(n ? n : 1);   /* exactly n bytes: a sanitizer sees overreads */
        memcpy(exact, elf, n);
        kc_image img;
        char why[sizeof ((kc_err *)0)->text];
        kc_status s = load(exact, n, &img, why, sizeof why);
        if (n < need)
            CHECK(s == KC_ERR_SYNTAX && (strstr(why, "past the end") || strstr(why, "shorter")),
                  "truncated to %zu bytes: status %d (%s)", n, (int)s, why);
        else
            CHECK(s == KC_OK, "truncated to %zu bytes (>= %zu needed): %s", n, need, why);
        kc_image_free(&img);
        free(exact);
    }
}

static void test_corrupt(const uint8_t *elf, size_t size)
{
    uint8_t *b = malloc(size);
#define FRESH() memcpy(b, elf, size)
    FRESH();
    wr16(b + 42, 40);
    refused(b, size, "program header size", "phentsize 40");
    FRESH();
    wr16(b + 42, 0);
    refused(b, size, "program header size", "phentsize 0");
    FRESH();
    wr32(b + 28, (uint32_t)size - 8);
    refused(b, size, "past the end", "phoff near the end");
    FRESH();
    wr32(b + 28, 0xfffffff0u);
    refused(b, size, "past the end", "phoff wraps");
    FRESH();
    wr16(b + 44, 0xfffe);
    refused(b, size, "past the end", "65534 program headers");
    FRESH();
    wr16(b + 44, 0);
    refused(b, size, "no program headers", "phnum 0");
    FRESH();
    wr32(load_phdr(b, 1) + 4, (uint32_t)size);   /* text's offset: its bytes past the end */
    refused(b, size, "past the end", "segment offset past the file");
    FRESH();
    wr32(load_phdr(b, 1) + 4, 0xfffffff0u);
    refused(b, size, "past the end", "segment offset wraps");
    FRESH();
    wr32(load_phdr(b, 1) + 16, 0x7fffffffu);      /* filesz > memsz */
    refused(b, size, "exceeds its memory size", "filesz > memsz");
    FRESH();
    wr32(load_phdr(b, 2) + 20, 0xffffffffu);     /* memsz 4 GiB */
    refused(b, size, "wraps", "memsz wraps");
    FRESH();
    wr32(load_phdr(b, 2) + 20, 0x7fffffffu);     /* 2 GiB of bss */
    refused(b, size, "more than", "memsz over the limit");
    FRESH();
    wr32(load_phdr(b, 2) + 8, 0x1010);           /* data moved into the text */
    refused(b, size, "overlaps", "overlapping segments");
    FRESH();
    wr32(b + 24, 0x2000);                        /* entry in the data */
    refused(b, size, "entry", "entry outside the text");
    FRESH();
    b[4] = 2;
    refused(b, size, "32-bit little-endian", "ELFCLASS64");
    FRESH();
    b[5] = 2;
    refused(b, size, "32-bit little-endian", "big-endian");
    FRESH();
    b[1] = 'X';
    refused(b, size, "not an ELF", "bad magic");
    FRESH();
    wr16(b + 40, 20);
    refused(b, size, "header size", "e_ehsize 20");
#undef FRESH
    free(b);
}

/* A synthetic ELF with n PT_LOAD segments of 4 executable bytes each. */
static uint8_t *synthetic(unsigned n, size_t *size)
{
    size_t phoff = 52, data = phoff + 32u * n;
    *size = data + 4u * n;
    uint8_t *b = calloc(*size, 1);
    memcpy(b, "\177ELF\1\1\1", 7);
    wr16(b + 16, 2);
    wr16(b + 18, EM_RISCV);
    wr32(b + 20, 1);
    wr32(b + 24, 0x1000);
    wr32(b + 28, (uint32_t)phoff);
    wr16(b + 40, 52);
    wr16(b + 42, 32);
    wr16(b + 44, n);
    for (unsigned i = 0; i < n; i++) {
        uint8_t *ph = b + phoff + 32u * i;
        wr32(ph, 1);
        wr32(ph + 4, (uint32_t)(data + 4u * i));
        wr32(ph + 8, 0x1000 + 0x10 * i);
        wr32(ph + 16, 4);
        wr32(ph + 20, 4);
        wr32(ph + 24, 5);   /* R X */
        wr32(b + data + 4u * i, 0x00000013);
    }
    return b;
}

static void test_segments_limit(void)
{
    size_t size;
    uint8_t *b = synthetic(KC_ELF_MAX_SEGS, &size);
    kc_image img;
    char why[sizeof ((kc_err *)0)->text];
    CHECK(load(b, size, &img, why, sizeof why) == KC_OK && img.nsegs == KC_ELF_MAX_SEGS,
          "%d segments refused: %s", KC_ELF_MAX_SEGS, why);
    kc_image_free(&img);
    free(b);
    b = synthetic(KC_ELF_MAX_SEGS + 1, &size);
    refused(b, size, "loadable segments", "too many segments");
    free(b);
}

static uint8_t *slurp(const char *path, size_t *size)
{
    char *text = NULL;
    kc_err err;
    kc_err_clear(&err);
    if (kc_file_read(path, &text, size, &err) != KC_OK) {
        fprintf(stderr, "test_elf: %s\n", err.text);
        exit(2);
    }
    return (uint8_t *)text;
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: test_elf TINY.elf TINY.o\n");
        return 2;
    }
    size_t size, osize;
    uint8_t *elf = slurp(argv[1], &size), *obj = slurp(argv[2], &osize);
    test_real(elf, size);
    test_truncated(elf, size);
    test_corrupt(elf, size);
    test_segments_limit();
    refused(obj, osize, "not an executable", "relocatable object");
    refused(NULL, 0, "shorter", "empty");
    free(elf);
    free(obj);
    if (failures) {
        fprintf(stderr, "test_elf: %d failures\n", failures);
        return 1;
    }
    printf("test_elf: all passed\n");
    return 0;
}
