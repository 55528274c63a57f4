# shellcheck shell=bash
# records.sh — checks on kc bench result files (JSONL), sourced by the sweep tests
# (tests/bench/test_bench_cli.sh, tests/slurm/slurm_cluster.sh).

# lines FILE: its number of lines (0 when it does not exist)
lines() { [ -f "$1" ] && wc -l < "$1" || echo 0; }
# whole FILE: every line is one whole JSON object (starts with {, ends with }) and the
# file ends in a newline
whole() {
    [ ! -s "$1" ] && return 0
    [ "$(tail -c 1 "$1" | od -An -c | tr -d ' ')" = '\n' ] || return 1
    ! grep -qv '^{.*}$' "$1"
}
# keys FILE: each record's key (task config seed kernel_hash), sorted
keys() { sed -E 's/.*"task":"([^"]*)","config":([0-9]+),"seed":([0-9]+),"kernel":"[^"]*","kernel_hash":"([0-9a-f]*)".*/\1 \2 \3 \4/' "$1" | sort; }
