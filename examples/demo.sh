#!/usr/bin/env bash
# The main job on the bundled example: validate the example feeder, store it and the example
# hazard in a fresh cache, and show them. Set HAZSIM_DEMO_CACHE to keep the cache somewhere you choose.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
hazsim() { node "$here/../bin/hazsim.js" "$@"; }
cache="${HAZSIM_DEMO_CACHE:-$(mktemp -d -t hazsim-demo-XXXXXX)}"
echo "== cache: $cache"
hazsim validate "$here/feeder/example_feeder.json" --cache-dir "$cache"
hazsim upload "$here/feeder/example_feeder.json" --name example_feeder --description "bundled example feeder (Charleston, SC)" --overwrite --cache-dir "$cache"
hazsim upload "$here/../test/data/tiny_quake.json" --name example_earthquake --description "bundled example earthquake" --overwrite --cache-dir "$cache"
hazsim list --cache-dir "$cache"
hazsim show example_feeder --cache-dir "$cache"
hazsim cache info --cache-dir "$cache"
