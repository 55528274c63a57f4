/* test_dram.c — unit tests of the DRAM model (harness/kc_dram.c): exact latency,
 * exact sustained bandwidth, in-order responses, data captured at accept time,
 * write strobes, out-of-range handling, reset. */
#include "kc_dram.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures;

#define CHECK(cond, ...)                                                           \
    do {                                                                           \
        if (!(cond)) {                                                             \
            failures++;                                                            \
            fprintf(stderr, "%s:%d: CHECK(%s) failed: ", __FILE__, __LINE__, #cond); \
            fprintf(stderr, __VA_ARGS__);                                          \
            fputc('\n', stderr);                                                   \
        }                                                                          \
    } while (0)

static kc_dram *open_dram(uint32_t size, unsigned latency, unsigned bw, unsigned beat)
{
    kc_dram_cfg cfg = { size, latency, bw };
    kc_dram *d = NULL;
    kc_err err;
    kc_err_clear(&err);
    if (kc_dram_open(&d, &cfg, beat, &err) != KC_OK) {
        fprintf(stderr, "kc_dram_open: %s\n", err.text);
        exit(1);
    }
    return d;
}

/* One cycle of the kc_bus protocol against the DRAM alone. */
static void step(kc_dram *d, const kc_bus_req *req, kc_bus_resp *resp)
{
    kc_dram_drive(d, req, resp);
    kc_dram_commit(d, req, resp);
}

static kc_bus_req read_req(uint32_t addr)
{
    kc_bus_req r;
    memset(&r, 0, sizeof r);
    r.valid = 1;
    r.addr = addr;
    return r;
}

static void test_defaults_and_args(void)
{
    kc_dram *d = NULL;
    kc_err err;
    kc_err_clear(&err);
    CHECK(kc_dram_open(&d, NULL, 32, &err) == KC_OK, "open with defaults: %s", err.text);
    const kc_dram_cfg *c = kc_dram_config(d);
    CHECK(c->size_bytes == KC_DRAM_DEFAULT_SIZE && c->latency == KC_DRAM_DEFAULT_LATENCY &&
              c->bytes_per_cycle == KC_DRAM_DEFAULT_BW,
          "defaults %u %u %u", c->size_bytes, c->latency, c->bytes_per_cycle);
    kc_dram_close(d);

    kc_err_clear(&err);
    CHECK(kc_dram_open(&d, NULL, 0, &err) == KC_ERR_USAGE && d == NULL, "beat 0 accepted");
    kc_err_clear(&err);
    CHECK(kc_dram_open(&d, NULL, KC_BEAT_BYTES_MAX + 1, &err) == KC_ERR_USAGE, "beat too wide");
    kc_err_clear(&err);
    kc_dram_cfg bad = { 4096, 1000000, 32 };
    CHECK(kc_dram_open(&d, &bad, 32, &err) == KC_ERR_RANGE && err.text[0], "huge latency");
}

/* A read accepted in cycle 0 is delivered in cycle `latency`, never earlier or
 * later, with the data DRAM held when it was accepted. */
static void test_latency(void)
{
    static const unsigned lats[] = { 1, 2, 7, 64, 200 };
    for (size_t i = 0; i < sizeof lats / sizeof lats[0]; i++) {
        unsigned lat = lats[i];
        kc_dram *d = open_dram(1 << 16, lat, 32, 32);
        uint8_t *m = kc_dram_data(d);
        for (int b = 0; b < 32; b++)
            m[0x100 + b] = (uint8_t)(b + 1);

        kc_bus_req rq = read_req(0x100), idle;
        kc_bus_resp rs;
        memset(&idle, 0, sizeof idle);
        kc_dram_drive(d, &rq, &rs);
        CHECK(rs.req_ready && !rs.resp_valid, "lat %u: first read not accepted at once", lat);
        kc_dram_commit(d, &rq, &rs);
        memset(m + 0x100, 0xAB, 32); /* overwrite after accept: the read keeps old data */
        CHECK(kc_dram_busy(d), "lat %u: not busy with a read in flight", lat);

        unsigned got = 0;
        for (unsigned c = 1; c <= lat + 5; c++) {
            kc_dram_drive(d, &idle, &rs);
            if (rs.resp_valid) {
                CHECK(got == 0, "lat %u: second response at cycle %u", lat, c);
                got = c;
                for (int b = 0; b < 32; b++)
                    CHECK(rs.rdata[b] == b + 1, "lat %u: byte %d = %u", lat, b, rs.rdata[b]);
            }
            kc_dram_commit(d, &idle, &rs);
        }
        CHECK(got == lat, "latency %u: response in cycle %u", lat, got);
        CHECK(!kc_dram_busy(d), "lat %u: still busy", lat);
        uint64_t rb, wb;
        kc_dram_bytes(d, &rb, &wb);
        CHECK(rb == 32 && wb == 0, "lat %u: bytes %llu/%llu", lat, (unsigned long long)rb,
              (unsigned long long)wb);
        kc_dram_close(d);
    }
}

/* Continuous demand for `cycles` cycles: the k-th beat (0-based) is accepted in
 * cycle ceil(k*beat/bw) (one per cycle at most), so exactly
 * floor((cycles-1)*bw/beat)+1 beats get through when bw <= beat, and one per
 * cycle otherwise. Reads and writes alternate: both draw on the same bucket. */
static void test_bandwidth(void)
{
    static const struct { unsigned bw, beat; } cases[] = {
        { 8, 32 }, { 16, 32 }, { 32, 32 }, { 64, 32 }, { 12, 32 }, { 1, 32 },
        { 48, 64 }, { 100, 64 }, { 5, 16 },
    };
    const uint64_t cycles = 200003;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        unsigned bw = cases[i].bw, beat = cases[i].beat;
        kc_dram *d = open_dram(1 << 20, 16, bw, beat);
        kc_bus_req rq = read_req(0);
        rq.wstrb = beat == 64 ? ~UINT64_C(0) : (UINT64_C(1) << beat) - 1;
        kc_bus_resp rs;
        uint64_t beats = 0, resps = 0, last_accept = 0;
        for (uint64_t c = 0; c < cycles; c++) {
            rq.write = (int)(beats & 1);
            rq.addr = (uint32_t)((beats * beat) % (1 << 20));
            kc_dram_drive(d, &rq, &rs);
            if (rs.req_ready) {
                uint64_t expect = bw >= beat ? beats : (beats * beat + bw - 1) / bw;
                if (c != expect && failures < 20)
                    CHECK(c == expect, "bw %u beat %u: beat %llu accepted in cycle %llu, want %llu",
                          bw, beat, (unsigned long long)beats, (unsigned long long)c,
                          (unsigned long long)expect);
                beats++;
                last_accept = c;
            }
            resps += (uint64_t)rs.resp_valid;
            kc_dram_commit(d, &rq, &rs);
        }
        uint64_t want = bw >= beat ? cycles : (cycles - 1) * bw / beat + 1;
        CHECK(beats == want, "bw %u beat %u: %llu beats in %llu cycles, want %llu", bw, beat,
              (unsigned long long)beats, (unsigned long long)cycles, (unsigned long long)want);
        unsigned eff = bw < beat ? bw : beat;
        double rate = (double)(beats * beat) / (double)cycles;
        CHECK(rate > eff * 0.999 && rate < eff * 1.001 + (double)beat / (double)cycles,
              "bw %u: rate %.4f", bw, rate);
        uint64_t rb, wb;
        kc_dram_bytes(d, &rb, &wb);
        CHECK(rb + wb == beats * beat, "bw %u: counted %llu bytes, moved %llu", bw,
              (unsigned long long)(rb + wb), (unsigned long long)(beats * beat));
        (void)last_accept;
        (void)resps;
        kc_dram_close(d);
    }
}

