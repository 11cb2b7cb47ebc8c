#!/usr/bin/env bash
# Submits a sharded scenario run to Slurm: a job array of SHARDS tasks (scenarios-array.sbatch)
# and the merge job (merge.sbatch), which starts when every task has succeeded. Prints the
# merge job's id. Example:
#   SHARDS=16 DISTRIBUTION=feeder HAZARD=storm SAMPLES=10000 SEED=42 \
#   PARTS_DIR=/shared/run1/parts OUTPUT=/shared/run1/scenarios.zip examples/slurm/submit.sh
# Other variables (HAZSIM, METHOD, FORMAT, CURVE_SET, HAZSIM_CACHE_DIR) reach the jobs too:
# sbatch exports the environment it is called with. Extra sbatch options: SBATCH_OPTIONS.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
: "${SHARDS:?set SHARDS (the number of array tasks)}" "${PARTS_DIR:?set PARTS_DIR}" "${OUTPUT:?set OUTPUT}"
mkdir -p "$PARTS_DIR"
read -r -a extra <<< "${SBATCH_OPTIONS:-}"
logs="${LOG_DIR:-$PARTS_DIR}"
array=$(sbatch --parsable "${extra[@]}" --array="0-$((SHARDS - 1))" --output="$logs/scenarios-%A_%a.log" "$here/scenarios-array.sbatch")
array="${array%%;*}"
sbatch --parsable "${extra[@]}" --dependency="afterok:$array" --kill-on-invalid-dep=yes --output="$logs/merge-%j.log" "$here/merge.sbatch"
