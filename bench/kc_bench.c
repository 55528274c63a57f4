/* kc_bench.c — result records: keys, validation, loading, appending, locking
 * and merging shard files (see kc_bench.h and docs/scoring.md). */
#define _POSIX_C_SOURCE 200809L
#include "kc_bench.h"

#include <errno.h>
#include <inttypes.h>
#include <fcntl.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "kc_eval_status.h"
#include "kc_platform.h"

int kc_bench_key(const json_t *rec, char *buf, size_t size)
{
    const char *p = json_string_value(json_object_get(rec, "platform"));
    const char *t = json_string_value(json_object_get(rec, "task"));
    const char *h = json_string_value(json_object_get(rec, "kernel_hash"));
    json_t *c = json_object_get(rec, "config"), *s = json_object_get(rec, "seed");
    if (!p || !t || !h || !json_is_integer(c) || !json_is_integer(s))
        return -1;
    return kc_bench_key_of(p, t, (int)json_integer_value(c), (uint64_t)json_integer_value(s), h,
                           kc_bench_is_baseline(rec), buf, size);
}

int kc_bench_key_of(const char *platform, const char *task, int config, uint64_t seed, const char *hash,
                    int baseline, char *buf, size_t size)
{
    int n = snprintf(buf, size, "%s|%s|c%d|%" PRIu64 "|%s|%s", platform, task, config, seed, hash,
                     baseline ? "baseline" : "kernel");
    return n < 0 || (size_t)n >= size ? -1 : 0;
}

int kc_bench_is_baseline(const json_t *rec)
{
    const char *src = json_string_value(json_object_get(rec, "source"));
    const char *k = json_string_value(json_object_get(rec, "kernel"));
    if (src)
        return !strcmp(src, "baseline");
    return k && !strncmp(k, "baseline-", 9);
}

/* ---- reading and validating records ------------------------------------- */

/* Statuses only a sweep writes; every evaluation status comes from kc_eval_status_name
 * (one source of truth). */
static const char *const sweep_statuses[] = {"crash", "hang", "no-kernel", KC_BENCH_NO_BASELINE, KC_BENCH_DOES_NOT_FIT,
                                                     NULL};

/* Statuses of a kernel that was simulated to halt, trap or timeout: cycles are part
 * of the record. */
static int ran(const char *status)
{
    for (int s = 0; s < KC_EVAL_NSTATUS; s++)
        if (s != KC_EVAL_ASSEMBLE_ERROR && !strcmp(status, kc_eval_status_name((kc_eval_status)s)))
            return 1;
    return 0;
}

static int known_status(const char *st)
{
    if (ran(st) || !strcmp(st, kc_eval_status_name(KC_EVAL_ASSEMBLE_ERROR)))
        return 1;
    for (const char *const *k = sweep_statuses; *k; k++)
        if (!strcmp(st, *k))
            return 1;
    return 0;
}

/* One outcome (the record itself, or one of its seed_results): status, correct
 * and cycles agree, and a correct run is no faster than the roofline. */
static kc_status check_outcome(const json_t *o, const char *what, double ideal, kc_err *err)
{
    const char *st = json_string_value(json_object_get(o, "status"));
    json_t *ok = json_object_get(o, "correct"), *cyc = json_object_get(o, "cycles");
    if (!st || !known_status(st))
        return kc_err_set(err, KC_ERR_RANGE, "%s: \"status\" missing or unknown", what);
    if (!json_is_boolean(ok))
        return kc_err_set(err, KC_ERR_RANGE, "%s: \"correct\" missing or not a boolean", what);
    if (json_is_true(ok) != !strcmp(st, "correct"))
        return kc_err_set(err, KC_ERR_RANGE, "%s: \"correct\" %s disagrees with status \"%s\"", what,
                          json_is_true(ok) ? "true" : "false", st);
    if (ran(st) && (!json_is_integer(cyc) || json_integer_value(cyc) < 0))
        return kc_err_set(err, KC_ERR_RANGE, "%s: status \"%s\" without a cycle count", what, st);
    if (cyc && !json_is_integer(cyc))
        return kc_err_set(err, KC_ERR_RANGE, "%s: \"cycles\" is not an integer", what);
    if (json_is_true(ok) && (double)json_integer_value(cyc) < floor(ideal))
        return kc_err_set(err, KC_ERR_RANGE, "%s: correct with %lld cycles, below the task's ideal %.0f "
                          "(impossible: an edited or corrupt record)", what, (long long)json_integer_value(cyc),
                          floor(ideal));
    return KC_OK;
}

