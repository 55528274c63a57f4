/* kc_tools.c — the tool table, argument validation and the tool handlers.
 *
 * Every tool is one row of `tools` below. The schemas the model sees and the
 * checks the dispatcher makes come from the same `params` lists, so they cannot
 * disagree. Handlers are thin: they call the evaluation pipeline (kc_eval_run),
 * the platform's assembler and the VCD reader, and phrase what they return for a
 * reader that has only this text to go on.
 */
#define _GNU_SOURCE   /* strcasestr */
#include "kc_tools.h"

#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <math.h>
#include <regex.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "kc_file.h"
#include "kc_platform.h"
#include "kc_text.h"
#include "kc_vcd.h"
#include "kc_ws.h"

/* Text results are built with kc_text; "take" never fails for the caller. */
typedef kc_text sb;

static char *sb_take(sb *b)
{
    char *p = kc_text_take(b);
    return p ? p : strdup("error: out of memory");
}

/* ---- the table ------------------------------------------------------------------ */

typedef enum ptype { P_STRING, P_INT, P_STRINGS } ptype;

typedef struct param {
    const char *name;
    ptype type;
    int required;
    long min, max;           /* P_INT: value range; P_STRINGS: item count; P_STRING: length */
    const char *desc;
} param;

#define MAX_PARAMS 7
#define KC_TOOLS_STR2(x) #x
#define KC_TOOLS_STR(x) KC_TOOLS_STR2(x)

typedef struct tool {
    const char *name;
    const char *desc;
    param params[MAX_PARAMS];
    void (*run)(kc_tools_ctx *c, const json_t *args, kc_tools_result *out);
} tool;

static void t_grep_docs(kc_tools_ctx *c, const json_t *a, kc_tools_result *o);
static void t_write_code(kc_tools_ctx *c, const json_t *a, kc_tools_result *o);
static void t_check_syntax(kc_tools_ctx *c, const json_t *a, kc_tools_result *o);
static void t_run_eval(kc_tools_ctx *c, const json_t *a, kc_tools_result *o);
static void t_view_output(kc_tools_ctx *c, const json_t *a, kc_tools_result *o);
static void t_get_inst_size(kc_tools_ctx *c, const json_t *a, kc_tools_result *o);
static void t_profile(kc_tools_ctx *c, const json_t *a, kc_tools_result *o);
static void t_view_waveform(kc_tools_ctx *c, const json_t *a, kc_tools_result *o);
static void t_submit(kc_tools_ctx *c, const json_t *a, kc_tools_result *o);

#define PATH_PARAM(what)                                                                   \
    { "path", P_STRING, 0, 1, 128,                                                         \
      "workspace file " what " (relative name, default \"" KC_TOOLS_DEFAULT_PATH "\")" }

static const tool tools[] = {
    { "grep_docs",
      "Search the ISA document and the task description for a pattern (POSIX extended "
      "regular expression, case-insensitive; plain words work). Returns matching lines "
      "with their section and line number and some context.",
      { { "pattern", P_STRING, 1, 1, 200, "what to look for, e.g. \"vredsum\" or \"dlen|dstride\"" },
        { "context", P_INT, 0, 0, 10, "lines of context before and after each match (default 2)" },
        { "max_matches", P_INT, 0, 1, 50, "at most this many matches (default 20)" } },
      t_grep_docs },
    { "write_code",
      "Write a kernel (assembly source text) to a file in your workspace, replacing it. "
      "Then use check_syntax or run_eval on it.",
      { PATH_PARAM("to write"),
        { "code", P_STRING, 1, 1, KC_TOOLS_MAX_CODE, "the complete kernel source" } },
      t_write_code },
    { "check_syntax",
      "Assemble a kernel file without running it. Returns the instruction count, or the "
      "first assembler error as file:line:col with a hint.",
      { PATH_PARAM("to assemble") },
      t_check_syntax },
    { "run_eval",
      "Assemble the kernel, run it on the accelerator RTL with the visible test inputs and "
      "check every output against the reference. Returns correct/wrong (or the assembler "
      "error, trap, timeout, out-of-bounds write), max errors, the worst element's share of its "
      "tolerance, cycles, ideal cycles and efficiency.",
      { PATH_PARAM("to evaluate") },
      t_run_eval },
    { "view_output",
      "Details of the last run_eval's output check, correct or not: elements checked, how many "
      "are out of tolerance or NaN/inf, the max abs/rel error and the worst element's share of "
      "its tolerance, the output tensors' shapes and DRAM ranges, and (when some fail) the first "
      "mismatching elements with their row, column, expected and actual values.",
      { { "max_rows", P_INT, 0, 1, 64, "list at most this many rows (default 16)" } },
      t_view_output },
    { "get_inst_size",
      "Number of instructions (32-bit words) the kernel assembles to, and the instruction "
      "memory capacity.",
      { PATH_PARAM("to measure") },
      t_get_inst_size },
    { "profile",
      "Per-unit activity of a run on the visible inputs: cycles, instructions retired, busy "
      "and stall cycles of each unit (from the RTL performance counters), DRAM traffic, and the "
      "top stall sites: which instruction (pc, source line, disassembly) waited to issue, on "
      "what (stall_vector, stall_dma, stall_matrix, stall_drain), for how many cycles in how "
      "many separate waits, and the longest wait.",
      { PATH_PARAM("to profile"),
        { "top", P_INT, 0, 1, 50, "show this many stall sites (default 10)" } },
      t_profile },
    { "view_waveform",
      "Run the kernel with waveform tracing and print chosen RTL signals over a cycle window "
      "[start, end): as a table (one row per sampled clock cycle, values sampled just before the "
      "rising edge), or as a per-signal summary of the whole window. Signals are named by "
      "hierarchical suffix, e.g. \"fetch_pc\", \"insn\", \"u_core.pc\", \"ld_busy\". To see which "
      "signals exist, pass list (\"all\", or part of a scope name such as \"u_matrix\"); an unknown "
      "signal name lists similar names and the scopes.",
      { { "signals", P_STRINGS, 0, 1, KC_TOOLS_MAX_WAVE_SIGNALS,
          "signal names (suffixes); required unless list is given" },
        { "start", P_INT, 0, 0, 1000000000L, "first cycle (default 0)" },
        { "end", P_INT, 0, 1, 1000000000L,
          "cycle after the last (default start + 100); the window may span up to "
          KC_TOOLS_STR(KC_TOOLS_MAX_WAVE_WINDOW) " cycles, but a table shows at most "
          KC_TOOLS_STR(KC_TOOLS_MAX_WAVE_ROWS) " rows: use every, or mode summary" },
        { "every", P_INT, 0, 1, 100000, "table: show every k-th cycle of the window (default 1)" },
        { "mode", P_STRING, 0, 5, 7,
          "\"table\" (default) or \"summary\": per signal the value at start and at end, how many "
          "times it changed, min and max (numbers), and the cycles it was 1 (1-bit signals)" },
        { "list", P_STRING, 0, 1, 64,
          "list signal names grouped by scope instead of showing values: \"all\" for every "
          "signal, or part of a scope name (e.g. \"u_dma\")" },
        PATH_PARAM("to run") },
      t_view_waveform },
    { "submit",
      "Submit a kernel as your final answer. The run ends; the kernel is scored on hidden "
      "test inputs (correctness, then cycles). Make it the last call of your reply: calls after "
      "it in the same reply are not run.",
      { PATH_PARAM("to submit") },
      t_submit },
};

#define NTOOLS (sizeof tools / sizeof tools[0])

