/**
 * The framework side of the benchmarks: the blog example served by fx-micronaut, and the seeder that
 * lets the framework migrate the schema and then fills {@code posts} identically for both servers. With
 * {@code bench.allocation=true}, {@code GET /bench/allocated} answers the heap bytes allocated so far
 * ({@code benchmarks/files.sh}).
 */
package io.fx.micronaut.benchmarks.framework;
