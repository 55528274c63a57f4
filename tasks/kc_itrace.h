/* kc_itrace.h — instruction traces: one line per issued instruction (bundle).
 *
 * Written during a simulation (kc_eval with opts.insn_trace, `kc eval
 * --trace-insn FILE`) from the model's issue reports (kc_sim_opts.on_issue), read
 * back by `kc trace`. A line:
 *
 *     CYCLE UNIT PC STALL REASON SOURCE INSTRUCTION...
 *
 *   CYCLE        the cycle of the edge the instruction issued at; the same
 *                numbering as the waveform (cycle c is VCD/FST time 10c..10c+5)
 *   UNIT         the issuing unit: "-" on a single-unit model, vliw the tile
 *   PC           as the unit counts it, hex
 *   STALL        cycles the unit issued nothing before this instruction (since its
 *                previous one; the first: since reset)
 *   REASON       the model's stall counters that grew over those cycles
 *                ("stall_dma", "stall_lock+stall_bank"; counters named *stall*,
 *                *flush* or *bubble*), "-" when no stall, "reset" before the first
 *                instruction, "other" when no counter grew; on a multi-unit
 *                model the counters are the whole array's
 *   SOURCE       kernel:line of the instruction, "-" when unknown
 *   INSTRUCTION  the platform's disassembly (the rest of the line)
 *
 * Lines starting with '#' are comments (the header says platform, task and
 * columns). rvv reports instructions as they retire (its pipeline's last
 * stage), npu and vliw as they issue.
 */
#ifndef KC_ITRACE_H
#define KC_ITRACE_H

#include <stdint.h>
#include <stdio.h>

#include "kc_err.h"
#include "kc_image.h"
#include "kc_platform.h"
#include "kc_sim.h"

typedef struct kc_itrace kc_itrace;

/* Opens path for writing and writes the header; img and kernel name stay the
 * caller's until close. */
kc_status kc_itrace_open(kc_itrace **out, const char *path, const kc_platform *p, const kc_image *img,
                         const char *kernel, const char *what, kc_err *err);

/* kc_sim_issue_fn: ctx is the kc_itrace. */
void kc_itrace_issue(void *ctx, const kc_sim_issue *is);

/* Flushes and closes; KC_ERR_IO when any write failed (disk full). NULL is fine. */
kc_status kc_itrace_close(kc_itrace *t, kc_err *err);

/* One parsed line of a trace. */
typedef struct kc_itrace_line {
    uint64_t cycle;
    int unit;                /* -1: "-" */
    uint64_t pc;
    uint64_t stall;
    char reason[96];
    char source[160];
    const char *insn;        /* points into the parsed line (to its end) */
} kc_itrace_line;

/* Parses one line (no newline); 0 for a comment, blank or malformed line. */
int kc_itrace_parse(char *line, kc_itrace_line *out);

#endif
