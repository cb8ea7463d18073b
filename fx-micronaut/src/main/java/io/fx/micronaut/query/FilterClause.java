package io.fx.micronaut.query;

import io.fx.micronaut.model.FieldDescriptor;
import io.fx.micronaut.model.RelationDescriptor;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;

import java.util.List;

/**
 * One parsed filter clause. Values are already cast to the field's type.
 *
 * @param group    0 for a bare (ANDed) clause; N+1 for a clause given as {@code filter[N]}
 * @param field    the filtered field
 * @param operator the operator
 * @param values   the cast values: none for null checks, two for {@code between}, one or more otherwise
 * @param relation for a nested filter ({@code author.name:eq:Ann}) the relation whose target holds
 *                 {@code field}, matching when any live related record matches; null for a field of the model
 * @since 0.1.0
 */
public record FilterClause(int group, @NonNull FieldDescriptor field, @NonNull FilterOperator operator,
                           @NonNull List<Object> values, @Nullable RelationDescriptor relation) {

    /** Defensive copy; values may hold nulls only for null checks, which have none. */
    public FilterClause {
        values = List.copyOf(values);
    }

    /**
     * A clause on a field of the model itself.
     *
     * @param group    0 for a bare clause, N+1 for {@code filter[N]}
     * @param field    the filtered field
     * @param operator the operator
     * @param values   the cast values
     */
    public FilterClause(int group, @NonNull FieldDescriptor field, @NonNull FilterOperator operator,
                        @NonNull List<Object> values) {
        this(group, field, operator, values, null);
    }
}
