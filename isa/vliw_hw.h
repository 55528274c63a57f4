/* vliw_hw.h — the vliw's sizes as a view of a build's kc_hw table, and the few
 * facts of the program image and the ABI that the model's loader, the ISS's
 * reference wrapper and the platform row share.
 *
 * Sizes: the view is the ISS's vliw_iss_params (one struct for the one design),
 * filled from the build's parameters (kc_acc_ops.hw, read from the Verilated
 * model), missing rows from isa/vliw.def's VLIW_PARAM defaults. So the second
 * size (vliw_small) needs no C edit.
 *
 * Image: executable segments of 7 little-endian slot words per bundle
 * (pc_bytes = insn_bytes = 28); byte address = PM address * 28 where the PM
 * address (in bundles) is sel << 24 | bundle: sel 0 is the SPMD program every
 * tile loads, sel t + 1 tile t's own program (it overrides the SPMD one).
 */
#ifndef VLIW_HW_H
#define VLIW_HW_H

#include <stddef.h>
#include <stdint.h>

#include "kc_err.h"
#include "kc_hw.h"
#include "kc_image.h"
#include "kc_isa.h"
#include "vliw_iss.h"

#define VLIW_BUNDLE_WORDS 7u
#define VLIW_BUNDLE_BYTES (4u * VLIW_BUNDLE_WORDS)
#define VLIW_NARGS_REG 8u                  /* r1..r8 */
#define VLIW_NARGS 40u                     /* r1..r8, then DM words (vliw_hw_xarg_addr) */
#define VLIW_PM_SEL_SHIFT 24u              /* PM address = sel << 24 | bundle */

/* The view of hw (NULL = the defaults of isa/vliw.def); sizes the design cannot
 * have are KC_ERR_RANGE (vliw_iss_params_from's checks). */
kc_status vliw_hw_from(const kc_hw *hw, vliw_iss_params *out, kc_err *err);

/* The isa/vliw.def defaults as a kc_hw table (family and build "vliw"). */
const kc_hw *vliw_hw_default_table(void);

/* DM byte offset (window 0, every tile) of tensor address i (8 <= i < VLIW_NARGS):
 * the top 4 * (VLIW_NARGS - 8) bytes of the data memory, in argument order. */
uint32_t vliw_hw_xarg_addr(const vliw_iss_params *p, unsigned i);

/* The slot words of bundle `pc` (a bundle index) as tile `tile` loads it from
 * img: its own segment, else the SPMD one. Returns 1, or 0 (nop words) when
 * no segment holds it. */
int vliw_hw_bundle(const kc_image *img, unsigned tile, uint32_t pc, uint32_t w[VLIW_BUNDLE_WORDS]);

/* 1 when the image holds tile `tile`'s own program (`.tile N`: PM selector N + 1),
 * 0 when the tile runs the program every tile runs (selector 0). */
int vliw_hw_tile_has_own(const kc_image *img, unsigned tile);

/* The image pc of tile `tile`'s bundle at its own bundle address `pc`: in its own
 * program when it has one, else in the shared one (what disassembly, source lines
 * and stall sites look up). */
uint64_t vliw_hw_image_pc(const kc_image *img, unsigned tile, uint32_t pc);

/* The image of an assembled program (kc_asm_assemble: segments in bundles), with
 * the source line of every bundle of every program (the SPMD one and each tile's
 * own: a line table per segment). `out` is initialised here. */
struct kc_program;
kc_status vliw_hw_image(const struct kc_program *prog, kc_image *out, kc_err *err);

/* Checks an image's segments fit a build: whole bundles, sel <= tiles, inside
 * the PM, entry 0. */
kc_status vliw_hw_check_image(const vliw_iss_params *p, const kc_image *img, const char *who, kc_err *err);

/* One bundle as text, its instructions in slot order joined by " ; " ("nop"
 * when empty; an illegal word as .word 0x...). Returns buf. */
const char *vliw_hw_bundle_text(const kc_isa *isa, const uint32_t w[VLIW_BUNDLE_WORDS], uint32_t pc, char *buf,
                                size_t size);

#endif
