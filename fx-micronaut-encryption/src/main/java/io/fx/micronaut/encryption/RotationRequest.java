package io.fx.micronaut.encryption;

import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;

import java.util.Objects;

/**
 * One rotation run.
 *
 * @param model     the model name ({@code Author})
 * @param fromKeyId the key id whose values are re-encrypted, or null to encrypt legacy plain text
 * @param toKeyId   the key id they are encrypted under
 * @param afterId   the id after which rows are read (a previous report's {@code lastId}), or null from the start
 * @param batchSize rows per transaction (positive; 100 when not positive)
 * @param maxRows   rows to handle in this run before stopping (0: all)
 * @param dryRun    whether only the preflight runs: nothing is written
 * @since 0.10.0
 */
public record RotationRequest(@NonNull String model, @Nullable String fromKeyId, @NonNull String toKeyId,
                              @Nullable String afterId, int batchSize, int maxRows, boolean dryRun) {

    /** The batch size when none is given. */
    public static final int DEFAULT_BATCH_SIZE = 100;

    /** Checks the parts and applies the default batch size. */
    public RotationRequest {
        Objects.requireNonNull(model, "model");
        Objects.requireNonNull(toKeyId, "toKeyId");
        batchSize = batchSize <= 0 ? DEFAULT_BATCH_SIZE : batchSize;
        if (maxRows < 0) {
            throw new IllegalArgumentException("maxRows must be 0 (all) or positive");
        }
    }

    /**
     * @param model     the model name
     * @param fromKeyId the key id to rotate from, or null for legacy plain text
     * @param toKeyId   the key id to rotate to
     * @return a request over every row, in batches of 100
     */
    @NonNull
    public static RotationRequest of(@NonNull String model, @Nullable String fromKeyId, @NonNull String toKeyId) {
        return new RotationRequest(model, fromKeyId, toKeyId, null, DEFAULT_BATCH_SIZE, 0, false);
    }
}
