# Helpers shared by the benchmark scripts (sourced, not run).

# The blog's extras that the hand-written service has no counterpart of, off in every framework server the scripts
# start; a variant's options come later and turn one back on: change history (-Dfx.history.enabled=true), the
# scheduled runner (-Dfx.scheduled.enabled=true) and Micrometer's metrics (-Dmicronaut.metrics.enabled=true: a timer
# around every request and every task of the blocking executor)
BENCH_FRAMEWORK_OPTS=(-Dfx.history.enabled=false -Dfx.scheduled.enabled=false -Dmicronaut.metrics.enabled=false)

# bench_field LINE NAME: the value of NAME=... in a "BENCH key=value ..." line printed by wrk/bench.lua
bench_field() { sed -n "s/.* $2=\([^ ]*\).*/\1/p" <<< "$1"; }

# bench_classpath TARGET-DIR: a built benchmark module's jar and its dependencies (classpath.txt), as one
# class path; fails when the module has not been built
bench_classpath() {
  [[ -f "$1/classpath.txt" ]] || { echo "$1/classpath.txt missing: build first" >&2; return 1; }
  echo "$(ls "$1"/fx-micronaut-benchmarks-*-0.1.0-SNAPSHOT.jar):$(cat "$1/classpath.txt")"
}

# bench_deep_cursors BASE-URL PAGE-SIZE [CURL-ARGS...]: the meta.next_cursor of two of a server's own offset pages,
# one per line (empty where it gave none): page 4,999 of the posts (total=none), for cursor-deep, and page 999 of the
# published posts newest first, for filtered-cursor; run.sh and ab-probe.sh hand them to wrk/bench.lua
bench_deep_cursors() {
  local base="$1" size="$2" path; shift 2
  for path in "/api/posts?total=none&limit=$size&page=4999" \
      "/api/posts?filter=status:eq:published&sort=created_at:desc&total=none&limit=$size&page=999"; do
    echo "$(curl -s -m 300 "$@" "$base$path" | sed -n 's/.*"next_cursor":"\([^"]*\)".*/\1/p')"
  done
}

# bench_server_pid PORT: the pid of the java process started with -Dmicronaut.server.port=PORT (run.sh and
# ab-probe.sh start their servers so); fails when there is none
bench_server_pid() {
  local pid
  pid="$(pgrep -f -- "-Dmicronaut.server.port=$1" | head -1 || true)"
  [[ -n "$pid" ]] || { echo "no java process started with -Dmicronaut.server.port=$1" >&2; return 1; }
  echo "$pid"
}

# log MESSAGE...: a timestamped line on stderr and in $OUT/run.log; die MESSAGE...: that, then exit 1
log() { printf '%s %s\n' "$(date -u +%H:%M:%S)" "$*" | tee -a "$OUT/run.log" >&2; }
die() { log "ERROR: $*"; exit 1; }

# alive PID: whether the process runs (a zombie does not)
alive() { local state; state="$(ps -o stat= -p "$1" 2>/dev/null)" || return 1; [[ "$state" != Z* ]]; }

# stop_pid PID: SIGTERM, up to 20 s of graceful shutdown, then SIGKILL (nothing for an empty PID)
stop_pid() {
  local pid="$1"
  [[ -n "$pid" ]] || return 0
  if alive "$pid"; then
    kill -TERM "$pid" 2>/dev/null || true
    for _ in $(seq 1 100); do alive "$pid" || break; sleep 0.2; done
    if alive "$pid"; then kill -KILL "$pid" 2>/dev/null || true; fi
  fi
  wait "$pid" 2>/dev/null || true
}

# stop_server NAME: stop_pid of the server whose pid is ${PID[NAME]} (an associative array of the calling script)
stop_server() { stop_pid "${PID[$1]:-}"; PID[$1]=""; }
