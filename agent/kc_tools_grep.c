/* kc_tools_grep.c — the grep_docs tool: a case-insensitive search (POSIX ERE,
 * or plain text when the pattern is not a valid regex) of the task description
 * and the ISA document, with section headings and merged context lines.
 */
#include "kc_tools_int.h"

#include <regex.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

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
                    int found, kc_text *b)
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

void kc_tools_grep_docs(kc_tools_ctx *c, const json_t *a, kc_tools_result *o)
{
    kc_text b = { 0 };
    const char *pat = kc_tools_arg_str(a, "pattern", "");
    int ctxl = (int)kc_tools_arg_int(a, "context", 2), max = (int)kc_tools_arg_int(a, "max_matches", 20);
    matcher m = { 0 };
    m.literal = pat;
    char rerr[200] = "";
    int rc = regcomp(&m.re, pat, REG_EXTENDED | REG_ICASE | REG_NOSUB);
    if (rc == 0)
        m.is_regex = 1;
    else
        regerror(rc, &m.re, rerr, sizeof rerr);
    kc_text body = { 0 };
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
    kc_tools_finish(o, &b, 0);
}