/* An idle port banks at most one beat plus one cycle of tokens: after a long idle
 * period a stream is not faster than from a fresh reset by more than one beat. */
static void test_no_banking(void)
{
    kc_dram *d = open_dram(1 << 16, 4, 8, 32);
    kc_bus_req idle, rq = read_req(0);
    kc_bus_resp rs;
    memset(&idle, 0, sizeof idle);
    for (int c = 0; c < 1000; c++)
        step(d, &idle, &rs);
    uint64_t beats = 0;
    for (int c = 0; c < 400; c++) {
        kc_dram_drive(d, &rq, &rs);
        beats += (uint64_t)rs.req_ready;
        kc_dram_commit(d, &rq, &rs);
    }
    CHECK(beats <= (400 - 1) * 8 / 32 + 2, "idle banked tokens: %llu beats in 400 cycles",
          (unsigned long long)beats);
    kc_dram_close(d);
}

/* Back-to-back reads of distinct data come back in order, each exactly latency
 * cycles after it was accepted; a read after a write sees the write. */
static void test_ordering(void)
{
    const unsigned lat = 5, n = 40;
    kc_dram *d = open_dram(1 << 16, lat, 16, 32); /* one beat every other cycle */
    uint8_t *m = kc_dram_data(d);
    for (unsigned i = 0; i < n; i++)
        memset(m + 32 * i, (int)(i + 1), 32);

    unsigned issued = 0, received = 0;
    uint64_t accepted_at[64];
    kc_bus_req rq;
    kc_bus_resp rs;
    for (uint64_t c = 0; c < 500 && received < n + 1; c++) {
        memset(&rq, 0, sizeof rq);
        if (issued < n) {
            rq = read_req(32 * issued);
        } else if (issued == n) {   /* write beat 3, then read it back */
            rq.valid = rq.write = 1;
            rq.addr = 32 * 3;
            rq.wstrb = 0xffffffffu;
            memset(rq.wdata, 0x77, 32);
        } else if (issued == n + 1) {
            rq = read_req(32 * 3);
        }
        kc_dram_drive(d, &rq, &rs);
        if (rs.resp_valid) {
            CHECK(c == accepted_at[received] + lat, "resp %u in cycle %llu, accepted %llu",
                  received, (unsigned long long)c, (unsigned long long)accepted_at[received]);
            uint8_t want = received < n ? (uint8_t)(received + 1) : 0x77;
            CHECK(rs.rdata[0] == want && rs.rdata[31] == want, "resp %u data %u want %u",
                  received, rs.rdata[0], want);
            received++;
        }
        if (rq.valid && rs.req_ready) {
            if (!rq.write) {
                unsigned slot = issued < n ? issued : n;
                accepted_at[slot] = c;
            }
            issued++;
        }
        kc_dram_commit(d, &rq, &rs);
    }
    CHECK(received == n + 1, "received %u responses", received);
    kc_dram_close(d);
}

