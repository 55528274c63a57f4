/* tmpl_wide_iss — runs the npu template compiler's baselines on the ISS built at
 * another size and checks them against the references: the correctness evidence
 * for the sizes npu_tmpl.c serves besides the default. Built and run by
 * tests/tasks/tmpl_wide_iss.sh, which compiles isa/kc_iss.c against a copy of
 * isa/npu.def at the other size (the ISS's sizes are compile-time constants
 * until it reads them from kc_hw); not a ctest.
 * Usage: tmpl_wide_iss TASK... ; prints one line per (task, config, seed) and
 * exits 1 when a served kernel traps, runs away or is wrong. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kc_asm.h"
#include "kc_check.h"
#include "kc_isa.h"
#include "kc_iss.h"
#include "npu/npu_tmpl.h"

#define NSEEDS 2

/* One seed of (t, c): 1 when correct. */
static int run_one(const kc_task *t, int c, const kc_program *prog, uint64_t seed)
{
    kc_err err = { 0 };
    char eb[512];
    kc_task_inst inst;
    memset(&inst, 0, sizeof inst);
    kc_dram *dram = NULL;
    kc_iss *iss = NULL;
    kc_layout l;
    int ok = 0;
    if (kc_task_inst_make(&inst, t, c, KC_DTYPE_BF16, seed, &err) != KC_OK ||
        kc_dram_open(&dram, NULL, 32, &err) != KC_OK || /* the ISS reads DRAM directly */
        kc_check_layout(&inst, kc_dram_config(dram)->size_bytes, 256, &l, &err) != KC_OK ||
        kc_iss_open(&iss, &err) != KC_OK) {
        printf("%-12s C%d seed %llu: %s\n", t->name, c, (unsigned long long)seed,
               kc_err_format(&err, eb, sizeof eb));
        goto out;
    }
    uint32_t size = kc_dram_config(dram)->size_bytes;
    kc_check_fill(&inst, &l, kc_dram_data(dram), size);
    if (kc_iss_reset(iss, prog->words, prog->nwords, l.addr, l.ntensors, dram, &err) != KC_OK) {
        printf("%-12s C%d seed %llu: %s\n", t->name, c, (unsigned long long)seed,
               kc_err_format(&err, eb, sizeof eb));
        goto out;
    }
    kc_core_state st = kc_iss_run(iss, 4000000000ull);
    kc_check_result res;
    kc_check_run(&inst, &l, kc_dram_data(dram), size, NULL, &res);
    ok = st == KC_CORE_HALTED && res.correct;
    printf("%-12s C%d seed %llu: %s (%s, %llu instructions, %zu mismatches, worst %.3f)\n",
           t->name, c, (unsigned long long)seed, ok ? "correct" : "WRONG",
           st == KC_CORE_HALTED ? "halted" : st == KC_CORE_TRAPPED ? "trapped" : "limit",
           (unsigned long long)kc_iss_instret(iss), res.mismatches, res.worst);
out:
    if (iss)
        kc_iss_close(iss);
    if (dram)
        kc_dram_close(dram);
    kc_task_inst_free(&inst);
    return ok;
}

int main(int argc, char **argv)
{
    static const kc_hw_param rows[] = {
        { "VLEN", KC_ISS_VLEN, NULL }, { "VROWS", KC_ISS_VROWS, NULL },
        { "MLEN", KC_ISS_MLEN, NULL }, { "MROWS", KC_ISS_MROWS, NULL },
    };
    const kc_hw hw = { "npu_iss", "npu", sizeof rows / sizeof rows[0], rows };
    const kc_isa *isa;
    kc_err err = { 0 };
    char eb[512];
    if (kc_isa_load("npu", &isa, &err) != KC_OK) {
        fprintf(stderr, "tmpl_wide_iss: %s\n", kc_err_format(&err, eb, sizeof eb));
        return 2;
    }
    int wrong = 0;
    for (int a = 1; a < argc; a++) {
        const kc_task *t = kc_task_find(argv[a]);
        if (!t) {
            fprintf(stderr, "tmpl_wide_iss: no task %s\n", argv[a]);
            return 2;
        }
        for (int c = 1; c <= KC_TASK_NCONFIGS; c++) {
            char *text = NULL;
            kc_program prog = { 0 };
            kc_err_clear(&err);
            if (npu_tmpl_emit(t, c, &hw, &text, &err) != KC_OK) {
                printf("%-12s C%d: %s\n", t->name, c, kc_err_format(&err, eb, sizeof eb));
                continue;
            }
            if (kc_asm_assemble(isa, text, t->name, &prog, &err) != KC_OK) {
                printf("%-12s C%d: %s\n", t->name, c, kc_err_format(&err, eb, sizeof eb));
                wrong++;
            } else
                for (uint64_t seed = 1; seed <= NSEEDS; seed++)
                    wrong += !run_one(t, c, &prog, seed);
            kc_program_free(&prog);
            free(text);
        }
    }
    printf("%d wrong\n", wrong);
    return wrong != 0;
}
