package io.fx.micronaut.limits.internal;

import io.fx.micronaut.limits.RateLimitPolicy;
import io.fx.micronaut.pipeline.Middleware;
import io.micronaut.core.annotation.Internal;
import jakarta.inject.Singleton;

/** PLACEHOLDER: replaced by the rate limit work before it lands. */
@Internal
@Singleton
public final class RateLimits {

    /**
     * @param policy the policy
     * @return the middleware
     */
    public Middleware middleware(RateLimitPolicy policy) {
        throw new UnsupportedOperationException("rate limits are not built yet");
    }
}
