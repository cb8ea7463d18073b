package io.fx.micronaut.events.internal;

import io.micronaut.core.annotation.Internal;
import io.micronaut.core.annotation.NonNull;

import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The delay before a failed delivery's next attempt: the initial delay doubled per attempt, capped, then spread
 * over its upper half at random, so deliveries that failed together do not retry together.
 *
 * @param initial the first delay
 * @param max     the largest delay
 */
@Internal
record Backoff(@NonNull Duration initial, @NonNull Duration max) {

    /**
     * @param attempt the attempt that failed, from 1
     * @return how long to wait before the next one
     */
    @NonNull
    Duration after(int attempt) {
        long base = initial.toMillis();
        long cap = Math.max(base, max.toMillis());
        long delay = attempt >= 31 ? cap : Math.min(cap, base << Math.max(0, attempt - 1));
        long half = delay / 2;
        return Duration.ofMillis(half + ThreadLocalRandom.current().nextLong(half + 1));
    }

    /**
     * @param delay a scheduled delay
     * @return it spread by &plusmn;20% at random
     */
    @NonNull
    static Duration spread(@NonNull Duration delay) {
        long millis = delay.toMillis();
        long fifth = millis / 5;
        return Duration.ofMillis(millis - fifth + ThreadLocalRandom.current().nextLong(2 * fifth + 1));
    }
}
