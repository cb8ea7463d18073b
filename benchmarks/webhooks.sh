#!/usr/bin/env bash
# Webhook benchmark (issue 29, "report webhook deliveries/s"): the blog served by fx-micronaut
# (benchmarks/framework-app, BLOG_EVENTS=true) with its webhook "blog" (post.created) pointing at a loopback receiver
# (benchmarks/framework-app's WebhookReceiverServer: JDK HttpServer, verifies every signature with the Standard
# Webhooks reference library, records webhook-id, CloudEvent time and arrival). Per database and receiver latency:
#   live   N posts created over C connections while the relay delivers: deliveries/s (first to last arrival),
#          write-to-arrival latency p50/p99 (CloudEvent time, the write's instant, to the receiver's arrival
#          time), and whether every event arrived exactly once (distinct webhook-ids = posts created, no
#          duplicate, no rejected signature)
#   drain  N more posts created with the relay parked, then the server restarted: the relay's delivery rate
#          through a backlog of N, with nothing else running (its latency figures include the restart)
# Prints one BENCH line per case and writes summary.md under the results directory. Usage: benchmarks/webhooks.sh --help
set -euo pipefail

usage() {
  cat <<'EOF'
benchmarks/webhooks.sh [options]
  --db h2|postgres|both      databases (default both)
  --posts N                  posts created per measured phase, one post.created event each (default 20000)
  --warmup-posts N           posts created and delivered before the live phase, not measured (default 2000)
  --concurrency N            connections creating posts (default 16)
  --latencies LIST           receiver latencies in ms, one case each (default 0,20)
  --status N                 what the receiver answers (default 204; a 5xx makes every delivery a retry, so the
                             exactly-once figure no longer applies)
  --retry LIST               the webhook's retry schedule, BLOG_WEBHOOK_RETRY (default 1s,5s,30s: a retried
                             delivery shows in p99 instead of stalling the run for the standard's 5 minutes)
  --no-drain                 skip the drain phase
  --wait SECONDS             give up waiting for deliveries after this long without a new one (default 120)
  --java PATH                java executable (default: java on PATH)
  --heap SIZE                -Xmx of the blog server (default 512m)
  --jvm-opts "OPTS"          extra JVM options for the blog server
  --pg-pool N|spec           PostgreSQL write and read pool sizes of the server (default 10, as run.sh)
  --skip-build               use the jars already built
  --out DIR                  results directory (default benchmarks/results/webhooks-<UTC time>)
  --smoke                    a quick check of the harness: --posts 200 --warmup-posts 50 --wait 60 (figures
                             meaningless)
Environment: PG_HOST (127.0.0.1) PG_PORT (5432) PG_DB (test) PG_USER (postgres) PG_PASSWORD ('')
             BENCH_PG_SCHEMA (fx_bench_webhooks): the schema, dropped and created per case
             BENCH_PORT_OFFSET (0): added to the ports (server 18280, receiver 18281)
EOF
}

ARGS="$*"
DBS=both; POSTS=20000; WARMUP_POSTS=2000; CONCURRENCY=16; LATENCIES=0,20; STATUS=204; RETRY=1s,5s,30s; DRAIN=1
WAIT=120; JAVA_BIN=java; HEAP=512m; JVM_OPTS=""; PG_POOL=10; BUILD=1; OUT=""
while [[ $# -gt 0 ]]; do
  case "$1" in
    --db) DBS="$2"; shift 2 ;;
    --posts) POSTS="$2"; shift 2 ;;
    --warmup-posts) WARMUP_POSTS="$2"; shift 2 ;;
    --concurrency) CONCURRENCY="$2"; shift 2 ;;
    --latencies) LATENCIES="$2"; shift 2 ;;
    --status) STATUS="$2"; shift 2 ;;
    --retry) RETRY="$2"; shift 2 ;;
    --no-drain) DRAIN=0; shift ;;
    --wait) WAIT="$2"; shift 2 ;;
    --java) JAVA_BIN="$2"; shift 2 ;;
    --heap) HEAP="$2"; shift 2 ;;
    --jvm-opts) JVM_OPTS="$2"; shift 2 ;;
    --pg-pool) PG_POOL="$2"; shift 2 ;;
    --skip-build) BUILD=0; shift ;;
    --out) OUT="$2"; shift 2 ;;
    --smoke) POSTS=200; WARMUP_POSTS=50; WAIT=60; shift ;;
    -h|--help) usage; exit 0 ;;
    *) echo "unknown option $1" >&2; usage >&2; exit 2 ;;
  esac
