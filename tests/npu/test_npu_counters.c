/* test_npu_counters — what each performance counter of the npu counts, pinned
 * by micro-kernels whose counts follow from the documented timing.
 *
 *   test_npu_counters DIR      every DIR/<case>.s with its DIR/<case>.expect
 *
 * A case's .expect names the run's result and gives, for the cycle count and for
 * EVERY counter of the model (a zero is stated, not implied), a formula of the
 * ISA document's timing model (isa/kc_timing.h: LAT, BW, BEAT, N and the table's
 * parameters VLEN, MLEN, VEC_LAT, ...), with its derivation in comments:
 *
 *   # why the numbers are what they are
 *   n: 8                                   .equ N, 8 is put before the kernel
 *                                          (and .equ VLEN, 16 etc. for the table's parameters)
 *   let D: max(N - 1, ceil((N - 1) * BEAT / BW) - 1)    a name for a sub-formula
 *   result: halted                         halted | trapped
 *   cycles: 4 + D                          the run's cycles = the cycles counter
 *   dma_store_busy: 1 + D                  one line per counter
 *   dram_read_bytes: 0                     bytes the DRAM model saw
 *   dram_write_bytes: N * BEAT
 *
 * Every case runs at two DRAM configurations (the defaults, and latency 20 at 16
 * bytes per cycle), so a count that only happens to match one of them fails.
 * Every counter must be non-zero in at least one case: a counter wired to a
 * constant, or to another counter's signal, cannot pass.
 */
#include <ctype.h>
#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kc_acc.h"
#include "kc_asm.h"
#include "kc_dram.h"
#include "kc_file.h"
#include "kc_sim.h"
#include "kc_timing.h"

#define MAX_LETS 8
#define MAX_KEYS (KC_MAX_COUNTERS + 4)
#define FORMULA_MAX 1024

typedef struct expect {
    int n;
    char result[16];
    size_t nkeys;
    char key[MAX_KEYS][48];
    char formula[MAX_KEYS][FORMULA_MAX];
} expect;

static int failures;

#define FAIL(...)                                                                                  \
    do {                                                                                           \
        failures++;                                                                                \
        fprintf(stderr, __VA_ARGS__);                                                              \
        fputc('\n', stderr);                                                                       \
    } while (0)

static char *trim(char *s)
{
    while (isspace((unsigned char)*s))
        s++;
    size_t n = strlen(s);
    while (n && isspace((unsigned char)s[n - 1]))
        s[--n] = '\0';
    return s;
}

/* Copies formula into out with every identifier token that names a let replaced
 * by its (already expanded) formula in parentheses. */
static int expand(const char *formula, char lets[][2][FORMULA_MAX], size_t nlets, char *out,
                  size_t size)
{
    size_t o = 0;
    for (const char *p = formula; *p;) {
        if (isalpha((unsigned char)*p) || *p == '_') {
            const char *q = p;
            while (isalnum((unsigned char)*q) || *q == '_')
                q++;
            const char *rep = NULL;
            for (size_t i = 0; i < nlets && !rep; i++)
                if (strlen(lets[i][0]) == (size_t)(q - p) && !strncmp(lets[i][0], p, (size_t)(q - p)))
                    rep = lets[i][1];
            int n = rep ? snprintf(out + o, size - o, "(%s)", rep)
                        : snprintf(out + o, size - o, "%.*s", (int)(q - p), p);
            if (n < 0 || (size_t)n >= size - o)
                return -1;
            o += (size_t)n;
            p = q;
        } else {
            if (o + 1 >= size)
                return -1;
            out[o++] = *p++;
        }
    }
    out[o] = '\0';
    return 0;
}

