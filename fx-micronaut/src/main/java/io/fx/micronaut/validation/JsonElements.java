package io.fx.micronaut.validation;

import io.fx.micronaut.model.RecordIds;
import io.micronaut.core.annotation.Internal;
import io.micronaut.core.reflect.ReflectionUtils;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;

/**
 * Checks the elements of a {@code json_array} value (or the values of a {@code json_object}) against the
 * element type the property declares: {@code List<String>} takes strings only, {@code List<Long>} integers
 * that fit a long, {@code List<Double>} finite numbers, {@code List<Boolean>} booleans, a list of an enum
 * one of its constants, a list of maps objects, a list of lists arrays, {@code List<UUID>} UUIDs in any case
 * ({@link RecordIds}, stored in lower case). {@code Object} and undeclared elements take any JSON value.
 */
@Internal
final class JsonElements {

    private JsonElements() {
    }

    /**
     * @param element the declared element type
     * @param values  the elements
     * @return whether every element fits the type
     */
    static boolean fit(Class<?> element, Collection<?> values) {
        for (Object value : values) {
            if (!fits(element, value)) {
                return false;
            }
        }
        return true;
    }

    /**
     * @param element the declared element type
     * @return how a message names a value of that type, as in "tags must be a list of {@code text values}"
     */
    static String describe(Class<?> element) {
        Class<?> t = ReflectionUtils.getWrapperType(element);
        if (t == String.class || t == UUID.class || t == Character.class || t.isEnum()) {
            return t.isEnum() ? "values among " + String.join(", ", Arrays.stream(t.getEnumConstants())
                .map(c -> ((Enum<?>) c).name()).toList()) : "text values";
        }
        if (isIntegral(t)) {
            return "integers";
        }
        if (Number.class.isAssignableFrom(t)) {
            return "numbers";
        }
        if (t == Boolean.class) {
            return "booleans";
        }
        if (Map.class.isAssignableFrom(t)) {
            return "JSON objects";
        }
        if (Collection.class.isAssignableFrom(t) || t.isArray()) {
            return "JSON arrays";
        }
        return "JSON objects";
    }

    /**
     * @param element the declared element type
     * @param value   a value whose elements fit it
     * @return the value as it is stored: UUID elements in lower case ({@link RecordIds}); the value itself
     *     when no element changes
     */
    static Object stored(Class<?> element, Object value) {
        if (ReflectionUtils.getWrapperType(element) != UUID.class) {
            return value;
        }
        if (value instanceof Collection<?> list && list.stream().anyMatch(JsonElements::changes)) {
            return list.stream().map(RecordIds::stored).toList();
        }
        if (value instanceof Map<?, ?> map && map.values().stream().anyMatch(JsonElements::changes)) {
            Map<Object, Object> lowered = new LinkedHashMap<>();
            map.forEach((k, v) -> lowered.put(k, RecordIds.stored(v)));
            return lowered;
        }
        return value;
    }

    private static boolean changes(Object uuid) {
        return !uuid.equals(RecordIds.stored(uuid));
    }

    private static boolean fits(Class<?> element, Object value) {
        if (value == null) {
            return false;
        }
        Class<?> t = ReflectionUtils.getWrapperType(element);
        if (t == String.class || t == UUID.class || t == Character.class) {
            return value instanceof String s && (t != Character.class || s.length() == 1)
                && (t != UUID.class || RecordIds.isRecordId(s));
        }
        if (t.isEnum()) {
            return value instanceof String s && Arrays.stream(t.getEnumConstants()).anyMatch(c -> ((Enum<?>) c).name().equals(s));
        }
        if (isIntegral(t)) {
            return integralFits(t, value);
        }
        if (Number.class.isAssignableFrom(t)) {
            return value instanceof Number n && Double.isFinite(n.doubleValue());
        }
        if (t == Boolean.class) {
            return value instanceof Boolean;
        }
        if (Collection.class.isAssignableFrom(t) || t.isArray()) {
            return value instanceof Collection;
        }
        return value instanceof Map;
    }

    private static boolean integralFits(Class<?> t, Object value) {
        if (t == BigInteger.class) {
            if (value instanceof BigInteger) {
                return true;
            }
            if (!(value instanceof Number n) || !Double.isFinite(n.doubleValue())) {
                return false;
            }
            try {
                new BigDecimal(n.toString()).toBigIntegerExact();
                return true;
            } catch (ArithmeticException | NumberFormatException e) {
                return false;
            }
        }
        return RecordValidator.integral(value) instanceof Long l && RecordValidator.fits(t, l);
    }

    private static boolean isIntegral(Class<?> t) {
        return t == Long.class || t == Integer.class || t == Short.class || t == Byte.class || t == BigInteger.class;
    }
}