done
[[ "$DBS" == both ]] && DBS=h2,postgres
for n in "$POSTS" "$WARMUP_POSTS" "$CONCURRENCY" "$STATUS" "$WAIT"; do
  [[ "$n" =~ ^[0-9]+$ ]] || { echo "not a non-negative integer: $n" >&2; exit 2; }
done
[[ "$POSTS" -gt 0 && "$CONCURRENCY" -gt 0 && "$WAIT" -gt 0 ]] || { echo "--posts, --concurrency and --wait must be positive" >&2; exit 2; }
[[ "$LATENCIES" =~ ^[0-9]+(,[0-9]+)*$ ]] || { echo "--latencies takes comma-separated milliseconds" >&2; exit 2; }
[[ "$PG_POOL" == spec || "$PG_POOL" =~ ^[1-9][0-9]*$ ]] || { echo "--pg-pool must be a positive number or spec" >&2; exit 2; }

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BENCH="$ROOT/benchmarks"
source "$BENCH/lib.sh"
OUT="${OUT:-$BENCH/results/webhooks-$(date -u +%Y%m%dT%H%M%SZ)}"
mkdir -p "$OUT"
OUT="$(cd "$OUT" && pwd)"
PG_HOST="${PG_HOST:-127.0.0.1}"; PG_PORT="${PG_PORT:-5432}"; PG_DB="${PG_DB:-test}"
PG_USER="${PG_USER:-postgres}"; PG_PASSWORD="${PG_PASSWORD:-}"
PG_SCHEMA="${BENCH_PG_SCHEMA:-fx_bench_webhooks}"
[[ "$PG_SCHEMA" =~ ^[a-z_][a-z0-9_]*$ ]] || { echo "BENCH_PG_SCHEMA must be a lower-case identifier" >&2; exit 2; }
OFF="${BENCH_PORT_OFFSET:-0}"
SERVER_PORT=$((18280 + OFF)); RECEIVER_PORT=$((18281 + OFF))
SERVER_URL="http://127.0.0.1:$SERVER_PORT"; RECEIVER_URL="http://127.0.0.1:$RECEIVER_PORT"
# a fresh secret per run: the server signs with it, the receiver verifies with it
SECRET="whsec_$(head -c 32 /dev/urandom | base64 | tr -d '\n')"
SERVER_PID=""; RECEIVER_PID=""

# lib.sh's stop_server takes a name in PID[]; this script runs one server and one receiver, each in a variable
stop_blog() { stop_pid "$SERVER_PID"; SERVER_PID=""; }
stop_receiver() { stop_pid "$RECEIVER_PID"; RECEIVER_PID=""; }
cleanup() { stop_blog; stop_receiver; rm -rf "$OUT/db"; }
trap cleanup EXIT
trap 'exit 130' INT TERM

command -v curl >/dev/null || die "curl is missing"
"$JAVA_BIN" -version >/dev/null 2>&1 || die "no java at $JAVA_BIN"
if [[ $BUILD -eq 1 ]]; then
  log "building (mvn package of benchmarks/framework-app with its reactor dependencies)"
  (cd "$ROOT" && timeout 1200 mvn -B -q package -DskipTests -pl benchmarks/framework-app -am) \
    > "$OUT/build.log" 2>&1 || { tail -40 "$OUT/build.log" >&2; die "build failed (see $OUT/build.log)"; }
fi
CP="$(bench_classpath "$BENCH/framework-app/target")" || die "build the benchmarks first"
IFS=, read -r -a DB_LIST <<< "$DBS"
IFS=, read -r -a LATENCY_LIST <<< "$LATENCIES"
for db in "${DB_LIST[@]}"; do [[ "$db" =~ ^(h2|postgres)$ ]] || die "unknown database $db"; done

