package io.fx.micronaut.test;

import io.fx.micronaut.model.FieldConstraints;
import io.fx.micronaut.model.FieldDescriptor;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The valid value of a field a fixture leaves unset, from the field's descriptor: a unique string (an e-mail address
 * for {@code email}, a UUID for a UUID property, padded to {@code minSize} and cut to {@code maxSize}), the first
 * value of an {@code enum}, a number at {@code min} (or 0, or {@code max} when that is below 0), {@code false}, now,
 * or an empty JSON value of {@code minSize} elements. A {@code pattern} is not generated: a test sets such a field.
 */
final class FixtureValues {

    /** Distinguishes this bean's strings from another run's on a shared database. */
    private final String run = UUID.randomUUID().toString().substring(0, 8);
    private final AtomicLong sequence = new AtomicLong();

    /**
     * @param field a field the fixture leaves unset
     * @return whether a create needs a value for it: required without a default, or a primitive number whose
     *     zero breaks its bounds
     */
    boolean needsValue(FieldDescriptor field) {
        if (!field.isWritable(true) || field.defaultValue() != null) {
            return false;
        }
        FieldConstraints rules = field.constraints();
        if (rules.required()) {
            return true;
        }
        return field.javaType().isPrimitive() && field.type().isNumeric()
            && (rules.min() != null && rules.min() > 0 || rules.max() != null && rules.max() < 0);
    }

    /**
     * @param field a field that {@linkplain #needsValue needs a value}
     * @return a value the field's rules accept, as a JSON body would carry it
     */
    Object valueOf(FieldDescriptor field) {
        FieldConstraints rules = field.constraints();
        if (!rules.enumValues().isEmpty()) {
            return rules.enumValues().get(0);
        }
        return switch (field.type()) {
            case STRING -> string(field);
            case INTEGER -> (long) Math.ceil(number(rules));
            case DECIMAL -> number(rules);
            case BOOLEAN -> Boolean.FALSE;
            case TIMESTAMP -> Instant.now().truncatedTo(ChronoUnit.MILLIS).toString();
            case JSON_ARRAY -> array(rules);
            case JSON_OBJECT -> Map.of();
        };
    }

    private String string(FieldDescriptor field) {
        FieldConstraints rules = field.constraints();
        String unique = run + "-" + sequence.incrementAndGet();
        if (field.javaType() == UUID.class) {
            return UUID.randomUUID().toString();
        }
        if (rules.email()) {
            return field.name().replace('_', '-') + "-" + unique + "@example.com";
        }
        StringBuilder value = new StringBuilder(field.name()).append('-').append(unique);
        int min = rules.minSize() == null ? 0 : rules.minSize();
        while (value.length() < min) {
            value.insert(0, 'x');
        }
        if (rules.maxSize() != null && value.length() > rules.maxSize()) {
            return value.substring(value.length() - rules.maxSize());
        }
        return value.toString();
    }

    private static double number(FieldConstraints rules) {
        if (rules.min() != null) {
            return rules.min();
        }
        return rules.max() != null && rules.max() < 0 ? rules.max() : 0;
    }

    private static List<Object> array(FieldConstraints rules) {
        List<Object> values = new ArrayList<>();
        int size = rules.minSize() == null ? 0 : rules.minSize();
        for (int i = 0; i < size; i++) {
            values.add("item-" + i);
        }
        return values;
    }
}
