/* test_vliw_barrier.c — the grid barrier of vliw stage sequences
 * (vliw_emit_barrier, tasks/vliw/vliw_emit.c) on the timed ISS, at several
 * array sizes. Stage 1: tile t idles for a time that depends on its place
 * (the far corner the longest, then the reverse order: both directions),
 * then writes the word t + 1 to DRAM by DMA. Stage 2: every tile reads all
 * the words and writes their sum. Correct sums on every tile need every
 * tile's store to be in DRAM before any tile's load: without the barrier
 * (or with one that waits on its neighbours only) the early tiles read
 * zeros and the test fails.
 *
 * Each size runs twice more with the two tensors as arguments 8 and 9 (DM
 * words, not registers: vliw_emit_addr's other path).
 *
 * -v prints the barrier's cost: the cycles of a kernel of two empty stages
 * minus those of one (figures, not asserted).
 *
 * usage: test_vliw_barrier [-v] ROWSxCOLS[,ROWSxCOLS...] */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vliw_test_run.h"

#define DRAM_BYTES (1u << 20)
#define WORDS 0x1000u   /* DRAM: tile t's word at WORDS + 64 t (r1) */
#define SUMS 0x8000u    /* DRAM: tile t's sum at SUMS + 64 t (r2) */

typedef struct probe {
    int reverse;   /* 1: tile 0 idles the longest */
    int empty;     /* stages emit nothing (cost measurement) */
    int xargs;     /* the tensors are arguments 8, 9 (DM words), not 0, 1 (r1, r2) */
} probe;

static vliw_opnd tensor(const probe *p, int i)
{
    return vliw_opnd_at(p->xargs ? 8 + i : i, 0);
}

/* cnt1 = cnt2 = 1 (the DMA refuses a count of 0: bd-invalid). */
static void counts(vliw_gen *g, int bd)
{
    vliw_emit_li(g, 13, 1);
    vliw_emit_op(g, "bd.set %d, cnt1, r13", bd);
    vliw_emit_op(g, "bd.set %d, cnt2, r13", bd);
}

/* In the open block: DM word 0 -> DRAM tensor o + 64 tile (BD 0, ch1). */
static void word_out(vliw_gen *g, vliw_opnd o)
{
    vliw_emit_addr(g, 14, 13, o, 64 * g->tile);
    vliw_emit_op(g, "bd.set 0, dram, r14");
    vliw_emit_op(g, "bd.set 0, dm, r0");
    vliw_emit_li(g, 13, 4);
    vliw_emit_op(g, "bd.set 0, len0, r13");
    counts(g, 0);
    vliw_emit_op(g, "dma.start 1, 0");
}

static kc_status stage_write(vliw_gen *g, const void *args, kc_err *err)
{
    (void)err;
    const probe *p = args;
    if (p->empty)
        return KC_OK;
    unsigned rank = p->reverse ? g->ntiles - 1 - g->tile : g->tile;
    int l = vliw_emit_label(g);
    vliw_emit_line(g, "    loopi %u, L%d", 1 + 60 * rank, l);
    vliw_emit_line(g, "    nop");
    vliw_emit_line(g, "    nop");
    vliw_emit_line(g, "L%d:", l);
    vliw_emit_begin(g);
    vliw_emit_li(g, 12, g->tile + 1);
    vliw_emit_op(g, "mov p0, 0");
    vliw_emit_op(g, "st r12, [p0, 0]");
    word_out(g, tensor(p, 0));
    vliw_emit_end(g);
    return KC_OK;
}