LOAD_AT_START="$(cut -d' ' -f1 /proc/loadavg)"
{
  echo "# fx-micronaut webhook benchmark"
  echo
  echo "- started: $(date -u +%Y-%m-%dT%H:%M:%SZ), commit $(cd "$ROOT" && git rev-parse --short HEAD 2>/dev/null || echo unknown)$(cd "$ROOT" && git diff --quiet 2>/dev/null || echo ' (dirty)')"
  echo "- machine: $(nproc) cores, $(awk '/MemTotal/{printf "%.1f GiB", $2/1048576}' /proc/meminfo), load average at start $(cut -d' ' -f1-3 /proc/loadavg)"
  echo "- java: $("$JAVA_BIN" -version 2>&1 | head -1) ($JAVA_BIN), server -Xmx$HEAP $JVM_OPTS"
  echo "- webhook: post.created to $RECEIVER_URL/hook, allowed-networks 127.0.0.1/32, retry $RETRY; receiver answers $STATUS"
  echo "- posts: $WARMUP_POSTS warm-up, then $POSTS per phase over $CONCURRENCY connections; drain phase $( [[ $DRAIN -eq 1 ]] && echo on || echo off)"
  echo "- command: benchmarks/webhooks.sh $ARGS"
} > "$OUT/summary.md"
if awk -v l="$LOAD_AT_START" -v n="$(nproc)" 'BEGIN{exit !(l > n / 2)}'; then
  log "WARNING: the machine is busy (load average $LOAD_AT_START on $(nproc) cores): the figures will be contaminated"
fi

# ---------------------------------------------------------------- database, receiver, server
db_url() { # db
  if [[ "$1" == h2 ]]; then echo "jdbc:h2:file:$OUT/db/webhooks"; else echo "jdbc:postgresql://$PG_HOST:$PG_PORT/$PG_DB?currentSchema=$PG_SCHEMA"; fi
}
reset_db() { # db: an empty database; the blog migrates it when it starts
  if [[ "$1" == h2 ]]; then
    rm -rf "$OUT/db"; mkdir -p "$OUT/db"
  else
    timeout 10 pg_isready -h "$PG_HOST" -p "$PG_PORT" -t 5 >/dev/null || die "PostgreSQL is not reachable at $PG_HOST:$PG_PORT"
    PGPASSWORD="$PG_PASSWORD" PGCONNECT_TIMEOUT=10 timeout 60 psql -q -h "$PG_HOST" -p "$PG_PORT" -U "$PG_USER" -d "$PG_DB" \
      -v ON_ERROR_STOP=1 -c "DROP SCHEMA IF EXISTS $PG_SCHEMA CASCADE; CREATE SCHEMA $PG_SCHEMA;" >> "$OUT/run.log" 2>&1 \
      || die "could not reset schema $PG_SCHEMA"
  fi
}

start_receiver() { # latency-ms
  curl -s -o /dev/null --connect-timeout 1 -m 2 "$RECEIVER_URL/report" && die "port $RECEIVER_PORT already answers"
  BENCH_WEBHOOK_SECRET="$SECRET" "$JAVA_BIN" -Xmx256m -cp "$CP" io.fx.micronaut.benchmarks.webhooks.WebhookReceiverServer \
    --port "$RECEIVER_PORT" --status "$STATUS" --latency-ms "$1" >> "$OUT/receiver.log" 2>&1 &
  RECEIVER_PID=$!
  local deadline=$(( $(date +%s) + 60 ))
  until curl -s -o /dev/null --connect-timeout 1 -m 2 "$RECEIVER_URL/report"; do
    alive "$RECEIVER_PID" || { tail -20 "$OUT/receiver.log" >&2; die "the receiver exited during startup"; }
    [[ $(date +%s) -lt $deadline ]] || die "the receiver did not answer within 60 s"
    sleep 0.1
  done
}
report() { curl -s -m 10 "$RECEIVER_URL/report"; }
reset_receiver() { curl -s -o /dev/null -m 10 -X POST "$RECEIVER_URL/reset" || die "the receiver did not reset"; }

