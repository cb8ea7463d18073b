package io.fx.micronaut.testsuite.security.revocation.redis;

import io.fx.micronaut.lifecycle.ReadinessCheck;
import io.fx.micronaut.security.revocation.Revoker;
import io.fx.micronaut.security.revocation.redis.RedisRevoker;
import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.Databases;
import io.fx.micronaut.testsuite.support.Failures;
import io.fx.micronaut.testsuite.support.Ports;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.lettuce.core.api.StatefulRedisConnection;
import io.micronaut.context.ApplicationContext;
import io.micronaut.runtime.server.EmbeddedServer;
import org.junit.jupiter.api.Test;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Starting with the Redis store: the application starts while nothing listens on the Redis port (lookups fail
 * in time, {@code /ready} fails its {@code revocation} check, {@code /live} is 200) or while a server accepts
 * but never answers; a named {@code redis.servers} entry is used when chosen; configuration that cannot work
 * fails startup naming the key; without the store setting nothing of it exists.
 */
@TestDatabase
class RedisStartupTest {

    static final String SPEC = "RedisStartupTest";

    private static EmbeddedServer run(Object... extra) {
        List<Object> pairs = new ArrayList<>(List.of(
            "fx.security.revocation.store", "redis",
            "fx.security.revocation.timeout", Unavailable.TIMEOUT.toMillis() + "ms",
            "fx.probes.publish-readiness-checks", "true"));
        pairs.addAll(List.of(extra));
        return ApplicationContext.run(EmbeddedServer.class, Databases.config(SPEC, pairs.toArray()));
    }

    private static String failure(Object... extra) {
        List<Object> pairs = new ArrayList<>(List.of("fx.security.revocation.store", "redis"));
        pairs.addAll(List.of(extra));
        return Failures.startupFailure(SPEC, pairs.toArray());
    }

    @Test
    void theApplicationStartsWithRedisOnAClosedPort() throws Exception {
        int closed = Ports.free();
        try (EmbeddedServer server = run("redis.uri", "redis://127.0.0.1:" + closed)) {
            Revoker revoker = server.getApplicationContext().getBean(Revoker.class);
            Api api = new Api(server);
            Unavailable.within("check", () -> revoker.check("jti", "user"));
            Unavailable.within("revokeToken", () -> revoker.revokeToken("jti", Instant.now().plusSeconds(60)));
            Unavailable.probes(api, 503, "fail");
            assertTrue(server.getApplicationContext().getActiveBeanRegistrations(StatefulRedisConnection.class).isEmpty(),
                "Micronaut's connection beans (which connect when made) are not used");
        }
    }

    @Test
    void theApplicationStartsWithARedisThatNeverAnswers() throws Exception {
        try (ServerSocket silent = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            Thread acceptor = new Thread(() -> hold(silent), "silent-redis");
            acceptor.setDaemon(true);
            acceptor.start();
            try (EmbeddedServer server = run("redis.uri", "redis://127.0.0.1:" + silent.getLocalPort())) {
                Revoker revoker = server.getApplicationContext().getBean(Revoker.class);
                Unavailable.within("check", () -> revoker.check("jti", "user"));
                Unavailable.within("userCutoff", () -> revoker.userCutoff("user"));
                Unavailable.probes(new Api(server), 503, "fail");
            }
        }
    }

    /** Accepts connections and never writes a byte, until the socket is closed. */
    private static void hold(ServerSocket silent) {
        List<Socket> held = new ArrayList<>();
        try {
            while (!silent.isClosed()) {
                held.add(silent.accept());
            }
        } catch (java.io.IOException e) {
            // closed by the test
        } finally {
            held.forEach(socket -> {
                try {
                    socket.close();
                } catch (java.io.IOException ignored) {
                    // closing
                }
            });
        }
    }

    @Test
    void aNamedServerIsUsedWhenChosen() {
        String prefix = "fx-test:" + UUID.randomUUID() + ":";
        try (RawRedis raw = new RawRedis(RedisRevokerTest.SHARED_REDIS)) {
            try (EmbeddedServer server = run("redis.servers.revocations.uri", RedisRevokerTest.SHARED_REDIS,
                    "fx.security.revocation.redis.server", "revocations",
                    "fx.security.revocation.redis.key-prefix", prefix)) {
                Revoker revoker = server.getApplicationContext().getBean(Revoker.class);
                revoker.revokeToken("jti-1", Instant.now().plusSeconds(60));
                assertTrue(revoker.isTokenRevoked("jti-1"));
                assertEquals("1", raw.commands().get(prefix + "token:jti-1"));
                Unavailable.probes(new Api(server), 200, "ok");
            } finally {
                raw.deleteAll(prefix);
            }
        }
    }

    @Test
    void withoutTheStoreSettingNothingOfItExists() {
        try (ApplicationContext context = ApplicationContext.run(Databases.config(SPEC,
                "redis.uri", "redis://127.0.0.1:" + Ports.free()))) {
            assertEquals(Optional.empty(), context.findBean(RedisRevoker.class));
            assertFalse(context.getBeansOfType(ReadinessCheck.class).stream()
                .anyMatch(check -> "revocation".equals(check.name())));
        }
    }

    @Test
    void noRedisConfiguredFailsNamingTheKeys() {
        String message = failure();
        assertTrue(message.contains("fx.security.revocation.store is redis, but no Redis is configured"), message);
        assertTrue(message.contains("redis.uri"), message);
        assertTrue(message.contains("fx.security.revocation.redis.server"), message);
    }

    @Test
    void anUnknownServerNameFails() {
        String message = failure("redis.servers.cache.uri", RedisRevokerTest.SHARED_REDIS,
            "fx.security.revocation.redis.server", "revocations");
        assertTrue(message.contains("fx.security.revocation.redis.server names 'revocations', but "
            + "redis.servers.revocations is not configured"), message);
    }

    @Test
    void aClusterConfigurationFails() {
        String message = failure("redis.uris", RedisRevokerTest.SHARED_REDIS);
        assertTrue(message.contains("redis.uris (Redis Cluster) is not supported"), message);
    }

    @Test
    void aBadKeyPrefixFails() {
        for (String prefix : List.of("fx revoked:", "x".repeat(65), "fx:révoqué:")) {
            String message = failure("redis.uri", RedisRevokerTest.SHARED_REDIS,
                "fx.security.revocation.redis.key-prefix", prefix);
            assertTrue(message.contains("fx.security.revocation.redis.key-prefix must be 1 to 64 printable ASCII"
                + " characters without spaces"), prefix + ": " + message);
        }
    }

    @Test
    void aTimeoutThatIsNotPositiveFails() {
        String message = failure("redis.uri", RedisRevokerTest.SHARED_REDIS, "fx.security.revocation.timeout", "0s");
        assertTrue(message.contains("fx.security.revocation.timeout must be positive"), message);
    }

    @Test
    void lookupsInFlightOutsideOneToSixteenFail() {
        for (String inFlight : List.of("0", "17")) {
            String message = failure("redis.uri", RedisRevokerTest.SHARED_REDIS,
                "fx.security.revocation.redis.lookups-in-flight", inFlight);
            assertTrue(message.contains("fx.security.revocation.redis.lookups-in-flight must be 1 to 16, not " + inFlight),
                message);
        }
    }
}
