package io.fx.micronaut.limits.internal;

import java.time.Duration;

/**
 * The times of one idempotency middleware.
 *
 * @param ttl         how long a completed answer is replayed
 * @param lockTimeout how long a claim holds
 * @param patience    how long a concurrent request waits for the first one
 */
record IdempotencyTimes(Duration ttl, Duration lockTimeout, Duration patience) {
}
