/**
 * The blog's background jobs ({@code digest}, {@code flaky}), the variables that choose their store, and the admin
 * routes that enqueue them and tell their status.
 */
package io.fx.micronaut.examples.jobs;
