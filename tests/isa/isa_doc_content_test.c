/* isa_doc_content_test — what the agent-facing ISA document must (not) say.
 *
 * The agent sees only this document: it may not send the reader elsewhere
 * (docs/ files, kc commands), every instruction that runs in the background has
 * measured timing (no "variable" latency), and operands say which SRAM they name.
 *
 *   isa_doc_content_test ISA
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kc_isagen.h"
#include "npu_hw.h"

static int failures;

static void must(int cond, const char *what)
{
    if (!cond) {
        fprintf(stderr, "FAIL: %s\n", what);
        failures++;
    }
}

/* The text of instruction `name`'s entry (up to the next heading). */
static const char *entry(const char *doc, const char *name, char *buf, size_t size)
{
    char head[64];
    snprintf(head, sizeof head, "\n#### %s\n", name);
    const char *p = strstr(doc, head);
    if (!p)
        return "";
    const char *e = strstr(p + strlen(head), "\n#");
    size_t n = e ? (size_t)(e - p) : strlen(p);
    snprintf(buf, size, "%.*s", (int)(n < size ? n : size - 1), p);
    return buf;
}

/* The document's sizes come from the build's parameter table: the defaults table
 * gives the committed document, the npu_wide sizes show in the configuration table
 * and the prose, and another design's table is refused. */
static void sizes_from_hw(const kc_isa *isa, const char *dflt)
{
    kc_err err;
    kc_err_clear(&err);
    char *doc = NULL;
    must(kc_isagen_doc(isa, npu_hw_default_table(), &doc, &err) == KC_OK && doc && !strcmp(doc, dflt),
         "the document of npu_hw_default_table() differs from the table's defaults");
    free(doc);
    const kc_hw_param rows[] = {{"VLEN", 32, NULL}, {"MLEN", 8, NULL}, {"VROWS", 4096, NULL}};
    const kc_hw wide = {"npu_wide", "npu", 3, rows};
    doc = NULL;
    must(kc_isagen_doc(isa, &wide, &doc, &err) == KC_OK && doc, "no document for the npu_wide sizes");
    if (doc) {
        must(strstr(doc, "| VLEN | 32 |") && strstr(doc, "| MLEN | 8 |") && strstr(doc, "| VROWS | 4096 |"),
             "the configuration table does not show the build's sizes");
        must(strstr(doc, "4096 rows of 32 bf16 lanes (64 bytes per row)") != NULL,
             "the machine section does not show the build's vector SRAM");
        must(strstr(doc, "| MROWS | 1024 |") != NULL, "a parameter the build lacks lost its default");
    }
    free(doc);
    const kc_hw other = {"vliw", "vliw", 3, rows};
    doc = NULL;
    must(kc_isagen_doc(isa, &other, &doc, &err) != KC_OK && !doc, "another design's sizes were accepted");
}

int main(int argc, char **argv)
{
    const char *name = argc > 1 ? argv[1] : "npu";
    kc_err err;
    kc_err_clear(&err);
    const kc_isa *isa;
    char *doc = NULL;
    if (kc_isa_load(name, &isa, &err) != KC_OK || kc_isagen_doc(isa, NULL, &doc, &err) != KC_OK) {
        fprintf(stderr, "FAIL: %s\n", err.text);
        return 1;
    }
    /* the maintainer's header comment may name the regeneration command */
    const char *body = strstr(doc, "-->");
    body = body ? body : doc;
    must(!strstr(body, "docs/"), "the document points at a docs/ file the agent cannot read");
    must(!strstr(body, "kc compile") && !strstr(body, "kc disasm"), "the document points at a kc command");
    must(!strstr(body, "variable ("), "an instruction's latency is still 'variable'");
    must(!strstr(body, "above 7 is illegal"), "the encoding text contradicts NAREGS");
    must(strstr(body, "### Timing") != NULL, "no Timing section");
    must(strstr(body, "ignore issue cost") != NULL, "ideal cycles are not said to ignore issue cost");
    static char buf[1 << 16];
    for (size_t i = 0; i < isa->ninsns; i++) {
        const kc_isa_insn *in = &isa->insns[i];
        const char *e = entry(body, in->name, buf, sizeof buf);
        if (in->latency == 0 && !strstr(e, "- Timing")) {
            fprintf(stderr, "FAIL: %s runs in the background but has no Timing\n", in->name);
            failures++;
        }
        for (int k = 0; k < in->nops; k++)
            if (in->ops[k].kind == KC_ISA_K_M && !strstr(e, "MATRIX-SRAM row")) {
                fprintf(stderr, "FAIL: %s's operand is not described as a matrix-SRAM row\n", in->name);
                failures++;
            }
    }
    const char *mld = entry(body, "mld", buf, sizeof buf);
    must(strstr(mld, "MATRIX-SRAM row") && !strstr(mld, "vector-SRAM row whose"),
         "mld's row operand is not a matrix-SRAM row");
    if (!strcmp(name, "npu"))
        sizes_from_hw(isa, doc);
    free(doc);
    if (!failures)
        printf("the %s document is self-contained and has timing for every background instruction\n", name);
    return failures ? 1 : 0;
}
