package io.fx.micronaut.scheduled;

import io.micronaut.core.annotation.NonNull;

/**
 * Sweeps the rows whose scheduled moment has passed. With {@code fx.scheduled.enabled} (the default) the runner
 * starts after auto-migration when a model has scheduled fields, ticking every {@code fx.scheduled.interval} on
 * Micronaut's scheduled executor (a tick never overlaps the previous one), and stops at shutdown, letting the
 * running model batch commit. Inject it to sweep on demand: from a scheduled function on AWS Lambda (with
 * {@code enabled: false}), a job queue, an admin action or a test with a fixed {@link java.time.Clock} bean.
 *
 * <p>The runner is privileged: it writes for {@link io.fx.micronaut.auth.AuthInfo#system()}, so it reaches every
 * tenant's rows as far as the {@link io.fx.micronaut.db.ScopeResolver}s let the system identity through (the
 * security module's tenancy and forced filters do).</p>
 *
 * @since 0.9.0
 */
public interface ScheduledRunner {

    /** Starts ticking; does nothing when it already ticks, when no model has scheduled fields, or after {@link #stop()}. */
    void start();

    /**
     * Stops ticking: cancels the next tick, lets a running model batch commit and fire its events, starts no other,
     * frees the lock across replicas, and waits for that at most {@code fx.scheduled.stop-timeout}. Idempotent.
     */
    void stop();

    /**
     * Sweeps every model once, now, without the lock across replicas (row locks and re-checks keep each transition
     * single); waits while a tick of this process sweeps, so sweeps never overlap in one process.
     *
     * @return what the sweep did
     */
    @NonNull
    SweepReport sweep();

    /** @return whether the runner ticks */
    boolean isRunning();
}
