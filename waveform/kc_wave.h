/* kc_wave.h — a waveform in memory, whatever file it came from (kc_vcd.h reads
 * VCD, kc_fst.h reads FST), and the queries every consumer shares: `kc wave`,
 * the agent's view_waveform (kc_wave_view.h prints tables from it).
 *
 * A waveform has signals (one value history each) and variables (hierarchical
 * names, "TOP.npu_top.insn"); several variables may show one signal (aliases:
 * a net seen from several scopes), and a query lists a signal once. Values are
 * strings of '0'/'1'/'x'/'z', MSB first, width characters; a real's is 'r' and
 * its text.
 *
 * Times are the trace's own (1 ns units in kc's traces). kc's models stamp
 * cycle c at 10c (clock low, that cycle's inputs) and 10c+5 (after its rising
 * edge) — kc_acc.h — so cycle = floor(t / 10) for any time within it.
 */
#ifndef KC_WAVE_H
#define KC_WAVE_H

#include <stddef.h>
#include <stdint.h>

#include "kc_err.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct kc_wave kc_wave;

#define KC_WAVE_PERIOD 10   /* time units per cycle in kc's traces */

/* ---- building (the readers) ---- */

kc_wave *kc_wave_new(void);
void kc_wave_free(kc_wave *w);
/* A new signal of `width` bits (0 is taken as 1); its index, or SIZE_MAX when
 * out of memory. real: the signal carries real numbers. */
size_t kc_wave_add_signal(kc_wave *w, unsigned width, int real);
/* A variable naming signal sig; depth = scope levels above it (TOP.x: 1). */
kc_status kc_wave_add_var(kc_wave *w, const char *name, size_t sig, unsigned depth, kc_err *err);
/* Value change of sig at time t (times never decrease). val: n characters of
 * 0/1/x/z (X/Z accepted), fewer than the width left-extended as the VCD standard
 * says (with 0, or with x/z when that is the leading character); for a real, its
 * text. Ignored for a signal kc_wave_keep() left out. Several changes at one
 * time: the last wins. */
kc_status kc_wave_add_change(kc_wave *w, size_t sig, uint64_t t, const char *val, size_t n, kc_err *err);
/* Records that the trace reaches time t (its last timestamp, even without changes). */
void kc_wave_note_time(kc_wave *w, uint64_t t);
/* Called once the variables are known and before any change: only the signals
 * of variables matching one of the patterns (kc_wave_match) and of "clk" keep
 * their changes, so a large trace costs memory for what is asked. n = 0: all. */
void kc_wave_keep(kc_wave *w, const char *const *patterns, size_t n);
int kc_wave_signal_kept(const kc_wave *w, size_t sig);

/* ---- queries ---- */

size_t kc_wave_nvars(const kc_wave *w);
const char *kc_wave_var_name(const kc_wave *w, size_t var);   /* "TOP.npu_top.insn" */
unsigned kc_wave_var_width(const kc_wave *w, size_t var);
uint64_t kc_wave_end_time(const kc_wave *w);                   /* last timestamp */

/* Does pattern name this variable? A pattern without '*' or '?' is a suffix at
 * a '.' boundary ("insn", "u_core.pc"); with them it is a glob ('*' any run of
 * characters, '.' included; '?' one character) over the whole name or a suffix
 * at a '.' boundary ("u_dma.*_en", "*pc"). '[' is an ordinary character. */
int kc_wave_name_matches(const char *pattern, const char *name);
/* Variables the pattern names, shallowest first, a signal listed once (its
 * shallowest name). Returns how many matched (may be more than max; idx gets the
 * first max). */
size_t kc_wave_match(const kc_wave *w, const char *pattern, size_t *idx, size_t max);

/* Value of var at time t: its last change at or before t, NULL before its first
 * (or when its changes were not kept). */
const char *kc_wave_value_at(const kc_wave *w, size_t var, uint64_t t);

/* Times of the rising edges (0 -> 1) of a 1-bit var in [t0, t1]; returns how
 * many (may be more than max). */
size_t kc_wave_rising_edges(const kc_wave *w, size_t var, uint64_t t0, uint64_t t1, uint64_t *times,
                            size_t max);

/* Display form of a value: 1 bit as 0/1/x/z, wider as hex (0x..., a nibble
 * with x or z as 'x'/'z'), reals as their text, NULL as "-". */
void kc_wave_format(const char *bits, char *out, size_t size);

#ifdef __cplusplus
}
#endif

#endif