static int read_expect(const char *path, expect *e)
{
    char *text = NULL;
    size_t size = 0;
    kc_err err;
    kc_err_clear(&err);
    if (kc_file_read_text(path, &text, &size, &err) != KC_OK) {
        FAIL("%s: %s", path, err.text);
        return -1;
    }
    static char lets[MAX_LETS][2][FORMULA_MAX];
    size_t nlets = 0;
    memset(e, 0, sizeof *e);
    int lineno = 0, bad = 0;
    char *save = NULL;
    for (char *line = strtok_r(text, "\n", &save); line && !bad; line = strtok_r(NULL, "\n", &save)) {
        lineno++;
        char *hash = strchr(line, '#');
        if (hash)
            *hash = '\0';
        char *colon = strchr(line, ':');
        if (!colon) {
            bad = *trim(line) != '\0';
            continue;
        }
        *colon = '\0';
        char *key = trim(line), *val = trim(colon + 1);
        if (!strcmp(key, "n")) {
            e->n = atoi(val);
        } else if (!strcmp(key, "result")) {
            snprintf(e->result, sizeof e->result, "%s", val);
        } else if (!strncmp(key, "let ", 4) && nlets < MAX_LETS) {
            snprintf(lets[nlets][0], FORMULA_MAX, "%s", trim(key + 4));
            bad = expand(val, lets, nlets, lets[nlets][1], FORMULA_MAX) != 0;
            nlets++;
        } else if (e->nkeys < MAX_KEYS && strlen(key) < sizeof e->key[0]) {
            snprintf(e->key[e->nkeys], sizeof e->key[0], "%s", key);
            bad = expand(val, lets, nlets, e->formula[e->nkeys], FORMULA_MAX) != 0;
            e->nkeys++;
        } else {
            bad = 1;
        }
    }
    free(text);
    if (bad || !e->result[0]) {
        FAIL("%s:%d: not 'key: formula' (or no result line)", path, lineno);
        return -1;
    }
    return 0;
}

/* The measured value of key, or -1 for a key the run does not have. */
static double measured(const kc_sim_report *r, const char *key)
{
    if (!strcmp(key, "dram_read_bytes"))
        return (double)r->dram_read_bytes;
    if (!strcmp(key, "dram_write_bytes"))
        return (double)r->dram_write_bytes;
    for (size_t i = 0; i < r->ncounters; i++)
        if (!strcmp(key, r->counter_names[i]))
            return (double)r->counters[i];
    return -1;
}

