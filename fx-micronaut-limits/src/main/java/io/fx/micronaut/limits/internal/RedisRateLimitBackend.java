package io.fx.micronaut.limits.internal;

import io.fx.micronaut.limits.RateLimitPolicy;
import io.github.bucket4j.BucketConfiguration;
import io.github.bucket4j.ConsumptionProbe;
import io.lettuce.core.ScriptOutputType;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Buckets in Redis, shared by every replica: a fixed-window counter per key, {@code <key-prefix>rl:<policy>:<key>},
 * taken or refused by one script in one round trip. The counter expires when its window ends, which starts with the
 * key's first request: the same window as the memory backend's Bucket4j bucket (refilled in full at the window's
 * end). Bucket4j's own Redis buckets ({@code bucket4j_jdk17-lettuce}) compare and swap, two round trips and a
 * serialised state per request; measured at 0.37–0.41 of the unlimited throughput on the project machine against
 * this script's figure in BENCHMARKS.md. Every call is bounded by {@code fx.rate-limit.timeout}; connecting starts at
 * startup without waiting.
 */
final class RedisRateLimitBackend implements RateLimitBackend {

    /** Takes one request unless the window's are used up: {consumed 1|0, remaining, ms to the window's end}. */
    private static final RedisScript CONSUME = RedisScript.of("""
        local limit = tonumber(ARGV[1])
        local count = tonumber(redis.call('GET', KEYS[1]) or '0')
        if count >= limit then
          local ttl = redis.call('PTTL', KEYS[1])
          if ttl < 0 then
            redis.call('PEXPIRE', KEYS[1], ARGV[2])
            ttl = tonumber(ARGV[2])
          end
          return {0, 0, ttl}
        end
        count = redis.call('INCR', KEYS[1])
        local ttl = tonumber(ARGV[2])
        if count == 1 then
          redis.call('PEXPIRE', KEYS[1], ARGV[2])
        else
          ttl = redis.call('PTTL', KEYS[1])
          if ttl < 0 then
            redis.call('PEXPIRE', KEYS[1], ARGV[2])
            ttl = tonumber(ARGV[2])
          end
        end
        return {1, limit - count, ttl}
        """);

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

    RedisRateLimitBackend(LimitsRedis redis, Duration timeout) {
        this.redis = redis;
        this.timeout = timeout;
        redis.warmUp();
    }

    @Override
    public ConsumptionProbe consume(RateLimitPolicy policy, BucketConfiguration configuration, String key) {
        byte[] limit = Long.toString(policy.limit()).getBytes(StandardCharsets.US_ASCII);
        byte[] window = Long.toString(policy.window().toMillis()).getBytes(StandardCharsets.US_ASCII);
        List<Object> answer = redis.execute(timeout, "rate limit", connection -> CONSUME.<List<Object>>run(connection,
            ScriptOutputType.MULTI, new String[] {key(policy, key)}, limit, window));
        long remaining = ((Number) answer.get(1)).longValue();
        long reset = TimeUnit.MILLISECONDS.toNanos(((Number) answer.get(2)).longValue());
        return ((Number) answer.get(0)).longValue() == 1 ? ConsumptionProbe.consumed(remaining, reset)
            : ConsumptionProbe.rejected(remaining, reset, reset);
    }

    @Override
    public void refund(RateLimitPolicy policy, BucketConfiguration configuration, String key) {
        redis.execute(timeout, "rate limit refund", connection -> REFUND.<Long>run(connection, ScriptOutputType.INTEGER,
            new String[] {key(policy, key)}));
    }

    private String key(RateLimitPolicy policy, String key) {
        return redis.keyPrefix() + "rl:" + policy.name() + ":" + key;
    }
}
