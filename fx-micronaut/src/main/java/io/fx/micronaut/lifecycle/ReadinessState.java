package io.fx.micronaut.lifecycle;

/**
 * The readiness states of the service. {@code /ready} answers 503 in {@link #STARTING} and
 * {@link #STOPPING}; {@code /live} answers 200 in all of them.
 *
 * @since 0.1.0
 */
public enum ReadinessState {
    /** Before the server has started and migration has run. */
    STARTING,
    /** Serving. */
    READY,
    /** Draining in-flight requests during shutdown. */
    STOPPING
}
