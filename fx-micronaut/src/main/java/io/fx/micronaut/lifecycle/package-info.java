/**
 * Startup, readiness, probes, migration and graceful shutdown.
 */
package io.fx.micronaut.lifecycle;
