/* test_tmpl_sizes — the npu template compiler at two sizes: every baseline of
 * every task and config is generated and assembled at the default size (the
 * isa/npu.def parameters) and at the npu_wide size (VLEN=32, MLEN=8,
 * VROWS=4096); at the wide size a served task's kernel is its own (not the
 * default one: the sizes reach the templates) and a task the templates do not
 * serve there gets the clear error, never a kernel. Correctness at the wide size
 * needs a model built at it (the npu_wide RTL / a runtime-sized ISS).
 * Usage: test_tmpl_sizes [GROUP] (default | wide | errors); no group runs all. */
#include <stdlib.h>
#include <string.h>

#include "kc_asm.h"
#include "kc_isa.h"
#include "kc_task.h"
#include "npu/npu_tmpl.h"

#include "kc_test.h"

static const kc_hw_param wide_rows[] = {
    { "VLEN", 32, NULL }, { "MLEN", 8, NULL }, { "VROWS", 4096, NULL },
};
static const kc_hw wide = { "npu_wide", "npu", 3, wide_rows };

/* The tasks issue 11 asks to be right at the second size. */
static const char *const required[] = {
    "relu", "silu", "gelu", "softmax", "layernorm", "rmsnorm", "gemv", "gemm", "linear",
};

/* Generates (t, c) at hw and assembles it; returns the text (caller frees) or
 * NULL with the generator's status in *st. */
static char *gen_asm(const kc_task *t, int c, const kc_hw *hw, kc_status *st, kc_err *err)
{
    char *text = NULL;
    *st = npu_tmpl_emit(t, c, hw, &text, err);
    if (*st != KC_OK) {
        CHECK(text == NULL, "%s C%d: a text with an error", t->name, c);
        return NULL;
    }
    const kc_isa *isa;
    kc_program prog = { 0 };
    kc_err aerr = { 0 };
    char buf[512];
    CHECK(kc_isa_load("npu", &isa, &aerr) == KC_OK, "isa: %s",
          kc_err_format(&aerr, buf, sizeof buf));
    CHECK(kc_asm_assemble(isa, text, t->name, &prog, &aerr) == KC_OK, "%s C%d at %s: %s", t->name,
          c, hw->acc, kc_err_format(&aerr, buf, sizeof buf));
    kc_program_free(&prog);
    return text;
}

static void test_default(void)
{
    int n = 0;
    for (const kc_task *const *t = kc_task_all(); *t; t++)
        for (int c = 1; c <= KC_TASK_NCONFIGS; c++) {
            kc_status st;
            kc_err err = { 0 };
            char buf[512];
            char *text = gen_asm(*t, c, npu_hw_default_table(), &st, &err);
            CHECK(text != NULL, "%s C%d: %s", (*t)->name, c, kc_err_format(&err, buf, sizeof buf));
            /* NULL hw is the default size too */
            char *again = NULL;
            CHECK(npu_tmpl_emit(*t, c, NULL, &again, &err) == KC_OK && text && again &&
                      !strcmp(text, again), "%s C%d: NULL hw is not the default", (*t)->name, c);
            n += text != NULL;
            free(text);
            free(again);
        }
    CHECK(n == 23 * KC_TASK_NCONFIGS, "%d default baselines", n);
}

static void test_wide(void)
{
    npu_hw hw;
    kc_err err = { 0 };
    CHECK(npu_hw_from(&wide, &hw, &err) == KC_OK, "wide table");
    for (size_t i = 0; i < sizeof required / sizeof required[0]; i++) {
        const kc_task *t = kc_task_find(required[i]);
        CHECK(t && npu_tmpl_supported(t, &hw), "%s is not served at the wide size", required[i]);
    }
    int served = 0, refused = 0;
    for (const kc_task *const *t = kc_task_all(); *t; t++)
        for (int c = 1; c <= KC_TASK_NCONFIGS; c++) {
            kc_status st;
            char buf[512], want[128];
            memset(&err, 0, sizeof err);
            char *text = gen_asm(*t, c, &wide, &st, &err);
            if (!npu_tmpl_supported(*t, &hw)) {
                snprintf(want, sizeof want, "baseline: %s is not supported at VLEN=32, MLEN=8, "
                         "VROWS=4096 yet", (*t)->name);
                CHECK(st == KC_ERR_USAGE && strstr(err.text, want), "%s C%d: %s", (*t)->name, c,
                      kc_err_format(&err, buf, sizeof buf));
                refused++;
                continue;
            }
            CHECK(text != NULL, "%s C%d: %s", (*t)->name, c, kc_err_format(&err, buf, sizeof buf));
            if (!text)
                continue;
            served++;
            /* the sizes reach the kernel: vmask and mrows set for the build, and a
             * kernel of its own (the old compile-time sizes gave the default one) */
            const char *cfg = strstr(text, "csrwi mrows, 8\n");
            CHECK(strstr(text, "csrwi vmask, 32\n") && cfg, "%s C%d: no wide configuration",
                  (*t)->name, c);
            char *dflt = NULL;
            if (cfg && npu_tmpl_emit(*t, c, NULL, &dflt, &err) == KC_OK) {
                const char *body = cfg + strlen("csrwi mrows, 8\n");
                const char *dbody = strchr(strchr(dflt, '\n') + 1, '\n') + 1;
                CHECK(strcmp(body, dbody) != 0, "%s C%d: the wide kernel is the default one",
                      (*t)->name, c);
            }
            free(dflt);
            free(text);
        }
    CHECK(served >= 9 * KC_TASK_NCONFIGS && refused > 0, "served %d, refused %d", served, refused);
}

static void test_errors(void)
{
    const kc_task *t = kc_task_find("relu");
    char *text = (char *)1;
    kc_err err = { 0 };
    static const kc_hw_param odd_rows[] = { { "VLEN", 24, NULL } };
    kc_hw odd = { "npu_odd", "npu", 1, odd_rows };
    CHECK(npu_tmpl_emit(t, 1, &odd, &text, &err) == KC_ERR_RANGE && text == NULL,
          "VLEN=24 accepted");
    CHECK(npu_tmpl_emit(t, 6, NULL, &text, &err) == KC_ERR_USAGE && text == NULL,
          "config 6 accepted");
    static const kc_hw_param flat_rows[] = { { "LOOP_DEPTH", 1, NULL } };
    kc_hw flat = { "npu_flat", "npu", 1, flat_rows };
    kc_err_clear(&err);
    CHECK(npu_tmpl_emit(t, 1, &flat, &text, &err) == KC_ERR_USAGE && text == NULL &&
              strstr(err.text, "2 nested hardware loops"), "LOOP_DEPTH=1 accepted");
}

int main(int argc, char **argv)
{
    static const kc_test_group groups[] = {
        { "default", test_default },
        { "wide", test_wide },
        { "errors", test_errors },
    };
    return kc_test_main("test_tmpl_sizes", argc, argv, groups, sizeof groups / sizeof groups[0]);
}
