#!/bin/bash
# test_report.sh MODE KC SCRATCH CASES [PNG_CHECK] — kc report end to end.
#   records:  a real kc bench of a few npu baselines (one seed) -> SCRATCH/real.jsonl
#   cli:      the page of those records, and of them plus CASES/hand.jsonl (hostile
#             names, a not-correct kernel, agent records, a second platform, an
#             invalid line): structure, escaping, self-containedness, and every
#             cell's numbers equal to kc bench --table's
#   chromium: the page rendered by headless Chromium: a screenshot that is a
#             non-blank PNG of the window's size, the DOM holding the tables and
#             charts, the page's script run through, no console message
set -u
MODE=$1
KC=$2
S=$3
CASES=$4
PNG_CHECK=${5:-}
D=$S/$MODE
fail() { echo "FAIL: $*" >&2; exit 1; }
count() { grep -o -- "$1" "$2" | wc -l; }

case $MODE in
records)
    rm -rf "$S" && mkdir -p "$S" || exit 2
    # level 1, 2 and 3 tasks, two configs each, the visible seed only (a few seconds)
    "$KC" bench --platform npu --tasks relu,softmax,gemm,swiglu,convblock --configs 1,2 --seed 1 --jobs 2 \
        --out "$S/real.jsonl" > "$S/real.table" 2> "$S/real.err" || fail "kc bench exit $?: $(cat "$S/real.err")"
    [ "$(wc -l < "$S/real.jsonl")" = 10 ] || fail "expected 10 records"
    # the real records and the hand-written ones in one file, for kc bench --table
    cat "$S/real.jsonl" "$CASES/hand.jsonl" > "$S/both.jsonl"
    exit 0
    ;;
esac

[ -s "$S/real.jsonl" ] || fail "no records: run report.records first"
rm -rf "$D" && mkdir -p "$D" || exit 2

# check_cells PAGE RESULTS PLATFORM: every cell row of kc bench --table RESULTS is a
# row of the page with the same status, cycles, ideal cycles and speedup
check_cells() {
    local page=$1 res=$2 plat=$3 n=0
    "$KC" bench --table "$res" --platform "$plat" > "$D/table.$plat" || fail "kc bench --table exit $?"
    while read -r task cfg ok _abs _rel cyc ideal _eff sp; do
        [ "$ok" = yes ] || ok="$ok"
        case $sp in -) sp='<td data-v="0">-</td>' ;; *) sp="${sp%x}\&times;</td>" ;; esac
        grep -q "<td class=\"l\">$task</td><td>[0-9]</td><td data-v=\"${cfg#C}\">$cfg</td>.*<td class=\"l st\">$ok</td>.*<td data-v=\"$cyc\">$cyc</td><td data-v=\"$ideal\">$ideal</td>.*$sp</tr>" "$page" \
            || fail "$plat $task $cfg: no row with status $ok, cycles $cyc, ideal $ideal, speedup $sp"
        n=$((n + 1))
    done < <(sed -n '2,/^$/p' "$D/table.$plat" | grep -E '^[a-z_0-9]+ +C[1-5] ')
    [ "$n" -gt 0 ] || fail "$plat: kc bench --table printed no cells"
    [ "$(grep -c '<tr[^>]*><td class="l">[a-z_0-9]*</td><td>[0-9]</td><td data-v=' "$page")" -ge "$n" ] \
        || fail "$plat: fewer cell rows on the page than in the table"
    # the summary: every task's, level's and the total's x/n
    while IFS='|' read -r name xn; do
        grep -q "<td class=\"l\">$name</td><td>[0-9]*</td><td data-v=\"[^\"]*\">$xn</td>" "$page" \
            || fail "$plat: summary row $name $xn missing"
    done < <(sed -n '/^task  *correct/,$p' "$D/table.$plat" | sed 1d | sed -E 's/^(level [1-3]|[a-z_0-9]+) +([0-9]+\/[0-9]+) .*/\1|\2/')
}

