/* test_rvv — the rvv model driven through the harness (kc_acc_ops, kc_sim_run).
 *
 *   test_rvv insn ACC SRC.s ELF      a self-checking instruction test (insn/README.md):
 *                                    halted with a0 = 0, or the trap its
 *                                    "# kc-expect:" line names; run twice on one
 *                                    model (a reset must give the same run)
 *   test_rvv arch ACC ELF            arch.s: every arch file reads what the program
 *                                    left; retire count = instret; reset clears the DTCM
 *   test_rvv counters ACC SRCDIR ELFDIR  every SRCDIR/<case>.expect against ELFDIR/<case>.elf
 *   test_rvv perf ACC ELF [RUNS]     simulated cycles per second (a figure, not a test)
 *   test_rvv prep ACC ELF DIR LAT BW the Icarus testbench's inputs (load list, args,
 *                                    plusargs) and the Verilated run's results (ref.txt)
 *   test_rvv compare DIR             DIR/ref.txt against DIR/icarus.txt
 *
 * Exit 0 = pass. Programs are ELF32 executables linked by tests/rvv/rvv_test.ld.
 */
#include <ctype.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "kc_acc.h"
#include "kc_dram.h"
#include "kc_file.h"
#include "kc_sim.h"
#include "rvv.h"
#include "rvv_hw.h"

#define EM_RISCV 243
#define CYCLE_LIMIT 200000ull   /* the test programs run for at most a few thousand */

static int failures;

#define FAIL(...)                                                                                  \
    do {                                                                                           \
        failures++;                                                                                \
        fprintf(stderr, "FAIL: " __VA_ARGS__);                                                     \
        fputc('\n', stderr);                                                                       \
    } while (0)

static void die_err(const char *what, const kc_err *err)
{
    fprintf(stderr, "%s: %s\n", what, err->text);
    exit(1);
}

static const kc_acc_ops *find_acc(const char *name)
{
    const kc_acc_ops *ops = kc_acc_find(name);
    if (!ops) {
        fprintf(stderr, "no accelerator %s in this build\n", name);
        exit(1);
    }
    return ops;
}

static void load_elf(const char *path, kc_image *img)
{
    kc_err err = { 0 };
    char *bytes;
    size_t size;
    if (kc_file_read(path, &bytes, &size, &err) != KC_OK)
        die_err(path, &err);
    kc_status s = kc_image_from_elf((const uint8_t *)bytes, size, path, EM_RISCV, img, &err);
    free(bytes);
    if (s != KC_OK)
        die_err(path, &err);
}

static unsigned file_index(const kc_acc_ops *ops, const char *name)
{
    for (size_t i = 0; i < ops->narch_files; i++)
        if (strcmp(ops->arch_files[i].name, name) == 0)
            return (unsigned)i;
    fprintf(stderr, "%s has no arch file %s\n", ops->name, name);
    exit(1);
}

/* arch_read of one 32-bit element; -1 in *ok when the model cannot read it. */
static uint32_t read32(const kc_acc_ops *ops, void *h, const char *file, uint32_t idx, int *ok)
{
    uint32_t v = 0;
    if (ops->arch_read(h, file_index(ops, file), idx, 1, &v) != 0)
        *ok = 0;
    return v;
}

typedef struct run {
    kc_sim_report rep;
    uint64_t retired;    /* retire() hits over the run */
} run;

