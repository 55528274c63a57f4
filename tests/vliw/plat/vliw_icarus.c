/* vliw_icarus.c — the vliw's prep/compare pair of the Icarus equivalence check
 * (tests/icarus/run_icarus.sh, docs/platforms.md "The Icarus equivalence check").
 *
 *   vliw_icarus prep KERNEL.s DIR    assembles the kernel (the platform's image,
 *       vliw_hw_image), writes DIR/load.hex (the load-port writes in the shim's
 *       order: every bundle of the SPMD program with select 0, each tile's own
 *       program with select t + 1, and NOP_PAD nop bundles after each, so the
 *       registered fetch never reads an unwritten, X, program word under Icarus),
 *       DIR/args.hex and DIR/plusargs, then runs the Verilated model (the `vliw`
 *       build) on the same image and writes DIR/verilator.txt in the testbench's
 *       format (counters as 32-bit words: counter i of the perf port = words 2i, 2i+1).
 *   vliw_icarus compare DIR          DIR/icarus.txt against DIR/verilator.txt, line
 *       by line (result, cycles, trap, every counter word), and the final DRAM.
 * The kernels read only DM they wrote: the testbench does not clear DM (X).
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kc_asm.h"
#include "kc_file.h"
#include "kc_sim.h"
#include "vliw_hw.h"

extern const kc_acc_ops vliw_acc_ops;

#define NOP_PAD 4u
#define DRAM_BEATS 1024u
#define CYCLE_LIMIT 200000u

static int fail(const char *what, const kc_err *err)
{
    fprintf(stderr, "vliw_icarus: %s: %s\n", what, err ? err->text : "");
    return 2;
}

static FILE *open_in(const char *dir, const char *name, const char *mode)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, mode);
    if (!f)
        fprintf(stderr, "vliw_icarus: cannot open %s\n", path);
    return f;
}

static int prep(const char *kernel, const char *dir)
{
    kc_err err;
    kc_err_clear(&err);
    char *src = NULL;
    const kc_isa *isa;
    kc_program prog;
    kc_image img;
    if (kc_file_read_text(kernel, &src, NULL, &err) != KC_OK || kc_isa_load("vliw", &isa, &err) != KC_OK ||
        kc_asm_assemble(isa, src, kernel, &prog, &err) != KC_OK || vliw_hw_image(&prog, &img, &err) != KC_OK)
        return fail(kernel, &err);
    FILE *f = open_in(dir, "load.hex", "w");
    if (!f)
        return 2;
    size_t nload = 0;
    for (size_t i = 0; i < img.nsegs; i++) {   /* the SPMD segment first: a tile's own overrides it */
        for (int pass = 0; pass < 2; pass++) {
            const kc_image_seg *s = &img.segs[i];
            uint64_t pm = s->addr / VLIW_BUNDLE_BYTES;
            uint32_t sel = (uint32_t)(pm >> VLIW_PM_SEL_SHIFT), b0 = (uint32_t)(pm & 0xffffff);
            if ((sel == 0) != (pass == 0))
                continue;
            size_t nb = s->size / VLIW_BUNDLE_BYTES;
            for (size_t b = 0; b < nb + NOP_PAD; b++)
                for (unsigned w = 0; w < VLIW_BUNDLE_WORDS; w++, nload++) {
                    uint32_t word = 0;
                    if (b < nb)
                        memcpy(&word, s->data + (b * VLIW_BUNDLE_WORDS + w) * 4, 4);
                    fprintf(f, "%08x%08x\n", sel << VLIW_PM_SEL_SHIFT | (uint32_t)((b0 + b) * VLIW_BUNDLE_WORDS + w),
                            word);
                }
        }
    }
    fclose(f);
    if (!(f = open_in(dir, "args.hex", "w")))
        return 2;
    for (unsigned i = 0; i < VLIW_NARGS_REG; i++)
        fprintf(f, "%08x\n", 0u);
    fclose(f);
    kc_dram_cfg dc = { .size_bytes = DRAM_BEATS * 32, .latency = 64, .bytes_per_cycle = 32 };
    if (!(f = open_in(dir, "plusargs", "w")))
        return 2;
    fprintf(f, "+nload=%zu +dram_beats=%u +dram_bytes=%u +lat=%u +bw=%u +limit=%u\n", nload, DRAM_BEATS,
            dc.size_bytes, dc.latency, dc.bytes_per_cycle, CYCLE_LIMIT);
    fclose(f);

    const kc_acc_ops *ops = &vliw_acc_ops;
    kc_dram *dram;
    void *model;
    kc_sim_report rep;
    kc_sim_opts so = { .cycle_limit = CYCLE_LIMIT };
    if (kc_dram_open(&dram, &dc, ops->beat_bytes, &err) != KC_OK || ops->open(&model, &err) != KC_OK ||
        kc_sim_run(ops, model, dram, &img, NULL, 0, &so, &rep, &err) != KC_OK)
        return fail("verilator run", &err);
    if (!(f = open_in(dir, "verilator.txt", "w")))
        return 2;
    int stopped = rep.status.state == KC_CORE_TRAPPED;
    fprintf(f, "result %s\ncycles %" PRIu64 "\n", rep.status.state == KC_CORE_HALTED ? "halted"
                                                   : stopped ? "trapped" : "timeout", rep.cycles);
    fprintf(f, "trap_cause %u\ntrap_pc %u\ntrap_info %u\n", stopped ? rep.status.cause : 0,
            stopped ? rep.status.pc : 0, stopped ? rep.status.info : 0);
    for (size_t i = 0; i < 2 * rep.ncounters; i++)
        fprintf(f, "counter%zu %" PRIu32 "\n", i, (uint32_t)(rep.counters[i / 2] >> (32 * (i % 2))));
    fprintf(f, "dram_error 0\n");
    fclose(f);
    if (!(f = open_in(dir, "verilator_dram.hex", "w")))
        return 2;
    const uint8_t *m = kc_dram_data(dram);
    for (unsigned b = 0; b < DRAM_BEATS; b++) {
        for (int k = 31; k >= 0; k--)
            fprintf(f, "%02x", m[b * 32 + (unsigned)k]);
        fputc('\n', f);
    }
    fclose(f);
    printf("verilator: %s after %" PRIu64 " cycles\n", rep.status.state == KC_CORE_HALTED ? "halted" : "stopped",
           rep.cycles);
    ops->close(model);
    kc_dram_close(dram);
    kc_image_free(&img);
    kc_program_free(&prog);
    free(src);
    return 0;
}

