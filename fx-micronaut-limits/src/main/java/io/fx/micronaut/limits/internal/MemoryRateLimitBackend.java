package io.fx.micronaut.limits.internal;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.fx.micronaut.limits.RateLimitPolicy;
import io.github.bucket4j.Bucket;
import io.github.bucket4j.Bandwidth;
import io.github.bucket4j.ConsumptionProbe;
import io.github.bucket4j.local.SynchronizationStrategy;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * Buckets in this instance: a Caffeine cache per policy holding at most {@code max-keys} buckets, each dropped once
 * untouched for a window (by then it would be full again anyway). A bucket is locked while it is taken from, not
 * copied and swapped: one key's requests rarely overlap, and an uncontended lock allocates nothing. The caches' upkeep
 * runs on the requests' threads, not on the common pool (see {@code MemoryIdempotencyStore}).
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
        PolicyBuckets policyBuckets = buckets.get(policy.name());
        if (policyBuckets == null) {
            policyBuckets = buckets.computeIfAbsent(policy.name(), name -> new PolicyBuckets(policy, maxKeys));
        }
        return policyBuckets.cache.get(key, policyBuckets.newBucket);
    }

    /** One policy's buckets by key, and how it makes a bucket for a key it has not seen. */
    private static final class PolicyBuckets {

        private final Cache<String, Bucket> cache;
        private final Function<String, Bucket> newBucket;

        PolicyBuckets(RateLimitPolicy policy, long maxKeys) {
            // limit per window, refilled in full when the window ends
            Bandwidth bandwidth = Bandwidth.builder().capacity(policy.limit())
                .refillIntervally(policy.limit(), policy.window()).initialTokens(policy.limit()).build();
            this.cache = Caffeine.newBuilder().maximumSize(maxKeys).expireAfterAccess(policy.window())
                .executor(Runnable::run).build();
            this.newBucket = key -> Bucket.builder().addLimit(bandwidth)
                .withSynchronizationStrategy(SynchronizationStrategy.SYNCHRONIZED).build();
        }
    }
}
