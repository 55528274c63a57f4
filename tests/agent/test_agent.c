/* test_agent.c — agent scenarios against the scripted loopback server.
 *
 *   test_agent CASE_DIR DIALECT KC_BINARY     one scenario (cases/<name>/)
 *   test_agent --unit NAME                    unit tests of the agent library
 *   test_agent --tool WS PLATFORM TASK CONFIG TOOL ARGS_JSON
 *                                             one tool call, its text on stdout
 *
 * A case directory holds script.jsonl (the model's turns, see kc_fake_llm.h) and
 * expect.json:
 *   "options":  {"platform": "npu", "task": "relu", "config": 1,    library runs
 *                "budget": N, "retries": N, "api_key": "...",       (the defaults
 *                "retry_max_ms": N, "max_reply_bytes": N,           shown)
 *                "max_tool_calls": N}
 *   "cli":      [{"args": [...], "exit": N, "kill_at_request": N,   or runs of the
 *                 "no_core_dump": true (checked before the kill),    kc binary ({KC}
 *                 "stderr~": [...], "stdout!~": [...],               {URL} {OUT}
 *                 "links": {...} (made before this step),            {PROVIDER} are
 *                 "env": {...} (set for this run only)}]             substituted)
 *   "outside":  {"name": "text"} files of a directory OUT.outside, which must
 *               end up unchanged and without other entries
 *   "files":    {"path under OUT": ["part", ...]} files made before the run, their
 *               parts joined by NUL bytes (a file the model could not have written)
 *   "links":    {"path under OUT": "target" | null} symbolic links made before
 *               the run ({OUTSIDE} is substituted; null removes the path)
 *   "max_transcript_bytes": upper bound on transcript.jsonl's size
 *   "transcript_lacks": strings no line of the transcript may contain
 *   "record":   subset the final record must match ("key~": substring)
 *   "transcript": events that must occur in this order (subset matches)
 *   "counts":   {"retry": 3}  exact numbers of transcript events by type
 *   "requests": number of HTTP requests the server answered
 *   "min_seconds": lower bound on the wall time (Retry-After honoured)
 *   "absent":   paths (relative to the workspace) that must not exist
 *   "fresh_seeds": N  the record was scored on N distinct fresh seeds
 *   "results_lines": lines in OUT/results.jsonl (suite runs)
 * Always checked: the server saw no protocol problem, and no file of the run
 * contains the API key.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <dirent.h>
#include <fcntl.h>
#include <ftw.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <jansson.h>

#include "kc_agent.h"
#include "kc_fake_llm.h"
#include "kc_http.h"
#include "kc_platform.h"
#include "kc_tools.h"
#include "kc_transcript.h"
#include "kc_eval.h"
#include "kc_ws.h"

#define KEY "sk-test-SECRET-0123456789abcdef"

static int failures;

#define CHECK(cond, ...)                                                                     \
    do {                                                                                     \
        if (!(cond)) {                                                                       \
            fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__);                             \
            fprintf(stderr, __VA_ARGS__);                                                    \
            fprintf(stderr, "\n");                                                           \
            failures++;                                                                      \
        }                                                                                    \
    } while (0)

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static int rm_one(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
    (void)st;
    (void)flag;
    (void)ftw;
    return remove(path);
}

static void rm_rf(const char *path)
{
    nftw(path, rm_one, 16, FTW_DEPTH | FTW_PHYS);
}

/* ---- matching ------------------------------------------------------------------- */

/* Does v match pattern? Objects: every key of the pattern matches (a key ending
 * in '~' wants a substring of a string value); numbers compare by value. */
static int match(const json_t *pat, const json_t *v)
{
    if (json_is_object(pat)) {
        if (!json_is_object(v))
            return 0;
        const char *k;
        const json_t *pv;
        json_object_foreach((json_t *)pat, k, pv) {
            size_t kl = strlen(k);
            if (kl && k[kl - 1] == '~') {
                char key[128];
                snprintf(key, sizeof key, "%.*s", (int)(kl - 1), k);
                const json_t *x = json_object_get(v, key);
                char *dump = x && !json_is_string(x) ? json_dumps(x, JSON_ENCODE_ANY) : NULL;
                const char *s = json_is_string(x) ? json_string_value(x) : dump;
                int ok = s && strstr(s, json_string_value(pv));
                free(dump);
                if (!ok)
                    return 0;
            } else if (!match(pv, json_object_get(v, k)))
                return 0;
        }
        return 1;
    }
    if (json_is_number(pat))
        return json_is_number(v) && json_number_value(pat) == json_number_value(v);
    return v && json_equal((json_t *)pat, (json_t *)v);
}

