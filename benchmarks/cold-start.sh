#!/usr/bin/env bash
# Cold-start benchmark (issue 34): the blog as an AWS Lambda function (doc-examples -Plambda, target/blog-lambda.jar,
# handler io.fx.micronaut.aws.FxApiGatewayV1Function) against the hand-written service's controller behind Micronaut's
# API Gateway REST API function (benchmarks/handwritten-app -Plambda, target/handwritten-lambda.jar), each started in a
# fresh JVM per run by the driver in benchmarks/cold-start. See BENCHMARKS.md, "Cold start". Usage: --help
set -euo pipefail

usage() {
  cat <<'EOF'
benchmarks/cold-start.sh [options]
  --runs N             fresh JVMs per server and database (default 10); medians over them
  --db h2|postgres|both  databases (default both)
  --rows N             posts seeded per database (default 10000)
  --warm-reads N       warm reads invoked in process after the cold part (default 20000; 0: none)
  --warm-creates N     warm creates after the reads (default 20000; 0: none)
  --java PATH          java executable (default: java on PATH)
  --jvm-opts "OPTS"    extra JVM options for every run (always: -XX:TieredStopAtLevel=1, as on Lambda's Java runtime)
  --skip-build         use the jars already built
  --out DIR            results directory (default benchmarks/results/cold-<UTC time>)
  --handwritten-tx     also run handwritten-tx: the hand-written controller with -Dbench.framework-write-guarantees=true
                       (each create in its own transaction, as the blog's PostTransactions gives its post writes),
                       warm creates only, a second baseline for the creates
  --with-core          also run core: the blog's posts served by fx-micronaut's core and fx-micronaut-aws alone
                       (benchmarks/core-app, target/core-lambda.jar), cold part and warm part: what the framework
                       costs a cold start without the feature modules the blog carries
  --smoke              a quick check of the harness: --runs 1 --rows 1000 --warm-reads 200 --warm-creates 200
                       (figures meaningless)
Servers, started in turn per run (the order alternates between runs):
  framework            the blog, migration off (its application-lambda.yml: fx.disable-auto-migrate, the schema
                       only verified), cold part and warm part
  framework-migrate    the blog with -Dfx.disable-auto-migrate=false (it migrates on the cold start; the schema is
                       already there), cold part only
  handwritten          the hand-written controller, which has no migration, cold part and warm part
  core                 (--with-core) the core alone over the blog's seeded tables, migration off
Each run starts from the seeded data: H2 from a copy of the seeded file, PostgreSQL after deleting the posts the
previous run created. The framework runs without history, the scheduled runner and metrics (lib.sh BENCH_FRAMEWORK_OPTS), as in run.sh.
Environment: PG_HOST (127.0.0.1) PG_PORT (5432) PG_DB (test) PG_USER (postgres) PG_PASSWORD ('')
             PG_SCHEMA_PREFIX (fx_cold_): schemas <prefix>framework and <prefix>handwritten, dropped and seeded
EOF
}

RUNS=10; DBS=both; ROWS=10000; WARM_READS=20000; WARM_CREATES=20000; JAVA_BIN=java; JVM_OPTS=""; BUILD=1; OUT=""
WITH_TX=0; WITH_CORE=0
ARGS="$*"
while [[ $# -gt 0 ]]; do
  case "$1" in
    --runs) RUNS="$2"; shift 2 ;;
    --db) DBS="$2"; shift 2 ;;
    --rows) ROWS="$2"; shift 2 ;;
    --warm-reads) WARM_READS="$2"; shift 2 ;;
    --warm-creates) WARM_CREATES="$2"; shift 2 ;;
    --java) JAVA_BIN="$2"; shift 2 ;;
    --jvm-opts) JVM_OPTS="$2"; shift 2 ;;
    --skip-build) BUILD=0; shift ;;
    --handwritten-tx) WITH_TX=1; shift ;;
    --with-core) WITH_CORE=1; shift ;;
    --out) OUT="$2"; shift 2 ;;
    --smoke) RUNS=1; ROWS=1000; WARM_READS=200; WARM_CREATES=200; shift ;;
    -h|--help) usage; exit 0 ;;
    *) echo "unknown option $1" >&2; usage >&2; exit 2 ;;
  esac
