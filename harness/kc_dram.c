/* kc_dram.c — the DRAM model behind every accelerator's kc_bus port.
 *
 * Timing model (all in cycles of the accelerator clock, one kc_dram_drive +
 * kc_dram_commit pair per cycle):
 *
 *  - Bandwidth is a token bucket counted in bytes. Every accepted beat (read or
 *    write, whatever its strobes) costs beat_bytes tokens; every cycle adds
 *    bytes_per_cycle tokens. A request is accepted (req_ready = 1) only when the
 *    bucket holds a whole beat. The bucket starts full enough for one beat and is
 *    capped at beat_bytes + bytes_per_cycle: under continuous demand the cap never
 *    discards a token (before an add the bucket holds < beat_bytes, or one beat
 *    was just taken), so a long stream moves exactly bytes_per_cycle bytes per
 *    cycle; an idle port cannot bank more than about one beat of burst. The port
 *    accepts at most one beat per cycle, so the sustained rate is
 *    min(bytes_per_cycle, beat_bytes).
 *
 *  - Latency: a read accepted at the edge of cycle c captures its data at that
 *    edge and is delivered (resp_valid = 1) during cycle c + latency, in order.
 *    At most one read is accepted and one delivered per cycle, so at most
 *    `latency` reads are ever in flight; the ring holds latency + 1.
 *
 *  - Writes update memory at the edge where they are accepted (byte enables).
 *
 *  - Bytes outside [0, size) are never touched: writes to them are dropped and
 *    reads return zero; they are counted so a harness can tell. Trapping such
 *    accesses is the accelerator's job.
 *
 * Write map: one bit per byte, set by every enabled in-range write byte (a
 * strobe mask shifted into one or two 64-bit words, so tracking costs a few
 * instructions per written beat). [wlo, whi) bounds the set bits, so reset
 * clears and a checker scans only the part a kernel touched, not the whole map.
 *
 * Byte counts: reads count whole beats (what crossed the port), writes count the
 * enabled bytes (what DRAM stored).
 */
#include "kc_dram.h"

#include <stdlib.h>
#include <string.h>

typedef struct kc_dram_inflight {
    uint64_t due;                       /* cycle in which the response is delivered */
    uint8_t data[KC_BEAT_BYTES_MAX];
} kc_dram_inflight;

struct kc_dram {
    kc_dram_cfg cfg;
    unsigned beat;
    uint8_t *mem;

    uint64_t now;          /* cycles committed since reset */
    uint64_t tokens;       /* bandwidth bucket, bytes */
    uint64_t cap;

    kc_dram_inflight *ring;
    unsigned ring_size;    /* latency + 1 */
    unsigned head, count;

    uint64_t read_bytes, write_bytes, dropped_bytes;

    uint64_t *wbits;       /* write map, size / 64 + 2 words (a beat spans two) */
    uint32_t wlo, whi;     /* every set bit lies in [wlo, whi); wlo == whi: none */
};

kc_status kc_dram_open(kc_dram **out, const kc_dram_cfg *cfg, unsigned beat_bytes, kc_err *err)
{
    *out = NULL;
    if (beat_bytes == 0 || beat_bytes > KC_BEAT_BYTES_MAX)
        return kc_err_set(err, KC_ERR_USAGE, "dram: beat of %u bytes (allowed 1..%u)", beat_bytes,
                          KC_BEAT_BYTES_MAX);

    kc_dram_cfg c = { KC_DRAM_DEFAULT_SIZE, KC_DRAM_DEFAULT_LATENCY, KC_DRAM_DEFAULT_BW };
    if (cfg) {
        if (cfg->size_bytes)
            c.size_bytes = cfg->size_bytes;
        if (cfg->latency)
            c.latency = cfg->latency;
        if (cfg->bytes_per_cycle)
            c.bytes_per_cycle = cfg->bytes_per_cycle;
    }
    /* Bounds keep the ring and the bucket small and the arithmetic obviously safe. */
    if (c.latency > 100000)
        return kc_err_set(err, KC_ERR_RANGE, "dram: latency %u cycles (allowed 1..100000)",
                          c.latency);
    if (c.bytes_per_cycle > 1u << 20)
        return kc_err_set(err, KC_ERR_RANGE, "dram: bandwidth %u bytes/cycle (allowed 1..%u)",
                          c.bytes_per_cycle, 1u << 20);

    kc_dram *d = calloc(1, sizeof *d);
    if (!d)
        return kc_err_set(err, KC_ERR_NOMEM, "dram: out of memory");
    d->cfg = c;
    d->beat = beat_bytes;
    d->ring_size = c.latency + 1;
    d->mem = calloc(c.size_bytes, 1);           /* zero pages are mapped lazily */
    d->ring = calloc(d->ring_size, sizeof *d->ring);
    d->wbits = calloc(c.size_bytes / 64 + 2, sizeof *d->wbits);   /* lazily mapped too */
    if (!d->mem || !d->ring || !d->wbits) {
        kc_dram_close(d);
        return kc_err_set(err, KC_ERR_NOMEM, "dram: cannot allocate %u bytes", c.size_bytes);
    }
    d->cap = (uint64_t)beat_bytes + c.bytes_per_cycle;
    kc_dram_reset(d);
    *out = d;
    return KC_OK;
}

void kc_dram_close(kc_dram *d)
{
    if (!d)
        return;
    free(d->mem);
    free(d->ring);
    free(d->wbits);
    free(d);
}

const kc_dram_cfg *kc_dram_config(const kc_dram *d)
{
    return &d->cfg;
}

uint8_t *kc_dram_data(kc_dram *d)
{
    return d->mem;
}

