package io.fx.micronaut.limits.internal;

import io.fx.micronaut.limits.RateLimitPolicy;
import io.github.bucket4j.BucketConfiguration;
import io.github.bucket4j.ConsumptionProbe;
import io.github.bucket4j.distributed.ExpirationAfterWriteStrategy;
import io.github.bucket4j.redis.lettuce.Bucket4jLettuce;
import io.github.bucket4j.redis.lettuce.cas.LettuceBasedProxyManager;

import java.time.Duration;

/**
 * Buckets in Redis, shared by every replica: Bucket4j's compare-and-swap buckets on the module's Lettuce connection,
 * keys {@code <key-prefix>rl:<policy>:<key>} expiring once the bucket would be full again. Every operation is bounded
 * by {@code fx.rate-limit.timeout}; connecting starts at startup without waiting, and is waited for (up to
 * {@code fx.limits.redis.connect-timeout}) only by the first requests.
 */
final class RedisRateLimitBackend implements RateLimitBackend {

    private final LimitsRedis redis;
    private final Duration timeout;
    private volatile LettuceBasedProxyManager<String> buckets;

    RedisRateLimitBackend(LimitsRedis redis, Duration timeout) {
        this.redis = redis;
        this.timeout = timeout;
        redis.warmUp();
    }

    @Override
    public ConsumptionProbe consume(RateLimitPolicy policy, BucketConfiguration configuration, String key) {
        try {
            return buckets().builder().build(key(policy, key), configuration).tryConsumeAndReturnRemaining(1);
        } catch (io.fx.micronaut.limits.LimitsBackendException e) {
            throw e;
        } catch (RuntimeException e) {
            throw new io.fx.micronaut.limits.LimitsBackendException("Redis rate limit bucket failed: " + e, e);
        }
    }

    @Override
    public void refund(RateLimitPolicy policy, BucketConfiguration configuration, String key) {
        try {
            buckets().builder().build(key(policy, key), configuration).addTokens(1);
        } catch (io.fx.micronaut.limits.LimitsBackendException e) {
            throw e;
        } catch (RuntimeException e) {
            throw new io.fx.micronaut.limits.LimitsBackendException("Redis rate limit refund failed: " + e, e);
        }
    }

    private String key(RateLimitPolicy policy, String key) {
        return redis.keyPrefix() + "rl:" + policy.name() + ":" + key;
    }

    private LettuceBasedProxyManager<String> buckets() {
        LettuceBasedProxyManager<String> built = buckets;
        if (built == null) {
            synchronized (this) {
                built = buckets;
                if (built == null) {
                    built = Bucket4jLettuce.casBasedBuilder(redis.connection(redis.connectTimeout()))
                        .expirationAfterWrite(ExpirationAfterWriteStrategy
                            .basedOnTimeForRefillingBucketUpToMax(Duration.ofSeconds(1)))
                        .requestTimeout(timeout)
                        .build();
                    buckets = built;
                }
            }
        }
        return built;
    }
}