static kc_status stage_sum(vliw_gen *g, const void *args, kc_err *err)
{
    (void)err;
    const probe *p = args;
    if (p->empty)
        return KC_OK;
    vliw_emit_begin(g);   /* every tile's word into DM 0x1000.. (BD 1, ch0) */
    vliw_emit_op(g, "bd.set 1, dram, r%d", vliw_emit_addr_reg(g, 14, tensor(p, 0)));
    vliw_emit_li(g, 13, 0x1000);
    vliw_emit_op(g, "bd.set 1, dm, r13");
    vliw_emit_li(g, 13, 64 * g->ntiles);
    vliw_emit_op(g, "bd.set 1, len0, r13");
    counts(g, 1);
    vliw_emit_op(g, "dma.start 0, 1");
    vliw_emit_op(g, "dma.wait 0");
    vliw_emit_end(g);
    vliw_emit_begin(g);
    vliw_emit_op(g, "mov p1, 0x1000");
    vliw_emit_op(g, "mov r12, 0");
    for (unsigned t = 0; t < g->ntiles; t++) {
        vliw_emit_op(g, "ld r11, [p1, %u]", 64 * t);
        vliw_emit_op(g, "add r12, r12, r11");
    }
    vliw_emit_op(g, "mov p0, 0");
    vliw_emit_op(g, "st r12, [p0, 0]");
    word_out(g, tensor(p, 1));
    vliw_emit_end(g);
    return KC_OK;
}

/* Runs the kernel of `nst` stages; *cycles; check: every tile's sum. */
static int run(const kc_isa *isa, const vliw_iss_params *pr, const probe *p, int nst, uint64_t *cycles,
               int check)
{
    kc_dram *dram = NULL;
    kc_dram_cfg dc = {DRAM_BYTES, KC_DRAM_DEFAULT_LATENCY, KC_DRAM_DEFAULT_BW};
    kc_err err = {0};
    if (kc_dram_open(&dram, &dc, VLIW_ISS_BEAT, &err)) {
        printf("%s\n", err.text);
        return 0;
    }
    uint32_t args[10] = {WORDS, SUMS};
    if (p->xargs)
        args[0] = args[1] = 0, args[8] = WORDS, args[9] = SUMS;
    vliw_stage st[2] = {{stage_write, p}, {stage_sum, p}};
    unsigned ntiles = pr->rows * pr->cols;
    int ok = vliw_test_run(isa, pr, st, nst, args, p->xargs ? 10 : 2, dram, cycles);
    if (ok && check) {
        const uint8_t *d = kc_dram_data(dram);
        uint32_t want = ntiles * (ntiles + 1) / 2;
        for (unsigned t = 0; t < ntiles; t++) {
            uint32_t got;
            memcpy(&got, d + SUMS + 64 * t, 4);
            if (got != want) {
                printf("%ux%u%s%s: tile %u summed %u, not %u (it read before every store was out)\n", pr->rows,
                       pr->cols, p->reverse ? " reverse" : "", p->xargs ? " (DM args)" : "", t, got, want);
                ok = 0;
            }
        }
    }
    kc_dram_close(dram);
    return ok;
}

int main(int argc, char **argv)
{
    int verbose = 0, a = 1;
    if (a < argc && !strcmp(argv[a], "-v"))
        verbose = 1, a++;
    if (a >= argc) {
        fprintf(stderr, "usage: test_vliw_barrier [-v] ROWSxCOLS[,ROWSxCOLS...]\n");
        return 2;
    }
    const kc_isa *isa;
    kc_err err = {0};
    if (kc_isa_load("vliw", &isa, &err)) {
        fprintf(stderr, "%s\n", err.text);
        return 2;
    }
    int fails = 0, n = 0;
    char list[256];
    snprintf(list, sizeof list, "%s", argv[a]);
    for (char *sz = strtok(list, ","); sz; sz = strtok(NULL, ",")) {
        vliw_iss_params pr;
        if (!vliw_test_size(sz, &pr))
            return 2;
        for (int v = 0; v < 4; v++, n++) {
            probe p = {v & 1, 0, v >> 1};
            uint64_t cy;
            fails += !run(isa, &pr, &p, 2, &cy, 1);
        }
        if (verbose) {
            probe e = {0, 1, 0};
            uint64_t one = 0, two = 0;
            if (run(isa, &pr, &e, 1, &one, 0) && run(isa, &pr, &e, 2, &two, 0))
                printf("%ux%u: barrier %" PRIu64 " cycles (two empty stages %" PRIu64 ", one %" PRIu64 ")\n",
                       pr.rows, pr.cols, two - one, two, one);
        }
    }
    printf("%d of %d correct\n", n - fails, n);
    return fails ? 1 : 0;
}