done
[[ "$DBS" == both ]] && DBS=h2,postgres
for n in "$RUNS" "$ROWS" "$WARM_READS" "$WARM_CREATES"; do
  [[ "$n" =~ ^[0-9]+$ ]] || { echo "not a non-negative integer: $n" >&2; exit 2; }
done
[[ "$RUNS" -gt 0 && "$ROWS" -ge 2 ]] || { echo "--runs must be positive and --rows at least 2" >&2; exit 2; }

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BENCH="$ROOT/benchmarks"
source "$BENCH/lib.sh"
OUT="${OUT:-$BENCH/results/cold-$(date -u +%Y%m%dT%H%M%SZ)}"
mkdir -p "$OUT"
OUT="$(cd "$OUT" && pwd)"
PG_HOST="${PG_HOST:-127.0.0.1}"; PG_PORT="${PG_PORT:-5432}"; PG_DB="${PG_DB:-test}"
PG_USER="${PG_USER:-postgres}"; PG_PASSWORD="${PG_PASSWORD:-}"; PG_SCHEMA_PREFIX="${PG_SCHEMA_PREFIX:-fx_cold_}"
[[ "$PG_SCHEMA_PREFIX" =~ ^[a-z_][a-z0-9_]*$ ]] || { echo "PG_SCHEMA_PREFIX: lower-case letters, digits, _" >&2; exit 2; }

cleanup() { rm -rf "$OUT/db"; }
trap cleanup EXIT
trap 'exit 130' INT TERM

"$JAVA_BIN" -version >/dev/null 2>&1 || die "no java at $JAVA_BIN"
if [[ $BUILD -eq 1 ]]; then
  # two builds: run.sh's (the seeder's class path), then the Lambda jars, whose profile must not reach framework-app
  log "building (benchmarks/framework-app for the seeder; doc-examples, benchmarks/handwritten-app and benchmarks/core-app with -Plambda)"
  (cd "$ROOT" && timeout 1200 mvn -B -q package -DskipTests -pl benchmarks/framework-app -am \
    && timeout 1200 mvn -B -q package -DskipTests -Plambda -pl doc-examples,benchmarks/handwritten-app,benchmarks/core-app,benchmarks/cold-start -am) \
    > "$OUT/build.log" 2>&1 || { tail -40 "$OUT/build.log" >&2; die "build failed (see $OUT/build.log)"; }
fi
SEEDER_CP="$(bench_classpath "$BENCH/framework-app/target")" || die "build the benchmarks first"
DRIVER="$(ls "$BENCH"/cold-start/target/fx-micronaut-benchmarks-cold-start-*.jar 2>/dev/null | head -1)"
[[ -n "$DRIVER" ]] || die "benchmarks/cold-start is not built"
declare -A JAR=([framework]="$ROOT/doc-examples/target/blog-lambda.jar" [framework-migrate]="$ROOT/doc-examples/target/blog-lambda.jar"
                [handwritten]="$BENCH/handwritten-app/target/handwritten-lambda.jar"
                [handwritten-tx]="$BENCH/handwritten-app/target/handwritten-lambda.jar"
                [core]="$BENCH/core-app/target/core-lambda.jar")
declare -A HANDLER=([framework]=io.fx.micronaut.aws.FxApiGatewayV1Function
                    [framework-migrate]=io.fx.micronaut.aws.FxApiGatewayV1Function
                    [handwritten]=io.fx.micronaut.benchmarks.coldstart.RegisterContextOnceFunction
                    [handwritten-tx]=io.fx.micronaut.benchmarks.coldstart.RegisterContextOnceFunction
                    [core]=io.fx.micronaut.aws.FxApiGatewayV1Function)
SERVERS=(framework framework-migrate handwritten)
(( WITH_TX )) && SERVERS+=(handwritten-tx)
(( WITH_CORE )) && SERVERS+=(core)
for s in "${SERVERS[@]}"; do [[ -f "${JAR[$s]}" ]] || die "${JAR[$s]} missing: build without --skip-build"; done
data_dir() { [[ "$1" == handwritten* ]] && echo handwritten || echo framework; } # framework-migrate and core share the blog's

