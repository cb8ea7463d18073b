package io.fx.micronaut.testsuite.security.revocation.redis;

import io.fx.micronaut.security.revocation.RevocationStatus;
import io.fx.micronaut.security.revocation.RevocationUnavailableException;
import io.fx.micronaut.security.revocation.Revoker;
import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.Databases;
import io.fx.micronaut.testsuite.support.PrivateRedis;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.context.ApplicationContext;
import io.micronaut.runtime.server.EmbeddedServer;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Redis going away under a running application, on a {@code redis-server} of the test's own (never the shared
 * one): while it is down every read and write fails with {@link RevocationUnavailableException} within the
 * timeout and {@code /ready} fails its {@code revocation} check while {@code /live} stays 200; once a server is
 * back on the port the store answers again without a restart. A server that stalls fails calls at the timeout.
 */
@TestDatabase
class RedisOutageTest {

    static final String SPEC = "RedisOutageTest";
    private static final Duration RECOVERY = Duration.ofSeconds(10);

    @BeforeAll
    static void needsRedisServer() {
        Assumptions.assumeTrue(PrivateRedis.installed(), "redis-server is not installed");
    }

    private static EmbeddedServer run(PrivateRedis redis) {
        return ApplicationContext.run(EmbeddedServer.class, Databases.config(SPEC,
            "fx.security.revocation.store", "redis",
            "fx.security.revocation.timeout", Unavailable.TIMEOUT.toMillis() + "ms",
            "redis.uri", redis.uri(),
            "fx.probes.publish-readiness-checks", "true"));
    }

    private static String id(String kind) {
        return kind + "-" + UUID.randomUUID();
    }

    @Test
    void aStoppedRedisFailsCallsInTimeAndTheStoreRecoversWhenItIsBack() throws Exception {
        try (PrivateRedis redis = PrivateRedis.start(); EmbeddedServer server = run(redis)) {
            Revoker revoker = server.getApplicationContext().getBean(Revoker.class);
            Api api = new Api(server);
            String jti = id("jti");
            String user = id("user");
            Instant cutoff = Instant.now().truncatedTo(ChronoUnit.MILLIS);
            revoker.revokeToken(jti, Instant.now().plusSeconds(3600));
            revoker.revokeUser(user, cutoff, Instant.now().plusSeconds(3600));
            assertEquals(new RevocationStatus(true, cutoff), revoker.check(jti, user));
            Unavailable.probes(api, 200, "ok");

            redis.stop();
            Unavailable.within("check", () -> revoker.check(jti, user));
            Unavailable.within("isTokenRevoked", () -> revoker.isTokenRevoked(jti));
            Unavailable.within("userCutoff", () -> revoker.userCutoff(user));
            Unavailable.within("revokeToken", () -> revoker.revokeToken(id("jti"), Instant.now().plusSeconds(60)));
            Unavailable.within("revokeUser", () -> revoker.revokeUser(user, Instant.now(), Instant.now().plusSeconds(60)));
            Unavailable.probes(api, 503, "fail");

            redis.startAgain();
            RevocationStatus after = awaitRecovery(revoker, jti, user);
            assertFalse(after.tokenRevoked(), "the private server keeps nothing across restarts");
            // the restarted server has no scripts cached: EVALSHA answers NOSCRIPT and the store falls back to EVAL
            revoker.revokeUser(user, cutoff, Instant.now().plusSeconds(60));
            assertEquals(Optional.of(cutoff), revoker.userCutoff(user));
            Unavailable.probes(api, 200, "ok");
        }
    }

    private static RevocationStatus awaitRecovery(Revoker revoker, String jti, String user) throws InterruptedException {
        long deadline = System.nanoTime() + RECOVERY.toNanos();
        RevocationUnavailableException last = null;
        while (System.nanoTime() < deadline) {
            try {
                return revoker.check(jti, user);
            } catch (RevocationUnavailableException e) {
                last = e;
                Thread.sleep(100);
            }
        }
        throw new AssertionError("the store did not recover within " + RECOVERY, last);
    }

    @Test
    void aStalledRedisFailsCallsAtTheTimeout() throws Exception {
        try (PrivateRedis redis = PrivateRedis.start(); EmbeddedServer server = run(redis);
             RawRedis raw = new RawRedis(redis.uri())) {
            Revoker revoker = server.getApplicationContext().getBean(Revoker.class);
            String jti = id("jti");
            assertFalse(revoker.isTokenRevoked(jti));
            CompletableFuture<String> stall = CompletableFuture.supplyAsync(() -> raw.debugSleep(3));
            Thread.sleep(200);
            Duration took = Unavailable.within("check", () -> revoker.check(jti, id("user")));
            assertTrue(took.compareTo(Unavailable.TIMEOUT.minusMillis(100)) >= 0, "failed before the timeout: " + took);
            assertEquals("OK", stall.get(10, TimeUnit.SECONDS));
            assertFalse(revoker.isTokenRevoked(jti), "answers again once Redis does");
        }
    }
}
