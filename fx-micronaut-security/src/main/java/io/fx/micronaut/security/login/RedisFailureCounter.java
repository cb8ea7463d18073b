package io.fx.micronaut.security.login;

import io.fx.micronaut.security.revocation.RevocationConfiguration;
import io.fx.micronaut.security.revocation.redis.RedisConnector;
import io.lettuce.core.RedisClient;
import io.lettuce.core.ScriptOutputType;
import io.micronaut.configuration.lettuce.DefaultRedisConfiguration;
import io.micronaut.context.annotation.Requires;
import io.micronaut.core.annotation.NonNull;
import jakarta.inject.Singleton;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * Counts failed logins in the Redis of the revocation store ({@code fx.security.revocation.store: redis}), on its
 * connection, so that every instance shares them: the key {@code <fx.security.login-attempts.key-prefix><key>}
 * holds the count and expires when its window ends. Counting is one Lua script ({@code INCR}, and the expiry
 * when the window starts); taking back one never goes below zero and keeps the expiry.
 */
@Singleton
@Requires(classes = {RedisClient.class, DefaultRedisConfiguration.class})
@Requires(property = RevocationConfiguration.STORE, value = RevocationConfiguration.REDIS)
final class RedisFailureCounter implements FailureCounter {

    /** {@code KEYS[1]} the key, {@code ARGV[1]} the window in ms; returns the count and the milliseconds left. */
    static final String INCREMENT = """
        local count = redis.call('INCR', KEYS[1])
        local left = redis.call('PTTL', KEYS[1])
        if count == 1 or left < 0 then
          redis.call('PEXPIRE', KEYS[1], ARGV[1])
          left = tonumber(ARGV[1])
        end
        return {count, left}
        """;
    /** {@code KEYS[1]} the key; returns the count left. */
    static final String DECREMENT = """
        local count = tonumber(redis.call('GET', KEYS[1]) or '0')
        if count > 0 then
          return redis.call('DECR', KEYS[1])
        end
        return 0
        """;

    private final RedisConnector connector;
    private final String prefix;

    RedisFailureCounter(RedisConnector connector, LoginAttemptsConfiguration configuration) {
        this.connector = connector;
        this.prefix = configuration.getKeyPrefix();
    }

    @Override
    @NonNull
    public FailureCount increment(@NonNull String key, @NonNull Duration window) {
        String[] keys = {prefix + key};
        String millis = Long.toString(window.toMillis());
        List<Object> answer = connector.execute("EVAL",
            redis -> redis.<List<Object>>eval(INCREMENT, ScriptOutputType.MULTI, keys, millis));
        long count = ((Number) answer.get(0)).longValue();
        long left = ((Number) answer.get(1)).longValue();
        return new FailureCount(count, Instant.now().plusMillis(left));
    }

    @Override
    public void decrement(@NonNull String key) {
        String[] keys = {prefix + key};
        connector.execute("EVAL", redis -> redis.<Long>eval(DECREMENT, ScriptOutputType.INTEGER, keys));
    }

    @Override
    public void reset(@NonNull String key) {
        String full = prefix + key;
        connector.execute("DEL", redis -> redis.del(full));
    }
}
