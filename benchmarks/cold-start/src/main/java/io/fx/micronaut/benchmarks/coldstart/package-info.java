/**
 * The cold-start benchmark's driver (issue 34): a Lambda handler built in a fresh JVM as the Lambda runtime builds
 * it, its first invocations timed, then a warm, in-process series of reads and creates; see
 * {@code benchmarks/cold-start.sh} and BENCHMARKS.md.
 */
package io.fx.micronaut.benchmarks.coldstart;
