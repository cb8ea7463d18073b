/**
 * Configuration under the {@code fx} prefix, and the small value types it is made of
 * ({@link io.fx.micronaut.config.QueryLimits}, {@link io.fx.micronaut.config.Probe}). It depends on no
 * other area of the framework.
 */
package io.fx.micronaut.config;
