package io.fx.micronaut.limits.internal;

import io.fx.micronaut.limits.IdempotencyClaim;
import io.fx.micronaut.limits.IdempotencyStore;
import io.fx.micronaut.limits.IdempotentResponse;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.SetArgs;
import io.micronaut.core.annotation.NonNull;

import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * The {@code redis} store, shared by every instance: keys {@code <key-prefix>idem:<entry>}; a claim is
 * {@code SET NX PX <lock-timeout>}; completing and releasing are Lua compare-and-sets on the claim's exact value,
 * so a request whose claim timed out and was taken over cannot overwrite or delete the new holder's entry. Every
 * command runs within {@code fx.idempotency.timeout}.
 */
final class RedisIdempotencyStore implements IdempotencyStore {

    private static final RedisScript COMPLETE = RedisScript.of("""
        if redis.call('GET', KEYS[1]) == ARGV[1] then
          redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3])
          return 1
        end
        return 0""");
    private static final RedisScript RELEASE = RedisScript.of("""
        if redis.call('GET', KEYS[1]) == ARGV[1] then
          return redis.call('DEL', KEYS[1])
        end
        return 0""");
    /** Claim, then read what holds the key; a holder that expires in between is claimed again this often. */
    private static final int CLAIM_ATTEMPTS = 3;

    private final LimitsRedis redis;
    private final Duration timeout;

    RedisIdempotencyStore(LimitsRedis redis, Duration timeout) {
        this.redis = redis;
        this.timeout = timeout;
    }

    @Override
    @NonNull
    public IdempotencyClaim claim(@NonNull String key, @NonNull String fingerprint, @NonNull Duration lockTimeout) {
        String redisKey = redisKey(key);
        IdempotencyClaim.Claimed claim = new IdempotencyClaim.Claimed(IdempotencyKeys.claimToken(), fingerprint);
        byte[] value = RedisIdempotencyEntries.inFlight(claim);
        SetArgs args = SetArgs.Builder.nx().px(Math.max(1, lockTimeout.toMillis()));
        for (int attempt = 0; attempt < CLAIM_ATTEMPTS; attempt++) {
            String set = redis.execute(timeout, "idempotency claim", c -> c.async().set(redisKey, value, args));
            if ("OK".equals(set)) {
                return claim;
            }
            byte[] held = redis.execute(timeout, "idempotency read", c -> c.async().get(redisKey));
            if (held != null) {
                return RedisIdempotencyEntries.read(held);
            }
        }
        // the key came and went each time: report it in flight, so the caller waits and claims again
        return new IdempotencyClaim.InFlight(fingerprint);
    }

    @Override
    public boolean complete(@NonNull String key, @NonNull IdempotencyClaim.Claimed claim,
                            @NonNull IdempotentResponse response, @NonNull Duration ttl) {
        String[] keys = {redisKey(key)};
        byte[] held = RedisIdempotencyEntries.inFlight(claim);
        byte[] answer = RedisIdempotencyEntries.completed(claim.fingerprint(), response);
        byte[] millis = Long.toString(Math.max(1, ttl.toMillis())).getBytes(StandardCharsets.US_ASCII);
        Long done = redis.execute(timeout, "idempotency complete",
            c -> COMPLETE.<Long>run(c, ScriptOutputType.INTEGER, keys, held, answer, millis));
        return done != null && done == 1L;
    }

    @Override
    public void release(@NonNull String key, @NonNull IdempotencyClaim.Claimed claim) {
        String[] keys = {redisKey(key)};
        byte[] held = RedisIdempotencyEntries.inFlight(claim);
        redis.execute(timeout, "idempotency release",
            c -> RELEASE.<Long>run(c, ScriptOutputType.INTEGER, keys, held));
    }

    private String redisKey(String key) {
        return redis.keyPrefix() + "idem:" + key;
    }
}