start_server() { # db mode(live|parked) log-label
  local db="$1" mode="$2" label="$3" url; url="$(db_url "$db")"
  local opts=(-Xmx"$HEAP" -XX:+UseG1GC "${BENCH_FRAMEWORK_OPTS[@]}")
  if [[ "$db" == postgres && "$PG_POOL" != spec ]]; then
    opts+=(-Dfx.db.write-pool-size="$PG_POOL" -Dfx.db.read-pool-size="$PG_POOL")
  fi
  # parked: the relay neither wakes after a commit nor polls for an hour, so the delivery rows pile up
  [[ "$mode" == parked ]] && opts+=(-Dfx.events.wake-delay=1h -Dfx.events.poll-interval=1h)
  [[ -n "$JVM_OPTS" ]] && read -r -a extra <<< "$JVM_OPTS" && opts+=("${extra[@]}")
  curl -s -o /dev/null --connect-timeout 1 -m 2 "$SERVER_URL/" && die "port $SERVER_PORT already answers"
  local user=sa password="" driver=org.h2.Driver
  [[ "$db" == postgres ]] && { user="$PG_USER"; password="$PG_PASSWORD"; driver=org.postgresql.Driver; }
  PORT="$SERVER_PORT" DB_WRITE_URL="$url" BLOG_EVENTS=true BLOG_WEBHOOK_URL="$RECEIVER_URL/hook" \
  BLOG_WEBHOOK_SECRET="$SECRET" BLOG_WEBHOOK_EVENTS=post.created BLOG_WEBHOOK_ALLOWED_NETWORKS=127.0.0.1/32 \
  BLOG_WEBHOOK_RETRY="$RETRY" "$JAVA_BIN" "${opts[@]}" -Dmicronaut.server.port="$SERVER_PORT" \
    -Ddatasources.default.url="$url" -Ddatasources.default.driver-class-name="$driver" \
    -Ddatasources.default.username="$user" -Ddatasources.default.password="$password" \
    -cp "$CP" io.fx.micronaut.benchmarks.framework.FrameworkApplication >> "$OUT/server-$label.log" 2>&1 &
  SERVER_PID=$!
  local deadline=$(( $(date +%s) + 180 ))
  until [[ "$(curl -s -o /dev/null -w '%{http_code}' --connect-timeout 1 -m 2 "$SERVER_URL/api/posts?limit=1" || true)" == 200 ]]; do
    alive "$SERVER_PID" || { tail -30 "$OUT/server-$label.log" >&2; die "the server exited during startup ($label)"; }
    [[ $(date +%s) -lt $deadline ]] || { tail -30 "$OUT/server-$label.log" >&2; die "the server did not answer within 180 s ($label)"; }
    sleep 0.05
  done
}

create_posts() { # count label -> prints the creator's BENCH line
  local line
  line="$(timeout 3600 "$JAVA_BIN" -Xmx256m -cp "$CP" io.fx.micronaut.benchmarks.webhooks.PostCreator --url "$SERVER_URL" \
    --posts "$1" --concurrency "$CONCURRENCY" --label "$2" 2>> "$OUT/creator.log" | grep '^BENCH ')" \
    || die "creating posts failed ($2; see $OUT/creator.log)"
  echo "$line" >> "$OUT/creator.log"
  [[ "$(bench_field "$line" failed)" == 0 ]] || log "WARNING: $2: $(bench_field "$line" failed) posts were not created (see $OUT/creator.log)"
  echo "$line"
}

await_deliveries() { # expected -> prints the receiver's final report; gives up after --wait s without a new delivery
  local expected="$1" line seen last=-1 since; since=$(date +%s)
  while :; do
    line="$(report)" || die "the receiver does not answer"
    seen="$(bench_field " $line" distinct)"
    [[ "$seen" -ge "$expected" ]] && break
    if [[ "$(bench_field " $line" requests)" != "$last" ]]; then last="$(bench_field " $line" requests)"; since=$(date +%s); fi
    if [[ $(( $(date +%s) - since )) -ge $WAIT ]]; then
      log "WARNING: $seen of $expected events arrived; none more in ${WAIT}s"; break
    fi
    sleep 0.5
  done
  sleep 2   # a late duplicate still counts
  report
}

