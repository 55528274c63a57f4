/* kc_isagen.h — generators driven by an ISA table: the Verilog header of
 * opcodes/fields/parameters (rtl/<isa>/<isa>_isa.vh) and the agent-facing ISA
 * document (docs/isa/<isa>.md). Both outputs are deterministic and committed;
 * tests regenerate them and fail when the committed copies are stale.
 */
#ifndef KC_ISAGEN_H
#define KC_ISAGEN_H

#include "kc_err.h"
#include "kc_hw.h"
#include "kc_isa.h"

/* Paths of the committed outputs, relative to the repository root. */
#define KC_ISAGEN_VH_PATH_FMT  "rtl/%s/%s_isa.vh"
#define KC_ISAGEN_DOC_PATH_FMT "docs/isa/%s.md"

/* Generated texts; *out is malloc'd (caller frees).
 * kc_isagen_verilog: the header of the table's defaults (what the RTL's parameters
 * default to). kc_isagen_doc: the document of one build, its sizes read from hw (the
 * build's parameter table, e.g. a model's kc_acc_ops.hw or npu_hw_default_table());
 * rows hw lacks keep the table's default, and NULL means the table's defaults. */
kc_status kc_isagen_verilog(const kc_isa *isa, char **out, kc_err *err);
kc_status kc_isagen_doc(const kc_isa *isa, const kc_hw *hw, char **out, kc_err *err);

/* Writes text to path (replacing it). */
kc_status kc_isagen_write(const char *path, const char *text, kc_err *err);

/* KC_OK when the file at path holds exactly text; otherwise an error naming the
 * first differing line and the command that regenerates the file. */
kc_status kc_isagen_compare(const char *path, const char *text, const char *regen_cmd, kc_err *err);

#endif
