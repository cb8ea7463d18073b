package io.fx.micronaut.encryption;

import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;

import java.util.List;

/**
 * The outcome of a {@link KeyRotation} run.
 *
 * @param scanned  rows read (by the preflight in a dry run or a failed preflight, by the batches otherwise)
 * @param rotated  rows re-encrypted (in a dry run: rows a run would re-encrypt)
 * @param skipped  rows left as they were (no value under the source key)
 * @param failures what the preflight found wrong; when not empty nothing was written
 * @param lastId   the last committed row's id, where a next run resumes ({@code afterId} when nothing was committed)
 * @param complete whether the run reached the last row (never in a dry run)
 * @since 0.10.0
 */
public record RotationReport(long scanned, long rotated, long skipped, @NonNull List<RotationFailure> failures,
                             @Nullable String lastId, boolean complete) {

    /** Defensive copy. */
    public RotationReport {
        failures = List.copyOf(failures);
    }
}
