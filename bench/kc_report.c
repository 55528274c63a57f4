/* kc_report.c — the HTML page of a set of result records (see kc_report.h).
 * Layout only: the numbers are kc_score_aggregate's (docs/scoring.md). */
#include "kc_report.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "kc_dtype.h"
#include "kc_platform.h"
#include "kc_score.h"
#include "kc_task.h"

void kc_report_escape(const char *s, FILE *out)
{
    for (; s && *s; s++) {
        unsigned char c = (unsigned char)*s;
        switch (c) {
        case '&': fputs("&amp;", out); break;
        case '<': fputs("&lt;", out); break;
        case '>': fputs("&gt;", out); break;
        case '"': fputs("&quot;", out); break;
        case '\'': fputs("&#39;", out); break;
        default:
            if ((c < 0x20 && c != '\t' && c != '\n') || c == 0x7f)
                fputs("&#xfffd;", out);   /* not allowed in HTML text */
            else
                fputc(c, out);
        }
    }
}

#define esc kc_report_escape

/* A string field of a record, or "". */
static const char *str(const json_t *rec, const char *k)
{
    const char *s = json_string_value(json_object_get(rec, k));
    return s ? s : "";
}

/* ---- the page's frame ------------------------------------------------------ */

/* Colours: one ramp (viridis stops) for efficiency, one colour per task level. */
static const char *const level_colour[4] = {"#777", "#1f77b4", "#ff7f0e", "#2ca02c"};

static const char css[] =
    "body{font:14px/1.45 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;margin:0;color:#1d2330;"
    "background:#fff}\n"
    "header{background:#1d2330;color:#fff;padding:18px 32px}header h1{margin:0 0 6px;font-size:24px}"
    "header p{margin:2px 0;color:#cfd6e4}header a{color:#9cc3ff}\n"
    "main{padding:8px 32px 40px;max-width:1320px}\n"
    "section.platform{margin-top:22px;border-top:3px solid #1d2330}\n"
    "h2{font-size:22px;margin:14px 0 4px}h3{font-size:16px;margin:22px 0 6px}\n"
    ".meta{color:#555;margin:0 0 10px}\n"
    ".cards{display:flex;flex-wrap:wrap;gap:10px;margin:10px 0}"
    ".card{border:1px solid #d5dae3;border-radius:6px;padding:8px 14px;min-width:120px;background:#f7f9fc}"
    ".card b{display:block;font-size:20px}.card span{color:#555;font-size:12px}\n"
    ".charts{display:flex;flex-wrap:wrap;gap:18px 28px}.chart{flex:0 0 auto}"
    ".chart p{margin:2px 0 6px;color:#555;font-size:12px;max-width:640px}\n"
    "table{border-collapse:collapse;margin:6px 0 10px;font-variant-numeric:tabular-nums}"
    "th,td{border-bottom:1px solid #e1e5ec;padding:3px 10px;text-align:right;white-space:nowrap}"
    "th{background:#eef1f6;position:sticky;top:0}th.l,td.l{text-align:left}"
    "table.sortable th{cursor:pointer}\n"
    "tr.bad td{background:#fff1f0}tr.bad td.st{color:#b3261e;font-weight:600}"
    "tr.sub td{background:#f3f5f9;font-weight:600}tr.all td{background:#e6eaf2;font-weight:700}\n"
    "td.k{max-width:260px;overflow:hidden;text-overflow:ellipsis;text-align:left;color:#444}\n"
    ".effbar{display:inline-block;height:8px;background:#21918c;margin-right:6px;vertical-align:middle}\n"
    "svg text{font:11px system-ui,sans-serif;fill:#1d2330}svg .ax{stroke:#888;stroke-width:1}"
    "svg .grid{stroke:#e3e6ec;stroke-width:1}\n"
    "footer{color:#777;font-size:12px;padding:0 32px 30px}\n";

/* Sorting by a column (click its header); the page reads the same without it.
 * The last line marks the document so a test can tell the script ran through. */
static const char script[] =
    "(function(){\n"
    "  function key(td){var v=td.getAttribute('data-v');return v===null?td.textContent:parseFloat(v);}\n"
    "  document.querySelectorAll('table.sortable').forEach(function(t){\n"
    "    t.querySelectorAll('th').forEach(function(th,i){\n"
    "      th.title='sort by this column';\n"
    "      th.addEventListener('click',function(){\n"
    "        var b=t.tBodies[0],rows=Array.prototype.slice.call(b.rows),up=th.getAttribute('data-up')!=='1';\n"
    "        rows.sort(function(x,y){var a=key(x.cells[i]),c=key(y.cells[i]);\n"
    "          var r=(typeof a==='number'&&typeof c==='number')?a-c:String(a).localeCompare(String(c));\n"
    "          return up?r:-r;});\n"
    "        th.setAttribute('data-up',up?'1':'0');rows.forEach(function(r){b.appendChild(r);});\n"
    "      });\n"
    "    });\n"
    "  });\n"
    "  document.documentElement.setAttribute('data-report-script','ran');\n"
    "})();\n";

