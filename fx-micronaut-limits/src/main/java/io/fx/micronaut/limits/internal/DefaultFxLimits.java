package io.fx.micronaut.limits.internal;

import io.fx.micronaut.limits.FxLimits;
import io.fx.micronaut.limits.IdempotencyConfig;
import io.fx.micronaut.limits.RateLimitPolicy;
import io.fx.micronaut.pipeline.Middleware;
import io.micronaut.core.annotation.Internal;
import io.micronaut.core.annotation.NonNull;
import jakarta.inject.Singleton;

/** The {@link FxLimits} bean: rate limits from {@link RateLimits}, idempotency from {@link IdempotencyFactory}. */
@Internal
@Singleton
final class DefaultFxLimits implements FxLimits {

    private final RateLimits rateLimits;
    private final IdempotencyFactory idempotency;

    DefaultFxLimits(RateLimits rateLimits, IdempotencyFactory idempotency) {
        this.rateLimits = rateLimits;
        this.idempotency = idempotency;
    }

    @Override
    @NonNull
    public Middleware rateLimit(@NonNull RateLimitPolicy policy) {
        return rateLimits.middleware(policy);
    }

    @Override
    @NonNull
    public Middleware idempotency(@NonNull IdempotencyConfig config) {
        return idempotency.create(config);
    }
}