static const char *ptype_json(ptype t)
{
    return t == P_INT ? "integer" : t == P_STRINGS ? "array" : "string";
}

json_t *kc_tools_schemas(void)
{
    json_t *arr = json_array();
    for (size_t i = 0; i < NTOOLS; i++) {
        const tool *t = &tools[i];
        json_t *props = json_object(), *req = json_array();
        for (const param *p = t->params; p < t->params + MAX_PARAMS && p->name; p++) {
            json_t *s = json_pack("{s:s, s:s}", "type", ptype_json(p->type), "description", p->desc);
            if (p->type == P_INT) {
                json_object_set_new(s, "minimum", json_integer(p->min));
                json_object_set_new(s, "maximum", json_integer(p->max));
            } else if (p->type == P_STRINGS) {
                json_object_set_new(s, "items", json_pack("{s:s}", "type", "string"));
                json_object_set_new(s, "minItems", json_integer(p->min));
                json_object_set_new(s, "maxItems", json_integer(p->max));
            }
            json_object_set_new(props, p->name, s);
            if (p->required)
                json_array_append_new(req, json_string(p->name));
        }
        json_array_append_new(arr, json_pack("{s:s, s:s, s:{s:s, s:o, s:o, s:b}}", "name", t->name,
                                             "description", t->desc, "parameters", "type", "object",
                                             "properties", props, "required", req,
                                             "additionalProperties", 0));
    }
    return arr;
}

/* "write_code takes: path (string, optional), code (string, required)" */
static void describe_params(sb *b, const tool *t)
{
    kc_text_printf(b, "%s takes", t->name);
    int any = 0;
    for (const param *p = t->params; p < t->params + MAX_PARAMS && p->name; p++) {
        kc_text_printf(b, "%s %s (%s, %s)", any ? "," : ":", p->name,
                  p->type == P_STRINGS ? "array of strings" : ptype_json(p->type),
                  p->required ? "required" : "optional");
        any = 1;
    }
    if (!any)
        kc_text_printf(b, " no arguments");
    kc_text_printf(b, ".");
}

static const char *json_kind(const json_t *v)
{
    switch (json_typeof(v)) {
    case JSON_OBJECT: return "an object";
    case JSON_ARRAY: return "an array";
    case JSON_STRING: return "a string";
    case JSON_INTEGER: return "an integer";
    case JSON_REAL: return "a number with a fraction";
    case JSON_TRUE:
    case JSON_FALSE: return "a boolean";
    default: return "null";
    }
}

/* Checks args against t->params; 0 with an explanation in b on the first problem. */
static int validate(const tool *t, const json_t *args, sb *b)
{
    const char *key;
    const json_t *val;
    json_object_foreach((json_t *)args, key, val) {
        const param *p = t->params;
        while (p < t->params + MAX_PARAMS && p->name && strcmp(p->name, key))
            p++;
        if (p >= t->params + MAX_PARAMS || !p->name) {
            kc_text_printf(b, "error: unknown argument '%s'. ", key);
            describe_params(b, t);
            return 0;
        }
        int ok = 1;
        if (p->type == P_STRING) {
            ok = json_is_string(val);
            if (ok && ((long)json_string_length(val) < p->min || (long)json_string_length(val) > p->max)) {
                kc_text_printf(b, "error: argument '%s' must be %ld to %ld characters long (got %zu).",
                          key, p->min, p->max, json_string_length(val));
                return 0;
            }
        } else if (p->type == P_INT) {
            /* 12.0 is an integer to a model that writes numbers loosely. */
            double d = json_number_value(val);
            ok = json_is_integer(val) || (json_is_real(val) && d == (double)(long)d);
            if (ok && (d < (double)p->min || d > (double)p->max)) {
                kc_text_printf(b, "error: argument '%s' must be in %ld..%ld (got %.0f).", key, p->min,
                          p->max, d);
                return 0;
            }
        } else {
            ok = json_is_array(val);
            size_t i;
            const json_t *it;
            if (ok)
                json_array_foreach(val, i, it)
                    if (!json_is_string(it)) {
                        kc_text_printf(b, "error: argument '%s' must be an array of strings; item %zu is %s.",
                                  key, i, json_kind(it));
                        return 0;
                    }
            if (ok && ((long)json_array_size(val) < p->min || (long)json_array_size(val) > p->max)) {
                kc_text_printf(b, "error: argument '%s' must have %ld to %ld items (got %zu).", key,
                          p->min, p->max, json_array_size(val));
                return 0;
            }
        }
        if (!ok) {
            kc_text_printf(b, "error: argument '%s' must be %s, got %s. ", key,
                      p->type == P_INT ? "an integer" : p->type == P_STRING ? "a string"
                                                                           : "an array of strings",
                      json_kind(val));
            describe_params(b, t);
            return 0;
        }
    }
    for (const param *p = t->params; p < t->params + MAX_PARAMS && p->name; p++)
        if (p->required && !json_object_get(args, p->name)) {
            kc_text_printf(b, "error: missing required argument '%s'. ", p->name);
            describe_params(b, t);
            return 0;
        }
    return 1;
}

static void finish(kc_tools_result *o, sb *b, int is_error)
{
    o->text = sb_take(b);
    o->is_error = is_error;
}

void kc_tools_call(kc_tools_ctx *ctx, const json_t *call, kc_tools_result *out)
{
    memset(out, 0, sizeof *out);
    sb b = { 0 };
    const char *name = json_string_value(json_object_get(call, "name"));
    const tool *t = NULL;
    for (size_t i = 0; name && i < NTOOLS; i++)
        if (!strcmp(tools[i].name, name))
            t = &tools[i];
    if (!t) {
        kc_text_printf(&b, "error: unknown tool '%s'. Tools:", name ? name : "");
        for (size_t i = 0; i < NTOOLS; i++)
            kc_text_printf(&b, "%s %s", i ? "," : "", tools[i].name);
        kc_text_printf(&b, ".");
        finish(out, &b, 1);
        return;
    }
    const json_t *aerr = json_object_get(call, "arguments_error");
    const json_t *args = json_object_get(call, "arguments");
    if (json_is_string(aerr) || !json_is_object(args)) {
        kc_text_printf(&b, "error: could not read the arguments of %s: %s. Send the arguments as one "
                  "JSON object. ", t->name,
                  json_is_string(aerr) ? json_string_value(aerr) : "no arguments object");
        describe_params(&b, t);
        finish(out, &b, 1);
        return;
    }
    if (!validate(t, args, &b)) {
        finish(out, &b, 1);
        return;
    }
    t->run(ctx, args, out);
}

void kc_tools_result_free(kc_tools_result *r)
{
    free(r->text);
    json_decref(r->meta);
    r->text = NULL;
    r->meta = NULL;
}

void kc_tools_ctx_free(kc_tools_ctx *c)
{
    free(c->submitted_src);
    free(c->last_correct_src);
    free(c->last);
    c->submitted_src = c->last_correct_src = NULL;
    c->last = NULL;
}

/* ---- arguments and files ------------------------------------------------------- */

static const char *arg_str(const json_t *a, const char *name, const char *def)
{
    const char *s = json_string_value(json_object_get(a, name));
    return s ? s : def;
}

static long arg_int(const json_t *a, const char *name, long def)
{
    const json_t *v = json_object_get(a, name);
    return v ? (long)json_number_value(v) : def;
}

