package io.fx.micronaut.model;

import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;

import java.util.Objects;
import java.util.Optional;

/**
 * An immutable description of one model field, built once at startup through a {@link Builder}.
 * Extensions keep what they need about a field in its typed {@linkplain #attributes() attributes},
 * so a new kind of field never changes this type's shape.
 *
 * @since 0.1.0
 */
public final class FieldDescriptor {

    private final String name;
    private final String property;
    private final FieldType type;
    private final Class<?> javaType;
    private final Class<?> elementType;
    private final FieldRole role;
    private final boolean nullable;
    private final boolean readonly;
    private final boolean immutable;
    private final boolean writeonly;
    private final boolean hidden;
    private final boolean filterable;
    private final boolean sortable;
    private final boolean unique;
    private final boolean searchable;
    private final boolean indexed;
    private final boolean redacted;
    private final Object defaultValue;
    private final FieldConstraints constraints;
    private final Attributes attributes;

    private FieldDescriptor(Builder b) {
        this.name = Objects.requireNonNull(b.name, "name");
        this.property = b.property;
        this.type = Objects.requireNonNull(b.type, "type");
        this.javaType = Objects.requireNonNull(b.javaType, "javaType");
        this.elementType = b.elementType;
        this.role = b.role;
        this.nullable = b.nullable;
        this.readonly = b.readonly;
        this.immutable = b.immutable;
        this.writeonly = b.writeonly;
        this.hidden = b.hidden;
        this.filterable = b.filterable;
        this.sortable = b.sortable;
        this.unique = b.unique;
        this.searchable = b.searchable;
        this.indexed = b.indexed;
        this.redacted = b.redacted;
        this.defaultValue = b.defaultValue;
        this.constraints = b.constraints;
        this.attributes = b.attributes;
    }

    /**
     * @param name     the snake_case name used as JSON property and column
     * @param type     the storage type
     * @param javaType the Java property type
     * @return a builder for a nullable data field with no directives
     */
    @NonNull
    public static Builder builder(@NonNull String name, @NonNull FieldType type, @NonNull Class<?> javaType) {
        return new Builder(name, type, javaType);
    }

    /** @return a builder holding this field's values, to derive a changed copy */
    @NonNull
    public Builder toBuilder() {
        Builder b = new Builder(name, type, javaType);
        b.property = property;
        b.elementType = elementType;
        b.role = role;
        b.nullable = nullable;
        b.readonly = readonly;
        b.immutable = immutable;
        b.writeonly = writeonly;
        b.hidden = hidden;
        b.filterable = filterable;
        b.sortable = sortable;
        b.unique = unique;
        b.searchable = searchable;
        b.indexed = indexed;
        b.redacted = redacted;
        b.defaultValue = defaultValue;
        b.constraints = constraints;
        b.attributes = attributes;
        return b;
    }

    /** @return the snake_case name used as JSON property and column */
    @NonNull
    public String name() {
        return name;
    }

    /** @return the Java property name, or null for a field the class does not declare (a synthetic field) */
    @Nullable
    public String property() {
        return property;
    }

    /** @return the storage and wire type */
    @NonNull
    public FieldType type() {
        return type;
    }

    /** @return the Java property type */
    @NonNull
    public Class<?> javaType() {
        return javaType;
    }

    /**
     * @return the declared element type of a JSON field: the list element of a {@code json_array}, the map
     *         value of a {@code json_object}; empty when undeclared or {@code Object}
     * @since 0.2.0
     */
    @NonNull
    public Optional<Class<?>> elementType() {
        return Optional.ofNullable(elementType);
    }

    /** @return what the field means to the framework */
    @NonNull
    public FieldRole role() {
        return role;
    }

    /** @return whether the field accepts null (false for primitives and required fields) */
    public boolean nullable() {
        return nullable;
    }

    /** @return whether the field is stripped from every write */
    public boolean readonly() {
        return readonly;
    }

    /** @return whether the field is accepted on create and stripped on update */
    public boolean immutable() {
        return immutable;
    }

