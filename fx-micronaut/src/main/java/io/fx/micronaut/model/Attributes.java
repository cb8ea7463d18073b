package io.fx.micronaut.model;

import io.micronaut.core.annotation.NonNull;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * An immutable map of typed attributes, as carried by descriptors.
 *
 * @since 0.2.0
 */
public final class Attributes {

    /** No attributes. */
    public static final Attributes EMPTY = new Attributes(Map.of());

    private final Map<AttributeKey<?>, Object> values;

    private Attributes(Map<AttributeKey<?>, Object> values) {
        this.values = values;
    }

    /**
     * @param key a key
     * @param <T> the value type
     * @return the value stored under the key, if any
     */
    @NonNull
    public <T> Optional<T> get(@NonNull AttributeKey<T> key) {
        Object value = values.get(key);
        return value == null ? Optional.empty() : Optional.of(key.type().cast(value));
    }

    /**
     * @param key a key
     * @return whether a value is stored under it
     */
    public boolean has(@NonNull AttributeKey<?> key) {
        return values.containsKey(key);
    }

    /**
     * @param key   a key
     * @param value its value
     * @param <T>   the value type
     * @return a copy with the value stored under the key (replacing any earlier one)
     */
    @NonNull
    public <T> Attributes with(@NonNull AttributeKey<T> key, @NonNull T value) {
        Map<AttributeKey<?>, Object> copy = new LinkedHashMap<>(values);
        copy.put(key, key.check(value));
        return new Attributes(Map.copyOf(copy));
    }

    /** @return whether no attribute is set */
    public boolean isEmpty() {
        return values.isEmpty();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Attributes other && values.equals(other.values);
    }

    @Override
    public int hashCode() {
        return values.hashCode();
    }

    @Override
    public String toString() {
        return values.toString();
    }
}