/* Compares two text files line by line; prints the first difference. */
static int same_file(const char *dir, const char *a, const char *b)
{
    FILE *fa = open_in(dir, a, "r"), *fb = open_in(dir, b, "r");
    if (!fa || !fb)
        return 0;
    char la[512], lb[512];
    int line = 0, ok = 1;
    for (;;) {
        char *ra = fgets(la, sizeof la, fa), *rb = fgets(lb, sizeof lb, fb);
        line++;
        if (!ra && !rb)
            break;
        if (!ra || !rb || strcmp(la, lb)) {
            printf("%s line %d: Verilator '%s', Icarus '%s'\n", a, line, ra ? strtok(la, "\n") : "(end)",
                   rb ? strtok(lb, "\n") : "(end)");
            ok = 0;
            break;
        }
    }
    fclose(fa);
    fclose(fb);
    return ok;
}

int main(int argc, char **argv)
{
    if (argc == 4 && !strcmp(argv[1], "prep"))
        return prep(argv[2], argv[3]);
    if (argc == 3 && !strcmp(argv[1], "compare")) {
        int ok = same_file(argv[2], "verilator.txt", "icarus.txt") &&
                 same_file(argv[2], "verilator_dram.hex", "icarus_dram.hex");
        printf("%s\n", ok ? "Verilator and Icarus agree: result, cycles, counters, DRAM" : "DIFFER");
        return ok ? 0 : 1;
    }
    fprintf(stderr, "usage: vliw_icarus prep KERNEL.s DIR | compare DIR\n");
    return 2;
}