/* ---- number formats -------------------------------------------------------- */

/* 1, 10, 100, 1k, 10k, ..., 1M, ...: an axis label of a power of ten. */
static void fmt_decade(double v, char *buf, size_t size)
{
    if (v >= 1e9)
        snprintf(buf, size, "%gG", v / 1e9);
    else if (v >= 1e6)
        snprintf(buf, size, "%gM", v / 1e6);
    else if (v >= 1e3)
        snprintf(buf, size, "%gk", v / 1e3);
    else
        snprintf(buf, size, "%g", v);
}

static void pct(double f, FILE *out)
{
    if (f > 0 && f < 0.001)
        fprintf(out, "%.3f%%", 100 * f);
    else
        fprintf(out, "%.1f%%", 100 * f);
}

/* ---- the efficiency colour ramp -------------------------------------------- */

/* Efficiency on a square-root scale: 1% -> 0.1, 10% -> 0.32, 25% -> 0.5,
 * 100% -> 1. Baselines span from a few percent (rvv) to near 100% (npu): a
 * linear ramp would paint the first alike, a log ramp the second. */
static double eff_pos(double e)
{
    return e <= 0 ? 0 : e >= 1 ? 1 : sqrt(e);
}

static void ramp(double t, char *buf, size_t size, int *dark)
{
    static const unsigned char stop[5][3] = {
        {0x44, 0x01, 0x54}, {0x3b, 0x52, 0x8b}, {0x21, 0x91, 0x8c}, {0x5e, 0xc9, 0x62}, {0xfd, 0xe7, 0x25}};
    double x = t * 4;
    int i = x >= 4 ? 3 : (int)x;
    double f = x - i;
    int rgb[3];
    for (int k = 0; k < 3; k++)
        rgb[k] = (int)lround(stop[i][k] + f * (stop[i + 1][k] - stop[i][k]));
    snprintf(buf, size, "#%02x%02x%02x", rgb[0], rgb[1], rgb[2]);
    *dark = t < 0.55;
}

/* ---- charts ---------------------------------------------------------------- */

static void svg_open(FILE *out, int w, int h, const char *label)
{
    fprintf(out, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" "
                 "role=\"img\" aria-label=\"", w, h, w, h);
    esc(label, out);
    fprintf(out, "\">\n");
}

/* Efficiency per task (rows) and config (columns), colour on the ramp (eff_pos),
 * the value written in each cell; not-correct cells grey with their status. */
static void chart_heatmap(const kc_score_table *t, FILE *out)
{
    const int lw = 120, cw = 74, ch = 22, top = 26;
    int w = lw + KC_TASK_NCONFIGS * cw + 24, h = top + (int)t->ntasks * ch + 56;
    fprintf(out, "<div class=\"chart\"><h3>Efficiency per task and config</h3>"
                 "<p>ideal / cycles of each correct kernel (square-root colour scale); grey: not correct</p>\n");
    svg_open(out, w, h, "efficiency heat map");
    for (int c = 1; c <= KC_TASK_NCONFIGS; c++)
        fprintf(out, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\" font-weight=\"600\">C%d</text>\n",
                lw + (c - 1) * cw + cw / 2, top - 8, c);
    for (size_t i = 0; i < t->ntasks; i++) {
        int y = top + (int)i * ch;
        fprintf(out, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">", lw - 8, y + ch / 2 + 4);
        esc(t->tasks[i]->name, out);
        fprintf(out, "</text>\n");
    }
    for (size_t k = 0; k < t->ncells; k++) {
        const kc_score_cell *c = &t->cells[k];
        size_t row = 0;
        while (row < t->ntasks && t->tasks[row] != c->task)
            row++;
        int x = lw + (c->config - 1) * cw, y = top + (int)row * ch, dark = 0;
        char fill[16] = "#d9dce3";
        if (c->correct)
            ramp(eff_pos(c->efficiency), fill, sizeof fill, &dark);
        fprintf(out, "<g><title>");
        esc(c->task->name, out);
        fprintf(out, " C%d: ", c->config);
        if (c->correct) {
            pct(c->efficiency, out);
            fprintf(out, " (%.0f cycles, ideal %.0f)", c->cycles, c->ideal);
        } else
            esc(c->status, out);
        fprintf(out, "</title><rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\" stroke=\"#fff\"/>"
                     "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\" style=\"fill:%s\">",
                x, y, cw, ch, fill, x + cw / 2, y + ch / 2 + 4, dark ? "#fff" : "#1d2330");
        if (c->correct)
            pct(c->efficiency, out);
        else
            esc(c->status, out);
        fprintf(out, "</text></g>\n");
    }
    /* the legend: the ramp with its decades */
    int ly = top + (int)t->ntasks * ch + 16, lx = lw, lwid = KC_TASK_NCONFIGS * cw;
    for (int s = 0; s < 50; s++) {
        char fill[16];
        int dark;
        ramp(s / 49.0, fill, sizeof fill, &dark);
        fprintf(out, "<rect x=\"%.1f\" y=\"%d\" width=\"%.1f\" height=\"10\" fill=\"%s\"/>", lx + s * lwid / 50.0,
                ly, lwid / 50.0 + 0.5, fill);
    }
    fprintf(out, "\n");
    static const double tick[] = {0, 0.01, 0.05, 0.1, 0.25, 0.5, 0.75, 1};
    for (size_t d = 0; d < sizeof tick / sizeof tick[0]; d++)
        fprintf(out, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%g%%</text>",
                lx + eff_pos(tick[d]) * lwid, ly + 24, 100 * tick[d]);
    fprintf(out, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">efficiency</text>\n</svg></div>\n", lx - 8, ly + 9);
}