# self_contained PAGE: nothing is fetched: no element with a src, no link, img,
# iframe or object element, no url() or @import, no http(s) address but the SVG
# namespace (the escaped text of a record may say "src=": it is not in a tag)
self_contained() {
    ! grep -qiE '<[^>]* src=|<(link|img|iframe|object|embed)|url\(|@import' "$1" || fail "$1 refers to an external resource"
    [ -z "$(grep -oE 'https?://[^"]*' "$1" | grep -v '^http://www.w3.org/2000/svg$')" ] || fail "$1 names an address"
}

case $MODE in
cli)
    "$KC" report --help > "$D/help" || fail "--help exit $?"
    grep -q -- "-o, --out FILE" "$D/help" && grep -q -- "--title TEXT" "$D/help" || fail "--help: $(cat "$D/help")"
    "$KC" --help | grep -q '^  report ' || fail "kc --help does not list report"
    "$KC" report 2> "$D/err"; [ $? = 2 ] || fail "no input: exit not 2"
    "$KC" report "$D/nonexistent.jsonl" 2> "$D/err"; [ $? = 2 ] && grep -q "cannot read" "$D/err" \
        || fail "a missing input: $(cat "$D/err")"

    # the real records alone: one npu section, baselines scored alone
    "$KC" report "$S/real.jsonl" -o "$D/real.html" 2> "$D/err" || fail "report exit $?: $(cat "$D/err")"
    P=$D/real.html
    head -1 "$P" | grep -q '^<!DOCTYPE html>$' && tail -1 "$P" | grep -q '^</html>$' || fail "not a whole page"
    [ "$(count '<section class="platform"' "$P")" = 1 ] && grep -q 'data-platform="npu"' "$P" || fail "npu section"
    grep -q 'baselines scored alone' "$P" || fail "baselines alone not said"
    for what in '<table class="summary">' '<table class="cells sortable">' 'aria-label="efficiency heat map"' \
                'aria-label="roofline position"' 'aria-label="speedup over baseline"' 'efficiency 1 (roofline)'; do
        grep -qF "$what" "$P" || fail "real.html lacks $what"
    done
    ! grep -q 'aria-label="agent' "$P" || fail "an agent chart without agent records"
    [ "$(count '<svg ' "$P")" = 3 ] || fail "expected 3 charts"
    [ "$(count '<script' "$P")" = 1 ] || fail "expected one script"
    self_contained "$P"
    check_cells "$P" "$S/real.jsonl" npu
    "$KC" report "$S/real.jsonl" > "$D/again.html" 2>/dev/null || fail "report to stdout"
    cmp -s "$P" "$D/again.html" || fail "the same records gave another page"

    # with the hand-written records: kernels against the baseline, agent runs, rvv
    "$KC" report "$S/real.jsonl" "$CASES/hand.jsonl" --title 'Sweep <b>&</b>' -o "$D/both.html" 2> "$D/err" \
        || fail "report exit $?: $(cat "$D/err")"
    P=$D/both.html
    grep -q "hand.jsonl:.*not JSON" "$D/err" || fail "the invalid line was not reported: $(cat "$D/err")"
    grep -q '(1 invalid line skipped)' "$P" || fail "the page does not say a line was skipped"
    grep -qF '<title>Sweep &lt;b&gt;&amp;&lt;/b&gt;</title>' "$P" || fail "title not escaped"
    [ "$(count '<section class="platform"' "$P")" = 2 ] && grep -q 'data-platform="rvv"' "$P" || fail "two platforms"
    # hostile strings are text, never markup
    [ "$(count '<script' "$P")" = 1 ] || fail "a record injected a script"
    ! grep -qE '<img|<svg onload|<b>&</b>' "$P" || fail "a record or the title injected markup"
    grep -qF '&lt;script&gt;alert(&#39;kernel&#39;)&lt;/script&gt;' "$P" || fail "the hostile kernel name is not shown escaped"
    grep -qF '&lt;img src=x onerror=alert(1)&gt;' "$P" || fail "the hostile model name is not shown escaped"
    grep -qF 'title="&quot;&gt;&lt;svg onload=alert(2)&gt;"' "$P" || fail "the hostile hash is not escaped in its attribute"
    # the not-correct kernel is a marked row; the agent chart and table
    grep -q '<tr class="bad"><td class="l">relu</td><td>1</td><td data-v="2">C2</td>.*<td class="l st">wrong</td>' "$P" \
        || fail "relu C2 (wrong) is not a not-correct row"
    grep -q 'aria-label="agent iterations to first correct"' "$P" || fail "no agent chart"
    grep -q '<td class="l">softmax</td><td data-v="1">C1</td>.*<td data-v="3">3</td>' "$P" || fail "agent: first correct at 3"
    grep -q '<td class="l">softmax</td><td data-v="2">C2</td>.*>never</td>' "$P" || fail "agent: never correct"
    grep -q 'kernels against the baseline' "$P" || fail "kernels vs baseline not said"
    self_contained "$P"
    check_cells "$P" "$S/both.jsonl" npu
    check_cells "$P" "$S/both.jsonl" rvv
    ;;
