/* rvv.c — the rvv family's shared names (rvv.h), once for every rvv build. */
#include "rvv.h"

#include <stdio.h>

/* Indexed by mcause (RISC-V privileged spec, table "machine cause register");
 * 0 is "instruction-address-misaligned" there, but this core never raises it
 * (no compressed instructions, jumps to odd targets trap as fetch access) and
 * uses 0 for "no trap". */
static const struct {
    const char *name, *info;
} rvv_causes[] = {
    { "none", "" },
    { "instruction-access-fault", "address" },
    { "illegal-instruction", "instruction word" },
    { "breakpoint", "instruction word" },
    { "load-address-misaligned", "address" },
    { "load-access-fault", "address" },
    { "store-address-misaligned", "address" },
    { "store-access-fault", "address" },
};
#define RVV_NCAUSES (sizeof rvv_causes / sizeof rvv_causes[0])

const char *rvv_cause_name(unsigned cause)
{
    return cause < RVV_NCAUSES ? rvv_causes[cause].name : "unknown";
}

const char *rvv_cause_info(unsigned cause)
{
    return cause < RVV_NCAUSES ? rvv_causes[cause].info : "";
}

const char *rvv_trap_describe(unsigned cause, uint32_t pc, uint32_t info, char *buf, size_t size)
{
    const char *what = rvv_cause_info(cause);
    if (size)
        snprintf(buf, size, "%s at pc 0x%08x%s%s%s0x%08x%s", rvv_cause_name(cause), (unsigned)pc,
                 what[0] ? " (" : "", what, what[0] ? " " : " info ", (unsigned)info, what[0] ? ")" : "");
    return buf;
}
