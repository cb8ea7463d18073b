package io.fx.micronaut.testsuite.security.revocation.redis;

import io.fx.micronaut.security.revocation.Revoker;
import io.fx.micronaut.security.revocation.redis.RedisRevoker;
import io.fx.micronaut.testsuite.security.revocation.RevokerContract;
import io.fx.micronaut.testsuite.support.Databases;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.context.ApplicationContext;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The Redis store against the machine's Redis (127.0.0.1:6379) under a random key prefix of this run, deleted
 * afterwards (never {@code FLUSHALL}): the {@link RevokerContract}, the documented key layout, and the Lua
 * cutoff staying forward-only (and its retention only growing) under concurrent writers.
 */
@TestDatabase
class RedisRevokerTest extends RevokerContract {

    static final String SPEC = "RedisRevokerTest";
    static final String SHARED_REDIS = "redis://127.0.0.1:6379";

    private static String prefix;
    private static ApplicationContext context;
    private static Revoker revoker;
    private static RawRedis raw;

    @BeforeAll
    static void start() {
        prefix = "fx-test:" + UUID.randomUUID() + ":";
        raw = new RawRedis(SHARED_REDIS);
        context = ApplicationContext.run(Databases.config(SPEC,
            "fx.security.revocation.store", "redis",
            "redis.uri", SHARED_REDIS,
            "fx.security.revocation.redis.key-prefix", prefix));
        revoker = context.getBean(Revoker.class);
    }

    @AfterAll
    static void stop() {
        try {
            if (context != null) {
                context.close();
            }
        } finally {
            raw.deleteAll(prefix);
            raw.close();
        }
    }

    @Override
    protected Revoker revoker() {
        return revoker;
    }

    @Test
    void theStoreIsTheRedisRevoker() {
        assertInstanceOf(RedisRevoker.class, revoker);
    }

    @Test
    void keysAreAsDocumented() {
        String jti = id("jti");
        Instant expires = Instant.now().plus(Duration.ofMinutes(10)).truncatedTo(ChronoUnit.MILLIS);
        revoker.revokeToken(jti, expires);
        assertEquals("1", raw.commands().get(prefix + "token:" + jti));
        assertEquals(expires.toEpochMilli(), raw.commands().pexpiretime(prefix + "token:" + jti));

        String user = id("user");
        Instant cutoff = Instant.now().truncatedTo(ChronoUnit.MILLIS);
        Instant retain = cutoff.plus(Duration.ofHours(24));
        revoker.revokeUser(user, cutoff, retain);
        assertEquals(Long.toString(cutoff.toEpochMilli()), raw.commands().get(prefix + "user:" + user));
        assertEquals(retain.toEpochMilli(), raw.commands().pexpiretime(prefix + "user:" + user));
    }

    @Test
    void aRevokedTokenDisappearsAtItsExpiry() throws InterruptedException {
        String jti = id("jti");
        revoker.revokeToken(jti, Instant.now().plusMillis(300));
        assertTrue(revoker.isTokenRevoked(jti));
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (revoker.isTokenRevoked(jti) && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        assertFalse(revoker.isTokenRevoked(jti), "still revoked 5 s after its exp");
    }

    @Test
    void concurrentCutoffsEndAtTheLatest() throws Exception {
        String user = id("user");
        Instant base = Instant.now().truncatedTo(ChronoUnit.MILLIS);
        List<Instant> cutoffs = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            cutoffs.add(base.plusMillis(ThreadLocalRandom.current().nextInt(100_000)));
        }
        Instant latest = cutoffs.stream().max(Instant::compareTo).orElseThrow();
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<Future<?>> writes = new ArrayList<>();
            for (Instant cutoff : cutoffs) {
                writes.add(pool.submit(() -> revoker.revokeUser(user, cutoff, inOneHour())));
            }
            for (Future<?> write : writes) {
                write.get(10, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }
        assertEquals(Optional.of(latest), revoker.userCutoff(user));
    }

    @Test
    void anEarlierCutoffExtendsTheRetentionButALaterOneNeverShortensIt() {
        String user = id("user");
        String key = prefix + "user:" + user;
        Instant later = Instant.now().truncatedTo(ChronoUnit.MILLIS);
        Instant inOneMinute = later.plus(Duration.ofMinutes(1));
        Instant inTwoHours = later.plus(Duration.ofHours(2));
        revoker.revokeUser(user, later, inOneMinute);
        assertEquals(inOneMinute.toEpochMilli(), raw.commands().pexpiretime(key));

        revoker.revokeUser(user, later.minusSeconds(60), inTwoHours);
        assertEquals(Optional.of(later), revoker.userCutoff(user), "the cutoff stays");
        assertEquals(inTwoHours.toEpochMilli(), raw.commands().pexpiretime(key), "its retention grows");

        Instant latest = later.plusMillis(5);
        revoker.revokeUser(user, latest, inOneMinute);
        assertEquals(Optional.of(latest), revoker.userCutoff(user), "a later cutoff moves it");
        assertEquals(inTwoHours.toEpochMilli(), raw.commands().pexpiretime(key), "without shortening its retention");
    }

    @Test
    void aCutoffRetainedUntilThePastIsNotWrittenButAnExistingOneStays() {
        String user = id("user");
        Instant cutoff = Instant.now().truncatedTo(ChronoUnit.MILLIS);
        revoker.revokeUser(id("user"), cutoff, Instant.now().minusSeconds(1));
        revoker.revokeUser(user, cutoff, inOneHour());
        revoker.revokeUser(user, cutoff.plusMillis(1), Instant.now().minusSeconds(1));
        assertEquals(Optional.of(cutoff.plusMillis(1)), revoker.userCutoff(user),
            "moved forward, kept until the stored retention");
    }

    @Test
    void aValueThatIsNotACutoffFailsClosed() {
        String user = id("user");
        raw.commands().setex(prefix + "user:" + user, 60, "not-a-number");
        assertInstanceOf(io.fx.micronaut.security.revocation.RevocationUnavailableException.class,
            org.junit.jupiter.api.Assertions.assertThrows(RuntimeException.class, () -> revoker.check(id("jti"), user)));
    }
}
