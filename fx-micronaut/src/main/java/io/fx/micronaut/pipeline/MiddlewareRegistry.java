package io.fx.micronaut.pipeline;

import io.micronaut.core.annotation.NonNull;

/**
 * Accepts middleware registrations while the pipeline is being compiled at startup.
 *
 * @since 0.1.0
 */
public interface MiddlewareRegistry {

    /**
     * Registers a middleware on a step with the given options.
     *
     * @param step       the step
     * @param middleware the middleware
     * @param options    position, filters and name
     * @return this registry
     */
    @NonNull
    MiddlewareRegistry use(@NonNull Step step, @NonNull Middleware middleware, @NonNull MiddlewareOptions options);

    /**
     * Registers a middleware on a step, before the default, for every model and operation.
     *
     * @param step       the step
     * @param middleware the middleware
     * @return this registry
     */
    @NonNull
    default MiddlewareRegistry use(@NonNull Step step, @NonNull Middleware middleware) {
        return use(step, middleware, MiddlewareOptions.DEFAULT);
    }

    /**
     * Registers an observer wrapping every generated request from router entry to response write.
     *
     * @param observer the observer
     * @return this registry
     */
    @NonNull
    MiddlewareRegistry observe(@NonNull RequestObserver observer);
}
