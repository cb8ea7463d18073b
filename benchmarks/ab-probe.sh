#!/usr/bin/env bash
# A/B probe: framework servers with different JVM options (or builds), all started at once on copies of
# one seeded H2 database (or one PostgreSQL schema each), each warmed up, then measured by wrk in many
# short interleaved rounds: every round runs every variant once per endpoint, in the given order on odd
# rounds and reversed on even ones. On a shared 2-core machine throughput drifts by up to 2x over minutes;
# interleaving puts the variants being compared next to each other in time, and the ratio is taken within
# each round (variant / first variant) and reported as the median over the rounds, with its range.
# Usage: benchmarks/ab-probe.sh --variant hs256="-Dfx.security.jwt.secret=..." --variant other="..." [options]
#   --db h2|postgres (h2)   --rows N (10000)   --endpoints get,list (get,list)   --rounds N (6)
#   --warmup S (30, per server)   --duration S (5, per measured run)   --threads N (2)   --connections N (32)
#   --heap SIZE (512m)
#   the endpoints are wrk/bench.lua's; cursor-deep and filtered-cursor take each server's cursors from its own
#   offset pages after it starts, as run.sh does (they need --rows 1000000)
#   --references N (1)   the first N variants are the same server started N times (say hs256 and hs256-b):
#                        ratios are then taken against their mean in each round, and each of them is
#                        reported too, which shows how far two identical servers drift apart (the noise)
#   --variant-dir NAME=DIR   run variant NAME from another checkout's benchmarks directory DIR (built there),
#                            e.g. to compare two commits in one probe
#   --handwritten NAME=OPTS  a variant that runs the hand-written service (benchmarks/handwritten-app) with OPTS
#                            instead of the blog, for a ratio against it measured in the same interleaved rounds;
#                            e.g. --handwritten handwritten-tx="-Dbench.framework-write-guarantees=true"
#   --pg-pool N              on PostgreSQL, give framework variants N write and N read connections, as run.sh does
#                            (10); without it they keep the framework's own pool sizes
#   --out DIR (benchmarks/results/probe-<UTC time>)
# BENCH_HEADERS and BENCH_TOKENS (a file of bearer tokens, one per line) are passed to wrk (see wrk/bench.lua).
# BENCH_PORT_OFFSET (0) is added to every port, for a probe beside another run (with PG_DB naming another database).
# Needs a build: mvn -B -q package -DskipTests -pl benchmarks/framework-app,benchmarks/handwritten-app -am
set -euo pipefail

HERE="$(cd "$(dirname "$0")" && pwd)"
source "$HERE/lib.sh"
DB=h2; ROWS=10000; ENDPOINTS=get,list; ROUNDS=6; WARMUP=30; DURATION=5; THREADS=2; CONNECTIONS=32; HEAP=512m
REFS=1; OUT=""; PG_POOL=""; declare -a NAMES=(); declare -A OPTS=(); declare -A DIRS=(); declare -A HANDWRITTEN=()
while [[ $# -gt 0 ]]; do
  case "$1" in
    --variant) NAMES+=("${2%%=*}"); OPTS[${2%%=*}]="${2#*=}"; shift 2 ;;
    --variant-dir) DIRS[${2%%=*}]="${2#*=}"; shift 2 ;;
    --handwritten) NAMES+=("${2%%=*}"); OPTS[${2%%=*}]="${2#*=}"; HANDWRITTEN[${2%%=*}]=1; shift 2 ;;
    --pg-pool) PG_POOL="$2"; shift 2 ;;
    --db) DB="$2"; shift 2 ;;
    --rows) ROWS="$2"; shift 2 ;;
    --endpoints) ENDPOINTS="$2"; shift 2 ;;
    --rounds) ROUNDS="$2"; shift 2 ;;
    --warmup) WARMUP="$2"; shift 2 ;;
    --duration) DURATION="$2"; shift 2 ;;
    --threads) THREADS="$2"; shift 2 ;;
    --connections) CONNECTIONS="$2"; shift 2 ;;
    --heap) HEAP="$2"; shift 2 ;;
    --references) REFS="$2"; shift 2 ;;
    --out) OUT="$2"; shift 2 ;;
    *) echo "unknown option $1 (see the head of $0)" >&2; exit 2 ;;
  esac
