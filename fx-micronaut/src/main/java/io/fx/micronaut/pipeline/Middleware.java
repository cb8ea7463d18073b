package io.fx.micronaut.pipeline;

import io.micronaut.core.annotation.NonNull;

/**
 * A unit of request processing on one step of the pipeline. To continue, call {@link Next#next()};
 * to stop the request, call {@link RequestContext#abort(int, String, String)} and return without
 * calling it. Throwing an {@link io.fx.micronaut.exception.FxException} answers with its status and
 * code; any other exception answers 500 {@code PANIC}.
 *
 * <p>Register a bean with {@link io.fx.micronaut.pipeline.FxMiddleware}, programmatically through a
 * {@link PipelineConfigurer}, or per model through the model configuration.</p>
 *
 * @since 0.1.0
 */
@FunctionalInterface
public interface Middleware {

    /**
     * @param context the request context
     * @param next    continues with the rest of the pipeline
     */
    void handle(@NonNull RequestContext context, @NonNull Next next);
}
