package io.fx.micronaut.events.jobs;

import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;

import java.time.Duration;

/**
 * How one job is enqueued.
 *
 * @param delay       how long it waits before it may run; {@code null} or zero: at once
 * @param maxAttempts attempts before it is {@code dead}; {@code null}: {@code fx.jobs.max-attempts}
 * @param uniqueKey   while a job enqueued with this key is not finished (succeeded, dead or cancelled), enqueuing
 *                    another with the key returns the first one's id and enqueues nothing; {@code null}: no key
 * @since 0.7.0
 */
public record JobOptions(@Nullable Duration delay, @Nullable Integer maxAttempts, @Nullable String uniqueKey) {

    private static final JobOptions DEFAULTS = new JobOptions(null, null, null);

    /**
     * @throws IllegalArgumentException when the delay is negative, the attempts not positive or the key blank
     */
    public JobOptions {
        if (delay != null && delay.isNegative()) {
            throw new IllegalArgumentException("delay must not be negative: " + delay);
        }
        if (maxAttempts != null && maxAttempts < 1) {
            throw new IllegalArgumentException("maxAttempts must be positive: " + maxAttempts);
        }
        if (uniqueKey != null && uniqueKey.isBlank()) {
            throw new IllegalArgumentException("uniqueKey must not be blank");
        }
    }

    /** @return no delay, the configured attempts, no key */
    @NonNull
    public static JobOptions defaults() {
        return DEFAULTS;
    }

    /**
     * @param delay how long to wait before it may run
     * @return these options with that delay
     */
    @NonNull
    public JobOptions withDelay(@NonNull Duration delay) {
        return new JobOptions(delay, maxAttempts, uniqueKey);
    }

    /**
     * @param maxAttempts attempts before it is dead
     * @return these options with that many attempts
     */
    @NonNull
    public JobOptions withMaxAttempts(int maxAttempts) {
        return new JobOptions(delay, maxAttempts, uniqueKey);
    }

    /**
     * @param uniqueKey the key
     * @return these options with that key
     */
    @NonNull
    public JobOptions withUniqueKey(@NonNull String uniqueKey) {
        return new JobOptions(delay, maxAttempts, uniqueKey);
    }
}
