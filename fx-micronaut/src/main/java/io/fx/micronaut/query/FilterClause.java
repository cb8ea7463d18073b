package io.fx.micronaut.query;

import io.fx.micronaut.model.FieldDescriptor;
import io.micronaut.core.annotation.NonNull;

import java.util.List;

/**
 * One parsed filter clause. Values are already cast to the field's type.
 *
 * @param group    0 for a bare (ANDed) clause; N+1 for a clause given as {@code filter[N]}
 * @param field    the filtered field
 * @param operator the operator
 * @param values   the cast values: none for null checks, two for {@code between}, one or more otherwise
 * @since 0.1.0
 */
public record FilterClause(int group, @NonNull FieldDescriptor field, @NonNull FilterOperator operator,
                           @NonNull List<Object> values) {

    /** Defensive copy; values may hold nulls only for null checks, which have none. */
    public FilterClause {
        values = List.copyOf(values);
    }
}
