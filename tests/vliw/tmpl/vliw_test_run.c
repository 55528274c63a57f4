/* vliw_test_run.c — see vliw_test_run.h. */
#include "vliw_test_run.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int vliw_test_run(const kc_isa *isa, const vliw_iss_params *pr, const vliw_stage *stages, int n,
                  const uint32_t *args, unsigned nargs, kc_dram *dram, uint64_t *cycles)
{
    static vliw_gen g;   /* large (a scheduled block) */
    kc_err err = {0};
    memset(&g, 0, sizeof g);
    g.hw = *pr;
    g.ntiles = pr->rows * pr->cols;
    g.nargs = nargs;
    kc_text_init(&g.out);
    kc_text_init(&g.sub);
    kc_status s = vliw_emit_stages(&g, stages, n, &err);
    kc_text_free(&g.sub);
    char *text = kc_text_take(&g.out);
    if (s != KC_OK || g.bad || !text) {
        printf("%ux%u: generation failed: %s%s\n", pr->rows, pr->cols, err.text, g.why);
        free(text);
        return 0;
    }
    kc_program bin;
    memset(&bin, 0, sizeof bin);
    vliw_iss *iss = NULL;
    int ok = 0;
    if (kc_asm_assemble(isa, text, "stages.s", &bin, &err) || vliw_iss_create(&iss, pr, &err) ||
        vliw_iss_load_program(iss, &bin, &err) || vliw_iss_reset(iss, args, nargs, dram, &err)) {
        printf("%ux%u: %s (line %d)\n", pr->rows, pr->cols, err.text, err.line);
        goto out;
    }
    vliw_iss_run(iss, 10000000);
    vliw_iss_trap tr;
    uint64_t c[VLIW_NCOUNTERS];
    vliw_iss_counters(iss, c, VLIW_NCOUNTERS);
    *cycles = c[VLIW_C_CYCLES];
    if (vliw_iss_state(iss, &tr) != KC_CORE_HALTED) {
        printf("%ux%u: did not halt (%s, tile %u pc %u)\n", pr->rows, pr->cols, vliw_iss_cause_name(tr.cause),
               tr.tile, tr.pc);
        goto out;
    }
    ok = 1;
out:
    kc_program_free(&bin);
    vliw_iss_destroy(iss);
    free(text);
    return ok;
}

int vliw_test_size(const char *s, vliw_iss_params *pr)
{
    unsigned r, c;
    if (sscanf(s, "%ux%u", &r, &c) != 2)
        return 0;
    kc_hw_param hp[2] = {{"ROWS", r, NULL}, {"COLS", c, NULL}};
    kc_hw hw = {"vliw", "vliw", 2, hp};
    kc_err err = {0};
    if (vliw_iss_params_from(&hw, pr, &err)) {
        printf("%s\n", err.text);
        return 0;
    }
    return 1;
}