/* One run with the harness's loop (kc_sim.c's order) that also counts retires. */
static void run_prog(const kc_acc_ops *ops, void *h, kc_dram *dram, const kc_image *img,
                     const uint32_t *args, size_t nargs, run *r)
{
    kc_err err = { 0 };
    memset(r, 0, sizeof *r);
    kc_dram_reset(dram);
    if (ops->reset(h, img, args, nargs, kc_dram_config(dram)->size_bytes, &err) != KC_OK)
        die_err("reset", &err);
    kc_core_status st;
    kc_bus_req req;
    kc_bus_resp resp;
    uint64_t c = 0;
    for (;;) {
        ops->status(h, &st);
        if (st.state != KC_CORE_RUNNING || c >= CYCLE_LIMIT)
            break;
        ops->bus_out(h, &req);
        kc_dram_drive(dram, &req, &resp);
        if (ops->clock(h, &resp, &err) != KC_OK)
            die_err("clock", &err);
        kc_dram_commit(dram, &req, &resp);
        uint32_t pc, insn;
        if (ops->retire && ops->retire(h, &pc, &insn))
            r->retired++;
        c++;
    }
    r->rep.result = st.state == KC_CORE_HALTED ? KC_SIM_HALTED
                    : st.state == KC_CORE_TRAPPED ? KC_SIM_TRAPPED : KC_SIM_TIMEOUT;
    r->rep.cycles = c;
    r->rep.status = st;
    r->rep.ncounters = ops->ncounters;
    ops->counters(h, r->rep.counters, ops->ncounters);
    kc_dram_bytes(dram, &r->rep.dram_read_bytes, &r->rep.dram_write_bytes);
}

static void open_model(const kc_acc_ops *ops, void **h, kc_dram **dram, const kc_dram_cfg *cfg)
{
    kc_err err = { 0 };
    if (ops->open(h, &err) != KC_OK)
        die_err("open", &err);
    if (kc_dram_open(dram, cfg, ops->beat_bytes, &err) != KC_OK)
        die_err("dram", &err);
}

/* ---- insn ------------------------------------------------------------------------ */

typedef struct expect {
    int trapped;
    char cause[48];
    int has_pc, has_info, dram;
    uint32_t pc, info;
} expect;

static void parse_expect(const char *src, expect *e)
{
    kc_err err = { 0 };
    char *text;
    size_t n;
    if (kc_file_read_text(src, &text, &n, &err) != KC_OK)
        die_err(src, &err);
    memset(e, 0, sizeof *e);
    for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
        if (strncmp(line, "# kc-dram", 9) == 0)
            e->dram = 1;
        if (strncmp(line, "# kc-expect:", 12) != 0)
            continue;
        char what[16];
        if (sscanf(line + 12, "%15s %47s", what, e->cause) != 2 || strcmp(what, "trapped") != 0) {
            fprintf(stderr, "%s: bad kc-expect line: %s\n", src, line);
            exit(1);
        }
        e->trapped = 1;
        const char *p = strstr(line, "pc=");
        if (p)
            e->has_pc = 1, e->pc = (uint32_t)strtoul(p + 3, NULL, 0);
        p = strstr(line, "info=");
        if (p)
            e->has_info = 1, e->info = (uint32_t)strtoul(p + 5, NULL, 0);
    }
    free(text);
}

static void check_outcome(const kc_acc_ops *ops, void *h, const run *r, const expect *e)
{
    const kc_core_status *st = &r->rep.status;
    char buf[160];
    if (r->rep.result == KC_SIM_TIMEOUT) {
        FAIL("no halt or trap in %llu cycles", (unsigned long long)r->rep.cycles);
        return;
    }
    if (!e->trapped) {
        if (r->rep.result == KC_SIM_TRAPPED) {
            FAIL("trapped: %s", rvv_trap_describe(st->cause, st->pc, st->info, buf, sizeof buf));
            return;
        }
        int ok = 1;
        uint32_t a0 = read32(ops, h, "x", 10, &ok);
        if (!ok)
            FAIL("the model cannot read x10 (arch file x)");
        else if (a0)
            FAIL("check %u failed (a0 = %u at the exit)", a0, a0);
        return;
    }
    if (r->rep.result != KC_SIM_TRAPPED) {
        FAIL("halted, expected a trap (%s)", e->cause);
        return;
    }
    if (strcmp(st->cause_name, e->cause) != 0 || (e->has_pc && st->pc != e->pc) ||
        (e->has_info && st->info != e->info))
        FAIL("got %s; expected %s%s0x%08x info 0x%08x", rvv_trap_describe(st->cause, st->pc, st->info, buf, sizeof buf),
             e->cause, " at pc ", e->pc, e->info);
}

