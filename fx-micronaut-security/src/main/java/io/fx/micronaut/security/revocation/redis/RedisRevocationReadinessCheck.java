package io.fx.micronaut.security.revocation.redis;

import io.fx.micronaut.lifecycle.ReadinessCheck;
import io.fx.micronaut.security.revocation.RevocationConfiguration;
import io.lettuce.core.RedisClient;
import io.micronaut.configuration.lettuce.DefaultRedisConfiguration;
import io.micronaut.context.annotation.Requires;
import io.micronaut.core.annotation.NonNull;
import jakarta.inject.Singleton;

/**
 * The {@code revocation} readiness check of the Redis store: a {@code PING} within
 * {@code fx.security.revocation.timeout} (connecting first if needed). While it fails, bearer requests are
 * answered 503, so {@code /ready} says so too.
 */
@Singleton
@Requires(classes = {RedisClient.class, DefaultRedisConfiguration.class})
@Requires(property = RevocationConfiguration.STORE, value = RevocationConfiguration.REDIS)
final class RedisRevocationReadinessCheck implements ReadinessCheck {

    /** The check's name. */
    static final String NAME = "revocation";

    private final RedisConnector connector;

    RedisRevocationReadinessCheck(RedisConnector connector) {
        this.connector = connector;
    }

    @Override
    @NonNull
    public String name() {
        return NAME;
    }

    @Override
    public void check() {
        String answer = connector.execute("PING", redis -> redis.ping());
        if (!"PONG".equals(answer)) {
            throw new IllegalStateException("Redis answered PING with " + answer);
        }
    }
}