int kc_tools_resolve(const char *workspace, const char *rel, char *out, size_t size, char *why,
                     size_t why_size)
{
    if (!rel || !*rel) {
        snprintf(why, why_size, "empty path");
        return 0;
    }
    if (rel[0] == '/' || rel[0] == '~') {
        snprintf(why, why_size, "'%s' is an absolute path; use a name relative to your workspace, "
                 "e.g. \"%s\"", rel, KC_TOOLS_DEFAULT_PATH);
        return 0;
    }
    for (const char *p = rel; *p; p++)
        if (!(('a' <= *p && *p <= 'z') || ('A' <= *p && *p <= 'Z') || ('0' <= *p && *p <= '9') ||
              *p == '_' || *p == '-' || *p == '.' || *p == '/')) {
            snprintf(why, why_size, "'%s' contains '%c'; names may use letters, digits, '_', '-', "
                     "'.' and '/' only", rel, *p);
            return 0;
        }
    for (const char *p = rel; *p;) {
        const char *e = strchr(p, '/');
        size_t n = e ? (size_t)(e - p) : strlen(p);
        if (n == 2 && !strncmp(p, "..", 2)) {
            snprintf(why, why_size, "'%s' leaves the workspace (..); files must stay inside it", rel);
            return 0;
        }
        if (n == 0 || p[0] == '.') {
            snprintf(why, why_size, "'%s' has an empty, '.' or hidden path component", rel);
            return 0;
        }
        p += n + (e ? 1 : 0);
        if (e && !*p) {
            snprintf(why, why_size, "'%s' names a directory, not a file", rel);
            return 0;
        }
    }
    if ((size_t)snprintf(out, size, "%s/%s", workspace, rel) >= size) {
        snprintf(why, why_size, "path too long");
        return 0;
    }
    return 1;
}

/* Opens a workspace file beneath the workspace descriptor, never through a link
 * (kc_ws.h); -1 with the reason in b. */
static int open_ws(kc_tools_ctx *c, const char *rel, kc_ws_mode mode, sb *b)
{
    char path[PATH_MAX], why[300];
    if (!kc_tools_resolve(c->workspace, rel, path, sizeof path, why, sizeof why)) {
        kc_text_printf(b, "error: %s.", why);
        return -1;
    }
    int fd = kc_ws_open(c->workspace_fd, rel, strlen(rel), mode, mode != KC_WS_READ);
    if (fd < 0) {
        if (errno == ENOENT && mode == KC_WS_READ)
            kc_text_printf(b, "error: there is no file '%s' in your workspace; write it with write_code first.", rel);
        else
            kc_text_printf(b, "error: cannot open '%s': %s.", rel, kc_ws_strerror(errno));
    }
    return fd;
}

/* Reads a workspace file; NULL with the reason in b. */
static char *read_ws(kc_tools_ctx *c, const char *rel, sb *b)
{
    int fd = open_ws(c, rel, KC_WS_READ, b);
    if (fd < 0)
        return NULL;
    FILE *f = fdopen(fd, "rb");
    if (!f) {
        close(fd);
        kc_text_printf(b, "error: cannot read '%s'.", rel);
        return NULL;
    }
    /* One byte more than a kernel may have, so an over-long file (one placed in the
     * workspace before a --resume) is refused rather than silently cut. */
    char *text = malloc(KC_TOOLS_MAX_CODE + 2);
    size_t n = text ? fread(text, 1, KC_TOOLS_MAX_CODE + 1, f) : 0;
    int bad = ferror(f) || !text;
    fclose(f);
    if (bad) {
        free(text);
        kc_text_printf(b, "error: cannot read '%s'.", rel);
        return NULL;
    }
    if (n > KC_TOOLS_MAX_CODE) {
        free(text);
        kc_text_printf(b, "error: '%s' is longer than %u bytes.", rel, KC_TOOLS_MAX_CODE);
        return NULL;
    }
    text[n] = 0;
    kc_err err;
    kc_err_clear(&err);
    if (kc_file_check_text(rel, text, n, &err)) {
        char msg[700];
        free(text);
        kc_text_printf(b, "%s", kc_err_format(&err, msg, sizeof msg));
        return NULL;
    }
    return text;
}

/* ---- grep_docs ------------------------------------------------------------------- */

typedef struct matcher {
    int is_regex;
    regex_t re;
    const char *literal;
} matcher;

static int match_line(const matcher *m, const char *line)
{
    if (m->is_regex)
        return regexec(&m->re, line, 0, NULL, 0) == 0;
    size_t n = strlen(m->literal);
    for (const char *p = line; *p; p++)
        if (!strncasecmp(p, m->literal, n))
            return 1;
    return 0;
}

/* Searches one document; returns matches found (counting past max). */
static int grep_one(const char *label, const char *doc, const matcher *m, int ctxl, int max,
                    int found, sb *b)
{
    size_t nlines = 0;
    for (const char *p = doc; *p; p++)
        nlines += *p == '\n';
    nlines++;
    const char **ls = malloc(nlines * sizeof *ls);
    size_t *ll = malloc(nlines * sizeof *ll);
    if (!ls || !ll) {
        free(ls);
        free(ll);
        return found;
    }
    size_t n = 0;
    for (const char *p = doc; p;) {
        const char *e = strchr(p, '\n');
        ls[n] = p;
        ll[n++] = e ? (size_t)(e - p) : strlen(p);
        p = e ? e + 1 : NULL;
    }
    const char *section = NULL;
    size_t section_len = 0;
    long shown_to = -1;   /* last line already printed, to merge overlapping context */
    char line[1024];
    for (size_t i = 0; i < n; i++) {
        size_t len = ll[i] < sizeof line - 1 ? ll[i] : sizeof line - 1;
        memcpy(line, ls[i], len);
        line[len] = 0;
        if (line[0] == '#') {
            section = ls[i];
            section_len = len;
        }
        if (!match_line(m, line))
            continue;
        if (++found > max)
            continue;
        long from = (long)i - ctxl > shown_to ? (long)i - ctxl : shown_to + 1;
        long to = (long)i + ctxl < (long)n - 1 ? (long)i + ctxl : (long)n - 1;
        if (from > shown_to + 1 || shown_to < 0)
            kc_text_printf(b, "--- %s:%zu%s%.*s\n", label, i + 1, section ? " in " : "",
                      section ? (int)(section_len > 120 ? 120 : section_len) : 0, section ? section : "");
        for (long k = from; k <= to; k++)
            kc_text_printf(b, "%s:%ld%c %.*s\n", label, k + 1, k == (long)i ? ':' : '-',
                      (int)(ll[k] > 400 ? 400 : ll[k]), ls[k]);
        shown_to = to;
    }
    free(ls);
    free(ll);
    return found;
}

static void t_grep_docs(kc_tools_ctx *c, const json_t *a, kc_tools_result *o)
{
    sb b = { 0 };
    const char *pat = arg_str(a, "pattern", "");
    int ctxl = (int)arg_int(a, "context", 2), max = (int)arg_int(a, "max_matches", 20);
    matcher m = { 0 };
    m.literal = pat;
    char rerr[200] = "";
    int rc = regcomp(&m.re, pat, REG_EXTENDED | REG_ICASE | REG_NOSUB);
    if (rc == 0)
        m.is_regex = 1;
    else
        regerror(rc, &m.re, rerr, sizeof rerr);
    sb body = { 0 };
    int found = 0;
    if (c->task_doc)
        found = grep_one("task", c->task_doc, &m, ctxl, max, found, &body);
    if (c->isa_doc)
        found = grep_one("isa", c->isa_doc, &m, ctxl, max, found, &body);
    if (m.is_regex)
        regfree(&m.re);
    if (rerr[0])
        kc_text_printf(&b, "note: '%s' is not a valid regular expression (%s); searched for it as plain text.\n",
                  pat, rerr);
    if (!found)
        kc_text_printf(&b, "no match for '%s' in the task description or the ISA document.", pat);
    else
        kc_text_printf(&b, "%d match%s for '%s'%s:\n%s", found, found == 1 ? "" : "es", pat,
                  found > max ? " (showing the first ones; narrow the pattern or raise max_matches)" : "",
                  body.buf ? body.buf : "");
    kc_text_free(&body);
    o->meta = json_pack("{s:i}", "matches", found);
    finish(o, &b, 0);
}