# ---------------------------------------------------------------- one case
echo "db,latency_ms,phase,posts,created,posts_per_s,requests,rejected,deliveries,distinct,duplicates,span_s,deliveries_per_s,p50_ms,p99_ms,max_ms,exactly_once" > "$OUT/runs.csv"
declare -a ROWS=()
record() { # db latency phase creator-line receiver-line
  local db="$1" latency="$2" phase="$3" c=" $4" r=" $5" created exactly=no
  created="$(bench_field "$c" created)"
  if [[ "$(bench_field "$r" distinct)" == "$created" && "$(bench_field "$r" duplicates)" == 0 \
        && "$(bench_field "$r" rejected)" == 0 ]]; then exactly=yes; fi
  local line="BENCH db=$db latency_ms=$latency phase=$phase posts=$POSTS created=$created posts_per_s=$(bench_field "$c" posts_per_s) $5 exactly_once=$exactly"
  echo "$line"
  echo "$line" >> "$OUT/run.log"
  echo "$db,$latency,$phase,$POSTS,$created,$(bench_field "$c" posts_per_s),$(bench_field "$r" requests),$(bench_field "$r" rejected),$(bench_field "$r" deliveries),$(bench_field "$r" distinct),$(bench_field "$r" duplicates),$(bench_field "$r" span_s),$(bench_field "$r" deliveries_per_s),$(bench_field "$r" p50_ms),$(bench_field "$r" p99_ms),$(bench_field "$r" max_ms),$exactly" >> "$OUT/runs.csv"
  local lag="$(bench_field "$r" p50_ms) | $(bench_field "$r" p99_ms)"
  [[ "$phase" == drain ]] && lag="– | –"
  ROWS+=("| $db | $latency | $phase | $created | $(bench_field "$c" posts_per_s) | $(bench_field "$r" deliveries_per_s) | $lag | $(bench_field "$r" distinct) | $(bench_field "$r" duplicates) | $(bench_field "$r" rejected) | $exactly |")
}

bench_case() { # db latency
  local db="$1" latency="$2" label="$1-${2}ms" c r
  log "=== $db, receiver latency $latency ms"
  reset_db "$db"
  start_receiver "$latency"
  start_server "$db" live "$label"
  if [[ "$WARMUP_POSTS" -gt 0 ]]; then
    log "warm-up: $WARMUP_POSTS posts"
    c="$(create_posts "$WARMUP_POSTS" "warmup-$label")"
    await_deliveries "$(bench_field " $c" created)" > /dev/null
  fi
  reset_receiver
  log "live: $POSTS posts over $CONCURRENCY connections"
  c="$(create_posts "$POSTS" "live-$label")"
  r="$(await_deliveries "$(bench_field " $c" created)")"
  record "$db" "$latency" live "$c" "$r"
  if [[ $DRAIN -eq 1 ]]; then
    stop_blog
    reset_receiver
    start_server "$db" parked "$label-parked"
    log "drain: $POSTS posts with the relay parked"
    c="$(create_posts "$POSTS" "drain-$label")"
    sleep 2
    [[ "$(bench_field " $(report)" requests)" == 0 ]] || log "WARNING: the parked relay delivered; the drain figure is not a pure backlog"
    stop_blog
    reset_receiver
    log "drain: restarting the server with the relay on"
    start_server "$db" live "$label-drain"
    r="$(await_deliveries "$(bench_field " $c" created)")"
    record "$db" "$latency" drain "$c" "$r"
  fi
  stop_blog
  stop_receiver
}

for db in "${DB_LIST[@]}"; do
  for latency in "${LATENCY_LIST[@]}"; do bench_case "$db" "$latency"; done
done

{
  echo
  echo "## Deliveries (live: posts created while the relay delivers; drain: a backlog of the same size after a restart)"
  echo
  echo "deliveries/s: verified deliveries over first to last arrival; p50/p99: CloudEvent time (the write) to arrival, ms;"
  echo "exactly once: distinct webhook-ids = posts created, no duplicate, no rejected signature."
  echo
  echo "| db | receiver latency ms | phase | posts | created/s | deliveries/s | p50 ms | p99 ms | distinct ids | duplicates | rejected | exactly once |"
  echo "|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---|"
  printf '%s\n' "${ROWS[@]}"
  echo
  echo "Load average at the end: $(cut -d' ' -f1-3 /proc/loadavg) (at the start: $LOAD_AT_START)."
  echo
  echo "Raw figures: runs.csv; server logs: server-*.log; receiver: receiver.log; post creator: creator.log."
} >> "$OUT/summary.md"
cat "$OUT/summary.md"
log "results in $OUT"
