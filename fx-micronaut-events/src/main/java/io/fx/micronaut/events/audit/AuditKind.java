package io.fx.micronaut.events.audit;

import io.micronaut.core.annotation.NonNull;

/**
 * Which audit an {@link AuditRecord} belongs to.
 *
 * @since 0.8.0
 */
public enum AuditKind {

    /** A write that reached the DB step: its outcome once the transaction committed or rolled back. */
    WRITE("write", "audit.write"),
    /** A successful read, list or history read. */
    READ("read", "audit.read");

    private final String label;
    private final String eventType;

    AuditKind(String label, String eventType) {
        this.label = label;
        this.eventType = eventType;
    }

    /** @return {@code write} or {@code read}, the record's {@code kind} */
    @NonNull
    public String label() {
        return label;
    }

    /** @return the event type the {@code events} sink publishes: {@code audit.write} or {@code audit.read} */
    @NonNull
    public String eventType() {
        return eventType;
    }
}
