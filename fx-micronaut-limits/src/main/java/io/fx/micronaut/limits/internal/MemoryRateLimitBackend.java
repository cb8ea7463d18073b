package io.fx.micronaut.limits.internal;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.fx.micronaut.limits.RateLimitPolicy;
import io.github.bucket4j.Bucket;
import io.github.bucket4j.Bandwidth;
import io.github.bucket4j.ConsumptionProbe;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Buckets in this instance: a Caffeine cache per policy holding at most {@code max-keys} buckets, each dropped once
 * untouched for a window (by then it would be full again anyway).
 */
final class MemoryRateLimitBackend implements RateLimitBackend {

    private final long maxKeys;
    private final Map<String, PolicyBuckets> buckets = new ConcurrentHashMap<>();

    MemoryRateLimitBackend(long maxKeys) {
        this.maxKeys = maxKeys;
    }

    @Override
    public ConsumptionProbe consume(RateLimitPolicy policy, String key) {
        return bucket(policy, key).tryConsumeAndReturnRemaining(1);
    }

    @Override
    public void refund(RateLimitPolicy policy, String key) {
        bucket(policy, key).addTokens(1);
    }

    private Bucket bucket(RateLimitPolicy policy, String key) {
        PolicyBuckets policyBuckets = buckets.computeIfAbsent(policy.name(), name -> new PolicyBuckets(
            Bandwidth.builder().capacity(policy.limit()).refillIntervally(policy.limit(), policy.window())
                .initialTokens(policy.limit()).build(),
            Caffeine.newBuilder().maximumSize(maxKeys).expireAfterAccess(policy.window()).build()));
        return policyBuckets.cache().get(key, k -> Bucket.builder().addLimit(policyBuckets.bandwidth()).build());
    }

    /**
     * One policy's buckets.
     *
     * @param bandwidth each bucket's limit: {@code limit} per window, refilled in full when the window ends
     * @param cache     the buckets by key
     */
    private record PolicyBuckets(Bandwidth bandwidth, Cache<String, Bucket> cache) {
    }
}
