/* kc_tools_int.h — what the tool modules share, and nothing else includes (the
 * public interface is kc_tools.h). The table and dispatcher are in kc_tools.c;
 * each group of handlers is one kc_tools_<group>.c whose functions the table
 * names. A handler reads its (already validated) arguments, builds its text in a
 * kc_text and ends with kc_tools_finish.
 */
#ifndef KC_TOOLS_INT_H
#define KC_TOOLS_INT_H

#include <stddef.h>
#include <stdint.h>

#include <jansson.h>

#include "kc_eval.h"
#include "kc_text.h"
#include "kc_tools.h"
#include "kc_ws.h"

/* ---- kc_tools.c: results, arguments, workspace files ------------------------ */

/* Moves b into o->text ("error: out of memory" when b could not grow). */
void kc_tools_finish(kc_tools_result *o, kc_text *b, int is_error);
/* An argument's value, or def when the call left it out. */
const char *kc_tools_arg_str(const json_t *a, const char *name, const char *def);
long kc_tools_arg_int(const json_t *a, const char *name, long def);
/* Opens a workspace file beneath the workspace descriptor, never through a link
 * (kc_ws.h); -1 with the reason in b. */
int kc_tools_open(kc_tools_ctx *c, const char *rel, kc_ws_mode mode, kc_text *b);
/* Reads a workspace file (at most KC_TOOLS_MAX_CODE bytes of text); NULL with
 * the reason in b. */
char *kc_tools_read(kc_tools_ctx *c, const char *rel, kc_text *b);

/* ---- the handlers (one per row of the table) -------------------------------- */

void kc_tools_grep_docs(kc_tools_ctx *c, const json_t *a, kc_tools_result *o);
void kc_tools_code_write(kc_tools_ctx *c, const json_t *a, kc_tools_result *o);
void kc_tools_code_check_syntax(kc_tools_ctx *c, const json_t *a, kc_tools_result *o);
void kc_tools_code_inst_size(kc_tools_ctx *c, const json_t *a, kc_tools_result *o);
void kc_tools_code_submit(kc_tools_ctx *c, const json_t *a, kc_tools_result *o);
void kc_tools_eval_run(kc_tools_ctx *c, const json_t *a, kc_tools_result *o);
void kc_tools_eval_view_output(kc_tools_ctx *c, const json_t *a, kc_tools_result *o);
void kc_tools_eval_profile(kc_tools_ctx *c, const json_t *a, kc_tools_result *o);
void kc_tools_wave_view(kc_tools_ctx *c, const json_t *a, kc_tools_result *o);

/* ---- kc_tools_code.c: source display ---------------------------------------- */

/* Copies source line `line` (1-based) of src into out (empty when there is none). */
void kc_tools_code_source_line(const char *src, int line, char *out, size_t size);
/* The diagnostic with the offending line and a caret under the column. */
void kc_tools_code_show_diag(kc_text *b, const char *src, const char *diag, int line, int col);
/* The table assembler's warnings on src (bundle ISAs), at most max listed in b; returns the count. */
size_t kc_tools_code_warnings(kc_tools_ctx *c, const char *src, const char *rel, size_t max, kc_text *b);

/* ---- kc_tools_eval.c: running a workspace file ------------------------------ */

/* Runs the pipeline on a workspace file (visible seed, optional trace and stall
 * map); NULL with the reason in b when the file cannot be read or the simulator
 * failed. The source text goes to *src_out when asked. */
kc_eval_result *kc_tools_eval_file(kc_tools_ctx *c, const char *rel, const kc_trace_opts *trace,
                                   kc_sim_stalls *stalls, char **src_out, kc_text *b);

#endif
