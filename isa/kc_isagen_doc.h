/* kc_isagen_doc.h — pieces of the ISA-document generator shared by its files
 * (kc_isagen_doc.c: the npu document and the per-instruction parts;
 * kc_isagen_doc_vliw.c: the document of a bundle ISA). Internal to isa/.
 */
#ifndef KC_ISAGEN_DOC_H
#define KC_ISAGEN_DOC_H

#include <stddef.h>

#include "kc_err.h"
#include "kc_isa.h"
#include "kc_isagen_buf.h"

/* "opcode[31:26]=0x20 | rd[25:22] | ... | 0[13:6] | funct[5:0]=0" */
void kc_isagen_doc_layout(const kc_isa *isa, const kc_isa_insn *in, char *buf, size_t size);
/* What an operand takes: "vector registers v0..v15", "signed immediate -32768..32767". */
void kc_isagen_doc_operand(const kc_isa *isa, const kc_isa_operand *op, char *buf, size_t size);
/* "`r0`..`r15` (scalar registers), ..." and the pseudo-instruction table. */
void kc_isagen_doc_regfiles(const kc_isa *isa, kc_isagen_buf *b);
void kc_isagen_doc_pseudos(const kc_isa *isa, kc_isagen_buf *b);
/* The whole document of a bundle ISA (vliw.def) at the table's defaults. */
kc_status kc_isagen_doc_vliw(const kc_isa *isa, char **out, kc_err *err);

#endif
