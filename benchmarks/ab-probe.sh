#!/usr/bin/env bash
# A/B probe: framework servers with different JVM options, started ONE AT A TIME on the same seeded
# database, each warmed up and then measured by wrk, in the order given, repeated --rounds times. Unlike
# run.sh (every server up for the whole run), only the server being measured runs, so idle JVMs do not
# take CPU from it. Ratios are against the first variant, per round and per endpoint.
# Usage: benchmarks/ab-probe.sh --variant hs256="-Dfx.security.jwt.secret=..." --variant other="..." [options]
#   --db h2|postgres (h2)   --rows N (10000)   --endpoints get,list (get,list)   --rounds N (2)
#   --warmup S (8)   --duration S (8)   --threads N (2)   --connections N (32)   --heap SIZE (512m)
#   --variant-dir NAME=DIR   run variant NAME from another checkout's benchmarks directory DIR (built there),
#                            e.g. to compare two commits in one probe
#   --cpus LIST   taskset the server onto these CPUs (wrk and the database/broker keep the rest); default none
#   --out DIR (benchmarks/results/probe-<UTC time>)
# BENCH_HEADERS and BENCH_TOKENS (a file of bearer tokens, one per line) are passed to wrk (see wrk/bench.lua).
# Needs a build: mvn -B -q package -DskipTests -pl benchmarks/framework-app -am
set -euo pipefail

HERE="$(cd "$(dirname "$0")" && pwd)"
DB=h2; ROWS=10000; ENDPOINTS=get,list; ROUNDS=2; WARMUP=8; DURATION=8; THREADS=2; CONNECTIONS=32; HEAP=512m
CPUS=""; OUT=""; declare -a NAMES=(); declare -A OPTS=(); declare -A DIRS=()
while [[ $# -gt 0 ]]; do
  case "$1" in
    --variant) NAMES+=("${2%%=*}"); OPTS[${2%%=*}]="${2#*=}"; shift 2 ;;
    --variant-dir) DIRS[${2%%=*}]="${2#*=}"; shift 2 ;;
    --db) DB="$2"; shift 2 ;;
    --rows) ROWS="$2"; shift 2 ;;
    --endpoints) ENDPOINTS="$2"; shift 2 ;;
    --rounds) ROUNDS="$2"; shift 2 ;;
    --warmup) WARMUP="$2"; shift 2 ;;
    --duration) DURATION="$2"; shift 2 ;;
    --threads) THREADS="$2"; shift 2 ;;
    --connections) CONNECTIONS="$2"; shift 2 ;;
    --heap) HEAP="$2"; shift 2 ;;
    --cpus) CPUS="$2"; shift 2 ;;
    --out) OUT="$2"; shift 2 ;;
    *) echo "unknown option $1 (see the head of $0)" >&2; exit 2 ;;
  esac