static int cmd_insn(const char *acc, const char *src, const char *elf)
{
    const kc_acc_ops *ops = find_acc(acc);
    expect e;
    parse_expect(src, &e);
    kc_image img;
    load_elf(elf, &img);
    void *h;
    kc_dram *dram;
    open_model(ops, &h, &dram, NULL);
    uint32_t args[2] = { RVV_DRAM_BASE, 0 };
    run r1, r2;
    run_prog(ops, h, dram, &img, args, e.dram ? 1 : 0, &r1);
    check_outcome(ops, h, &r1, &e);
    /* Again on the same model: the reset must leave nothing of the first run. */
    run_prog(ops, h, dram, &img, args, e.dram ? 1 : 0, &r2);
    if (r2.rep.cycles != r1.rep.cycles || r2.rep.result != r1.rep.result)
        FAIL("second run on the same model: %llu cycles (%s), first %llu (%s)",
             (unsigned long long)r2.rep.cycles, kc_sim_result_name(r2.rep.result),
             (unsigned long long)r1.rep.cycles, kc_sim_result_name(r1.rep.result));
    printf("%s on %s: %s in %llu cycles, %llu instructions\n", src, acc, kc_sim_result_name(r1.rep.result),
           (unsigned long long)r1.rep.cycles, (unsigned long long)r1.rep.counters[1]);
    ops->close(h);
    kc_dram_close(dram);
    kc_image_free(&img);
    return failures ? 1 : 0;
}

/* ---- arch ------------------------------------------------------------------------ */

/* arch.s's values (see there): x[i] = 0x1000 * i + i, f[i] = 0x3f800000 + i,
 * v[i] lane k = 0x01000000 * i + k, vl 3, vtype e16 m2 tu mu, fcsr RTZ | DZ,
 * dtcm word at the address in a0 = 0xdeadbeef, the DTCM's last byte 0x5a. */
static void check_arch(const kc_acc_ops *ops, void *h, uint32_t word_addr)
{
    int ok = 1;
    uint32_t x[32], f[32];
    if (ops->arch_read(h, file_index(ops, "x"), 0, 32, x) != 0)
        FAIL("arch file x cannot be read");
    else
        for (uint32_t i = 0; i < 32; i++)
            if (x[i] != (i ? 0x1000 * i + i : 0))
                FAIL("x%u = 0x%08x", i, x[i]);
    if (ops->arch_read(h, file_index(ops, "f"), 0, 32, f) != 0)
        FAIL("arch file f cannot be read");
    else
        for (uint32_t i = 0; i < 32; i++)
            if (f[i] != 0x3f800000u + i)
                FAIL("f%u = 0x%08x", i, f[i]);
    const kc_arch_file *vf = &ops->arch_files[file_index(ops, "v")];
    uint32_t lanes = vf->bytes / 4, v[64];
    for (uint32_t i = 0; i < 32 && lanes <= 64; i++) {
        if (ops->arch_read(h, file_index(ops, "v"), i, 1, v) != 0) {
            ok = 0;
            break;
        }
        for (uint32_t k = 0; k < lanes; k++)
            if (v[k] != 0x01000000u * i + k) {
                FAIL("v%u lane %u = 0x%08x", i, k, v[k]);
                break;
            }
    }
    const char *csrs[] = { "vl", "vtype", "vstart", "fcsr" };
    const uint32_t want[] = { 3, 0x09, 0, 1u << 5 | 0x08 };
    const kc_arch_file *cf = &ops->arch_files[file_index(ops, "csr")];
    for (size_t c = 0; c < 4; c++) {
        uint32_t idx = 0;
        while (idx < cf->count && (!cf->elem_names[idx] || strcmp(cf->elem_names[idx], csrs[c]) != 0))
            idx++;
        if (idx == cf->count) {
            FAIL("csr file has no %s", csrs[c]);
            continue;
        }
        int one = 1;
        uint32_t got = read32(ops, h, "csr", idx, &one);
        ok &= one;
        if (one && got != want[c])
            FAIL("csr %s = 0x%x, expected 0x%x", csrs[c], got, want[c]);
    }
    const kc_arch_file *df = &ops->arch_files[file_index(ops, "dtcm")];
    uint8_t b[4];
    if (ops->arch_read(h, file_index(ops, "dtcm"), word_addr - RVV_DTCM_BASE, 4, b) != 0 ||
        ops->arch_read(h, file_index(ops, "dtcm"), df->count - 1, 1, b + 3) != 0)
        ok = 0;
    else if (b[0] != 0xef || b[1] != 0xbe || b[2] != 0xad || b[3] != 0x5a)
        FAIL("dtcm: %02x %02x %02x .. last byte %02x", b[0], b[1], b[2], b[3]);
    if (!ok)
        FAIL("some arch file of %s cannot be read (verilated/rvv_shim.cpp RVV_SRC names vs the RTL)",
             ops->name);
    if (ops->arch_pc == NULL)
        FAIL("no arch_pc");
}

