/* kc_report.h — result records (kc_bench.h) as one self-contained HTML page:
 * per platform the paper-style tables (per task x/5, level subtotals, fast_p;
 * every (task, config)) and inline SVG charts (efficiency heat map, roofline
 * position, speedup over the baseline, agent iterations to first correct).
 * Every number comes from kc_score_aggregate (docs/scoring.md); this module
 * only lays them out. No external asset, no network: inline CSS, inline SVG and
 * a few lines of inline script (table sorting) the page reads well without.
 * Every string taken from a record or the caller is HTML-escaped.
 */
#ifndef KC_REPORT_H
#define KC_REPORT_H

#include <stddef.h>
#include <stdio.h>

#include <jansson.h>

#include "kc_err.h"

typedef struct kc_report_opts {
    const char *title;                /* the page's title (NULL: "KernelCraft results") */
    const char *const *inputs;        /* the result files the records came from (named on the page) */
    size_t ninputs;
    size_t skipped;                   /* lines of those files skipped as invalid (shown on the page) */
} kc_report_opts;

/* Writes the page of records (an array of valid records, kc_bench_load) to out:
 * one section per platform that has records, in registry order. The same
 * records give the same bytes (no clock, no host name). KC_ERR_NOMEM, or
 * KC_ERR_IO when out reports a write error. */
kc_status kc_report_write(const json_t *records, const kc_report_opts *o, FILE *out, kc_err *err);

/* Writes s with & < > " ' as character references and control characters other
 * than tab and newline as U+FFFD: safe as element text and as a quoted
 * attribute value, in HTML and in inline SVG. NULL writes nothing. */
void kc_report_escape(const char *s, FILE *out);

#endif
