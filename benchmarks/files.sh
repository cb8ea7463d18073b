#!/usr/bin/env bash
# Files benchmark (issue 30): the blog example's /api/files routes served by fx-micronaut (A, "framework", local
# storage under the results directory) against a hand-written Micronaut controller (B, "handwritten",
# benchmarks/handwritten-app FileController: StreamingFileUpload copied to a file, SystemFile downloads), driven by
# wrk on loopback; then the heap bytes each server allocates per large upload. See BENCHMARKS.md, "Files".
# Usage: benchmarks/files.sh --help
set -euo pipefail

usage() {
  cat <<'EOF'
benchmarks/files.sh [options]
  --endpoints LIST           comma-separated subset of download,upload,allocation (default all):
                             download   GET /api/files/{key} of one stored file of --download-size bytes
                             upload     POST /api/files, multipart/form-data, one part "file" of --upload-size bytes
                             allocation heap bytes allocated per upload of --allocation-size bytes (curl, one at a
                                        time), read from GET /bench/allocated (ThreadMXBean) before and after
  --warmup SECONDS           JIT pre-warm per server and endpoint before the measured runs (default 30)
  --duration SECONDS         length of one measured wrk run (default 20)
  --rounds N                 measured runs per server and endpoint, alternating A/B then B/A (default 2)
  --threads N --connections N  wrk threads and connections (default 2 and 16)
  --download-size BYTES      the downloaded file (default 262144, 256 KiB)
  --upload-size BYTES        the uploaded file (default 1048576, 1 MiB)
  --allocation-size BYTES    the file of the allocation figure (default 33554432, 32 MiB)
  --allocation-uploads N     measured uploads per server for the allocation figure, after 3 unmeasured (default 10)
  --java PATH                java executable for both servers (default: java on PATH)
  --heap SIZE                -Xmx of both servers (default 512m)
  --jvm-opts "OPTS"          extra JVM options for both servers
  --skip-build               use the jars already built
  --out DIR                  results directory (default benchmarks/results/files-<UTC time>)
  --smoke                    a quick check of the harness: --warmup 2 --duration 2 --rounds 1
                             --allocation-uploads 2 (figures meaningless)
Uploaded files are deleted between runs; one run of upload writes about req/s x duration x upload size to the
results directory's disk (the framework spools to its temporary directory, on the same disk, and renames the
spooled file into storage).
Environment: BENCH_PORT_OFFSET (0): added to both server ports (18185 and 18186), for a run beside another one
EOF
}

ARGS="$*"
ENDPOINTS=download,upload,allocation; WARMUP=30; DURATION=20; ROUNDS=2; THREADS=2; CONNECTIONS=16
DOWNLOAD_SIZE=262144; UPLOAD_SIZE=1048576; ALLOC_SIZE=33554432; ALLOC_UPLOADS=10
JAVA_BIN=java; HEAP=512m; JVM_OPTS=""; BUILD=1; OUT=""
while [[ $# -gt 0 ]]; do
  case "$1" in
    --endpoints) ENDPOINTS="$2"; shift 2 ;;
    --warmup) WARMUP="$2"; shift 2 ;;
    --duration) DURATION="$2"; shift 2 ;;
    --rounds) ROUNDS="$2"; shift 2 ;;
    --threads) THREADS="$2"; shift 2 ;;
    --connections) CONNECTIONS="$2"; shift 2 ;;
    --download-size) DOWNLOAD_SIZE="$2"; shift 2 ;;
    --upload-size) UPLOAD_SIZE="$2"; shift 2 ;;
    --allocation-size) ALLOC_SIZE="$2"; shift 2 ;;
    --allocation-uploads) ALLOC_UPLOADS="$2"; shift 2 ;;
    --java) JAVA_BIN="$2"; shift 2 ;;
    --heap) HEAP="$2"; shift 2 ;;
    --jvm-opts) JVM_OPTS="$2"; shift 2 ;;
    --skip-build) BUILD=0; shift ;;
    --out) OUT="$2"; shift 2 ;;
    --smoke) WARMUP=2; DURATION=2; ROUNDS=1; ALLOC_UPLOADS=2; shift ;;
    -h|--help) usage; exit 0 ;;
    *) echo "unknown option $1" >&2; usage >&2; exit 2 ;;
  esac