/* ---- write_code ------------------------------------------------------------------ */

static void t_write_code(kc_tools_ctx *c, const json_t *a, kc_tools_result *o)
{
    sb b = { 0 };
    const char *rel = arg_str(a, "path", KC_TOOLS_DEFAULT_PATH);
    const char *code = arg_str(a, "code", "");
    int fd = open_ws(c, rel, KC_WS_WRITE, &b);
    if (fd < 0) {
        kc_text_printf(&b, " Nothing was written.");
        finish(o, &b, 1);
        return;
    }
    FILE *f = fdopen(fd, "wb");
    size_t len = strlen(code);
    int ok = f && fwrite(code, 1, len, f) == len;
    if (f)
        ok = (fclose(f) == 0) && ok;
    else
        close(fd);
    if (!ok) {
        kc_text_printf(&b, "error: cannot write '%s': %s.", rel, strerror(errno));
        finish(o, &b, 1);
        return;
    }
    size_t lines = 0;
    for (const char *p = code; *p; p++)
        lines += *p == '\n';
    if (len && code[len - 1] != '\n')
        lines++;
    kc_text_printf(&b, "wrote %s: %zu bytes, %zu lines.", rel, len, lines);
    char hash[24];
    snprintf(hash, sizeof hash, "%016" PRIx64, kc_eval_hash(code));
    o->meta = json_pack("{s:s, s:I, s:s}", "path", rel, "bytes", (json_int_t)len, "kernel_hash", hash);
    finish(o, &b, 0);
}

/* ---- assembling --------------------------------------------------------------- */

/* Copies source line `line` (1-based) of src into out. */
static void source_line(const char *src, int line, char *out, size_t size)
{
    out[0] = 0;
    for (int l = 1; src && *src; l++) {
        const char *e = strchr(src, '\n');
        size_t n = e ? (size_t)(e - src) : strlen(src);
        if (l == line) {
            snprintf(out, size, "%.*s", (int)(n < size ? n : size - 1), src);
            return;
        }
        if (!e)
            return;
        src = e + 1;
    }
}

/* The diagnostic with the offending line and a caret under the column. */
static void show_diag(sb *b, const char *src, const char *diag, int line, int col)
{
    kc_text_printf(b, "%s\n", diag);
    char text[512];
    source_line(src, line, text, sizeof text);
    if (line > 0 && text[0]) {
        kc_text_printf(b, "%5d | %s\n", line, text);
        if (col > 0) {
            kc_text_printf(b, "      | ");
            for (int i = 1; i < col && text[i - 1]; i++)
                kc_text_printf(b, "%c", text[i - 1] == '\t' ? '\t' : ' ');
            kc_text_printf(b, "^\n");
        }
    }
}

static const kc_platform *platform_of(kc_tools_ctx *c, sb *b)
{
    const kc_platform *p = kc_platform_find(c->platform);
    if (!p)
        kc_text_printf(b, "error: unknown platform '%s'.", c->platform);
    return p;
}

/* Builds a workspace file into a program image (the platform's build step).
 * Returns 1 with img filled (and the text in *src_out when asked), 0 with the
 * explanation (diagnostic or missing file) in b. */
static int assemble_file(kc_tools_ctx *c, const char *rel, kc_image *img, char **src_out, sb *b)
{
    kc_image_init(img, 0, 0);
    const kc_platform *p = platform_of(c, b);
    char *src = p ? read_ws(c, rel, b) : NULL;
    if (!src)
        return 0;
    kc_err err;
    kc_err_clear(&err);
    if (kc_platform_build(p, src, rel, img, &err) != KC_OK) {
        char diag[700];
        kc_err_format(&err, diag, sizeof diag);
        show_diag(b, src, diag, err.line, err.col);
        free(src);
        return 0;
    }
    if (src_out)
        *src_out = src;
    else
        free(src);
    return 1;
}

static void t_check_syntax(kc_tools_ctx *c, const json_t *a, kc_tools_result *o)
{
    sb b = { 0 };
    const char *rel = arg_str(a, "path", KC_TOOLS_DEFAULT_PATH);
    kc_image img;
    if (!assemble_file(c, rel, &img, NULL, &b)) {
        o->meta = json_pack("{s:b}", "ok", 0);
        finish(o, &b, 0);   /* a syntax error is a normal answer, not a tool failure */
        return;
    }
    size_t n = kc_image_insns(&img);
    kc_text_printf(&b, "ok: %s assembles to %zu instructions.", rel, n);
    o->meta = json_pack("{s:b, s:I}", "ok", 1, "instructions", (json_int_t)n);
    kc_image_free(&img);
    finish(o, &b, 0);
}

static void t_get_inst_size(kc_tools_ctx *c, const json_t *a, kc_tools_result *o)
{
    sb b = { 0 };
    const char *rel = arg_str(a, "path", KC_TOOLS_DEFAULT_PATH);
    kc_image img;
    if (!assemble_file(c, rel, &img, NULL, &b)) {
        finish(o, &b, 0);
        return;
    }
    const kc_platform *p = kc_platform_find(c->platform);
    long cap = p && p->max_insns ? (long)p->max_insns : -1;
    size_t n = kc_image_insns(&img);
    kc_text_printf(&b, "%s: %zu instructions (%zu bytes)", rel, n, n * img.insn_bytes);
    if (cap > 0)
        kc_text_printf(&b, " of %ld in instruction memory", cap);
    kc_text_printf(&b, ".");
    o->meta = json_pack("{s:I}", "instructions", (json_int_t)n);
    kc_image_free(&img);
    finish(o, &b, 0);
}

/* ---- run_eval ------------------------------------------------------------------- */

/* Runs the pipeline on a workspace file (visible seed); NULL with the reason in b
 * when the file cannot be read or the simulator failed. */
static kc_eval_result *evaluate(kc_tools_ctx *c, const char *rel, const kc_trace_opts *trace,
                                kc_sim_stalls *stalls, char **src_out, sb *b)
{
    char *src = read_ws(c, rel, b);
    if (!src)
        return NULL;
    kc_eval_result *r = malloc(sizeof *r);
    if (!r) {
        free(src);
        kc_text_printf(b, "error: out of memory.");
        return NULL;
    }
    kc_eval_opts eo = { .platform = c->platform, .task = c->task, .config = c->config,
                        .seed = c->seed, .cycle_limit = c->cycle_limit, .trace = trace,
                        .stalls = stalls };
    kc_err err;
    kc_err_clear(&err);
    if (kc_eval_run(c->eval, &eo, src, rel, r, &err) != KC_OK) {
        char msg[700];
        kc_text_printf(b, "error: the evaluation failed: %s.", kc_err_format(&err, msg, sizeof msg));
        free(r);
        free(src);
        return NULL;
    }
    if (src_out)
        *src_out = src;
    else
        free(src);
    return r;
}

