#!/usr/bin/env bash
# The main job on the bundled example: store the example feeder and hazard in a fresh
# cache and list them. Set HAZSIM_DEMO_CACHE to keep the cache somewhere you choose.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
hazsim() { node "$here/../bin/hazsim.js" "$@"; }
cache="${HAZSIM_DEMO_CACHE:-$(mktemp -d -t hazsim-demo-XXXXXX)}"
echo "== cache: $cache"
hazsim upload "$here/../test/data/tiny_feeder.json" --name example_feeder --description "bundled example feeder" --overwrite --cache-dir "$cache"
hazsim upload "$here/../test/data/tiny_quake.json" --name example_earthquake --description "bundled example earthquake" --overwrite --cache-dir "$cache"
hazsim list --cache-dir "$cache"
hazsim cache info --cache-dir "$cache"
