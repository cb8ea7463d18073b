package io.fx.micronaut.pipeline;

import io.micronaut.core.annotation.NonNull;

/**
 * A middleware attached to one step, as in a model's per-step middleware lists.
 *
 * @param step       the step
 * @param middleware the middleware
 * @since 0.1.0
 */
public record StepMiddleware(@NonNull Step step, @NonNull Middleware middleware) {
}
