/**
 * The framework side of the benchmarks: the blog example served by fx-micronaut, and the seeder that
 * lets the framework migrate the schema and then fills {@code posts} identically for both servers.
 */
package io.fx.micronaut.benchmarks.framework;
