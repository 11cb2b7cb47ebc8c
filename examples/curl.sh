#!/usr/bin/env bash
# Every endpoint of the hazsim REST API, called with curl against a running `hazsim serve`.
#
#   BASE_URL      the server (default http://127.0.0.1:8000)
#   FEEDER_FILE   a distribution model, JSON or ZIP (default: the example feeder)
#   HAZARD_FILE   a hazard model, JSON or ZIP (default: the example hurricane)
#   CURVES_FILE   a custom fragility curve set, JSON (default: the example curve set); set
#                 it empty to skip the curve-set upload, get and delete and run with
#                 DEFAULT_CURVES
#   API_KEY       the server's API key, when it was started with one
#   OUT_DIR       where the downloaded SQLite and ZIP go (default: a new temporary folder)
#
# Any HTTP error stops the script and shows the server's {"detail", "status_code"} body.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
BASE_URL="${BASE_URL:-http://127.0.0.1:8000}"
FEEDER_FILE="${FEEDER_FILE:-$here/feeder/example_feeder.json}"
HAZARD_FILE="${HAZARD_FILE:-$here/hazards/hurricane.json}"
CURVES_FILE="${CURVES_FILE-$here/curve-sets/example_curves.json}"
OUT_DIR="${OUT_DIR:-$(mktemp -d -t hazsim-curl-XXXXXX)}"
mkdir -p "$OUT_DIR"
auth=()
if [[ -n "${API_KEY:-}" ]]; then auth=(-H "Authorization: Bearer $API_KEY"); fi

call() {
  local title="$1"
  shift
  echo "== $title"
  curl --silent --show-error --fail-with-body "${auth[@]}" "$@"
  echo
}

call "API information" "$BASE_URL/"
call "health" "$BASE_URL/health"
call "supported hazard types" "$BASE_URL/supported-hazard-types"

# Uploads are multipart: file (required), name and description (optional), overwrite=true to replace.
call "upload a distribution model" -F "file=@$FEEDER_FILE" -F name=curl_feeder -F "description=uploaded by examples/curl.sh" -F overwrite=true "$BASE_URL/distribution-models"
call "upload a hazard model" -F "file=@$HAZARD_FILE" -F name=curl_hazard -F overwrite=true "$BASE_URL/hazard-models"
call "list distribution models (rescanning the cache first)" "$BASE_URL/distribution-models?refresh=true"
call "list hazard models" "$BASE_URL/hazard-models"
call "get a distribution model with its content" "$BASE_URL/distribution-models/curl_feeder"
call "get a hazard model with its content" "$BASE_URL/hazard-models/curl_hazard"

call "curve sets: every name and the default" "$BASE_URL/default-curve-sets"
call "curve sets: built-in and custom records" "$BASE_URL/curve-sets"
curve_set=DEFAULT_CURVES
if [[ -n "$CURVES_FILE" ]]; then
  call "upload a custom curve set" -F "file=@$CURVES_FILE" -F name=curl_curves -F overwrite=true "$BASE_URL/curve-sets"
  call "get a custom curve set" "$BASE_URL/curve-sets/curl_curves"
  curve_set=curl_curves
fi

# Downloads: -OJ keeps the server's file name (Content-Disposition) inside OUT_DIR.
(cd "$OUT_DIR" && call "simulate (SQLite download)" -OJ -H 'Content-Type: application/json' \
  -d "{\"distribution_system_name\": \"curl_feeder\", \"hazard_system_name\": \"curl_hazard\", \"curve_set\": \"$curve_set\"}" "$BASE_URL/simulate")
(cd "$OUT_DIR" && call "generate scenarios (ZIP download)" -OJ -H 'Content-Type: application/json' \
  -d "{\"distribution_system_name\": \"curl_feeder\", \"hazard_system_name\": \"curl_hazard\", \"curve_set\": \"$curve_set\", \"number_of_samples\": 10, \"seed\": 42}" "$BASE_URL/generate-scenarios")

# The same scenarios as a job (docs/jobs.md): submitted, followed as Server-Sent Events until
# they end, downloaded into OUT_DIR/job (the same bytes as the ZIP above), then removed.
echo "== submit a scenario job"
submitted="$(curl --silent --show-error --fail-with-body "${auth[@]}" -H 'Content-Type: application/json' \
  -d "{\"kind\": \"scenarios\", \"request\": {\"distribution_system_name\": \"curl_feeder\", \"hazard_system_name\": \"curl_hazard\", \"curve_set\": \"$curve_set\", \"number_of_samples\": 10, \"seed\": 42}}" \
  "$BASE_URL/jobs")"
echo "$submitted"
job_id="$(printf '%s' "$submitted" | sed -E 's/^\{"id":"([^"]+)".*/\1/')"
call "follow the job (Server-Sent Events until its final state)" --no-buffer "$BASE_URL/jobs/$job_id/events"
call "the finished job" "$BASE_URL/jobs/$job_id"
call "list jobs" "$BASE_URL/jobs"
mkdir -p "$OUT_DIR/job"
(cd "$OUT_DIR/job" && call "download the job's result" -OJ "$BASE_URL/jobs/$job_id/result")
call "remove the finished job with its result" -X DELETE "$BASE_URL/jobs/$job_id"

echo "downloaded into $OUT_DIR:"
ls -lR "$OUT_DIR"

call "cache statistics" "$BASE_URL/cache-info"
call "refresh the cache index from disk" -X POST "$BASE_URL/refresh-cache"

if [[ -n "$CURVES_FILE" ]]; then call "delete the custom curve set" -X DELETE "$BASE_URL/curve-sets/curl_curves"; fi
call "delete the distribution model" -X DELETE "$BASE_URL/distribution-models/curl_feeder"
call "delete the hazard model" -X DELETE "$BASE_URL/hazard-models/curl_hazard"

echo "== documentation (HTTP status of each page)"
for page in openapi.json docs redoc; do
  printf '%s %s\n' "$(curl --silent --output /dev/null --write-out '%{http_code}' "$BASE_URL/$page")" "$BASE_URL/$page"
done
