#!/usr/bin/env bash
# The main job on the bundled example: store the Charleston example feeder, the example
# earthquake, flood and wildfire over it and the example curve set in a fresh cache, and simulate
# the feeder against each hazard; then a real hurricane, Oscar (2018) from its NHC best track,
# over a copy of the feeder placed under its track (examples/generate-real-storm.ts): simulate,
# draw 1,000 outage scenarios, write an HTML report and estimate who loses power, and for how long. Results go to ./demo-output/ (or $HAZSIM_DEMO_OUT). The
# cache is a temporary folder removed at the end; set HAZSIM_DEMO_CACHE to keep it somewhere
# you choose (it is then left in place).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
hazsim() { node "$here/../bin/hazsim.js" "$@"; }
if [ -n "${HAZSIM_DEMO_CACHE:-}" ]; then
  cache="$HAZSIM_DEMO_CACHE"
else
  cache="$(mktemp -d -t hazsim-demo-XXXXXX)"
  trap 'rm -rf "$cache"' EXIT
fi
out="${HAZSIM_DEMO_OUT:-$PWD/demo-output}"
mkdir -p "$out"
echo "== cache: $cache"
echo "== results: $out"

echo; echo "== validate and store the example feeder"
hazsim validate "$here/feeder/example_feeder.json" --cache-dir "$cache" | head -n 1
hazsim upload "$here/feeder/example_feeder.json" --name example_feeder --description "bundled example feeder (Charleston, SC)" --overwrite --cache-dir "$cache"
hazsim upload "$here/feeder/example_feeder_under_oscar.json" --name example_feeder_under_oscar --overwrite --cache-dir "$cache"

echo; echo "== store the example hazards and curve set"
for hazard in earthquake flood wildfire; do
  hazsim upload "$here/hazards/$hazard.json" --kind hazard --name "example_$hazard" --overwrite --cache-dir "$cache"
done
hazsim upload "$here/hazards/hurricane_oscar_2018.json" --kind hazard --name example_hurricane --overwrite --cache-dir "$cache"
hazsim curve-sets upload "$here/curve-sets/example_curves.json" --overwrite --cache-dir "$cache"
hazsim list --cache-dir "$cache"

# The example curve set uploaded above (its own curves, DEFAULT_CURVES for the pairs it leaves out, as the run warns).
for hazard in earthquake flood wildfire; do
  echo; echo "== simulate example_feeder against example_$hazard with the example curve set"
  hazsim simulate example_feeder "example_$hazard" --curve-set example_curves -o "$out/example_feeder_example_${hazard}_results.sqlite" --cache-dir "$cache"
done

storm_run=example_feeder_under_oscar_example_hurricane
echo; echo "== simulate the feeder copy under Hurricane Oscar (2018 best track) against example_hurricane"
hazsim simulate example_feeder_under_oscar example_hurricane -o "$out/${storm_run}_results.sqlite" --cache-dir "$cache"

echo; echo "== 1,000 outage scenarios for the hurricane (seed 42)"
hazsim scenarios example_feeder_under_oscar example_hurricane -n 1000 --seed 42 -o "$out/example_feeder_under_oscar_scenarios_1000samples.zip" --cache-dir "$cache"

echo; echo "== who loses power, and for how long: impact of 1,000 hurricane scenarios (seed 42, 4 crews)"
hazsim impact example_feeder_under_oscar example_hurricane -n 1000 --seed 42 --crews 4 -o "$out/${storm_run}_impact_1000samples.sqlite" --cache-dir "$cache"

echo; echo "== a report to open in a browser: map, outage curves, fragility curves, provenance"
hazsim report "$out/${storm_run}_results.sqlite" --scenarios "$out/example_feeder_under_oscar_scenarios_1000samples.zip" --impact "$out/${storm_run}_impact_1000samples.sqlite" -o "$out/${storm_run}_report.html" --cache-dir "$cache"

echo; echo "== done: results in $out"
ls -l "$out"
