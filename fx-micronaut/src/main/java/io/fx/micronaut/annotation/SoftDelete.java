package io.fx.micronaut.annotation;

/**
 * How a model marks deleted rows.
 *
 * @since 0.1.0
 */
public enum SoftDelete {
    /** DELETE removes the row. */
    NONE,
    /** DELETE sets a nullable timestamp, {@code deleted_at} by default. */
    TIMESTAMP,
    /** DELETE sets a boolean flag, {@code is_deleted} by default. */
    FLAG
}
