package io.fx.micronaut.limits.internal;

import io.fx.micronaut.limits.LimitsBackendException;
import io.fx.micronaut.limits.RateLimitPolicy;
import io.github.bucket4j.ConsumptionProbe;
import io.lettuce.core.ScriptOutputType;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.TimeUnit;

/**
 * Buckets in Redis, shared by every replica: a fixed-window counter per key, {@code <key-prefix>rl:<policy>:<key>},
 * taken or refused by a script, the checks of concurrent requests together in one call
 * ({@link RedisRateLimitBatches}). The counter expires when its window ends, which starts with the
 * key's first request: the same window as the memory backend's Bucket4j bucket (refilled in full at the window's
 * end). Bucket4j's own Redis buckets ({@code bucket4j_jdk17-lettuce}) compare and swap, two round trips and a
 * serialised state per request; measured at 0.37–0.41 of the unlimited throughput on the project machine against
 * this script's figure in BENCHMARKS.md. Every call is bounded by {@code fx.rate-limit.timeout}; connecting starts at
 * startup without waiting.
 */
final class RedisRateLimitBackend implements RateLimitBackend {

    /** Gives one request back, if the window still counts it. */
    private static final RedisScript REFUND = RedisScript.of("""
        local count = tonumber(redis.call('GET', KEYS[1]) or '0')
        if count > 0 then
          redis.call('DECR', KEYS[1])
        end
        return 0
        """);

    private final LimitsRedis redis;
    private final Duration timeout;
    private final RedisRateLimitBatches batches;

    RedisRateLimitBackend(LimitsRedis redis, Duration timeout) {
        this.redis = redis;
        this.timeout = timeout;
        this.batches = new RedisRateLimitBatches(redis, timeout);
        redis.warmUp();
    }

    @Override
    public ConsumptionProbe consume(RateLimitPolicy policy, String key) {
        CompletableFuture<long[]> check = batches.check(key(policy, key), policy.limit(), policy.window().toMillis());
        long[] answer;
        try {
            answer = check.get(timeout.toNanos(), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            throw new LimitsBackendException("Redis rate limit did not answer within " + timeout, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LimitsBackendException("interrupted while waiting for Redis rate limit", e);
        } catch (ExecutionException e) {
            throw new LimitsBackendException("Redis rate limit failed: " + e.getCause(), e.getCause());
        }
        long reset = TimeUnit.MILLISECONDS.toNanos(answer[2]);
        return answer[0] == 1 ? ConsumptionProbe.consumed(answer[1], reset)
            : ConsumptionProbe.rejected(answer[1], reset, reset);
    }

    @Override
    public void refund(RateLimitPolicy policy, String key) {
        redis.execute(timeout, "rate limit refund", connection -> REFUND.<Long>run(connection, ScriptOutputType.INTEGER,
            new String[] {key(policy, key)}));
    }

    private String key(RateLimitPolicy policy, String key) {
        return redis.keyPrefix() + "rl:" + policy.name() + ":" + key;
    }
}
