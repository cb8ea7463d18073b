#!/usr/bin/env bash
# Load benchmark: the blog example served by fx-micronaut (A, "framework") against a hand-written
# Micronaut controller over the same table (B, "handwritten"), driven by wrk on loopback.
# See BENCHMARKS.md at the repository root for the method. Usage: benchmarks/run.sh --help
set -euo pipefail

usage() {
  cat <<'EOF'
benchmarks/run.sh [options]
  --db h2|postgres|both      databases to run on (default h2)
  --warmup SECONDS           JIT pre-warm per server before the read/update runs (default 60)
  --write-warmup SECONDS     extra pre-warm of POST per server right before the create runs (default 15)
  --duration SECONDS         length of one measured wrk run (default 20)
  --rounds N                 measured runs per server and endpoint, alternating A/B then B/A (default 2)
  --rows N                   posts seeded per database (default 10000)
  --authors N                authors seeded per framework database when an author endpoint runs (default 10000)
  --page-size N              limit of the list endpoints (default 20)
  --endpoints LIST           comma-separated subset of get,list,filtered,update,create,delete (default all
                             but delete; delete alternates POST and DELETE of the post just created, per thread)
                             and of the list-at-scale endpoints (never by default): list-none (page 1, total=none),
                             list-estimated (page 1, total=estimated), cursor-deep (total=none, page 5,000 reached
                             by cursor), offset-deep (total=none, page=5000), filtered-cursor (status published,
                             newest first, total=none, page 1,000 reached by cursor); each server's cursors are
                             fetched from its own offset pages before the warm-up; history (GET
                             /posts/{id}/history?limit=<page size> of a post patched 20 times first: served only by
                             a framework server with -Dfx.history.enabled=true, skipped for the others). Framework
                             servers start without history, the scheduled runner and Micrometer's metrics (lib.sh's
                             BENCH_FRAMEWORK_OPTS), so the blog's versioned Post writes no history unless a variant
                             turns it on: --variant versioned="-Dfx.history.enabled=true"
                             The author endpoints (never by default; framework servers only, skipped for the
                             hand-written ones): author-get (GET /authors/{id} of a seeded author), author-list
                             (GET /authors, page 1 of the page size, with the total), author-create (POST /authors,
                             each with an e-mail of its own); with any of them, each framework server's database gets
                             --authors authors too, seeded through a context of the blog configured as that server
                             (its variant's options), so their e-mails are stored encrypted on a server whose
                             variant sets the blog's keys: --variant encrypted="-Dbench.env.BLOG_KEY_DEFAULT=<base64
                             of 32 bytes> -Dbench.env.BLOG_KEY_INDEX=<another>" (-Dbench.env.NAME=VALUE sets the
                             blog variable NAME for the server and its seeder)
  --servers LIST             framework,handwritten (default both; one alone gives no ratio); add
                             handwritten-tx for a second baseline: the hand-written service giving each
                             create and update the framework's write guarantees (its own transaction, and
                             on H2 the embedded write lock), reported against the framework in its own table
  --variant NAME=OPTS        another framework server NAME (letters, digits, dashes) with extra JVM options,
                             e.g. --variant scoped="-Dbench.scope=true"; repeatable; each is added to
                             --servers and reported against framework in its own table
  --base-dir DIR             a second checkout (another commit) whose benchmarks/framework-app was built
                             (mvn -B -q package -DskipTests -pl benchmarks/framework-app -am): adds server
                             framework-base, reported against framework in the variants table
  --threads N --connections N  wrk threads and connections (default 2 and 32)
  --java PATH                java executable for both servers (default: java on PATH)
  --heap SIZE                -Xmx of both servers (default 512m)
  --jvm-opts "OPTS"          extra JVM options for both servers
                             (the environment variable BENCH_HEADERS="Name: value|Name: value" adds headers,
                             e.g. credentials for the security variants, to every request wrk sends)
  --pg-pool N|spec           PostgreSQL connections: N (default 10, Hikari's default, which the hand-written
                             service uses) for the framework's write pool and N for its read pool, so each
                             endpoint runs on as many connections on both sides; "spec" keeps the framework's
                             own defaults (3 write, 6 read)
  --startup-runs N           cold starts per server for the startup figure, median kept (default 3)
  --schema framework|ddl|existing  who creates the posts table: the framework's migration (default), plain
                             DDL (for a database the framework cannot serve yet; then use --servers handwritten),
                             or nobody (a table prepared beforehand; PostgreSQL only, the schemas are not reset)
  --jfr                      record a JFR profile of each server during the measured runs
  --skip-build               use the jars already built
  --out DIR                  results directory (default benchmarks/results/<UTC time>)
  --smoke                    a quick check of the harness: --warmup 5 --write-warmup 2 --duration 3
                             --rounds 1 --rows 1000 --authors 1000 --startup-runs 1 (figures meaningless)
Environment: PG_HOST (127.0.0.1) PG_PORT (5432) PG_DB (test) PG_USER (postgres) PG_PASSWORD ('')
             BENCH_PORT_OFFSET (0): added to every server port, for a second run beside another one
             PG_SCHEMA_PREFIX (fx_bench_): the PostgreSQL schemas are <prefix><server>, for a second run beside
             another one in the same database
EOF
}

