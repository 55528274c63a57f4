/* npu.c — the npu family's shared names and load list (npu.h), once for every npu build. */
#include "npu.h"

static const char *const npu_cause_names[] = {
    "none", "illegal-instruction", "pc-range", "vsram-range",
    "dram-range", "dram-misaligned", "bad-config", "loop",
};

const char *npu_cause_name(unsigned cause)
{
    return cause < sizeof npu_cause_names / sizeof npu_cause_names[0] ? npu_cause_names[cause] : "unknown";
}

size_t npu_load_writes(const kc_image *img, size_t prev_words, kc_load_write *out, size_t cap)
{
    size_t nwords;
    const uint32_t *program = kc_image_words(img, &nwords);
    size_t n = nwords > prev_words ? nwords : prev_words;
    for (size_t i = 0; i < n && i < cap; i++)
        out[i] = (kc_load_write){ (uint32_t)i, i < nwords ? program[i] : 0u };
    return n;
}