void kc_dram_reset(kc_dram *d)
{
    d->now = 0;
    d->tokens = d->beat;
    d->head = d->count = 0;
    d->read_bytes = d->write_bytes = d->dropped_bytes = 0;
    if (d->whi > d->wlo) {
        uint32_t w0 = d->wlo >> 6, w1 = (d->whi + 63) >> 6;
        memset(d->wbits + w0, 0, (size_t)(w1 - w0) * sizeof *d->wbits);
    }
    d->wlo = d->whi = 0;
}

void kc_dram_drive(kc_dram *d, const kc_bus_req *req, kc_bus_resp *resp)
{
    (void)req; /* readiness never depends on the request itself (kc_bus.h rule 1) */
    resp->req_ready = d->tokens >= d->beat && d->count < d->ring_size;
    resp->resp_valid = 0;
    if (d->count) {
        const kc_dram_inflight *e = &d->ring[d->head];
        if (e->due == d->now) {
            resp->resp_valid = 1;
            memcpy(resp->rdata, e->data, d->beat);
        }
    }
}

/* Number of bytes of [addr, addr + beat) that lie inside the DRAM. */
static unsigned dram_in_range(const kc_dram *d, uint32_t addr)
{
    if (addr >= d->cfg.size_bytes)
        return 0;
    uint32_t room = d->cfg.size_bytes - addr;
    return room < d->beat ? room : d->beat;
}

static void dram_read(kc_dram *d, uint32_t addr)
{
    unsigned tail = d->head + d->count;
    if (tail >= d->ring_size)
        tail -= d->ring_size;
    kc_dram_inflight *e = &d->ring[tail];
    unsigned n = dram_in_range(d, addr);
    if (n)
        memcpy(e->data, d->mem + addr, n);
    if (n < d->beat)
        memset(e->data + n, 0, d->beat - n);
    e->due = d->now + d->cfg.latency;
    d->count++;
    d->read_bytes += d->beat;
    d->dropped_bytes += d->beat - n;
}

/* Marks the bytes addr + i for every bit i of strb (nonzero, all in range). */
static void mark_written(kc_dram *d, uint32_t addr, uint64_t strb)
{
    uint64_t *w = d->wbits + (addr >> 6);
    unsigned off = addr & 63;
    w[0] |= strb << off;
    if (off)
        w[1] |= strb >> (64 - off);
    uint32_t lo = addr + (unsigned)__builtin_ctzll(strb);
    uint32_t hi = addr + 64 - (unsigned)__builtin_clzll(strb);
    if (d->whi == d->wlo) {
        d->wlo = lo;
        d->whi = hi;
        return;
    }
    if (lo < d->wlo)
        d->wlo = lo;
    if (hi > d->whi)
        d->whi = hi;
}

static void dram_write(kc_dram *d, const kc_bus_req *req)
{
    unsigned n = dram_in_range(d, req->addr);
    uint64_t strb = req->wstrb;
    if (d->beat < 64)
        strb &= (UINT64_C(1) << d->beat) - 1;
    uint64_t inside = n >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << n) - 1;
    unsigned total = (unsigned)__builtin_popcountll(strb);
    d->write_bytes += total;
    d->dropped_bytes += total - (unsigned)__builtin_popcountll(strb & inside);
    strb &= inside;
    if (!strb)
        return;
    mark_written(d, req->addr, strb);
    uint8_t *dst = d->mem + req->addr;
    if (strb == inside) {                        /* full beat: the common case */
        memcpy(dst, req->wdata, n);
        return;
    }
    while (strb) {
        unsigned i = (unsigned)__builtin_ctzll(strb);
        dst[i] = req->wdata[i];
        strb &= strb - 1;
    }
}

void kc_dram_commit(kc_dram *d, const kc_bus_req *req, const kc_bus_resp *resp)
{
    if (resp->resp_valid) {
        if (++d->head == d->ring_size)
            d->head = 0;
        d->count--;
    }
    if (req->valid && resp->req_ready) {
        d->tokens -= d->beat;
        if (req->write)
            dram_write(d, req);
        else
            dram_read(d, req->addr);
    }
    d->tokens += d->cfg.bytes_per_cycle;
    if (d->tokens > d->cap)
        d->tokens = d->cap;
    d->now++;
}

int kc_dram_busy(const kc_dram *d)
{
    return d->count != 0;
}

void kc_dram_bytes(const kc_dram *d, uint64_t *read_bytes, uint64_t *write_bytes)
{
    if (read_bytes)
        *read_bytes = d->read_bytes;
    if (write_bytes)
        *write_bytes = d->write_bytes;
}

uint64_t kc_dram_dropped_bytes(const kc_dram *d)
{
    return d->dropped_bytes;
}

void kc_dram_written(const kc_dram *d, kc_dram_wmap *out)
{
    out->bits = d->wbits;
    out->lo = d->wlo;
    out->hi = d->whi;
}

uint32_t kc_dram_wmap_first(const kc_dram_wmap *w, uint32_t from, uint32_t to)
{
    uint32_t a = from > w->lo ? from : w->lo;
    uint32_t end = to < w->hi ? to : w->hi;
    if (a >= end)
        return to;
    uint32_t i = a >> 6, last = (end - 1) >> 6;
    uint64_t bits = w->bits[i] & (~UINT64_C(0) << (a & 63));
    while (!bits && i < last)
        bits = w->bits[++i];
    if (!bits)
        return to;
    uint32_t hit = (i << 6) + (unsigned)__builtin_ctzll(bits);
    return hit < end ? hit : to;
}
