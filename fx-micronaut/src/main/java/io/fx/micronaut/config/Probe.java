package io.fx.micronaut.config;

/**
 * The three probes mounted under the path prefix.
 *
 * @since 0.1.0
 */
public enum Probe {
    /** {@code /live}: always 200, no I/O. */
    LIVE,
    /** {@code /ready}: 503 while starting or stopping, otherwise the result of the checks. */
    READY,
    /** {@code /health}: the legacy route; pings the database when {@code fx.health-check-db} is set. */
    HEALTH
}