static kc_status check_record(const json_t *r, kc_err *err)
{
    const char *p = json_string_value(json_object_get(r, "platform"));
    const char *t = json_string_value(json_object_get(r, "task"));
    json_t *c = json_object_get(r, "config"), *seed = json_object_get(r, "seed");
    const kc_platform *plat = p ? kc_platform_find(p) : NULL;
    const kc_task *task = t ? kc_task_find(t) : NULL;
    if (!plat)
        return kc_err_set(err, KC_ERR_RANGE, "\"platform\" missing or unknown");
    if (!task)
        return kc_err_set(err, KC_ERR_RANGE, "\"task\" missing or unknown");
    if (!json_is_integer(c) || json_integer_value(c) < 1 || json_integer_value(c) > KC_TASK_NCONFIGS)
        return kc_err_set(err, KC_ERR_RANGE, "\"config\" missing or not 1..%d", KC_TASK_NCONFIGS);
    if (!json_is_integer(seed) || json_integer_value(seed) < 0)
        return kc_err_set(err, KC_ERR_RANGE, "\"seed\" missing or negative");
    if (!json_is_string(json_object_get(r, "kernel_hash")))
        return kc_err_set(err, KC_ERR_RANGE, "\"kernel_hash\" missing");
    const char *src = json_string_value(json_object_get(r, "source"));
    if (json_object_get(r, "source") && !src)
        return kc_err_set(err, KC_ERR_RANGE, "\"source\" is not a string");
    static const char *const errs[] = {"max_abs_err", "max_rel_err", NULL};
    for (const char *const *k = errs; *k; k++) {
        json_t *v = json_object_get(r, *k);
        if (v && !json_is_null(v) && (!json_is_number(v) || !(json_number_value(v) >= 0)))
            return kc_err_set(err, KC_ERR_RANGE, "\"%s\" is not a number >= 0", *k);
    }
    double ideal = 0;
    kc_status s = kc_platform_ideal_of(plat, task, (int)json_integer_value(c), &ideal, err);
    if (s != KC_OK || (s = check_outcome(r, "record", ideal, err)) != KC_OK)
        return s;
    json_t *per = json_object_get(r, "seed_results");
    if (!per)
        return KC_OK;
    if (!json_is_array(per) || !json_array_size(per))
        return kc_err_set(err, KC_ERR_RANGE, "\"seed_results\" is not a non-empty array");
    int all = 1;
    size_t i;
    json_t *e;
    json_array_foreach(per, i, e) {
        char what[48];
        snprintf(what, sizeof what, "seed_results[%zu]", i);
        json_t *es = json_object_get(e, "seed");
        if (!json_is_object(e) || !json_is_integer(es) || json_integer_value(es) < 0)
            return kc_err_set(err, KC_ERR_RANGE, "%s: not an object with a seed", what);
        if ((s = check_outcome(e, what, ideal, err)) != KC_OK)
            return s;
        all &= json_is_true(json_object_get(e, "correct"));
    }
    if (all != json_is_true(json_object_get(r, "correct")))
        return kc_err_set(err, KC_ERR_RANGE, "\"correct\" is not the AND of seed_results");
    return KC_OK;
}

kc_status kc_bench_parse_record(const char *line, size_t len, json_t **rec, kc_err *err)
{
    *rec = NULL;
    if (memchr(line, 0, len))
        return kc_err_set(err, KC_ERR_SYNTAX, "a NUL byte in the line");
    json_error_t je;
    json_t *r = json_loadb(line, len, JSON_REJECT_DUPLICATES, &je);
    if (!r)
        return kc_err_set(err, KC_ERR_SYNTAX, "not JSON: %s", je.text);
    if (!json_is_object(r)) {
        json_decref(r);
        return kc_err_set(err, KC_ERR_SYNTAX, "not a JSON object");
    }
    kc_status s = check_record(r, err);
    char key[256];
    if (s == KC_OK && kc_bench_key(r, key, sizeof key))
        s = kc_err_set(err, KC_ERR_RANGE, "key fields too long");
    if (s != KC_OK) {
        json_decref(r);
        return s;
    }
    *rec = r;
    return KC_OK;
}

static void note_invalid(kc_bench_invalid *bad, size_t lineno, const char *why)
{
    bad->n++;
    if (bad->nshown < KC_BENCH_SHOW_INVALID)
        snprintf(bad->what[bad->nshown++], sizeof bad->what[0], "line %zu: %s", lineno, why);
}

