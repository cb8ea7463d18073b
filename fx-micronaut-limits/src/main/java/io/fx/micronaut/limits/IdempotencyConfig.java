package io.fx.micronaut.limits;

import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;

import java.time.Duration;
import java.util.Objects;

/**
 * How {@link FxLimits#idempotency} guards the creates and actions it covers (the spec's
 * {@code Config{Store, TTL, KeyFunc, HeaderRequired}}). Start from {@link #defaults()} and change what differs:
 *
 * <pre>{@code
 * limits.idempotency(IdempotencyConfig.defaults().ttl(Duration.ofHours(1)).headerRequired(true))
 * }</pre>
 *
 * @param store          where entries live; null for the configured one ({@code fx.idempotency.store}, in memory
 *                       when unset)
 * @param ttl            how long a completed answer is replayed; null for {@code fx.idempotency.ttl} (24 h)
 * @param keyResolver    the caller scope of an entry, so no caller can see or replay another's; a request it
 *                       answers null or empty for runs unguarded
 * @param headerRequired whether a request without an {@code Idempotency-Key} header is refused (400
 *                       {@code IDEMPOTENCY_KEY_REQUIRED}) instead of running unguarded
 * @since 0.7.0
 */
public record IdempotencyConfig(@Nullable IdempotencyStore store, @Nullable Duration ttl,
                                @NonNull RateLimitKeyResolver keyResolver, boolean headerRequired) {

    /**
     * @param store          the store, or null for the configured one
     * @param ttl            the time to live, or null for the configured one
     * @param keyResolver    the caller scope
     * @param headerRequired whether the header is required
     * @throws IllegalArgumentException when the time to live is not positive
     */
    public IdempotencyConfig {
        Objects.requireNonNull(keyResolver, "keyResolver");
        if (ttl != null && (ttl.isNegative() || ttl.isZero())) {
            throw new IllegalArgumentException("an idempotency ttl must be positive, not " + ttl);
        }
    }

    /**
     * @return the configured store and time to live, callers scoped by
     *     {@link RateLimitKeyResolver#principalOrIp()}, the header optional
     */
    @NonNull
    public static IdempotencyConfig defaults() {
        return new IdempotencyConfig(null, null, RateLimitKeyResolver.principalOrIp(), false);
    }

    /**
     * @param newStore where entries live, or null for the configured store
     * @return a copy with it
     */
    @NonNull
    public IdempotencyConfig store(@Nullable IdempotencyStore newStore) {
        return new IdempotencyConfig(newStore, ttl, keyResolver, headerRequired);
    }

    /**
     * @param newTtl how long a completed answer is replayed, or null for the configured time
     * @return a copy with it
     */
    @NonNull
    public IdempotencyConfig ttl(@Nullable Duration newTtl) {
        return new IdempotencyConfig(store, newTtl, keyResolver, headerRequired);
    }

    /**
     * @param newKeyResolver the caller scope
     * @return a copy with it
     */
    @NonNull
    public IdempotencyConfig keyResolver(@NonNull RateLimitKeyResolver newKeyResolver) {
        return new IdempotencyConfig(store, ttl, newKeyResolver, headerRequired);
    }

    /**
     * @param required whether a request without the header is refused
     * @return a copy with it
     */
    @NonNull
    public IdempotencyConfig headerRequired(boolean required) {
        return new IdempotencyConfig(store, ttl, keyResolver, required);
    }
}
