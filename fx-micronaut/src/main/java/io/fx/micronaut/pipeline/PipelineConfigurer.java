package io.fx.micronaut.pipeline;

import io.micronaut.core.annotation.NonNull;

/**
 * A bean that registers middleware programmatically at startup. Registrations keep the order in
 * which they are made; configurers run in {@code @Order} order, after annotated middleware beans.
 *
 * @since 0.1.0
 */
@FunctionalInterface
public interface PipelineConfigurer {

    /**
     * @param registry where to register middleware
     */
    void configure(@NonNull MiddlewareRegistry registry);
}