kc_status kc_bench_load(const char *path, json_t **records, kc_bench_invalid *bad, kc_err *err)
{
    kc_bench_invalid local;
    if (!bad)
        bad = &local;
    memset(bad, 0, sizeof *bad);
    *records = json_array();
    if (!*records)
        return kc_err_set(err, KC_ERR_NOMEM, "bench: out of memory");
    FILE *f = fopen(path, "r");
    if (!f) {
        if (errno == ENOENT)
            return KC_OK;
        json_decref(*records);
        *records = NULL;
        return kc_err_set(err, KC_ERR_IO, "bench: cannot read %s: %s", path, strerror(errno));
    }
    char *line = NULL;
    size_t cap = 0, lineno = 0;
    ssize_t len;
    while ((len = getline(&line, &cap, f)) > 0) {
        lineno++;
        if (line[len - 1] != '\n') {   /* torn last line: the writer died mid-line */
            note_invalid(bad, lineno, "torn last line (no newline): a writer died mid-line");
            break;
        }
        if (len == 1)
            continue;
        json_t *r;
        kc_err lerr;
        kc_err_clear(&lerr);
        if (kc_bench_parse_record(line, (size_t)len - 1, &r, &lerr) != KC_OK) {
            note_invalid(bad, lineno, lerr.text);
            continue;
        }
        json_array_append_new(*records, r);
    }
    free(line);
    fclose(f);
    return KC_OK;
}

void kc_bench_write_invalid(const kc_bench_invalid *bad, const char *path, const char *note, FILE *out)
{
    if (!bad->n)
        return;
    fprintf(out, "kc: %zu lines of %s are not valid records (skipped; %s):\n", bad->n, path, note);
    for (size_t k = 0; k < bad->nshown; k++)
        fprintf(out, "kc:   %s:%s\n", path, bad->what[k] + 5);   /* "line 7: ..." -> "path:7: ..." */
    if (bad->n > bad->nshown)
        fprintf(out, "kc:   ... and %zu more\n", bad->n - bad->nshown);
}

kc_status kc_bench_append(int fd, const json_t *rec, kc_err *err)
{
    char *s = json_dumps(rec, JSON_COMPACT);
    if (!s)
        return kc_err_set(err, KC_ERR_NOMEM, "bench: cannot serialise a record");
    size_t n = strlen(s);
    char *line = realloc(s, n + 2);
    if (!line) {
        free(s);
        return kc_err_set(err, KC_ERR_NOMEM, "bench: out of memory");
    }
    line[n] = '\n';
    ssize_t w;
    do
        w = write(fd, line, n + 1);   /* one write: the line lands whole or not at all */
    while (w < 0 && errno == EINTR);
    free(line);
    if (w != (ssize_t)(n + 1))
        return kc_err_set(err, KC_ERR_IO, "bench: short write of a record: %s",
                          w < 0 ? strerror(errno) : "disk full?");
    return KC_OK;
}

const char *kc_bench_no_baseline_status(kc_status code)
{
    return code == KC_ERR_RANGE ? KC_BENCH_DOES_NOT_FIT : KC_BENCH_NO_BASELINE;
}

int kc_bench_is_no_baseline(const char *status)
{
    return status && (!strcmp(status, KC_BENCH_NO_BASELINE) || !strcmp(status, KC_BENCH_DOES_NOT_FIT));
}

void kc_bench_mark_no_baseline(json_t *rec, const char *status, const char *reason)
{
    json_object_set_new(rec, "status", json_string(status));
    json_object_set_new(rec, "correct", json_false());
    json_object_set_new(rec, "reason", json_string(reason ? reason : ""));
}

void kc_bench_mark_lost(json_t *rec, const kc_pool_result *r, double job_timeout)
{
    char sig[16];
    json_object_set_new(rec, "status", json_string(kc_pool_outcome_name(r->outcome)));
    json_object_set_new(rec, "correct", json_false());
    json_object_set_new(rec, "wall_seconds", json_real(r->seconds));
    if (r->outcome == KC_POOL_CRASH && r->signal) {
        json_object_set_new(rec, "signal", json_string(kc_pool_signal_name(r->signal, sig, sizeof sig)));
        json_object_set_new(rec, "signal_number", json_integer(r->signal));
    } else if (r->outcome == KC_POOL_CRASH)
        json_object_set_new(rec, "exit_status", json_integer(r->exit_status));
    else
        json_object_set_new(rec, "job_timeout_seconds", json_real(job_timeout));
}

