package io.fx.micronaut.events;

import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;

import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * One event as a destination receives it from the outbox: its id (the same on every attempt, for consumers to
 * deduplicate on), type, subject, the id of the record it is about, and the CloudEvent in JSON structured mode
 * ({@code application/cloudevents+json}), the same bytes for every destination.
 *
 * @param id       the event id
 * @param type     the event type, such as {@code post.created}
 * @param subject  the CloudEvents subject, such as {@code posts/0191...}
 * @param recordId the record's id for a record's event; otherwise what follows the subject's last {@code /} (the
 *                 whole subject without one), the key a broker partitions by
 * @param json     the CloudEvent, UTF-8 JSON; shared, not copied: a destination must not change it
 * @since 0.7.0
 */
public record EventMessage(@NonNull String id, @NonNull String type, @NonNull String subject,
                           @NonNull String recordId, @NonNull byte[] json) {

    /** The media type of {@link #json()}. */
    public static final String CONTENT_TYPE = "application/cloudevents+json";

    /**
     * @param id       the event id
     * @param type     the event type
     * @param subject  the subject
     * @param recordId the record id
     * @param json     the CloudEvent bytes
     */
    public EventMessage {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(subject, "subject");
        Objects.requireNonNull(recordId, "recordId");
        Objects.requireNonNull(json, "json");
    }

    /** @return {@link #json()} as text */
    @NonNull
    public String jsonText() {
        return new String(json, StandardCharsets.UTF_8);
    }

    @Override
    public boolean equals(@Nullable Object o) {
        return o instanceof EventMessage m && id.equals(m.id) && type.equals(m.type) && subject.equals(m.subject)
            && recordId.equals(m.recordId) && java.util.Arrays.equals(json, m.json);
    }

    @Override
    public int hashCode() {
        return id.hashCode();
    }

    @Override
    public String toString() {
        return "EventMessage[" + id + " " + type + " " + subject + "]";
    }
}