static int cmd_arch(const char *acc, const char *elf)
{
    const kc_acc_ops *ops = find_acc(acc);
    kc_image img;
    load_elf(elf, &img);
    void *h;
    kc_dram *dram;
    open_model(ops, &h, &dram, NULL);
    uint32_t first = RVV_DTCM_BASE + 0x1000, second = RVV_DTCM_BASE + 0x2000;
    /* 10 arguments: a0 (the word's address), a1..a7, and two DTCM words (isa/rvv_hw.h) */
    uint32_t args[10] = { first, 0, 0, 0, 0, 0, 0, 0, 0x11111111, 0x22222222 };
    run r;
    run_prog(ops, h, dram, &img, args, 10, &r);
    if (r.rep.result != KC_SIM_HALTED) {
        char buf[160];
        const kc_core_status *st = &r.rep.status;
        FAIL("arch.s did not halt (%s%s%s)", kc_sim_result_name(r.rep.result),
             r.rep.result == KC_SIM_TRAPPED ? ": " : "",
             r.rep.result == KC_SIM_TRAPPED ? rvv_trap_describe(st->cause, st->pc, st->info, buf, sizeof buf) : "");
        return 1;
    }
    check_arch(ops, h, first);
    rvv_hw view;
    kc_err herr = { 0 };
    if (rvv_hw_from(ops->hw, &view, &herr) != KC_OK)
        FAIL("rvv_hw_from: %s", herr.text);
    for (unsigned i = 8; i < 10; i++) {
        uint32_t w = 0;
        if (ops->arch_read(h, file_index(ops, "dtcm"), rvv_hw_xarg_addr(&view, i) - RVV_DTCM_BASE, 4, &w) != 0 ||
            w != args[i])
            FAIL("argument %u: DTCM word 0x%08x holds 0x%08x, expected 0x%08x", i, rvv_hw_xarg_addr(&view, i), w,
                 args[i]);
    }
    if (r.retired != r.rep.counters[1])
        FAIL("retire() reported %llu instructions, instret %llu", (unsigned long long)r.retired,
             (unsigned long long)r.rep.counters[1]);
    if (r.rep.counters[0] != r.rep.cycles)
        FAIL("cycles counter %llu, run %llu cycles", (unsigned long long)r.rep.counters[0],
             (unsigned long long)r.rep.cycles);
    /* Second run writes elsewhere: the reset must have zeroed the first word. */
    run_prog(ops, h, dram, &img, &second, 1, &r);
    check_arch(ops, h, second);
    uint8_t b[4] = { 1, 1, 1, 1 };
    ops->arch_read(h, file_index(ops, "dtcm"), first - RVV_DTCM_BASE, 4, b);
    if (b[0] | b[1] | b[2] | b[3])
        FAIL("the DTCM word a previous run wrote survived the reset");
    /* The stall view has one slot per instruction of the text, from the ITCM base
     * (it once had one per byte pc from 0: 1M slots x counters for any rvv kernel). */
    kc_sim_stalls stalls = { 0 };
    kc_sim_opts so = { .cycle_limit = CYCLE_LIMIT, .stalls = &stalls };
    kc_sim_report srep;
    kc_err serr = { 0 };
    kc_dram_reset(dram);
    if (kc_sim_run(ops, h, dram, &img, &second, 1, &so, &srep, &serr) != KC_OK)
        FAIL("kc_sim_run with a stall view: %s", serr.text);
    else if (stalls.pc0 != RVV_ITCM_BASE || stalls.pc_step != 4 ||
             stalls.nwords != kc_image_insns(&img) || srep.result != KC_SIM_HALTED)
        FAIL("stall view: pc0 0x%llx step %llu slots %zu, expected 0x%llx 4 %zu",
             (unsigned long long)stalls.pc0, (unsigned long long)stalls.pc_step, stalls.nwords,
             (unsigned long long)RVV_ITCM_BASE, kc_image_insns(&img));
    kc_sim_stalls_free(&stalls);
    printf("arch on %s: %zu files checked, %llu instructions retired\n", acc, ops->narch_files,
           (unsigned long long)r.retired);
    ops->close(h);
    kc_dram_close(dram);
    kc_image_free(&img);
    return failures ? 1 : 0;
}

