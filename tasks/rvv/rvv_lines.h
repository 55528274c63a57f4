/* rvv_lines.h — per-pc source lines of an rvv kernel from its ELF's DWARF line
 * table (.debug_line, version 2..4, as `llvm-mc -g -dwarf-version=4` and
 * `clang -gdwarf-4` write it), for trap reports, profiles and traces. */
#ifndef RVV_LINES_H
#define RVV_LINES_H

#include <stddef.h>
#include <stdint.h>

#include "kc_image.h"

/* Fills img->lines (pc_bytes 1: one entry per byte of the executable segment
 * holding img->entry's successors, text_pc0 = that segment's address) from the
 * rows whose file's base name is `file`. Best effort: a missing, truncated or
 * unknown-version table leaves img->lines NULL; returns the number of
 * instructions (4-byte words) that got a line, or -1 when out of memory. */
int rvv_lines_from_elf(const uint8_t *elf, size_t size, const char *file, kc_image *img);

#endif
