package io.fx.micronaut.limits;

import io.micronaut.context.annotation.ConfigurationProperties;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.bind.annotation.Bindable;

import java.time.Duration;

/**
 * Rate limiting, under {@code fx.rate-limit}: where the buckets live and what happens when that store cannot
 * answer. The policies themselves come from {@code fx.rate-limit.policies.<name>} ({@link RateLimitPolicyConfiguration})
 * or from {@link FxLimits#rateLimit} registrations.
 *
 * @since 0.7.0
 */
@ConfigurationProperties(RateLimitConfiguration.PREFIX)
public interface RateLimitConfiguration {

    /** The prefix. */
    String PREFIX = "fx.rate-limit";

    /**
     * @return {@code memory} (the default: buckets in this instance, in a Caffeine cache) or {@code redis} (fixed-window
     *     counters in Redis, shared by every replica: {@link LimitsRedisConfiguration})
     */
    @Bindable(defaultValue = "memory")
    @NonNull
    String getBackend();

    /** @return the longest a Redis bucket operation may take (250 ms by default) before it counts as an error */
    @Bindable(defaultValue = "250ms")
    @NonNull
    Duration getTimeout();

    /**
     * @return {@code allow} (the default: the request passes unlimited; a WARN at most every 30 s) or {@code deny}
     *     (503 {@code RATE_LIMIT_UNAVAILABLE} with {@code Retry-After: 1}) when the backend cannot answer
     */
    @Bindable(defaultValue = "allow")
    @NonNull
    String getOnBackendError();

    /** @return the most keys the memory backend holds per policy (100,000); the least recently used go first */
    @Bindable(defaultValue = "100000")
    long getMaxKeys();
}
