/* kc_image.c — program images (kc_image.h). The ELF reader is kc_elf.c. */
#include "kc_image.h"

#include <stdlib.h>
#include <string.h>

void kc_image_init(kc_image *img, unsigned pc_bytes, unsigned insn_bytes)
{
    memset(img, 0, sizeof *img);
    img->pc_bytes = pc_bytes ? pc_bytes : 1;
    img->insn_bytes = insn_bytes ? insn_bytes : 4;
}

void kc_image_free(kc_image *img)
{
    if (!img)
        return;
    for (size_t i = 0; i < img->nsegs; i++) {
        free(img->segs[i].data);
        free(img->segs[i].lines);
    }
    free(img->segs);
    free(img->lines);
    unsigned pcb = img->pc_bytes, ib = img->insn_bytes;
    kc_image_init(img, pcb, ib);
}

kc_status kc_image_add(kc_image *img, uint64_t addr, const void *data, size_t size, int exec,
                       kc_err *err)
{
    if (size && addr + size < addr)
        return kc_err_set(err, KC_ERR_RANGE, "image: segment at 0x%llx wraps the address space",
                          (unsigned long long)addr);
    for (size_t i = 0; i < img->nsegs; i++) {
        const kc_image_seg *s = &img->segs[i];
        if (size && s->size && addr < s->addr + s->size && s->addr < addr + size)
            return kc_err_set(err, KC_ERR_RANGE, "image: segment at 0x%llx overlaps the one at 0x%llx",
                              (unsigned long long)addr, (unsigned long long)s->addr);
    }
    kc_image_seg *ns = realloc(img->segs, (img->nsegs + 1) * sizeof *ns);
    if (!ns)
        return kc_err_set(err, KC_ERR_NOMEM, "image: out of memory");
    img->segs = ns;
    uint8_t *copy = malloc(size ? size : 1);
    if (!copy)
        return kc_err_set(err, KC_ERR_NOMEM, "image: out of memory");
    if (size)
        memcpy(copy, data, size);
    img->segs[img->nsegs++] = (kc_image_seg){ .addr = addr, .size = size, .data = copy, .exec = exec };
    return KC_OK;
}

uint64_t kc_image_pc_end(const kc_image *img)
{
    uint64_t end = 0;
    for (size_t i = 0; i < img->nsegs; i++) {
        const kc_image_seg *s = &img->segs[i];
        uint64_t e = (s->addr + s->size + img->pc_bytes - 1) / img->pc_bytes;
        if (s->exec && e > end)
            end = e;
    }
    return end;
}

uint64_t kc_image_pc_begin(const kc_image *img)
{
    uint64_t begin = UINT64_MAX;
    for (size_t i = 0; i < img->nsegs; i++) {
        const kc_image_seg *s = &img->segs[i];
        if (s->exec && s->addr / img->pc_bytes < begin)
            begin = s->addr / img->pc_bytes;
    }
    return begin == UINT64_MAX ? 0 : begin;
}

size_t kc_image_insns(const kc_image *img)
{
    size_t bytes = 0;
    for (size_t i = 0; i < img->nsegs; i++)
        if (img->segs[i].exec)
            bytes += img->segs[i].size;
    return bytes / (img->insn_bytes ? img->insn_bytes : 4);
}

kc_status kc_image_set_seg_lines(kc_image *img, size_t seg, const int *lines, kc_err *err)
{
    kc_image_seg *s = &img->segs[seg];
    size_t n = s->size / img->insn_bytes;
    int *copy = n ? malloc(n * sizeof *copy) : NULL;
    if (n && !copy)
        return kc_err_set(err, KC_ERR_NOMEM, "image: out of memory");
    if (n)
        memcpy(copy, lines, n * sizeof *copy);
    free(s->lines);
    s->lines = copy;
    return KC_OK;
}

int kc_image_line(const kc_image *img, uint64_t pc)
{
    if (img->lines && pc >= img->text_pc0 && pc - img->text_pc0 < img->nlines)
        return img->lines[pc - img->text_pc0];
    uint64_t byte = pc * img->pc_bytes;
    for (size_t i = 0; i < img->nsegs; i++) {
        const kc_image_seg *s = &img->segs[i];
        if (s->lines && byte >= s->addr && byte - s->addr < s->size)
            return s->lines[(byte - s->addr) / img->insn_bytes];
    }
    return 0;
}

int kc_image_word(const kc_image *img, uint64_t pc, uint32_t *word)
{
    uint64_t a = pc * img->pc_bytes;
    for (size_t i = 0; i < img->nsegs; i++) {
        const kc_image_seg *s = &img->segs[i];
        if (s->exec && a >= s->addr && a + 4 <= s->addr + s->size) {
            const uint8_t *p = s->data + (a - s->addr);
            *word = (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
            return 1;
        }
    }
    *word = 0;
    return 0;
}

kc_status kc_image_from_words(kc_image *img, const uint32_t *words, size_t n, const int *lines,
                              kc_err *err)
{
    kc_image_init(img, 4, 4);
    uint8_t *bytes = calloc(n * 4 + 1, 1);
    if (!bytes)
        return kc_err_set(err, KC_ERR_NOMEM, "image: out of memory");
    for (size_t i = 0; i < n; i++)   /* little-endian, whatever the host */
        for (unsigned b = 0; b < 4; b++)
            bytes[4 * i + b] = (uint8_t)(words[i] >> (8 * b));
    kc_status s = kc_image_add(img, 0, bytes, n * 4, 1, err);
    free(bytes);
    if (s == KC_OK && lines && n) {
        if (!(img->lines = malloc(n * sizeof *img->lines))) {
            kc_image_free(img);
            return kc_err_set(err, KC_ERR_NOMEM, "image: out of memory");
        }
        memcpy(img->lines, lines, n * sizeof *img->lines);
        img->nlines = n;
    }
    return s;
}

const uint32_t *kc_image_words(const kc_image *img, size_t *n)
{
    *n = 0;
    for (size_t i = 0; i < img->nsegs; i++) {
        const kc_image_seg *s = &img->segs[i];
        if (s->exec && s->addr == 0 && img->pc_bytes == 4 && s->size % 4 == 0) {
            *n = s->size / 4;
            return (const uint32_t *)(const void *)s->data;   /* malloc'd: aligned; little-endian host */
        }
    }
    return NULL;
}