/* "pc 12 is line 15: vadd [r3], [r1], [r2]" via the assembler's line map. */
static void describe_pc(kc_tools_ctx *c, const char *src, uint32_t pc, sb *b)
{
    const kc_platform *p = kc_platform_find(c->platform);
    kc_image img;
    kc_image_init(&img, 0, 0);
    kc_err err;
    kc_err_clear(&err);
    if (!p || kc_platform_build(p, src, "kernel", &img, &err) != KC_OK)
        return;
    uint64_t end = kc_image_pc_end(&img);
    int ln = kc_image_line(&img, pc);
    if (pc < end && ln > 0) {
        char text[300];
        source_line(src, ln, text, sizeof text);
        kc_text_printf(b, " (source line %d: %s)", ln, text);
    } else if (pc >= end)
        kc_text_printf(b, " (past the last instruction, %" PRIu64 ": did the kernel end without halt?)", end);
    kc_image_free(&img);
}

static json_t *eval_meta(const kc_eval_result *r)
{
    json_t *m = json_pack("{s:s, s:b, s:I}", "status", kc_eval_status_name(r->status), "correct",
                          r->correct, "cycles", (json_int_t)r->cycles);
    char hash[24];
    snprintf(hash, sizeof hash, "%016" PRIx64, r->kernel_hash);
    json_object_set_new(m, "kernel_hash", json_string(hash));
    return m;
}

static void summarize(kc_tools_ctx *c, const kc_eval_result *r, const char *src, sb *b)
{
    const kc_task *t = kc_task_find(r->task);
    const kc_platform *p = kc_platform_find(r->platform);
    kc_text_printf(b, "status: %s\n", r->correct ? "CORRECT" : kc_eval_status_name(r->status));
    if (!r->assembled) {
        show_diag(b, src, r->diagnostic, r->diag_line, r->diag_col);
        return;
    }
    kc_text_printf(b, "%zu instructions; simulation %s after %" PRIu64 " cycles\n", r->program_words,
              kc_sim_result_name(r->sim), r->cycles);
    if (r->sim == KC_SIM_TRAPPED) {
        kc_text_printf(b, "trap: %s (cause %u) at pc %u, info 0x%08x", r->trap_name, r->trap_cause,
                  r->trap_pc, r->trap_info);
        describe_pc(c, src, r->trap_pc, b);
        kc_text_printf(b, "\n");
    }
    if (r->sim == KC_SIM_TIMEOUT)
        kc_text_printf(b, "timeout: the kernel did not halt within the cycle limit (an endless loop?)\n");
    if (r->check.oob) {
        char where[160];
        kc_text_printf(b, "write outside the outputs at DRAM byte 0x%08x (%s); write only the output "
                       "tensors, whatever the value\n", r->check.oob_addr,
                       kc_eval_oob_where(r, where, sizeof where));
    }
    if (r->sim == KC_SIM_HALTED || r->sim == KC_SIM_TRAPPED || r->sim == KC_SIM_TIMEOUT) {
        kc_text_printf(b, "outputs: %zu of %zu out of tolerance", r->check.mismatches, r->check.nchecked);
        if (r->check.nonfinite)
            kc_text_printf(b, " (%zu NaN/inf: never written, or overflow)", r->check.nonfinite);
        kc_text_printf(b, "; max error abs %.4g rel %.4g", r->check.max_abs, r->check.max_rel);
        if (t && p)
            kc_text_printf(b, " (tolerance abs %.3g + rel %.3g x |expected|)", t->tol[p->dtype].abs,
                      t->tol[p->dtype].rel);
        kc_text_printf(b, "\n");
        /* The margin matters as much as the verdict: hidden inputs differ. */
        if (isfinite(r->check.worst))
            kc_text_printf(b, "worst element: %.0f%% of its tolerance%s\n", 100 * r->check.worst,
                      r->correct && r->check.worst > 0.5 ? " (little margin: hidden inputs may fail)" : "");
    }
    if (r->correct)
        kc_text_printf(b, "cycles: %" PRIu64 "  ideal: %.0f  efficiency: %.3f (ideal = roofline of "
                  "compute and DRAM traffic only; it ignores issue cost: one instruction per cycle, "
                  "no auto-increment)\n", r->cycles, r->ideal_cycles, r->efficiency);
    else if (r->check.mismatches)
        kc_text_printf(b, "call view_output for the mismatching elements\n");
}

static void t_run_eval(kc_tools_ctx *c, const json_t *a, kc_tools_result *o)
{
    sb b = { 0 };
    const char *rel = arg_str(a, "path", KC_TOOLS_DEFAULT_PATH);
    char *src = NULL;
    kc_eval_result *r = evaluate(c, rel, NULL, NULL, &src, &b);
    if (!r) {
        finish(o, &b, 1);
        return;
    }
    summarize(c, r, src, &b);
    o->meta = eval_meta(r);
    if (r->correct) {
        free(c->last_correct_src);
        c->last_correct_src = src;
        src = NULL;
        if (!c->first_correct_iteration)
            c->first_correct_iteration = c->iteration;
        c->last_correct_iteration = c->iteration;
    }
    free(src);
    free(c->last);
    c->last = r;
    snprintf(c->last_path, sizeof c->last_path, "%s", rel);
    finish(o, &b, 0);
}

/* ---- view_output ---------------------------------------------------------------- */

static void t_view_output(kc_tools_ctx *c, const json_t *a, kc_tools_result *o)
{
    sb b = { 0 };
    const kc_eval_result *r = c->last;
    if (!r) {
        kc_text_printf(&b, "error: nothing to show yet: call run_eval first.");
        finish(o, &b, 1);
        return;
    }
    long max_rows = arg_int(a, "max_rows", 16);
    kc_text_printf(&b, "last run_eval: %s on the visible inputs: %s\n", c->last_path,
              r->correct ? "CORRECT" : kc_eval_status_name(r->status));
    if (!r->assembled) {
        kc_text_printf(&b, "the kernel did not assemble: %s\n", r->diagnostic);
        finish(o, &b, 0);
        return;
    }
    const kc_task *t = kc_task_find(r->task);
    const kc_task_config *cfg = NULL;
    kc_task_shape shape;
    memset(&shape, 0, sizeof shape);
    if (t && kc_task_config_get(t, r->config, &cfg, NULL) == KC_OK)
        t->shape(t, cfg, &shape);
    const kc_check_result *k = &r->check;
    if (k->oob) {
        char where[160];
        kc_text_printf(&b, "out of bounds: the kernel wrote DRAM byte 0x%08x, in %s\n", k->oob_addr,
                       kc_eval_oob_where(r, where, sizeof where));
    }
    kc_text_printf(&b, "outputs checked: %zu; out of tolerance: %zu; NaN/inf: %zu\n", k->nchecked,
              k->mismatches, k->nonfinite);
    kc_text_printf(&b, "max error: abs %.6g, rel %.6g; ", k->max_abs, k->max_rel);
    if (isfinite(k->worst))
        kc_text_printf(&b, "the worst element uses %.0f%% of its tolerance\n", 100 * k->worst);
    else
        kc_text_printf(&b, "the tolerance is 0 here: outputs must match exactly\n");
    for (unsigned i = 0; i < r->layout.ntensors; i++) {
        const kc_tensor_desc *d = i < shape.ntensors ? &shape.t[i] : NULL;
        if (d && d->role == KC_ROLE_OUTPUT) {
            kc_text_printf(&b, "output %s: shape [", d->name);
            for (unsigned j = 0; j < d->ndims; j++)
                kc_text_printf(&b, "%s%u", j ? ", " : "", d->dims[j]);
            kc_text_printf(&b, "], DRAM 0x%08x..0x%08x (a%u)\n", r->layout.addr[i],
                      r->layout.addr[i] + r->layout.bytes[i], i);
        }
    }
    if (k->nreport) {
        kc_text_printf(&b, "first mismatches (the checker keeps the first %d):\n", KC_CHECK_MAX_REPORT);
        unsigned rows_listed = 0;
        long last_row = -1;
        for (unsigned i = 0; i < k->nreport; i++) {
            const kc_mismatch *m = &k->first[i];
            const kc_tensor_desc *d = m->tensor < shape.ntensors ? &shape.t[m->tensor] : NULL;
            uint32_t cols = d && d->ndims >= 2 ? d->dims[d->ndims - 1] : 0;
            const char *nm = r->tensor_names[m->tensor] ? r->tensor_names[m->tensor] : "?";
            if (cols) {
                long row = (long)(m->index / cols);
                if (row != last_row && rows_listed++ >= (unsigned)max_rows)
                    break;
                last_row = row;
                kc_text_printf(&b, "  %s[%ld, %zu] (flat %zu): expected %.6g, got %.6g%s\n", nm, row,
                          m->index % cols, m->index, m->expected, m->actual,
                          m->actual != m->actual ? " (NaN: the sentinel, never written?)" : "");
            } else
                kc_text_printf(&b, "  %s[%zu]: expected %.6g, got %.6g\n", nm, m->index, m->expected,
                          m->actual);
        }
        if (k->mismatches > k->nreport)
            kc_text_printf(&b, "  ... and %zu more\n", k->mismatches - k->nreport);
    } else if (!k->oob)
        kc_text_printf(&b, "every output element is within tolerance.\n");
    o->meta = json_pack("{s:I, s:I}", "mismatches", (json_int_t)k->mismatches, "reported",
                        (json_int_t)k->nreport);
    finish(o, &b, 0);
}

