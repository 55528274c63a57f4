#include "rvv_rgen.h"
#include <stdlib.h>
#include <string.h>
kc_status rvv_rgen_program(uint64_t seed, const rvv_rgen_opts *o, rvv_rgen_prog *out, kc_err *err)
{
    (void)seed; (void)o; (void)err;
    memset(out, 0, sizeof *out);
    out->text = strdup("    .text\n    .globl kernel\nkernel:\n    li t0, 1\n    ret\n");
    return KC_OK;
}
void rvv_rgen_prog_free(rvv_rgen_prog *p) { free(p->text); p->text = NULL; }
void rvv_rgen_fill_dram(uint64_t seed, uint8_t *data, size_t size) { (void)seed; memset(data, 0, size); }
