/* iss_rgen_test.c — a fixed-seed batch of random vliw programs (isa/vliw_rgen.c)
 * assembled by the table assembler and run on the timed ISS: every program
 * assembles, and ends as it was generated (halt, or the one trap it was built
 * to end with) within a cycle limit; across the batch every row of
 * isa/vliw.def appears in the programs (batches of 20 or more). Prints the simulated cycles per second
 * of the batch (a figure, not a check).
 * With --each-cause, COUNT programs per trap cause the generator can end with
 * (vliw_rgen_program's `trap`), each of which must end in that cause.
 * Usage: iss_rgen_test [--each-cause] FIRST_SEED COUNT [ROWS COLS] [-v]
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "kc_asm.h"
#include "vliw_iss.h"
#include "vliw_rgen.h"

#define DRAM_BYTES (1u << 20)
#define CYCLE_LIMIT 2000000u

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

int main(int argc, char **argv)
{
    static const int each_cause[] = {1, 3, 4, 5, 6, 7, 8};   /* all but pm-fetch */
    int by_cause = argc > 1 && !strcmp(argv[1], "--each-cause");
    argc -= by_cause;
    argv += by_cause;
    if (argc < 3) {
        fprintf(stderr, "usage: iss_rgen_test [--each-cause] FIRST_SEED COUNT [ROWS COLS] [-v]\n");
        return 2;
    }
    uint64_t first = strtoull(argv[1], NULL, 0);
    unsigned count = (unsigned)strtoul(argv[2], NULL, 0);
    int verbose = argc > 3 && !strcmp(argv[argc - 1], "-v");
    vliw_iss_params pr;
    vliw_iss_params_default(&pr);
    char rows[16], cols[16];
    kc_hw_param hp[2];
    kc_hw hw = {"vliw", "vliw", 0, hp};
    if (argc >= 5 && strcmp(argv[3], "-v")) {
        pr.rows = (unsigned)atoi(argv[3]);
        pr.cols = (unsigned)atoi(argv[4]);
        snprintf(rows, sizeof rows, "ROWS");
        snprintf(cols, sizeof cols, "COLS");
        hp[0] = (kc_hw_param){rows, (long)pr.rows, NULL};
        hp[1] = (kc_hw_param){cols, (long)pr.cols, NULL};
        hw.n = 2;
    }
    const kc_isa *isa;
    kc_err err = {0};
    vliw_iss *s;
    kc_dram *dram;
    kc_dram_cfg dc = {DRAM_BYTES, 0, 0};
    if (kc_isa_load("vliw", &isa, &err) || vliw_iss_create(&s, &pr, &err) ||
        kc_dram_open(&dram, &dc, VLIW_ISS_BEAT, &err)) {
        fprintf(stderr, "%s\n", err.text);
        return 2;
    }
    unsigned char *seen = calloc(isa->ninsns, 1);
    int fails = 0;
    unsigned traps = 0;
    uint64_t cycles = 0, bundles = 0;
    double t_sim = 0;
    unsigned runs = by_cause ? count * (unsigned)(sizeof each_cause / sizeof each_cause[0]) : count;
    for (unsigned run = 0; run < runs; run++) {
        uint64_t seed = first + (by_cause ? run % count : run);
        int forced = by_cause ? each_cause[run / count] : -1;
        kc_rgen_prog prog;
        kc_program bin;
        memset(&err, 0, sizeof err);
        if (vliw_rgen_program(seed, &hw, DRAM_BYTES, forced, &prog, &err)) {
            fprintf(stderr, "seed %" PRIu64 ": generator: %s\n", seed, err.text);
            fails++;
            continue;
        }
        if (kc_asm_assemble(isa, prog.text, "random.s", &bin, &err)) {
            fprintf(stderr, "seed %" PRIu64 ": random.s:%d:%d: %s\n", seed, err.line, err.col, err.text);
            if (verbose)
                fprintf(stderr, "%s", prog.text);
            fails++;
            free(prog.text);
            continue;
        }
        for (size_t i = 0; i < bin.nwords; i++) {
            const kc_isa_insn *in = kc_asm_decode(isa, bin.words[i]);
            if (in)
                seen[in - isa->insns] = 1;
        }
        vliw_rgen_ops.fill_dram(seed, kc_dram_data(dram), DRAM_BYTES);
        kc_dram_reset(dram);
        if (vliw_iss_load_program(s, &bin, &err) || vliw_iss_reset(s, prog.args, prog.nargs, dram, &err)) {
            fprintf(stderr, "seed %" PRIu64 ": %s\n", seed, err.text);
            fails++;
        } else {
            double t0 = now();
            vliw_iss_run(s, CYCLE_LIMIT);
            t_sim += now() - t0;
            vliw_iss_trap tr;
            kc_core_state st = vliw_iss_state(s, &tr);
            uint64_t c[VLIW_NCOUNTERS];
            vliw_iss_counters(s, c, VLIW_NCOUNTERS);
            cycles += c[VLIW_C_CYCLES];
            bundles += c[VLIW_C_BUNDLES];
            int ok = prog.trap ? st == KC_CORE_TRAPPED && tr.cause == (unsigned)prog.trap
                               : st == KC_CORE_HALTED;
            traps += st == KC_CORE_TRAPPED;
            if (!ok) {
                fprintf(stderr, "seed %" PRIu64 ": expected %s, got state %d (%s tile %u pc %u slot %u detail 0x%x) "
                        "after %" PRIu64 " cycles\n", seed, prog.trap ? vliw_iss_cause_name((unsigned)prog.trap) : "halt",
                        (int)st, vliw_iss_cause_name(tr.cause), tr.tile, tr.pc, tr.slot, tr.detail, c[VLIW_C_CYCLES]);
                if (verbose)
                    fprintf(stderr, "%s", prog.text);
                fails++;
            }
        }
        kc_program_free(&bin);
        free(prog.text);
    }
    for (size_t i = 0; i < isa->ninsns && count >= 20 && !by_cause; i++)   /* coverage: batches only */
        if (!seen[i]) {
            fprintf(stderr, "row %s never generated\n", isa->insns[i].name);
            fails++;
        }
    printf("%u programs, %u ended in their trap, %" PRIu64 " cycles, %" PRIu64 " bundles, %.0f cycles/s "
           "(%.0f bundles/s)\n", runs, traps, cycles, bundles, t_sim > 0 ? (double)cycles / t_sim : 0.0,
           t_sim > 0 ? (double)bundles / t_sim : 0.0);
    free(seen);
    vliw_iss_destroy(s);
    kc_dram_close(dram);
    return fails ? 1 : 0;
}
