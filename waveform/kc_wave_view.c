/* kc_wave_view.c — tables, names and near names of a waveform (see kc_wave_view.h). */
#define _GNU_SOURCE   /* strcasestr */
#include "kc_wave_view.h"

#include <ctype.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "kc_fst.h"
#include "kc_vcd.h"

kc_status kc_wave_open(const char *path, const char *const *patterns, size_t npatterns, kc_wave **out,
                       kc_err *err)
{
    size_t n = strlen(path);
    if (n >= 4 && !strcmp(path + n - 4, ".fst"))
        return kc_fst_read(path, patterns, npatterns, out, err);
    return kc_vcd_read(path, patterns, npatterns, out, err);
}

/* The wrapper's copy of a top port: "TOP.clk" beside "TOP.npu_top.clk". */
static int wrapper_port(const char *name, const char *lastdot)
{
    return !strncmp(name, "TOP.", 4) && lastdot == name + 3;
}

kc_status kc_wave_select(const kc_wave *w, const char *const *names, size_t n, kc_wave_col *cols, size_t max,
                         size_t *ncols, FILE *notes, FILE *why)
{
    size_t k = 0;
    *ncols = 0;
    for (size_t i = 0; i < n; i++) {
        const char *name = names[i];
        int glob = strpbrk(name, "*?") != NULL;
        size_t nm = kc_wave_match(w, name, NULL, 0);
        if (!nm) {
            if (why) {
                fprintf(why, "no signal named '%s'. ", name);
                kc_wave_near(w, name, why);
            }
            return KC_ERR_USAGE;
        }
        size_t take = glob ? nm : 1;
        if (k + take > max) {
            if (why)
                fprintf(why, "'%s' and the names before it are %zu signals; at most %zu fit a table.", name,
                        k + take, max);
            return KC_ERR_RANGE;
        }
        size_t *idx = malloc(nm * sizeof *idx);
        if (!idx)
            return KC_ERR_NOMEM;
        kc_wave_match(w, name, idx, nm);
        for (size_t j = 0; j < take; j++, k++) {
            const char *full = kc_wave_var_name(w, idx[j]);
            cols[k].var = idx[j];
            snprintf(cols[k].label, sizeof cols[k].label, "%s",
                     !glob ? name : !strncmp(full, "TOP.", 4) ? full + 4 : full);
        }
        if (!glob && nm > 1 && notes)
            fprintf(notes, "note: '%s' matches %zu signals; showing %s (give a longer suffix for another, "
                    "e.g. %s)\n", name, nm, kc_wave_var_name(w, idx[0]), kc_wave_var_name(w, idx[1]));
        free(idx);
    }
    *ncols = k;
    return KC_OK;
}

