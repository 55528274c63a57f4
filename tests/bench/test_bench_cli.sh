#!/bin/bash
# test_bench_cli.sh KC SCRATCH SCENARIO — end-to-end checks of kc bench / kc merge /
# kc run on small configs (relu and softmax, C1 and C2; 3 hidden seeds each).
set -u
KC=$1
D=$2/$3
SCEN=$3
rm -rf "$D" && mkdir -p "$D" || exit 2
SEL="--platform npu --tasks relu,softmax --configs 1,2"
N=12   # 2 tasks x 2 configs x 3 hidden seeds

fail() { echo "FAIL: $*" >&2; exit 1; }
. "$(dirname "$0")/records.sh"
# slow_sweep FILE: starts a sweep of slower evaluations (~0.5 s each) in the background
# writing FILE, sets pid and returns once its first record is there (mid-sweep)
SLOW="--platform npu --tasks silu,gelu --configs 4"
slow_sweep() {
    "$KC" bench $SLOW --jobs 1 --out "$1" > /dev/null 2> "$D/err1" &
    pid=$!
    for _ in $(seq 1200); do [ "$(lines "$1")" -ge 1 ] && break; sleep 0.05; done
}

case $SCEN in
sweep)
    "$KC" bench $SEL --jobs 2 --out "$D/a.jsonl" > "$D/out1" 2> "$D/err1" || fail "bench exit $?: $(cat "$D/err1")"
    [ "$(lines "$D/a.jsonl")" = $N ] || fail "expected $N records, got $(lines "$D/a.jsonl")"
    whole "$D/a.jsonl" || fail "torn lines"
    [ "$(keys "$D/a.jsonl" | uniq | wc -l)" = $N ] || fail "duplicate keys"
    grep -q "^relu  *2/2" "$D/out1" || fail "table lacks relu 2/2: $(cat "$D/out1")"
    grep -q "^all  *4/4" "$D/out1" || fail "table lacks all 4/4"
    "$KC" bench $SEL --jobs 2 --out "$D/a.jsonl" > "$D/out2" 2> "$D/err2" || fail "rerun exit $?"
    grep -q "$N already recorded, 0 to run" "$D/err2" || fail "rerun did not skip: $(cat "$D/err2")"
    [ "$(lines "$D/a.jsonl")" = $N ] || fail "rerun added records"
    "$KC" bench --table "$D/a.jsonl" > "$D/out3" || fail "--table exit $?"
    diff <(grep -E '^(relu|softmax) +C[12] ' "$D/out1") <(grep -E '^(relu|softmax) +C[12] ' "$D/out3") || fail "--table rows differ"
    # --table scores x/5: the configs the file lacks are missing, not left out
    grep -q "^relu  *C3  *missing" "$D/out3" && grep -q "^relu  *2/5 " "$D/out3" && grep -q "^all  *4/10 " "$D/out3" \
        || fail "--table does not count missing configs: $(cat "$D/out3")"
    "$KC" run --tasks relu --configs 1 --jobs 2 > "$D/run" 2>&1 || fail "kc run exit $?"
    grep -q "^relu  *1/1" "$D/run" || fail "kc run summary"
    ;;
interrupt)
    SEL=$SLOW
    N=6
    slow_sweep "$D/i.jsonl"
    kill -INT $pid
    wait $pid
    rc=$?
    n=$(lines "$D/i.jsonl")
    whole "$D/i.jsonl" || fail "interrupted run left a torn line"
    [ "$n" -ge 1 ] && [ "$n" -lt $N ] || fail "interrupt: $n records (rc $rc)"
    [ $rc = 130 ] || fail "interrupted run exit $rc, expected 130"
    "$KC" bench $SEL --jobs 2 --out "$D/i.jsonl" > /dev/null 2> "$D/err2" || fail "resume exit $?"
    grep -q "$n already recorded, $((N - n)) to run" "$D/err2" || fail "resume: $(cat "$D/err2")"
    [ "$(lines "$D/i.jsonl")" = $N ] && whole "$D/i.jsonl" || fail "resume did not complete"
    [ "$(keys "$D/i.jsonl" | uniq | wc -l)" = $N ] || fail "duplicate keys after resume"
    ;;
