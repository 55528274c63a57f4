/* fuzz_elf — the ELF reader (kc_image_from_elf) on any bytes: it accepts or
 * refuses with a reason, never reads past the input (ASan), and what it accepts
 * keeps its promises: at most KC_ELF_MAX_SEGS segments of at most KC_ELF_MAX_MEM
 * bytes in all, none overlapping another, each inside the 32-bit address
 * space, and the entry in an executable one. Seeds: corpus/elf (riscv32
 * executables linked by ld.lld-19 from tests/harness/elf_tiny.s). */
#include "fuzz_util.h"

#include "kc_image.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    kc_image img;
    kc_err err;
    kc_err_clear(&err);
    if (kc_image_from_elf(data, size, "fuzz.elf", 0, &img, &err) != KC_OK) {
        FUZZ_CHECK(err.text[0], "error without a message");
        FUZZ_CHECK(img.nsegs == 0, "refused with %zu segments left", img.nsegs);
        return 0;
    }
    FUZZ_CHECK(img.nsegs <= KC_ELF_MAX_SEGS, "%zu segments", img.nsegs);
    uint64_t total = 0;
    for (size_t i = 0; i < img.nsegs; i++) {
        const kc_image_seg *a = &img.segs[i];
        total += a->size;
        FUZZ_CHECK(a->addr + a->size <= (UINT64_C(1) << 32), "segment %zu past 4 GiB", i);
        if (a->size)
            FUZZ_CHECK(a->data[a->size - 1] == a->data[a->size - 1], "touch");   /* ASan: owned */
        for (size_t j = 0; j < i; j++) {
            const kc_image_seg *b = &img.segs[j];
            FUZZ_CHECK(!(a->size && b->size && a->addr < b->addr + b->size && b->addr < a->addr + a->size),
                       "segments %zu and %zu overlap", j, i);
        }
    }
    FUZZ_CHECK(total <= KC_ELF_MAX_MEM, "%llu bytes loaded", (unsigned long long)total);
    uint32_t w;
    FUZZ_CHECK(kc_image_word(&img, img.entry, &w), "entry 0x%llx not in text", (unsigned long long)img.entry);
    kc_image_free(&img);
    return 0;
}
