package io.fx.micronaut.pipeline;

import io.micronaut.core.annotation.NonNull;

/**
 * The default behaviour of one step, as a bean. The framework ships one per step
 * ({@code DefaultAuthStep} ... {@code DefaultResponseStep}); replace one with {@code @Replaces}, or
 * per model and operation with a {@link Position#REPLACE} middleware. A step calls {@code next} when
 * its work is done.
 *
 * @since 0.1.0
 */
public interface PipelineStep extends Middleware {

    /** @return the step this bean implements */
    @NonNull
    Step step();
}
