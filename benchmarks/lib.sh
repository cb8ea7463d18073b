# Helpers shared by the benchmark scripts (sourced, not run).

# bench_field LINE NAME: the value of NAME=... in a "BENCH key=value ..." line printed by wrk/bench.lua
bench_field() { sed -n "s/.* $2=\([^ ]*\).*/\1/p" <<< "$1"; }

# bench_classpath TARGET-DIR: a built benchmark module's jar and its dependencies (classpath.txt), as one
# class path; fails when the module has not been built
bench_classpath() {
  [[ -f "$1/classpath.txt" ]] || { echo "$1/classpath.txt missing: build first" >&2; return 1; }
  echo "$(ls "$1"/fx-micronaut-benchmarks-*-0.1.0-SNAPSHOT.jar):$(cat "$1/classpath.txt")"
}

# bench_server_pid PORT: the pid of the java process started with -Dmicronaut.server.port=PORT (run.sh and
# ab-probe.sh start their servers so); fails when there is none
bench_server_pid() {
  local pid
  pid="$(pgrep -f -- "-Dmicronaut.server.port=$1" | head -1 || true)"
  [[ -n "$pid" ]] || { echo "no java process started with -Dmicronaut.server.port=$1" >&2; return 1; }
  echo "$pid"
}