shard)
    "$KC" bench $SEL --jobs 2 --out "$D/a.jsonl" > /dev/null 2>&1 || fail "unsharded"
    "$KC" bench $SEL --jobs 1 --shard 0/2 --out "$D/s0.jsonl" > /dev/null 2>&1 || fail "shard 0"
    "$KC" bench $SEL --jobs 1 --shard 1/2 --out "$D/s1.jsonl" > /dev/null 2>&1 || fail "shard 1"
    [ "$(lines "$D/s0.jsonl")" = $((N / 2)) ] || fail "shard 0 has $(lines "$D/s0.jsonl")"
    "$KC" merge "$D/m.jsonl" "$D/s0.jsonl" "$D/s1.jsonl" "$D/s0.jsonl" 2> "$D/merr" || fail "merge: $(cat "$D/merr")"
    grep -q "$((N + N / 2)) records read, $N written, $((N / 2)) duplicates, 0 conflicts" "$D/merr" || fail "merge stats: $(cat "$D/merr")"
    diff <(keys "$D/a.jsonl") <(keys "$D/m.jsonl") || fail "merged keys differ from the unsharded run"
    diff <("$KC" bench --table "$D/a.jsonl") <("$KC" bench --table "$D/m.jsonl") || fail "merged table differs"
    ;;
wrongdir)
    mkdir -p "$D/k" || exit 2
    "$KC" compile --platform npu --task relu --config 1 -o "$D/k/relu_c1.s" || fail "compile"
    mkdir -p "$D/k/relu" && printf 'halt\n' > "$D/k/relu/c2.s"   # writes nothing: wrong
    "$KC" bench --platform npu --kernels "$D/k" --tasks relu --configs 1,2 --jobs 2 --out "$D/w.jsonl" \
        > "$D/out" 2> "$D/err" || fail "bench exit $?: $(cat "$D/err")"
    [ "$(lines "$D/w.jsonl")" = 12 ] || fail "expected 6 baseline + 6 kernel records"
    grep -q "^relu  *C1  *yes .* 1.00x$" "$D/out" || fail "relu C1 (the baseline's own text) not 1.00x: $(cat "$D/out")"
    grep -q "^relu  *C2  *wrong" "$D/out" || fail "relu C2 not scored wrong: $(cat "$D/out")"
    grep -q "^relu  *1/2 " "$D/out" || fail "relu not 1/2"
    grep -q "kernels vs baseline" "$D/out" || fail "not a candidate table"
    ;;
crash)
    # a kernel that kills its worker (the pool's test-only hook raises SIGSEGV in the
    # job relu C2 seed 1002) becomes a record, the one worker is replaced, the sweep finishes
    ulimit -c 0
    KC_POOL_TEST_FAULT=segv:relu:2:1002 "$KC" bench $SEL --jobs 1 --out "$D/c.jsonl" > "$D/out1" 2> "$D/err1" \
        || fail "crash sweep exit $?: $(cat "$D/err1")"
    [ "$(lines "$D/c.jsonl")" = $N ] && whole "$D/c.jsonl" || fail "expected $N records: $(cat "$D/err1")"
    grep -q '"task":"relu","config":2,"seed":1002,.*"status":"crash","correct":false.*"signal":"SIGSEGV","signal_number":11' \
        "$D/c.jsonl" || fail "no crash record: $(grep crash "$D/c.jsonl")"
    grep -q "^relu  *C2  *crash" "$D/out1" && grep -q "^relu  *1/2 " "$D/out1" || fail "table: $(cat "$D/out1")"
    grep -q "1 crashed" "$D/err1" || fail "summary lacks the crash"
    "$KC" bench $SEL --jobs 2 --out "$D/c.jsonl" > /dev/null 2> "$D/err2" || fail "rerun exit $?"
    grep -q "$N already recorded, 0 to run" "$D/err2" || fail "rerun: $(cat "$D/err2")"
    ;;
hang)
    # a job past --job-timeout is killed and recorded as "hang"; the others finish
    KC_POOL_TEST_FAULT=hang:relu:1:1001 "$KC" bench $SEL --jobs 2 --job-timeout 2 --out "$D/h.jsonl" > "$D/out1" \
        2> "$D/err1" || fail "hang sweep exit $?: $(cat "$D/err1")"
    [ "$(lines "$D/h.jsonl")" = $N ] || fail "expected $N records: $(cat "$D/err1")"
    grep -q '"task":"relu","config":1,"seed":1001,.*"status":"hang","correct":false' "$D/h.jsonl" || fail "no hang record"
    grep -q "^relu  *C1  *hang" "$D/out1" || fail "table: $(cat "$D/out1")"
    "$KC" bench $SEL --job-timeout 0 --out "$D/h.jsonl" > /dev/null 2>&1 && fail "--job-timeout 0 accepted"
    ;;
