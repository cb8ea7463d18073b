#!/usr/bin/env bash
# CPU time per request of each process under wrk load, from the kernel's own accounting (/proc): the server,
# the store's server processes (by name), wrk itself, and the whole machine, in µs of user and system time
# per request, with context switches per request. On a machine whose cores the server shares with its store
# and with wrk, throughput alone cannot say who spent what; these figures can, and they vary far less from run
# to run than req/s.
#
#   benchmarks/cpu-per-request.sh PORT ENDPOINT IDS-FILE [SECONDS=10] [STORE-PROCESS ...]
#   benchmarks/cpu-per-request.sh 18193 get results/<probe>/ids.txt 10 redis-server
#   benchmarks/cpu-per-request.sh 18194 get results/<probe>/ids.txt 10 postgres
#
# The server is the java process started with -Dmicronaut.server.port=PORT (ab-probe.sh and run.sh start
# them so); warm it up first. BENCH_TOKENS and BENCH_HEADERS are passed to wrk as by the other scripts.
# A STORE-PROCESS that is a number is a process id (a broker running in a JVM, whose name is java). Each one is
# reported on its own too (store_<name>_us, user and system time together).
# BENCH_SETTLE: a command run after wrk, before the end counts are read, until it prints 0 (say, a query that counts
# the outbox's pending deliveries): work the requests left behind (an event relay's) is then counted with them.
set -euo pipefail
PORT="$1"; ENDPOINT="$2"; IDS="$3"; SECONDS_="${4:-10}"; shift $(( $# < 4 ? $# : 4 ))
HERE="$(cd "$(dirname "$0")" && pwd)"
source "$HERE/lib.sh"
SERVER="$(bench_server_pid "$PORT")"
STORES=(); declare -A GROUP=()
for name in "$@"; do
  if [[ "$name" =~ ^[0-9]+$ ]]; then STORES+=("$name"); GROUP[$name]="$name"; continue; fi
  while read -r pid; do [[ -n "$pid" ]] && STORES+=("$pid") && GROUP[$pid]="$name"; done < <(pgrep -x "$name" || true)
done

ticks() { # pids...: user and system ticks summed (fields 14 and 15 of /proc/PID/stat; 0 for gone processes)
  local u=0 s=0 pid line
  for pid in "$@"; do
    line="$(cat "/proc/$pid/stat" 2>/dev/null || true)"
    [[ -n "$line" ]] || continue
    read -r -a f <<< "${line##*) }" # fields after the command name, which may hold spaces
    u=$(( u + f[11] )); s=$(( s + f[12] ))
  done
  echo "$u $s"
}
machine() { awk '/^cpu /{busy=$2+$3+$4+$7+$8+$9; print busy, $5} /^ctxt/{print $2}' /proc/stat | xargs; }

group_ticks() { # name=ticks per store process name (user and system together)
  local name pids u s
  for name in $(printf '%s\n' "${GROUP[@]}" | sort -u); do
    pids=(); for pid in "${!GROUP[@]}"; do [[ "${GROUP[$pid]}" == "$name" ]] && pids+=("$pid"); done
    read -r u s <<< "$(ticks "${pids[@]}")"; echo "$name=$(( u + s ))"
  done | xargs
}
GROUPS0="$(group_ticks)"
read -r su0 ss0 <<< "$(ticks "$SERVER")"
read -r tu0 ts0 <<< "$(ticks "${STORES[@]+"${STORES[@]}"}")"
read -r busy0 idle0 ctxt0 <<< "$(machine)"
OUT="$( { /usr/bin/time -f "WRKCPU %U %S" timeout $(( SECONDS_ + 60 )) wrk -t2 -c32 -d"${SECONDS_}s" --timeout 5s \
  -s "$HERE/wrk/bench.lua" "http://127.0.0.1:$PORT" -- "$ENDPOINT" "$IDS" 20; } 2>&1 )"
if [[ -n "${BENCH_SETTLE:-}" ]]; then
  for _ in $(seq 1 600); do [[ "$(bash -c "$BENCH_SETTLE" 2>/dev/null | tr -d '[:space:]')" == 0 ]] && break; sleep 0.5; done
fi
read -r su1 ss1 <<< "$(ticks "$SERVER")"
GROUPS1="$(group_ticks)"
read -r tu1 ts1 <<< "$(ticks "${STORES[@]+"${STORES[@]}"}")"
read -r busy1 idle1 ctxt1 <<< "$(machine)"
LINE="$(grep '^BENCH ' <<< "$OUT" || true)"
[[ -n "$LINE" ]] || { echo "wrk printed no BENCH line: $OUT" >&2; exit 1; }
read -r _ wu ws <<< "$(grep '^WRKCPU ' <<< "$OUT")"
python3 - "$(bench_field "$LINE" requests)" "$(bench_field "$LINE" rps)" "$(bench_field "$LINE" errors)" \
  "$(getconf CLK_TCK)" "$su0" "$ss0" "$su1" "$ss1" "$tu0" "$ts0" "$tu1" "$ts1" "$wu" "$ws" \
  "$busy0" "$idle0" "$ctxt0" "$busy1" "$idle1" "$ctxt1" "$GROUPS0" "$GROUPS1" <<'PY'
import sys
n, rps, errors, tck = float(sys.argv[1]), sys.argv[2], sys.argv[3], float(sys.argv[4])
su0, ss0, su1, ss1, tu0, ts0, tu1, ts1 = map(int, sys.argv[5:13])
wu, ws = map(float, sys.argv[13:15])
busy0, idle0, ctxt0, busy1, idle1, ctxt1 = map(int, sys.argv[15:21])
us = lambda ticks: ticks / tck * 1e6 / n
print(f"rps={rps} errors={errors} server_user_us={us(su1 - su0):.1f} server_sys_us={us(ss1 - ss0):.1f} "
      f"store_user_us={us(tu1 - tu0):.1f} store_sys_us={us(ts1 - ts0):.1f} wrk_user_us={wu * 1e6 / n:.1f} "
      f"wrk_sys_us={ws * 1e6 / n:.1f} machine_busy_us={us(busy1 - busy0):.1f} machine_idle_us={us(idle1 - idle0):.1f} "
      f"context_switches={(ctxt1 - ctxt0) / n:.2f}"
      + "".join(f" store_{name}_us={us(int(after) - int(dict(g.split('=') for g in sys.argv[21].split()).get(name, after))):.1f}"
                for name, after in (g.split('=') for g in sys.argv[22].split())))
PY
