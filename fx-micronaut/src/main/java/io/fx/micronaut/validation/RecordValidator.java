package io.fx.micronaut.validation;

import io.fx.micronaut.config.FxConfiguration;
import io.fx.micronaut.exception.ErrorCode;
import io.fx.micronaut.exception.ValidationViolation;
import io.fx.micronaut.model.FieldConstraints;
import io.fx.micronaut.model.FieldDescriptor;
import io.fx.micronaut.model.FieldType;
import io.fx.micronaut.model.ModelDescriptor;
import io.fx.micronaut.model.Values;
import io.micronaut.core.annotation.Internal;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.reflect.ReflectionUtils;
import jakarta.inject.Singleton;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Enforces field rules on create and update bodies: strips what a client may not set, casts every
 * value to its field type, applies defaults and reports every violation at once as a 422
 * {@code VALIDATION_ERROR}. Stateless and thread-safe.
 */
@Internal
@Singleton
public final class RecordValidator {

    private static final Pattern EMAIL = Pattern.compile("^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$");

    private final int maxJsonDepth;

    /**
     * @param configuration supplies {@code fx.max-json-depth}
     * @since 0.3.0
     */
    public RecordValidator(@NonNull FxConfiguration configuration) {
        this.maxJsonDepth = configuration.getMaxJsonDepth();
    }

    /**
     * @param model  the model
     * @param body   the parsed JSON object
     * @param create true for create, false for update
     * @return the cast values of the writable fields (with defaults and zero values on create)
     */
    @NonNull
    public Map<String, Object> validate(@NonNull ModelDescriptor model, @NonNull Map<String, Object> body, boolean create) {
        Map<String, Object> values = new LinkedHashMap<>();
        List<ValidationViolation> violations = new ArrayList<>();
        for (FieldDescriptor field : model.getFields()) {
            if (!field.isWritable(create)) {
                continue;
            }
            String name = field.name();
            if (!body.containsKey(name)) {
                if (create) {
                    absentOnCreate(field, values, violations);
                }
                continue;
            }
            Object raw = body.get(name);
            if (raw == null && create) {
                absentOnCreate(field, values, violations);
                continue;
            }
            if (raw == null) {
                if (field.constraints().required()) {
                    violations.add(new ValidationViolation(name, "required", name + " is required and cannot be null"));
                } else if (!field.nullable()) {
                    violations.add(new ValidationViolation(name, "not_null", name + " cannot be null"));
                } else {
                    values.put(name, null);
                }
                continue;
            }
            Object value = cast(field, raw, violations);
            if (value != null && field.type().isJson() && depth(value, maxJsonDepth + 1) > maxJsonDepth) {
                violations.add(new ValidationViolation(name, "depth", name + " nests deeper than " + maxJsonDepth
                    + " levels"));
                continue;
            }
            if (value != null && !elementsFit(field, value)) {
                String shape = field.type() == FieldType.JSON_ARRAY ? " must be a list of " : " must be an object of ";
                violations.add(new ValidationViolation(name, "type",
                    name + shape + JsonElements.describe(field.elementType().orElseThrow())));
                continue;
            }
            if (value != null && check(field, value, violations)) {
                values.put(name, storedElements(field, value));
            }
        }
        if (!violations.isEmpty()) {
            throw ErrorCode.VALIDATION_ERROR.exception("Validation failed", List.copyOf(violations), null);
        }
        return values;
    }

    /**
     * @return the nesting depth of a JSON value (1 for a flat array or object, 0 for a scalar), counting no
     *         further than {@code cap} so a hostile value costs no more than the cap
     */
    static int depth(Object value, int cap) {
        if (cap <= 0) {
            return 0;
        }
        int deepest = 0;
        if (value instanceof Map<?, ?> map) {
            for (Object child : map.values()) {
                deepest = Math.max(deepest, depth(child, cap - 1));
            }
        } else if (value instanceof Collection<?> list) {
            for (Object child : list) {
                deepest = Math.max(deepest, depth(child, cap - 1));
            }
        } else {
            return 0;
        }
        return deepest + 1;
    }

    private static boolean elementsFit(FieldDescriptor field, Object value) {
        Class<?> element = field.elementType().orElse(null);
        if (element == null) {
            return true;
        }
        if (value instanceof Collection<?> list) {
            return JsonElements.fit(element, list);
        }
        return !(value instanceof Map<?, ?> map) || JsonElements.fit(element, map.values());
    }

    private static Object storedElements(FieldDescriptor field, Object value) {
        Class<?> element = field.elementType().orElse(null);
        return element == null ? value : JsonElements.stored(element, value);
    }

    private static void absentOnCreate(FieldDescriptor field, Map<String, Object> values, List<ValidationViolation> violations) {
        if (field.defaultValue() != null) {
            values.put(field.name(), field.defaultValue());
        } else if (field.constraints().required()) {
            violations.add(new ValidationViolation(field.name(), "required", field.name() + " is required"));
        } else {
            values.put(field.name(), field.zeroValue());
        }
    }


