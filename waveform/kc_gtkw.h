/* kc_gtkw.h — GTKWave save files generated from a trace, per accelerator.
 *
 * Each accelerator family has one list of key signals in groups (fetch/issue,
 * each unit, DMA, memory ports; kc_gtkw.c), written as the names `kc wave`
 * takes (suffixes at a '.', globs for per-tile copies). A save file is made by
 * resolving that list against the trace it will open, so it names exactly the
 * signals the trace has: it cannot go stale when the RTL changes, and a key
 * signal the RTL lost shows up as `missing` (a test requires none at full depth).
 */
#ifndef KC_GTKW_H
#define KC_GTKW_H

#include <stddef.h>
#include <stdio.h>

#include "kc_err.h"
#include "kc_wave.h"

/* Writes the save file `out` for the trace `w` read from `dump` (named in the
 * file's comment) of an accelerator of `family` ("npu", "rvv", "vliw"). Names of
 * the list the trace lacks (a --depth cut them, or the RTL lost them) are left
 * out; *missing (may be NULL) gets how many, and `why` (may be NULL) a line each.
 * KC_ERR_USAGE for a family without a list, KC_ERR_IO when out cannot be written. */
kc_status kc_gtkw_write(const kc_wave *w, const char *family, const char *dump, const char *out, size_t *missing,
                        FILE *why, kc_err *err);

/* The save file's name for a trace: its path with the extension (.vcd, .fst)
 * replaced by .gtkw. */
void kc_gtkw_path(const char *dump, char *buf, size_t size);

#endif
