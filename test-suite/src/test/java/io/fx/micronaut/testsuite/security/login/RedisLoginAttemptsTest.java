package io.fx.micronaut.testsuite.security.login;

import io.fx.micronaut.testsuite.security.revocation.redis.RawRedis;
import io.fx.micronaut.testsuite.support.Databases;
import io.fx.micronaut.testsuite.support.TestDatabase;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link io.fx.micronaut.security.login.LoginAttempts} counting in the Redis of the revocation store (the machine's,
 * 127.0.0.1:6379, under a key prefix of this run, deleted afterwards): two instances share the counts, and a key
 * expires with its window.
 */
@TestDatabase
class RedisLoginAttemptsTest extends LoginAttemptsContract {

    static final String REDIS = "redis://127.0.0.1:6379";
    private final String prefix = "fx-test:" + UUID.randomUUID() + ":login:";

    @Override
    protected Map<String, Object> configuration() {
        return Databases.config(getClass().getSimpleName(), "fx.security.revocation.store", "redis",
            "redis.uri", REDIS, "fx.security.login-attempts.key-prefix", prefix);
    }

    @AfterAll
    void deleteKeys() {
        try (RawRedis redis = new RawRedis(REDIS)) {
            redis.deleteAll(prefix);
        }
    }

    @Test
    void twoInstancesShareTheCountsAndAKeyExpiresWithItsWindow() {
        String user = failHereAndTryOnAnotherInstance();
        try (RawRedis redis = new RawRedis(REDIS)) {
            assertEquals(String.valueOf(ACCOUNT), redis.commands().get(prefix + "account:" + user));
            long ttl = redis.commands().pttl(prefix + "account:" + user);
            assertTrue(ttl > 800_000 && ttl <= 900_000, ttl + " ms left");
        }
    }
}