kc_status kc_bench_open_out(const char *path, int *fd, kc_err *err)
{
    *fd = open(path, O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
    if (*fd < 0)
        return kc_err_set(err, KC_ERR_IO, "bench: cannot open %s: %s", path, strerror(errno));
    if (flock(*fd, LOCK_EX | LOCK_NB) != 0) {
        int e = errno;
        close(*fd);
        *fd = -1;
        if (e == EWOULDBLOCK)
            return kc_err_set(err, KC_ERR_IO, "bench: %s is in use by another running sweep (it holds the file's "
                              "lock); wait for it to finish, or give each sweep its own file (--shard i/N) and "
                              "join them with kc merge", path);
        return kc_err_set(err, KC_ERR_IO, "bench: cannot lock %s: %s", path, strerror(e));
    }
    struct stat st;
    char last;
    if (!fstat(*fd, &st) && st.st_size > 0 && pread(*fd, &last, 1, st.st_size - 1) == 1 && last != '\n') {
        if (write(*fd, "\n", 1) != 1) {
            close(*fd);
            *fd = -1;
            return kc_err_set(err, KC_ERR_IO, "bench: cannot write %s", path);
        }
    }
    return KC_OK;
}

/* ---- cycles of a record ------------------------------------------------- */

static double num(const json_t *o, const char *k)
{
    return json_number_value(json_object_get(o, k));
}

double kc_bench_cycles(const json_t *rec)
{
    const json_t *per = json_object_get(rec, "seed_results");
    if (json_array_size(per)) {
        double s = 0;
        size_t i;
        const json_t *e;
        json_array_foreach(per, i, e)
            s += num(e, "cycles");
        return s / (double)json_array_size(per);
    }
    return num(rec, "cycles");
}

/* ---- merging shards ----------------------------------------------------- */

/* Replaces out with the records of all, under out's sweep lock (a sweep still
 * appending to out is not overwritten: the merge is refused), through a temporary
 * file renamed over out, so a failed merge leaves out as it was. */
static kc_status write_merged(const char *out, const json_t *all, kc_bench_merge_stats *st, kc_err *err)
{
    int lock_fd;
    if (kc_bench_open_out(out, &lock_fd, err) != KC_OK)
        return err->code;
    char tmp[4096];
    kc_status s = KC_OK;
    int fd = -1;
    if (snprintf(tmp, sizeof tmp, "%s.merge-XXXXXX", out) >= (int)sizeof tmp)
        s = kc_err_set(err, KC_ERR_IO, "merge: path too long: %s", out);
    else if ((fd = mkstemp(tmp)) < 0)
        s = kc_err_set(err, KC_ERR_IO, "merge: cannot create a file beside %s: %s", out, strerror(errno));
    size_t i;
    json_t *r;
    json_array_foreach(all, i, r) {
        if (s != KC_OK)
            break;
        if ((s = kc_bench_append(fd, r, err)) == KC_OK)
            st->written++;
    }
    if (fd >= 0) {
        int bad = fchmod(fd, 0644) || fsync(fd);   /* mkstemp makes 0600; records are 0644 */
        bad |= close(fd) != 0;
        if (bad && s == KC_OK)
            s = kc_err_set(err, KC_ERR_IO, "merge: cannot write %s: %s", tmp, strerror(errno));
    }
    if (fd >= 0 && s == KC_OK && rename(tmp, out))
        s = kc_err_set(err, KC_ERR_IO, "merge: cannot replace %s: %s", out, strerror(errno));
    if (fd >= 0 && s != KC_OK)
        unlink(tmp);
    close(lock_fd);
    return s;
}

kc_status kc_bench_merge(const char *out, const char *const *in, size_t nin, FILE *conflict_log,
                         kc_bench_merge_stats *st, kc_err *err)
{
    memset(st, 0, sizeof *st);
    json_t *byk = json_object(), *all = json_array();
    kc_status s = KC_OK;
    char key[256];
    for (size_t f = 0; f < nin && s == KC_OK; f++) {
        json_t *recs;
        kc_bench_invalid bad;
        if ((s = kc_bench_load(in[f], &recs, &bad, err)) != KC_OK)
            break;
        st->bad_lines += bad.n;
        size_t i;
        json_t *r;
        json_array_foreach(recs, i, r) {
            kc_bench_key(r, key, sizeof key);
            st->read++;
            json_t *prev = json_object_get(byk, key);
            if (!prev) {
                json_object_set(byk, key, r);
                json_array_append(all, r);
                continue;
            }
            int same = json_equal(json_object_get(prev, "correct"), json_object_get(r, "correct")) &&
                       kc_bench_cycles(prev) == kc_bench_cycles(r);
            if (same)
                st->duplicates++;
            else {
                st->conflicts++;
                if (conflict_log)
                    fprintf(conflict_log, "conflict %s: kept %s/%.0f cycles, dropped %s/%.0f cycles (%s)\n",
                            key, json_is_true(json_object_get(prev, "correct")) ? "correct" : "not correct",
                            kc_bench_cycles(prev), json_is_true(json_object_get(r, "correct")) ? "correct" : "not correct",
                            kc_bench_cycles(r), in[f]);
            }
        }
        json_decref(recs);
    }
    if (s == KC_OK)
        s = write_merged(out, all, st, err);
    json_decref(byk);
    json_decref(all);
    return s;
}