/* ---- counters ---------------------------------------------------------------------
 * counters/<case>.expect: "key: value" or "key: >= value" / "key: <= value" lines
 * for result (halted/trapped), cycles and every counter of the model; '#' comments.
 * Values are integers or VLEN / LANES / VLMAX32 (VLEN / 32) products "k*VLEN". */

static long eval_term(const kc_acc_ops *ops, const char *s, int *ok)
{
    long mul = 1, v = 1;
    char name[32];
    while (*s) {
        while (isspace((unsigned char)*s) || *s == '*')
            s++;
        if (!*s)
            break;
        if (isdigit((unsigned char)*s)) {
            char *end;
            v = strtol(s, &end, 0);
            s = end;
        } else {
            size_t n = 0;
            while ((isalnum((unsigned char)*s) || *s == '_') && n < sizeof name - 1)
                name[n++] = *s++;
            name[n] = '\0';
            if (strcmp(name, "VLMAX32") == 0)
                v = kc_hw_get(ops->hw, "VLEN", 0) / 32;
            else if ((v = kc_hw_get(ops->hw, name, -1)) < 0 || n == 0) {
                *ok = 0;
                return 0;
            }
        }
        mul *= v;
    }
    return mul;
}

/* "a + b - c" of terms */
static long eval(const kc_acc_ops *ops, const char *s, int *ok)
{
    long sum = 0;
    int sign = 1;
    char term[64];
    while (*s) {
        size_t n = 0;
        while (*s && *s != '+' && *s != '-' && n < sizeof term - 1)
            term[n++] = *s++;
        term[n] = '\0';
        sum += sign * eval_term(ops, term, ok);
        if (*s)
            sign = *s++ == '+' ? 1 : -1;
    }
    return sum;
}

