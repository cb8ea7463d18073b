package io.fx.micronaut.model;

/**
 * What a field means to the framework.
 *
 * @since 0.1.0
 */
public enum FieldRole {
    /** The primary key {@code id}. */
    ID,
    /** {@code created_at}. */
    CREATED_AT,
    /** {@code updated_at}. */
    UPDATED_AT,
    /** The soft-delete marker ({@code deleted_at} or {@code is_deleted}). */
    SOFT_DELETE_MARKER,
    /** An ordinary model property. */
    DATA
}
