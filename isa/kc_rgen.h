/* kc_rgen.h — a platform's random-program generator, the hook `kc cosim
 * --random` uses (kc_platform_family.rgen; kc_campaign runs it).
 *
 * A program is kernel text for the platform's own build (so a failing one is a
 * readable, re-runnable file), the initial argument registers and a DRAM image,
 * all a function of the seed and the build's sizes.
 */
#ifndef KC_RGEN_H
#define KC_RGEN_H

#include <stddef.h>
#include <stdint.h>

#include "kc_err.h"
#include "kc_hw.h"

#define KC_RGEN_MAX_ARGS 16

typedef struct kc_rgen_prog {
    char *text;                       /* malloc'd kernel text (free with free()) */
    uint32_t args[KC_RGEN_MAX_ARGS];  /* initial argument registers */
    size_t nargs;
    int trap;                         /* the trap cause it was generated to end with (0: halt) */
} kc_rgen_prog;

typedef struct kc_rgen_ops {
    /* The program of `seed` for the build `hw` with `dram_bytes` of DRAM. */
    kc_status (*program)(uint64_t seed, const kc_hw *hw, uint32_t dram_bytes, kc_rgen_prog *out, kc_err *err);
    /* Its DRAM image (size bytes). */
    void (*fill_dram)(uint64_t seed, uint8_t *data, size_t size);
    /* The instruction table the reference's event rows index (coverage), or NULL. */
    size_t (*nrows)(void);
    const char *(*row_name)(size_t row);
    /* As program, leaving out the features named in `avoid` (comma-separated, the
     * generator's own names, e.g. vliw's "dma"; an unknown name is KC_ERR_USAGE),
     * for `kc cosim --random --avoid`. NULL: the generator has no such features. */
    kc_status (*program_avoiding)(uint64_t seed, const kc_hw *hw, uint32_t dram_bytes, const char *avoid,
                                  kc_rgen_prog *out, kc_err *err);
    /* DRAM bytes a campaign gives each program when the caller names no size
     * (0: kc_campaign's 256 KiB). vliw's programs need a DMA region per tile. */
    uint32_t dram_bytes;
} kc_rgen_ops;

#endif
