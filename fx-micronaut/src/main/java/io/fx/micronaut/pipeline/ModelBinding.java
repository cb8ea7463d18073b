package io.fx.micronaut.pipeline;

import io.fx.micronaut.model.ModelDescriptor;
import io.micronaut.core.annotation.NonNull;

import java.util.Objects;
import java.util.Set;

/**
 * Where a {@link ModelBoundMiddleware} runs for one model: the model, the step and position its registration
 * chose, and the operations it covers. Handed to {@link ModelBoundMiddleware#bind(ModelBinding)} at startup, so
 * a middleware can refuse a placement it cannot work in (an event emitter that must run after the DB step) or
 * remember which models and operations it serves.
 *
 * @param model      a model the registration covers
 * @param step       the step it is registered on
 * @param position   its position on that step
 * @param operations the operations it is limited to; empty when it covers every operation
 * @since 0.7.0
 */
public record ModelBinding(@NonNull ModelDescriptor model, @NonNull Step step, @NonNull Position position,
                           @NonNull Set<Operation> operations) {

    /**
     * @param model      a model the registration covers
     * @param step       the step it is registered on
     * @param position   its position on that step
     * @param operations the operations it is limited to; empty when it covers every operation
     */
    public ModelBinding {
        Objects.requireNonNull(model, "model");
        Objects.requireNonNull(step, "step");
        Objects.requireNonNull(position, "position");
        operations = Set.copyOf(operations);
    }

    /**
     * @param operation an operation
     * @return whether the middleware runs for it on this model
     */
    public boolean covers(@NonNull Operation operation) {
        return operation.isCoveredBy(operations);
    }
}
