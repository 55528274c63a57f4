/* cosim_test — kc_cosim against the Verilated npu.
 *
 *   detect      the comparison finds what it must: a register, a vector-SRAM lane,
 *               a reduction's delayed fp result, a DRAM byte and a trap detail
 *               corrupted on the RTL side (through a wrapped ops table) are each
 *               reported at the right place and blamed on the instruction that
 *               wrote them; an unmodified run agrees.
 *   files       a model whose state files differ from the reference's (a vsram
 *               of another size, a missing file) is refused with the reason,
 *               before anything runs.
 *   stale-imem  two programs on one model: the second runs off its end and must
 *               trap on the zero words the ISA document promises. Fails while the
 *               RTL model keeps the previous program's words (see docs/cosim.md);
 *               registered as expected-to-fail.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kc_acc.h"
#include "kc_asm.h"
#include "kc_cosim.h"
#include "npu_iss.h"

static const kc_acc_ops *real;
static kc_acc_ops mut;
static int mode;           /* which corruption the wrapper applies */
static kc_dram *the_dram;
static unsigned nclocks;

/* The index of the model's state file `name`. */
static unsigned file_of(const char *name)
{
    for (unsigned k = 0; k < real->narch_files; k++)
        if (!strcmp(real->arch_files[k].name, name))
            return k;
    return ~0u;
}

/* Corruptions of what the co-simulation reads from the model (arch_read). */
static int mut_read(void *h, unsigned file, uint32_t first, uint32_t n, void *buf)
{
    int r = real->arch_read(h, file, first, n, buf);
    if (r == 0 && mode == 1 && file == file_of("r") && first <= 5 && first + n > 5 && ((uint32_t *)buf)[5 - first] == 1234)
        ((uint32_t *)buf)[5 - first] ^= 0x100;
    if (r == 0 && mode == 5 && file == file_of("f") && first <= 2 && first + n > 2 && ((uint32_t *)buf)[2 - first] == 0x42400000u)
        ((uint32_t *)buf)[2 - first] ^= 1;
    if (r == 0 && mode == 2 && file == file_of("vsram") && first <= 7 && first + n > 7)
        ((uint16_t *)buf)[(size_t)(7 - first) * real->arch_files[file].bytes / 2 + 3] ^= 1;
    return r;
}

static uint64_t stub_pc(void *h) { (void)h; return 0; }
static int stub_read(void *h, unsigned file, uint32_t first, uint32_t n, void *buf)
{
    (void)h; (void)file; (void)first; (void)n; (void)buf;
    return -1;
}

/* kc_cosim_run with the model claiming `files`: must fail with `why` in the error. */
static int files_refused(void *model, const kc_arch_file *files, size_t n, const char *why)
{
    kc_acc_ops o = *real;
    o.arch_files = files;
    o.narch_files = n;
    o.arch_pc = stub_pc;
    o.arch_read = stub_read;
    kc_err err;
    kc_err_clear(&err);
    kc_dram_cfg dc = { .size_bytes = 1u << 16, .latency = 4 };
    kc_dram *d;
    kc_image img;
    uint32_t halt = 0;
    kc_program p;
    kc_cosim_report rep;
    if (kc_dram_open(&d, &dc, real->beat_bytes, &err) != KC_OK ||
        kc_asm_assemble(kc_isa_find("npu"), "halt\n", "t", &p, &err) != KC_OK)
        return 0;
    halt = p.words[0];
    kc_image_from_words(&img, &halt, 1, NULL, &err);
    kc_status s = kc_cosim_run(&o, model, &npu_iss_ref, d, &img, NULL, 0, NULL, &rep, &err);
    kc_image_free(&img);
    kc_program_free(&p);
    kc_dram_close(d);
    int ok = s == KC_ERR_INTERNAL && strstr(err.text, why);
    printf("%s refused (%s): %s\n", ok ? "ok  " : "FAIL", why, s == KC_OK ? "ran" : err.text);
    return ok;
}

static kc_status mut_clock(void *h, const kc_bus_resp *in, kc_err *err)
{
    if (mode == 3 && ++nclocks == 3)
        kc_dram_data(the_dram)[0x3801] ^= 0x80;   /* a byte nothing writes */
    return real->clock(h, in, err);
}

static void mut_status(void *h, kc_core_status *st)
{
    real->status(h, st);
    if (mode == 4 && st->state == KC_CORE_TRAPPED)
        st->info ^= 1;
}

