/* kc_fst.h — FST, GTKWave's compressed waveform format, through Verilator's own
 * fstapi (its include/gtkwave directory): a reader into a kc_wave, and a writer
 * fed with VCD text.
 *
 * The writer is how a model Verilated with VCD tracing writes FST (Verilator
 * 5.006 cannot build one model with both --trace and --trace-fst; see
 * docs/waveforms.md): the VCD writer's output goes to kc_fst_writer_feed chunk
 * by chunk, in memory, and comes out as FST value changes — no VCD file is
 * written, and the FST holds the same scopes, names, widths, aliases, times and
 * values as the VCD would have.
 */
#ifndef KC_FST_H
#define KC_FST_H

#include <stddef.h>

#include "kc_err.h"
#include "kc_wave.h"

#ifdef __cplusplus
extern "C" {   /* the models' trace files (C++) write FST */
#endif

/* Reads an FST into a waveform; patterns/npatterns as kc_wave_keep (0 = every
 * signal's changes). Variable names lose the " [msb:lsb]" FST writers append, so
 * they read as the same trace's VCD does. */
kc_status kc_fst_read(const char *path, const char *const *patterns, size_t npatterns, kc_wave **out,
                      kc_err *err);

typedef struct kc_fst_writer kc_fst_writer;

/* Creates the FST file (fstapi also writes "<path>.hier" beside it while it
 * runs and removes it on close). */
kc_status kc_fst_writer_open(const char *path, kc_fst_writer **out, kc_err *err);
/* The next piece of the VCD text. The first error is kept and returned by
 * every later call (and by close). */
kc_status kc_fst_writer_feed(kc_fst_writer *w, const char *vcd, size_t len, kc_err *err);
/* Finishes and closes the file, frees w; KC_ERR_SYNTAX when the VCD text was cut
 * short, KC_ERR_IO when the file could not be written. */
kc_status kc_fst_writer_close(kc_fst_writer *w, kc_err *err);

#ifdef __cplusplus
}
#endif

#endif
