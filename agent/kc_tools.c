/* kc_tools.c — the tool table, argument validation, dispatch and workspace files.
 *
 * Every tool is one row of `tools` below. The schemas the model sees and the
 * checks the dispatcher makes come from the same `params` lists, so they cannot
 * disagree. Handlers are thin: they call the evaluation pipeline (kc_eval_run),
 * the platform's assembler and the VCD reader, and phrase what they return for a
 * reader that has only this text to go on. They live by group: kc_tools_grep.c
 * (grep_docs), kc_tools_code.c (write_code, check_syntax, get_inst_size, submit),
 * kc_tools_eval.c (run_eval, view_output, profile), kc_tools_wave.c
 * (view_waveform); their shared helpers are declared in kc_tools_int.h.
 */
#include "kc_tools_int.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "kc_file.h"

/* Text results are built with kc_text; "take" never fails for the caller. */
static char *sb_take(kc_text *b)
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

#define PATH_PARAM(what)                                                                   \
    { "path", P_STRING, 0, 1, 128,                                                         \
      "workspace file " what " (relative name, default \"" KC_TOOLS_DEFAULT_PATH "\")" }

static const tool tools[] = {
    { "grep_docs",
      "Search the ISA document and the task description for a pattern (POSIX extended "
      "regular expression, case-insensitive; plain words work). Returns matching lines "
      "with their section and line number and some context.",
      { { "pattern", P_STRING, 1, 1, 200, "what to look for, e.g. \"vredsum\" or \"stride|latency\"" },
        { "context", P_INT, 0, 0, 10, "lines of context before and after each match (default 2)" },
        { "max_matches", P_INT, 0, 1, 50, "at most this many matches (default 20)" } },
      kc_tools_grep_docs },
    { "write_code",
      "Write a kernel's source text to a file in your workspace, replacing it. Then use "
      "check_syntax or run_eval on it. The file name's extension chooses the language: "
      "assembly for \"" KC_TOOLS_DEFAULT_PATH "\" (the default) and any other name, unless the "
      "ISA document says its platform builds another language from that extension (e.g. C "
      "from a name ending in \".c\"; see its section on building a kernel); every tool "
      "that takes a path builds the file the same way.",
      { PATH_PARAM("to write"),
        { "code", P_STRING, 1, 1, KC_TOOLS_MAX_CODE, "the complete kernel source" } },
      kc_tools_code_write },
    { "check_syntax",
      "Build a kernel file (assemble it, or compile a C file where the platform builds C) "
      "without running it. Returns the program's instruction count (bundles on a VLIW "
      "platform), or the first error of the assembler, compiler or linker as file:line:col with "
      "the offending source line and a caret under the column. On a VLIW platform (exposed "
      "latencies, no interlocks) it also lists the assembler's warnings, each with both source "
      "lines: a read of a register whose write has not landed yet (it reads the old value), a "
      "branch in a delay slot.",
      { PATH_PARAM("to assemble") },
      kc_tools_code_check_syntax },
    { "run_eval",
      "Build the kernel, run it on the accelerator RTL with the visible test inputs and "
      "check every output against the reference. Returns correct/wrong (or the build "
      "error, trap, timeout, out-of-bounds write), max errors, the worst element's share of its "
      "tolerance, cycles, ideal cycles and efficiency; when the result is wrong, also the "
      "assembler's latency warnings (VLIW platforms).",
      { PATH_PARAM("to evaluate") },
      kc_tools_eval_run },
    { "view_output",
      "Details of the last run_eval's output check, correct or not: elements checked, how many "
      "are out of tolerance or NaN/inf, the max abs/rel error and the worst element's share of "
      "its tolerance, the output tensors' shapes and DRAM ranges, and (when some fail) the first "
      "mismatching elements with their row, column, expected and actual values.",
      { { "max_rows", P_INT, 0, 1, 64, "list at most this many rows (default 16)" } },
      kc_tools_eval_view_output },
    { "get_inst_size",
      "Size of the built program: its instructions (bundles on a VLIW platform; and bytes) in "
      "instruction memory, the "
      "start-up code the platform links with a kernel included, and the instruction memory "
      "capacity.",
      { PATH_PARAM("to measure") },
      kc_tools_code_inst_size },
    { "profile",
      "Per-unit activity of a run on the visible inputs: cycles, instructions retired (VLIW: "
      "bundles issued and non-nop slots per slot, summed over the tiles), busy and stall cycles "
      "of each unit (from the RTL performance counters: VLIW adds lock, DMA-wait and bank-conflict "
      "stalls and DMA busy cycles and bytes), DRAM traffic, and the "
      "top stall sites: which instruction (pc, source line, disassembly) waited to issue, on "
      "what (the stall counter, named as in the counter list; the ISA document describes the "
      "counters), for how many cycles in how many separate waits, and the longest wait.",
      { PATH_PARAM("to profile"),
        { "top", P_INT, 0, 1, 50, "show this many stall sites (default 10)" } },
      kc_tools_eval_profile },
    { "view_waveform",
      "Run the kernel with waveform tracing and print chosen RTL signals over a cycle window "
      "[start, end): as a table (one row per sampled clock cycle, values sampled just before the "
      "rising edge), or as a per-signal summary of the whole window. Signals are named by "
      "hierarchical suffix: a signal name (\"clk\") or scope.signal (\"u_core.pc\"). To see which "
      "signals the accelerator's RTL has, pass list (\"all\", or part of a scope name); an unknown "
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
          "signal, or part of a scope name (e.g. \"u_core\")" },
        PATH_PARAM("to run") },
      kc_tools_wave_view },
    { "submit",
      "Submit a kernel as your final answer. The run ends; the kernel is scored on hidden "
      "test inputs (correctness, then cycles). Make it the last call of your reply: calls after "
      "it in the same reply are not run.",
      { PATH_PARAM("to submit") },
      kc_tools_code_submit },
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
static void describe_params(kc_text *b, const tool *t)
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
static int validate(const tool *t, const json_t *args, kc_text *b)
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

void kc_tools_finish(kc_tools_result *o, kc_text *b, int is_error)
{
    o->text = sb_take(b);
    o->is_error = is_error;
}

void kc_tools_call(kc_tools_ctx *ctx, const json_t *call, kc_tools_result *out)
{
    memset(out, 0, sizeof *out);
    kc_text b = { 0 };
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
        kc_tools_finish(out, &b, 1);
        return;
    }
    const json_t *aerr = json_object_get(call, "arguments_error");
    const json_t *args = json_object_get(call, "arguments");
    if (json_is_string(aerr) || !json_is_object(args)) {
        kc_text_printf(&b, "error: could not read the arguments of %s: %s. Send the arguments as one "
                  "JSON object. ", t->name,
                  json_is_string(aerr) ? json_string_value(aerr) : "no arguments object");
        describe_params(&b, t);
        kc_tools_finish(out, &b, 1);
        return;
    }
    if (!validate(t, args, &b)) {
        kc_tools_finish(out, &b, 1);
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

const char *kc_tools_arg_str(const json_t *a, const char *name, const char *def)
{
    const char *s = json_string_value(json_object_get(a, name));
    return s ? s : def;
}

long kc_tools_arg_int(const json_t *a, const char *name, long def)
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
int kc_tools_open(kc_tools_ctx *c, const char *rel, kc_ws_mode mode, kc_text *b)
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
char *kc_tools_read(kc_tools_ctx *c, const char *rel, kc_text *b)
{
    int fd = kc_tools_open(c, rel, KC_WS_READ, b);
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