done
for n in "$WARMUP" "$DURATION" "$ROUNDS" "$THREADS" "$CONNECTIONS" "$DOWNLOAD_SIZE" "$UPLOAD_SIZE" "$ALLOC_SIZE" \
         "$ALLOC_UPLOADS"; do
  [[ "$n" =~ ^[0-9]+$ ]] || { echo "not a non-negative integer: $n" >&2; exit 2; }
done
[[ "$DURATION" -gt 0 && "$ROUNDS" -gt 0 && "$ALLOC_UPLOADS" -gt 0 ]] \
  || { echo "--duration, --rounds and --allocation-uploads must be positive" >&2; exit 2; }
[[ "$DOWNLOAD_SIZE" -ge 64 && "$UPLOAD_SIZE" -ge 64 && "$ALLOC_SIZE" -ge 64 ]] || { echo "sizes start at 64 bytes" >&2; exit 2; }
IFS=, read -r -a ENDPOINT_LIST <<< "$ENDPOINTS"
for e in "${ENDPOINT_LIST[@]}"; do
  [[ " download upload allocation " == *" $e "* ]] || { echo "unknown endpoint $e" >&2; exit 2; }
done
wants() { [[ ",$ENDPOINTS," == *",$1,"* ]]; }

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BENCH="$ROOT/benchmarks"
source "$BENCH/lib.sh"
OUT="${OUT:-$BENCH/results/files-$(date -u +%Y%m%dT%H%M%SZ)}"
mkdir -p "$OUT"
OUT="$(cd "$OUT" && pwd)" # absolute: H2 refuses a database file path relative to the working directory
LUA="$BENCH/wrk/files.lua"
OFF="${BENCH_PORT_OFFSET:-0}"
SERVERS=(framework handwritten)
declare -A PORT=([framework]=$((18185 + OFF)) [handwritten]=$((18186 + OFF)))
declare -A MAIN=([framework]=io.fx.micronaut.benchmarks.framework.FrameworkApplication
                 [handwritten]=io.fx.micronaut.benchmarks.handwritten.HandWrittenApplication)
declare -A PID=()
# both servers accept a body of the allocation upload plus its multipart framing
MAX_BODY=$(( ALLOC_SIZE > UPLOAD_SIZE ? ALLOC_SIZE : UPLOAD_SIZE )); MAX_BODY=$(( MAX_BODY + 1048576 ))

