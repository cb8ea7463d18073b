package io.fx.micronaut.encryption;

import io.micronaut.core.annotation.NonNull;

/**
 * Re-encrypts the stored values of a model's encrypted fields from one key id to another (or encrypts legacy
 * plain text). A preflight first reads the whole range (ids after {@link RotationRequest#afterId()}, ascending):
 * every envelope decoded and decrypted, every blind index recomputed; any failure writes nothing. Then batches,
 * one transaction each, rows locked and re-read (values already under the target key are skipped, so reruns are
 * idempotent). Old, new and index keys must stay available until the report is {@link RotationReport#complete()}.
 *
 * @since 0.10.0
 */
public interface KeyRotation {

    /**
     * @param request what to rotate
     * @return what was done; {@link RotationReport#lastId()} is where to resume
     * @throws IllegalArgumentException when the model is unknown, has no encrypted field, or a key the rotation
     *                                  needs is unavailable (checked before anything is read)
     */
    @NonNull
    RotationReport rotate(@NonNull RotationRequest request);
}