done
command -v wrk > /dev/null || { echo "wrk is missing (Debian: apt-get install wrk)" >&2; exit 2; }
[[ ${#NAMES[@]} -ge 2 ]] || { echo "give at least two --variant NAME=OPTS; the first is the reference" >&2; exit 2; }
[[ "$REFS" =~ ^[1-9][0-9]*$ && "$REFS" -le ${#NAMES[@]} ]] || { echo "--references must be 1 to ${#NAMES[@]}" >&2; exit 2; }
OUT="${OUT:-$HERE/results/probe-$(date -u +%Y%m%dT%H%M%SZ)}"; mkdir -p "$OUT"
OUT="$(cd "$OUT" && pwd)" # absolute: H2 refuses a database file path relative to the working directory
log() { echo "[$(date -u +%H:%M:%S)] $*" | tee -a "$OUT/probe.log" >&2; }
classpath() { bench_classpath "$1/${2:-framework-app}/target"; } # benchmarks-dir [module]
PG="${PG_HOST:-127.0.0.1}"
psql_run() { timeout 60 psql -q -h "$PG" -p "${PG_PORT:-5432}" -U "${PG_USER:-postgres}" -d "${PG_DB:-test}" -v ON_ERROR_STOP=1 -c "$1"; }
db_url() { # variant index
  if [[ "$DB" == h2 ]]; then echo "jdbc:h2:file:$OUT/db/v$1"
  else echo "jdbc:postgresql://$PG:${PG_PORT:-5432}/${PG_DB:-test}?currentSchema=fx_probe_$1"; fi
}
if [[ "$DB" == h2 ]]; then USER=sa; DRIVER=org.h2.Driver; else USER="${PG_USER:-postgres}"; DRIVER=org.postgresql.Driver; fi

declare -A PID=() PORT=()
stop_all() { for p in "${PID[@]}"; do kill "$p" 2>/dev/null || true; done; wait 2>/dev/null || true; }
trap stop_all EXIT

# one seeding, copied (H2) or repeated (PostgreSQL) per variant, so every server reads the same rows
log "seeding $ROWS posts ($DB)"
if [[ "$DB" == postgres ]]; then psql_run "DROP SCHEMA IF EXISTS fx_probe_0 CASCADE; CREATE SCHEMA fx_probe_0;"; fi
timeout 600 java -cp "$(classpath "$HERE")" io.fx.micronaut.benchmarks.framework.BenchmarkSeeder --url "$(db_url 0)" \
  --user "$USER" --password "" --rows "$ROWS" --ids "$OUT/ids.txt" --schema framework > "$OUT/seed.log" 2>&1
for i in $(seq 1 $(( ${#NAMES[@]} - 1 ))); do
  if [[ "$DB" == h2 ]]; then cp "$OUT/db/v0.mv.db" "$OUT/db/v$i.mv.db"
  else
    psql_run "DROP SCHEMA IF EXISTS fx_probe_$i CASCADE; CREATE SCHEMA fx_probe_$i;"
    timeout 600 java -cp "$(classpath "$HERE")" io.fx.micronaut.benchmarks.framework.BenchmarkSeeder --url "$(db_url "$i")" \
      --user "$USER" --password "" --rows "$ROWS" --ids "$OUT/ids-$i.txt" --schema framework >> "$OUT/seed.log" 2>&1
  fi
done

declare -A CURSOR_DEEP=() CURSOR_FILTERED=()
wrk_line() { # variant endpoint seconds file
  BENCH_CURSOR_DEEP="${CURSOR_DEEP[$1]:-}" BENCH_CURSOR_FILTERED="${CURSOR_FILTERED[$1]:-}" \
  timeout $(( $3 + 60 )) wrk -t"$THREADS" -c"$CONNECTIONS" -d"$3s" --timeout 5s --latency -s "$HERE/wrk/bench.lua" \
    "http://127.0.0.1:${PORT[$1]}" -- "$2" "$OUT/ids.txt" 20 > "$4" 2>&1 || { cat "$4" >&2; exit 1; }
  grep '^BENCH ' "$4"
}
fetch_cursors() { # variant: the cursors of the deep-page endpoints, from the server's own offset pages (as run.sh)
  [[ ",$ENDPOINTS," == *",cursor-deep,"* || ",$ENDPOINTS," == *",filtered-cursor,"* ]] || return 0
  { read -r "CURSOR_DEEP[$1]"; read -r "CURSOR_FILTERED[$1]"; } < <(bench_deep_cursors "http://127.0.0.1:${PORT[$1]}" 20)
  [[ -n "${CURSOR_DEEP[$1]}" && -n "${CURSOR_FILTERED[$1]}" ]] \
    || { echo "$1 gave no cursor for the deep pages (too few rows? use --rows 1000000)" >&2; exit 1; }
}
IFS=, read -r -a EPS <<< "$ENDPOINTS"

for i in "${!NAMES[@]}"; do
  name="${NAMES[$i]}"; PORT[$name]=$(( 18190 + ${BENCH_PORT_OFFSET:-0} + i ))
  read -r -a extra <<< "${OPTS[$name]}"
  log "starting $name on port ${PORT[$name]}"
  if [[ -n "${HANDWRITTEN[$name]:-}" ]]; then
    server_opts=(); module=handwritten-app; main=io.fx.micronaut.benchmarks.handwritten.HandWrittenApplication
  else
    # as run.sh: no change history, scheduled sweeps or metrics unless a variant turns them on (its options come
    # later and win), and on PostgreSQL with --pg-pool its pool sizes
    server_opts=("${BENCH_FRAMEWORK_OPTS[@]}"); module=framework-app; main=io.fx.micronaut.benchmarks.framework.FrameworkApplication
    [[ "$DB" == postgres && -n "$PG_POOL" ]] && server_opts+=(-Dfx.db.write-pool-size="$PG_POOL" -Dfx.db.read-pool-size="$PG_POOL")
  fi
  PORT="${PORT[$name]}" java -Xmx"$HEAP" -XX:+UseG1GC "${server_opts[@]}" "${extra[@]}" -Dmicronaut.server.port="${PORT[$name]}" \
    -Ddatasources.default.url="$(db_url "$i")" -Ddatasources.default.driver-class-name="$DRIVER" \
    -Ddatasources.default.username="$USER" -Ddatasources.default.password= \
    -cp "$(classpath "${DIRS[$name]:-$HERE}" "$module")" "$main" \
    >> "$OUT/server-$name.log" 2>&1 &
  PID[$name]=$!
  deadline=$(( $(date +%s) + 120 ))
  until curl -s -o /dev/null --connect-timeout 1 -m 2 "http://127.0.0.1:${PORT[$name]}/" 2>/dev/null; do
    kill -0 "${PID[$name]}" 2>/dev/null || { tail -20 "$OUT/server-$name.log" >&2; exit 1; }
    [[ $(date +%s) -lt $deadline ]] || { echo "server $name did not start" >&2; exit 1; }
    sleep 0.1
  done
  fetch_cursors "$name"
  for ep in "${EPS[@]}"; do
    line="$(wrk_line "$name" "$ep" $(( WARMUP / ${#EPS[@]} + 1 )) "$OUT/warm-$name-$ep.txt")"
    [[ "$(bench_field "$line" errors)" == 0 ]] || log "WARNING: $name $ep warm-up had errors: $line"
  done
done

echo "round,endpoint,variant,rps,p99_us,errors" > "$OUT/runs.csv"
for round in $(seq 1 "$ROUNDS"); do
  order=("${NAMES[@]}")
  if (( round % 2 == 0 )); then order=(); for (( k=${#NAMES[@]}-1; k>=0; k-- )); do order+=("${NAMES[$k]}"); done; fi
  log "round $round: ${order[*]}"
  for ep in "${EPS[@]}"; do
    for name in "${order[@]}"; do
      line="$(wrk_line "$name" "$ep" "$DURATION" "$OUT/wrk-$name-$ep-$round.txt")"
      echo "$round,$ep,$name,$(bench_field "$line" rps),$(bench_field "$line" p99_us),$(bench_field "$line" errors)" >> "$OUT/runs.csv"
    done
  done
done

# per round and endpoint: variant / reference (the mean of the references); then the median, mean and range
REF_LABEL="${NAMES[0]}"; (( REFS == 1 )) || REF_LABEL="the mean of ${NAMES[*]:0:$REFS}"
awk -F, -v refs="$REFS" -v names="${NAMES[*]}" -v eps="${EPS[*]}" -v label="$REF_LABEL" '
  NR > 1 { rps[$1, $2, $3] = $4; err[$2, $3] += $6; if ($1 > rounds) rounds = $1 }
  function median(a, n,   i, j, t) {
    for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (a[j] < a[i]) { t = a[i]; a[i] = a[j]; a[j] = t }
    return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
  }
  END {
    split(names, N, " "); split(eps, E, " ")
    print "| endpoint | variant | median req/s | median ratio to " label " | mean ratio | ratio range | errors |"
    print "|---|---|---:|---:|---:|---|---:|"
    for (e = 1; e in E; e++) for (v = 1; v in N; v++) {
      delete R; delete S; n = 0; sum = 0
      for (r = 1; r <= rounds; r++) {
        ref = 0; for (k = 1; k <= refs; k++) ref += rps[r, E[e], N[k]] / refs
        if ((r, E[e], N[v]) in rps && ref > 0) {
          n++; R[n] = rps[r, E[e], N[v]] / ref; S[n] = rps[r, E[e], N[v]]; sum += R[n]
        }
      }
      lo = 1e9; hi = 0; for (k = 1; k <= n; k++) { if (R[k] < lo) lo = R[k]; if (R[k] > hi) hi = R[k] }
      printf "| %s | %s | %.0f | %.2f | %.2f | %.2f-%.2f | %d |\n", E[e], N[v], median(S, n), median(R, n), sum / n, lo, hi, err[E[e], N[v]]
    }
  }' "$OUT/runs.csv" > "$OUT/results.md"
cat "$OUT/results.md"
log "results in $OUT/results.md ($OUT/runs.csv has every run)"
