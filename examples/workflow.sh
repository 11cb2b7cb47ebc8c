#!/usr/bin/env bash
# The whole hazsim workflow from a script: every step with --json, read with jq.
#   examples/workflow.sh [cache-dir] [output-dir]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
hazsim() { node "$here/../bin/hazsim.js" "$@"; }
cache="${1:-$(mktemp -d -t hazsim-workflow-XXXXXX)}"
out="${2:-$(mktemp -d -t hazsim-workflow-out-XXXXXX)}"
# A folder given that does not exist yet is made (with its parents), as for the cache.
mkdir -p "$cache" "$out"
export HAZSIM_CACHE_DIR="$cache"

# 1. Validate before storing: the exit code says whether the file is usable.
hazsim validate "$here/feeder/example_feeder.json" --json | jq -e '.valid' > /dev/null

# 2. Store the feeder, a hazard and a custom curve set.
hazsim upload "$here/feeder/example_feeder.json" --name charleston --overwrite --json | jq -r '.message'
hazsim upload "$here/hazards/hurricane.json" --name storm --overwrite --json | jq -r '.message'
hazsim curve-sets upload "$here/curve-sets/example_curves.json" --name my_curves --overwrite --json | jq -r '.name'

# 3. What is in the cache, and what can be simulated.
hazsim list --json | jq -r '.[] | "\(.kind)\t\(.name)\t\(.created_at)"'
hazsim hazard-types --json | jq -r '.hazard_types | join(", ")'
hazsim curve-sets --json | jq -r '"curve sets: \(.curve_sets | join(", ")) (default \(.default))"'
hazsim cache info --json | jq -r '"\(.total_models) models, \(.total_size_mb) MB in \(.cache_directory)"'

# 4. Simulate with the default curves and with the custom set; compare the weakest asset.
for curves in DEFAULT_CURVES my_curves; do
  hazsim simulate charleston storm --curve-set "$curves" -o "$out/charleston_storm_$curves.sqlite" --json |
    jq -r --arg curves "$curves" '"\($curves): \(.asset_count) assets, lowest survival \(.lowest_survival[0].survival_probability) (\(.lowest_survival[0].name))"'
done

# 5. Scenarios for a power-flow study: how many samples saw outages.
hazsim scenarios charleston storm -n 500 --seed 7 -o "$out/charleston_scenarios.zip" --json |
  jq -r '"\(.number_of_samples) samples, \(.total_scenarios) scenario records, \(.samples_with_failures) samples with outages"'

# 6. Read the results back: SQLite with sqlite3, the ZIP with unzip and jq.
sqlite3 "$out/charleston_storm_DEFAULT_CURVES.sqlite" \
  "SELECT asset_type, ROUND(MIN(survival_probability), 4) FROM assetstatetable GROUP BY asset_type ORDER BY 2 LIMIT 3"
unzip -p "$out/charleston_scenarios.zip" tracked_changes.json | jq -r '.tracked_changes[0] | "\(.scenario_name) at \(.timestamp): \(.edits | length) components out of service"'

# 7. Clean up what this script stored.
hazsim delete storm --kind hazard --json | jq -r '.message'
hazsim curve-sets delete my_curves --json | jq -r '.message'
echo "results in $out"