    /** @return whether the field is accepted on write and never returned */
    public boolean writeonly() {
        return writeonly;
    }

    /** @return whether the field is never returned and never settable */
    public boolean hidden() {
        return hidden;
    }

    /** @return whether the field is usable in {@code filter} */
    public boolean filterable() {
        return filterable;
    }

    /** @return whether the field is usable in {@code sort} */
    public boolean sortable() {
        return sortable;
    }

    /** @return whether the column carries a unique constraint */
    public boolean unique() {
        return unique;
    }

    /** @return the full-text search hint */
    public boolean searchable() {
        return searchable;
    }

    /**
     * @return whether auto-migration indexes the field ({@code index} directive): on {@code (field, id)}, the order
     *         a list sorted by the field reads, by page or by cursor
     * @since 0.4.0
     */
    public boolean indexed() {
        return indexed;
    }

    /** @return the value a create stores when the body omits the field, already cast to its type, or null */
    @Nullable
    public Object defaultValue() {
        return defaultValue;
    }

    /** @return the value rules */
    @NonNull
    public FieldConstraints constraints() {
        return constraints;
    }

    /**
     * @return the attributes extensions stored on this field
     * @since 0.2.0
     */
    @NonNull
    public Attributes attributes() {
        return attributes;
    }

    /**
     * @param key an attribute key
     * @param <T> its value type
     * @return the attribute's value, if set
     * @since 0.2.0
     */
    @NonNull
    public <T> Optional<T> attribute(@NonNull AttributeKey<T> key) {
        return attributes.get(key);
    }

    /** @return whether the field appears in responses */
    public boolean isReadable() {
        return !hidden && !writeonly;
    }

