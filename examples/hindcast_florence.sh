#!/usr/bin/env bash
# Florence 2018 over North Carolina (docs/hindcast.md, "Worked example"): upload the best track,
# build the territory from EAGLE-I's modelled customers, hindcast against EAGLE-I's county table;
# writes florence_nc.csv and the page florence_nc.html (open it in a browser).
# Usage: examples/hindcast_florence.sh [samples] [hindcast data folder]
set -euo pipefail
SAMPLES=${1:-100}
H=${2:-../shared/reference/hindcast}
hazsim upload "$H/tracks/hurdat2_2017_2022.txt" --storm AL062018 --from 2018-09-13T00:00 --to 2018-09-18T00:00 --name florence --overwrite
hazsim territory build nc --state NC --customers "$H/eaglei/MCC.csv" --overwrite
hazsim hindcast nc florence --observed "$H/observed/florence2018_nc_outages_cnty.csv" -n "$SAMPLES" -o florence_nc.csv --report florence_nc.html