/* Edit distance, case folded, of two short strings (longer ones: a large number). */
static size_t distance(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    if (la > 63 || lb > 63)
        return SIZE_MAX;
    size_t row[64];
    for (size_t j = 0; j <= lb; j++)
        row[j] = j;
    for (size_t i = 1; i <= la; i++) {
        size_t diag = row[0];
        row[0] = i;
        for (size_t j = 1; j <= lb; j++) {
            size_t up = row[j];
            size_t sub = diag + (tolower((unsigned char)a[i - 1]) != tolower((unsigned char)b[j - 1]));
            size_t best = up + 1 < row[j - 1] + 1 ? up + 1 : row[j - 1] + 1;
            row[j] = sub < best ? sub : best;
            diag = up;
        }
    }
    return row[lb];
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

void kc_wave_near(const kc_wave *w, const char *name, FILE *out)
{
    enum { SHOW = 40, MAXSC = 64 };
    /* The part to compare: the last component, without glob characters. */
    const char *dot = strrchr(name, '.');
    char like[64];
    size_t l = 0;
    for (const char *s = dot ? dot + 1 : name; *s && l + 1 < sizeof like; s++)
        if (*s != '*' && *s != '?')
            like[l++] = *s;
    like[l] = 0;
    size_t n = kc_wave_nvars(w), limit = l / 3 > 1 ? l / 3 : 1;
    size_t *score = malloc((n ? n : 1) * sizeof *score);
    size_t similar = 0;
    for (size_t i = 0; i < n; i++) {
        const char *full = kc_wave_var_name(w, i), *d = strrchr(full, '.');
        const char *leaf = d ? d + 1 : full;
        size_t s = SIZE_MAX;
        if (l && !wrapper_port(full, d)) {
            if (strcasestr(leaf, like) || (strlen(leaf) >= 3 && strcasestr(like, leaf)))
                s = 0;
            else if ((s = distance(leaf, like)) > limit)
                s = SIZE_MAX;
        }
        if (score)
            score[i] = s;
        similar += s != SIZE_MAX;
    }
    size_t shown = 0;
    for (size_t best = 0; score && best <= limit && shown < SHOW; best++)
        for (size_t i = 0; i < n && shown < SHOW; i++)
            if (score[i] == best)
                fprintf(out, "%s%s", shown++ ? ", " : "Signals like it: ", kc_wave_var_name(w, i));
    free(score);
    if (similar > shown)
        fprintf(out, " (and %zu more)", similar - shown);
    fprintf(out, "%sScopes (signals):", shown ? ".\n" : "No similar names.\n");
    char (*scopes)[160] = malloc(MAXSC * sizeof *scopes);
    size_t counts[MAXSC], nsc = 0;
    for (size_t i = 0; scopes && i < n; i++) {
        const char *full = kc_wave_var_name(w, i), *d = strrchr(full, '.');
        if (!d || wrapper_port(full, d))
            continue;
        char sc[160];
        scope_fold(full, (int)(d - full), sc, sizeof sc);
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
        fprintf(out, " %s (%zu)", scopes[k], counts[k]);
    fprintf(out, ".");
    free(scopes);
}

kc_status kc_wave_cycles(const kc_wave *w, uint64_t a, uint64_t b, uint64_t **edges, size_t *nedges,
                         kc_err *err)
{
    *edges = NULL;
    *nedges = 0;
    size_t clk;
    if (!kc_wave_match(w, "clk", &clk, 1) || kc_wave_var_width(w, clk) != 1)
        return kc_err_set(err, KC_ERR_USAGE, "the waveform has no 1-bit clock signal 'clk'");
    uint64_t t0 = a > UINT64_MAX / KC_WAVE_PERIOD ? UINT64_MAX : a * KC_WAVE_PERIOD;
    uint64_t t1 = !b || b > UINT64_MAX / KC_WAVE_PERIOD ? UINT64_MAX : b * KC_WAVE_PERIOD - 1;
    if (t1 < t0)
        return KC_OK;
    size_t n = kc_wave_rising_edges(w, clk, t0, t1, NULL, 0);
    if (!n)
        return KC_OK;
    if (!(*edges = malloc(n * sizeof **edges)))
        return kc_err_set(err, KC_ERR_NOMEM, "wave: out of memory");
    *nedges = kc_wave_rising_edges(w, clk, t0, t1, *edges, n);
    return KC_OK;
}

void kc_wave_table(const kc_wave *w, const kc_wave_col *cols, size_t ncols, const uint64_t *edges, size_t ne,
                   size_t every, FILE *out)
{
    if (!every)
        every = 1;
    int *width = malloc((ncols ? ncols : 1) * sizeof *width);
    if (!width)
        return;
    fprintf(out, "%8s", "cycle");
    for (size_t i = 0; i < ncols; i++) {
        unsigned bits = kc_wave_var_width(w, cols[i].var);
        int vw = bits == 1 ? 1 : 2 + (int)((bits + 3) / 4);
        width[i] = (int)strlen(cols[i].label);
        if (vw > width[i])
            width[i] = vw;
        fprintf(out, "  %*s", width[i], cols[i].label);
    }
    fprintf(out, "\n");
    size_t cellsize = 8;
    for (size_t i = 0; i < ncols; i++)
        if ((size_t)width[i] + 8 > cellsize)
            cellsize = (size_t)width[i] + 8;
    char *cell = malloc(cellsize);
    for (size_t e = 0; cell && e < ne; e += every) {
        uint64_t t = edges[e] ? edges[e] - 1 : 0;   /* just before the edge */
        fprintf(out, "%8" PRIu64, edges[e] / KC_WAVE_PERIOD);
        for (size_t i = 0; i < ncols; i++) {
            kc_wave_format(kc_wave_value_at(w, cols[i].var, t), cell, cellsize);
            fprintf(out, "  %*s", width[i], cell);
        }
        fprintf(out, "\n");
    }
    free(cell);
    free(width);
}

size_t kc_wave_list(const kc_wave *w, const char *scope, FILE *out)
{
    size_t n = kc_wave_nvars(w), listed = 0;
    char cur[256] = "";
    for (size_t i = 0; i < n; i++) {
        const char *name = kc_wave_var_name(w, i), *dot = strrchr(name, '.');
        if (!dot || wrapper_port(name, dot))
            continue;
        char sc[256];
        snprintf(sc, sizeof sc, "%.*s", (int)(dot - name), name);
        if (scope && !strcasestr(sc, scope))
            continue;
        if (strcmp(sc, cur)) {
            fprintf(out, "%s%s:", listed ? "\n" : "", sc);
            snprintf(cur, sizeof cur, "%s", sc);
        }
        unsigned bits = kc_wave_var_width(w, i);
        fprintf(out, " %s", dot + 1);
        if (bits > 1)
            fprintf(out, "[%u]", bits);
        listed++;
    }
    if (listed)
        fprintf(out, "\n");
    return listed;
}