static void test_strobes(void)
{
    kc_dram *d = open_dram(1 << 12, 3, 32, 32);
    uint8_t *m = kc_dram_data(d);
    memset(m, 0xEE, 1 << 12);
    kc_bus_req rq;
    kc_bus_resp rs;
    memset(&rq, 0, sizeof rq);
    rq.valid = rq.write = 1;
    rq.addr = 0x40;
    rq.wstrb = 0xA5A5A5A5u | (UINT64_C(0xff) << 32); /* bits past the beat are ignored */
    for (int b = 0; b < 32; b++)
        rq.wdata[b] = (uint8_t)b;
    step(d, &rq, &rs);
    CHECK(rs.req_ready, "write not accepted");
    for (int b = 0; b < 32; b++) {
        int on = (int)((0xA5A5A5A5u >> b) & 1);
        CHECK(m[0x40 + b] == (on ? b : 0xEE), "byte %d = %#x (strobe %d)", b, m[0x40 + b], on);
    }
    CHECK(m[0x3f] == 0xEE && m[0x60] == 0xEE, "neighbours touched");
    uint64_t rb, wb;
    kc_dram_bytes(d, &rb, &wb);
    CHECK(wb == 16 && rb == 0, "write bytes %llu", (unsigned long long)wb);

    rq.wstrb = 0;  /* an all-off beat still costs bandwidth but writes nothing */
    rq.addr = 0x80;
    step(d, &rq, &rs);
    CHECK(m[0x80] == 0xEE, "zero strobe wrote");
    kc_dram_close(d);
}

static void test_out_of_range(void)
{
    const uint32_t size = 4096;
    kc_dram *d = open_dram(size, 2, 64, 32);
    uint8_t *m = kc_dram_data(d);
    memset(m, 0x11, size);
    kc_bus_req rq, idle;
    kc_bus_resp rs;
    memset(&idle, 0, sizeof idle);

    /* write straddling the end: the inside half lands, the rest is dropped */
    memset(&rq, 0, sizeof rq);
    rq.valid = rq.write = 1;
    rq.addr = size - 8;
    rq.wstrb = 0xffffffffu;
    memset(rq.wdata, 0x22, 32);
    step(d, &rq, &rs);
    CHECK(m[size - 8] == 0x22 && m[size - 1] == 0x22, "inside part not written");
    CHECK(kc_dram_dropped_bytes(d) == 24, "dropped %llu", (unsigned long long)kc_dram_dropped_bytes(d));

    /* reads: straddling, far outside, and at the top of the 32-bit space */
    const uint32_t addrs[] = { size - 16, size + 4096, 0xffffffe0u };
    for (int i = 0; i < 3; i++) {
        rq = read_req(addrs[i]);
        step(d, &rq, &rs);
        CHECK(rs.req_ready, "read %d not accepted", i);
        step(d, &idle, &rs);
        kc_dram_drive(d, &idle, &rs);
        CHECK(rs.resp_valid, "read %d: no response", i);
        for (int b = 0; b < 32; b++) {
            uint8_t want = (i == 0 && b < 8) ? 0x11 : (i == 0 && b < 16) ? 0x22 : 0;
            CHECK(rs.rdata[b] == want, "read %d byte %d = %#x want %#x", i, b, rs.rdata[b], want);
        }
        kc_dram_commit(d, &idle, &rs);
    }
    CHECK(kc_dram_dropped_bytes(d) == 24 + 16 + 32 + 32, "dropped %llu",
          (unsigned long long)kc_dram_dropped_bytes(d));

    /* a wholly outside write touches nothing */
    memset(&rq, 0, sizeof rq);
    rq.valid = rq.write = 1;
    rq.addr = 0xfffffff0u;
    rq.wstrb = 0xffffffffu;
    step(d, &rq, &rs);
    CHECK(m[0] == 0x11, "wrapped write");

    kc_dram_reset(d);
    uint64_t rb, wb;
    kc_dram_bytes(d, &rb, &wb);
    CHECK(rb == 0 && wb == 0 && kc_dram_dropped_bytes(d) == 0 && !kc_dram_busy(d),
          "reset left state");
    CHECK(m[size - 1] == 0x22, "reset cleared data");
    kc_dram_close(d);
}

