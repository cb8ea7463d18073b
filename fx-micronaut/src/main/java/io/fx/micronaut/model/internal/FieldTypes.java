package io.fx.micronaut.model.internal;

import io.fx.micronaut.model.FieldType;
import io.micronaut.core.annotation.Internal;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZonedDateTime;
import java.util.Collection;
import java.util.Date;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * Infers the storage type of a Java property type.
 */
@Internal
final class FieldTypes {

    private FieldTypes() {
    }

    static Optional<FieldType> scalar(Class<?> t) {
        if (t == String.class || t == UUID.class || t == char.class || t == Character.class || t.isEnum()) {
            return Optional.of(FieldType.STRING);
        }
        if (t == int.class || t == Integer.class || t == long.class || t == Long.class || t == short.class
            || t == Short.class || t == byte.class || t == Byte.class || t == BigInteger.class) {
            return Optional.of(FieldType.INTEGER);
        }
        if (t == double.class || t == Double.class || t == float.class || t == Float.class || t == BigDecimal.class) {
            return Optional.of(FieldType.DECIMAL);
        }
        if (t == boolean.class || t == Boolean.class) {
            return Optional.of(FieldType.BOOLEAN);
        }
        if (t == Instant.class || t == OffsetDateTime.class || t == ZonedDateTime.class || t == LocalDateTime.class
            || Date.class.isAssignableFrom(t)) {
            return Optional.of(FieldType.TIMESTAMP);
        }
        return Optional.empty();
    }

    static boolean isCollection(Class<?> t) {
        return Collection.class.isAssignableFrom(t) || t.isArray();
    }

    static boolean isMap(Class<?> t) {
        return Map.class.isAssignableFrom(t);
    }
}
