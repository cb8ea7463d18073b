package io.fx.micronaut.pipeline;

/**
 * Continues a request with the rest of its pipeline.
 *
 * @since 0.1.0
 */
@FunctionalInterface
public interface Next {

    /** Runs the remaining middleware and steps. */
    void next();
}