static char *slurp_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    char *buf = NULL;
    size_t n = 0;
    FILE *m = open_memstream(&buf, &n);
    char chunk[65536];
    size_t k;
    while ((k = fread(chunk, 1, sizeof chunk, f)) > 0)
        fwrite(chunk, 1, k, m);
    fclose(f);
    fclose(m);
    if (len)
        *len = n;
    return buf;
}

static int file_contains(const char *path, const char *needle)
{
    size_t len = 0;
    char *buf = slurp_file(path, &len);
    int hit = buf && memmem(buf, len, needle, strlen(needle)) != NULL;
    free(buf);
    return hit;
}

static const char *g_needle;
static int g_leaks;
static int scan_one(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
    (void)st;
    (void)ftw;
    if (flag == FTW_F && file_contains(path, g_needle)) {
        fprintf(stderr, "FAIL: %s contains the API key\n", path);
        g_leaks++;
    }
    return 0;
}

static void check_no_key(const char *dir, const char *key)
{
    g_needle = key;
    g_leaks = 0;
    nftw(dir, scan_one, 16, FTW_PHYS);
    failures += g_leaks;
}

/* ---- one scenario ------------------------------------------------------------------ */

static const char *g_outside = "";

static char *subst(const char *arg, const char *kc, const char *url, const char *out, const char *prov)
{
    char buf[4096];
    size_t k = 0;
    for (const char *p = arg; *p && k < sizeof buf - 1;) {
        const char *rep = NULL;
        size_t skip = 0;
        if (!strncmp(p, "{KC}", 4))
            rep = kc, skip = 4;
        else if (!strncmp(p, "{URL}", 5))
            rep = url, skip = 5;
        else if (!strncmp(p, "{OUT}", 5))
            rep = out, skip = 5;
        else if (!strncmp(p, "{PROVIDER}", 10))
            rep = prov, skip = 10;
        else if (!strncmp(p, "{OUTSIDE}", 9))
            rep = g_outside, skip = 9;
        if (rep) {
            k += (size_t)snprintf(buf + k, sizeof buf - k, "%s", rep);
            p += skip;
        } else
            buf[k++] = *p++;
    }
    buf[k] = 0;
    return strdup(buf);
}

/* Makes the symbolic links of spec ({"path under out": target or null}). */
static void make_links(const json_t *spec, const char *out)
{
    const char *rel;
    const json_t *to;
    json_object_foreach((json_t *)spec, rel, to) {
        char path[4200];
        snprintf(path, sizeof path, "%s/%s", out, rel);
        rm_rf(path);
        if (json_is_string(to)) {
            char *target = subst(json_string_value(to), "", "", out, "");
            CHECK(symlink(target, path) == 0, "symlink %s -> %s: %s", path, target, strerror(errno));
            free(target);
        }
    }
}

/* Makes the files of spec ({"path under out": ["part", ...]}), parts joined by NUL. */
static void make_files(const json_t *spec, const char *out)
{
    const char *rel;
    const json_t *parts;
    json_object_foreach((json_t *)spec, rel, parts) {
        char path[4200];
        snprintf(path, sizeof path, "%s/%s", out, rel);
        FILE *f = fopen(path, "wb");
        CHECK(f != NULL, "cannot create %s: %s", path, strerror(errno));
        if (!f)
            continue;
        size_t i;
        const json_t *part;
        json_array_foreach(parts, i, part) {
            if (i)
                fputc(0, f);
            fputs(json_string_value(part), f);
        }
        fclose(f);
    }
}

/* The child's "Max core file size" limit must be 0 (soft and hard). */
static void check_no_core(pid_t pid)
{
    char path[64];
    snprintf(path, sizeof path, "/proc/%d/limits", (int)pid);
    char *lim = slurp_file(path, NULL);
    const char *line = lim ? strstr(lim, "Max core file size") : NULL;
    char soft[32] = "", hard[32] = "";
    if (line)
        sscanf(line + strlen("Max core file size"), "%31s %31s", soft, hard);
    CHECK(line && !strcmp(soft, "0") && !strcmp(hard, "0"), "kc agent keeps core dumps: soft %s hard %s",
          soft, hard);
    free(lim);
}

