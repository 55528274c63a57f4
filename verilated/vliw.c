/* vliw.c — the vliw family's shared names (vliw.h), once for every vliw build. */
#include "vliw.h"

#include <stdio.h>

#include "vliw_iss.h"

const char *vliw_cause_name(unsigned cause)
{
    return vliw_iss_cause_name(cause);   /* the codes are the ISS's: one table */
}

/* What the detail field holds, per cause (rtl/vliw/vliw_top_ports.md). */
static const char *const vliw_details[VLIW_NTRAPS] = {
    "", "low 20 bits of the slot word", "pc", "address or lock id", "address",
    "register (file << 4 | index; files r, p, m, v, acc)", "lock id", "DRAM address", "BD",
};

const char *vliw_trap_describe(unsigned cause, uint32_t pc, uint32_t info, char *buf, size_t size)
{
    static const char *const slots[] = { "S", "L0", "L1", "ST", "MAC", "VEC", "MV", "DMA ch0", "DMA ch1" };
    unsigned slot = (info >> 20) & 15;
    if (size)
        snprintf(buf, size, "%s on tile %u at bundle %u, slot %s (%s 0x%05x)", vliw_cause_name(cause),
                 (unsigned)(info >> 24), (unsigned)pc, slot < 9 ? slots[slot] : "?",
                 cause < VLIW_NTRAPS && vliw_details[cause][0] ? vliw_details[cause] : "detail",
                 (unsigned)(info & 0xfffff));
    return buf;
}
