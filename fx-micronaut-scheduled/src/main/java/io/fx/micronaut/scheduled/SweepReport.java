package io.fx.micronaut.scheduled;

import io.micronaut.core.annotation.NonNull;

import java.util.List;
import java.util.Map;

/**
 * What one sweep did: totals over every model, the errors, and each model's own counts.
 *
 * @param updated   rows whose field was set
 * @param deleted   rows soft- or hard-deleted
 * @param skipped   due rows no longer due once locked
 * @param truncated whether any model had more due rows than the batch size
 * @param errors    rows and models that failed, in the order met
 * @param perModel  each model with scheduled fields, in registration order
 * @since 0.9.0
 */
public record SweepReport(int updated, int deleted, int skipped, boolean truncated, @NonNull List<SweepError> errors,
                          @NonNull Map<String, ModelSweep> perModel) {

    /** @return a report of a sweep that touched nothing */
    @NonNull
    public static SweepReport empty() {
        return new SweepReport(0, 0, 0, false, List.of(), Map.of());
    }
}
