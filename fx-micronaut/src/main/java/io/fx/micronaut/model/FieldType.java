package io.fx.micronaut.model;

import io.micronaut.core.annotation.NonNull;

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

    /**
     * Reads a textual value of this type as the framework reads filter values and directive defaults: a
     * {@code String}, a {@code Long}, a finite {@code Double}, a {@code Boolean} ({@code true}/{@code false}, any
     * case) or an {@code Instant} (RFC 3339, truncated to microseconds). For modules whose directives carry typed
     * values.
     *
     * @param text the text
     * @return the value
     * @throws IllegalArgumentException when the text is not a value of this type (or the type is a JSON type), with
     *                                  a message naming the text, fit for a client or a startup error
     * @since 0.10.0
     */
    @NonNull
    public Object parse(@NonNull String text) {
        return Values.parseScalar(this, text);
    }
}