/* ---- profile -------------------------------------------------------------------- */

typedef struct stall_site {
    uint32_t pc;
    size_t counter;
    const kc_sim_stall *s;
} stall_site;

static int stall_site_cmp(const void *x, const void *y)
{
    const stall_site *a = x, *b = y;
    if (a->s->cycles != b->s->cycles)
        return a->s->cycles < b->s->cycles ? 1 : -1;
    return a->pc < b->pc ? -1 : a->pc > b->pc;
}

/* The instructions that waited longest, with their source line and disassembly. */
static void stall_sites(kc_tools_ctx *c, const char *src, const kc_eval_result *r,
                        const kc_sim_stalls *st, long top, sb *b, json_t *meta)
{
    size_t n = 0, cells = st->nwords * st->ncounters;
    for (size_t i = 0; i < cells; i++)
        n += st->cells[i].cycles > 0;
    if (!n) {
        kc_text_printf(b, "no instruction waited: issue never stalled.\n");
        return;
    }
    stall_site *v = malloc(n * sizeof *v);
    if (!v)
        return;
    n = 0;
    for (size_t i = 0; i < cells; i++)
        if (st->cells[i].cycles)
            v[n++] = (stall_site){ (uint32_t)(i / st->ncounters), i % st->ncounters, &st->cells[i] };
    qsort(v, n, sizeof *v, stall_site_cmp);
    const kc_platform *p = kc_platform_find(c->platform);
    kc_image img;
    kc_image_init(&img, 0, 0);
    kc_err err;
    kc_err_clear(&err);
    int have = p && kc_platform_build(p, src, "kernel", &img, &err) == KC_OK;
    kc_text_printf(b, "top stall sites (the instruction that waited to issue, on what, how long):\n");
    json_t *arr = json_array();
    for (size_t i = 0; i < n && i < (size_t)top; i++) {
        char dis[160] = "?", line[200] = "";
        int ln = 0;
        if (have && v[i].pc < kc_image_pc_end(&img)) {
            p->disasm(p, &img, v[i].pc, dis, sizeof dis);
            ln = kc_image_line(&img, v[i].pc);
            if (ln > 0)
                source_line(src, ln, line, sizeof line);
        }
        const char *why = r->counter_names[v[i].counter];
        kc_text_printf(b, "  pc %-4u line %-4d %-28s %-13s %8" PRIu64 " cycles in %" PRIu64 " wait%s "
                       "(longest %" PRIu64 ")\n", v[i].pc, ln, dis, why, v[i].s->cycles, v[i].s->waits,
                       v[i].s->waits == 1 ? "" : "s", v[i].s->longest);
        json_array_append_new(arr, json_pack("{s:i, s:i, s:s, s:s, s:I, s:I, s:I}", "pc", (int)v[i].pc,
                                             "line", ln, "insn", dis, "reason", why, "cycles",
                                             (json_int_t)v[i].s->cycles, "waits",
                                             (json_int_t)v[i].s->waits, "longest",
                                             (json_int_t)v[i].s->longest));
    }
    if (n > (size_t)top)
        kc_text_printf(b, "  ... %zu more stall sites\n", n - (size_t)top);
    json_object_set_new(meta, "stall_sites", arr);
    kc_image_free(&img);
    free(v);
}

static void t_profile(kc_tools_ctx *c, const json_t *a, kc_tools_result *o)
{
    sb b = { 0 };
    const char *rel = arg_str(a, "path", KC_TOOLS_DEFAULT_PATH);
    long top = arg_int(a, "top", 10);
    kc_sim_stalls stalls;
    memset(&stalls, 0, sizeof stalls);
    char *src = NULL;
    kc_eval_result *r = evaluate(c, rel, NULL, &stalls, &src, &b);
    if (!r) {
        kc_sim_stalls_free(&stalls);
        finish(o, &b, 1);
        return;
    }
    if (!r->assembled) {
        kc_text_printf(&b, "%s does not assemble: %s", rel, r->diagnostic);
        free(r);
        free(src);
        finish(o, &b, 0);
        return;
    }
    double cyc = r->cycles ? (double)r->cycles : 1.0;
    kc_text_printf(&b, "profile of %s (visible inputs): %s, %" PRIu64 " cycles (ideal %.0f: the roofline "
              "of compute and DRAM traffic, ignoring issue cost)\n", rel,
              r->correct ? "correct" : kc_eval_status_name(r->status), r->cycles, r->ideal_cycles);
    json_t *meta = json_object();
    for (size_t i = 0; i < r->ncounters; i++) {
        const char *n = r->counter_names[i];
        kc_text_printf(&b, "  %-16s %10" PRIu64, n, r->counters[i]);
        if (strcmp(n, "cycles"))
            kc_text_printf(&b, "   %5.1f%% of cycles", 100.0 * (double)r->counters[i] / cyc);
        kc_text_printf(&b, "\n");
        json_object_set_new(meta, n, json_integer((json_int_t)r->counters[i]));
    }
    kc_text_printf(&b, "  DRAM read %" PRIu64 " B, written %" PRIu64 " B (compulsory %.0f B)\n",
              r->dram_read_bytes, r->dram_write_bytes, r->dram_bytes);
    kc_text_printf(&b, "busy = cycles the unit worked; stall_* = cycles issue waited on that unit "
              "(see the ISA document, Hazards and Timing).\n");
    stall_sites(c, src, r, &stalls, top, &b, meta);
    o->meta = meta;
    kc_sim_stalls_free(&stalls);
    free(src);
    free(r);
    finish(o, &b, 0);
}

/* ---- view_waveform -------------------------------------------------------------- */

/* Signal names grouped by scope, one scope per line: "TOP.npu_top.u_core: pc insn ...".
 * Scopes whose name contains `scope` (all when NULL); the wrapper's copies of the
 * top module's ports (TOP.<port>) are left out. Returns how many names it listed. */
