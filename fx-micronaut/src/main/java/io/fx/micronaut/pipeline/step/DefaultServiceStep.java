package io.fx.micronaut.pipeline.step;

import io.fx.micronaut.pipeline.Next;
import io.fx.micronaut.pipeline.PipelineStep;
import io.fx.micronaut.pipeline.RequestContext;
import io.fx.micronaut.pipeline.Step;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Order;
import jakarta.inject.Singleton;

/**
 * The Service step's default: a passthrough. Business logic attaches here as middleware.
 *
 * @since 0.1.0
 */
@Singleton
@Order(400)
public class DefaultServiceStep implements PipelineStep {

    @Override
    @NonNull
    public Step step() {
        return Step.SERVICE;
    }

    @Override
    public void handle(@NonNull RequestContext context, @NonNull Next next) {
        next.next();
    }
}
