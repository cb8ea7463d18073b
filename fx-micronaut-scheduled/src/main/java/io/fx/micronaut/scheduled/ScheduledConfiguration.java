package io.fx.micronaut.scheduled;

import io.micronaut.context.annotation.ConfigurationProperties;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.bind.annotation.Bindable;

import java.time.Duration;
import java.util.Optional;

/**
 * The scheduled-field runner, under {@code fx.scheduled}. A non-positive duration or size, or
 * {@code lock-at-least-for} not below {@code lock-at-most-for}, fails startup naming the key.
 *
 * <pre>
 * fx:
 *   scheduled:
 *     interval: 1m          # the pause between the end of one tick and the start of the next
 *     batch-size: 500       # due rows per model per tick
 *     single-runner: true   # one replica sweeps per interval (a lock row in fx_scheduler_lock)
 * </pre>
 *
 * @since 0.9.0
 */
@ConfigurationProperties(ScheduledConfiguration.PREFIX)
public interface ScheduledConfiguration {

    /** The prefix. */
    String PREFIX = "fx.scheduled";

    /**
     * @return whether the runner starts with the application when a model has scheduled fields (true); off, only
     *     {@link ScheduledRunner#sweep()} sweeps (a scheduled function on AWS Lambda, a job queue)
     */
    @Bindable(defaultValue = "true")
    boolean isEnabled();

    /** @return the pause between the end of one tick and the start of the next (1 minute) */
    @Bindable(defaultValue = "1m")
    @NonNull
    Duration getInterval();

    /** @return the pause before the first tick (none) */
    @Bindable(defaultValue = "0s")
    @NonNull
    Duration getInitialDelay();

    /** @return the due rows handled per model per tick (500); a surplus waits for the next tick */
    @Bindable(defaultValue = "500")
    int getBatchSize();

    /** @return whether one replica sweeps per interval, under a lock row (true) */
    @Bindable(defaultValue = "true")
    boolean isSingleRunner();

    /** @return how long a holder keeps the lock at most, so a dead replica's lock frees itself (10 minutes) */
    @Bindable(defaultValue = "10m")
    @NonNull
    Duration getLockAtMostFor();

    /**
     * @return how long the lock is held at least, so other replicas do not sweep in the same interval; unset, half
     *     the interval, at most half of {@code lock-at-most-for}
     */
    @NonNull
    Optional<Duration> getLockAtLeastFor();

    /** @return how long stopping waits for the running tick; unset, {@code fx.shutdown-timeout} */
    @NonNull
    Optional<Duration> getStopTimeout();
}
