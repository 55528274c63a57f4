/* kc_tools_code.c — the tools on kernel source: write_code, check_syntax,
 * get_inst_size and submit, and the diagnostic display (the offending source
 * line with a caret under the column) the evaluation tools share.
 */
#include "kc_tools_int.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "kc_asm.h"
#include "kc_isa.h"
#include "kc_platform.h"

/* ---- write_code ------------------------------------------------------------------ */

void kc_tools_code_write(kc_tools_ctx *c, const json_t *a, kc_tools_result *o)
{
    kc_text b = { 0 };
    const char *rel = kc_tools_arg_str(a, "path", KC_TOOLS_DEFAULT_PATH);
    const char *code = kc_tools_arg_str(a, "code", "");
    int fd = kc_tools_open(c, rel, KC_WS_WRITE, &b);
    if (fd < 0) {
        kc_text_printf(&b, " Nothing was written.");
        kc_tools_finish(o, &b, 1);
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
        kc_tools_finish(o, &b, 1);
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
    kc_tools_finish(o, &b, 0);
}

/* ---- assembling --------------------------------------------------------------- */

/* Copies source line `line` (1-based) of src into out. */
void kc_tools_code_source_line(const char *src, int line, char *out, size_t size)
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
void kc_tools_code_show_diag(kc_text *b, const char *src, const char *diag, int line, int col)
{
    kc_text_printf(b, "%s\n", diag);
    char text[512];
    kc_tools_code_source_line(src, line, text, sizeof text);
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

static const kc_platform *platform_of(kc_tools_ctx *c, kc_text *b)
{
    const kc_platform *p = kc_platform_find(c->platform);
    if (!p)
        kc_text_printf(b, "error: unknown platform '%s'.", c->platform);
    return p;
}

/* Builds a workspace file into a program image (the platform's build step).
 * Returns 1 with img filled (and the text in *src_out when asked), 0 with the
 * explanation (diagnostic or missing file) in b. */
static int assemble_file(kc_tools_ctx *c, const char *rel, kc_image *img, char **src_out, kc_text *b)
{
    kc_image_init(img, 0, 0);
    const kc_platform *p = platform_of(c, b);
    char *src = p ? kc_tools_read(c, rel, b) : NULL;
    if (!src)
        return 0;
    kc_err err;
    kc_err_clear(&err);
    if (kc_platform_build(p, src, rel, img, &err) != KC_OK) {
        char diag[700];
        kc_err_format(&err, diag, sizeof diag);
        kc_tools_code_show_diag(b, src, diag, err.line, err.col);
        free(src);
        return 0;
    }
    if (src_out)
        *src_out = src;
    else
        free(src);
    return 1;
}

/* The table assembler's warnings on a source that builds (bundle ISAs: a read of
 * a register whose write has not landed yet, a branch in a delay slot). On a
 * machine without interlocks they are most often the bug, so the agent sees them
 * as file:line:col with both statements' source lines. A family without a bundle
 * table ISA (npu: none to give; rvv: LLVM builds it) has none. Appends a header
 * and at most max of them to b (nothing when there are none); returns the count. */
size_t kc_tools_code_warnings(kc_tools_ctx *c, const char *src, const char *rel, size_t max, kc_text *b)
{
    const kc_platform *p = kc_platform_find(c->platform);
    const kc_isa *isa = p ? kc_isa_find(p->family->name) : NULL;
    if (!isa || !isa->bundle_slots)
        return 0;
    kc_program prog;
    kc_err err;
    kc_err_clear(&err);
    if (kc_asm_assemble(isa, src, rel, &prog, &err) != KC_OK)
        return 0;
    size_t n = prog.nwarnings;
    char text[512];
    if (n)
        kc_text_printf(b, "\n%zu assembler warning%s (the program builds, but without interlocks "
                       "these are usually bugs):\n", n, n == 1 ? "" : "s");
    for (size_t i = 0; i < n && i < max; i++) {
        const kc_asm_warning *w = &prog.warnings[i];
        kc_text_printf(b, "%s:%d:%d: warning: %s\n", rel, w->line, w->col, w->text);
        kc_tools_code_source_line(src, w->line, text, sizeof text);
        if (text[0])
            kc_text_printf(b, "%5d | %s\n", w->line, text);
        kc_tools_code_source_line(src, w->line2, text, sizeof text);
        if (w->line2 > 0 && w->line2 != w->line && text[0])
            kc_text_printf(b, "%5d | %s\n", w->line2, text);
    }
    if (n > max)
        kc_text_printf(b, "... %zu more warnings\n", n - max);
    kc_program_free(&prog);
    return n;
}

void kc_tools_code_check_syntax(kc_tools_ctx *c, const json_t *a, kc_tools_result *o)
{
    kc_text b = { 0 };
    const char *rel = kc_tools_arg_str(a, "path", KC_TOOLS_DEFAULT_PATH);
    kc_image img;
    char *src = NULL;
    if (!assemble_file(c, rel, &img, &src, &b)) {
        o->meta = json_pack("{s:b}", "ok", 0);
        kc_tools_finish(o, &b, 0);   /* a syntax error is a normal answer, not a tool failure */
        return;
    }
    size_t n = kc_image_insns(&img);
    kc_text_printf(&b, "ok: %s builds to %zu instructions.", rel, n);
    size_t nw = kc_tools_code_warnings(c, src, rel, 20, &b);
    free(src);
    o->meta = json_pack("{s:b, s:I, s:I}", "ok", 1, "instructions", (json_int_t)n, "warnings", (json_int_t)nw);
    kc_image_free(&img);
    kc_tools_finish(o, &b, 0);
}

void kc_tools_code_inst_size(kc_tools_ctx *c, const json_t *a, kc_tools_result *o)
{
    kc_text b = { 0 };
    const char *rel = kc_tools_arg_str(a, "path", KC_TOOLS_DEFAULT_PATH);
    kc_image img;
    if (!assemble_file(c, rel, &img, NULL, &b)) {
        kc_tools_finish(o, &b, 0);
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
    kc_tools_finish(o, &b, 0);
}

/* ---- submit -------------------------------------------------------------------- */

void kc_tools_code_submit(kc_tools_ctx *c, const json_t *a, kc_tools_result *o)
{
    kc_text b = { 0 };
    const char *rel = kc_tools_arg_str(a, "path", KC_TOOLS_DEFAULT_PATH);
    char *src = kc_tools_read(c, rel, &b);
    if (!src) {
        kc_tools_finish(o, &b, 1);
        return;
    }
    if (!*src) {
        free(src);
        kc_text_printf(&b, "error: '%s' is empty; nothing was submitted.", rel);
        kc_tools_finish(o, &b, 1);
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
    kc_tools_finish(o, &b, 0);
}
