package io.fx.micronaut.events.audit;

import io.micronaut.core.annotation.Nullable;

/**
 * One field's change in an update's {@link AuditRecord}, as a read renders the values.
 *
 * @param from the value before the update
 * @param to   the value after it
 * @since 0.8.0
 */
public record FieldChange(@Nullable Object from, @Nullable Object to) {
}
