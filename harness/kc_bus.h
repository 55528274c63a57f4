/* kc_bus.h — the memory port every accelerator exposes to the harness DRAM model.
 *
 * One request channel (valid/ready) and one in-order read-response channel, both
 * sampled at the rising clock edge. A beat is `beat_bytes` wide and aligned to it
 * (32 bytes on the npu). The protocol, per cycle:
 *   1. the model's outputs (kc_bus_req) are read after the previous edge; valid
 *      never depends on ready in the same cycle;
 *   2. the DRAM model decides req_ready and whether a read response is delivered
 *      this cycle (kc_bus_resp);
 *   3. the clock edge: the accelerator sees ready/resp, the DRAM model commits the
 *      request if valid && ready (a write updates memory then; a read captures
 *      data then and returns it `latency` cycles later).
 * This header is plain C so that a SystemC/TLM wrapper can drive the same model.
 */
#ifndef KC_BUS_H
#define KC_BUS_H

#include <stdint.h>

#define KC_BEAT_BYTES_MAX 64

typedef struct kc_bus_req {
    int valid;
    int write;
    uint32_t addr;                          /* byte address, beat aligned */
    uint64_t wstrb;                         /* byte enables, bit i = byte i */
    uint8_t wdata[KC_BEAT_BYTES_MAX];
} kc_bus_req;

typedef struct kc_bus_resp {
    int req_ready;
    int resp_valid;
    uint8_t rdata[KC_BEAT_BYTES_MAX];
} kc_bus_resp;

#endif
