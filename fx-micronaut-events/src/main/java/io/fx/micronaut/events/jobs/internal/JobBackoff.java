package io.fx.micronaut.events.jobs.internal;

import io.micronaut.core.annotation.Internal;
import io.micronaut.core.annotation.NonNull;

import java.time.Duration;

/**
 * The delay before a job's next attempt: the initial delay doubled per failed attempt, capped.
 *
 * @param initial the first delay
 * @param max     the largest delay
 */
@Internal
record JobBackoff(@NonNull Duration initial, @NonNull Duration max) {

    /**
     * @param failures failed attempts (or requeues) so far, from 1
     * @return how long to wait before the next one
     */
    @NonNull
    Duration after(int failures) {
        long base = initial.toMillis();
        long cap = Math.max(base, max.toMillis());
        if (failures >= 31 || base << Math.max(0, failures - 1) >= cap) {
            return Duration.ofMillis(cap);
        }
        return Duration.ofMillis(base << Math.max(0, failures - 1));
    }
}
