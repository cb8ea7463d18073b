package io.fx.micronaut.pipeline;

/**
 * Where a middleware stands relative to the default behaviour of its step.
 *
 * @since 0.1.0
 */
public enum Position {
    /** Runs before the step's default behaviour (the default position). */
    BEFORE,
    /** Runs after the step's default behaviour. */
    AFTER,
    /** Runs instead of the step's default behaviour. */
    REPLACE
}
