package io.fx.micronaut.model;

import io.micronaut.core.annotation.NonNull;

import java.util.Map;

/**
 * Renders a stored record the way a read answers it, for modules that keep or send copies of records (an
 * event's payload, a history entry): readable fields only, in declaration order, timestamps as the same
 * RFC 3339 text, and JSON bytes identical to a response's. Relations a record carries are left out. A bean.
 *
 * <pre>{@code
 * Map<String, Object> data = renderer.renderRedacted(change.getModel(), change.getAfter().orElseThrow());
 * byte[] json = renderer.toJson(data);
 * }</pre>
 *
 * @since 0.7.0
 */
public interface RecordRenderer {

    /**
     * @param model  the record's model
     * @param record a stored record, as the store hands it out (a listener's change, an accessor's result)
     * @return its readable fields in declaration order, with JSON-ready values; a field the record lacks is null
     */
    @NonNull
    Map<String, Object> render(@NonNull ModelDescriptor model, @NonNull Map<String, Object> record);

    /**
     * As {@link #render}, without the fields that are {@linkplain FieldDescriptor#isRedacted() redacted}: what
     * may leave the model's own table and responses.
     *
     * @param model  the record's model
     * @param record a stored record
     * @return its readable, unredacted fields in declaration order
     */
    @NonNull
    Map<String, Object> renderRedacted(@NonNull ModelDescriptor model, @NonNull Map<String, Object> record);

    /**
     * @param rendered a map {@link #render} or {@link #renderRedacted} returned (or any map of plain JSON values)
     * @return its compact UTF-8 JSON, byte for byte as a response writes it
     */
    @NonNull
    byte[] toJson(@NonNull Map<String, Object> rendered);
}
