package io.fx.micronaut.openapi.internal;

import io.fx.micronaut.model.FieldConstraints;
import io.fx.micronaut.model.FieldDescriptor;
import io.fx.micronaut.model.FieldRole;
import io.micronaut.core.annotation.Internal;
import io.swagger.v3.oas.models.media.Schema;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * The schema of one field, the way the runtime treats it: in responses ({@code DefaultResponseStep}
 * renders every readable field, nulls included) and in create and update bodies
 * ({@code RecordValidator}: type casts, null handling, enum, bounds, size, pattern, e-mail, defaults).
 */
@Internal
final class FieldSchemas {

    private FieldSchemas() {
    }

    /**
     * @param field a readable field
     * @return its schema in a response
     */
    static Schema<Object> response(FieldDescriptor field) {
        Schema<Object> schema = base(field, field.nullable());
        enumValues(schema, field);
        if (field.readonly()) {
            schema.setReadOnly(true);
        }
        schema.setDescription(describe(field));
        return schema;
    }

    /**
     * @param field  a field writable in that operation
     * @param create true for the create body, false for the update body
     * @return its schema in the request body
     */
    static Schema<Object> request(FieldDescriptor field, boolean create) {
        Schema<Object> schema = base(field, field.nullable() && !field.constraints().required());
        enumValues(schema, field);
        constraints(schema, field);
        if (create) {
            Object fallback = field.defaultValue() != null ? field.defaultValue() : field.zeroValue();
            if (fallback != null) {
                schema.setDefault(fallback instanceof Instant instant ? instant.toString() : fallback);
            }
        }
        if (field.writeonly()) {
            schema.setWriteOnly(true);
        }
        schema.setDescription(describe(field));
        return schema;
    }

    /**
     * @param field a field
     * @return whether a create body must carry it (required and without a default)
     */
    static boolean requiredOnCreate(FieldDescriptor field) {
        return field.constraints().required() && field.defaultValue() == null;
    }

    private static Schema<Object> base(FieldDescriptor field, boolean nullable) {
        String type = switch (field.type()) {
            case STRING, TIMESTAMP -> "string";
            case INTEGER -> "integer";
            case DECIMAL -> "number";
            case BOOLEAN -> "boolean";
            case JSON_ARRAY -> "array";
            case JSON_OBJECT -> "object";
        };
        Schema<Object> schema = nullable ? Schemas.typed(type, Schemas.NULL) : Schemas.typed(type);
        String format = format(field);
        if (format != null) {
            schema.setFormat(format);
        }
        return schema;
    }

    private static String format(FieldDescriptor field) {
        Class<?> java = field.javaType();
        return switch (field.type()) {
            case TIMESTAMP -> "date-time";
            case STRING -> field.role() == FieldRole.ID || java == UUID.class ? "uuid"
                : field.constraints().email() ? "email" : null;
            case INTEGER -> java == BigInteger.class ? null
                : java == long.class || java == Long.class ? "int64" : "int32";
            case DECIMAL -> java == BigDecimal.class ? null : java == float.class || java == Float.class ? "float" : "double";
            default -> null;
        };
    }

    private static void enumValues(Schema<Object> schema, FieldDescriptor field) {
        List<String> values = field.constraints().enumValues();
        if (values.isEmpty()) {
            return;
        }
        List<Object> allowed = new ArrayList<>(values);
        if (schema.getTypes().contains(Schemas.NULL)) {
            allowed.add(null);
        }
        schema.setEnum(allowed);
    }

    private static void constraints(Schema<Object> schema, FieldDescriptor field) {
        FieldConstraints c = field.constraints();
        if (c.min() != null) {
            schema.setMinimum(bound(c.min()));
        }
        if (c.max() != null) {
            schema.setMaximum(bound(c.max()));
        }
        if (c.minSize() != null) {
            Integer max = c.maxSize() == null || c.maxSize() == Integer.MAX_VALUE ? null : c.maxSize();
            switch (field.type()) {
                case STRING -> {
                    schema.setMinLength(c.minSize());
                    schema.setMaxLength(max);
                }
                case JSON_ARRAY -> {
                    schema.setMinItems(c.minSize());
                    schema.setMaxItems(max);
                }
                case JSON_OBJECT -> {
                    schema.setMinProperties(c.minSize());
                    schema.setMaxProperties(max);
                }
                default -> {
                }
            }
        }
        if (c.pattern() != null) {
            // the runtime matches the whole value
            schema.setPattern("^(?:" + c.pattern().pattern() + ")$");
        }
        if (c.notBlank()) {
            Schema<Object> notBlank = Schemas.typed("string");
            notBlank.setPattern("\\S");
            if (schema.getPattern() == null) {
                schema.setPattern(notBlank.getPattern());
            } else {
                schema.addAllOfItem(notBlank);
            }
        }
    }

    private static BigDecimal bound(double value) {
        return value == Math.rint(value) && Math.abs(value) < 1e15 ? BigDecimal.valueOf((long) value) : BigDecimal.valueOf(value);
    }


    private static String describe(FieldDescriptor field) {
        List<String> traits = new ArrayList<>();
        if (field.readonly()) {
            traits.add("readonly");
        }
        if (field.immutable()) {
            traits.add("immutable (accepted on create, ignored on update)");
        }
        if (field.writeonly()) {
            traits.add("writeonly (accepted, never returned)");
        }
        if (field.filterable()) {
            traits.add("filterable");
        }
        if (field.sortable()) {
            traits.add("sortable");
        }
        if (field.unique()) {
            traits.add("unique (a duplicate answers 409 CONFLICT)");
        }
        if (field.searchable()) {
            traits.add("searchable");
        }
        if (field.role() == FieldRole.SOFT_DELETE_MARKER) {
            traits.add("soft-delete marker (filter on it to see deleted rows)");
        }
        return traits.isEmpty() ? null : String.join(", ", traits);
    }
}
