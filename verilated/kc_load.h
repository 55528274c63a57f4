/* kc_load.h — a program's way into an accelerator top, as data.
 *
 * Every top takes its program through a load port (write enable, address, word)
 * while rst is high, one write per clock edge; the shim's load() (C++ model,
 * kc_vl_model.h) holds rst, gives two idle edges, one edge per write, two idle
 * edges. The family computes the writes from the image (npu_load_writes, ...),
 * so that the C++ model and the SystemC module (systemc/kc_sc_acc.h, which
 * plays the same list on its signals, one write per cycle of its clock) load
 * the same words in the same order.
 */
#ifndef KC_LOAD_H
#define KC_LOAD_H

#include <stdint.h>

typedef struct kc_load_write {
    uint32_t addr;   /* the load port's address (its meaning is the family's) */
    uint32_t data;
} kc_load_write;

#endif
