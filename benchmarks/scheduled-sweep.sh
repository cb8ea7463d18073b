#!/usr/bin/env bash
# Rows per second of the scheduled runner: seeds N posts due for publication and sweeps them with
# ScheduledRunner.sweep() (SweepRate), on H2 (a file database under the output directory) and on PostgreSQL
# (schema fx_bench_sweep), with history off and on. Build first as run.sh does:
#   mvn -B -q -o package -DskipTests -pl benchmarks/framework-app -am
# Usage: benchmarks/scheduled-sweep.sh [ROWS] [BATCH-SIZE]
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
source "$ROOT/benchmarks/lib.sh"
ROWS="${1:-10000}"
BATCH="${2:-500}"
OUT="$ROOT/benchmarks/results/scheduled-sweep-$(date -u +%Y%m%dT%H%M%SZ)"
mkdir -p "$OUT"
CP="$(bench_classpath "$ROOT/benchmarks/framework-app/target")"
for history in false true; do
  rm -f "$OUT"/h2-*.db
  timeout 1800 java -Xmx1g -cp "$CP" io.fx.micronaut.benchmarks.framework.SweepRate --url "jdbc:h2:file:$OUT/h2-$history" \
    --rows "$ROWS" --batch-size "$BATCH" --history "$history" 2>&1 | tee -a "$OUT/h2.log" | grep '^BENCH' | sed 's/^/h2 /'
  timeout 60 psql -q -h 127.0.0.1 -U postgres -d test -v ON_ERROR_STOP=1 \
    -c "DROP SCHEMA IF EXISTS fx_bench_sweep CASCADE; CREATE SCHEMA fx_bench_sweep;" >/dev/null
  timeout 1800 java -Xmx1g -cp "$CP" io.fx.micronaut.benchmarks.framework.SweepRate \
    --url "jdbc:postgresql://127.0.0.1:5432/test?currentSchema=fx_bench_sweep" --user postgres \
    --rows "$ROWS" --batch-size "$BATCH" --history "$history" 2>&1 | tee -a "$OUT/postgres.log" | grep '^BENCH' \
    | sed 's/^/postgres /'
done
