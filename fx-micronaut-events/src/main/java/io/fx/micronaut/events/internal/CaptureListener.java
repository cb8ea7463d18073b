package io.fx.micronaut.events.internal;

import io.fx.micronaut.db.RecordChange;
import io.fx.micronaut.db.RecordListener;
import io.fx.micronaut.db.WriteOperation;
import io.fx.micronaut.events.EventTypes;
import io.fx.micronaut.events.FxEvents;
import io.fx.micronaut.model.ModelDescriptor;
import io.fx.micronaut.model.RecordRenderer;
import io.fx.micronaut.pipeline.MiddlewareInventory;
import io.micronaut.context.BeanProvider;
import io.micronaut.core.annotation.Internal;
import io.micronaut.core.annotation.NonNull;
import jakarta.inject.Singleton;

import java.util.Map;

/**
 * Turns every write of an emitting model into an event in the outbox, inside the write's transaction: the
 * generated routes' writes, accessors', actions', background work's, and each row a referential action touches.
 * The data is the record as a read renders it (after the write; before it, for a delete) without its
 * {@linkplain io.fx.micronaut.model.FieldDescriptor#isRedacted() redacted} fields.
 */
@Internal
@Singleton
final class CaptureListener implements RecordListener {

    /** Late among listeners, so the event carries what earlier ones changed. */
    private static final int ORDER = 1000;

    private final FxEvents events;
    private final EventComposer composer;
    private final RecordRenderer renderer;
    private final OutboxWriter writer;

    private final BeanProvider<MiddlewareInventory> pipeline;

    /**
     * @param pipeline the compiled pipeline: asked for before deciding which models emit, so that every
     *                 {@link FxEvents#emit()} registration is bound by then
     */
    CaptureListener(FxEvents events, EventComposer composer, RecordRenderer renderer, OutboxWriter writer,
                    BeanProvider<MiddlewareInventory> pipeline) {
        this.pipeline = pipeline;
        this.events = events;
        this.composer = composer;
        this.renderer = renderer;
        this.writer = writer;
    }

    @Override
    public int getOrder() {
        return ORDER;
    }

    @Override
    public boolean appliesTo(@NonNull ModelDescriptor model) {
        pipeline.get();
        return events.emitsAny(model);
    }

    /** The event is composed after the statement: on PostgreSQL the update reads its pre-image. */
    @Override
    public boolean needsPreImageBeforeStatement() {
        return false;
    }

    @Override
    public void afterWrite(@NonNull RecordChange change) {
        ModelDescriptor model = change.getModel();
        if (!events.emits(model, change.getOperation())) {
            return;
        }
        Map<String, Object> record = (change.getOperation() == WriteOperation.DELETE ? change.getBefore()
            : change.getAfter()).orElse(Map.of());
        Map<String, Object> data = renderer.renderRedacted(model, record);
        writer.write(change.getContext(), composer.compose(change.getContext(), EventTypes.of(model,
                change.getOperation()), model.getTable() + "/" + change.getId(), change.getId(), model.getName(),
            EventTypes.operationName(change.getOperation()), data));
    }
}