static size_t list_by_scope(const kc_vcd *v, const char *scope, sb *b)
{
    size_t n = kc_vcd_nvars(v), listed = 0;
    char cur[256] = "";
    for (size_t i = 0; i < n; i++) {
        const char *name = kc_vcd_var_name(v, i);
        const char *dot = strrchr(name, '.');
        if (!dot || (!strncmp(name, "TOP.", 4) && dot == name + 3))
            continue;
        int slen = (int)(dot - name);
        char sc[256];
        snprintf(sc, sizeof sc, "%.*s", slen, name);
        if (scope && !strcasestr(sc, scope))
            continue;
        if (strcmp(sc, cur)) {
            kc_text_printf(b, "%s%s:", listed ? "\n" : "", sc);
            snprintf(cur, sizeof cur, "%s", sc);
        }
        unsigned w = kc_vcd_var_width(v, i);
        kc_text_printf(b, " %s", dot + 1);
        if (w > 1)
            kc_text_printf(b, "[%u]", w);
        listed++;
    }
    if (listed)
        kc_text_printf(b, "\n");
    return listed;
}

/* A scope name with generate-loop indices folded: "u_load.g_lane[7]" -> "u_load.g_lane[*]". */
static void scope_fold(const char *name, int len, char *out, size_t size)
{
    size_t k = 0;
    for (int i = 0; i < len && k + 4 < size; i++) {
        out[k++] = name[i];
        if (name[i] == '[' && i + 1 < len && name[i + 1] >= '0' && name[i + 1] <= '9') {
            while (i + 1 < len && name[i + 1] >= '0' && name[i + 1] <= '9')
                i++;
            out[k++] = '*';
        }
    }
    out[k] = 0;
}

/* Names whose last part contains `like` (at most 40), then how many signals each
 * scope has (generate-loop copies folded into one entry), so the model can ask
 * for one scope's list. */
static void list_similar(const kc_vcd *v, const char *like, sb *b)
{
    size_t n = kc_vcd_nvars(v), shown = 0, similar = 0;
    for (size_t i = 0; i < n; i++) {
        const char *name = kc_vcd_var_name(v, i);
        const char *leaf = strrchr(name, '.');
        leaf = leaf ? leaf + 1 : name;
        if (!strcasestr(leaf, like) || (!strncmp(name, "TOP.", 4) && leaf == name + 4))
            continue;
        if (shown < 40)
            kc_text_printf(b, "%s%s", shown++ ? ", " : "Signals like it: ", name);
        similar++;
    }
    if (similar > shown)
        kc_text_printf(b, " (and %zu more)", similar - shown);
    kc_text_printf(b, "%sScopes (signals):", shown ? ".\n" : "No similar names.\n");
    enum { MAXSC = 64 };
    char scopes[MAXSC][160];
    size_t counts[MAXSC], nsc = 0;
    for (size_t i = 0; i < n; i++) {
        const char *name = kc_vcd_var_name(v, i);
        const char *dot = strrchr(name, '.');
        if (!dot || (!strncmp(name, "TOP.", 4) && dot == name + 3))
            continue;
        char sc[160];
        scope_fold(name, (int)(dot - name), sc, sizeof sc);
        size_t k = 0;
        while (k < nsc && strcmp(scopes[k], sc))
            k++;
        if (k == nsc && nsc < MAXSC) {
            snprintf(scopes[nsc], sizeof scopes[nsc], "%s", sc);
            counts[nsc++] = 0;
        }
        if (k < nsc)
            counts[k]++;
    }
    for (size_t k = 0; k < nsc; k++)
        kc_text_printf(b, " %s (%zu)", scopes[k], counts[k]);
    kc_text_printf(b, ".\nCall view_waveform with list \"all\" (or a scope) for every name.");
}

/* Value of a VCD bit string as an unsigned number; 0 when it has x/z or is wider
 * than 64 bits. */
static int wave_number(const char *bits, uint64_t *out)
{
    uint64_t v = 0;
    size_t n = bits ? strlen(bits) : 0;
    if (!n || n > 64)
        return 0;
    for (size_t i = 0; i < n; i++) {
        if (bits[i] != '0' && bits[i] != '1')
            return 0;
        v = v << 1 | (uint64_t)(bits[i] == '1');
    }
    *out = v;
    return 1;
}

/* mode summary: one line per signal over the sampled cycles. */
static void wave_summary(const kc_vcd *v, const size_t *idx, const json_t *sigs, size_t nsig,
                         const uint64_t *edges, size_t ne, sb *b)
{
    char first[600], last[600];
    for (size_t i = 0; i < nsig; i++) {
        const char *prev = NULL;
        size_t changes = 0, ones = 0, numeric = 1;
        uint64_t lo = UINT64_MAX, hi = 0;
        for (size_t e = 0; e < ne; e++) {
            const char *val = kc_vcd_value_at(v, idx[i], edges[e] ? edges[e] - 1 : 0);
            if (prev && val && strcmp(prev, val))
                changes++;
            prev = val;
            uint64_t x;
            if (wave_number(val, &x)) {
                lo = x < lo ? x : lo;
                hi = x > hi ? x : hi;
                ones += x == 1;
            } else
                numeric = 0;
        }
        kc_vcd_format(kc_vcd_value_at(v, idx[i], edges[0] ? edges[0] - 1 : 0), first, sizeof first);
        kc_vcd_format(prev, last, sizeof last);
        unsigned bits = kc_vcd_var_width(v, idx[i]);
        kc_text_printf(b, "  %s (%u bit%s): %s at start, %s at end, %zu change%s", json_string_value(
                       json_array_get(sigs, i)), bits, bits == 1 ? "" : "s", first, last, changes,
                       changes == 1 ? "" : "s");
        if (bits == 1 && numeric)
            kc_text_printf(b, ", 1 for %zu of %zu cycles", ones, ne);
        else if (numeric && ne)
            kc_text_printf(b, ", min 0x%" PRIx64 " max 0x%" PRIx64, lo, hi);
        kc_text_printf(b, "\n");
    }
}

