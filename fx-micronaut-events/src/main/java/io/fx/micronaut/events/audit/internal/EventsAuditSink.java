package io.fx.micronaut.events.audit.internal;

import io.fx.micronaut.events.EventBus;
import io.fx.micronaut.events.audit.AuditRecord;
import io.fx.micronaut.events.audit.AuditSink;
import io.micronaut.core.annotation.Internal;
import io.micronaut.core.annotation.NonNull;
import jakarta.inject.Named;
import jakarta.inject.Singleton;

/**
 * The {@code events} sink: each record becomes an event, {@code audit.write} or {@code audit.read}, published
 * through the outbox ({@link EventBus#publish}) in a transaction of its own, so it reaches subscribers and broker
 * destinations at least once. Its subject is the model and record id ({@code Post/0191...}), or the model for a
 * list; its data the record's JSON form.
 */
@Internal
@Singleton
@Named("events")
final class EventsAuditSink implements AuditSink {

    private final EventBus bus;

    EventsAuditSink(EventBus bus) {
        this.bus = bus;
    }

    @Override
    public void write(@NonNull AuditRecord record) {
        String subject = record.recordId() == null ? record.model() : record.model() + "/" + record.recordId();
        bus.publish(record.kind().eventType(), subject, record.toMap());
    }
}
