/* kc_image.h — a program image: segments with load addresses, plus an entry point.
 *
 * What a platform's kernel-text-to-program step produces and what a model's reset
 * (kc_acc_ops.reset) and a reference model load: npu gets one segment of 32-bit
 * instruction words at instruction memory address 0; rvv gets the PT_LOAD
 * segments of an ELF file (kc_image_from_elf); vliw gets wide bundles per tile.
 *
 * Addresses: byte addresses in the platform's own memory map (the model decides
 * which of its memories a segment lands in and refuses one that fits none).
 * `pc_bytes` says how a pc relates to them: the pc of the byte at address A of
 * the program segment is A / pc_bytes (npu counts instructions: pc_bytes = 4;
 * rvv pcs are byte addresses: pc_bytes = 1). `entry` is a pc.
 *
 * Source lines: `lines[i]` is the 1-based kernel source line of pc
 * text_pc0 + i (0 = not from the source), for diagnostics, the profile's stall
 * sites and instruction traces. An image whose programs lie in several segments
 * far apart (vliw: one per tile) gives each executable segment its own table
 * instead (kc_image_seg.lines, kc_image_set_seg_lines); kc_image_line reads both.
 */
#ifndef KC_IMAGE_H
#define KC_IMAGE_H

#include <stddef.h>
#include <stdint.h>

#include "kc_err.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct kc_image_seg {
    uint64_t addr;        /* byte address of data[0] */
    size_t size;          /* bytes */
    uint8_t *data;        /* owned by the image */
    int exec;             /* holds instructions (the text the pc walks) */
    int *lines;           /* owned; size / insn_bytes source lines, or NULL */
} kc_image_seg;

typedef struct kc_image {
    kc_image_seg *segs;
    size_t nsegs;
    uint64_t entry;       /* pc of the first instruction */
    unsigned pc_bytes;    /* bytes per pc step: npu 4, rvv 1 */
    unsigned insn_bytes;  /* bytes of one instruction / bundle (npu 4, rvv 4, vliw its bundle) */
    uint64_t text_pc0;    /* pc of lines[0] */
    int *lines;           /* nlines entries (may be NULL) */
    size_t nlines;
} kc_image;

void kc_image_init(kc_image *img, unsigned pc_bytes, unsigned insn_bytes);
void kc_image_free(kc_image *img);

/* Appends a copy of [data, data + size) at `addr`; overlapping an existing
 * segment is KC_ERR_RANGE. */
kc_status kc_image_add(kc_image *img, uint64_t addr, const void *data, size_t size, int exec,
                       kc_err *err);

/* An image of `n` 32-bit instruction words at address 0, entry pc 0,
 * pc_bytes = insn_bytes = 4 (npu); lines (n entries) may be NULL. */
kc_status kc_image_from_words(kc_image *img, const uint32_t *words, size_t n, const int *lines,
                              kc_err *err);

/* Gives segment `seg` its source lines: one per instruction (size / insn_bytes
 * entries, copied from `lines`). */
kc_status kc_image_set_seg_lines(kc_image *img, size_t seg, const int *lines, kc_err *err);

/* The words of the executable segment at address 0 of a pc_bytes = 4 image
 * (NULL and *n = 0 when there is none). */
const uint32_t *kc_image_words(const kc_image *img, size_t *n);

/* Instructions of the executable segments in pcs: the highest pc + 1 any
 * executable segment covers (the size of a per-pc table such as the profile's). */
uint64_t kc_image_pc_end(const kc_image *img);

/* The lowest pc any executable segment covers (0 when there is none). */
uint64_t kc_image_pc_begin(const kc_image *img);

/* Instructions (or bundles) the image holds: the bytes of its executable
 * segments / insn_bytes (what a record's program_words reports). */
size_t kc_image_insns(const kc_image *img);

/* The source line of pc (0 when unknown). */
int kc_image_line(const kc_image *img, uint64_t pc);

/* The 32-bit word at pc (little-endian) from an executable segment; 0 when no
 * segment covers it (returns 0 then, 1 when found). */
int kc_image_word(const kc_image *img, uint64_t pc, uint32_t *word);

/* An ELF32 little-endian executable (e_machine `machine`, 0 = any): its PT_LOAD
 * segments (p_filesz bytes loaded, the rest to p_memsz zero-filled; PF_X marks
 * exec) and e_entry as the entry pc (pc_bytes 1, insn_bytes 4). Malformed or
 * hostile files (truncated headers, offsets or sizes past the file, a program
 * header size that is not Elf32_Phdr's, overlapping segments, more than
 * KC_ELF_MAX_SEGS loadable segments, a segment larger than KC_ELF_MAX_MEM) are
 * KC_ERR_SYNTAX with the reason; `name` labels it. The reader is harness/kc_elf.c. */
#define KC_ELF_MAX_SEGS 64
#define KC_ELF_MAX_MEM (64u << 20)
kc_status kc_image_from_elf(const uint8_t *bytes, size_t size, const char *name, unsigned machine,
                            kc_image *out, kc_err *err);

#ifdef __cplusplus
}
#endif

#endif