sigterm)
    # SIGTERM to the sweep's whole process group, workers included, as Slurm sends it
    # (requeue, scancel, time limit): the running evaluations finish and are recorded
    # as done, not as crashes of their workers; the resumed sweep gives each record once
    SEL=$SLOW
    N=6
    ulimit -c 0
    setsid "$KC" bench $SEL --jobs 2 --out "$D/t.jsonl" > /dev/null 2> "$D/err1" &
    pid=$!   # setsid forks no further (the shell's child is not a group leader): the group's id
    for _ in $(seq 1200); do [ "$(lines "$D/t.jsonl")" -ge 1 ] && break; sleep 0.05; done
    kill -TERM -- -$pid
    wait $pid
    rc=$?
    n=$(lines "$D/t.jsonl")
    whole "$D/t.jsonl" || fail "SIGTERM left a torn line"
    [ $rc = 130 ] && [ "$n" -ge 1 ] && [ "$n" -lt $N ] || fail "SIGTERM: exit $rc, $n records: $(cat "$D/err1")"
    grep -q '"status":"crash"' "$D/t.jsonl" && fail "SIGTERM recorded crashes: $(grep crash "$D/t.jsonl")"
    "$KC" bench $SEL --jobs 2 --out "$D/t.jsonl" > /dev/null 2> "$D/err2" || fail "resume exit $?"
    grep -q "$n already recorded, $((N - n)) to run" "$D/err2" || fail "resume: $(cat "$D/err2")"
    [ "$(lines "$D/t.jsonl")" = $N ] && [ "$(keys "$D/t.jsonl" | uniq | wc -l)" = $N ] || fail "records doubled or lost"
    [ "$(grep -c '"correct":true' "$D/t.jsonl")" = $N ] || fail "not every record is a correct evaluation"
    ;;
lock)
    # a second sweep (or a merge) on a file another sweep is writing is refused; the first completes alone
    SEL=$SLOW
    N=6
    slow_sweep "$D/l.jsonl"
    "$KC" bench $SEL --jobs 1 --out "$D/l.jsonl" > /dev/null 2> "$D/err2"
    rc=$?
    # nor may a merge replace the file under the running sweep
    printf '' > "$D/empty.jsonl"
    "$KC" merge "$D/l.jsonl" "$D/empty.jsonl" > /dev/null 2> "$D/err3"
    mrc=$?
    wait $pid || fail "first sweep exit $?"
    [ $rc = 2 ] && grep -q "in use by another running sweep" "$D/err2" || fail "second sweep not refused (rc $rc): $(cat "$D/err2")"
    [ $mrc = 2 ] && grep -q "in use by another running sweep" "$D/err3" || fail "merge not refused (rc $mrc): $(cat "$D/err3")"
    ls "$D"/l.jsonl.merge-* > /dev/null 2>&1 && fail "merge left its temporary file"
    [ "$(lines "$D/l.jsonl")" = $N ] && [ "$(keys "$D/l.jsonl" | uniq | wc -l)" = $N ] || fail "records doubled or lost"
    ;;
invalid)
    # records that are not trustworthy are reported by line and evaluated again
    "$KC" bench $SEL --jobs 2 --out "$D/v.jsonl" > /dev/null 2>&1 || fail "first sweep"
    # line 1: only the key fields; line 2: cycles edited to 1 (below the ideal of 64)
    grep -m1 '"task":"relu","config":1,"seed":1001' "$D/v.jsonl" \
        | sed -E 's/^(\{"platform":"npu","task":"relu","config":1,"seed":1001,"kernel":"[^"]*","kernel_hash":"[0-9a-f]*").*/\1}/' > "$D/e.jsonl"
    grep -m1 '"task":"relu","config":1,"seed":1002' "$D/v.jsonl" | sed -E 's/"cycles":[0-9]+/"cycles":1/' >> "$D/e.jsonl"
    "$KC" bench --table "$D/e.jsonl" > "$D/out0" 2> "$D/err0"
    grep -q "e.jsonl:1: .*status" "$D/err0" && grep -q "e.jsonl:2: .*below the task's ideal 64" "$D/err0" \
        || fail "invalid lines not reported: $(cat "$D/err0")"
    grep -q "6400" "$D/out0" && fail "edited cycles trusted: $(cat "$D/out0")"
    "$KC" bench $SEL --jobs 2 --out "$D/e.jsonl" > "$D/out1" 2> "$D/err1" || fail "sweep exit $?"
    grep -q "0 already recorded, $N to run" "$D/err1" || fail "invalid records counted as done: $(cat "$D/err1")"
    # relu C1's efficiency: its ideal 64 cycles over the cycles the records hold
    cyc=$(grep -m1 '"task":"relu","config":1,"seed":1001' "$D/v.jsonl" | sed -E 's/.*"cycles":([0-9]+).*/\1/')
    eff=$(awk -v c="$cyc" 'BEGIN { printf "%.1f", 6400 / c }')
    grep -q "^relu  *C1  *yes .* ${eff}%" "$D/out1" || fail "table (relu C1 at ${eff}%): $(cat "$D/out1")"
    # a config missing one seed is a gap, not "yes"
    grep -v '"task":"softmax","config":2,"seed":1003' "$D/v.jsonl" > "$D/g.jsonl"
    "$KC" bench --table "$D/g.jsonl" > "$D/out2" 2>&1
    grep -q "^softmax  *C2  *gap 2/3 seeds" "$D/out2" && grep -q "^softmax  *1/5 " "$D/out2" || fail "gap: $(cat "$D/out2")"
    ;;