{
  echo "# fx-micronaut cold-start benchmark"
  echo
  echo "- started: $(date -u +%Y-%m-%dT%H:%M:%SZ), commit $(cd "$ROOT" && git rev-parse --short HEAD 2>/dev/null || echo unknown)$(cd "$ROOT" && git diff --quiet 2>/dev/null || echo ' (dirty)')"
  echo "- machine: $(nproc) cores, $(awk '/MemTotal/{printf "%.1f GiB", $2/1048576}' /proc/meminfo), load average at start $(cut -d' ' -f1-3 /proc/loadavg)"
  echo "- java: $("$JAVA_BIN" -version 2>&1 | head -1) ($JAVA_BIN), -XX:TieredStopAtLevel=1 $JVM_OPTS"
  echo "- $RUNS fresh JVM(s) per server and database, medians; $ROWS posts; warm part: $WARM_READS reads then $WARM_CREATES creates"
  echo "- command: benchmarks/cold-start.sh $ARGS"
} > "$OUT/summary.md"
LOAD_AT_START="$(cut -d' ' -f1 /proc/loadavg)"
if awk -v l="$LOAD_AT_START" -v n="$(nproc)" 'BEGIN{exit !(l > n / 2)}'; then
  log "WARNING: the machine is busy (load average $LOAD_AT_START on $(nproc) cores): the figures will be contaminated"
fi

# ---------------------------------------------------------------- databases
pg_schema() { echo "${PG_SCHEMA_PREFIX}$1"; }
db_url() { # db data-dir
  if [[ "$1" == h2 ]]; then echo "jdbc:h2:file:$OUT/db/run-$2"
  else echo "jdbc:postgresql://$PG_HOST:$PG_PORT/$PG_DB?currentSchema=$(pg_schema "$2")"; fi
}
db_user() { [[ "$1" == h2 ]] && echo sa || echo "$PG_USER"; }
db_password() { [[ "$1" == h2 ]] && echo "" || echo "$PG_PASSWORD"; }
db_driver() { [[ "$1" == h2 ]] && echo org.h2.Driver || echo org.postgresql.Driver; }
psql_run() { PGPASSWORD="$PG_PASSWORD" PGCONNECT_TIMEOUT=10 timeout 300 psql -q -h "$PG_HOST" -p "$PG_PORT" -U "$PG_USER" \
  -d "$PG_DB" -v ON_ERROR_STOP=1 -c "$1" >> "$OUT/run.log" 2>&1; }

seed() { # db: the seeded data of both data directories (the same rows and ids)
  local db="$1" dir url
  for dir in framework handwritten; do
    if [[ "$db" == h2 ]]; then
      mkdir -p "$OUT/db"; rm -f "$OUT/db/seed-$dir".*; url="jdbc:h2:file:$OUT/db/seed-$dir"
    else
      timeout 10 pg_isready -h "$PG_HOST" -p "$PG_PORT" -t 5 >/dev/null || die "PostgreSQL is not reachable at $PG_HOST:$PG_PORT"
      psql_run "DROP SCHEMA IF EXISTS $(pg_schema "$dir") CASCADE; CREATE SCHEMA $(pg_schema "$dir");" \
        || die "could not reset schema $(pg_schema "$dir")"
      url="$(db_url "$db" "$dir")"
    fi
    log "seeding $ROWS posts for $dir on $db"
    timeout 1800 "$JAVA_BIN" -cp "$SEEDER_CP" io.fx.micronaut.benchmarks.framework.BenchmarkSeeder --url "$url" \
      --user "$(db_user "$db")" --password "$(db_password "$db")" --rows "$ROWS" --ids "$OUT/ids-$db-$dir.txt" \
      > "$OUT/seed-$db-$dir.log" 2>&1 || { tail -30 "$OUT/seed-$db-$dir.log" >&2; die "seeding $dir on $db failed"; }
  done
  cmp -s "$OUT/ids-$db-framework.txt" "$OUT/ids-$db-handwritten.txt" || die "the databases were seeded differently"
}

reset() { # db data-dir: back to the seeded rows before a run
  local db="$1" dir="$2"
  if [[ "$db" == h2 ]]; then
    rm -f "$OUT/db/run-$dir".*; cp "$OUT/db/seed-$dir.mv.db" "$OUT/db/run-$dir.mv.db"
  else
    psql_run "DELETE FROM $(pg_schema "$dir").\"posts\" WHERE \"title\" LIKE 'Cold start post %';" \
      || die "could not delete the created posts of $(pg_schema "$dir")"
  fi
}

