/* isa_timing_test — every timing figure of the ISA document, measured on the RTL.
 *
 * For each NPU_TIMING row of the table: assemble its probe kernel, run it on the
 * Verilated npu at two DRAM configurations (the defaults, and a slower, narrower
 * one so a formula that only happens to match the defaults fails), read the two
 * cycle-counter samples the probe leaves in r13 and r15 and compare r15 - r13 - 2
 * with the row's formula. The table prints either way (the figures, for a reader).
 *
 * The same runs check the harness's per-instruction stall view (kc_sim_stalls,
 * what the agent's profile tool shows): the cycles it charges to the timed
 * instructions after the first must be exactly the distance minus their issue
 * cycles (for probes whose timed part is straight-line code).
 *
 * usage: isa_timing_test [isa]    exit 0 when every figure matches */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kc_acc.h"
#include "kc_asm.h"
#include "kc_dram.h"
#include "kc_sim.h"
#include "kc_timing.h"

/* Index of the first word equal to the assembled `stmt`, or nwords. */
static size_t find_word(const kc_isa *isa, const kc_program *p, const char *stmt)
{
    uint32_t w = 0;
    size_t n = 0;
    kc_err err;
    kc_err_clear(&err);
    if (kc_asm_statement(isa, stmt, 0, &w, 1, &n, &err) != KC_OK || n != 1)
        return p->nwords;
    size_t i = 0;
    while (i < p->nwords && p->words[i] != w)
        i++;
    return i;
}

static int run_probe(const kc_isa *isa, const kc_acc_ops *ops, void *model, kc_dram *dram,
                     const kc_isa_timing *row, double *measured, int *stall_ok)
{
    char src[4096];
    snprintf(src, sizeof src, ".equ N, %d\n%s\nhalt\n", row->n, row->probe);
    kc_err err;
    kc_err_clear(&err);
    kc_program prog;
    if (kc_asm_assemble(isa, src, row->id, &prog, &err) != KC_OK) {
        char buf[700];
        fprintf(stderr, "%s: probe does not assemble: %s\n", row->id, kc_err_format(&err, buf, sizeof buf));
        return -1;
    }
    /* a0..a3: distinct 64 KiB buffers, far apart */
    const uint32_t args[4] = {0x10000, 0x20000, 0x30000, 0x40000};
    kc_sim_stalls stalls;
    memset(&stalls, 0, sizeof stalls);
    kc_sim_opts so = {.cycle_limit = 100000, .trace = NULL, .stalls = &stalls};
    kc_sim_report rep;
    kc_status st = kc_sim_run_words(ops, model, dram, prog.words, prog.nwords, args, 4, &so, &rep, &err);
    /* the timed words: after csrr r13 up to csrr r15 (or the end) */
    size_t first = find_word(isa, &prog, "csrr r13, cycle") + 1;
    size_t last = find_word(isa, &prog, "csrr r15, cycle");
    if (last == prog.nwords)
        last = prog.nwords - 1;   /* the probe ends with the timed halt */
    uint64_t charged = 0;
    for (size_t pc = first + 1; pc < last && stalls.cells; pc++)
        for (size_t k = 0; k < stalls.ncounters; k++)
            charged += stalls.cells[pc * stalls.ncounters + k].cycles;
    /* straight-line timed code: no label (branch or loop target) after csrr r13 */
    const char *timed = strstr(row->probe, "csrr r13, cycle");
    int straight = timed && !strchr(timed, ':');
    kc_sim_stalls_free(&stalls);
    kc_program_free(&prog);
    if (st != KC_OK || rep.result != KC_SIM_HALTED) {
        fprintf(stderr, "%s: probe did not halt (%s) %s\n", row->id, kc_sim_result_name(rep.result),
                st != KC_OK ? err.text : "");
        return -1;
    }
    uint32_t x[16] = { 0 };   /* r0..r15: the probes time with r13 and r15 */
    if (ops->arch_read(model, 0, 0, 16, x) != 0) {
        fprintf(stderr, "%s: the model's integer registers cannot be read\n", row->id);
        return -1;
    }
    /* A probe that ends with the timed halt cannot read the counter after it: the
     * run's cycle count is the cycle after the halt issued, which is what a csrr
     * there would have read. */
    double r15 = x[15] ? (double)x[15] : (double)rep.cycles;
    *measured = r15 - (double)x[13] - 2;
    /* distance = issue cycles of the later timed words + their stalls */
    *stall_ok = !straight || (double)charged == *measured - (double)(last - first - 1);
    if (!*stall_ok)
        fprintf(stderr, "%s: the stall view charges %llu cycles to the timed instructions; "
                "expected %g\n", row->id, (unsigned long long)charged,
                *measured - (double)(last - first - 1));
    return 0;
}

int main(int argc, char **argv)
{
    const char *name = argc > 1 ? argv[1] : "npu";
    kc_err err;
    kc_err_clear(&err);
    const kc_isa *isa = NULL;
    if (kc_isa_load(name, &isa, &err) != KC_OK) {
        fprintf(stderr, "%s\n", err.text);
        return 1;
    }
    const kc_acc_ops *ops = kc_acc_find(name);
    void *model = NULL;
    if (!ops || !ops->arch_read || ops->open(&model, &err) != KC_OK) {
        fprintf(stderr, "no model for %s: %s\n", name, err.text);
        return 1;
    }
    const kc_dram_cfg cfgs[2] = {{0, 0, 0}, {1u << 20, 20, 16}};
    int failures = 0;
    if (!isa->ntimings) {
        fprintf(stderr, "%s has no timing rows\n", name);
        failures++;
    }
    printf("%-12s %10s %10s   %s\n", "row", "documented", "measured",
           "formula (first line: default DRAM; second: LAT 20, BW 16)");
    for (size_t i = 0; i < isa->ntimings; i++) {
        const kc_isa_timing *row = &isa->timings[i];
        for (int k = 0; k < 2; k++) {
            kc_dram *dram = NULL;
            if (kc_dram_open(&dram, &cfgs[k], ops->beat_bytes, &err) != KC_OK) {
                fprintf(stderr, "%s\n", err.text);
                return 1;
            }
            const kc_dram_cfg *c = kc_dram_config(dram);
            kc_timing_env env = kc_timing_default_env(isa, row->n);
            env.lat = c->latency;
            env.bw = c->bytes_per_cycle;
            double want = 0, got = 0;
            int stall_ok = 1;
            if (kc_timing_eval(isa, row->formula, &env, &want, &err) != KC_OK) {
                fprintf(stderr, "%s\n", err.text);
                failures++;
            } else if (run_probe(isa, ops, model, dram, row, &got, &stall_ok) != 0) {
                failures++;
            } else {
                int ok = fabs(got - want) < 1e-9;
                printf("%-12s %10g %10g   %s%s\n", k ? "" : row->id, want, got, k ? "" : row->formula,
                       ok ? "" : "   MISMATCH");
                failures += !ok + !stall_ok;
            }
            kc_dram_close(dram);
        }
    }
    ops->close(model);
    printf("%s\n", failures ? "FAIL" : "all timing figures match the RTL");
    return failures ? 1 : 0;
}