static void t_view_waveform(kc_tools_ctx *c, const json_t *a, kc_tools_result *o)
{
    sb b = { 0 };
    const char *rel = arg_str(a, "path", KC_TOOLS_DEFAULT_PATH);
    const char *mode = arg_str(a, "mode", "table"), *list = arg_str(a, "list", NULL);
    const json_t *sigs = json_object_get(a, "signals");
    long start = arg_int(a, "start", 0), end = arg_int(a, "end", start + 100), every = arg_int(a, "every", 1);
    int summary = !strcmp(mode, "summary");
    if (!summary && strcmp(mode, "table")) {
        kc_text_printf(&b, "error: mode must be \"table\" or \"summary\" (got \"%s\").", mode);
        finish(o, &b, 1);
        return;
    }
    if (!list && !json_array_size(sigs)) {
        kc_text_printf(&b, "error: give signals to show, or list (\"all\" or a scope) to see their names.");
        finish(o, &b, 1);
        return;
    }
    if (end <= start || end - start > KC_TOOLS_MAX_WAVE_WINDOW) {
        kc_text_printf(&b, "error: the window must have start < end and at most %d cycles (got %ld..%ld).",
                  KC_TOOLS_MAX_WAVE_WINDOW, start, end);
        finish(o, &b, 1);
        return;
    }
    long rows = (end - start + every - 1) / every;
    if (!list && !summary && rows > KC_TOOLS_MAX_WAVE_ROWS) {
        kc_text_printf(&b, "error: %ld..%ld every %ld cycle%s is %ld rows; a table has at most %d. Pass "
                  "every %ld (or more), or mode \"summary\".", start, end, every, every == 1 ? "" : "s",
                  rows, KC_TOOLS_MAX_WAVE_ROWS,
                  (end - start + KC_TOOLS_MAX_WAVE_ROWS - 1) / KC_TOOLS_MAX_WAVE_ROWS);
        finish(o, &b, 1);
        return;
    }
    if (list) {   /* the names exist from cycle 0: a one-cycle trace is enough */
        start = 0;
        end = 1;
    }
    /* The waveform is opened beneath the workspace like every other file; the
     * simulator and the reader get it by descriptor (/proc/self/fd), never by a
     * name that could lead through a link. */
    int vfd = open_ws(c, "waveform.vcd", KC_WS_WRITE, &b);
    if (vfd < 0) {
        finish(o, &b, 1);
        return;
    }
    char vcd_path[64];
    snprintf(vcd_path, sizeof vcd_path, "/proc/self/fd/%d", vfd);
    kc_trace_opts tr = { .path = vcd_path, .start = (uint64_t)start, .end = (uint64_t)end, .depth = 0 };
    kc_eval_result *r = evaluate(c, rel, &tr, NULL, NULL, &b);
    if (!r) {
        close(vfd);
        finish(o, &b, 1);
        return;
    }
    if (!r->assembled) {
        kc_text_printf(&b, "%s does not assemble: %s", rel, r->diagnostic);
        free(r);
        close(vfd);
        finish(o, &b, 0);
        return;
    }
    uint64_t ran = r->cycles;
    free(r);
    kc_vcd *v = NULL;
    kc_err err;
    kc_err_clear(&err);
    kc_status vst = kc_vcd_load(vcd_path, 0, &v, &err);
    close(vfd);
    if (vst != KC_OK) {
        char msg[700];
        kc_text_printf(&b, "error: cannot read the waveform: %s", kc_err_format(&err, msg, sizeof msg));
        finish(o, &b, 1);
        return;
    }
    if (list) {
        int all = !strcasecmp(list, "all");
        if (!list_by_scope(v, all ? NULL : list, &b))
            kc_text_printf(&b, "no scope contains \"%s\"; list \"all\" shows every signal.", list);
        o->meta = json_pack("{s:s}", "list", list);
        kc_vcd_free(v);
        finish(o, &b, 0);
        return;
    }
    size_t clk;
    if (!kc_vcd_match(v, "clk", &clk, 1)) {
        kc_text_printf(&b, "error: the waveform has no clock signal 'clk'.");
        kc_vcd_free(v);
        finish(o, &b, 1);
        return;
    }
    size_t nsig = json_array_size(sigs), idx[KC_TOOLS_MAX_WAVE_SIGNALS];
    sb notes = { 0 };
    for (size_t i = 0; i < nsig; i++) {
        const char *name = json_string_value(json_array_get(sigs, i));
        size_t found[4];
        size_t n = kc_vcd_match(v, name, found, 4);
        if (!n) {
            kc_text_printf(&b, "error: no signal named '%s'. ", name);
            list_similar(v, name, &b);
            kc_text_free(&notes);
            kc_vcd_free(v);
            finish(o, &b, 1);
            return;
        }
        idx[i] = found[0];
        if (n > 1)
            kc_text_printf(&notes, "note: '%s' matches %zu signals; showing %s (give a longer suffix "
                      "for another, e.g. %s)\n", name, n, kc_vcd_var_name(v, found[0]),
                      kc_vcd_var_name(v, found[1]));
    }
    uint64_t *edges = malloc(sizeof *edges * (size_t)(end - start + 2));
    size_t ne = edges ? kc_vcd_rising_edges(v, clk, 0, UINT64_MAX, edges, (size_t)(end - start + 2)) : 0;
    if (!ne) {
        kc_text_printf(&b, "the kernel ran %" PRIu64 " cycles, which ends before the window %ld..%ld: "
                  "nothing to show.", ran, start, end);
        free(edges);
        kc_text_free(&notes);
        kc_vcd_free(v);
        finish(o, &b, 0);
        return;
    }
    if (ne > (size_t)(end - start))
        ne = (size_t)(end - start);
    kc_text_printf(&b, "%s: cycles %ld..%ld of %" PRIu64 " (values sampled just before each rising clock edge",
              rel, start, start + (long)ne - 1, ran);
    kc_text_printf(&b, every > 1 && !summary ? "; every %ld cycles)\n" : ")\n", every);
    if (notes.buf)
        kc_text_printf(&b, "%s", notes.buf);
    kc_text_free(&notes);
    if (summary) {
        wave_summary(v, idx, sigs, nsig, edges, ne, &b);
        o->meta = json_pack("{s:i, s:i, s:s, s:I}", "start", (int)start, "cycles", (int)ne, "mode",
                            "summary", "kernel_cycles", (json_int_t)ran);
        free(edges);
        kc_vcd_free(v);
        finish(o, &b, 0);
        return;
    }
    /* Column widths from the header and the widest value. */
    int width[KC_TOOLS_MAX_WAVE_SIGNALS];
    char cell[600];
    kc_text_printf(&b, "%8s", "cycle");
    for (size_t i = 0; i < nsig; i++) {
        const char *leaf = json_string_value(json_array_get(sigs, i));
        unsigned bits = kc_vcd_var_width(v, idx[i]);
        width[i] = (int)strlen(leaf);
        int vw = bits == 1 ? 1 : 2 + (int)((bits + 3) / 4);
        if (vw > width[i])
            width[i] = vw;
        kc_text_printf(&b, "  %*s", width[i], leaf);
    }
    kc_text_printf(&b, "\n");
    size_t shown = 0;
    for (size_t e = 0; e < ne; e += (size_t)every, shown++) {
        kc_text_printf(&b, "%8ld", start + (long)e);
        for (size_t i = 0; i < nsig; i++) {
            kc_vcd_format(kc_vcd_value_at(v, idx[i], edges[e] ? edges[e] - 1 : 0), cell, sizeof cell);
            kc_text_printf(&b, "  %*s", width[i], cell);
        }
        kc_text_printf(&b, "\n");
    }
    o->meta = json_pack("{s:i, s:i, s:i, s:I}", "start", (int)start, "rows", (int)shown, "every",
                        (int)every, "kernel_cycles", (json_int_t)ran);
    free(edges);
    kc_vcd_free(v);
    finish(o, &b, 0);
}

/* ---- submit -------------------------------------------------------------------- */

static void t_submit(kc_tools_ctx *c, const json_t *a, kc_tools_result *o)
{
    sb b = { 0 };
    const char *rel = arg_str(a, "path", KC_TOOLS_DEFAULT_PATH);
    char *src = read_ws(c, rel, &b);
    if (!src) {
        finish(o, &b, 1);
        return;
    }
    if (!*src) {
        free(src);
        kc_text_printf(&b, "error: '%s' is empty; nothing was submitted.", rel);
        finish(o, &b, 1);
        return;
    }
    free(c->submitted_src);
    c->submitted_src = src;
    c->submitted = 1;
    snprintf(c->submitted_path, sizeof c->submitted_path, "%s", rel);
    char hash[24];
    snprintf(hash, sizeof hash, "%016" PRIx64, kc_eval_hash(src));
    kc_text_printf(&b, "submitted %s (%zu bytes). The run ends here; the kernel will be scored on hidden inputs.",
              rel, strlen(src));
    o->meta = json_pack("{s:s, s:s}", "path", rel, "kernel_hash", hash);
    finish(o, &b, 0);
}