static void check_case(const kc_acc_ops *ops, void *h, kc_dram *dram, const char *dir, const char *elfdir,
                       const char *name)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s.elf", elfdir, name);
    kc_image img;
    load_elf(path, &img);
    uint32_t arg = RVV_DRAM_BASE;
    run r;
    run_prog(ops, h, dram, &img, &arg, 1, &r);
    kc_image_free(&img);
    snprintf(path, sizeof path, "%s/%s.expect", dir, name);
    FILE *f = fopen(path, "r");
    if (!f) {
        FAIL("%s: no .expect", name);
        return;
    }
    char line[256];
    int seen[KC_MAX_COUNTERS] = { 0 };
    while (fgets(line, sizeof line, f)) {
        char *c = strchr(line, '#');
        if (c)
            *c = '\0';
        char *colon = strchr(line, ':');
        if (!colon)
            continue;
        *colon = '\0';
        char key[64];
        if (sscanf(line, "%63s", key) != 1)
            continue;
        char *val = colon + 1;
        while (isspace((unsigned char)*val))
            val++;
        val[strcspn(val, "\n")] = '\0';
        if (strcmp(key, "result") == 0) {
            if (strcmp(val, kc_sim_result_name(r.rep.result)) != 0)
                FAIL("%s: result %s, expected %s", name, kc_sim_result_name(r.rep.result), val);
            continue;
        }
        uint64_t got;
        if (strcmp(key, "cycles") == 0) {   /* the run's cycles; the counter must equal them */
            got = r.rep.cycles;
            if (ops->ncounters && strcmp(ops->counter_names[0], "cycles") == 0) {
                seen[0] = 1;
                if (r.rep.counters[0] != got)
                    FAIL("%s: cycles counter %llu, run %llu cycles", name,
                         (unsigned long long)r.rep.counters[0], (unsigned long long)got);
            }
        } else {
            size_t k = 0;
            while (k < ops->ncounters && strcmp(ops->counter_names[k], key) != 0)
                k++;
            if (k == ops->ncounters) {
                FAIL("%s: %s is no counter of %s", name, key, ops->name);
                continue;
            }
            seen[k] = 1;
            got = r.rep.counters[k];
        }
        int rel = 0;   /* 0 ==, 1 >=, -1 <= */
        if (val[0] == '>' && val[1] == '=')
            rel = 1, val += 2;
        else if (val[0] == '<' && val[1] == '=')
            rel = -1, val += 2;
        int ok = 1;
        long want = eval(ops, val, &ok);
        if (!ok) {
            FAIL("%s: %s: cannot evaluate '%s'", name, key, val);
            continue;
        }
        int pass = rel == 0 ? (long)got == want : rel > 0 ? (long)got >= want : (long)got <= want;
        if (!pass)
            FAIL("%s: %s = %llu, expected %s%ld", name, key, (unsigned long long)got,
                 rel == 0 ? "" : rel > 0 ? ">= " : "<= ", want);
    }
    fclose(f);
    for (size_t k = 0; k < ops->ncounters; k++)
        if (!seen[k])
            FAIL("%s: the .expect says nothing of counter %s", name, ops->counter_names[k]);
    printf("%s: %s, %llu cycles\n", name, kc_sim_result_name(r.rep.result), (unsigned long long)r.rep.cycles);
}

static int cmd_counters(const char *acc, const char *dir, const char *elfdir)
{
    const kc_acc_ops *ops = find_acc(acc);
    void *h;
    kc_dram *dram;
    open_model(ops, &h, &dram, NULL);
    DIR *d = opendir(dir);
    if (!d) {
        perror(dir);
        return 1;
    }
    struct dirent *de;
    int ncases = 0;
    while ((de = readdir(d))) {
        size_t n = strlen(de->d_name);
        if (n > 7 && strcmp(de->d_name + n - 7, ".expect") == 0) {
            char name[256];
            snprintf(name, sizeof name, "%.*s", (int)(n - 7), de->d_name);
            check_case(ops, h, dram, dir, elfdir, name);
            ncases++;
        }
    }
    closedir(d);
    if (!ncases)
        FAIL("no cases in %s", dir);
    ops->close(h);
    kc_dram_close(dram);
    return failures ? 1 : 0;
}

/* ---- perf ------------------------------------------------------------------------ */