/* A log axis domain [10^a, 10^b] covering [lo, hi]. */
static void decades(double lo, double hi, int *a, int *b)
{
    *a = (int)floor(log10(lo));
    *b = (int)ceil(log10(hi));
    if (*b <= *a)
        *b = *a + 1;
}

/* Each kernel's cycles against its ideal cycles, log-log on one scale, with the
 * roofline (efficiency 1) and the 10% and 1% lines. Correct kernels are dots in
 * their level's colour; kernels that ran but were not correct are red crosses. */
static void chart_roofline(const kc_score_table *t, FILE *out)
{
    double lo = INFINITY, hi = 0;
    int n = 0;
    for (size_t k = 0; k < t->ncells; k++) {
        const kc_score_cell *c = &t->cells[k];
        if (c->cycles > 0 && c->ideal > 0) {
            lo = fmin(lo, fmin(c->cycles, c->ideal));
            hi = fmax(hi, fmax(c->cycles, c->ideal));
            n++;
        }
    }
    fprintf(out, "<div class=\"chart\"><h3>Position against the roofline</h3>"
                 "<p>cycles against ideal cycles, log-log: on the diagonal a kernel runs at the roofline "
                 "(efficiency 1); every decade above it is 10&times; slower</p>\n");
    const int L = 64, T = 14, P = 420, W = L + P + 150, H = T + P + 46;
    svg_open(out, W, H, "roofline position");
    if (!n) {
        fprintf(out, "<text x=\"%d\" y=\"%d\">no kernel ran</text></svg></div>\n", L, T + 20);
        return;
    }
    int a, b;
    decades(lo, hi, &a, &b);
    double span = b - a;
#define RX(v) (L + (log10(v) - a) / span * P)
#define RY(v) (T + P - (log10(v) - a) / span * P)
    for (int d = a; d <= b; d++) {
        double v = pow(10, d);
        char lab[16];
        fmt_decade(v, lab, sizeof lab);
        fprintf(out, "<line class=\"grid\" x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\"/>"
                     "<line class=\"grid\" x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\"/>"
                     "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%s</text>"
                     "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%s</text>\n",
                RX(v), T, RX(v), T + P, L, RY(v), L + P, RY(v), RX(v), T + P + 16, lab, L - 6, RY(v) + 4, lab);
    }
    fprintf(out, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" class=\"ax\"/>\n", L, T, P, P);
    fprintf(out, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">ideal cycles (roofline)</text>\n", L + P / 2,
            T + P + 36);
    fprintf(out, "<text transform=\"translate(14 %d) rotate(-90)\" text-anchor=\"middle\">cycles</text>\n",
            T + P / 2);
    /* y = x / e for e = 1, 10%, 1%: from x = 10^a to where it leaves the plot */
    static const double eff[] = {1, 0.1, 0.01};
    static const char *const effname[] = {"efficiency 1 (roofline)", "10%", "1%"};
    for (int i = 0; i < 3; i++) {
        double x0 = pow(10, a), x1 = fmin(pow(10, b), pow(10, b) * eff[i]);
        if (x1 <= x0)
            continue;
        fprintf(out, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" stroke-width=\"%s\"%s/>"
                     "<text x=\"%.1f\" y=\"%.1f\" style=\"fill:%s\">%s</text>\n",
                RX(x0), RY(x0 / eff[i]), RX(x1), RY(x1 / eff[i]), i ? "#999" : "#b3261e", i ? "1" : "2",
                i ? " stroke-dasharray=\"5 4\"" : "", RX(x1) + 4, RY(x1 / eff[i]) + 12, i ? "#777" : "#b3261e",
                effname[i]);
    }
    for (size_t k = 0; k < t->ncells; k++) {
        const kc_score_cell *c = &t->cells[k];
        if (!(c->cycles > 0 && c->ideal > 0))
            continue;
        double x = RX(c->ideal), y = RY(c->cycles);
        fprintf(out, "<g><title>");
        esc(c->task->name, out);
        fprintf(out, " C%d: %.0f cycles, ideal %.0f, ", c->config, c->cycles, c->ideal);
        if (c->correct)
            pct(c->efficiency, out);
        else
            esc(c->status, out);
        int lv = c->task->level >= 1 && c->task->level <= 3 ? c->task->level : 0;
        if (c->correct)
            fprintf(out, "</title><circle cx=\"%.1f\" cy=\"%.1f\" r=\"4\" fill=\"%s\" fill-opacity=\"0.8\" "
                         "stroke=\"#fff\"/></g>\n", x, y, level_colour[lv]);
        else
            fprintf(out, "</title><path d=\"M%.1f %.1fl8 8m0 -8l-8 8\" stroke=\"#b3261e\" stroke-width=\"2\"/>"
                         "</g>\n", x - 4, y - 4);
    }
#undef RX
#undef RY
    int lx = L + P + 16;
    for (int l = 1; l <= 3; l++)
        fprintf(out, "<circle cx=\"%d\" cy=\"%d\" r=\"4\" fill=\"%s\"/><text x=\"%d\" y=\"%d\">level %d</text>\n",
                lx + 4, T + 14 + 18 * l, level_colour[l], lx + 14, T + 18 + 18 * l, l);
    fprintf(out, "<path d=\"M%d %dl8 8m0 -8l-8 8\" stroke=\"#b3261e\" stroke-width=\"2\"/>"
                 "<text x=\"%d\" y=\"%d\">not correct</text>\n</svg></div>\n",
            lx, T + 14 + 18 * 4 - 4, lx + 14, T + 18 + 18 * 4);
}

