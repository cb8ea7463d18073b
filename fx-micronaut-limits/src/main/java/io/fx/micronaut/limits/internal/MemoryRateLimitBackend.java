package io.fx.micronaut.limits.internal;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.fx.micronaut.limits.RateLimitPolicy;
import io.github.bucket4j.Bucket;
import io.github.bucket4j.BucketConfiguration;
import io.github.bucket4j.ConsumptionProbe;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Buckets in this instance: a Caffeine cache per policy holding at most {@code max-keys} buckets, each dropped once
 * untouched for a window (by then it would be full again anyway).
 */
final class MemoryRateLimitBackend implements RateLimitBackend {

    private final long maxKeys;
    private final Map<String, Cache<String, Bucket>> buckets = new ConcurrentHashMap<>();

    MemoryRateLimitBackend(long maxKeys) {
        this.maxKeys = maxKeys;
    }

    @Override
    public ConsumptionProbe consume(RateLimitPolicy policy, BucketConfiguration configuration, String key) {
        return bucket(policy, configuration, key).tryConsumeAndReturnRemaining(1);
    }

    @Override
    public void refund(RateLimitPolicy policy, BucketConfiguration configuration, String key) {
        bucket(policy, configuration, key).addTokens(1);
    }

    private Bucket bucket(RateLimitPolicy policy, BucketConfiguration configuration, String key) {
        Cache<String, Bucket> cache = buckets.computeIfAbsent(policy.name(), name -> Caffeine.newBuilder()
            .maximumSize(maxKeys)
            .expireAfterAccess(policy.window())
            .build());
        return cache.get(key, k -> Bucket.builder().addLimit(configuration.getBandwidths()[0]).build());
    }
}
