package io.fx.micronaut.model;

/**
 * The storage and wire type of a model field, inferred from the Java property type.
 *
 * @since 0.1.0
 */
public enum FieldType {
    /** Text (String, UUID, enums). */
    STRING,
    /** Whole numbers (int, long and their wrappers). */
    INTEGER,
    /** Floating-point numbers (double, float, BigDecimal). */
    DECIMAL,
    /** Booleans. */
    BOOLEAN,
    /** Instants, travelling as RFC 3339 UTC strings. */
    TIMESTAMP,
    /** A JSON array column ({@code json_array}). */
    JSON_ARRAY,
    /** A JSON object column ({@code json_object}). */
    JSON_OBJECT;

    /** @return whether values are JSON documents stored in one column */
    public boolean isJson() {
        return this == JSON_ARRAY || this == JSON_OBJECT;
    }

    /** @return whether values are numbers */
    public boolean isNumeric() {
        return this == INTEGER || this == DECIMAL;
    }
}
