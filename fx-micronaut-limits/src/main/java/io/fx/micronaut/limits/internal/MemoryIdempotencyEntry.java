package io.fx.micronaut.limits.internal;

import io.fx.micronaut.limits.IdempotencyClaim;
import io.fx.micronaut.limits.IdempotentResponse;

import java.time.Duration;

/**
 * An entry of {@link MemoryIdempotencyStore}: a claim (token, no response) or a completed answer, and how long it
 * lives from its last write.
 */
record MemoryIdempotencyEntry(String token, String fingerprint, IdempotentResponse response, Duration lifetime) {

    static MemoryIdempotencyEntry claim(String token, String fingerprint, Duration lockTimeout) {
        return new MemoryIdempotencyEntry(token, fingerprint, null, lockTimeout);
    }

    static MemoryIdempotencyEntry completed(String fingerprint, IdempotentResponse response, Duration ttl) {
        return new MemoryIdempotencyEntry(null, fingerprint, response, ttl);
    }

    boolean heldBy(IdempotencyClaim.Claimed claim) {
        return response == null && claim.token().equals(token);
    }

    IdempotencyClaim state() {
        return response == null ? new IdempotencyClaim.InFlight(fingerprint)
            : new IdempotencyClaim.Completed(fingerprint, response);
    }
}