ARGS="$*"
DBS=h2; WARMUP=60; WRITE_WARMUP=15; DURATION=20; ROUNDS=2; ROWS=10000; AUTHORS=10000; PAGE_SIZE=20
ENDPOINTS=get,list,filtered,update,create; SERVERS=framework,handwritten; THREADS=2; CONNECTIONS=32
JAVA_BIN=java; HEAP=512m; JVM_OPTS=""; PG_POOL=10; STARTUP_RUNS=3; SCHEMA=framework; JFR=0; BUILD=1; OUT=""
BASE_DIR=""; declare -a VARIANTS=()
while [[ $# -gt 0 ]]; do
  case "$1" in
    --db) DBS="$2"; shift 2 ;;
    --warmup) WARMUP="$2"; shift 2 ;;
    --write-warmup) WRITE_WARMUP="$2"; shift 2 ;;
    --duration) DURATION="$2"; shift 2 ;;
    --rounds) ROUNDS="$2"; shift 2 ;;
    --rows) ROWS="$2"; shift 2 ;;
    --authors) AUTHORS="$2"; shift 2 ;;
    --page-size) PAGE_SIZE="$2"; shift 2 ;;
    --endpoints) ENDPOINTS="$2"; shift 2 ;;
    --servers) SERVERS="$2"; shift 2 ;;
    --variant) VARIANTS+=("$2"); shift 2 ;;
    --base-dir) BASE_DIR="$2"; shift 2 ;;
    --threads) THREADS="$2"; shift 2 ;;
    --connections) CONNECTIONS="$2"; shift 2 ;;
    --java) JAVA_BIN="$2"; shift 2 ;;
    --heap) HEAP="$2"; shift 2 ;;
    --jvm-opts) JVM_OPTS="$2"; shift 2 ;;
    --pg-pool) PG_POOL="$2"; shift 2 ;;
    --startup-runs) STARTUP_RUNS="$2"; shift 2 ;;
    --schema) SCHEMA="$2"; shift 2 ;;
    --jfr) JFR=1; shift ;;
    --skip-build) BUILD=0; shift ;;
    --out) OUT="$2"; shift 2 ;;
    --smoke) WARMUP=5; WRITE_WARMUP=2; DURATION=3; ROUNDS=1; ROWS=1000; AUTHORS=1000; STARTUP_RUNS=1; shift ;;
    -h|--help) usage; exit 0 ;;
    *) echo "unknown option $1" >&2; usage >&2; exit 2 ;;
  esac
done
[[ "$DBS" == both ]] && DBS=h2,postgres
for n in "$WARMUP" "$WRITE_WARMUP" "$DURATION" "$ROUNDS" "$ROWS" "$AUTHORS" "$PAGE_SIZE" "$THREADS" "$CONNECTIONS" "$STARTUP_RUNS"; do
  [[ "$n" =~ ^[0-9]+$ ]] || { echo "not a non-negative integer: $n" >&2; exit 2; }
done
[[ "$SCHEMA" =~ ^(framework|ddl|existing)$ ]] || { echo "--schema must be framework, ddl or existing" >&2; exit 2; }
[[ "$PG_POOL" == spec || "$PG_POOL" =~ ^[1-9][0-9]*$ ]] || { echo "--pg-pool must be a positive number or spec" >&2; exit 2; }
[[ "$DURATION" -gt 0 && "$ROUNDS" -gt 0 && "$STARTUP_RUNS" -gt 0 ]] || { echo "--duration, --rounds and --startup-runs must be positive" >&2; exit 2; }

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BENCH="$ROOT/benchmarks"
source "$BENCH/lib.sh"
OUT="${OUT:-$BENCH/results/$(date -u +%Y%m%dT%H%M%SZ)}"
mkdir -p "$OUT"
OUT="$(cd "$OUT" && pwd)"
LUA="$BENCH/wrk/bench.lua"
PG_HOST="${PG_HOST:-127.0.0.1}"; PG_PORT="${PG_PORT:-5432}"; PG_DB="${PG_DB:-test}"
PG_USER="${PG_USER:-postgres}"; PG_PASSWORD="${PG_PASSWORD:-}"; PG_SCHEMA_PREFIX="${PG_SCHEMA_PREFIX:-fx_bench_}"
[[ "$PG_SCHEMA_PREFIX" =~ ^[a-z_][a-z0-9_]*$ ]] || { echo "PG_SCHEMA_PREFIX must be a lower-case SQL identifier" >&2; exit 2; }
# BENCH_PORT_OFFSET shifts every port, so two runs (with PG_DB naming two databases) share the machine
OFF="${BENCH_PORT_OFFSET:-0}"
declare -A PORT=([framework]=$((18180 + OFF)) [handwritten]=$((18181 + OFF)) [handwritten-tx]=$((18182 + OFF)))
declare -A MAIN=([framework]=io.fx.micronaut.benchmarks.framework.FrameworkApplication
                 [handwritten]=io.fx.micronaut.benchmarks.handwritten.HandWrittenApplication
                 [handwritten-tx]=io.fx.micronaut.benchmarks.handwritten.HandWrittenApplication)
