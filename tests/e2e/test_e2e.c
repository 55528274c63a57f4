/* test_e2e — end-to-end evaluations on the RTL model.
 *
 *   test_e2e baseline TASK [SEED...]  every config C1..C5 of TASK's baseline on the
 *                                     default platform must be correct (default
 *                                     seed 2024; seed 1 is the golden check's)
 *   test_e2e baseline-on PLATFORM TASK [SEED...]
 *                                     the same on another platform (the npu_wide
 *                                     second-size build)
 *   test_e2e case DIR                 evaluates DIR/kernel.s with the options in
 *                                     DIR/expect.json and checks that the result
 *                                     record contains every field of its "expect"
 *                                     object (a recursive subset match); the
 *                                     kernel may instead be a mutated baseline or
 *                                     an ISA-document example (see mutate)
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kc_eval.h"
#include "kc_platform.h"

static kc_eval_ctx *ctx;   /* this test process's evaluation context (main) */

static int run_baselines(const char *platform, const char *task, int nseeds, char **seeds)
{
    /* Seed 1 is the golden file's (golden.npu.*: every baseline correct there,
     * with its cycles pinned); this adds a second data set. */
    static char *defaults[] = { "2024" };
    if (nseeds == 0) {
        nseeds = 1;
        seeds = defaults;
    }
    int bad = 0;
    for (int si = 0; si < nseeds; si++)
        for (int c = 1; c <= 5; c++) {
            kc_err err;
            kc_err_clear(&err);
            kc_eval_opts o = { .platform = platform, .task = task, .config = c,
                               .seed = strtoull(seeds[si], NULL, 0) };
            kc_eval_result r;
            if (kc_eval_baseline(ctx, &o, &r, &err) != KC_OK) {
                char buf[800];
                fprintf(stderr, "%s C%d: %s\n", task, c, kc_err_format(&err, buf, sizeof buf));
                bad++;
                continue;
            }
            printf("%-9s C%d seed %-5s %-14s cycles %8" PRIu64 " ideal %8.0f eff %.3f "
                   "max_abs %.3g max_rel %.3g tol_used %.2f mismatches %zu\n",
                   task, c, seeds[si], kc_eval_status_name(r.status), r.cycles, r.ideal_cycles,
                   r.efficiency, r.check.max_abs, r.check.max_rel, r.check.worst,
                   r.check.mismatches);
            if (!r.correct) {
                bad++;
                if (r.status == KC_EVAL_TRAP)
                    printf("  trap %s at pc %u info 0x%x\n", r.trap_name, r.trap_pc, r.trap_info);
                for (unsigned i = 0; i < r.check.nreport; i++)
                    printf("  %s[%zu] expected %.6g got %.6g\n",
                           r.tensor_names[r.check.first[i].tensor], r.check.first[i].index,
                           r.check.first[i].expected, r.check.first[i].actual);
            }
        }
    return bad ? 1 : 0;
}

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *b = malloc((size_t)n + 1);
    if (b && fread(b, 1, (size_t)n, f) != (size_t)n) {
        free(b);
        b = NULL;
    }
    if (b)
        b[n] = 0;
    fclose(f);
    return b;
}

/* Every key of `want` must be in `got` with an equal value (objects recursively;
 * numbers compare as numbers). Prints the first difference. */
static int subset(const json_t *want, const json_t *got, const char *path)
{
    if (json_is_object(want)) {
        const char *k;
        json_t *v;
        if (!json_is_object(got)) {
            printf("%s: expected an object\n", path);
            return 0;
        }
        json_object_foreach((json_t *)want, k, v) {
            char sub[256];
            snprintf(sub, sizeof sub, "%s.%s", path, k);
            json_t *g = json_object_get(got, k);
            if (!g) {
                printf("%s: missing in the result\n", sub);
                return 0;
            }
            if (!subset(v, g, sub))
                return 0;
        }
        return 1;
    }
    if (json_is_array(want)) {
        if (!json_is_array(got) || json_array_size(got) != json_array_size(want)) {
            printf("%s: expected an array of %zu\n", path, json_array_size(want));
            return 0;
        }
        for (size_t i = 0; i < json_array_size(want); i++) {
            char sub[256];
            snprintf(sub, sizeof sub, "%s[%zu]", path, i);
            if (!subset(json_array_get(want, i), json_array_get(got, i), sub))
                return 0;
        }
        return 1;
    }
    if (json_is_number(want) && json_is_number(got) &&
        json_number_value(want) == json_number_value(got))
        return 1;
    if (json_equal((json_t *)want, (json_t *)got))
        return 1;
    char *w = json_dumps(want, JSON_ENCODE_ANY), *g = json_dumps(got, JSON_ENCODE_ANY);
    printf("%s: expected %s, got %s\n", path, w, g);
    free(w);
    free(g);
    return 0;
}

/* The first ```asm block after the line that starts with `heading` in the ISA
 * document (the worked examples are run on the RTL, not just assembled). */
static char *doc_block(const char *heading)
{
    char *doc = slurp(KC_DOC_DIR "/npu.md");
    char *h = doc, *text = NULL;
    while (h && strncmp(h, heading, strlen(heading)) != 0)
        h = (h = strchr(h, '\n')) ? h + 1 : NULL;
    char *open = h ? strstr(h, "```asm\n") : NULL;
    char *close = open ? strstr(open + 7, "\n```") : NULL;
    if (close) {
        size_t n = (size_t)(close - (open + 7)) + 1;
        text = malloc(n + 1);
        memcpy(text, open + 7, n);
        text[n] = 0;
    }
    free(doc);
    return text;
}

