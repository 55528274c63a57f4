/* kc_wave_view.h — a waveform as text: what `kc wave` prints and what the
 * agent's view_waveform tool shows the model, written once.
 *
 *   kc_wave_open    VCD or FST, by the file's extension
 *   kc_wave_select  the columns for a list of names (suffixes or globs); an
 *                   unknown name is an error that lists the near names
 *   kc_wave_cycles  the clock's rising edges of a cycle window
 *   kc_wave_table   one row per cycle: values just before each rising edge
 *   kc_wave_list    every signal name, grouped by scope
 *
 * Text goes to a FILE the caller chose (stdout, or open_memstream for the agent).
 */
#ifndef KC_WAVE_VIEW_H
#define KC_WAVE_VIEW_H

#include <stdint.h>
#include <stdio.h>

#include "kc_err.h"
#include "kc_wave.h"

/* Reads path: FST when it ends in ".fst", VCD otherwise. patterns/n as
 * kc_wave_keep (0 = every signal's changes). */
kc_status kc_wave_open(const char *path, const char *const *patterns, size_t npatterns, kc_wave **out,
                       kc_err *err);

typedef struct kc_wave_col {
    size_t var;
    char label[96];    /* the column's header */
} kc_wave_col;

/* Columns for names[0..n): a plain name is a suffix (kc_wave_match) and gives its
 * shallowest match, labelled as given (a line on `notes`, when not NULL, says
 * what else it matched); a glob gives every match, each labelled with its name
 * less the "TOP." wrapper. At most max columns (more is KC_ERR_RANGE). A name
 * that matches nothing is KC_ERR_USAGE, with "no signal named 'x'." and the near
 * names (kc_wave_near) written to `why`. */
kc_status kc_wave_select(const kc_wave *w, const char *const *names, size_t n, kc_wave_col *cols, size_t max,
                         size_t *ncols, FILE *notes, FILE *why);

/* Names near `name` (its last part contained in theirs or theirs in it, or a
 * few edits away — a typo), best first, then every scope with its number of
 * signals (generate-loop copies folded: "g_lane[*]"). */
void kc_wave_near(const kc_wave *w, const char *name, FILE *out);

/* Rising edges of the 1-bit "clk" in cycles [a, b) (b = 0: to the end), as
 * kc's traces stamp them (cycle c's edge at 10c + 5). *edges is malloc'd (NULL
 * when none); returns how many. KC_ERR_USAGE when there is no clk. */
kc_status kc_wave_cycles(const kc_wave *w, uint64_t a, uint64_t b, uint64_t **edges, size_t *nedges,
                         kc_err *err);

/* The table: a header line ("cycle" and each label), then every `every`-th edge
 * (1 = all) as one row: the cycle number and each column's value at the time
 * just before the edge (kc_wave_format). */
void kc_wave_table(const kc_wave *w, const kc_wave_col *cols, size_t ncols, const uint64_t *edges, size_t ne,
                   size_t every, FILE *out);

/* Signal names grouped by scope, one scope per line ("TOP.npu_top.u_core: pc
 * insn[32] ..."), for scopes whose name contains `scope` (NULL: all); the
 * wrapper's copies of the top's ports (TOP.<port>) are left out. Returns how
 * many names it printed. */
size_t kc_wave_list(const kc_wave *w, const char *scope, FILE *out);

#endif
