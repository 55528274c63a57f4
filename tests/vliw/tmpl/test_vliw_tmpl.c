/* test_vliw_tmpl.c — the vliw template compiler's baselines on the timed ISS:
 * for each (task, config) the task instance (visible seed) is laid out in DRAM
 * as the evaluator does (sentinels, guards), the baseline is generated
 * (tasks/vliw/vliw_tmpl.c) and assembled with the table assembler, the ISS runs
 * it with the tensors' addresses in r1.., and tasks/kc_check checks every output
 * element and every byte outside them.
 *
 * usage: test_vliw_tmpl [-v] [-s] [-p] [-g ROWSxCOLS] [-m PM_BUNDLES] TASK[,TASK...] [CONFIGS]   (CONFIGS: "12345")
 *   -p generates each kernel behind a stage that fills DM with NaN
 *   (vliw_tmpl_emit_poisoned: the stages' DM contract);
 *   -g builds the array at another size (the kernels are generated for it);
 *   `-g small` is the vliw_small platform (1 x 2, PM 1024 bundles, DM 32 KiB, 4 banks);
 *   -m sets the program memory size (a kernel that does not fit the default's);
 *   -v prints each kernel's cycles, ideal cycles (roofline of docs/tasks.md with
 *   16 lanes and 64 MACs per tile, 32 DRAM bytes/cycle) and efficiency;
 *   -s dumps the kernel text of a failing case to stderr, -d of every case. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kc_asm.h"
#include "kc_check.h"
#include "kc_task.h"
#include "vliw_iss.h"
#include "vliw_tmpl.h"

#define DRAM_BYTES (16u << 20)
#define CYCLE_LIMIT 20000000u

static int poison;

static int run_case(const kc_isa *isa, vliw_iss *s, kc_dram *dram, const kc_hw *hw, const kc_task *t, int config,
                    int verbose, int dump)
{
    kc_err err = {0};
    kc_task_inst inst;
    kc_layout lay;
    char *text = NULL;
    kc_program bin;
    int ok = 0;
    memset(&bin, 0, sizeof bin);
    if (kc_task_inst_make(&inst, t, config, KC_DTYPE_BF16, 1, &err)) {
        printf("%s C%d: instance: %s\n", t->name, config, err.text);
        return 0;
    }
    if (kc_check_layout(&inst, DRAM_BYTES, 64, &lay, &err) ||
        (poison ? vliw_tmpl_emit_poisoned : vliw_tmpl_emit)(t, config, hw, &text, &err)) {
        printf("%s C%d: %s\n", t->name, config, err.text);
        goto out;
    }
    if (kc_asm_assemble(isa, text, "baseline.s", &bin, &err)) {
        printf("%s C%d: baseline.s:%d:%d: %s\n", t->name, config, err.line, err.col, err.text);
        if (dump)
            fputs(text, stderr);
        goto out;
    }
    kc_check_fill(&inst, &lay, kc_dram_data(dram), DRAM_BYTES);
    kc_dram_reset(dram);
    uint32_t args[KC_TASK_MAX_TENSORS];
    for (unsigned i = 0; i < lay.ntensors; i++)
        args[i] = lay.addr[i];
    if (vliw_iss_load_program(s, &bin, &err) || vliw_iss_reset(s, args, lay.ntensors, dram, &err)) {
        printf("%s C%d: %s\n", t->name, config, err.text);
        goto out;
    }
    vliw_iss_run(s, CYCLE_LIMIT);
    vliw_iss_trap tr;
    kc_core_state st = vliw_iss_state(s, &tr);
    uint64_t c[VLIW_NCOUNTERS];
    vliw_iss_counters(s, c, VLIW_NCOUNTERS);
    if (st != KC_CORE_HALTED) {
        printf("%s C%d: FAIL: %s (tile %u pc %u slot %u detail 0x%x) after %" PRIu64 " cycles\n", t->name,
               config, st == KC_CORE_TRAPPED ? vliw_iss_cause_name(tr.cause) : "no halt", tr.tile, tr.pc,
               tr.slot, tr.detail, c[VLIW_C_CYCLES]);
        if (dump)
            fputs(text, stderr);
        goto out;
    }
    kc_dram_wmap wm;
    kc_dram_written(dram, &wm);
    kc_check_result res;
    kc_check_run(&inst, &lay, kc_dram_data(dram), DRAM_BYTES, &wm, &res);
    const vliw_iss_params *pr = vliw_iss_get_params(s);
    double nt = pr->rows * pr->cols;
    double ideal = kc_task_ideal_cycles(&inst.shape, inst.dram_bytes, 16 * nt, 64 * nt, 32);
    if (!res.correct) {
        printf("%s C%d: FAIL: %zu mismatches of %zu%s", t->name, config, res.mismatches, res.nchecked,
               res.oob ? ", wrote outside the outputs" : "");
        if (res.nreport)
            printf(" (first: tensor %u [%zu] expected %g got %g)", res.first[0].tensor, res.first[0].index,
                   res.first[0].expected, res.first[0].actual);
        printf("\n");
        if (dump)
            fputs(text, stderr);
        goto out;
    }
    ok = 1;
    if (dump == 2)
        fputs(text, stderr);
    if (verbose)
        printf("%-9s C%d: ok  %8" PRIu64 " cycles  ideal %8.0f  eff %5.3f  worst %.2f  stalls lock %" PRIu64
               " dma %" PRIu64 " bank %" PRIu64 "  %zu bundles, %zu asm warnings\n", t->name, config,
               c[VLIW_C_CYCLES], ideal, ideal / (double)c[VLIW_C_CYCLES], res.worst, c[VLIW_C_STALL_LOCK],
               c[VLIW_C_STALL_DMA_WAIT], c[VLIW_C_STALL_BANK], bin.nwords / 7, bin.nwarnings);
out:
    kc_program_free(&bin);
    free(text);
    kc_task_inst_free(&inst);
    return ok;
}

int main(int argc, char **argv)
{
    int verbose = 0, dump = 0, a = 1;
    kc_hw_param hp[5] = {{"ROWS", 2, NULL}, {"COLS", 2, NULL}, {"PM_BUNDLES", 1024, NULL},
                         {"DM_BYTES", 32768, NULL}, {"NBANKS", 4, NULL}};
    unsigned pm = 0;
    kc_hw hw = {"vliw", "vliw", 0, hp};
    for (; a < argc && argv[a][0] == '-'; a++) {
        verbose |= !strcmp(argv[a], "-v");
        dump |= !strcmp(argv[a], "-s");
        dump |= !strcmp(argv[a], "-d") * 2;
        poison |= !strcmp(argv[a], "-p");
        if (!strcmp(argv[a], "-m") && a + 1 < argc)
            pm = (unsigned)atoi(argv[++a]);
        if (!strcmp(argv[a], "-g") && a + 1 < argc) {
            unsigned r, c;
            if (!strcmp(argv[++a], "small")) {   /* verilated/CMakeLists.txt's vliw_small */
                hp[0].value = 1;
                hp[1].value = 2;
                hw.n = 5;
                continue;
            }
            if (sscanf(argv[a], "%ux%u", &r, &c) != 2)
                return 2;
            hp[0].value = r;
            hp[1].value = c;
            hw.n = 2;
        }
    }
    if (a >= argc) {
        fprintf(stderr, "usage: test_vliw_tmpl [-v] [-s] TASK[,TASK...] [CONFIGS]\n");
        return 2;
    }
    if (pm) {   /* ROWS, COLS (as given or 2 x 2), then PM_BUNDLES */
        hp[2].value = pm;
        hw.n = hw.n < 3 ? 3 : hw.n;
    }
    const char *configs = a + 1 < argc ? argv[a + 1] : "12345";
    const kc_isa *isa;
    kc_err err = {0};
    vliw_iss *s;
    kc_dram *dram;
    vliw_iss_params pr;
    if (vliw_iss_params_from(&hw, &pr, &err)) {
        fprintf(stderr, "%s\n", err.text);
        return 2;
    }
    kc_dram_cfg dc = {DRAM_BYTES, KC_DRAM_DEFAULT_LATENCY, KC_DRAM_DEFAULT_BW};
    if (kc_isa_load("vliw", &isa, &err) || vliw_iss_create(&s, &pr, &err) ||
        kc_dram_open(&dram, &dc, VLIW_ISS_BEAT, &err)) {
        fprintf(stderr, "%s\n", err.text);
        return 2;
    }
    kc_isa big;
    if (pm) {   /* the assembler's program-memory bound too */
        big = *isa;
        big.imem_words = pm;
        isa = &big;
    }
    int fails = 0, n = 0;
    char list[256];
    snprintf(list, sizeof list, "%s", argv[a]);
    for (char *name = strtok(list, ","); name; name = strtok(NULL, ",")) {
        const kc_task *t = kc_task_find(name);
        if (!t) {
            fprintf(stderr, "no task %s\n", name);
            return 2;
        }
        for (const char *cf = configs; *cf; cf++, n++)
            fails += !run_case(isa, s, dram, &hw, t, *cf - '0', verbose, dump);
    }
    printf("%d of %d correct\n", n - fails, n);
    vliw_iss_destroy(s);
    kc_dram_close(dram);
    return fails ? 1 : 0;
}
