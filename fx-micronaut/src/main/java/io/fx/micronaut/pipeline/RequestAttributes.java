package io.fx.micronaut.pipeline;

import io.fx.micronaut.model.AttributeKey;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Values middleware leave for later middleware, scope resolvers and listeners of the same request,
 * under {@link AttributeKey typed keys}: each key is a constant of the module that owns it, so two
 * modules cannot collide on a name and a value always has its key's type.
 *
 * <pre>{@code
 * static final AttributeKey<Instant> STARTED = AttributeKey.of("audit.started", Instant.class);
 * context.attributes().put(STARTED, Instant.now());
 * }</pre>
 *
 * @since 0.7.0
 */
public final class RequestAttributes {

    private Map<AttributeKey<?>, Object> values;

    RequestAttributes() {
    }

    /**
     * @param key a key
     * @param <T> the value type
     * @return the value stored under the key
     */
    @NonNull
    public <T> Optional<T> get(@NonNull AttributeKey<T> key) {
        Object value = values == null ? null : values.get(key);
        return value == null ? Optional.empty() : Optional.of(key.type().cast(value));
    }

    /**
     * @param key   a key
     * @param value the value, or null to remove it
     * @param <T>   the value type
     */
    public <T> void put(@NonNull AttributeKey<T> key, @Nullable T value) {
        if (value == null) {
            if (values != null) {
                values.remove(key);
            }
            return;
        }
        if (values == null) {
            values = new HashMap<>(4);
        }
        values.put(key, key.type().cast(value));
    }

    /**
     * @param key a key
     * @return whether a value is stored under it
     */
    public boolean has(@NonNull AttributeKey<?> key) {
        return values != null && values.containsKey(key);
    }
}
