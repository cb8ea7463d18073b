#!/usr/bin/env bash
# A single-node Kafka broker (KRaft, broker and controller in one process) for the events benchmark, started
# from the Maven Central jars doc-examples' tests use (no Docker, no download beyond Maven's own cache).
#   benchmarks/kafka.sh start [PORT]   starts it on 127.0.0.1:PORT (default 19092) and waits until it answers
#   benchmarks/kafka.sh stop           stops it and deletes its data
set -euo pipefail
cd "$(dirname "$0")/.."
DIR=/tmp/fx-bench-kafka
PORT="${2:-19092}"

case "${1:-}" in
  start)
    mkdir -p "$DIR"
    if [[ ! -f "$DIR/classpath.txt" ]]; then
      mvn -B -q dependency:build-classpath -pl doc-examples -Dmdep.includeScope=test \
        -Dmdep.outputFile="$DIR/classpath.txt" >/dev/null
    fi
    CP="$(cat "$DIR/classpath.txt")"
    cat > "$DIR/server.properties" <<PROPS
process.roles=broker,controller
node.id=1
controller.quorum.voters=1@127.0.0.1:$((PORT + 1))
listeners=PLAINTEXT://127.0.0.1:$PORT,CONTROLLER://127.0.0.1:$((PORT + 1))
advertised.listeners=PLAINTEXT://127.0.0.1:$PORT
controller.listener.names=CONTROLLER
listener.security.protocol.map=PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT
log.dirs=$DIR/logs
num.partitions=1
offsets.topic.replication.factor=1
transaction.state.log.replication.factor=1
transaction.state.log.min.isr=1
PROPS
    rm -rf "$DIR/logs"
    java -cp "$CP" kafka.tools.StorageTool format -t "$(java -cp "$CP" kafka.tools.StorageTool random-uuid)" \
      -c "$DIR/server.properties" >/dev/null
    nohup java -Xmx512m -cp "$CP" kafka.Kafka "$DIR/server.properties" > "$DIR/server.log" 2>&1 &
    echo $! > "$DIR/pid"
    for _ in $(seq 1 60); do
      if timeout 2 bash -c "exec 3<>/dev/tcp/127.0.0.1/$PORT" 2>/dev/null; then echo "kafka on 127.0.0.1:$PORT"; exit 0; fi
      sleep 1
    done
    echo "kafka did not start: see $DIR/server.log" >&2; exit 1 ;;
  stop)
    if [[ -f "$DIR/pid" ]]; then kill "$(cat "$DIR/pid")" 2>/dev/null || true; sleep 3; kill -9 "$(cat "$DIR/pid")" 2>/dev/null || true; fi
    rm -rf "$DIR/logs" "$DIR/pid" ;;
  *) echo "usage: $0 start [PORT] | stop" >&2; exit 2 ;;
esac
