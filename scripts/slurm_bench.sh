#!/bin/bash
# Slurm job array: one `kc bench` shard per array task (docs/cluster.md).
#
#   sbatch scripts/slurm_bench.sh                                   # npu baselines, 8 shards
#   sbatch --array=0-31 scripts/slurm_bench.sh --platform npu --kernels my_kernels --tasks relu,softmax
#
# Submit from the repository root on shared storage (or set KC). The arguments are
# kc bench options. Array task i of an array 0..N-1 runs `kc bench --shard i/N` with
# --jobs = its --cpus-per-task and appends one record per evaluation, as each
# completes, to $RESULTS/shard.<i>.jsonl. A task that is requeued (scontrol requeue,
# a node failure), cancelled or stopped by its time limit gets SIGTERM: kc lets the
# running evaluations finish and records them; the requeued or resubmitted task
# skips what its file already holds. Resubmitting some shards of an array only
# (--array=3,5) needs the array's size: --export=ALL,SHARDS=8. When every task is
# done, join the shards and print the table:
#
#   ./build/kc merge results.jsonl results/shard.*.jsonl && ./build/kc bench --table results.jsonl
#
#SBATCH --job-name=kc-bench
#SBATCH --array=0-7
#SBATCH --cpus-per-task=2
#SBATCH --time=02:00:00
#SBATCH --requeue
#SBATCH --open-mode=append
#SBATCH --output=kc-bench.%A_%a.log
set -euo pipefail

KC=${KC:-./build/kc}
RESULTS=${RESULTS:-results}

die() { echo "slurm_bench.sh: $*" >&2; exit 2; }

i=${SLURM_ARRAY_TASK_ID:-}
[ -n "$i" ] || die "not an array task: submit with sbatch --array=0-<N-1> (or run kc bench --shard i/N yourself)"
n=${SHARDS:-}
if [ -z "$n" ]; then
    # the shard count is the array's size only when the array is 0..N-1
    [ "$SLURM_ARRAY_TASK_MIN" = 0 ] && [ $((SLURM_ARRAY_TASK_MAX + 1)) = "$SLURM_ARRAY_TASK_COUNT" ] ||
        die "array $SLURM_ARRAY_TASK_MIN-$SLURM_ARRAY_TASK_MAX ($SLURM_ARRAY_TASK_COUNT tasks) is not 0-<N-1>: set SHARDS=N"
    n=$SLURM_ARRAY_TASK_COUNT
fi
[ -x "$KC" ] || die "no kc at $KC (cwd $PWD): submit from the repository root or set KC"
mkdir -p "$RESULTS"

echo "kc-bench: shard $i/$n on $(hostname), restart ${SLURM_RESTART_COUNT:-0}, $(date -u +%FT%TZ)" >&2
# --jobs first, so one given in the arguments wins; --shard and --out are the task's own
exec "$KC" bench --jobs "${SLURM_CPUS_PER_TASK:-1}" "$@" --shard "$i/$n" --out "$RESULTS/shard.$i.jsonl"
