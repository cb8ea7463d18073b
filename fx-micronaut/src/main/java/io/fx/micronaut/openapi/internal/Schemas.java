package io.fx.micronaut.openapi.internal;

import io.micronaut.core.annotation.Internal;
import io.swagger.v3.oas.models.media.JsonSchema;
import io.swagger.v3.oas.models.media.Schema;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;

/**
 * Builds OpenAPI 3.1 (JSON Schema 2020-12) schema objects: type arrays for nullability, never
 * {@code nullable}.
 */
@Internal
public final class Schemas {

    /** The JSON Schema type of the null value. */
    public static final String NULL = "null";

    private Schemas() {
    }

    /**
     * @param types JSON Schema types, e.g. {@code "string"}, {@code "null"}
     * @return a schema of those types
     */
    public static Schema<Object> typed(String... types) {
        JsonSchema schema = new JsonSchema();
        schema.setTypes(new LinkedHashSet<>(Arrays.asList(types)));
        return schema;
    }

    /**
     * @param name a component schema name
     * @return a reference to it
     */
    public static Schema<Object> ref(String name) {
        return new JsonSchema().$ref(OpenApiNames.schemaRef(name));
    }

    /**
     * @param properties the properties, in order
     * @param required   the names that must be present
     * @return an object schema
     */
    public static Schema<Object> object(Map<String, Schema> properties, List<String> required) {
        Schema<Object> schema = typed("object");
        schema.setProperties(new LinkedHashMap<>(properties));
        if (!required.isEmpty()) {
            schema.setRequired(new ArrayList<>(required));
        }
        return schema;
    }

    /**
     * @param items the item schema
     * @return an array schema
     */
    public static Schema<Object> array(Schema<?> items) {
        Schema<Object> schema = typed("array");
        schema.setItems(items);
        return schema;
    }

    /**
     * @param values the allowed strings
     * @return a string schema restricted to them
     */
    public static Schema<Object> stringEnum(List<String> values) {
        Schema<Object> schema = typed("string");
        schema.setEnum(new ArrayList<>(values));
        return schema;
    }
}
