package io.fx.micronaut.model;

import io.micronaut.core.annotation.NonNull;

import java.util.Objects;

/**
 * A typed key under which an extension stores what it needs on a {@link FieldDescriptor} or a
 * {@link ModelDescriptor} (an encrypted field's key name, a file field's size limit). Keys compare by
 * identity: an extension declares each key once as a constant and keeps it, so two modules cannot
 * collide by choosing the same name.
 *
 * <pre>{@code
 * public static final AttributeKey<Long> MAX_SIZE = AttributeKey.of("file.max-size", Long.class);
 * ...
 * long max = field.attribute(MAX_SIZE).orElse(10_000_000L);
 * }</pre>
 *
 * @param <T> the type of the stored value
 * @since 0.2.0
 */
public final class AttributeKey<T> {

    private final String name;
    private final Class<T> type;

    private AttributeKey(String name, Class<T> type) {
        this.name = name;
        this.type = type;
    }

    /**
     * @param name a descriptive name, used in messages only
     * @param type the value type; values are checked against it when stored
     * @param <T>  the value type
     * @return a new key, distinct from every other key
     */
    @NonNull
    public static <T> AttributeKey<T> of(@NonNull String name, @NonNull Class<T> type) {
        return new AttributeKey<>(Objects.requireNonNull(name, "name"), Objects.requireNonNull(type, "type"));
    }

    /** @return the descriptive name */
    @NonNull
    public String name() {
        return name;
    }

    /** @return the value type */
    @NonNull
    public Class<T> type() {
        return type;
    }

    /**
     * @param value a value to store under this key
     * @return the value, checked against the key's type
     * @throws ClassCastException when the value has another type
     */
    @NonNull
    T check(@NonNull Object value) {
        return type.cast(Objects.requireNonNull(value, "value"));
    }

    @Override
    public String toString() {
        return name;
    }
}