chromium)
    command -v chromium > /dev/null || fail "chromium is not installed (Makefile APT_PKGS)"
    [ -x "$PNG_CHECK" ] || fail "no png_check"
    "$KC" report "$S/real.jsonl" "$CASES/hand.jsonl" -o "$D/report.html" 2> /dev/null || fail "report exit $?"
    URL="file://$D/report.html"
    # one browser run per product; each with its own profile, no sandbox (root in CI)
    chrome() {
        local prof
        prof=$(mktemp -d "$D/profile.XXXXXX")
        timeout 60 chromium --headless --no-sandbox --disable-gpu --disable-background-networking \
            --user-data-dir="$prof" --enable-logging=stderr --v=0 "$@"
    }
    chrome --screenshot="$D/report.png" --window-size=1400,3000 --hide-scrollbars "$URL" > /dev/null 2> "$D/shot.log" \
        || fail "chromium --screenshot exit $?: $(tail -5 "$D/shot.log")"
    chrome --dump-dom --window-size=1400,3000 "$URL" > "$D/dom.html" 2> "$D/dom.log" \
        || fail "chromium --dump-dom exit $?: $(tail -5 "$D/dom.log")"
    "$PNG_CHECK" "$D/report.png" 1400 3000 || fail "the screenshot is not a drawn page of 1400 x 3000"
    # console output of the page (messages, uncaught errors) is logged as CONSOLE
    ! grep -h ':CONSOLE' "$D/shot.log" "$D/dom.log" || fail "the page wrote to the console (above)"
    grep -q '<html lang="en" data-report-script="ran">' "$D/dom.html" || fail "the page's script did not run through"
    [ "$(count '<section class="platform"' "$D/dom.html")" = 2 ] || fail "DOM: two platform sections"
    [ "$(count '<svg ' "$D/dom.html")" = 7 ] || fail "DOM: expected 7 charts (4 npu, 3 rvv)"
    [ "$(count '<table class="summary">' "$D/dom.html")" = 2 ] || fail "DOM: summary tables"
    [ "$(count '<table class="cells sortable">' "$D/dom.html")" = 2 ] || fail "DOM: cell tables"
    [ "$(count '<table class="agent sortable">' "$D/dom.html")" = 1 ] || fail "DOM: agent table"
    [ "$(count '<script' "$D/dom.html")" = 1 ] || fail "DOM: a script besides the page's own"
    grep -q '<circle cx=' "$D/dom.html" && grep -q '<rect x=' "$D/dom.html" || fail "DOM: charts without marks"
    rm -rf "$D"/profile.*
    echo "screenshot: $D/report.png"
    ;;
*) fail "unknown mode $MODE" ;;
esac
echo "ok"
