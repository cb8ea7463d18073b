package io.fx.micronaut.pipeline;

import io.micronaut.core.annotation.NonNull;

/**
 * Observes generated requests from router entry to response write, for logging and metrics.
 * Observers must not throw; an exception is logged and ignored. Beans of this type are picked up
 * automatically.
 *
 * @since 0.1.0
 */
public interface RequestObserver {

    /**
     * Called when the request enters the framework's route, before the pipeline.
     *
     * @param context the request context
     */
    default void onStart(@NonNull RequestContext context) {
    }

    /**
     * Called once the response is built.
     *
     * @param context       the request context
     * @param status        the response status
     * @param durationNanos the time since {@link #onStart}
     */
    default void onComplete(@NonNull RequestContext context, int status, long durationNanos) {
    }
}
