package io.fx.micronaut.scheduled;

/**
 * What one sweep did to one model's rows.
 *
 * @param updated   rows whose field was set
 * @param deleted   rows soft- or hard-deleted
 * @param skipped   due rows found no longer due once locked (gone, guard moved, timestamp cleared or pushed, or
 *                  done by another replica)
 * @param errors    rows that failed (rolled back to their savepoint), plus one when the model's batch failed
 * @param truncated whether more rows were due than {@code fx.scheduled.batch-size}; the rest wait for the next tick
 * @param failed    whether the model's batch rolled back as a whole
 * @since 0.9.0
 */
public record ModelSweep(int updated, int deleted, int skipped, int errors, boolean truncated, boolean failed) {
}
