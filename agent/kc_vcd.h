/* kc_vcd.h — a small VCD reader: enough to print chosen signals of a (windowed)
 * waveform as a text table, one row per clock cycle.
 *
 * The whole file is parsed into memory (waveforms the agent asks for cover a
 * window of at most a few hundred cycles). Variables are named hierarchically,
 * "TOP.npu_top.insn"; a query names them by suffix at a '.' boundary ("insn",
 * "npu_top.insn"). Aliases (several scopes showing one net under one id code)
 * count as one signal.
 */
#ifndef KC_VCD_H
#define KC_VCD_H

#include <stddef.h>
#include <stdint.h>

#include "kc_err.h"

typedef struct kc_vcd kc_vcd;

/* Parses the file; fails (KC_ERR_IO / KC_ERR_SYNTAX with a line number) on an
 * unreadable or malformed file, or one larger than max_bytes (0 = 256 MiB). */
kc_status kc_vcd_load(const char *path, size_t max_bytes, kc_vcd **out, kc_err *err);
kc_status kc_vcd_parse(const char *text, size_t len, kc_vcd **out, kc_err *err);
void kc_vcd_free(kc_vcd *v);

size_t kc_vcd_nvars(const kc_vcd *v);
const char *kc_vcd_var_name(const kc_vcd *v, size_t var);   /* "TOP.npu_top.insn" */
unsigned kc_vcd_var_width(const kc_vcd *v, size_t var);
uint64_t kc_vcd_end_time(const kc_vcd *v);                    /* last timestamp */

/* Variables whose name equals suffix or ends with "." suffix, shallowest first,
 * aliases of an already listed one left out. Returns how many matched (may be
 * more than max; idx gets the first max). */
size_t kc_vcd_match(const kc_vcd *v, const char *suffix, size_t *idx, size_t max);

/* Value of var at time t: the last change at or before t, as a string of
 * '0'/'1'/'x'/'z' (MSB first, width characters) or a real number's text; NULL
 * before the first change. */
const char *kc_vcd_value_at(const kc_vcd *v, size_t var, uint64_t t);

/* Times of the rising edges (0 -> 1) of a 1-bit var in [t0, t1]; returns how many
 * (may be more than max). */
size_t kc_vcd_rising_edges(const kc_vcd *v, size_t var, uint64_t t0, uint64_t t1,
                           uint64_t *times, size_t max);

/* Display form of a value: 1-bit as 0/1/x/z, wider as hex (0x..., an x or z
 * nibble as 'x'/'z'), reals as they are. */
void kc_vcd_format(const char *bits, char *out, size_t size);

#endif
