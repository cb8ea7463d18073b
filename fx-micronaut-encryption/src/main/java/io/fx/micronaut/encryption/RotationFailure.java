package io.fx.micronaut.encryption;

import io.micronaut.core.annotation.NonNull;

/**
 * A row and field the rotation preflight could not handle. The reason never carries a value.
 *
 * @param recordId the row's id
 * @param field    the field
 * @param stage    where it failed
 * @param reason   what failed, without values
 * @since 0.10.0
 */
public record RotationFailure(@NonNull String recordId, @NonNull String field, @NonNull Stage stage,
                              @NonNull String reason) {

    /** Where a rotation failure happened. */
    public enum Stage {
        /** The stored text is not a well-formed envelope. */
        DECODE,
        /** The envelope failed authentication, or its key is unavailable. */
        DECRYPT,
        /** The stored blind index differs from the one recomputed from the value. */
        INDEX,
        /** The re-encrypted value could not be written. */
        WRITE
    }
}
