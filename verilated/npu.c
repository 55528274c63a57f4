/* npu.c — the npu family's shared names (npu.h), once for every npu build. */
#include "npu.h"

static const char *const npu_cause_names[] = {
    "none", "illegal-instruction", "pc-range", "vsram-range",
    "dram-range", "dram-misaligned", "bad-config", "loop",
};

const char *npu_cause_name(unsigned cause)
{
    return cause < sizeof npu_cause_names / sizeof npu_cause_names[0] ? npu_cause_names[cause] : "unknown";
}