declare -A PID=()
declare -A VARIANT_OPTS=()
next_port=$((18190 + OFF))
for v in ${VARIANTS[@]+"${VARIANTS[@]}"}; do
  name="${v%%=*}"
  [[ "$name" =~ ^[a-z0-9-]+$ && "$v" == *=* ]] || { echo "--variant takes NAME=OPTS: $v" >&2; exit 2; }
  VARIANT_OPTS[$name]="${v#*=}"; PORT[$name]=$next_port; MAIN[$name]="${MAIN[framework]}"; next_port=$((next_port + 1))
  SERVERS="$SERVERS,$name"
done
if [[ -n "$BASE_DIR" ]]; then
  PORT[framework-base]=$((18189 + OFF)); MAIN[framework-base]="${MAIN[framework]}"; SERVERS="$SERVERS,framework-base"
fi
is_framework() { [[ "$1" == framework || "$1" == framework-base || -n "${VARIANT_OPTS[$1]+x}" ]]; }

cleanup() {
  local name
  for name in "${!PID[@]}"; do stop_server "$name"; done
  rm -rf "$OUT/db"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# ---------------------------------------------------------------- prerequisites and build
if ! command -v wrk >/dev/null; then
  if [[ $(id -u) -eq 0 ]] && command -v apt-get >/dev/null; then
    log "installing wrk (Debian package)"
    timeout 300 apt-get install -y wrk >/dev/null 2>&1 || { timeout 300 apt-get update >/dev/null 2>&1 && timeout 300 apt-get install -y wrk >/dev/null 2>&1; } \
      || die "wrk is missing and could not be installed"
  else
    die "wrk is missing: apt-get install wrk"
  fi
fi
command -v curl >/dev/null || die "curl is missing"
# BENCH_HEADERS ("Name: value|Name: value"): credentials sent with every request, by wrk and by curl
declare -a CURL_HEADERS=()
if [[ -n "${BENCH_HEADERS:-}" ]]; then
  IFS='|' read -r -a bench_header_list <<< "$BENCH_HEADERS"
  for h in "${bench_header_list[@]}"; do CURL_HEADERS+=(-H "$h"); done
fi
"$JAVA_BIN" -version >/dev/null 2>&1 || die "no java at $JAVA_BIN"
if [[ $BUILD -eq 1 ]]; then
  log "building (mvn package of benchmarks/framework-app and benchmarks/handwritten-app with their reactor dependencies)"
  (cd "$ROOT" && timeout 1200 mvn -B -q package -DskipTests -pl benchmarks/framework-app,benchmarks/handwritten-app -am) \
    > "$OUT/build.log" 2>&1 || { tail -40 "$OUT/build.log" >&2; die "build failed (see $OUT/build.log)"; }
fi
classpath() { # module-dir [benchmarks-dir]
  bench_classpath "${2:-$BENCH}/$1/target" || die "build the benchmarks first"
}
declare -A CP=([framework]="$(classpath framework-app)" [handwritten]="$(classpath handwritten-app)")
CP[handwritten-tx]="${CP[handwritten]}"
for name in "${!VARIANT_OPTS[@]}"; do CP[$name]="${CP[framework]}"; done
[[ -z "$BASE_DIR" ]] || CP[framework-base]="$(classpath framework-app "$(cd "$BASE_DIR" && pwd)/benchmarks")"
has_server() { [[ ",$SERVERS," == *",$1,"* ]]; }
IFS=, read -r -a SERVER_LIST <<< "$SERVERS"
IFS=, read -r -a ENDPOINT_LIST <<< "$ENDPOINTS"
IFS=, read -r -a DB_LIST <<< "$DBS"
for s in "${SERVER_LIST[@]}"; do [[ -n "${MAIN[$s]:-}" ]] || die "unknown server $s"; done
ALL_ENDPOINTS="get list filtered list-none list-estimated cursor-deep offset-deep filtered-cursor history author-get
  author-list update create author-create delete"
ALL_ENDPOINTS="$(tr -s ' \n' ' ' <<< "$ALL_ENDPOINTS")"
for e in "${ENDPOINT_LIST[@]}"; do [[ " $ALL_ENDPOINTS " == *" $e "* ]] || die "unknown endpoint $e"; done
# the author endpoints: framework servers only (as history), over authors seeded into their databases
WITH_AUTHORS=0; [[ ",$ENDPOINTS," == *",author-"* ]] && WITH_AUTHORS=1
[[ $WITH_AUTHORS -eq 0 || "$SCHEMA" == framework ]] || die "the author endpoints need --schema framework"
[[ $WITH_AUTHORS -eq 0 || "$AUTHORS" -gt 0 ]] || die "the author endpoints need --authors above 0"
is_author() { [[ "$1" == author-* ]]; }
serves() { is_author "$2" && ! is_framework "$1" && return 1; return 0; } # server endpoint
is_write() { [[ "$1" == create || "$1" == author-create ]]; }

{
  echo "# fx-micronaut load benchmark"
  echo
  echo "- started: $(date -u +%Y-%m-%dT%H:%M:%SZ), commit $(cd "$ROOT" && git rev-parse --short HEAD 2>/dev/null || echo unknown)$(cd "$ROOT" && git diff --quiet 2>/dev/null || echo ' (dirty)')"
  echo "- machine: $(nproc) cores, $(awk '/MemTotal/{printf "%.1f GiB", $2/1048576}' /proc/meminfo), load average at start $(cut -d' ' -f1-3 /proc/loadavg)"
  echo "- java: $("$JAVA_BIN" -version 2>&1 | head -1) ($JAVA_BIN), -Xmx$HEAP $JVM_OPTS"
  echo "- PostgreSQL pools: framework $( [[ "$PG_POOL" == spec ]] && echo "3 write + 6 read (its defaults)" || echo "$PG_POOL write + $PG_POOL read"), hand-written 10 (Hikari's default)"
  echo "- wrk: -t$THREADS -c$CONNECTIONS -d${DURATION}s --latency, $ROUNDS round(s) per server alternating A/B then B/A, best round kept"
  echo "- warm-up: ${WARMUP}s (get, list, filtered, update in equal parts) + ${WRITE_WARMUP}s create, per server"
  echo "- data: $ROWS posts$( [[ $WITH_AUTHORS -eq 1 ]] && echo " and $AUTHORS authors (framework servers)"), page size $PAGE_SIZE, schema by $SCHEMA"
  echo "- command: benchmarks/run.sh $ARGS"
} > "$OUT/summary.md"

LOAD_AT_START="$(cut -d' ' -f1 /proc/loadavg)"
if awk -v l="$LOAD_AT_START" -v n="$(nproc)" 'BEGIN{exit !(l > n / 2)}'; then
  log "WARNING: the machine is busy (load average $LOAD_AT_START on $(nproc) cores): the figures will be contaminated"
fi

# ---------------------------------------------------------------- databases
db_url() { # db server
  if [[ "$1" == h2 ]]; then
    echo "jdbc:h2:file:$OUT/db/$2"
  else
    echo "jdbc:postgresql://$PG_HOST:$PG_PORT/$PG_DB?currentSchema=${PG_SCHEMA_PREFIX}${2//-/_}"
  fi
}
db_user() { [[ "$1" == h2 ]] && echo sa || echo "$PG_USER"; }
db_password() { [[ "$1" == h2 ]] && echo "" || echo "$PG_PASSWORD"; }
db_driver() { [[ "$1" == h2 ]] && echo org.h2.Driver || echo org.postgresql.Driver; }

prepare_db() { # db server: a fresh, seeded database for that server
  local db="$1" server="$2"
  if [[ "$db" == h2 ]]; then
    rm -f "$OUT/db/$server".*; mkdir -p "$OUT/db"
  elif [[ "$SCHEMA" == existing ]]; then
    timeout 10 pg_isready -h "$PG_HOST" -p "$PG_PORT" -t 5 >/dev/null || die "PostgreSQL is not reachable at $PG_HOST:$PG_PORT"
  else
    timeout 10 pg_isready -h "$PG_HOST" -p "$PG_PORT" -t 5 >/dev/null || die "PostgreSQL is not reachable at $PG_HOST:$PG_PORT"
    PGPASSWORD="$PG_PASSWORD" PGCONNECT_TIMEOUT=10 timeout 60 psql -q -h "$PG_HOST" -p "$PG_PORT" -U "$PG_USER" -d "$PG_DB" \
      -v ON_ERROR_STOP=1 -c "DROP SCHEMA IF EXISTS ${PG_SCHEMA_PREFIX}${server//-/_} CASCADE; CREATE SCHEMA ${PG_SCHEMA_PREFIX}${server//-/_};" \
      >> "$OUT/run.log" 2>&1 || die "could not reset schema ${PG_SCHEMA_PREFIX}${server//-/_}"
  fi
  # a variant's options reach its seeder too, so it migrates (and stores authors' e-mails) as that server does
  local seed_opts=() authors=()
  if [[ -n "${VARIANT_OPTS[$server]+x}" ]]; then read -r -a seed_opts <<< "${VARIANT_OPTS[$server]}"; fi
  if [[ $WITH_AUTHORS -eq 1 ]] && is_framework "$server"; then
    authors=(--authors "$AUTHORS" --author-ids "$OUT/authors-$db-$server.txt")
  fi
  log "seeding $ROWS posts$( [[ ${#authors[@]} -gt 0 ]] && echo " and $AUTHORS authors") for $server on $db"
  timeout 1800 "$JAVA_BIN" ${seed_opts[@]+"${seed_opts[@]}"} -cp "${CP[framework]}" \
    io.fx.micronaut.benchmarks.framework.BenchmarkSeeder \
    --url "$(db_url "$db" "$server")" --user "$(db_user "$db")" --password "$(db_password "$db")" \
    --rows "$ROWS" --ids "$OUT/ids-$db-$server.txt" --schema "$SCHEMA" ${authors[@]+"${authors[@]}"} \
    > "$OUT/seed-$db-$server.log" 2>&1 \
    || { tail -30 "$OUT/seed-$db-$server.log" >&2; die "seeding $server on $db failed"; }
  [[ ${#authors[@]} -eq 0 ]] || log "$server on $db: $(grep -o 'seeded [0-9]* authors ([^)]*)' "$OUT/seed-$db-$server.log" || echo 'no author line')"
}

# ---------------------------------------------------------------- servers
base_url() { echo "http://127.0.0.1:${PORT[$1]}"; }
rss_mb() { awk '/VmRSS/{printf "%.0f", $2/1024}' "/proc/$1/status" 2>/dev/null || echo "?"; }

STARTUP_MS=0
start_server() { # db server jfr-file-or-empty; sets PID[server] and STARTUP_MS (launch to first 200)
  local db="$1" server="$2" jfr="$3" url; url="$(db_url "$db" "$server")"
  local opts=(-Xmx"$HEAP" -XX:+UseG1GC)
  # the blog's Post is versioned and scheduled: no history and no scheduled runner unless a variant turns them on
  # (-Dfx.history.enabled=true, -Dfx.scheduled.enabled=true; given later, they win)
  is_framework "$server" && opts+=("${BENCH_FRAMEWORK_OPTS[@]}")
  [[ -n "$JVM_OPTS" ]] && read -r -a extra <<< "$JVM_OPTS" && opts+=("${extra[@]}")
  if [[ "$db" == postgres && "$PG_POOL" != spec ]] && is_framework "$server"; then
    opts+=(-Dfx.db.write-pool-size="$PG_POOL" -Dfx.db.read-pool-size="$PG_POOL")
  fi
  [[ "$server" == handwritten-tx ]] && opts+=(-Dbench.framework-write-guarantees=true)
  if [[ -n "${VARIANT_OPTS[$server]+x}" ]]; then read -r -a vopts <<< "${VARIANT_OPTS[$server]}"; opts+=("${vopts[@]}"); fi
  [[ -n "$jfr" ]] && opts+=(-XX:StartFlightRecording=filename="$jfr",settings=profile,dumponexit=true)
  local probe; probe="$(base_url "$server")/api/posts/$(head -1 "$OUT/ids-$db-$server.txt")"
  if curl -s -o /dev/null --connect-timeout 1 -m 2 "$(base_url "$server")/"; then
    die "port ${PORT[$server]} already answers: stop whatever listens there first"
  fi
  local started; started=$(date +%s%N)
  PORT="${PORT[$server]}" DB_WRITE_URL="$url" "$JAVA_BIN" "${opts[@]}" \
    -Dmicronaut.server.port="${PORT[$server]}" -Ddatasources.default.url="$url" \
    -Ddatasources.default.driver-class-name="$(db_driver "$db")" \
    -Ddatasources.default.username="$(db_user "$db")" -Ddatasources.default.password="$(db_password "$db")" \
    -cp "${CP[$server]}" "${MAIN[$server]}" >> "$OUT/server-$db-$server.log" 2>&1 &
  PID[$server]=$!
  local deadline=$(( $(date +%s) + 180 ))
  until [[ "$(curl -s -o /dev/null -w '%{http_code}' --connect-timeout 1 -m 2 ${CURL_HEADERS[@]+"${CURL_HEADERS[@]}"} "$probe" || true)" == 200 ]]; do
    alive "${PID[$server]}" || { tail -30 "$OUT/server-$db-$server.log" >&2; die "$server exited during startup on $db"; }
    [[ $(date +%s) -lt $deadline ]] || { tail -30 "$OUT/server-$db-$server.log" >&2; die "$server did not answer $probe within 180 s"; }
    sleep 0.02
  done
  STARTUP_MS=$(( ($(date +%s%N) - started) / 1000000 ))
}

median() { sort -n | awk '{a[NR]=$1} END {if (NR==0) print "?"; else if (NR%2) print a[(NR+1)/2]; else print int((a[NR/2]+a[NR/2+1])/2)}'; }

# ---------------------------------------------------------------- wrk
run_wrk() { # db server endpoint seconds label -> prints the BENCH line
  local db="$1" server="$2" endpoint="$3" seconds="$4" label="$5"
  local file="$OUT/wrk-$db-$server-$endpoint-$label.txt" ids="$OUT/ids-$db-$server.txt"
  is_author "$endpoint" && ids="$OUT/authors-$db-$server.txt"
  BENCH_CURSOR_DEEP="${CURSOR_DEEP[$server]:-}" BENCH_CURSOR_FILTERED="${CURSOR_FILTERED[$server]:-}" \
  BENCH_HISTORY_ID="${HISTORY_ID[$server]:-}" BENCH_RUN="$db-$server-$label-$(date +%s%N)" \
  timeout $(( seconds + 60 )) wrk -t"$THREADS" -c"$CONNECTIONS" -d"${seconds}s" --timeout 5s --latency \
    -s "$LUA" "$(base_url "$server")" -- "$endpoint" "$ids" "$PAGE_SIZE" > "$file" 2>&1 \
    || { cat "$file" >&2; die "wrk failed for $server $endpoint on $db"; }
  local line; line="$(grep '^BENCH ' "$file" || true)"
  [[ -n "$line" ]] || { cat "$file" >&2; die "no BENCH line from wrk ($file)"; }
  echo "$line"
}

warm() { # db server seconds endpoints...
  local db="$1" server="$2" seconds="$3"; shift 3
  local each=$(( seconds / $# )); [[ $each -gt 0 ]] || return 0
  local endpoint line
  for endpoint in "$@"; do
    [[ "$endpoint" == history && -z "${HISTORY_ID[$server]:-}" ]] && continue
    serves "$server" "$endpoint" || continue
    line="$(run_wrk "$db" "$server" "$endpoint" "$each" warmup)"
    [[ "$(bench_field "$line" errors)" == 0 ]] || log "WARNING: warm-up of $server $endpoint had errors: $line"
  done
}

declare -A CURSOR_DEEP=() CURSOR_FILTERED=() HISTORY_ID=()
prepare_history() { # db server: a post with 20 history rows, when the endpoint is asked for and the server keeps history
  local db="$1" server="$2" id i
  [[ ",$ENDPOINTS," == *",history,"* ]] || return 0
  id="$(sed -n 3p "$OUT/ids-$db-$server.txt")"
  if [[ "$(curl -s -o /dev/null -w '%{http_code}' -m 10 ${CURL_HEADERS[@]+"${CURL_HEADERS[@]}"} \
        "$(base_url "$server")/api/posts/$id/history")" != 200 ]]; then
    log "$server on $db keeps no history: the history endpoint is skipped for it"; return 0
  fi
  for i in $(seq 1 20); do
    curl -s -o /dev/null -m 10 -X PATCH -H 'Content-Type: application/json' ${CURL_HEADERS[@]+"${CURL_HEADERS[@]}"} \
      -d "{\"title\":\"History $i\",\"views\":$i}" "$(base_url "$server")/api/posts/$id"
  done
  curl -s -m 10 ${CURL_HEADERS[@]+"${CURL_HEADERS[@]}"} "$(base_url "$server")/api/posts/$id/history?limit=1" \
    | grep -q '"total":2[0-9]' || die "$server on $db: the post patched 20 times has no 20 history rows"
  HISTORY_ID[$server]="$id"
}

check_authors() { # db server: a framework server answers the first seeded author with its e-mail in plain text
  local db="$1" server="$2" id body
  [[ $WITH_AUTHORS -eq 1 ]] && is_framework "$server" || return 0
  id="$(head -1 "$OUT/authors-$db-$server.txt")"
  body="$(curl -s -m 30 ${CURL_HEADERS[@]+"${CURL_HEADERS[@]}"} "$(base_url "$server")/api/authors/$id")"
  [[ "$body" == *'"email":"author-1@bench.example"'* ]] \
    || die "$server on $db does not answer the first seeded author with its e-mail: ${body:0:300}"
}

fetch_cursors() { # db server: the cursors of the deep-page endpoints, from the server's own offset pages
  local db="$1" server="$2"
  [[ ",$ENDPOINTS," == *",cursor-deep,"* || ",$ENDPOINTS," == *",filtered-cursor,"* ]] || return 0
  { read -r "CURSOR_DEEP[$server]"; read -r "CURSOR_FILTERED[$server]"; } \
    < <(bench_deep_cursors "$(base_url "$server")" "$PAGE_SIZE" ${CURL_HEADERS[@]+"${CURL_HEADERS[@]}"})
  [[ -n "${CURSOR_DEEP[$server]}" && -n "${CURSOR_FILTERED[$server]}" ]] \
    || die "$server on $db gave no cursor for the deep pages (too few rows? use --rows 1000000)"
}

shape_check() { # db: both servers must answer the same bytes for the read endpoints
  local db="$1" id; id="$(sed -n 2p "$OUT/ids-$db-framework.txt")"
  local path s
  for path in "/api/posts/$id" "/api/posts?page=1&limit=$PAGE_SIZE" "/api/posts?filter=status:eq:published&sort=views:desc&page=1&limit=$PAGE_SIZE"; do
    for s in framework handwritten; do
      curl -s -m 120 ${CURL_HEADERS[@]+"${CURL_HEADERS[@]}"} "$(base_url "$s")$path" > "$OUT/shape-$db-$s.json" \
        || die "shape check: $s did not answer $path"
    done
    # each service signs its cursors its own way: compare the answers with the cursor's value masked
    sed -i -E 's/"next_cursor":"[^"]*"/"next_cursor":"-"/' "$OUT/shape-$db-framework.json" "$OUT/shape-$db-handwritten.json"
    if cmp -s "$OUT/shape-$db-framework.json" "$OUT/shape-$db-handwritten.json"; then
      log "shape check $db $path: identical bodies ($(wc -c < "$OUT/shape-$db-framework.json") bytes)"
    else
      log "WARNING: shape check $db $path: bodies differ (see $OUT/shape-$db-*.json); the comparison is not like for like"
    fi
  done
}

# ---------------------------------------------------------------- one database
declare -A BEST=()   # key db|server|endpoint -> BENCH line of the best round
declare -A STARTUP=() RSS_START=() RSS_LOAD=()
echo "db,server,endpoint,round,requests,rps,p50_us,p99_us,errors" > "$OUT/runs.csv"

bench_db() {
  local db="$1" server i endpoint round order line
  for server in "${SERVER_LIST[@]}"; do prepare_db "$db" "$server"; done
  for server in "${SERVER_LIST[@]}"; do
    [[ "$server" == "${SERVER_LIST[0]}" ]] && continue
    cmp -s "$OUT/ids-$db-${SERVER_LIST[0]}.txt" "$OUT/ids-$db-$server.txt" || die "the databases were seeded differently"
  done
  # startup: alternate the order of cold starts, keep the median; the last start stays up for the load
  local -A times=()
  for i in $(seq 1 "$STARTUP_RUNS"); do
    local starts=("${SERVER_LIST[@]}"); (( i % 2 == 0 )) && starts=($(printf '%s\n' "${SERVER_LIST[@]}" | tac))
    for server in "${starts[@]}"; do
      local jfr=""; [[ $JFR -eq 1 && $i -eq $STARTUP_RUNS ]] && jfr="$OUT/profile-$db-$server.jfr"
      start_server "$db" "$server" "$jfr"
      local ms="$STARTUP_MS"
      times[$server]+="$ms "
      log "$server on $db answered after $ms ms (RSS $(rss_mb "${PID[$server]}") MB)"
      if [[ $i -lt $STARTUP_RUNS ]]; then stop_server "$server"; else sleep 2; RSS_START[$db|$server]="$(rss_mb "${PID[$server]}")"; fi
    done
  done
  for server in "${SERVER_LIST[@]}"; do STARTUP[$db|$server]="$(tr ' ' '\n' <<< "${times[$server]}" | grep . | median)"; done
  has_server framework && has_server handwritten && shape_check "$db"
  for server in "${SERVER_LIST[@]}"; do
    fetch_cursors "$db" "$server"; prepare_history "$db" "$server"; check_authors "$db" "$server"
  done

  local reads=() ; for endpoint in "${ENDPOINT_LIST[@]}"; do is_write "$endpoint" || reads+=("$endpoint"); done
  [[ ${#reads[@]} -gt 0 ]] || reads=(get)
  for server in "${SERVER_LIST[@]}"; do log "warm-up $server on $db: ${WARMUP}s over ${reads[*]}"; warm "$db" "$server" "$WARMUP" "${reads[@]}"; done
  for endpoint in $ALL_ENDPOINTS; do
    [[ ",$ENDPOINTS," == *",$endpoint,"* ]] || continue
    if is_write "$endpoint"; then
      for server in "${SERVER_LIST[@]}"; do warm "$db" "$server" "$WRITE_WARMUP" "$endpoint"; done
    fi
    for round in $(seq 1 "$ROUNDS"); do
      order=("${SERVER_LIST[@]}"); (( round % 2 == 0 )) && order=($(printf '%s\n' "${SERVER_LIST[@]}" | tac))
      for server in "${order[@]}"; do
        [[ "$endpoint" == history && -z "${HISTORY_ID[$server]:-}" ]] && continue
        serves "$server" "$endpoint" || continue
        line="$(run_wrk "$db" "$server" "$endpoint" "$DURATION" "r$round")"
        log "$db $endpoint $server round $round: $line"
        echo "$db,$server,$endpoint,$round,$(bench_field "$line" requests),$(bench_field "$line" rps),$(bench_field "$line" p50_us),$(bench_field "$line" p99_us),$(bench_field "$line" errors)" >> "$OUT/runs.csv"
        if [[ "$(bench_field "$line" errors)" != 0 ]]; then
          log "WARNING: $server $endpoint round $round had errors (non-2xx, timeouts or socket errors); round not kept"
          continue
        fi
        local key="$db|$server|$endpoint" best="${BEST[$db|$server|$endpoint]:-}"
        if [[ -z "$best" ]] || awk -v a="$(bench_field "$line" rps)" -v b="$(bench_field "$best" rps)" 'BEGIN{exit !(a>b)}'; then
          BEST[$key]="$line"
        fi
      done
    done
  done
  for server in "${SERVER_LIST[@]}"; do RSS_LOAD[$db|$server]="$(rss_mb "${PID[$server]}")"; stop_server "$server"; done
}

for db in "${DB_LIST[@]}"; do
  [[ "$db" =~ ^(h2|postgres)$ ]] || die "unknown database $db"
  log "=== $db"
  bench_db "$db"
done

# ---------------------------------------------------------------- report
ms() { awk -v us="$1" 'BEGIN{ if (us=="") print "-"; else printf "%.2f", us/1000 }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN{ if (a=="" || b=="" || b==0) print "-"; else printf "%.2f", a/b }'; }
declare -A LABEL=([get]="GET /posts/{id}" [list]="GET /posts (page of $PAGE_SIZE + total)"
                  [filtered]="GET /posts?filter=status:eq:published&sort=views:desc" [update]="PATCH /posts/{id}" [create]="POST /posts"
                  [delete]="POST then DELETE /posts/{id}" [list-none]="GET /posts?total=none (page 1)"
                  [list-estimated]="GET /posts?total=estimated (page 1)"
                  [cursor-deep]="GET /posts?total=none, page 5,000 by cursor" [history]="GET /posts/{id}/history (20 rows)" [offset-deep]="GET /posts?total=none&page=5000"
                  [filtered-cursor]="GET /posts?filter=status:eq:published&sort=created_at:desc&total=none, page 1,000 by cursor"
                  [author-get]="GET /authors/{id}" [author-list]="GET /authors (page of $PAGE_SIZE + total)"
                  [author-create]="POST /authors")
{
  echo
  echo "## Throughput and latency (best of $ROUNDS round(s) of ${DURATION}s; ratio = framework / hand-written)"
  echo
  echo "| db | endpoint | framework req/s | hand-written req/s | ratio | framework p50 ms | hand-written p50 ms | framework p99 ms | hand-written p99 ms | p99 ratio |"
  echo "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|"
  for db in "${DB_LIST[@]}"; do
    for endpoint in $ALL_ENDPOINTS; do
      [[ ",$ENDPOINTS," == *",$endpoint,"* ]] || continue
      a="${BEST[$db|framework|$endpoint]:-}"; b="${BEST[$db|handwritten|$endpoint]:-}"
      ar="$(bench_field "$a" rps)"; br="$(bench_field "$b" rps)"
      echo "| $db | ${LABEL[$endpoint]} | ${ar:--} | ${br:--} | $(ratio "$ar" "$br") | $(ms "$(bench_field "$a" p50_us)") | $(ms "$(bench_field "$b" p50_us)") | $(ms "$(bench_field "$a" p99_us)") | $(ms "$(bench_field "$b" p99_us)") | $(ratio "$(bench_field "$a" p99_us)" "$(bench_field "$b" p99_us)") |"
    done
  done
  if has_server framework && has_server handwritten-tx; then
    echo
    echo "## Writes against the hand-written service with the framework's write guarantees (ratio = framework / handwritten-tx)"
    echo
    echo "Each create and update of handwritten-tx runs in its own transaction, and on H2 under a process-wide write lock taken"
    echo "before the transaction starts, as the framework does for every write; the plain hand-written service creates"
    echo "with one auto-commit INSERT and lets H2's row locks run writes concurrently."
    echo
    echo "| db | endpoint | framework req/s | handwritten-tx req/s | ratio | framework p99 ms | handwritten-tx p99 ms | p99 ratio |"
    echo "|---|---|---:|---:|---:|---:|---:|---:|"
    for db in "${DB_LIST[@]}"; do
      for endpoint in update create delete; do
        [[ ",$ENDPOINTS," == *",$endpoint,"* ]] || continue
        a="${BEST[$db|framework|$endpoint]:-}"; b="${BEST[$db|handwritten-tx|$endpoint]:-}"
        ar="$(bench_field "$a" rps)"; br="$(bench_field "$b" rps)"
        echo "| $db | ${LABEL[$endpoint]} | ${ar:--} | ${br:--} | $(ratio "$ar" "$br") | $(ms "$(bench_field "$a" p99_us)") | $(ms "$(bench_field "$b" p99_us)") | $(ratio "$(bench_field "$a" p99_us)" "$(bench_field "$b" p99_us)") |"
      done
    done
  fi
  if [[ ${#VARIANT_OPTS[@]} -gt 0 || -n "$BASE_DIR" ]]; then
    echo
    echo "## Framework variants against the framework (ratio = variant / framework, same run)"
    echo
    for name in "${!VARIANT_OPTS[@]}"; do echo "- $name: framework with ${VARIANT_OPTS[$name]}"; done
    [[ -z "$BASE_DIR" ]] || echo "- framework-base: the framework built at $(cd "$BASE_DIR" && git rev-parse --short HEAD 2>/dev/null || echo "$BASE_DIR")"
    echo
    echo "| db | endpoint | variant | variant req/s | framework req/s | ratio | variant p99 ms | framework p99 ms | p99 ratio |"
    echo "|---|---|---|---:|---:|---:|---:|---:|---:|"
    for db in "${DB_LIST[@]}"; do
      for endpoint in $ALL_ENDPOINTS; do
        [[ ",$ENDPOINTS," == *",$endpoint,"* ]] || continue
        for server in "${SERVER_LIST[@]}"; do
          [[ "$server" != framework ]] && is_framework "$server" || continue
          a="${BEST[$db|$server|$endpoint]:-}"; b="${BEST[$db|framework|$endpoint]:-}"
          ar="$(bench_field "$a" rps)"; br="$(bench_field "$b" rps)"
          echo "| $db | ${LABEL[$endpoint]} | $server | ${ar:--} | ${br:--} | $(ratio "$ar" "$br") | $(ms "$(bench_field "$a" p99_us)") | $(ms "$(bench_field "$b" p99_us)") | $(ratio "$(bench_field "$a" p99_us)" "$(bench_field "$b" p99_us)") |"
        done
      done
    done
  fi
  echo
  echo "## Startup (median of $STARTUP_RUNS cold start(s), launch to first 200 of GET /api/posts/{id}) and resident memory"
  echo
  echo "| db | server | startup ms | RSS after startup MB | RSS after load MB |"
  echo "|---|---|---:|---:|---:|"
  for db in "${DB_LIST[@]}"; do
    for server in "${SERVER_LIST[@]}"; do
      echo "| $db | $server | ${STARTUP[$db|$server]:-?} | ${RSS_START[$db|$server]:-?} | ${RSS_LOAD[$db|$server]:-?} |"
    done
    if has_server framework && has_server handwritten; then
      echo "| $db | ratio | $(ratio "${STARTUP[$db|framework]:-}" "${STARTUP[$db|handwritten]:-}") | $(ratio "${RSS_START[$db|framework]:-}" "${RSS_START[$db|handwritten]:-}") | $(ratio "${RSS_LOAD[$db|framework]:-}" "${RSS_LOAD[$db|handwritten]:-}") |"
    fi
  done
  echo
  echo "Load average at the end: $(cut -d' ' -f1-3 /proc/loadavg) (at the start: $LOAD_AT_START)."
  echo
  echo "Raw runs: runs.csv; wrk output: wrk-*.txt; server logs: server-*.log$( [[ $JFR -eq 1 ]] && echo '; profiles: profile-*.jfr (benchmarks/jfr-top.sh FILE)')."
} >> "$OUT/summary.md"
cat "$OUT/summary.md"
log "results in $OUT"