static int cmd_perf(const char *acc, const char *elf, int runs)
{
    const kc_acc_ops *ops = find_acc(acc);
    kc_image img;
    load_elf(elf, &img);
    void *h;
    kc_dram *dram;
    open_model(ops, &h, &dram, NULL);
    uint32_t arg = RVV_DRAM_BASE;
    kc_err err = { 0 };
    kc_sim_report rep;
    uint64_t cycles = 0;
    struct timespec t0, t1, c0, c1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &c0);
    for (int i = 0; i < runs; i++) {
        kc_dram_reset(dram);
        if (kc_sim_run(ops, h, dram, &img, &arg, 1, NULL, &rep, &err) != KC_OK)
            die_err("run", &err);
        cycles += rep.cycles;
    }
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &c1);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double s = (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec);
    double cpu = (double)(c1.tv_sec - c0.tv_sec) + 1e-9 * (double)(c1.tv_nsec - c0.tv_nsec);
    /* CPU time too: on a loaded machine the wall-clock figure says more about the load */
    printf("%s: %s, %d runs of %llu cycles (%s): %.3f s wall, %.3f s CPU incl. resets: %.0f simulated cycles/s"
           " (wall), %.0f (CPU)\n", acc, elf, runs, (unsigned long long)rep.cycles, kc_sim_result_name(rep.result), s,
           cpu, (double)cycles / s, (double)cycles / cpu);
    ops->close(h);
    kc_dram_close(dram);
    kc_image_free(&img);
    return 0;
}

/* ---- Icarus: prep / compare -------------------------------------------------------
 * DIR/load.hex: one "AAAAAAAA_DDDDDDDD" (address, word) line per load-port write,
 * in the shim's order (ITCM then DTCM; the testbench starts from zeroed
 * memories, so the zero words need no write); DIR/args.hex: a0..a7;
 * DIR/plusargs; DIR/ref.txt: the Verilated run in the testbench's format. */

static void write_results(const char *path, const kc_sim_report *rep)
{
    FILE *f = fopen(path, "w");
    if (!f) {
        perror(path);
        exit(1);
    }
    fprintf(f, "result %s\ncycles %llu\n", kc_sim_result_name(rep->result), (unsigned long long)rep->cycles);
    fprintf(f, "trap_cause %u\ntrap_pc %u\ntrap_info %u\n", rep->status.cause, rep->status.pc, rep->status.info);
    for (size_t i = 0; i < rep->ncounters; i++)
        fprintf(f, "counter%zu %llu\n", i, (unsigned long long)rep->counters[i]);
    fprintf(f, "dram_error 0\n");   /* the testbench's DRAM model saw no access outside its beats */
    fclose(f);
}

static int cmd_prep(const char *acc, const char *elf, const char *dir, unsigned lat, unsigned bw)
{
    const kc_acc_ops *ops = find_acc(acc);
    kc_image img;
    load_elf(elf, &img);
    char path[1024];
    snprintf(path, sizeof path, "%s/load.hex", dir);
    FILE *f = fopen(path, "w");
    if (!f) {
        perror(path);
        return 1;
    }
    size_t nload = 0;
    for (size_t s = 0; s < img.nsegs; s++)
        for (size_t off = 0; off < img.segs[s].size; off += 4) {
            uint8_t w[4] = { 0 };
            memcpy(w, img.segs[s].data + off, img.segs[s].size - off < 4 ? img.segs[s].size - off : 4);
            uint32_t word = (uint32_t)w[0] | (uint32_t)w[1] << 8 | (uint32_t)w[2] << 16 | (uint32_t)w[3] << 24;
            if (!word)
                continue;
            fprintf(f, "%08x%08x\n", (unsigned)(img.segs[s].addr + off), (unsigned)word);
            nload++;
        }
    fclose(f);
    kc_dram_cfg cfg = { 1u << 16, lat, bw };
    void *h;
    kc_dram *dram;
    open_model(ops, &h, &dram, &cfg);
    uint32_t args[8] = { RVV_DRAM_BASE };
    kc_err err = { 0 };
    kc_sim_report rep;
    if (kc_sim_run(ops, h, dram, &img, args, 8, NULL, &rep, &err) != KC_OK)
        die_err("run", &err);
    snprintf(path, sizeof path, "%s/ref.txt", dir);
    write_results(path, &rep);
    snprintf(path, sizeof path, "%s/ref_dram.hex", dir);
    f = fopen(path, "w");
    const uint8_t *m = kc_dram_data(dram);
    for (uint32_t b = 0; b < cfg.size_bytes; b += ops->beat_bytes) {
        for (int i = (int)ops->beat_bytes - 1; i >= 0; i--)
            fprintf(f, "%02x", m[b + (uint32_t)i]);
        fputc('\n', f);
    }
    fclose(f);
    snprintf(path, sizeof path, "%s/args.hex", dir);
    f = fopen(path, "w");
    for (int i = 0; i < 8; i++)
        fprintf(f, "%08x\n", (unsigned)args[i]);
    fclose(f);
    snprintf(path, sizeof path, "%s/plusargs", dir);
    f = fopen(path, "w");
    fprintf(f, "+nload=%zu +entry=%u +dram_bytes=%u +dram_beats=%u +lat=%u +bw=%u +limit=%llu\n", nload,
            (unsigned)img.entry, cfg.size_bytes, cfg.size_bytes / ops->beat_bytes, lat, bw, CYCLE_LIMIT);
    fclose(f);
    printf("prep %s on %s: %s in %llu cycles\n", elf, acc, kc_sim_result_name(rep.result),
           (unsigned long long)rep.cycles);
    ops->close(h);
    kc_dram_close(dram);
    kc_image_free(&img);
    return 0;
}

