package io.fx.micronaut.db;

import io.fx.micronaut.model.FieldDescriptor;
import io.fx.micronaut.model.FieldRole;
import io.fx.micronaut.model.ModelDescriptor;
import io.fx.micronaut.query.FilterClause;
import io.fx.micronaut.query.FilterOperator;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The rows of one model a caller may see and touch: a conjunction of restrictions on the model's
 * columns, in the query layer's {@link FilterClause} shape ({@code eq} and {@code in}). The store
 * renders it into every statement on the model's table with bound parameters: lists and their
 * totals, reads, updates and deletes (in the statement's own {@code WHERE}), row locks, includes,
 * nested-filter subqueries and referential checks.
 *
 * <p>On create, each {@code eq} restriction stamps its value when the body leaves the column out, and
 * a body value outside the scope is refused with 403 {@code FORBIDDEN}; an update that would move a
 * row outside the scope is refused the same way.</p>
 *
 * <pre>{@code
 * RecordScope.of(model).eq("tenantId", tenant)        // property or column name
 * }</pre>
 *
 * @since 0.3.0
 */
public final class RecordScope {

    private static final RecordScope UNRESTRICTED = new RecordScope(List.of(), false);
    private static final RecordScope NOTHING = new RecordScope(List.of(), true);

    private final List<FilterClause> conditions;
    private final boolean empty;

    private RecordScope(List<FilterClause> conditions, boolean empty) {
        this.conditions = conditions;
        this.empty = empty;
    }

    /** @return the scope that restricts nothing */
    @NonNull
    public static RecordScope unrestricted() {
        return UNRESTRICTED;
    }

    /** @return the scope that matches no row: reads find nothing, creates are refused */
    @NonNull
    public static RecordScope nothing() {
        return NOTHING;
    }

    /**
     * @param model the model whose columns the scope restricts
     * @return a builder of that model's scope
     */
    @NonNull
    public static Builder of(@NonNull ModelDescriptor model) {
        return new Builder(model);
    }

    /** @return the restrictions, each an {@code eq} or {@code in} clause of group 0 */
    @NonNull
    public List<FilterClause> conditions() {
        return conditions;
    }

    /** @return whether the scope restricts nothing */
    public boolean isUnrestricted() {
        return !empty && conditions.isEmpty();
    }

    /** @return whether the scope matches no row at all */
    public boolean isNothing() {
        return empty;
    }

    /**
     * @param other another scope of the same model
     * @return the rows both scopes admit
     */
    @NonNull
    public RecordScope and(@NonNull RecordScope other) {
        if (empty || other.isUnrestricted()) {
            return this;
        }
        if (other.empty || isUnrestricted()) {
            return other;
        }
        List<FilterClause> both = new ArrayList<>(conditions);
        both.addAll(other.conditions);
        return new RecordScope(List.copyOf(both), false);
    }

    /**
     * The value an {@code eq} restriction fixes for a field, stamped on create when the body leaves it out.
     *
     * @param field a field name
     * @return the fixed value, if an {@code eq} restriction names the field
     */
    @NonNull
    public Optional<Object> fixedValue(@NonNull String field) {
        for (FilterClause clause : conditions) {
            if (clause.operator() == FilterOperator.EQ && clause.field().name().equals(field)) {
                return Optional.of(clause.values().get(0));
            }
        }
        return Optional.empty();
    }

    /**
     * @param values values of a record, by field name
     * @return whether a record with those values lies inside the scope (a field the values do not
     *     carry is not checked)
     */
    public boolean admits(@NonNull Map<String, Object> values) {
        if (empty) {
            return false;
        }
        for (FilterClause clause : conditions) {
            String name = clause.field().name();
            if (values.containsKey(name) && !admits(clause, values.get(name))) {
                return false;
            }
        }
        return true;
    }

    private static boolean admits(FilterClause clause, Object value) {
        if (value == null) {
            return false;
        }
        for (Object allowed : clause.values()) {
            if (Objects.equals(String.valueOf(allowed), String.valueOf(value))) {
                return true;
            }
        }
        return false;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof RecordScope other && empty == other.empty && conditions.equals(other.conditions);
    }

    @Override
    public int hashCode() {
        return Boolean.hashCode(empty) * 31 + conditions.hashCode();
    }

    @Override
    public String toString() {
        return empty ? "RecordScope[nothing]" : "RecordScope" + conditions;
    }

    /** Builds the scope of one model from restrictions named by property or column. */
    public static final class Builder {

        private final ModelDescriptor model;
        private final List<FilterClause> conditions = new ArrayList<>();

        private Builder(ModelDescriptor model) {
            this.model = model;
        }

        /**
         * @param field a property or column name of the model
         * @param value the only value the column may hold; null matches nothing
         * @return this builder
         * @throws IllegalArgumentException when the model has no such stored data field
         */
        @NonNull
        public Builder eq(@NonNull String field, @Nullable Object value) {
            if (value == null) {
                return in(field, List.of());
            }
            conditions.add(new FilterClause(0, field(field), FilterOperator.EQ, List.of(value)));
            return this;
        }

        /**
         * @param field  a property or column name of the model
         * @param values the values the column may hold; empty matches nothing
         * @return this builder
         * @throws IllegalArgumentException when the model has no such stored data field
         */
        @NonNull
        public Builder in(@NonNull String field, @NonNull Collection<?> values) {
            FieldDescriptor descriptor = field(field);
            List<Object> allowed = values.stream().filter(Objects::nonNull).map(v -> (Object) v).toList();
            conditions.add(new FilterClause(0, descriptor, FilterOperator.IN, allowed));
            return this;
        }

        /** @return the scope; one with an empty {@code in} list matches nothing */
        @NonNull
        public RecordScope build() {
            if (conditions.stream().anyMatch(c -> c.values().isEmpty())) {
                return NOTHING;
            }
            return conditions.isEmpty() ? UNRESTRICTED : new RecordScope(List.copyOf(conditions), false);
        }

        private FieldDescriptor field(String name) {
            return model.getFields().stream()
                .filter(f -> f.role() == FieldRole.DATA || f.role() == FieldRole.ID)
                .filter(f -> f.name().equals(name) || name.equals(f.property()))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("Model " + model.getName()
                    + " has no stored field '" + name + "' to scope on"));
        }
    }
}