static void check_output(const json_t *step, const char *key, const char *file, int want)
{
    size_t i;
    const json_t *s;
    char *text = slurp_file(file, NULL);
    json_array_foreach(json_object_get(step, key), i, s) {
        int has = text && strstr(text, json_string_value(s));
        CHECK(has == want, "%s: '%s' %s; it holds: %.2000s", file, json_string_value(s),
              want ? "missing" : "present", text ? text : "");
    }
    free(text);
}

static int run_cli(const json_t *step, const char *kc, const char *url, const char *out, const char *prov,
                   kc_fake_llm *srv, size_t stepno)
{
    make_links(json_object_get(step, "links"), out);
    char so[4200], se[4200];
    snprintf(so, sizeof so, "%s.step%zu.stdout", out, stepno);
    snprintf(se, sizeof se, "%s.step%zu.stderr", out, stepno);
    const json_t *args = json_object_get(step, "args");
    size_t n = json_array_size(args);
    char **argv = calloc(n + 2, sizeof *argv);
    argv[0] = strdup(kc);
    for (size_t i = 0; i < n; i++)
        argv[i + 1] = subst(json_string_value(json_array_get(args, i)), kc, url, out, prov);
    fflush(NULL);
    pid_t pid = fork();
    if (pid == 0) {
        const char *k;
        const json_t *v;
        json_object_foreach((json_t *)json_object_get(step, "env"), k, v)
            setenv(k, json_string_value(v), 1);
        if (!freopen(so, "w", stdout) || !freopen(se, "w", stderr))
            _exit(126);
        execv(kc, argv);
        _exit(127);
    }
    json_int_t kill_at = json_integer_value(json_object_get(step, "kill_at_request"));
    int status = 0;
    if (kill_at > 0) {
        double t0 = now();
        while (kc_fake_llm_requests(srv) < (size_t)kill_at && now() - t0 < 60)
            usleep(2000);
        usleep(50000);   /* let the hung request's transcript line land */
        if (json_is_true(json_object_get(step, "no_core_dump")))
            check_no_core(pid);
        kill(pid, SIGKILL);
    }
    waitpid(pid, &status, 0);
    for (size_t i = 0; i <= n; i++)
        free(argv[i]);
    free(argv);
    check_output(step, "stderr~", se, 1);
    check_output(step, "stdout!~", so, 0);
    if (kill_at > 0)
        return -9;
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

static json_t *load_json(const char *path)
{
    json_error_t je;
    json_t *v = json_load_file(path, 0, &je);
    if (!v)
        fprintf(stderr, "cannot load %s: %s (line %d)\n", path, je.text, je.line);
    return v;
}

/* The record was scored on n fresh seeds: distinct, none the visible seed nor a
 * fixed hidden seed (drawn, not the default), each with its seed result. */
static void check_fresh_seeds(const json_t *rec, size_t n)
{
    const json_t *seeds = json_object_get(rec, "hidden_seeds");
    const json_t *per = json_object_get(rec, "seed_results");
    json_int_t visible = json_integer_value(json_object_get(rec, "visible_seed"));
    CHECK(json_array_size(seeds) == n && json_array_size(per) == n, "%zu fresh seeds recorded, expected %zu",
          json_array_size(seeds), n);
    for (size_t i = 0; i < json_array_size(seeds); i++) {
        json_int_t s = json_integer_value(json_array_get(seeds, i));
        CHECK(s > 0 && s != visible, "fresh seed %lld is the visible seed", (long long)s);
        for (size_t k = 0; k < KC_EVAL_NHIDDEN; k++)
            CHECK((uint64_t)s != kc_eval_hidden_seeds[k], "fresh seed %lld is a fixed hidden seed", (long long)s);
        for (size_t k = 0; k < i; k++)
            CHECK(s != json_integer_value(json_array_get(seeds, k)), "fresh seed %lld twice", (long long)s);
        CHECK(s == json_integer_value(json_object_get(json_array_get(per, i), "seed")), "seed_results[%zu]", i);
    }
}

static int scenario(const char *case_dir, const char *dialect, const char *kc)
{
    char path[8400], out[4096], url[256];
    snprintf(path, sizeof path, "%s/expect.json", case_dir);
    json_t *exp = load_json(path);
    if (!exp)
        return 1;
    const char *name = strrchr(case_dir, '/') ? strrchr(case_dir, '/') + 1 : case_dir;
    char cwd[2048];
    if (!getcwd(cwd, sizeof cwd))
        return 1;
    snprintf(out, sizeof out, "%s/agent-test-%s-%s", cwd, name, dialect);
    rm_rf(out);
    char outside[4200];
    snprintf(outside, sizeof outside, "%s.outside", out);
    rm_rf(outside);
    g_outside = outside;
    const json_t *outside_files = json_object_get(exp, "outside");
    if (outside_files) {
        mkdir(outside, 0777);
        const char *fname;
        const json_t *text;
        json_object_foreach((json_t *)outside_files, fname, text) {
            snprintf(path, sizeof path, "%s/%s", outside, fname);
            FILE *f = fopen(path, "w");
            fputs(json_string_value(text), f);
            fclose(f);
        }
    }
    if (json_object_get(exp, "links") || json_object_get(exp, "files")) {
        snprintf(path, sizeof path, "%s/workspace", out);
        mkdir(out, 0777);
        mkdir(path, 0777);
        make_links(json_object_get(exp, "links"), out);
        make_files(json_object_get(exp, "files"), out);
    }

    snprintf(path, sizeof path, "%s/script.jsonl", case_dir);
    const char *dirs[] = { case_dir, KC_AGENT_TEST_KERNELS, NULL };
    kc_fake_llm *srv;
    char ebuf[512];
    if (kc_fake_llm_start(path, dirs, KEY, &srv, ebuf, sizeof ebuf)) {
        fprintf(stderr, "FAIL: fake server: %s\n", ebuf);
        json_decref(exp);
        return 1;
    }
    snprintf(url, sizeof url, "http://127.0.0.1:%d/v1", kc_fake_llm_port(srv));
    const json_t *opt = json_object_get(exp, "options");
    double t0 = now();
    json_t *rec = NULL;
    char record_path[4200], transcript[4200], results[4200];
    snprintf(record_path, sizeof record_path, "%s/record.json", out);
    snprintf(transcript, sizeof transcript, "%s/transcript.jsonl", out);
    snprintf(results, sizeof results, "%s/results.jsonl", out);
    const json_t *cli = json_object_get(exp, "cli");
    if (cli) {
        setenv("KC_TEST_KEY", KEY, 1);
        size_t i;
        const json_t *step;
        json_array_foreach(cli, i, step) {
            int rc = run_cli(step, kc, url, out, dialect, srv, i);
            json_int_t want = json_object_get(step, "exit") ? json_integer_value(json_object_get(step, "exit")) : -9;
            CHECK(rc == want, "cli step %zu exited %d, expected %d", i, rc, (int)want);
        }
        if (json_object_get(exp, "results_lines")) {
            json_t *lines = NULL;
            kc_err e;
            kc_err_clear(&e);
            CHECK(kc_transcript_load(results, &lines, NULL, &e) == KC_OK, "no %s", results);
            CHECK(json_array_size(lines) == (size_t)json_integer_value(json_object_get(exp, "results_lines")),
                  "results.jsonl has %zu lines", json_array_size(lines));
            rec = json_incref(json_array_get(lines, 0));
            json_decref(lines);
        } else
            rec = load_json(record_path);
    } else {
        kc_agent_opts o = { .platform = "npu", .task = "relu", .config = 1, .out_dir = out };
        const char *task = json_string_value(json_object_get(opt, "task"));
        if (task)
            o.task = task;
        const char *platform = json_string_value(json_object_get(opt, "platform"));
        if (platform)
            o.platform = platform;
        if (json_object_get(opt, "config"))
            o.config = (int)json_integer_value(json_object_get(opt, "config"));
        o.budget = (int)json_integer_value(json_object_get(opt, "budget"));
        o.llm.provider = dialect;
        o.llm.model = "fake-model";
        o.llm.base_url = url;
        const char *key = json_string_value(json_object_get(opt, "api_key"));
        o.llm.api_key = key ? key : KEY;
        o.llm.temperature = -1;
        o.llm.http.base_delay_ms = 5;
        o.llm.http.max_delay_ms = 20;
        o.llm.http.timeout_ms = 20000;
        o.llm.http.max_retries = json_object_get(opt, "retries") ? (int)json_integer_value(json_object_get(opt, "retries")) : 3;
        if (json_object_get(opt, "retry_max_ms"))
            o.llm.http.max_delay_ms = (long)json_integer_value(json_object_get(opt, "retry_max_ms"));
        o.llm.http.max_body_bytes = (size_t)json_integer_value(json_object_get(opt, "max_reply_bytes"));
        o.max_tool_calls = (int)json_integer_value(json_object_get(opt, "max_tool_calls"));
        kc_err err;
        kc_err_clear(&err);
        if (kc_agent_run(&o, &rec, &err) != KC_OK) {
            char b[800];
            fprintf(stderr, "FAIL: kc_agent_run: %s\n", kc_err_format(&err, b, sizeof b));
            failures++;
        }
        if (key)
            check_no_key(out, key);
    }
    double secs = now() - t0;
    const char *prob = kc_fake_llm_problem(srv);
    CHECK(!prob, "server saw a problem: %s", prob);
    size_t nreq = kc_fake_llm_requests(srv);
    kc_fake_llm_stop(srv);

    if (json_object_get(exp, "requests"))
        CHECK(nreq == (size_t)json_integer_value(json_object_get(exp, "requests")),
              "server answered %zu requests, expected %d", nreq, (int)json_integer_value(json_object_get(exp, "requests")));
    if (json_object_get(exp, "min_seconds"))
        CHECK(secs >= json_number_value(json_object_get(exp, "min_seconds")), "took %.3f s only", secs);
    const json_t *rpat = json_object_get(exp, "record");
    if (rpat) {
        CHECK(rec != NULL, "no record");
        if (rec && !match(rpat, rec)) {
            char *a = json_dumps(rpat, JSON_COMPACT), *b = json_dumps(rec, JSON_COMPACT);
            fprintf(stderr, "FAIL: record mismatch\n  want %s\n  got  %.3000s\n", a, b);
            free(a);
            free(b);
            failures++;
        }
        /* the record on disk is the one returned */
        json_t *disk = cli ? NULL : load_json(record_path);
        if (!cli)
            CHECK(disk && rec && json_equal(disk, rec), "record.json differs from the returned record");
        json_decref(disk);
    }
    json_t *ev = NULL;
    kc_err e;
    kc_err_clear(&e);
    struct stat tst;
    long long tbytes = stat(transcript, &tst) == 0 ? (long long)tst.st_size : -1;
    if (json_object_get(exp, "max_transcript_bytes"))
        CHECK(tbytes <= json_integer_value(json_object_get(exp, "max_transcript_bytes")),
              "transcript.jsonl has %lld bytes, over %lld", tbytes,
              (long long)json_integer_value(json_object_get(exp, "max_transcript_bytes")));
    if (json_object_get(exp, "transcript_lacks")) {
        size_t tlen = 0;
        char *ttext = slurp_file(transcript, &tlen);
        size_t k;
        const json_t *lack;
        json_array_foreach(json_object_get(exp, "transcript_lacks"), k, lack)
            CHECK(!ttext || !memmem(ttext, tlen, json_string_value(lack), strlen(json_string_value(lack))),
                  "the transcript contains '%s'", json_string_value(lack));
        free(ttext);
    }
    if (outside_files) {
        /* Nothing beneath the links was written or created. */
        const char *fname;
        const json_t *text;
        json_object_foreach((json_t *)outside_files, fname, text) {
            snprintf(path, sizeof path, "%s/%s", outside, fname);
            char *now_text = slurp_file(path, NULL);
            CHECK(now_text && !strcmp(now_text, json_string_value(text)), "%s was changed", path);
            free(now_text);
        }
        DIR *d = opendir(outside);
        struct dirent *de;
        while (d && (de = readdir(d)))
            if (de->d_name[0] != '.')
                CHECK(json_object_get(outside_files, de->d_name), "%s/%s was created", outside, de->d_name);
        if (d)
            closedir(d);
    }
    if (json_object_get(exp, "transcript") || json_object_get(exp, "counts")) {
        if (kc_transcript_load(transcript, &ev, NULL, &e) != KC_OK) {
            fprintf(stderr, "FAIL: %s\n", e.text);
            failures++;
        }
    }
    if (ev) {
        size_t at = 0, i;
        const json_t *want;
        json_array_foreach(json_object_get(exp, "transcript"), i, want) {
            while (at < json_array_size(ev) && !match(want, json_array_get(ev, at)))
                at++;
            if (at == json_array_size(ev)) {
                char *w = json_dumps(want, JSON_COMPACT);
                fprintf(stderr, "FAIL: transcript event %zu not found (in order): %s\n", i, w);
                free(w);
                failures++;
                break;
            }
            at++;
        }
        const char *type;
        const json_t *cnt;
        json_object_foreach(json_object_get(exp, "counts"), type, cnt) {
            size_t n = 0;
            const json_t *x;
            json_array_foreach(ev, i, x)
                n += !strcmp(json_string_value(json_object_get(x, "type")) ?: "", type);
            CHECK(n == (size_t)json_integer_value(cnt), "%zu '%s' events, expected %d", n, type,
                  (int)json_integer_value(cnt));
        }
        json_decref(ev);
    }
    if (json_object_get(exp, "fresh_seeds"))
        check_fresh_seeds(rec, (size_t)json_integer_value(json_object_get(exp, "fresh_seeds")));
    size_t i;
    const json_t *ab;
    json_array_foreach(json_object_get(exp, "absent"), i, ab) {
        char p[8200];
        snprintf(p, sizeof p, "%s/workspace/%s", out, json_string_value(ab));
        struct stat st;
        CHECK(stat(p, &st) != 0, "%s exists", p);
    }
    check_no_key(out, KEY);
    json_decref(rec);
    json_decref(exp);
    if (!failures)
        printf("ok %s (%s): %zu requests, %.2f s, transcript %lld bytes\n", name, dialect, nreq, secs,
               tbytes);
    return failures ? 1 : 0;
}

/* ---- unit tests ---------------------------------------------------------------------- */

static int unit_resolve(void)
{
    char out[512], why[300];
    CHECK(kc_tools_resolve("/ws", "kernel.s", out, sizeof out, why, sizeof why) && !strcmp(out, "/ws/kernel.s"), "plain");
    CHECK(kc_tools_resolve("/ws", "sub/k.s", out, sizeof out, why, sizeof why), "subdir");
    const char *bad[] = { "../x", "a/../../x", "/etc/passwd", "~/x", "", "a//b", "./k.s", ".hidden",
                          "a/", "k s", "a\\b", "..", NULL };
    for (const char **b = bad; *b; b++)
        CHECK(!kc_tools_resolve("/ws", *b, out, sizeof out, why, sizeof why), "'%s' accepted", *b);
    CHECK(!kc_tools_resolve("/ws", "../x", out, sizeof out, why, sizeof why) && strstr(why, "leaves the workspace"),
          "why: %s", why);
    return failures;
}

static int unit_retry_after(void)
{
    CHECK(kc_http_parse_retry_after("2") == 2000, "seconds");
    CHECK(kc_http_parse_retry_after(" 0.5 ") == 500, "fraction");
    CHECK(kc_http_parse_retry_after("soon") == -1, "garbage");
    CHECK(kc_http_parse_retry_after("Wed, 21 Oct 2015 07:28:00 GMT") == 0, "date in the past");
    return failures;
}

static int unit_schemas(void)
{
    json_t *s = kc_tools_schemas();
    const char *names[] = { "grep_docs", "write_code", "check_syntax", "run_eval", "view_output",
                            "get_inst_size", "profile", "view_waveform", "submit" };
    CHECK(json_array_size(s) == 9, "%zu tools", json_array_size(s));
    for (size_t i = 0; i < 9; i++) {
        const json_t *t = json_array_get(s, i);
        CHECK(t && !strcmp(json_string_value(json_object_get(t, "name")), names[i]), "tool %zu", i);
        const json_t *p = json_object_get(t, "parameters");
        CHECK(!strcmp(json_string_value(json_object_get(p, "type")), "object"), "schema type");
        CHECK(json_is_object(json_object_get(p, "properties")), "properties");
    }
    json_decref(s);
    return failures;
}

/* On every platform the system prompt carries that platform's ISA document
 * verbatim (the agent builds it through the platform interface). */
static int unit_prompt(void)
{
    const kc_platform *const *all = kc_platform_all();
    CHECK(all && all[0], "no platform");
    for (size_t i = 0; all && all[i]; i++) {
        const kc_platform *p = all[i];
        char *doc = NULL, *prompt = NULL;
        kc_err err;
        kc_err_clear(&err);
        CHECK(p->doc(p, p->hw, &doc, &err) == KC_OK, "%s: doc: %s", p->name, err.text);
        CHECK(kc_agent_system_prompt(p->name, "relu", 1, 15, 1, &prompt, &err) == KC_OK, "%s: prompt: %s",
              p->name, err.text);
        CHECK(doc && prompt && strstr(prompt, doc), "%s: the prompt lacks the platform's document", p->name);
        free(doc);
        free(prompt);
    }
    return failures;
}

/* --tool: one tool call on a workspace that holds the kernel, as the loop makes
 * it; prints the result's text (what the model reads). Exit 0, or 1 when the
 * result is an error. Lets a test compare a tool's output with the CLI's. */
static int run_tool(const char *ws, const char *platform, const char *task, int config, const char *name,
                    const char *args_json)
{
    kc_tools_ctx c;
    memset(&c, 0, sizeof c);
    c.platform = platform;
    c.task = task;
    c.config = config;
    c.seed = KC_EVAL_VISIBLE_SEED;
    c.workspace = ws;
    c.iteration = 1;
    c.workspace_fd = open(ws, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    json_error_t jerr;
    json_t *args = json_loads(args_json, 0, &jerr);
    kc_err err;
    kc_err_clear(&err);
    if (c.workspace_fd < 0 || !args || kc_eval_ctx_open(&c.eval, &err) != KC_OK) {
        fprintf(stderr, "test_agent --tool: %s\n", c.workspace_fd < 0 ? "no workspace" : !args ? jerr.text : err.text);
        json_decref(args);
        return 2;
    }
    json_t *call = json_pack("{s:s, s:s, s:o}", "id", "call_1", "name", name, "arguments", args);
    kc_tools_result r = { 0 };
    kc_tools_call(&c, call, &r);
    fputs(r.text ? r.text : "", stdout);
    int rc = r.is_error ? 1 : 0;
    kc_tools_result_free(&r);
    json_decref(call);
    kc_eval_ctx_close(c.eval);
    kc_tools_ctx_free(&c);
    close(c.workspace_fd);
    return rc;
}

/* kc_ws: every way a name beneath a directory could lead elsewhere. */
static int unit_ws(void)
{
    char dir[] = "/tmp/kc_ws_unitXXXXXX", out[] = "/tmp/kc_ws_outXXXXXX", p[256];
    if (!mkdtemp(dir) || !mkdtemp(out))
        return 1;
    snprintf(p, sizeof p, "%s/secret", out);
    FILE *f = fopen(p, "w");
    fputs("SECRET\n", f);
    fclose(f);
    snprintf(p, sizeof p, "%s/file.s", dir);
    f = fopen(p, "w");
    fputs("halt\n", f);
    fclose(f);
    char t[256];
    snprintf(p, sizeof p, "%s/link.s", dir);
    snprintf(t, sizeof t, "%s/secret", out);
    CHECK(symlink(t, p) == 0, "symlink");
    snprintf(p, sizeof p, "%s/linkdir", dir);
    CHECK(symlink(out, p) == 0, "symlink dir");
    snprintf(p, sizeof p, "%s/fifo", dir);
    CHECK(mkfifo(p, 0600) == 0, "fifo");
    snprintf(p, sizeof p, "%s/hard", dir);
    CHECK(link(t, p) == 0 || errno == EXDEV, "hard link");
    int hard = access(p, F_OK) == 0;
    int d = open(dir, O_RDONLY | O_DIRECTORY);
    int fd = kc_ws_open(d, "file.s", 6, KC_WS_READ, 0);
    CHECK(fd >= 0, "plain file: %s", strerror(errno));
    close(fd);
    struct { const char *rel; size_t len; kc_ws_mode mode; int mkdirs; int err; } bad[] = {
        { "link.s", 6, KC_WS_READ, 0, ELOOP },
        { "link.s", 6, KC_WS_WRITE, 0, ELOOP },
        { "linkdir/secret", 14, KC_WS_READ, 0, ELOOP },
        { "linkdir/new.s", 13, KC_WS_WRITE, 1, ELOOP },
        { "linkdir/sub/new.s", 17, KC_WS_WRITE, 1, ELOOP },
        { "../x", 4, KC_WS_WRITE, 1, EINVAL },
        { "a/../file.s", 11, KC_WS_READ, 0, EINVAL },
        { "/etc/passwd", 11, KC_WS_READ, 0, EINVAL },
        { "file.s\0../x", 11, KC_WS_READ, 0, EINVAL },
        { "", 0, KC_WS_READ, 0, EINVAL },
        { "a//b", 4, KC_WS_WRITE, 1, EINVAL },
        { "fifo", 4, KC_WS_READ, 0, ENXIO },
        { "fifo", 4, KC_WS_WRITE, 0, ENXIO },
        { "file.s/x", 8, KC_WS_READ, 0, ENOTDIR },
        { "missing.s", 9, KC_WS_READ, 0, ENOENT },
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        errno = 0;
        fd = kc_ws_open(d, bad[i].rel, bad[i].len, bad[i].mode, bad[i].mkdirs);
        CHECK(fd < 0 && errno == bad[i].err, "'%.*s' mode %d: fd %d errno %s, expected %s", (int)bad[i].len,
              bad[i].rel, (int)bad[i].mode, fd, strerror(errno), strerror(bad[i].err));
        if (fd >= 0)
            close(fd);
    }
    if (hard) {
        fd = kc_ws_open(d, "hard", 4, KC_WS_WRITE, 0);
        CHECK(fd < 0 && errno == EMLINK, "hard link opened for writing");
    }
    /* Directories are made beneath the descriptor; a write replaces the text. */
    fd = kc_ws_open(d, "sub/deeper/k.s", 14, KC_WS_WRITE, 1);
    CHECK(fd >= 0 && write(fd, "abcdef", 6) == 6, "mkdirs");
    close(fd);
    fd = kc_ws_open(d, "sub/deeper/k.s", 14, KC_WS_WRITE, 0);
    CHECK(fd >= 0 && write(fd, "xy", 2) == 2, "rewrite");
    close(fd);
    snprintf(p, sizeof p, "%s/sub/deeper/k.s", dir);
    char *text = slurp_file(p, NULL);
    CHECK(text && !strcmp(text, "xy"), "truncated on write: %s", text ? text : "(none)");
    free(text);
    int wd = kc_ws_opendir(d, "linkdir", 7, 1);
    CHECK(wd < 0 && errno == ELOOP, "opendir through a link");
    wd = kc_ws_opendir(d, "ws", 2, 1);
    CHECK(wd >= 0, "opendir creates");
    close(wd);
    close(d);
    snprintf(p, sizeof p, "%s/secret", out);
    text = slurp_file(p, NULL);
    CHECK(text && !strcmp(text, "SECRET\n"), "the outside file changed");
    free(text);
    DIR *od = opendir(out);
    struct dirent *de;
    int entries = 0;
    while (od && (de = readdir(od)))
        entries += de->d_name[0] != '.';
    if (od)
        closedir(od);
    CHECK(entries == 1, "%d entries outside (something was created through the link)", entries);
    rm_rf(dir);
    rm_rf(out);
    return failures;
}

/* kc agent's first act: no core file, not dumpable. */
static int unit_nocore(void)
{
    kc_err err;
    kc_err_clear(&err);
    CHECK(kc_agent_no_core_dumps(&err) == KC_OK, "%s", err.text);
    struct rlimit rl;
    CHECK(getrlimit(RLIMIT_CORE, &rl) == 0 && rl.rlim_cur == 0 && rl.rlim_max == 0, "RLIMIT_CORE %llu/%llu",
          (unsigned long long)rl.rlim_cur, (unsigned long long)rl.rlim_max);
    CHECK(prctl(PR_GET_DUMPABLE, 0, 0, 0, 0) == 0, "still dumpable");
    return failures;
}

int main(int argc, char **argv)
{
    if (argc == 3 && !strcmp(argv[1], "--unit")) {
        if (!strcmp(argv[2], "resolve"))
            return unit_resolve() ? 1 : 0;
        if (!strcmp(argv[2], "retry_after"))
            return unit_retry_after() ? 1 : 0;
        if (!strcmp(argv[2], "schemas"))
            return unit_schemas() ? 1 : 0;
        if (!strcmp(argv[2], "prompt"))
            return unit_prompt() ? 1 : 0;
        if (!strcmp(argv[2], "ws"))
            return unit_ws() ? 1 : 0;
        if (!strcmp(argv[2], "nocore"))
            return unit_nocore() ? 1 : 0;
        fprintf(stderr, "unknown unit test %s\n", argv[2]);
        return 2;
    }
    if (argc == 8 && !strcmp(argv[1], "--tool"))
        return run_tool(argv[2], argv[3], argv[4], atoi(argv[5]), argv[6], argv[7]);
    if (argc != 4) {
        fprintf(stderr, "usage: test_agent CASE_DIR openai|anthropic KC_BINARY | --unit NAME\n"
                        "       test_agent --tool WORKSPACE PLATFORM TASK CONFIG TOOL ARGS_JSON\n");
        return 2;
    }
    return scenario(argv[1], argv[2], argv[3]);
}
