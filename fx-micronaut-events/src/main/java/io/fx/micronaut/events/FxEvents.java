package io.fx.micronaut.events;

import io.fx.micronaut.db.WriteOperation;
import io.fx.micronaut.exception.FxConfigurationException;
import io.fx.micronaut.model.ModelDescriptor;
import io.fx.micronaut.pipeline.Middleware;
import io.fx.micronaut.pipeline.ModelBinding;
import io.fx.micronaut.pipeline.ModelBoundMiddleware;
import io.fx.micronaut.pipeline.Next;
import io.fx.micronaut.pipeline.Operation;
import io.fx.micronaut.pipeline.Position;
import io.fx.micronaut.pipeline.RequestContext;
import io.fx.micronaut.pipeline.Step;
import io.micronaut.core.annotation.NonNull;
import jakarta.inject.Singleton;

import java.util.EnumSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Chooses which writes emit events. Register {@link #emit()} on the DB step at position {@code AFTER}, with the
 * models (and, if wanted, operations) that emit; {@code fx.events.emit-models} does the same from configuration.
 * A registration limited to operations emits those writes only ({@code CREATE}, {@code UPDATE}, {@code DELETE}),
 * whoever makes them. From then on every write of those models emits, whoever makes it: a generated route, a model accessor, an
 * action, background work, and every row a {@code cascade} or {@code setNull} edge touches. Each event is written
 * to the outbox in the write's own transaction, so a write that rolls back emits nothing.
 *
 * <pre>{@code
 * @Singleton
 * final class Events implements PipelineConfigurer {
 *     private final FxEvents events;
 *     Events(FxEvents events) { this.events = events; }
 *     public void configure(MiddlewareRegistry registry) {
 *         registry.use(Step.DB, events.emit(), MiddlewareOptions.after().models("Post", "Comment"));
 *     }
 * }
 * }</pre>
 *
 * @since 0.7.0
 */
@Singleton
public final class FxEvents {

    private final Map<String, Set<WriteOperation>> emitted = new ConcurrentHashMap<>();

    /**
     * @return the emitting middleware, to register on the DB step at position {@code AFTER}; any other place
     *     fails startup
     */
    @NonNull
    public Middleware emit() {
        return new Emit();
    }

    /**
     * @param model a model
     * @return whether any write of the model emits
     */
    public boolean emitsAny(@NonNull ModelDescriptor model) {
        return emitted.containsKey(model.getName());
    }

    /** @return whether any model's writes emit */
    public boolean emitsAnyModel() {
        return !emitted.isEmpty();
    }

    /**
     * @param model     a model
     * @param operation a write
     * @return whether that write of the model emits
     */
    public boolean emits(@NonNull ModelDescriptor model, @NonNull WriteOperation operation) {
        Set<WriteOperation> operations = emitted.get(model.getName());
        return operations != null && operations.contains(operation);
    }

    private void bind(ModelBinding binding) {
        if (binding.step() != Step.DB || binding.position() != Position.AFTER) {
            throw new FxConfigurationException("FxEvents.emit() is registered on the " + binding.step()
                + " step at position " + binding.position() + " for model " + binding.model().getName()
                + "; register it on the DB step at position AFTER");
        }
        Set<WriteOperation> operations = EnumSet.noneOf(WriteOperation.class);
        if (binding.covers(Operation.CREATE)) {
            operations.add(WriteOperation.CREATE);
        }
        if (binding.covers(Operation.UPDATE)) {
            operations.add(WriteOperation.UPDATE);
        }
        if (binding.covers(Operation.DELETE)) {
            operations.add(WriteOperation.DELETE);
        }
        if (!operations.isEmpty()) {
            emitted.merge(binding.model().getName(), Set.copyOf(operations), (a, b) -> {
                Set<WriteOperation> both = EnumSet.copyOf(a);
                both.addAll(b);
                return Set.copyOf(both);
            });
        }
    }

    /** Runs after the DB step and lets the response through: the outbox was written in the write's transaction. */
    private final class Emit implements ModelBoundMiddleware {

        @Override
        public void bind(@NonNull ModelBinding binding) {
            FxEvents.this.bind(binding);
        }

        @Override
        public void handle(@NonNull RequestContext context, @NonNull Next next) {
            next.next();
        }

        @Override
        public String toString() {
            return "FxEvents.emit()";
        }
    }
}