/* Speedup over the baseline per task: a bar from 1 to the task's geometric
 * mean (log scale), a dot per config, the fast_1 and fast_1.5 thresholds. */
static void chart_speedup(const kc_score_table *t, FILE *out)
{
    double lo = 0.5, hi = 2;
    for (size_t k = 0; k < t->ncells; k++)
        if (t->cells[k].speedup > 0) {
            lo = fmin(lo, t->cells[k].speedup / 1.3);
            hi = fmax(hi, t->cells[k].speedup * 1.3);
        }
    const int lw = 120, P = 440, rh = 20, T = 10;
    int W = lw + P + 90, H = T + (int)t->ntasks * rh + 40;
    fprintf(out, "<div class=\"chart\"><h3>Speedup over the baseline</h3><p>%s; bar: geometric mean over the "
                 "task's correct configs, dots: each config (log scale); lines at 1 and 1.5 (fast_1, fast_1.5)"
                 "</p>\n", t->candidates ? "baseline cycles / kernel cycles"
                                         : "baselines scored alone: every speedup is 1 by definition");
    svg_open(out, W, H, "speedup over baseline");
    double la = log(lo), lb = log(hi);
#define SX(v) (lw + (log(v) - la) / (lb - la) * P)
    static const double ticks[] = {0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 1.5, 2, 5, 10, 20, 50, 100, 200, 500, 1000};
    for (size_t i = 0; i < sizeof ticks / sizeof ticks[0]; i++) {
        if (ticks[i] < lo || ticks[i] > hi)
            continue;
        int key = ticks[i] == 1 || ticks[i] == 1.5;
        fprintf(out, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" %s/>"
                     "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%g&times;</text>\n",
                SX(ticks[i]), T, SX(ticks[i]), T + (int)t->ntasks * rh,
                key ? "stroke=\"#555\" stroke-dasharray=\"4 3\"" : "class=\"grid\"", SX(ticks[i]),
                T + (int)t->ntasks * rh + 16, ticks[i]);
    }
    for (size_t i = 0; i < t->ntasks; i++) {
        int y = T + (int)i * rh;
        const kc_score_sum *s = &t->task_sum[i];
        fprintf(out, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">", lw - 8, y + rh / 2 + 4);
        esc(t->tasks[i]->name, out);
        fprintf(out, "</text>\n");
        if (s->speedup > 0) {
            double x0 = SX(1), x1 = SX(s->speedup);
            fprintf(out, "<g><title>");
            esc(t->tasks[i]->name, out);
            fprintf(out, ": geometric mean speedup %.2f&times; over %d correct configs</title>"
                         "<rect x=\"%.1f\" y=\"%d\" width=\"%.1f\" height=\"%d\" fill=\"%s\"/></g>"
                         "<text x=\"%.1f\" y=\"%d\">%.2f&times;</text>\n",
                    s->speedup, s->ncorrect, fmin(x0, x1), y + 3, fmax(fabs(x1 - x0), 1.5), rh - 6,
                    s->speedup >= 1 ? "#4e79a7" : "#e15759", fmax(x0, x1) + 6, y + rh / 2 + 4, s->speedup);
        } else
            fprintf(out, "<text x=\"%.1f\" y=\"%d\" style=\"fill:#b3261e\">no speedup: no correct config with a "
                         "correct baseline</text>\n", SX(1) + 6, y + rh / 2 + 4);
        for (size_t k = 0; k < t->ncells; k++) {
            const kc_score_cell *c = &t->cells[k];
            if (c->task != t->tasks[i] || c->speedup <= 0)
                continue;
            fprintf(out, "<circle cx=\"%.1f\" cy=\"%d\" r=\"3\" fill=\"#1d2330\"><title>", SX(c->speedup),
                    y + rh / 2);
            esc(c->task->name, out);
            fprintf(out, " C%d: %.2f&times;</title></circle>\n", c->config, c->speedup);
        }
    }
#undef SX
    fprintf(out, "</svg></div>\n");
}

