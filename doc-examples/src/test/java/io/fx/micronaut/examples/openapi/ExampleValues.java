package io.fx.micronaut.examples.openapi;

import io.swagger.v3.oas.models.media.Schema;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/**
 * Makes request values that a documented schema accepts: a value for every property, within the
 * documented enum, bounds and formats, each string distinct so unique fields do not clash.
 */
final class ExampleValues {

    private final SchemaChecker schemas;
    private int counter;

    ExampleValues(SchemaChecker schemas) {
        this.schemas = schemas;
    }

    Map<String, Object> object(Schema<?> raw) {
        Schema<?> schema = schemas.resolve(raw);
        Map<String, Object> body = new LinkedHashMap<>();
        if (schema.getProperties() != null) {
            schema.getProperties().forEach((name, property) -> body.put(name, value(property)));
        }
        return body;
    }

    Object value(Schema<?> raw) {
        Schema<?> schema = schemas.resolve(raw);
        if (schema.getExtensions() != null && schema.getExtensions().containsKey("x-fx-file")) {
            return null; // a file field holds a key from POST /files; none, without storage
        }
        if (schema.getEnum() != null && !schema.getEnum().isEmpty()) {
            return schema.getEnum().stream().filter(v -> v != null).findFirst().orElse(null);
        }
        Set<String> types = SchemaChecker.types(schema);
        counter++;
        if (types.contains("integer")) {
            return bounded(schema, 1).longValue();
        }
        if (types.contains("number")) {
            return bounded(schema, 1.5).doubleValue();
        }
        if (types.contains("boolean")) {
            return true;
        }
        if (types.contains("array")) {
            return List.of("item" + counter);
        }
        if (types.contains("object")) {
            return Map.of("key", "value" + counter);
        }
        String format = schema.getFormat() == null ? "" : schema.getFormat();
        return switch (format) {
            case "date-time" -> Instant.now().truncatedTo(ChronoUnit.SECONDS).toString();
            case "uuid" -> UUID.randomUUID().toString();
            case "email" -> "user" + counter + "-" + UUID.randomUUID().toString().substring(0, 8) + "@example.com";
            default -> "text-" + counter + "-" + UUID.randomUUID().toString().substring(0, 8);
        };
    }

    private static BigDecimal bounded(Schema<?> schema, double preferred) {
        BigDecimal value = BigDecimal.valueOf(preferred);
        if (schema.getMinimum() != null && value.compareTo(schema.getMinimum()) < 0) {
            value = schema.getMinimum();
        }
        if (schema.getMaximum() != null && value.compareTo(schema.getMaximum()) > 0) {
            value = schema.getMaximum();
        }
        return value;
    }
}