    private static Object cast(FieldDescriptor field, Object raw, List<ValidationViolation> violations) {
        FieldType type = field.type();
        Object value = switch (type) {
            case STRING -> raw instanceof String ? raw : null;
            case INTEGER -> fitsJavaType(field, integral(raw));
            case DECIMAL -> decimal(raw);
            case BOOLEAN -> raw instanceof Boolean ? raw : null;
            case TIMESTAMP -> timestamp(raw);
            case JSON_ARRAY -> raw instanceof List ? raw : null;
            case JSON_OBJECT -> raw instanceof Map ? raw : null;
        };
        if (value == null) {
            violations.add(new ValidationViolation(field.name(), "type", field.name() + " must be " + describe(type)));
        }
        return value;
    }

    /** @return the value as a {@code Long} when it is an integer that fits one, else null */
    static Object integral(Object raw) {
        if (raw instanceof Long || raw instanceof Integer || raw instanceof Short || raw instanceof Byte) {
            return ((Number) raw).longValue();
        }
        if (raw instanceof BigInteger big) {
            return big.bitLength() < 64 ? big.longValue() : null;
        }
        if (raw instanceof Number n) {
            if ((n instanceof Double || n instanceof Float) && !Double.isFinite(n.doubleValue())) {
                return null;
            }
            try {
                return new BigDecimal(n.toString()).longValueExact();
            } catch (ArithmeticException | NumberFormatException e) {
                return null;
            }
        }
        return null;
    }

    /** An integral value for an {@code int}/{@code Integer} (or narrower) property must fit that type. */
    private static Object fitsJavaType(FieldDescriptor field, Object value) {
        return value instanceof Long l && !fits(field.javaType(), l) ? null : value;
    }

    /**
     * @param type an integral Java type, primitive or boxed
     * @param value a long value
     * @return whether the value fits the type ({@code int}, {@code short} and {@code byte} are narrower than long)
     */
    static boolean fits(Class<?> type, long value) {
        Class<?> boxed = ReflectionUtils.getWrapperType(type);
        if (boxed == Integer.class) {
            return value >= Integer.MIN_VALUE && value <= Integer.MAX_VALUE;
        }
        if (boxed == Short.class) {
            return value >= Short.MIN_VALUE && value <= Short.MAX_VALUE;
        }
        if (boxed == Byte.class) {
            return value >= Byte.MIN_VALUE && value <= Byte.MAX_VALUE;
        }
        return true;
    }

    private static Object decimal(Object raw) {
        if (!(raw instanceof Number n)) {
            return null;
        }
        double d = n.doubleValue();
        return Double.isFinite(d) ? (Object) d : null;
    }

    private static Object timestamp(Object raw) {
        if (!(raw instanceof String text)) {
            return null;
        }
        try {
            return Values.parseTimestamp(text);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    private static String describe(FieldType type) {
        return switch (type) {
            case STRING -> "a string";
            case INTEGER -> "an integer";
            case DECIMAL -> "a number";
            case BOOLEAN -> "true or false";
            case TIMESTAMP -> "an RFC 3339 timestamp string";
            case JSON_ARRAY -> "a JSON array";
            case JSON_OBJECT -> "a JSON object";
        };
    }

    private static boolean check(FieldDescriptor field, Object value, List<ValidationViolation> violations) {
        FieldConstraints c = field.constraints();
        String name = field.name();
        int before = violations.size();
        if (!c.enumValues().isEmpty() && !c.enumValues().contains(value)) {
            violations.add(new ValidationViolation(name, "enum", name + " must be one of " + String.join(", ", c.enumValues())));
        }
        if (value instanceof Number number) {
            double d = number.doubleValue();
            if (c.min() != null && d < c.min()) {
                violations.add(new ValidationViolation(name, "min", name + " must be at least " + format(c.min())));
            }
            if (c.max() != null && d > c.max()) {
                violations.add(new ValidationViolation(name, "max", name + " must be at most " + format(c.max())));
            }
        }
        if (value instanceof String text) {
            if (c.notBlank() && text.isBlank()) {
                violations.add(new ValidationViolation(name, "not_blank", name + " must not be blank"));
            }
            if (c.pattern() != null && !c.pattern().matcher(text).matches()) {
                violations.add(new ValidationViolation(name, "pattern", name + " must match " + c.pattern().pattern()));
            }
            if (c.email() && !EMAIL.matcher(text).matches()) {
                violations.add(new ValidationViolation(name, "email", name + " must be an e-mail address"));
            }
        }
        int size = value instanceof String s ? s.length() : value instanceof Collection<?> col ? col.size()
            : value instanceof Map<?, ?> map ? map.size() : -1;
        if (size >= 0 && c.minSize() != null && (size < c.minSize() || size > c.maxSize())) {
            violations.add(new ValidationViolation(name, "size", name + " size must be between " + c.minSize()
                + " and " + c.maxSize()));
        }
        return violations.size() == before;
    }

    private static String format(double bound) {
        return bound == Math.rint(bound) ? Long.toString((long) bound) : Double.toString(bound);
    }
}