# ---------------------------------------------------------------- one run
run_one() { # db server run
  local db="$1" server="$2" run="$3" dir; dir="$(data_dir "$server")"
  local opts=(-XX:TieredStopAtLevel=1) reads="$WARM_READS" creates="$WARM_CREATES"
  [[ -n "$JVM_OPTS" ]] && read -r -a extra <<< "$JVM_OPTS" && opts+=("${extra[@]}")
  [[ "$server" != handwritten* ]] && opts+=("${BENCH_FRAMEWORK_OPTS[@]}")
  [[ "$server" == framework-migrate ]] && { opts+=(-Dfx.disable-auto-migrate=false); reads=0; creates=0; }
  [[ "$server" == handwritten-tx ]] && { opts+=(-Dbench.framework-write-guarantees=true); reads=0; }
  reset "$db" "$dir"
  local file="$OUT/driver-$db-$server-$run.log" line
  timeout 1800 "$JAVA_BIN" "${opts[@]}" -Ddatasources.default.url="$(db_url "$db" "$dir")" \
    -Ddatasources.default.driver-class-name="$(db_driver "$db")" -Ddatasources.default.username="$(db_user "$db")" \
    -Ddatasources.default.password="$(db_password "$db")" -cp "$DRIVER:${JAR[$server]}" \
    io.fx.micronaut.benchmarks.coldstart.ColdStartDriver --handler "${HANDLER[$server]}" --ids "$OUT/ids-$db-$dir.txt" \
    --label "$server" --warm-reads "$reads" --warm-creates "$creates" > "$file" 2>&1 \
    || { tail -30 "$file" >&2; die "$server on $db failed in run $run (see $file)"; }
  line="$(grep '^BENCH ' "$file" || true)"
  [[ -n "$line" ]] || { tail -30 "$file" >&2; die "no BENCH line from $server on $db (see $file)"; }
  [[ "$(bench_field "$line" errors)" == 0 ]] && log "$db run $run: $line" \
    || log "WARNING: $db run $run: $server had errors in its warm part: $line"
  echo "$db,$server,$run,$(bench_field "$line" main_ms),$(bench_field "$line" init_ms),$(bench_field "$line" first_ms),$(bench_field "$line" second_ms),$(bench_field "$line" rss_mb),$(bench_field "$line" reads_per_s),$(bench_field "$line" creates_per_s),$(bench_field "$line" rss_warm_mb),$(bench_field "$line" errors)" >> "$OUT/runs.csv"
}

echo "db,server,run,main_ms,init_ms,first_ms,second_ms,rss_mb,reads_per_s,creates_per_s,rss_warm_mb,errors" > "$OUT/runs.csv"
IFS=, read -r -a DB_LIST <<< "$DBS"
for db in "${DB_LIST[@]}"; do
  [[ "$db" =~ ^(h2|postgres)$ ]] || die "unknown database $db"
  log "=== $db"
  seed "$db"
  for run in $(seq 1 "$RUNS"); do
    order=("${SERVERS[@]}"); (( run % 2 == 0 )) && order=($(printf '%s\n' "${SERVERS[@]}" | tac))
    for server in "${order[@]}"; do run_one "$db" "$server" "$run"; done
  done
done