/* Reset drops reads in flight: nothing is delivered afterwards. */
static void test_reset_inflight(void)
{
    kc_dram *d = open_dram(1 << 12, 3, 32, 32);
    kc_bus_req rq = read_req(0), idle;
    kc_bus_resp rs;
    memset(&idle, 0, sizeof idle);
    step(d, &rq, &rs);
    CHECK(kc_dram_busy(d), "not busy");
    kc_dram_reset(d);
    for (int c = 0; c < 10; c++) {
        step(d, &idle, &rs);
        CHECK(!rs.resp_valid, "stale response after reset in cycle %d", c);
    }
    kc_dram_close(d);
}

/* The write map records exactly the enabled, in-range bytes written through the
 * port — whatever their value — and nothing else; reset clears it. */
static void test_write_map(void)
{
    const uint32_t size = 4096;
    kc_dram *d = open_dram(size, 2, 64, 64);
    uint8_t *m = kc_dram_data(d);
    memset(m, 0x5A, size);                        /* loading an image is not a write */
    kc_dram_wmap w;
    kc_dram_written(d, &w);
    CHECK(w.lo == w.hi && kc_dram_wmap_first(&w, 0, size) == size, "fresh map not empty");

    kc_bus_req rq, idle;
    kc_bus_resp rs;
    memset(&idle, 0, sizeof idle);
    memset(&rq, 0, sizeof rq);
    rq.valid = rq.write = 1;
    rq.addr = 0x100 + 40;                         /* unaligned: spans two map words */
    rq.wstrb = (UINT64_C(1) << 3) | (UINT64_C(1) << 30) | (UINT64_C(1) << 63);
    memset(rq.wdata, 0x5A, sizeof rq.wdata);      /* the bytes already there */
    step(d, &rq, &rs);
    rq = read_req(0x800);                         /* reads never mark */
    step(d, &rq, &rs);
    step(d, &idle, &rs);
    step(d, &idle, &rs);
    kc_dram_written(d, &w);
    uint32_t a0 = 0x100 + 40 + 3, a1 = 0x100 + 40 + 30, a2 = 0x100 + 40 + 63;
    CHECK(w.lo == a0 && w.hi == a2 + 1, "bounds [%#x, %#x)", w.lo, w.hi);
    CHECK(kc_dram_wmap_first(&w, 0, size) == a0, "first %#x", kc_dram_wmap_first(&w, 0, size));
    CHECK(kc_dram_wmap_first(&w, a0 + 1, size) == a1, "second");
    CHECK(kc_dram_wmap_first(&w, a1 + 1, size) == a2, "third (next word)");
    CHECK(kc_dram_wmap_first(&w, a2 + 1, size) == size, "past the last");
    CHECK(kc_dram_wmap_first(&w, a0 + 1, a1) == a1, "empty window returns its end");
    CHECK(kc_dram_wmap_first(&w, 0x800, 0x840) == 0x840, "a read was recorded");
    CHECK(m[a0] == 0x5A, "data");

    /* a write straddling the end: only the inside bytes are recorded */
    memset(&rq, 0, sizeof rq);
    rq.valid = rq.write = 1;
    rq.addr = size - 4;
    rq.wstrb = ~UINT64_C(0);
    step(d, &rq, &rs);
    kc_dram_written(d, &w);
    CHECK(w.hi == size && kc_dram_wmap_first(&w, a2 + 1, size) == size - 4, "end write");

    kc_dram_reset(d);
    kc_dram_written(d, &w);
    CHECK(w.lo == w.hi && kc_dram_wmap_first(&w, 0, size) == size, "reset kept the map");
    for (uint32_t i = 0; i < size / 64 + 2; i++)
        CHECK(w.bits[i] == 0, "word %u not cleared", i);
    kc_dram_close(d);
}

int main(void)
{
    test_defaults_and_args();
    test_latency();
    test_bandwidth();
    test_no_banking();
    test_ordering();
    test_strobes();
    test_out_of_range();
    test_write_map();
    test_reset_inflight();
    if (failures) {
        fprintf(stderr, "test_dram: %d failure(s)\n", failures);
        return 1;
    }
    printf("test_dram: all passed\n");
    return 0;
}
