/**
 * Scheduled field transitions. A nullable {@code Instant} property tagged {@code @Fx("scheduled;...")} names a
 * moment; once it has passed, the {@link ScheduledRunner} sets another field of the row
 * ({@code scheduled;field=status;from=draft;to=published}), soft-deletes it ({@code scheduled;soft-delete}) or
 * removes it ({@code scheduled;hard-delete}). Sweeps run in one transaction per model, each row under a row lock
 * and a savepoint, through the record store (so scopes, record listeners and referential actions apply), and
 * announce each transition as a {@link ScheduledTransition} application event after commit. With
 * {@code fx.scheduled.single-runner} (the default) one replica sweeps per interval, under a lock row in
 * {@code fx_scheduler_lock}. The implementation lives in {@code internal}.
 *
 * @since 0.9.0
 */
package io.fx.micronaut.scheduled;