/* A case without kernel.s may be a mutation of the baseline or of a worked
 * example of the ISA document ("doc_asm": its section heading): "replace" (or
 * "baseline_replace") is a list of [from, to] pairs, each applied to every
 * occurrence. The cases check that the tolerances catch real bugs (no max
 * subtraction, no eps, accumulators carried across output tiles, ...). */
static char *mutate(const json_t *spec, const json_t *muts)
{
    const char *doc = json_string_value(json_object_get(spec, "doc_asm"));
    const kc_task *t = kc_task_find(json_string_value(json_object_get(spec, "task")));
    const kc_platform *p = kc_platform_find("npu");
    kc_err err;
    kc_err_clear(&err);
    char *text = NULL;
    if (doc)
        text = doc_block(doc);
    else if (!t || kc_platform_baseline(p, t, (int)json_integer_value(json_object_get(spec, "config")),
                                        &text, &err) != KC_OK)
        return NULL;
    if (!text || !muts)
        return text;
    size_t i;
    json_t *m;
    json_array_foreach(muts, i, m) {
        const char *from = json_string_value(json_array_get(m, 0));
        const char *to = json_string_value(json_array_get(m, 1));
        if (!from || !to || !*from || !strstr(text, from)) {
            fprintf(stderr, "mutation %zu does not apply\n", i);
            free(text);
            return NULL;
        }
        size_t fl = strlen(from), tl = strlen(to), n = 0;
        for (const char *q = text; (q = strstr(q, from)); q += fl)
            n++;
        char *out = malloc(strlen(text) + n * (tl > fl ? tl - fl : 0) + 1), *w = out;
        for (const char *q = text, *hit; q; q = hit ? hit + fl : NULL) {
            hit = strstr(q, from);
            size_t len = hit ? (size_t)(hit - q) : strlen(q);
            memcpy(w, q, len);
            w += len;
            if (hit) {
                memcpy(w, to, tl);
                w += tl;
            }
        }
        *w = 0;
        free(text);
        text = out;
    }
    return text;
}

static int run_case(const char *dir)
{
    char path[1024];
    json_error_t jerr;
    snprintf(path, sizeof path, "%s/expect.json", dir);
    json_t *spec = json_load_file(path, 0, &jerr);
    if (!spec) {
        fprintf(stderr, "%s:%d: %s\n", path, jerr.line, jerr.text);
        return 2;
    }
    snprintf(path, sizeof path, "%s/kernel.s", dir);
    char *src = slurp(path);
    json_t *muts = json_object_get(spec, "baseline_replace");
    if (!muts)
        muts = json_object_get(spec, "replace");
    if (!src && (muts || json_object_get(spec, "doc_asm")))
        src = mutate(spec, muts);
    if (!src) {
        fprintf(stderr, "cannot read %s\n", path);
        json_decref(spec);
        return 2;
    }
    kc_eval_opts o = { .platform = "npu", .config = 1, .seed = 1 };
    json_t *v;
    if ((v = json_object_get(spec, "platform")))
        o.platform = json_string_value(v);
    if ((v = json_object_get(spec, "task")))
        o.task = json_string_value(v);
    if ((v = json_object_get(spec, "config")))
        o.config = (int)json_integer_value(v);
    if ((v = json_object_get(spec, "seed")))
        o.seed = (uint64_t)json_integer_value(v);
    if ((v = json_object_get(spec, "cycle_limit")))
        o.cycle_limit = (uint64_t)json_integer_value(v);

    kc_err err;
    kc_err_clear(&err);
    kc_eval_result r;
    int rc = 1;
    if (kc_eval_run(ctx, &o, src, "kernel.s", &r, &err) != KC_OK) {
        char buf[800];
        printf("evaluation error: %s\n", kc_err_format(&err, buf, sizeof buf));
    } else {
        json_t *rec = kc_eval_result_json(&r);
        char *txt = json_dumps(rec, JSON_COMPACT);
        printf("%s\n", txt);
        free(txt);
        rc = subset(json_object_get(spec, "expect"), rec, "record") ? 0 : 1;
        json_decref(rec);
    }
    free(src);
    json_decref(spec);
    return rc;
}

int main(int argc, char **argv)
{
    kc_err err;
    kc_err_clear(&err);
    if (kc_eval_ctx_open(&ctx, &err) != KC_OK) {
        fprintf(stderr, "%s\n", err.text);
        return 2;
    }
    int rc = 2;
    if (argc >= 3 && !strcmp(argv[1], "baseline"))
        rc = run_baselines(kc_platform_default()->name, argv[2], argc - 3, argv + 3);
    else if (argc >= 4 && !strcmp(argv[1], "baseline-on"))
        rc = run_baselines(argv[2], argv[3], argc - 4, argv + 4);
    else if (argc == 3 && !strcmp(argv[1], "case"))
        rc = run_case(argv[2]);
    else
        fprintf(stderr, "usage: test_e2e baseline TASK [SEED...] | test_e2e baseline-on PLATFORM TASK [SEED...] | "
                "test_e2e case DIR\n");
    kc_eval_ctx_close(ctx);
    return rc;
}
