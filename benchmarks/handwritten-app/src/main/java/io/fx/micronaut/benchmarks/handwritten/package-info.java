/**
 * The benchmark baseline: the blog example's posts served by a hand-written Micronaut controller over
 * plain JDBC, with the same URLs and JSON shapes as fx-micronaut. Only what the benchmarks exercise is
 * supported: read, list with {@code filter=field:eq:value}, {@code sort}, {@code page} and
 * {@code limit}, create and update. With {@code bench.files.root} set, {@code POST /api/files} and
 * {@code GET /api/files/{key}} store and serve files the plain Micronaut way ({@code benchmarks/files.sh}); with
 * {@code bench.allocation=true}, {@code GET /bench/allocated} answers the heap bytes allocated so far.
 */
package io.fx.micronaut.benchmarks.handwritten;