static int same_file(const char *a, const char *b)
{
    FILE *fa = fopen(a, "r"), *fb = fopen(b, "r");
    if (!fa || !fb) {
        FAIL("cannot open %s or %s", a, b);
        return 0;
    }
    char la[1024], lb[1024];
    int line = 0, same = 1;
    for (;;) {
        char *ra = fgets(la, sizeof la, fa), *rb = fgets(lb, sizeof lb, fb);
        line++;
        if (!ra && !rb)
            break;
        if (!ra || !rb || strcmp(la, lb) != 0) {
            la[strcspn(la, "\n")] = lb[strcspn(lb, "\n")] = '\0';
            FAIL("%s line %d: Verilator '%s', Icarus '%s'", a, line, ra ? la : "(end)", rb ? lb : "(end)");
            same = 0;
            break;
        }
    }
    fclose(fa);
    fclose(fb);
    return same;
}

static int cmd_compare(const char *dir)
{
    char a[1024], b[1024];
    snprintf(a, sizeof a, "%s/ref.txt", dir);
    snprintf(b, sizeof b, "%s/icarus.txt", dir);
    same_file(a, b);
    snprintf(a, sizeof a, "%s/ref_dram.hex", dir);
    snprintf(b, sizeof b, "%s/icarus_dram.hex", dir);
    same_file(a, b);
    return failures ? 1 : 0;
}

int main(int argc, char **argv)
{
    if (argc >= 5 && strcmp(argv[1], "insn") == 0)
        return cmd_insn(argv[2], argv[3], argv[4]);
    if (argc >= 4 && strcmp(argv[1], "arch") == 0)
        return cmd_arch(argv[2], argv[3]);
    if (argc >= 5 && strcmp(argv[1], "counters") == 0)
        return cmd_counters(argv[2], argv[3], argv[4]);
    if (argc >= 4 && strcmp(argv[1], "perf") == 0)
        return cmd_perf(argv[2], argv[3], argc > 4 ? atoi(argv[4]) : 3);
    if (argc >= 7 && strcmp(argv[1], "prep") == 0)
        return cmd_prep(argv[2], argv[3], argv[4], (unsigned)atoi(argv[5]), (unsigned)atoi(argv[6]));
    if (argc >= 3 && strcmp(argv[1], "compare") == 0)
        return cmd_compare(argv[2]);
    fprintf(stderr, "usage: test_rvv insn ACC SRC.s ELF | arch ACC ELF | counters ACC SRCDIR ELFDIR | perf ACC ELF [RUNS]"
                    " | prep ACC ELF DIR LAT BW | compare DIR\n");
    return 2;
}
