/**
 * JMH microbenchmarks of the framework's hot paths, run with {@code benchmarks/jmh.sh}. Benchmarks that
 * need package-private framework types live in the framework's own package names (a benchmark-only
 * split package on the plain classpath).
 */
package io.fx.micronaut.benchmarks.jmh;
