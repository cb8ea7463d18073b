package io.fx.micronaut.examples.openapi;

import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.media.Schema;

import java.math.BigDecimal;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.regex.Pattern;

/**
 * Checks a decoded JSON value against an OpenAPI 3.1 schema of the served document: references, type
 * arrays (null included), enum, required and declared properties, items, bounds, lengths, patterns and
 * the formats date-time, uuid and email. Returns every mismatch with its JSON path.
 */
final class SchemaChecker {

    private final OpenAPI document;

    SchemaChecker(OpenAPI document) {
        this.document = document;
    }

    Schema<?> resolve(Schema<?> schema) {
        Schema<?> current = schema;
        while (current != null && current.get$ref() != null) {
            String ref = current.get$ref();
            String name = ref.substring(ref.lastIndexOf('/') + 1);
            current = document.getComponents().getSchemas().get(name);
            if (current == null) {
                throw new AssertionError("unresolvable reference " + ref);
            }
        }
        return current;
    }

    List<String> check(Schema<?> schema, Object value) {
        List<String> problems = new ArrayList<>();
        check(schema, value, "$", problems);
        return problems;
    }

    @SuppressWarnings("unchecked")
    private void check(Schema<?> raw, Object value, String path, List<String> problems) {
        Schema<?> schema = resolve(raw);
        if (schema == null) {
            return;
        }
        if (schema.getAllOf() != null) {
            for (Schema<?> part : schema.getAllOf()) {
                check(part, value, path, problems);
            }
        }
        if (schema.getOneOf() != null) {
            List<List<String>> attempts = new ArrayList<>();
            for (Schema<?> alternative : schema.getOneOf()) {
                List<String> found = new ArrayList<>();
                check(alternative, value, path, found);
                attempts.add(found);
            }
            long matching = attempts.stream().filter(List::isEmpty).count();
            if (matching != 1) {
                problems.add(path + ": " + value + " matches " + matching + " of the oneOf alternatives " + attempts);
            }
        }
        Set<String> types = types(schema);
        if (!types.isEmpty() && !types.contains(typeOf(value))
            && !(types.contains("number") && "integer".equals(typeOf(value)))) {
            problems.add(path + ": " + typeOf(value) + " " + value + " is not of type " + types);
            return;
        }
        if (schema.getEnum() != null && !schema.getEnum().isEmpty() && !enumContains(schema.getEnum(), value)) {
            problems.add(path + ": " + value + " is not one of " + schema.getEnum());
        }
        if (value == null) {
            return;
        }
        if (value instanceof Map<?, ?> object) {
            checkObject(schema, (Map<String, Object>) object, path, problems);
        } else if (value instanceof List<?> array) {
            checkArray(schema, array, path, problems);
        } else if (value instanceof Number number) {
            BigDecimal decimal = new BigDecimal(number.toString());
            if (schema.getMinimum() != null && decimal.compareTo(schema.getMinimum()) < 0) {
                problems.add(path + ": " + number + " is below the minimum " + schema.getMinimum());
            }
            if (schema.getMaximum() != null && decimal.compareTo(schema.getMaximum()) > 0) {
                problems.add(path + ": " + number + " is above the maximum " + schema.getMaximum());
            }
        } else if (value instanceof String text) {
            checkString(schema, text, path, problems);
        }
    }

    private void checkObject(Schema<?> schema, Map<String, Object> object, String path, List<String> problems) {
        if (schema.getRequired() != null) {
            for (String name : schema.getRequired()) {
                if (!object.containsKey(name)) {
                    problems.add(path + ": required member '" + name + "' is missing");
                }
            }
        }
        Map<String, Schema> properties = schema.getProperties() == null ? Map.of() : schema.getProperties();
        for (Map.Entry<String, Object> member : object.entrySet()) {
            Schema<?> property = properties.get(member.getKey());
            if (property != null) {
                check(property, member.getValue(), path + "." + member.getKey(), problems);
            } else if (schema.getAdditionalProperties() instanceof Schema<?> additional) {
                check(additional, member.getValue(), path + "." + member.getKey(), problems);
            } else if (Boolean.FALSE.equals(schema.getAdditionalProperties()) || !properties.isEmpty()
                && schema.getAdditionalProperties() == null && isResponseRecord(schema)) {
                problems.add(path + ": member '" + member.getKey() + "' is not documented");
            }
        }
    }

    /**
     * Response records list every field they carry (required) and the relations include may add
     * (optional): an undocumented member is a documentation gap.
     */
    private boolean isResponseRecord(Schema<?> schema) {
        if (schema.getRequired() == null || schema.getProperties() == null || schema.getRequired().isEmpty()) {
            return false;
        }
        return schema.getProperties().entrySet().stream().allMatch(property -> schema.getRequired()
            .contains(property.getKey()) || isIncludeOnly(property.getValue()));
    }

    private static boolean isIncludeOnly(Schema<?> property) {
        return property.getDescription() != null && property.getDescription().startsWith("Present only with include=");
    }

    private void checkArray(Schema<?> schema, List<?> array, String path, List<String> problems) {
        if (schema.getMinItems() != null && array.size() < schema.getMinItems()) {
            problems.add(path + ": fewer than " + schema.getMinItems() + " items");
        }
        if (schema.getMaxItems() != null && array.size() > schema.getMaxItems()) {
            problems.add(path + ": more than " + schema.getMaxItems() + " items");
        }
        if (schema.getItems() != null) {
            for (int i = 0; i < array.size(); i++) {
                check(schema.getItems(), array.get(i), path + "[" + i + "]", problems);
            }
        }
    }

    private static void checkString(Schema<?> schema, String text, String path, List<String> problems) {
        if (schema.getMinLength() != null && text.length() < schema.getMinLength()) {
            problems.add(path + ": shorter than " + schema.getMinLength());
        }
        if (schema.getMaxLength() != null && text.length() > schema.getMaxLength()) {
            problems.add(path + ": longer than " + schema.getMaxLength());
        }
        if (schema.getPattern() != null && !Pattern.compile(schema.getPattern()).matcher(text).find()) {
            problems.add(path + ": '" + text + "' does not match " + schema.getPattern());
        }
        String format = schema.getFormat();
        try {
            if ("date-time".equals(format)) {
                OffsetDateTime.parse(text);
            } else if ("uuid".equals(format)) {
                UUID.fromString(text);
            } else if ("email".equals(format) && !text.contains("@")) {
                problems.add(path + ": '" + text + "' is not an e-mail address");
            }
        } catch (DateTimeParseException | IllegalArgumentException e) {
            problems.add(path + ": '" + text + "' is not a " + format);
        }
    }

    static Set<String> types(Schema<?> schema) {
        if (schema.getTypes() != null && !schema.getTypes().isEmpty()) {
            return schema.getTypes();
        }
        return schema.getType() == null ? Set.of() : Set.of(schema.getType());
    }

    static String typeOf(Object value) {
        if (value == null) {
            return "null";
        }
        if (value instanceof String) {
            return "string";
        }
        if (value instanceof Boolean) {
            return "boolean";
        }
        if (value instanceof Map) {
            return "object";
        }
        if (value instanceof Collection) {
            return "array";
        }
        if (value instanceof Number number) {
            try {
                new BigDecimal(number.toString()).toBigIntegerExact();
                return "integer";
            } catch (ArithmeticException e) {
                return "number";
            }
        }
        return value.getClass().getSimpleName();
    }

    private static boolean enumContains(List<?> allowed, Object value) {
        for (Object candidate : allowed) {
            if (candidate == null ? value == null : value != null && candidate.toString().equals(value.toString())) {
                return true;
            }
        }
        return false;
    }
}
