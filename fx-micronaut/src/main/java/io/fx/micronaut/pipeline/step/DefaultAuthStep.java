package io.fx.micronaut.pipeline.step;

import io.fx.micronaut.pipeline.Next;
import io.fx.micronaut.pipeline.PipelineStep;
import io.fx.micronaut.pipeline.RequestContext;
import io.fx.micronaut.pipeline.ShippedStep;
import io.fx.micronaut.pipeline.Step;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Order;
import jakarta.inject.Singleton;

/**
 * The Auth step's default: a passthrough. Authentication middleware registered on this step fills
 * the principal.
 *
 * @since 0.1.0
 */
@Singleton
@Order(100)
public class DefaultAuthStep implements PipelineStep, ShippedStep {

    @Override
    @NonNull
    public Step step() {
        return Step.AUTH;
    }

    @Override
    public void handle(@NonNull RequestContext context, @NonNull Next next) {
        next.next();
    }

    @Override
    public boolean isShipped() {
        return getClass() == DefaultAuthStep.class;
    }
}