/* Is the cell scored from an agent run (its record carries the agent's fields)? */
static int agent_cell(const kc_score_cell *c)
{
    return c->rec && json_object_get(c->rec, "iterations_to_first_correct");
}

/* Agent runs: per (task, config) the budget, the turns used and the turn of the
 * first correct kernel. */
static void chart_agent(const kc_score_table *t, FILE *out)
{
    int n = 0;
    double maxit = 1;
    for (size_t k = 0; k < t->ncells; k++)
        if (agent_cell(&t->cells[k])) {
            n++;
            maxit = fmax(maxit, fmax(json_number_value(json_object_get(t->cells[k].rec, "budget")),
                                     json_number_value(json_object_get(t->cells[k].rec, "iterations"))));
        }
    const int lw = 120, P = 420, rh = 20, T = 10;
    int W = lw + P + 170, H = T + n * rh + 40;
    fprintf(out, "<div class=\"chart\"><h3>Agent: iterations to the first correct kernel</h3><p>light: the "
                 "budget, dark: model turns used, diamond: the turn whose run_eval was first correct</p>\n");
    svg_open(out, W, H, "agent iterations to first correct");
#define AX(v) (lw + (v) / maxit * P)
    for (int v = 0; v <= (int)maxit; v += maxit > 20 ? 5 : 1)
        fprintf(out, "<line class=\"grid\" x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\"/>"
                     "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%d</text>\n",
                AX(v), T, AX(v), T + n * rh, AX(v), T + n * rh + 16, v);
    fprintf(out, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">model turns (iterations)</text>\n",
            AX(maxit / 2), T + n * rh + 32);
    int row = 0;
    for (size_t k = 0; k < t->ncells; k++) {
        const kc_score_cell *c = &t->cells[k];
        if (!agent_cell(c))
            continue;
        int y = T + row++ * rh;
        double budget = json_number_value(json_object_get(c->rec, "budget"));
        double used = json_number_value(json_object_get(c->rec, "iterations"));
        json_t *first = json_object_get(c->rec, "iterations_to_first_correct");
        fprintf(out, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">", lw - 8, y + rh / 2 + 4);
        esc(c->task->name, out);
        fprintf(out, " C%d</text>\n<g><title>", c->config);
        esc(c->task->name, out);
        fprintf(out, " C%d: %.0f of %.0f turns, ", c->config, used, budget);
        if (json_is_number(first))
            fprintf(out, "first correct at turn %.0f", json_number_value(first));
        else
            fprintf(out, "never correct");
        fprintf(out, "</title><rect x=\"%d\" y=\"%d\" width=\"%.1f\" height=\"%d\" fill=\"#dfe4ee\"/>"
                     "<rect x=\"%d\" y=\"%d\" width=\"%.1f\" height=\"%d\" fill=\"#7d8fb3\"/></g>\n",
                lw, y + 3, AX(budget) - lw, rh - 6, lw, y + 6, AX(used) - lw, rh - 12);
        if (json_is_number(first)) {
            double x = AX(json_number_value(first));
            fprintf(out, "<path d=\"M%.1f %dl6 6l-6 6l-6 -6z\" fill=\"#2ca02c\" stroke=\"#fff\"/>"
                         "<text x=\"%.1f\" y=\"%d\">turn %.0f</text>\n",
                    x, y + rh / 2 - 6, AX(fmax(budget, used)) + 8, y + rh / 2 + 4, json_number_value(first));
        } else
            fprintf(out, "<text x=\"%.1f\" y=\"%d\" style=\"fill:#b3261e\">never correct</text>\n",
                    AX(fmax(budget, used)) + 8, y + rh / 2 + 4);
    }
#undef AX
    fprintf(out, "</svg></div>\n");
}

