#!/usr/bin/env bash
# CPU profile of a running server under wrk load, with async-profiler (taken from Maven Central, attached
# through jcmd, no restart): native, JIT and GC time included, which JFR's Java-only samples leave out.
# Writes collapsed stacks and prints the samples per 1,000 requests under each pattern given, so two
# servers profiled the same way compare directly.
#
#   benchmarks/profile.sh PORT ENDPOINT IDS-FILE OUT.collapsed [SECONDS=15] [PATTERN ...]
#   benchmarks/profile.sh 18180 list results/<run>/ids-h2-framework.txt /tmp/fw-list.collapsed 15 \
#       'FxController.serve' 'PlainJsonWriter' 'readRow'
#
# Start the servers first (run.sh prints how it starts them; any `java ... -Dmicronaut.server.port=PORT`
# process is found by its port) and warm them up: the profile is taken of whatever the JIT has by then.
set -euo pipefail
PORT="$1"; ENDPOINT="$2"; IDS="$3"; OUT="$4"; SECONDS_="${5:-15}"; shift $(( $# < 5 ? $# : 5 ))
HERE="$(cd "$(dirname "$0")" && pwd)"
source "$HERE/lib.sh"
VERSION=4.1
LIB_DIR="${ASYNC_PROFILER_DIR:-$HOME/.cache/fx-benchmarks/async-profiler-$VERSION}"
LIB="$LIB_DIR/linux-x64/libasyncProfiler.so"
if [[ ! -f "$LIB" ]]; then
  timeout 600 mvn -B -q dependency:get -Dartifact="tools.profiler:async-profiler:$VERSION" >&2
  mkdir -p "$LIB_DIR"
  (cd "$LIB_DIR" && unzip -o -q "$HOME/.m2/repository/tools/profiler/async-profiler/$VERSION/async-profiler-$VERSION.jar")
fi
PID="$(bench_server_pid "$PORT")"
# jcmd reads key=value words as its own arguments: the agent's option string goes in quotes
timeout 30 jcmd "$PID" JVMTI.agent_load "$LIB" '"start,event=itimer,interval=500us"' > /dev/null
LINE="$(timeout $(( SECONDS_ + 60 )) wrk -t2 -c32 -d"${SECONDS_}s" --timeout 5s -s "$HERE/wrk/bench.lua" \
  "http://127.0.0.1:$PORT" -- "$ENDPOINT" "$IDS" 20 | grep '^BENCH ' || true)"
timeout 30 jcmd "$PID" JVMTI.agent_load "$LIB" "\"stop,file=$OUT,collapsed\"" > /dev/null
[[ -n "$LINE" ]] || { echo "wrk printed no BENCH line" >&2; exit 1; }
echo "$LINE"
REQUESTS="$(sed 's/.*requests=\([0-9]*\).*/\1/' <<< "$LINE")"
python3 - "$OUT" "$REQUESTS" "$@" <<'PY'
import re, sys
path, requests, patterns = sys.argv[1], float(sys.argv[2]), sys.argv[3:]
total, hits = 0, [0] * len(patterns)
with open(path) as f:
    for line in f:
        stack, count = line.rsplit(' ', 1)
        count = int(count); total += count
        for i, p in enumerate(patterns):
            if re.search(p, stack):
                hits[i] += count
print(f"{total} samples, {total / requests * 1000:.2f} per 1,000 requests ({path})")
for p, n in zip(patterns, hits):
    print(f"  {n / requests * 1000:7.2f} per 1,000 requests  {100 * n / max(total, 1):5.1f} %  {p}")
PY