freshseeds)
    # --fresh-seeds: drawn anew each run, never the visible seed (1), recorded, replayable
    SEL="--platform npu --tasks relu --configs 1"
    seeds() { sed -E 's/.*"seed":([0-9]+),.*/\1/' "$1" | sort -n; }
    outcome() { sed -E 's/.*"seed":([0-9]+),.*"correct":(true|false),.*"cycles":([0-9]+),.*/\1 \2 \3/' "$1" | sort; }
    "$KC" bench $SEL --fresh-seeds 3 --jobs 2 --out "$D/f1.jsonl" > /dev/null 2> "$D/err1" || fail "fresh 1 exit $?: $(cat "$D/err1")"
    "$KC" run $SEL --fresh-seeds 3 --jobs 2 --out "$D/f2.jsonl" > "$D/out2" 2> "$D/err2" || fail "fresh 2 exit $?: $(cat "$D/err2")"
    [ "$(lines "$D/f1.jsonl")" = 3 ] && [ "$(lines "$D/f2.jsonl")" = 3 ] || fail "expected 3 records per run"
    [ "$(grep -c '"seeds_from":"fresh"' "$D/f1.jsonl")" = 3 ] || fail "records do not say seeds_from fresh"
    [ "$(seeds "$D/f1.jsonl" | uniq | wc -l)" = 3 ] || fail "fresh seeds not distinct: $(seeds "$D/f1.jsonl")"
    ! seeds "$D/f1.jsonl" | grep -qx 1 && ! seeds "$D/f2.jsonl" | grep -qx 1 || fail "a fresh seed is the visible seed"
    [ -z "$(comm -12 <(seeds "$D/f1.jsonl") <(seeds "$D/f2.jsonl"))" ] || fail "two runs drew the same seeds"
    list=$(seeds "$D/f1.jsonl" | paste -sd,)
    grep -q "fresh seeds (replay with --seeds): " "$D/err1" || fail "seeds not printed: $(cat "$D/err1")"
    [ "$(sed -n 's/.*--seeds): //p' "$D/err1" | tr , '\n' | sort -n | paste -sd,)" = "$list" ] || fail "printed seeds differ from the records"
    grep -q "^relu  *1/1" "$D/out2" || fail "kc run --fresh-seeds: $(cat "$D/out2")"
    # replay the first run with its recorded seeds: same keys, same outcome
    "$KC" bench $SEL --seeds "$list" --jobs 2 --out "$D/r.jsonl" > /dev/null 2> "$D/err3" || fail "replay exit $?: $(cat "$D/err3")"
    [ "$(grep -c '"seeds_from":"given"' "$D/r.jsonl")" = 3 ] || fail "replay records do not say seeds_from given"
    diff <(keys "$D/f1.jsonl") <(keys "$D/r.jsonl") || fail "replayed keys differ"
    diff <(outcome "$D/f1.jsonl") <(outcome "$D/r.jsonl") || fail "replayed outcome differs"
    # the fixed hidden seeds stay the default
    "$KC" bench $SEL --jobs 2 --out "$D/h.jsonl" > /dev/null 2>&1 || fail "default run"
    [ "$(seeds "$D/h.jsonl" | paste -sd,)" = "1001,1002,1003" ] && grep -q '"seeds_from":"hidden"' "$D/h.jsonl" || fail "default seeds"
    # conflicting options
    "$KC" bench $SEL --fresh-seeds 2 --shard 0/2 > /dev/null 2>&1; [ $? = 2 ] || fail "--fresh-seeds with --shard accepted"
    "$KC" bench $SEL --seed 5 --seeds 6,7 > /dev/null 2>&1; [ $? = 2 ] || fail "--seed with --seeds accepted"
    "$KC" bench $SEL --fresh-seeds 0 > /dev/null 2>&1; [ $? = 2 ] || fail "--fresh-seeds 0 accepted"
    ;;
