#!/bin/bash
# Slurm job array running one kc bench shard per array task.
#
#   sbatch scripts/slurm_bench.sh                      # baselines, all tasks/configs
#   sbatch --export=ALL,KERNELS=my_kernels scripts/slurm_bench.sh
#
# Each task writes results.<i>.jsonl (one JSON record per evaluation, appended as
# it completes; a requeued or rerun task skips what its file already holds).
# When the array is done, join the shards and print the table:
#
#   ./build/kc merge results.jsonl results.*.jsonl
#   ./build/kc bench --table results.jsonl
#
#SBATCH --job-name=kc-bench
#SBATCH --array=0-7
#SBATCH --cpus-per-task=2
#SBATCH --time=02:00:00
#SBATCH --output=kc-bench.%A_%a.log
set -euo pipefail

KC=${KC:-./build/kc}
KERNELS=${KERNELS:-baseline}
PLATFORM=${PLATFORM:-npu}

exec "$KC" bench --platform "$PLATFORM" --kernels "$KERNELS" \
    --jobs "${SLURM_CPUS_PER_TASK:-1}" \
    --shard "$SLURM_ARRAY_TASK_ID/$SLURM_ARRAY_TASK_COUNT" \
    --out "results.$SLURM_ARRAY_TASK_ID.jsonl" ${EXTRA_ARGS:-}
