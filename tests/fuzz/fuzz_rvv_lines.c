/* fuzz_rvv_lines — the rvv DWARF line-table reader (rvv_lines_from_elf) on any
 * bytes the ELF reader accepts: it never reads past the input (ASan), and the
 * lines it sets cover exactly the executable segment holding the entry. Seeds:
 * corpus/rvv_lines (riscv32 executables linked by ld.lld-19 from an assembly
 * kernel built with llvm-mc -g and a C kernel built with clang -gdwarf-4). */
#include "fuzz_util.h"

#include "kc_image.h"
#include "rvv/rvv_lines.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    kc_image img;
    kc_err err;
    kc_err_clear(&err);
    if (kc_image_from_elf(data, size, "fuzz.elf", 0, &img, &err) != KC_OK)
        return 0;
    int n = rvv_lines_from_elf(data, size, "kernel.c", &img);
    if (n <= 0)
        n = rvv_lines_from_elf(data, size, "kernel.s", &img);
    if (n > 0) {
        FUZZ_CHECK(img.lines && img.nlines, "%d lines but no table", n);
        FUZZ_CHECK(img.lines[img.nlines - 1] >= 0, "touch");   /* ASan: owned, nlines long */
        FUZZ_CHECK((size_t)n * 4 <= img.nlines + 3, "%d lines for %zu bytes", n, img.nlines);
    }
    kc_image_free(&img);
    return 0;
}