static int run(void *model, const char *src, int m, kc_cosim_report *rep)
{
    kc_err err;
    kc_err_clear(&err);
    kc_program p;
    if (kc_asm_assemble(kc_isa_find("npu"), src, "test", &p, &err) != KC_OK) {
        printf("assemble: %s\n", err.text);
        exit(2);
    }
    kc_dram_cfg dc = { .size_bytes = 1u << 16, .latency = 4 };
    kc_dram_open(&the_dram, &dc, real->beat_bytes, &err);
    mode = m;
    nclocks = 0;
    uint32_t args[2] = { 0x1000, 0x3000 };
    kc_image img;
    kc_status s = kc_image_from_words(&img, p.words, p.nwords, NULL, &err);
    if (s == KC_OK)
        s = kc_cosim_run(&mut, model, &npu_iss_ref, the_dram, &img, args, 2, NULL, rep, &err);
    kc_image_free(&img);
    kc_program_free(&p);
    kc_dram_close(the_dram);
    if (s != KC_OK) {
        printf("cosim: %s\n", err.text);
        exit(2);
    }
    return rep->diverged;
}

static int expect(const char *what, int diverged, const kc_cosim_report *rep, const char *where)
{
    int ok = where ? diverged && !strncmp(rep->where, where, strlen(where)) : !diverged;
    printf("%s %s: %s\n", ok ? "ok  " : "FAIL", what, diverged ? rep->text : "agree");
    return ok;
}

int main(int argc, char **argv)
{
    real = kc_acc_find("npu");
    if (!real || argc < 2)
        return 2;
    mut = *real;
    mut.arch_read = mut_read;
    mut.clock = mut_clock;
    mut.status = mut_status;
    kc_err err;
    kc_err_clear(&err);
    void *model;
    if (real->open(&model, &err) != KC_OK) {
        printf("open: %s\n", err.text);
        return 2;
    }
    kc_cosim_report rep;
    int ok = 1;
    if (!strcmp(argv[1], "detect")) {
        const char *prog =
            "li r5, 1234\n fli f1, 3.0\n li r7, 7\n vbcast [r7], f1\n vredsum f2, [r7]\n"
            "li r2, 1\n dst [r7], a1, r2\n dld [r0], a0, r2\n halt\n";
        ok &= expect("clean run", run(model, prog, 0, &rep), &rep, NULL);
        ok &= expect("register", run(model, prog, 1, &rep), &rep, "r5");
        ok &= rep.have_insn && rep.pc == 0;
        ok &= expect("vector SRAM lane", run(model, prog, 2, &rep), &rep, "vsram row 7 lane 3");
        /* a write in flight (the reduction's fp result, due 2 log2(VLEN) + 1 later) is
         * compared when it falls due and blamed on its writer, pc 4 */
        ok &= expect("reduction result", run(model, prog, 5, &rep), &rep, "f2");
        ok &= rep.have_insn && rep.pc == 4;
        ok &= expect("DRAM byte", run(model, prog, 3, &rep), &rep, "dram 0x00003801");
        ok &= expect("trap detail", run(model, "li r1, 3000\n vexp [r1], [r0]\n", 4, &rep), &rep, "trap");
        ok &= expect("clean trap", run(model, "li r1, 3000\n vexp [r1], [r0]\n", 0, &rep), &rep, NULL);
    } else if (!strcmp(argv[1], "files")) {
        /* the reference's own list, then altered */
        void *rh;
        size_t n;
        if (npu_iss_ref.open(&rh, NULL, &err) != KC_OK) {
            printf("ref open: %s\n", err.text);
            return 2;
        }
        const kc_arch_file *ref_files = npu_iss_ref.files(rh, &n);
        kc_arch_file f[8];
        memcpy(f, ref_files, n * sizeof f[0]);
        f[4].count /= 2;
        ok &= files_refused(model, f, n, "vsram is 1024 x 32");
        memcpy(f, ref_files, n * sizeof f[0]);
        ok &= files_refused(model, f, n - 1, "no state file msram");
        npu_iss_ref.close(rh);
    } else if (!strcmp(argv[1], "stale-imem")) {
        const char *longer = "nop\n nop\n nop\n nop\n nop\n nop\n nop\n nop\n halt\n";
        ok &= expect("first program", run(model, longer, 0, &rep), &rep, NULL);
        ok &= expect("second program runs off its end", run(model, "li r1, 1\n", 0, &rep), &rep, NULL);
    } else {
        ok = 0;
    }
    real->close(model);
    return ok ? 0 : 1;
}