    /**
     * Whether the field's value must stay out of every copy made outside the model's own table and
     * responses: an event's payload, an outbox row, a history record, a log line. That is every field a read
     * does not return ({@code hidden}, {@code writeonly}) and every field a directive marked
     * {@linkplain Builder#redacted(boolean) redacted} (an {@code encrypted} one, say).
     *
     * @return whether the field is redacted from copies
     * @since 0.7.0
     */
    public boolean isRedacted() {
        return redacted || !isReadable();
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

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof FieldDescriptor f)) {
            return false;
        }
        return name.equals(f.name) && Objects.equals(property, f.property) && type == f.type
            && javaType == f.javaType && elementType == f.elementType && role == f.role && nullable == f.nullable
            && readonly == f.readonly && immutable == f.immutable && writeonly == f.writeonly && hidden == f.hidden
            && filterable == f.filterable && sortable == f.sortable && unique == f.unique
            && searchable == f.searchable && indexed == f.indexed && redacted == f.redacted && Objects.equals(defaultValue, f.defaultValue)
            && constraints.equals(f.constraints) && attributes.equals(f.attributes);
    }

    @Override
    public int hashCode() {
        return Objects.hash(name, property, type, role);
    }

    @Override
    public String toString() {
        return name + " (" + type + ")";
    }

    /**
     * Builds a {@link FieldDescriptor}. Directives receive one while the field is described; code that
     * builds a synthetic model uses one directly.
     *
     * @since 0.2.0
     */
    public static final class Builder {

        private String name;
        private String property;
        private FieldType type;
        private Class<?> javaType;
        private Class<?> elementType;
        private FieldRole role = FieldRole.DATA;
        private boolean nullable = true;
        private boolean readonly;
        private boolean immutable;
        private boolean writeonly;
        private boolean hidden;
        private boolean filterable;
        private boolean sortable;
        private boolean unique;
        private boolean searchable;
        private boolean indexed;
        private boolean redacted;
        private Object defaultValue;
        private FieldConstraints constraints = FieldConstraints.NONE;
        private Attributes attributes = Attributes.EMPTY;

        private Builder(String name, FieldType type, Class<?> javaType) {
            this.name = Objects.requireNonNull(name, "name");
            this.type = Objects.requireNonNull(type, "type");
            this.javaType = Objects.requireNonNull(javaType, "javaType");
        }

        /** @return the field name so far */
        @NonNull
        public String name() {
            return name;
        }

        /** @return the storage type so far */
        @NonNull
        public FieldType type() {
            return type;
        }

        /** @return the Java property type */
        @NonNull
        public Class<?> javaType() {
            return javaType;
        }

        /** @return the value rules so far */
        @NonNull
        public FieldConstraints constraints() {
            return constraints;
        }

        /** @return the attributes so far */
        @NonNull
        public Attributes attributes() {
            return attributes;
        }

        /** @param value the Java property name, null for a synthetic field @return this builder */
        @NonNull
        public Builder property(@Nullable String value) {
            this.property = value;
            return this;
        }

        /** @param value the storage type @return this builder */
        @NonNull
        public Builder type(@NonNull FieldType value) {
            this.type = Objects.requireNonNull(value, "type");
            return this;
        }

        /** @param value the declared element type of a JSON field, or null @return this builder */
        @NonNull
        public Builder elementType(@Nullable Class<?> value) {
            this.elementType = value == Object.class ? null : value;
            return this;
        }

        /** @param value what the field means to the framework @return this builder */
        @NonNull
        public Builder role(@NonNull FieldRole value) {
            this.role = Objects.requireNonNull(value, "role");
            return this;
        }

        /** @param value whether the field accepts null @return this builder */
        @NonNull
        public Builder nullable(boolean value) {
            this.nullable = value;
            return this;
        }

        /** @param value stripped from every write @return this builder */
        @NonNull
        public Builder readonly(boolean value) {
            this.readonly = value;
            return this;
        }

        /** @param value accepted on create, stripped on update @return this builder */
        @NonNull
        public Builder immutable(boolean value) {
            this.immutable = value;
            return this;
        }

        /** @param value accepted on write, never returned @return this builder */
        @NonNull
        public Builder writeonly(boolean value) {
            this.writeonly = value;
            return this;
        }

        /** @param value never returned, never settable @return this builder */
        @NonNull
        public Builder hidden(boolean value) {
            this.hidden = value;
            return this;
        }

        /**
         * @param value whether copies of the record outside its table and responses (events, outbox rows,
         *              history, logs) leave the field out, although a read returns it
         * @return this builder
         * @since 0.7.0
         */
        @NonNull
        public Builder redacted(boolean value) {
            this.redacted = value;
            return this;
        }

        /** @param value usable in {@code filter} @return this builder */
        @NonNull
        public Builder filterable(boolean value) {
            this.filterable = value;
            return this;
        }

        /** @param value usable in {@code sort} @return this builder */
        @NonNull
        public Builder sortable(boolean value) {
            this.sortable = value;
            return this;
        }

        /** @param value a unique constraint on the column @return this builder */
        @NonNull
        public Builder unique(boolean value) {
            this.unique = value;
            return this;
        }

        /** @param value full-text search hint @return this builder */
        @NonNull
        public Builder searchable(boolean value) {
            this.searchable = value;
            return this;
        }

        /**
         * @param value whether auto-migration indexes the field on {@code (field, id)}
         * @return this builder
         * @since 0.4.0
         */
        @NonNull
        public Builder indexed(boolean value) {
            this.indexed = value;
            return this;
        }

        /** @param value the default on create, already cast to the field type, or null @return this builder */
        @NonNull
        public Builder defaultValue(@Nullable Object value) {
            this.defaultValue = value;
            return this;
        }

        /** @param value the value rules @return this builder */
        @NonNull
        public Builder constraints(@NonNull FieldConstraints value) {
            this.constraints = Objects.requireNonNull(value, "constraints");
            return this;
        }

        /**
         * @param key   an attribute key
         * @param value its value
         * @param <T>   the value type
         * @return this builder
         */
        @NonNull
        public <T> Builder attribute(@NonNull AttributeKey<T> key, @NonNull T value) {
            this.attributes = attributes.with(key, value);
            return this;
        }

        /** @return the immutable descriptor */
        @NonNull
        public FieldDescriptor build() {
            return new FieldDescriptor(this);
        }
    }
}
