package io.fx.micronaut.validation;

import io.micronaut.core.annotation.Internal;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Arrays;
import java.util.Collection;
import java.util.Map;
import java.util.UUID;

/**
 * Checks the elements of a {@code json_array} value (or the values of a {@code json_object}) against the
 * element type the property declares: {@code List<String>} takes strings only, {@code List<Long>} integers
 * that fit a long, {@code List<Double>} finite numbers, {@code List<Boolean>} booleans, a list of an enum
 * one of its constants, a list of maps objects, a list of lists arrays. {@code Object} and undeclared
 * elements take any JSON value.
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
        Class<?> t = boxed(element);
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

    private static boolean fits(Class<?> element, Object value) {
        if (value == null) {
            return false;
        }
        Class<?> t = boxed(element);
        if (t == String.class || t == UUID.class || t == Character.class) {
            return value instanceof String s && (t != Character.class || s.length() == 1) && (t != UUID.class || uuid(s));
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
        BigInteger exact;
        if (value instanceof Long || value instanceof Integer || value instanceof Short || value instanceof Byte) {
            exact = BigInteger.valueOf(((Number) value).longValue());
        } else if (value instanceof BigInteger big) {
            exact = big;
        } else if (value instanceof Number n && Double.isFinite(n.doubleValue())) {
            try {
                exact = new BigDecimal(n.toString()).toBigIntegerExact();
            } catch (ArithmeticException | NumberFormatException e) {
                return false;
            }
        } else {
            return false;
        }
        if (t == BigInteger.class) {
            return true;
        }
        long max = t == Integer.class ? Integer.MAX_VALUE : t == Short.class ? Short.MAX_VALUE
            : t == Byte.class ? Byte.MAX_VALUE : Long.MAX_VALUE;
        long min = -max - 1;
        return exact.bitLength() < 64 && exact.longValue() >= min && exact.longValue() <= max;
    }

    private static boolean isIntegral(Class<?> t) {
        return t == Long.class || t == Integer.class || t == Short.class || t == Byte.class || t == BigInteger.class;
    }

    private static boolean uuid(String text) {
        try {
            UUID.fromString(text);
            return text.length() == 36;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    private static Class<?> boxed(Class<?> t) {
        if (!t.isPrimitive()) {
            return t;
        }
        if (t == long.class) {
            return Long.class;
        }
        if (t == int.class) {
            return Integer.class;
        }
        if (t == short.class) {
            return Short.class;
        }
        if (t == byte.class) {
            return Byte.class;
        }
        if (t == double.class) {
            return Double.class;
        }
        if (t == float.class) {
            return Float.class;
        }
        if (t == char.class) {
            return Character.class;
        }
        return Boolean.class;
    }
}