done
command -v wrk > /dev/null || { echo "wrk is missing (Debian: apt-get install wrk)" >&2; exit 2; }
[[ ${#NAMES[@]} -ge 1 ]] || { echo "give at least one --variant NAME=OPTS" >&2; exit 2; }
OUT="${OUT:-$HERE/results/probe-$(date -u +%Y%m%dT%H%M%SZ)}"; mkdir -p "$OUT"
classpath() { # benchmarks-dir
  echo "$(ls "$1"/framework-app/target/fx-micronaut-benchmarks-*-0.1.0-SNAPSHOT.jar):$(cat "$1/framework-app/target/classpath.txt")"
}
CP="$(classpath "$HERE")"
PORT=18190
if [[ "$DB" == h2 ]]; then
  URL="jdbc:h2:file:$OUT/db/probe"; USER=sa; DRIVER=org.h2.Driver
else
  URL="jdbc:postgresql://${PG_HOST:-127.0.0.1}:${PG_PORT:-5432}/${PG_DB:-test}?currentSchema=fx_probe"; USER=postgres
  DRIVER=org.postgresql.Driver
  timeout 60 psql -q -h "${PG_HOST:-127.0.0.1}" -U postgres -d "${PG_DB:-test}" -v ON_ERROR_STOP=1 \
    -c "DROP SCHEMA IF EXISTS fx_probe CASCADE; CREATE SCHEMA fx_probe;"
fi
log() { echo "[$(date -u +%H:%M:%S)] $*" | tee -a "$OUT/probe.log" >&2; }

log "seeding $ROWS posts ($DB)"
timeout 600 java -cp "$CP" io.fx.micronaut.benchmarks.framework.BenchmarkSeeder --url "$URL" --user "$USER" \
  --password "" --rows "$ROWS" --ids "$OUT/ids.txt" --schema framework > "$OUT/seed.log" 2>&1

PID=""
stop() { [[ -z "$PID" ]] || { kill "$PID" 2>/dev/null || true; wait "$PID" 2>/dev/null || true; PID=""; }; }
trap stop EXIT
start() { # name
  local pin=(); [[ -z "$CPUS" ]] || pin=(taskset -c "$CPUS")
  read -r -a extra <<< "${OPTS[$1]}"
  ${pin[@]+"${pin[@]}"} java -Xmx"$HEAP" -XX:+UseG1GC "${extra[@]}" -Dmicronaut.server.port="$PORT" \
    -Ddatasources.default.url="$URL" -Ddatasources.default.driver-class-name="$DRIVER" \
    -Ddatasources.default.username="$USER" -Ddatasources.default.password= \
    -cp "$(classpath "${DIRS[$1]:-$HERE}")" io.fx.micronaut.benchmarks.framework.FrameworkApplication >> "$OUT/server-$1.log" 2>&1 &
  PID=$!
  local deadline=$(( $(date +%s) + 120 ))
  until curl -s -o /dev/null --connect-timeout 1 -m 2 "http://127.0.0.1:$PORT/health/live" 2>/dev/null \
        || curl -s -o /dev/null --connect-timeout 1 -m 2 "http://127.0.0.1:$PORT/" 2>/dev/null; do
    kill -0 "$PID" 2>/dev/null || { tail -20 "$OUT/server-$1.log" >&2; exit 1; }
    [[ $(date +%s) -lt $deadline ]] || { echo "server $1 did not start" >&2; exit 1; }
    sleep 0.1
  done
}
wrk_line() { # endpoint seconds file
  timeout $(( $2 + 60 )) wrk -t"$THREADS" -c"$CONNECTIONS" -d"$2s" --timeout 5s --latency -s "$HERE/wrk/bench.lua" \
    "http://127.0.0.1:$PORT" -- "$1" "$OUT/ids.txt" 20 > "$3" 2>&1
  grep '^BENCH ' "$3"
}

IFS=, read -r -a EPS <<< "$ENDPOINTS"
echo "| round | endpoint | variant | req/s | p99 ms | errors | ratio to ${NAMES[0]} |" > "$OUT/results.md"
echo "|---|---|---|---:|---:|---:|---:|" >> "$OUT/results.md"
for round in $(seq 1 "$ROUNDS"); do
  declare -A BASE=()
  for name in "${NAMES[@]}"; do
    log "round $round: $name"
    start "$name"
    for ep in "${EPS[@]}"; do wrk_line "$ep" $(( WARMUP / ${#EPS[@]} + 1 )) "$OUT/warm-$name-$ep-$round.txt" > /dev/null; done
    for ep in "${EPS[@]}"; do
      line="$(wrk_line "$ep" "$DURATION" "$OUT/wrk-$name-$ep-$round.txt")"
      rps="$(sed -n 's/.* rps=\([^ ]*\).*/\1/p' <<< "$line")"
      p99="$(sed -n 's/.* p99_us=\([^ ]*\).*/\1/p' <<< "$line")"
      errors="$(sed -n 's/.* errors=\([^ ]*\).*/\1/p' <<< "$line")"
      [[ -n "${BASE[$ep]:-}" ]] || BASE[$ep]="$rps"
      ratio="$(awk -v a="$rps" -v b="${BASE[$ep]}" 'BEGIN{printf "%.2f", a / b}')"
      echo "| $round | $ep | $name | $rps | $(awk -v p="$p99" 'BEGIN{printf "%.2f", p / 1000}') | $errors | $ratio |" \
        | tee -a "$OUT/results.md"
    done
    stop
  done
  unset BASE
done
log "results in $OUT/results.md"
