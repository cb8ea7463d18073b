#!/usr/bin/env bash
# Top frames of a JFR recording's execution samples (a cheap CPU profile), optionally limited to frames
# whose method matches a pattern. Usage: benchmarks/jfr-top.sh FILE.jfr [N=30] [PATTERN]
#   benchmarks/jfr-top.sh results/…/profile-h2-framework.jfr 40
#   benchmarks/jfr-top.sh results/…/profile-h2-framework.jfr 40 'io\.fx\.'   # first fx frame of each sample
set -euo pipefail
FILE="$1"; N="${2:-30}"; PATTERN="${3:-}"
JFR="${JFR:-jfr}"
"$JFR" print --events jdk.ExecutionSample --stack-depth 64 "$FILE" | PATTERN="$PATTERN" awk '
  BEGIN { pattern = ENVIRON["PATTERN"] }
  /stackTrace = \[/ { inside = 1; taken = 0; next }
  inside && /^[[:space:]]*\]/ { inside = 0; next }
  inside && !taken {
    line = $0; sub(/^[[:space:]]+/, "", line); sub(/[[:space:]]+line:.*$/, "", line)
    if (pattern == "" || line ~ pattern) { count[line]++; total++; taken = 1 }
  }
  END { for (f in count) printf "%6d %5.1f%%  %s\n", count[f], 100 * count[f] / total, f }
' | sort -rn | head -"$N"