# ---------------------------------------------------------------- report
column_of() { # name -> its column in runs.csv
  case "$1" in main_ms) echo 4 ;; init_ms) echo 5 ;; first_ms) echo 6 ;; second_ms) echo 7 ;; rss_mb) echo 8 ;;
    reads_per_s) echo 9 ;; creates_per_s) echo 10 ;; rss_warm_mb) echo 11 ;; init_first) echo 0 ;; esac
}
median_of() { # db server name -> the median over the runs ("" when none); name init_first: init_ms + first_ms
  awk -F, -v db="$1" -v server="$2" -v c="$(column_of "$3")" \
    'NR > 1 && $1 == db && $2 == server { v = c == 0 ? $5 + $6 : $c; if (v != "") print v }' "$OUT/runs.csv" \
    | sort -g | awk '{a[NR]=$1} END {if (NR==0) print ""; else if (NR%2) print a[(NR+1)/2]; else printf "%.2f\n", (a[NR/2]+a[NR/2+1])/2}'
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN{ if (a=="" || b=="" || b==0) print "-"; else printf "%.2f", a/b }'; }
{
  echo
  echo "## Cold part (median of $RUNS run(s); init = JVM start to handler built; invokes = GET /api/posts/{id})"
  echo
  echo "| db | server | JVM start to main ms | init ms | first invoke ms | second invoke ms | init + first ms | RSS after 2 invokes MB |"
  echo "|---|---|---:|---:|---:|---:|---:|---:|"
  for db in "${DB_LIST[@]}"; do
    for server in "${SERVERS[@]}"; do
      echo "| $db | $server | $(median_of "$db" "$server" main_ms) | $(median_of "$db" "$server" init_ms) | $(median_of "$db" "$server" first_ms) | $(median_of "$db" "$server" second_ms) | $(median_of "$db" "$server" init_first) | $(median_of "$db" "$server" rss_mb) |"
    done
  done
  echo
  echo "## Warm part (median of $RUNS run(s); $WARM_READS reads, then $WARM_CREATES creates, invoked in process after the cold part)"
  echo
  echo "| db | server | reads/s | creates/s | RSS after MB |"
  echo "|---|---|---:|---:|---:|"
  for db in "${DB_LIST[@]}"; do
    for server in framework handwritten $( (( WITH_TX )) && echo handwritten-tx) $( (( WITH_CORE )) && echo core); do
      echo "| $db | $server | $(median_of "$db" "$server" reads_per_s) | $(median_of "$db" "$server" creates_per_s) | $(median_of "$db" "$server" rss_warm_mb) |"
    done
  done
  echo
  echo "## Ratios (framework / hand-written, of the medians)"
  echo
  echo "| db | init + first, migration off (target <= 1.25) | init + first, migration on | warm reads (target >= 0.9) | warm creates (target >= 0.9) | RSS after 2 invokes |"
  echo "|---|---:|---:|---:|---:|---:|"
  for db in "${DB_LIST[@]}"; do
    hw="$(median_of "$db" handwritten init_first)"
    echo "| $db | $(ratio "$(median_of "$db" framework init_first)" "$hw") | $(ratio "$(median_of "$db" framework-migrate init_first)" "$hw") | $(ratio "$(median_of "$db" framework reads_per_s)" "$(median_of "$db" handwritten reads_per_s)") | $(ratio "$(median_of "$db" framework creates_per_s)" "$(median_of "$db" handwritten creates_per_s)") | $(ratio "$(median_of "$db" framework rss_mb)" "$(median_of "$db" handwritten rss_mb)") |"
  done
  if (( WITH_CORE )); then
    echo
    echo "The core alone (core / hand-written: init + first, warm reads, warm creates, RSS after 2 invokes):"
    for db in "${DB_LIST[@]}"; do
      hw="$(median_of "$db" handwritten init_first)"
      echo "- $db: $(ratio "$(median_of "$db" core init_first)" "$hw"), $(ratio "$(median_of "$db" core reads_per_s)" "$(median_of "$db" handwritten reads_per_s)"), $(ratio "$(median_of "$db" core creates_per_s)" "$(median_of "$db" handwritten creates_per_s)"), $(ratio "$(median_of "$db" core rss_mb)" "$(median_of "$db" handwritten rss_mb)")"
    done
  fi
  if (( WITH_TX )); then
    echo
    echo "Warm creates against handwritten-tx (each create in its own transaction, as the blog's post writes):"
    for db in "${DB_LIST[@]}"; do
      echo "- $db: $(ratio "$(median_of "$db" framework creates_per_s)" "$(median_of "$db" handwritten-tx creates_per_s)")"
    done
  fi
  echo
  echo "Load average at the end: $(cut -d' ' -f1-3 /proc/loadavg) (at the start: $LOAD_AT_START)."
  echo
  echo "Raw runs: runs.csv; each JVM's output: driver-<db>-<server>-<run>.log."
} >> "$OUT/summary.md"
cat "$OUT/summary.md"
log "results in $OUT"
