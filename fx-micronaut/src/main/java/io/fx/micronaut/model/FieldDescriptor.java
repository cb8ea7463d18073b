package io.fx.micronaut.model;

import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;

/**
 * An immutable description of one model field, built once at startup.
 *
 * @param name         the snake_case name used as JSON property and column
 * @param property     the Java property name, or null for a synthetic field (a soft-delete marker the class does not declare)
 * @param type         the storage type
 * @param javaType     the Java property type
 * @param role         what the field means to the framework
 * @param nullable     whether the field accepts null (false for primitives and required fields)
 * @param readonly     stripped from every write
 * @param immutable    accepted on create, stripped on update
 * @param writeonly    accepted on write, never returned
 * @param hidden       never returned and never settable
 * @param filterable   usable in {@code filter}
 * @param sortable     usable in {@code sort}
 * @param unique       a unique constraint on the column
 * @param searchable   full-text search hint
 * @param defaultValue the value used on create when absent, already cast to the field type, or null
 * @param constraints  value rules
 * @since 0.1.0
 */
public record FieldDescriptor(@NonNull String name,
                              @Nullable String property,
                              @NonNull FieldType type,
                              @NonNull Class<?> javaType,
                              @NonNull FieldRole role,
                              boolean nullable,
                              boolean readonly,
                              boolean immutable,
                              boolean writeonly,
                              boolean hidden,
                              boolean filterable,
                              boolean sortable,
                              boolean unique,
                              boolean searchable,
                              @Nullable Object defaultValue,
                              @NonNull FieldConstraints constraints) {

    /** @return whether the field appears in responses */
    public boolean isReadable() {
        return !hidden && !writeonly;
    }

    /**
     * @param create true for create, false for update
     * @return whether a client may set the field in that operation
     */
    public boolean isWritable(boolean create) {
        if (readonly || hidden || role != FieldRole.DATA) {
            return false;
        }
        return create || !immutable;
    }

    /**
     * @return the value a create stores when the body omits the field and it has no default: the Java
     *         zero of a primitive property ({@code 0}, {@code 0.0}, {@code false}), otherwise null
     */
    @Nullable
    public Object zeroValue() {
        if (!javaType.isPrimitive()) {
            return null;
        }
        return switch (type) {
            case INTEGER -> 0L;
            case DECIMAL -> 0.0d;
            case BOOLEAN -> Boolean.FALSE;
            default -> null;
        };
    }
}
