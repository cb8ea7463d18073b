package io.fx.micronaut.limits;

import io.micronaut.core.annotation.NonNull;

import java.time.Duration;

/**
 * Where idempotency entries live: in memory ({@code fx.idempotency.store: memory}) or in Redis
 * ({@code redis}), shared by every instance. An entry is absent, in flight (claimed by a first request) or
 * completed (its 2xx answer); the store moves it between them atomically. Keys arrive already hashed (SHA-256,
 * hex) over the caller scope, the route and the client's key. Every method throws {@link LimitsBackendException}
 * when the store cannot answer; the middleware then answers 503 {@code IDEMPOTENCY_UNAVAILABLE} and runs nothing.
 *
 * @since 0.7.0
 */
public interface IdempotencyStore {

    /**
     * Claims an absent (or expired) entry for the caller, atomically, or reports what holds it.
     *
     * @param key         the entry's key
     * @param fingerprint the request's fingerprint
     * @param lockTimeout how long the claim holds unless completed or released
     * @return {@link IdempotencyClaim.Claimed} when the caller now holds the entry, otherwise what holds it
     * @throws LimitsBackendException when the store cannot answer
     */
    @NonNull
    IdempotencyClaim claim(@NonNull String key, @NonNull String fingerprint, @NonNull Duration lockTimeout);

    /**
     * Replaces the caller's claim with the completed answer, if the claim still holds (compare and set).
     *
     * @param key      the entry's key
     * @param claim    the caller's claim
     * @param response the answer to replay
     * @param ttl      how long it is replayed
     * @return whether the claim still held and the answer was stored
     * @throws LimitsBackendException when the store cannot answer
     */
    boolean complete(@NonNull String key, @NonNull IdempotencyClaim.Claimed claim, @NonNull IdempotentResponse response,
                     @NonNull Duration ttl);

    /**
     * Removes the caller's claim, if it still holds, so a retry runs anew.
     *
     * @param key   the entry's key
     * @param claim the caller's claim
     * @throws LimitsBackendException when the store cannot answer
     */
    void release(@NonNull String key, @NonNull IdempotencyClaim.Claimed claim);
}
