/**
 * The benchmark baseline: the blog example's posts served by a hand-written Micronaut controller over
 * plain JDBC, with the same URLs and JSON shapes as fx-micronaut. Only what the benchmarks exercise is
 * supported: read, list with {@code filter=field:eq:value}, {@code sort}, {@code page} and
 * {@code limit}, create and update.
 */
package io.fx.micronaut.benchmarks.handwritten;
