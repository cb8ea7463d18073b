package io.fx.micronaut.db;

/**
 * The kind of write a {@link RecordChange} describes.
 *
 * @since 0.3.0
 */
public enum WriteOperation {
    /** A record is inserted. */
    CREATE,
    /** A record's fields change (also a {@code setNull} referential action clearing a key). */
    UPDATE,
    /** A record is deleted, or soft-deleted when its model soft-deletes. */
    DELETE
}