static int run_case(const kc_isa *isa, const kc_acc_ops *ops, void *model, const char *dir,
                    const char *name, int *nonzero)
{
    char path[4096];
    expect e;
    snprintf(path, sizeof path, "%s/%s.expect", dir, name);
    if (read_expect(path, &e) != 0)
        return -1;
    snprintf(path, sizeof path, "%s/%s.s", dir, name);
    char *body = NULL;
    size_t size = 0;
    kc_err err;
    kc_err_clear(&err);
    if (kc_file_read_text(path, &body, &size, &err) != KC_OK) {
        FAIL("%s: %s", path, err.text);
        return -1;
    }
    /* the kernel sees N and the hardware parameters (VLEN, MLEN, ...) as symbols */
    size_t cap = size + 64 + 96 * isa->nparams, used = 0;
    char *src = malloc(cap);
    used += (size_t)snprintf(src, cap, ".equ N, %d\n", e.n);
    for (size_t i = 0; i < isa->nparams; i++)
        used += (size_t)snprintf(src + used, cap - used, ".equ %s, %lld\n", isa->params[i].name,
                                 (long long)isa->params[i].value);
    snprintf(src + used, cap - used, "%s", body);
    free(body);
    kc_program prog;
    kc_status s = kc_asm_assemble(isa, src, path, &prog, &err);
    free(src);
    if (s != KC_OK) {
        char buf[800];
        FAIL("%s", kc_err_format(&err, buf, sizeof buf));
        return -1;
    }
    /* every counter, and the DRAM bytes, must be stated */
    const char *extra[] = { "dram_read_bytes", "dram_write_bytes" };
    for (size_t i = 0; i < ops->ncounters + 2; i++) {
        const char *want = i < ops->ncounters ? ops->counter_names[i] : extra[i - ops->ncounters];
        int have = 0;
        for (size_t k = 0; k < e.nkeys; k++)
            have |= !strcmp(e.key[k], want);
        if (!have)
            FAIL("%s: no line for %s (state every counter, zeros too)", name, want);
    }

    const uint32_t args[4] = { 0x10000, 0x20000, 0x30000, 0x40000 };
    const kc_dram_cfg cfgs[2] = { { 1u << 20, 0, 0 }, { 1u << 20, 20, 16 } };
    for (int c = 0; c < 2; c++) {
        kc_dram *dram = NULL;
        kc_sim_report r;
        kc_sim_opts so = { .cycle_limit = 100000, .trace = NULL, .stalls = NULL };
        if (kc_dram_open(&dram, &cfgs[c], ops->beat_bytes, &err) != KC_OK ||
            kc_sim_run_words(ops, model, dram, prog.words, prog.nwords, args, 4, &so, &r, &err) != KC_OK) {
            FAIL("%s: %s", name, err.text);
            kc_dram_close(dram);
            break;
        }
        const kc_dram_cfg *dc = kc_dram_config(dram);
        kc_timing_env env = kc_timing_default_env(isa, e.n);
        env.lat = dc->latency;
        env.bw = dc->bytes_per_cycle;
        printf("%-15s LAT %3u BW %2u  %-8s", c ? "" : name, dc->latency, dc->bytes_per_cycle,
               kc_sim_result_name(r.result));
        if (strcmp(kc_sim_result_name(r.result), e.result))
            FAIL("%s [LAT %u BW %u]: result %s, expected %s (%s at pc %u)", name, dc->latency,
                 dc->bytes_per_cycle, kc_sim_result_name(r.result), e.result,
                 r.status.cause_name ? r.status.cause_name : "-", r.status.pc);
        for (size_t k = 0; k < e.nkeys; k++) {
            double want = 0, got = measured(&r, e.key[k]);
            if (!strcmp(e.key[k], "cycles") && got != (double)r.cycles)
                FAIL("%s: the cycles counter says %g, the run %llu", name, got,
                     (unsigned long long)r.cycles);
            kc_err_clear(&err);
            if (got < 0) {
                FAIL("%s: %s is no counter of %s", name, e.key[k], ops->name);
            } else if (kc_timing_eval(isa, e.formula[k], &env, &want, &err) != KC_OK) {
                FAIL("%s: %s: %s", name, e.key[k], err.text);
            } else {
                int ok = fabs(got - want) < 1e-9;
                printf(" %s=%g%s", e.key[k], got, ok ? "" : "!");
                if (!ok)
                    FAIL("%s [LAT %u BW %u]: %s = %g, expected %g = %s", name, dc->latency,
                         dc->bytes_per_cycle, e.key[k], got, want, e.formula[k]);
            }
        }
        printf("\n");
        for (size_t i = 0; i < r.ncounters; i++)
            nonzero[i] |= r.counters[i] != 0;
        kc_dram_close(dram);
    }
    kc_program_free(&prog);
    return 0;
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: test_npu_counters DIR\n");
        return 2;
    }
    kc_err err;
    kc_err_clear(&err);
    const kc_isa *isa = NULL;
    const kc_acc_ops *ops = kc_acc_find("npu");
    void *model = NULL;
    if (kc_isa_load("npu", &isa, &err) != KC_OK || !ops || ops->open(&model, &err) != KC_OK) {
        fprintf(stderr, "test_npu_counters: no npu: %s\n", err.text);
        return 2;
    }
    DIR *d = opendir(argv[1]);
    if (!d) {
        fprintf(stderr, "test_npu_counters: cannot open %s\n", argv[1]);
        return 2;
    }
    char *names[256];
    size_t n = 0;
    for (struct dirent *de; (de = readdir(d)) && n < 256;) {
        size_t len = strlen(de->d_name);
        if (len > 2 && !strcmp(de->d_name + len - 2, ".s"))
            names[n++] = strndup(de->d_name, len - 2);
    }
    closedir(d);
    qsort(names, n, sizeof names[0], cmp_str);
    int nonzero[KC_MAX_COUNTERS] = { 0 };
    for (size_t i = 0; i < n; i++) {
        run_case(isa, ops, model, argv[1], names[i], nonzero);
        free(names[i]);
    }
    if (!n)
        FAIL("no cases in %s", argv[1]);
    for (size_t i = 0; i < ops->ncounters && i < KC_MAX_COUNTERS; i++)
        if (!nonzero[i])
            FAIL("counter %s is zero in every case: no case shows what it counts",
                 ops->counter_names[i]);
    ops->close(model);
    printf("test_npu_counters: %zu cases, %s\n", n, failures ? "FAILED" : "all counts as derived");
    return failures ? 1 : 0;
}