cleanup() {
  local name
  for name in "${!PID[@]}"; do stop_server "$name"; done
  rm -rf "$OUT/db" "$OUT/files" "$OUT/tmp" "$OUT/payload"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# ---------------------------------------------------------------- prerequisites and build
command -v wrk >/dev/null || die "wrk is missing: apt-get install wrk (benchmarks/run.sh installs it when run as root)"
command -v curl >/dev/null || die "curl is missing"
"$JAVA_BIN" -version >/dev/null 2>&1 || die "no java at $JAVA_BIN"
if [[ $BUILD -eq 1 ]]; then
  log "building (mvn package of benchmarks/framework-app and benchmarks/handwritten-app with their reactor dependencies)"
  (cd "$ROOT" && timeout 1200 mvn -B -q package -DskipTests -pl benchmarks/framework-app,benchmarks/handwritten-app -am) \
    > "$OUT/build.log" 2>&1 || { tail -40 "$OUT/build.log" >&2; die "build failed (see $OUT/build.log)"; }
fi
declare -A CP=()
CP[framework]="$(bench_classpath "$BENCH/framework-app/target")" || die "build the benchmarks first"
CP[handwritten]="$(bench_classpath "$BENCH/handwritten-app/target")" || die "build the benchmarks first"
FREE_GB=$(( $(df -Pk "$OUT" | awk 'NR==2{print $4}') / 1048576 ))
[[ $FREE_GB -ge 10 ]] || log "WARNING: only $FREE_GB GiB free under $OUT; an upload run may fill the disk"

{
  echo "# fx-micronaut files benchmark"
  echo
  echo "- started: $(date -u +%Y-%m-%dT%H:%M:%SZ), commit $(cd "$ROOT" && git rev-parse --short HEAD 2>/dev/null || echo unknown)$(cd "$ROOT" && git diff --quiet 2>/dev/null || echo ' (dirty)')"
  echo "- machine: $(nproc) cores, $(awk '/MemTotal/{printf "%.1f GiB", $2/1048576}' /proc/meminfo), load average at start $(cut -d' ' -f1-3 /proc/loadavg)"
  echo "- java: $("$JAVA_BIN" -version 2>&1 | head -1) ($JAVA_BIN), -Xmx$HEAP $JVM_OPTS"
  echo "- wrk: -t$THREADS -c$CONNECTIONS -d${DURATION}s --latency, $ROUNDS round(s) per server alternating A/B then B/A, best round kept"
  echo "- warm-up: ${WARMUP}s per server and endpoint"
  echo "- files: download $DOWNLOAD_SIZE bytes, upload $UPLOAD_SIZE bytes, allocation $ALLOC_SIZE bytes x $ALLOC_UPLOADS uploads"
  echo "- command: benchmarks/files.sh $ARGS"
} > "$OUT/summary.md"
LOAD_AT_START="$(cut -d' ' -f1 /proc/loadavg)"
if awk -v l="$LOAD_AT_START" -v n="$(nproc)" 'BEGIN{exit !(l > n / 2)}'; then
  log "WARNING: the machine is busy (load average $LOAD_AT_START on $(nproc) cores): the figures will be contaminated"
fi

# ---------------------------------------------------------------- payloads: PNG signature and header, then random bytes
mkdir -p "$OUT/payload"
payload() { # file size
  { printf '\x89PNG\r\n\x1a\n\x00\x00\x00\x0dIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x06\x00\x00\x00'
    head -c $(( $2 - 29 )) /dev/urandom; } > "$1"
  [[ "$(stat -c %s "$1")" == "$2" ]] || die "could not write $1"
}
payload "$OUT/payload/download.png" "$DOWNLOAD_SIZE"
payload "$OUT/payload/upload.png" "$UPLOAD_SIZE"
wants allocation && payload "$OUT/payload/allocation.png" "$ALLOC_SIZE"

# ---------------------------------------------------------------- servers
base_url() { echo "http://127.0.0.1:${PORT[$1]}"; }
files_root() { echo "$OUT/files/$1"; }
start_server() { # server
  local server="$1"
  local opts=(-Xmx"$HEAP" -XX:+UseG1GC -Dmicronaut.server.port="${PORT[$server]}" -Dbench.allocation=true
              -Djava.io.tmpdir="$OUT/tmp/$server" -Dmicronaut.server.max-request-size="$MAX_BODY"
              -Dmicronaut.server.multipart.max-file-size="$MAX_BODY")
  mkdir -p "$OUT/tmp/$server" "$(files_root "$server")"
  if [[ "$server" == framework ]]; then
    # the blog as it ships (application.yml: /api/files mounted, access public), its storage under the results
    # directory; no history, no scheduled runner, no metrics, as in run.sh; an H2 file database of its own
    opts+=("${BENCH_FRAMEWORK_OPTS[@]}" -Dfx.files.local.root="$(files_root "$server")"
           -Dfx.files.routes.enabled=true -Dfx.files.routes.access=public -Dfx.files.max-upload-size="$MAX_BODY"
           -Ddatasources.default.url="jdbc:h2:file:$OUT/db/framework" -Ddatasources.default.username=sa
           -Ddatasources.default.password=)
  else
    opts+=(-Dbench.files.root="$(files_root "$server")" -Ddatasources.default.url="jdbc:h2:file:$OUT/db/handwritten")
  fi
  [[ -n "$JVM_OPTS" ]] && read -r -a extra <<< "$JVM_OPTS" && opts+=("${extra[@]}")
  if curl -s -o /dev/null --connect-timeout 1 -m 2 "$(base_url "$server")/"; then
    die "port ${PORT[$server]} already answers: stop whatever listens there first"
  fi
  BLOG_FILES_DIR="$(files_root "$server")" "$JAVA_BIN" "${opts[@]}" -cp "${CP[$server]}" "${MAIN[$server]}" \
    >> "$OUT/server-$server.log" 2>&1 &
  PID[$server]=$!
  local deadline=$(( $(date +%s) + 180 ))
  until [[ "$(curl -s -o /dev/null -w '%{http_code}' --connect-timeout 1 -m 2 "$(base_url "$server")/bench/allocated" || true)" == 200 ]]; do
    alive "${PID[$server]}" || { tail -30 "$OUT/server-$server.log" >&2; die "$server exited during startup"; }
    [[ $(date +%s) -lt $deadline ]] || { tail -30 "$OUT/server-$server.log" >&2; die "$server did not start within 180 s"; }
    sleep 0.1
  done
  log "$server answers on port ${PORT[$server]}"
}

upload_once() { # server file -> the stored key; fails unless 201
  local server="$1" file="$2" reply status
  reply="$(curl -s -m 300 -w '\n%{http_code}' -F "file=@$file;filename=$(basename "$file");type=image/png" "$(base_url "$server")/api/files")"
  status="${reply##*$'\n'}"
  [[ "$status" == 201 ]] || die "$server: POST /api/files answered $status: ${reply%$'\n'*}"
  echo "${reply%$'\n'*}" > "$OUT/upload-reply-$server.json"
  sed -n 's/.*"key":"\([^"]*\)".*/\1/p' <<< "${reply%$'\n'*}"
}
clean_uploads() { # server keep-key: deletes every stored file but the download's
  local root; root="$(files_root "$1")/anonymous"
  local keep; keep="$(cut -d/ -f2 <<< "$2")"
  [[ -d "$root" ]] && find "$root" -mindepth 1 -maxdepth 1 ! -name "${keep:-none}" -exec rm -rf {} +
  return 0
}

# ---------------------------------------------------------------- wrk
declare -A BEST=()
echo "server,endpoint,round,requests,rps,p50_us,p99_us,errors" > "$OUT/runs.csv"
run_wrk() { # server endpoint seconds label -> prints the BENCH line
  local server="$1" endpoint="$2" seconds="$3" label="$4" args=()
  local file="$OUT/wrk-$server-$endpoint-$label.txt"
  if [[ "$endpoint" == download ]]; then args=(download "/api/files/${KEY[$server]}")
  else args=(upload /api/files "$OUT/payload/upload.png"); fi
  timeout $(( seconds + 60 )) wrk -t"$THREADS" -c"$CONNECTIONS" -d"${seconds}s" --timeout 10s --latency \
    -s "$LUA" "$(base_url "$server")" -- "${args[@]}" > "$file" 2>&1 \
    || { cat "$file" >&2; die "wrk failed for $server $endpoint"; }
  local line; line="$(grep '^BENCH ' "$file" || true)"
  [[ -n "$line" ]] || { cat "$file" >&2; die "no BENCH line from wrk ($file)"; }
  echo "$line"
}
measure() { # endpoint
  local endpoint="$1" server round order line
  for server in "${SERVERS[@]}"; do
    log "warm-up $server $endpoint: ${WARMUP}s"
    if [[ "$WARMUP" -gt 0 ]]; then
      line="$(run_wrk "$server" "$endpoint" "$WARMUP" warmup)"
      [[ "$(bench_field "$line" errors)" == 0 ]] || log "WARNING: warm-up of $server $endpoint had errors: $line"
    fi
    [[ "$endpoint" == upload ]] && clean_uploads "$server" "${KEY[$server]}"
  done
  for round in $(seq 1 "$ROUNDS"); do
    order=("${SERVERS[@]}"); (( round % 2 == 0 )) && order=(handwritten framework)
    for server in "${order[@]}"; do
      line="$(run_wrk "$server" "$endpoint" "$DURATION" "r$round")"
      [[ "$endpoint" == upload ]] && clean_uploads "$server" "${KEY[$server]}"
      log "$endpoint $server round $round: $line"
      echo "$server,$endpoint,$round,$(bench_field "$line" requests),$(bench_field "$line" rps),$(bench_field "$line" p50_us),$(bench_field "$line" p99_us),$(bench_field "$line" errors)" >> "$OUT/runs.csv"
      if [[ "$(bench_field "$line" errors)" != 0 ]]; then
        log "WARNING: $server $endpoint round $round had errors (non-2xx, timeouts or socket errors); round not kept"
        continue
      fi
      local best="${BEST[$server|$endpoint]:-}"
      if [[ -z "$best" ]] || awk -v a="$(bench_field "$line" rps)" -v b="$(bench_field "$best" rps)" 'BEGIN{exit !(a>b)}'; then
        BEST[$server|$endpoint]="$line"
      fi
    done
  done
}

# ---------------------------------------------------------------- allocation
declare -A ALLOC=() IDLE=()
allocated() { # server -> the JVM's allocated bytes so far
  local value; value="$(curl -s -m 10 "$(base_url "$1")/bench/allocated")"
  [[ "$value" =~ ^[0-9]+$ ]] || die "$1: GET /bench/allocated answered '$value'"
  echo "$value"
}
measure_allocation() { # server: bytes allocated per upload, less what the idle server allocates in the same time
  local server="$1" i before after started elapsed idle0 idle1
  for i in 1 2 3; do upload_once "$server" "$OUT/payload/allocation.png" > /dev/null; done
  clean_uploads "$server" "${KEY[$server]:-}"
  before="$(allocated "$server")"; started=$(date +%s%N)
  for i in $(seq 1 "$ALLOC_UPLOADS"); do upload_once "$server" "$OUT/payload/allocation.png" > /dev/null; done
  after="$(allocated "$server")"; elapsed=$(( ($(date +%s%N) - started) / 1000000 ))
  clean_uploads "$server" "${KEY[$server]:-}"
  # the idle server over as long (timers, the counter's own requests): subtracted from the uploads' figure
  idle0="$(allocated "$server")"; sleep "$(awk -v ms="$elapsed" 'BEGIN{printf "%.3f", ms / 1000}')"; idle1="$(allocated "$server")"
  IDLE[$server]=$(( idle1 - idle0 ))
  ALLOC[$server]=$(( (after - before - IDLE[$server]) / ALLOC_UPLOADS ))
  log "allocation $server: $(( after - before )) bytes over $ALLOC_UPLOADS uploads in $elapsed ms, idle ${IDLE[$server]} bytes over as long: ${ALLOC[$server]} bytes per upload"
}

# ---------------------------------------------------------------- the run
declare -A KEY=() HEADERS=()
for server in "${SERVERS[@]}"; do start_server "$server"; done
for server in "${SERVERS[@]}"; do
  KEY[$server]="$(upload_once "$server" "$OUT/payload/download.png")"
  curl -s -m 30 -D "$OUT/download-headers-$server.txt" -o "$OUT/download-$server.bin" "$(base_url "$server")/api/files/${KEY[$server]}"
  cmp -s "$OUT/payload/download.png" "$OUT/download-$server.bin" || die "$server did not answer the stored bytes of ${KEY[$server]}"
  HEADERS[$server]="$(grep -i '^content-type:\|^content-length:' "$OUT/download-headers-$server.txt" | tr -d '\r' | tr 'A-Z' 'a-z' | sort | paste -sd' ')"
  log "$server serves ${KEY[$server]}: ${HEADERS[$server]}"
  rm -f "$OUT/download-$server.bin"
done
[[ "${HEADERS[framework]}" == "${HEADERS[handwritten]}" ]] \
  || log "WARNING: the two downloads differ in Content-Type or Content-Length (see download-headers-*.txt)"

wants download && measure download
wants upload && measure upload
if wants allocation; then for server in "${SERVERS[@]}"; do measure_allocation "$server"; done; fi

declare -A TEMP_LEFT=()
for server in "${SERVERS[@]}"; do
  stop_server "$server"
  TEMP_LEFT[$server]="$(find "$OUT/tmp/$server" -type f | wc -l)"
  [[ "${TEMP_LEFT[$server]}" == 0 ]] || log "WARNING: $server left ${TEMP_LEFT[$server]} temporary file(s) in $OUT/tmp/$server"
done

# ---------------------------------------------------------------- report
ms() { awk -v us="$1" 'BEGIN{ if (us=="") print "-"; else printf "%.2f", us/1000 }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN{ if (a=="" || b=="" || b==0) print "-"; else printf "%.2f", a/b }'; }
mib() { awk -v b="$1" 'BEGIN{ if (b=="") print "-"; else printf "%.2f", b/1048576 }'; }
declare -A LABEL=([download]="GET /files/{key} ($DOWNLOAD_SIZE bytes)" [upload]="POST /files (multipart, $UPLOAD_SIZE bytes)")
declare -A TARGET=([download]="≥ 0.8" [upload]="≥ 0.7")
{
  if wants download || wants upload; then
    echo
    echo "## Throughput and latency (best of $ROUNDS round(s) of ${DURATION}s; ratio = framework / hand-written)"
    echo
    echo "| endpoint | framework req/s | hand-written req/s | ratio | target | framework MiB/s | hand-written MiB/s | framework p50 ms | hand-written p50 ms | framework p99 ms | hand-written p99 ms | p99 ratio |"
    echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
    for endpoint in download upload; do
      wants "$endpoint" || continue
      a="${BEST[framework|$endpoint]:-}"; b="${BEST[handwritten|$endpoint]:-}"
      ar="$(bench_field "$a" rps)"; br="$(bench_field "$b" rps)"
      size=$DOWNLOAD_SIZE; [[ "$endpoint" == upload ]] && size=$UPLOAD_SIZE
      am="$( [[ -n "$ar" ]] && mib "$(awk -v r="$ar" -v s="$size" 'BEGIN{print r*s}')" || echo -)"
      bm="$( [[ -n "$br" ]] && mib "$(awk -v r="$br" -v s="$size" 'BEGIN{print r*s}')" || echo -)"
      echo "| ${LABEL[$endpoint]} | ${ar:--} | ${br:--} | $(ratio "$ar" "$br") | ${TARGET[$endpoint]} | $am | $bm | $(ms "$(bench_field "$a" p50_us)") | $(ms "$(bench_field "$b" p50_us)") | $(ms "$(bench_field "$a" p99_us)") | $(ms "$(bench_field "$b" p99_us)") | $(ratio "$(bench_field "$a" p99_us)" "$(bench_field "$b" p99_us)") |"
    done
    echo
    echo "Download headers: framework \`${HEADERS[framework]}\`, hand-written \`${HEADERS[handwritten]}\`."
  fi
  if wants allocation; then
    echo
    echo "## Heap allocated per upload of $ALLOC_SIZE bytes (mean of $ALLOC_UPLOADS, after 3 unmeasured; idle allocation subtracted)"
    echo
    echo "| server | bytes per upload | MiB per upload | per byte uploaded | idle bytes over as long |"
    echo "|---|---:|---:|---:|---:|"
    for server in "${SERVERS[@]}"; do
      echo "| $server | ${ALLOC[$server]:-?} | $(mib "${ALLOC[$server]:-}") | $(ratio "${ALLOC[$server]:-}" "$ALLOC_SIZE") | ${IDLE[$server]:-?} |"
    done
    echo "| ratio | $(ratio "${ALLOC[framework]:-}" "${ALLOC[handwritten]:-}") | | | |"
  fi
  echo
  echo "Temporary files left at shutdown: framework ${TEMP_LEFT[framework]}, hand-written ${TEMP_LEFT[handwritten]}."
  echo "Load average at the end: $(cut -d' ' -f1-3 /proc/loadavg) (at the start: $LOAD_AT_START)."
  echo
  echo "Raw runs: runs.csv; wrk output: wrk-*.txt; server logs: server-*.log; download headers: download-headers-*.txt;"
  echo "the last upload's answer: upload-reply-*.json."
} >> "$OUT/summary.md"
cat "$OUT/summary.md"
log "results in $OUT"