/* ---- tables ---------------------------------------------------------------- */

static void sum_row(const char *cls, const char *name, int level, const kc_score_sum *s, FILE *out)
{
    fprintf(out, "<tr%s%s%s><td class=\"l\">", cls ? " class=\"" : "", cls ? cls : "", cls ? "\"" : "");
    esc(name, out);
    fprintf(out, "</td><td>");
    if (level)
        fprintf(out, "%d", level);
    fprintf(out, "</td><td data-v=\"%g\">%d/%d</td><td data-v=\"%.0f\">%.0f</td>",
            s->ncells ? (double)s->ncorrect / s->ncells : 0.0, s->ncorrect, s->ncells, s->mean_cycles,
            s->mean_cycles);
    if (s->speedup > 0)
        fprintf(out, "<td data-v=\"%g\">%.2f&times;</td>", s->speedup, s->speedup);
    else
        fprintf(out, "<td data-v=\"0\">-</td>");
    fprintf(out, "<td data-v=\"%g\">", s->efficiency);
    pct(s->efficiency, out);
    fprintf(out, "</td><td data-v=\"%d\">%d (%.2f)</td><td data-v=\"%d\">%d (%.2f)</td></tr>\n", s->nfast10,
            s->nfast10, s->ncells ? (double)s->nfast10 / s->ncells : 0.0, s->nfast15, s->nfast15,
            s->ncells ? (double)s->nfast15 / s->ncells : 0.0);
}

/* Per task x/n, then the level subtotals and everything (kc_score_write's summary). */
static void table_summary(const kc_score_table *t, FILE *out)
{
    fprintf(out, "<h3>Per task, per level</h3>\n<table class=\"summary\"><thead><tr><th class=\"l\">task</th>"
                 "<th>level</th><th>correct</th><th>mean cycles</th><th>speedup</th><th>efficiency</th>"
                 "<th>fast_1</th><th>fast_1.5</th></tr></thead><tbody>\n");
    for (size_t i = 0; i < t->ntasks; i++)
        sum_row(NULL, t->tasks[i]->name, t->tasks[i]->level, &t->task_sum[i], out);
    for (int l = 1; l <= 3; l++)
        if (t->level_sum[l].ncells) {
            char name[16];
            snprintf(name, sizeof name, "level %d", l);
            sum_row("sub", name, 0, &t->level_sum[l], out);
        }
    sum_row("all", "all", 0, &t->total, out);
    fprintf(out, "</tbody></table>\n<p class=\"meta\">correct: cells correct on every scoring seed / cells; "
                 "mean cycles and efficiency over correct cells; speedup: geometric mean of baseline / kernel "
                 "cycles; fast_p: cells correct with speedup &ge; p (count, and share of all cells)</p>\n");
}

/* A row of a (task, config) table, marked when the cell is not correct, up to
 * its task's name. */
static void row_open(const kc_score_cell *c, FILE *out)
{
    fprintf(out, "<tr%s><td class=\"l\">", c->correct ? "" : " class=\"bad\"");
    esc(c->task->name, out);
    fprintf(out, "</td>");
}

