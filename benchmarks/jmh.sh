#!/usr/bin/env bash
# JMH microbenchmarks of the framework's hot paths. Builds the module, then runs JMH with any arguments
# given (JMH's own options: a benchmark regex, -f forks, -wi/-i iterations, -prof gc, -rf json -rff FILE ...).
#   benchmarks/jmh.sh                       # everything, default forks and iterations
#   benchmarks/jmh.sh Serialization -prof gc
#   JAVA=/usr/lib/jvm/temurin-25-jdk-amd64/bin/java benchmarks/jmh.sh -f 1 -wi 3 -i 3
# SKIP_BUILD=1 reuses the last build.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
TARGET="$ROOT/benchmarks/microbenchmarks/target"
if [[ "${SKIP_BUILD:-0}" != 1 ]]; then
  (cd "$ROOT" && timeout 1200 mvn -B -q package -DskipTests -pl benchmarks/microbenchmarks -am)
fi
CP="$(ls "$TARGET"/fx-micronaut-benchmarks-jmh-*.jar):$(cat "$TARGET/classpath.txt")"
exec "${JAVA:-java}" -cp "$CP" org.openjdk.jmh.Main "$@"
