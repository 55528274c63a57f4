/* vliw_test_run.h — what the stage tests share: generate a kernel from a
 * list of stages (vliw_emit_stages), assemble it and run it on the timed ISS
 * of the given sizes with the caller's DRAM and arguments. */
#ifndef VLIW_TEST_RUN_H
#define VLIW_TEST_RUN_H

#include <stdint.h>

#include "kc_asm.h"
#include "kc_dram.h"
#include "vliw_emit.h"
#include "vliw_iss.h"

/* 1 when the kernel halted (*cycles: its cycles); else prints why (prefixed
 * with the array size) and returns 0. */
int vliw_test_run(const kc_isa *isa, const vliw_iss_params *pr, const vliw_stage *stages, int n,
                  const uint32_t *args, unsigned nargs, kc_dram *dram, uint64_t *cycles);

/* The sizes of "ROWSxCOLS" (other parameters at their defaults); 0 on a bad
 * string or sizes the ISS refuses (printed). */
int vliw_test_size(const char *s, vliw_iss_params *pr);

#endif