/* One row per (task, config), as kc_score_write prints it, plus the kernel. */
static void table_cells(const kc_score_table *t, FILE *out)
{
    fprintf(out, "<h3>Every task and config</h3>\n<table class=\"cells sortable\"><thead><tr>"
                 "<th class=\"l\">task</th><th>level</th><th>config</th><th class=\"l\">kernel</th>"
                 "<th class=\"l\">correct</th><th>max abs err</th><th>max rel err</th><th>cycles</th>"
                 "<th>ideal</th><th>efficiency</th><th>baseline cycles</th><th>speedup</th></tr></thead><tbody>\n");
    for (size_t k = 0; k < t->ncells; k++) {
        const kc_score_cell *c = &t->cells[k];
        row_open(c, out);
        fprintf(out, "<td>%d</td><td data-v=\"%d\">C%d</td><td class=\"k\" title=\"", c->task->level, c->config,
                c->config);
        esc(str(c->rec, "kernel_hash"), out);
        fprintf(out, "\">");
        esc(str(c->rec, "kernel"), out);
        fprintf(out, "</td><td class=\"l st\">");
        esc(c->correct ? "yes" : c->status, out);
        fprintf(out, "</td><td data-v=\"%g\">%.3g</td><td data-v=\"%g\">%.3g</td><td data-v=\"%.0f\">%.0f</td>"
                     "<td data-v=\"%.0f\">%.0f</td><td data-v=\"%g\"><span class=\"effbar\" style=\"width:%.0fpx\">"
                     "</span>",
                c->max_abs, c->max_abs, c->max_rel, c->max_rel, c->cycles, c->cycles, c->ideal, c->ideal,
                c->efficiency, 60 * eff_pos(c->efficiency) * (c->efficiency > 0));
        pct(c->efficiency, out);
        fprintf(out, "</td>");
        if (c->have_base)
            fprintf(out, "<td data-v=\"%.0f\">%.0f</td>", c->base_cycles, c->base_cycles);
        else
            fprintf(out, "<td data-v=\"0\">-</td>");
        if (c->speedup > 0)
            fprintf(out, "<td data-v=\"%g\">%.2f&times;</td></tr>\n", c->speedup, c->speedup);
        else
            fprintf(out, "<td data-v=\"0\">-</td></tr>\n");
    }
    fprintf(out, "</tbody></table>\n");
}

/* The agent's facts per run (docs/agent.md, record.json). */
static void table_agent(const kc_score_table *t, FILE *out)
{
    fprintf(out, "<h3>Agent runs</h3>\n<table class=\"agent sortable\"><thead><tr><th class=\"l\">task</th>"
                 "<th>config</th><th class=\"l\">model</th><th class=\"l\">scored kernel</th><th class=\"l\">end</th>"
                 "<th>iterations</th><th>budget</th><th>first correct at</th><th>tokens to first correct</th>"
                 "<th class=\"l\">correct</th></tr></thead><tbody>\n");
    for (size_t k = 0; k < t->ncells; k++) {
        const kc_score_cell *c = &t->cells[k];
        if (!agent_cell(c))
            continue;
        json_t *first = json_object_get(c->rec, "iterations_to_first_correct");
        json_t *tok = json_object_get(c->rec, "tokens_to_first_correct");
        row_open(c, out);
        fprintf(out, "<td data-v=\"%d\">C%d</td><td class=\"l\">", c->config, c->config);
        esc(str(c->rec, "provider"), out);
        fprintf(out, " ");
        esc(str(c->rec, "model"), out);
        fprintf(out, "</td><td class=\"l\">");
        esc(str(c->rec, "scored_kernel"), out);
        fprintf(out, "</td><td class=\"l\">");
        esc(str(c->rec, "end_reason"), out);
        fprintf(out, "</td><td>%.0f</td><td>%.0f</td>", json_number_value(json_object_get(c->rec, "iterations")),
                json_number_value(json_object_get(c->rec, "budget")));
        if (json_is_number(first))
            fprintf(out, "<td data-v=\"%g\">%.0f</td>", json_number_value(first), json_number_value(first));
        else
            fprintf(out, "<td data-v=\"1e9\">never</td>");
        if (json_is_number(tok))
            fprintf(out, "<td data-v=\"%g\">%.0f</td>", json_number_value(tok), json_number_value(tok));
        else
            fprintf(out, "<td data-v=\"1e18\">-</td>");
        fprintf(out, "<td class=\"l st\">");
        esc(c->correct ? "yes" : c->status, out);
        fprintf(out, "</td></tr>\n");
    }
    fprintf(out, "</tbody></table>\n");
}

/* ---- a platform's section ---------------------------------------------------- */

static void card(const char *value, const char *what, FILE *out)
{
    fprintf(out, "<div class=\"card\"><b>%s</b><span>%s</span></div>", value, what);
}

