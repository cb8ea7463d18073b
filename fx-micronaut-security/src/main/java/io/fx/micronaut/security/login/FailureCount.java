package io.fx.micronaut.security.login;

import io.micronaut.core.annotation.NonNull;

import java.time.Duration;
import java.time.Instant;

/**
 * The failures counted under one key in its current window.
 *
 * @param count      how many, the one just counted included
 * @param windowEnds when the window ends and the count starts again from nothing
 * @since 0.7.0
 */
public record FailureCount(long count, @NonNull Instant windowEnds) {

    /**
     * @param now the current time
     * @return the whole seconds, at least 1, until the window ends: a {@code Retry-After} value
     */
    public long retryAfterSeconds(@NonNull Instant now) {
        long millis = Duration.between(now, windowEnds).toMillis();
        return Math.max(1, (millis + 999) / 1000);
    }
}
