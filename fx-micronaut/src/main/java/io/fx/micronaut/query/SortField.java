package io.fx.micronaut.query;

import io.fx.micronaut.model.FieldDescriptor;
import io.micronaut.core.annotation.NonNull;

/**
 * One parsed sort key.
 *
 * @param field      the sorted field
 * @param descending whether the order is descending
 * @since 0.1.0
 */
public record SortField(@NonNull FieldDescriptor field, boolean descending) {
}