static void section(const kc_platform *p, const kc_score_table *t, size_t nrec, FILE *out)
{
    fprintf(out, "<section class=\"platform\" id=\"platform-");
    esc(p->name, out);
    fprintf(out, "\" data-platform=\"");
    esc(p->name, out);
    fprintf(out, "\">\n<h2>");
    esc(p->name, out);
    fprintf(out, "</h2>\n<p class=\"meta\">%s; family ", t->candidates ? "kernels against the baseline"
                                                                  : "baselines scored alone");
    esc(p->family ? p->family->name : "?", out);
    fprintf(out, ", storage %s, peak %g vector and %g MAC operations per cycle, DRAM %g bytes per cycle; "
                 "%zu records</p>\n", kc_dtype_name(p->dtype), p->vec_peak, p->mac_peak, p->dram_bw, nrec);
    char v[64];
    fprintf(out, "<div class=\"cards\">");
    snprintf(v, sizeof v, "%d/%d", t->total.ncorrect, t->total.ncells);
    card(v, "correct (task, config) cells", out);
    snprintf(v, sizeof v, "%.1f%%", 100 * t->total.efficiency);
    card(v, "mean efficiency (correct cells)", out);
    if (t->total.speedup > 0)
        snprintf(v, sizeof v, "%.2f&times;", t->total.speedup);
    else
        snprintf(v, sizeof v, "-");
    card(v, "geometric mean speedup", out);
    snprintf(v, sizeof v, "%.2f", t->total.ncells ? (double)t->total.nfast10 / t->total.ncells : 0.0);
    card(v, "fast_1", out);
    snprintf(v, sizeof v, "%.2f", t->total.ncells ? (double)t->total.nfast15 / t->total.ncells : 0.0);
    card(v, "fast_1.5", out);
    fprintf(out, "</div>\n");
    table_summary(t, out);
    fprintf(out, "<div class=\"charts\">\n");
    chart_heatmap(t, out);
    chart_roofline(t, out);
    chart_speedup(t, out);
    int agent = 0;
    for (size_t k = 0; k < t->ncells; k++)
        agent |= agent_cell(&t->cells[k]);
    if (agent)
        chart_agent(t, out);
    fprintf(out, "</div>\n");
    if (agent)
        table_agent(t, out);
    table_cells(t, out);
    fprintf(out, "</section>\n");
}

static size_t records_of(const json_t *records, const char *platform)
{
    size_t n = 0, i;
    const json_t *r;
    json_array_foreach(records, i, r) {
        const char *p = json_string_value(json_object_get(r, "platform"));
        n += p && !strcmp(p, platform);
    }
    return n;
}

kc_status kc_report_write(const json_t *records, const kc_report_opts *o, FILE *out, kc_err *err)
{
    const char *title = o && o->title ? o->title : "KernelCraft results";
    kc_score_table *t = malloc(sizeof *t);
    if (!t)
        return kc_err_set(err, KC_ERR_NOMEM, "report: out of memory");
    fprintf(out, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                 "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
                 "<meta name=\"generator\" content=\"kc report\">\n<title>");
    esc(title, out);
    fprintf(out, "</title>\n<style>\n%s</style>\n</head>\n<body>\n<header>\n<h1>", css);
    esc(title, out);
    fprintf(out, "</h1>\n<p>%zu records from ", json_array_size(records));
    for (size_t i = 0; o && i < o->ninputs; i++) {
        fprintf(out, "%s<code>", i ? ", " : "");
        esc(o->inputs[i], out);
        fprintf(out, "</code>");
    }
    if (o && o->skipped)
        fprintf(out, " (%zu invalid line%s skipped)", o->skipped, o->skipped == 1 ? "" : "s");
    fprintf(out, "; scores as docs/scoring.md defines them.</p>\n<p>platforms:");
    int any = 0;
    for (const kc_platform *const *p = kc_platform_all(); *p; p++) {
        if (!records_of(records, (*p)->name))
            continue;
        fprintf(out, " <a href=\"#platform-");
        esc((*p)->name, out);
        fprintf(out, "\">");
        esc((*p)->name, out);
        fprintf(out, "</a>");
        any = 1;
    }
    fprintf(out, "%s</p>\n</header>\n<main>\n", any ? "" : " none (no valid records)");
    kc_status s = KC_OK;
    for (const kc_platform *const *p = kc_platform_all(); *p && s == KC_OK; p++) {
        size_t n = records_of(records, (*p)->name);
        if (!n)
            continue;
        if ((s = kc_score_aggregate(records, (*p)->name, NULL, t, err)) == KC_OK)
            section(*p, t, n, out);
    }
    free(t);
    if (s != KC_OK)
        return s;
    fprintf(out, "</main>\n<footer>Generated by <code>kc report</code>. Hover a chart's mark for its numbers; "
                 "click a column header of the per-config tables to sort.</footer>\n<script>\n%s</script>\n"
                 "</body>\n</html>\n", script);
    if (fflush(out) || ferror(out))
        return kc_err_set(err, KC_ERR_IO, "report: write error");
    return KC_OK;
}
