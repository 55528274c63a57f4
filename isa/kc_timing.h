/* kc_timing.h — evaluates the timing formulas of an ISA table (NPU_TIMING rows).
 *
 * A formula is arithmetic over numbers, the table's hardware parameters (VLEN,
 * MLEN, VEC_LAT, ...) and the variables of a kc_timing_env: LAT (DRAM latency,
 * cycles), BW (DRAM bandwidth, bytes per cycle), BEAT (bytes per DMA beat, the
 * memory port width) and N (a row's count, e.g. DMA rows). Operators + - * / and
 * parentheses; ceil(x), max(x, y) and log2(x). The ISA document prints each formula with
 * its value at the default DRAM; tests/isa measures the same formulas on the RTL.
 */
#ifndef KC_TIMING_H
#define KC_TIMING_H
#include "kc_err.h"
#include "kc_isa.h"

typedef struct kc_timing_env {
    double lat;    /* LAT */
    double bw;     /* BW */
    double beat;   /* BEAT */
    double n;      /* N */
} kc_timing_env;

/* The default environment of `isa`: the DRAM model's defaults, BEAT = 2*VLEN. */
kc_timing_env kc_timing_default_env(const kc_isa *isa, int n);

/* Evaluates `formula`; an unknown name or a syntax error is KC_ERR_SYNTAX. */
kc_status kc_timing_eval(const kc_isa *isa, const char *formula, const kc_timing_env *env,
                         double *out, kc_err *err);

/* The rows of `isa` documenting instruction `insn` of unit `unit`, in table
 * order: fills up to max row pointers, returns how many there are. */
size_t kc_timing_rows_for(const kc_isa *isa, const char *insn, const char *unit,
                          const kc_isa_timing **rows, size_t max);
#endif