runall)
    # kc run without --platform sweeps every platform of the registry but the test
    # variants (npu_wide); --platform P still sweeps P alone
    plats() { sed -E 's/.*"platform":"([^"]*)".*/\1/' "$1" | sort -u | paste -sd,; }
    want=npu
    for p in rvv vliw; do "$KC" --help 2>&1 | grep -qw $p && want=$want,$p; done
    "$KC" run --tasks relu --configs 1 --seed 1 --jobs 2 --out "$D/all.jsonl" > "$D/out" 2> "$D/err" \
        || fail "kc run exit $?: $(cat "$D/err")"
    [ "$(plats "$D/all.jsonl")" = "$want" ] || fail "kc run swept $(plats "$D/all.jsonl"), expected $want"
    [ "$(grep -c '^relu  *1/1' "$D/out")" = "$(echo $want | tr , '\n' | wc -l)" ] || fail "one table per platform: $(cat "$D/out")"
    "$KC" run --platform npu --tasks relu --configs 1 --seed 1 --jobs 2 --out "$D/one.jsonl" > /dev/null 2>&1 \
        || fail "kc run --platform npu"
    [ "$(plats "$D/one.jsonl")" = npu ] || fail "kc run --platform npu swept $(plats "$D/one.jsonl")"
    ;;
nobaseline)
    # a (platform, task, config) without a baseline (vliw_small: t5_block C5, whose
    # program does not fit its 1024-bundle PM) is a record of status "does-not-fit" per
    # seed with the compiler's reason (the path a "no-baseline" cell takes: kc_plan.c):
    # not an error of the sweep, not skipped, counted apart; the cells that have one run
    # as usual
    SEL="--platform vliw_small --tasks relu,t5_block --configs 5 --seed 1"
    "$KC" bench $SEL --jobs 2 --out "$D/n.jsonl" > "$D/out1" 2> "$D/err1" || fail "bench exit $?: $(cat "$D/err1")"
    [ "$(lines "$D/n.jsonl")" = 2 ] && whole "$D/n.jsonl" || fail "expected 2 records: $(cat "$D/err1")"
    grep -q '"task":"t5_block","config":5,"seed":1,.*"source":"baseline".*"status":"does-not-fit","correct":false,"reason":"..*bundles.*"' \
        "$D/n.jsonl" || fail "no does-not-fit record: $(cat "$D/n.jsonl")"
    grep -q '"task":"t5_block".*"cycles"' "$D/n.jsonl" && fail "a does-not-fit record with cycles"
    grep -q '"task":"relu","config":5,.*"status":"correct"' "$D/n.jsonl" || fail "relu C5 not evaluated"
    grep -q "1 without a baseline (no-baseline, does-not-fit)" "$D/err1" || fail "sweep summary: $(cat "$D/err1")"
    grep -q "^t5_block  *C5  *does-not-fit " "$D/out1" && grep -q "^t5_block  *0/1 " "$D/out1" \
        && grep -q "^without a baseline: 1 of 2 cells.* t5_block 1/1" "$D/out1" || fail "table: $(cat "$D/out1")"
    # the records are valid: a rerun skips both, --table reads them back
    "$KC" bench $SEL --jobs 2 --out "$D/n.jsonl" > /dev/null 2> "$D/err2" || fail "rerun exit $?"
    grep -q "2 already recorded, 0 to run" "$D/err2" || fail "rerun: $(cat "$D/err2")"
    "$KC" bench --table "$D/n.jsonl" --platform vliw_small > "$D/out3" 2> "$D/err3" || fail "--table exit $?"
    [ -s "$D/err3" ] && fail "--table skipped lines: $(cat "$D/err3")"
    grep -q "^t5_block  *C5  *does-not-fit " "$D/out3" || fail "--table: $(cat "$D/out3")"
    # kc run: the same records; not every baseline is correct, so exit 1 (not 2: no error)
    "$KC" run $SEL --jobs 2 > "$D/out4" 2> "$D/err4"
    rc=$?
    [ $rc = 1 ] || fail "kc run exit $rc, expected 1: $(cat "$D/err4")"
    grep -q "^t5_block  *C5  *does-not-fit " "$D/out4" || fail "kc run table: $(cat "$D/out4")"
    ;;
*) echo "unknown scenario $SCEN" >&2; exit 2 ;;
esac
echo "ok: $SCEN"
