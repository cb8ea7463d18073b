#!/usr/bin/env bash
# Everything BENCHMARKS.md asks for, in one go: the main table (all endpoints, page size 20, 10k rows),
# the page-size variation (100, 200: list endpoints) and the table-size variation (100k, 1M rows:
# filtered/sorted list, index on status). Each part is one run.sh run; options after the first
# argument are passed to every run (e.g. --java PATH, --db h2). Roughly 70 minutes with the defaults
# on both databases. Usage: benchmarks/sweep.sh [OUT-DIR] [run.sh options...]
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
OUT="$ROOT/benchmarks/results/sweep-$(date -u +%Y%m%dT%H%M%SZ)"
if [[ $# -gt 0 && "$1" != --* ]]; then OUT="$1"; shift; fi
DB_ARGS=(--db both)
for a in "$@"; do [[ "$a" == --db ]] && DB_ARGS=(); done
mkdir -p "$OUT"
run() { # name, run.sh options...
  local name="$1"; shift
  echo "=== $name: benchmarks/run.sh $* ${DB_ARGS[*]} ${EXTRA[*]}" >&2
  "$ROOT/benchmarks/run.sh" --out "$OUT/$name" "$@" "${DB_ARGS[@]}" "${EXTRA[@]}"
}
EXTRA=("$@")
run main
EXTRA+=(--skip-build)
for size in 100 200; do run "page-$size" --page-size "$size" --endpoints list,filtered; done
for rows in 100000 1000000; do run "rows-$rows" --rows "$rows" --endpoints filtered; done
{
  echo "# Sweep $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  for part in main page-100 page-200 rows-100000 rows-1000000; do
    echo; echo "---"; echo; echo "## $part"; echo
    sed '1,2d' "$OUT/$part/summary.md"
  done
} > "$OUT/sweep.md"
echo "sweep summary: $OUT/sweep.md" >&2
