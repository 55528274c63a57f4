/* kc_dram.h — the DRAM model shared by every accelerator (and by SystemC wrappers).
 *
 * Size, latency (cycles from accepting a read to delivering its data) and
 * bandwidth (bytes per cycle, a token bucket over accepted beats) are set at run
 * time. Responses come back in order. Deterministic: no randomness, no wall clock.
 *
 * Timing, exactly: a read accepted at the edge of cycle c is delivered during
 * cycle c + latency (latency >= 1). Each accepted beat costs beat_bytes tokens,
 * each cycle adds bytes_per_cycle, the bucket starts at one beat and is capped at
 * beat_bytes + bytes_per_cycle, and at most one beat is accepted per cycle; so a
 * continuous stream sustains min(bytes_per_cycle, beat_bytes) bytes per cycle.
 * Accesses need not be beat aligned (the model is byte exact).
 *
 * Write map: the model records every byte the port writes (one bit per byte,
 * whatever the value), so a checker can tell a kernel that stored into an input
 * — even the bytes already there — from one that did not (kc_dram_written).
 */
#ifndef KC_DRAM_H
#define KC_DRAM_H

#include <stddef.h>
#include <stdint.h>

#include "kc_bus.h"
#include "kc_err.h"

#ifdef __cplusplus
extern "C" {  /* also used from the C++ shims and SystemC wrappers */
#endif

typedef struct kc_dram_cfg {
    uint32_t size_bytes;        /* default KC_DRAM_DEFAULT_SIZE */
    unsigned latency;           /* cycles; default KC_DRAM_DEFAULT_LATENCY */
    unsigned bytes_per_cycle;   /* sustained bandwidth; default KC_DRAM_DEFAULT_BW */
} kc_dram_cfg;

#define KC_DRAM_DEFAULT_SIZE    (64u << 20)
#define KC_DRAM_DEFAULT_LATENCY 64u
#define KC_DRAM_DEFAULT_BW      32u

typedef struct kc_dram kc_dram;

/* cfg may be NULL (defaults); zero fields take defaults too. beat_bytes is the
 * accelerator port width. */
kc_status kc_dram_open(kc_dram **out, const kc_dram_cfg *cfg, unsigned beat_bytes, kc_err *err);
void kc_dram_close(kc_dram *d);

/* Effective configuration (defaults filled in). */
const kc_dram_cfg *kc_dram_config(const kc_dram *d);

/* Backing store, for loading inputs and reading results (size_bytes long). */
uint8_t *kc_dram_data(kc_dram *d);

/* Clears in-flight requests, bandwidth tokens, byte counters and the write map
 * (not the data). */
void kc_dram_reset(kc_dram *d);

/* Step 2 of the kc_bus protocol: inputs for this cycle's edge. */
void kc_dram_drive(kc_dram *d, const kc_bus_req *req, kc_bus_resp *resp);

/* Step 3: commit at the edge (after kc_dram_drive with the same req). Out-of-range
 * accesses are the accelerator's job to trap; the model ignores bytes past the end
 * (writes dropped, reads return zero) and counts them. */
void kc_dram_commit(kc_dram *d, const kc_bus_req *req, const kc_bus_resp *resp);

/* True while read responses are still in flight. */
int kc_dram_busy(const kc_dram *d);

/* Bytes moved since reset: reads count whole beats accepted, writes count the
 * bytes enabled by wstrb. Either pointer may be NULL. */
void kc_dram_bytes(const kc_dram *d, uint64_t *read_bytes, uint64_t *write_bytes);

/* Bytes of accepted beats that fell outside [0, size_bytes) since reset (reads
 * returned zero for them, writes were dropped). Nonzero means the accelerator
 * failed to trap an out-of-range access. */
uint64_t kc_dram_dropped_bytes(const kc_dram *d);

/* The bytes written through the port since reset: byte a was written iff bit
 * (a & 63) of bits[a >> 6] is set. Every set bit lies in [lo, hi) (lo == hi: no
 * write), so a scan can skip the rest. Stores through kc_dram_data (loading
 * inputs) are not writes of the accelerator and are not recorded. Valid until
 * the next commit, reset or close. */
typedef struct kc_dram_wmap {
    const uint64_t *bits;
    uint32_t lo, hi;
} kc_dram_wmap;

void kc_dram_written(const kc_dram *d, kc_dram_wmap *out);

/* The first written byte in [from, to), or `to` when there is none. */
uint32_t kc_dram_wmap_first(const kc_dram_wmap *w, uint32_t from, uint32_t to);

#ifdef __cplusplus
}
#endif

#endif
