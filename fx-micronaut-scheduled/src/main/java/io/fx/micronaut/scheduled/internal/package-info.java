/**
 * The scheduled-field module's implementation: the {@code scheduled} directive, the startup checks, the sweep, the
 * lock across replicas, metrics and the OpenAPI extension. Not an API.
 */
package io.fx.micronaut.scheduled.internal;
