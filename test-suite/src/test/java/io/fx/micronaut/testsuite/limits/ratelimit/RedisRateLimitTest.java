package io.fx.micronaut.testsuite.limits.ratelimit;

import io.fx.micronaut.testsuite.support.Concurrently;
import io.fx.micronaut.testsuite.support.Databases;
import io.fx.micronaut.testsuite.support.PrivateRedis;
import io.fx.micronaut.testsuite.support.RawHttp;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micronaut.context.ApplicationContext;
import io.micronaut.context.annotation.Factory;
import io.micronaut.context.annotation.Requires;
import jakarta.inject.Singleton;
import io.micronaut.runtime.server.EmbeddedServer;
import io.micronaut.json.JsonMapper;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The Redis backend ({@code fx.rate-limit.backend: redis}), policies from {@code fx.rate-limit.policies.*}: two
 * instances share one counter per key; concurrent requests, whose checks go to Redis together, are counted exactly; a private {@code redis-server} stopped mid-test lets requests through
 * ({@code on-backend-error: allow}) or refuses them with 503 {@code RATE_LIMIT_UNAVAILABLE} and {@code Retry-After: 1}
 * ({@code deny}), each failure counted ({@code fx.rate-limit.backend.errors}), and both count again once it is
 * back, without a restart.
 */
@TestDatabase
class RedisRateLimitTest {

    static final String SPEC = "RedisRateLimitTest";

    /** The application's Micrometer registry, where the backend's failures are counted. */
    @Factory
    @Requires(property = "spec.name", value = SPEC)
    static class Meters {
        @Singleton
        MeterRegistry registry() {
            return new SimpleMeterRegistry();
        }
    }

    @BeforeAll
    static void needsRedisServer() {
        Assumptions.assumeTrue(PrivateRedis.installed(), "redis-server is not installed");
    }

    private static EmbeddedServer run(String redisUri, String keyPrefix, long limit, Object... extra) {
        List<Object> pairs = new ArrayList<>(List.of(
            "fx.rate-limit.backend", "redis",
            "redis.uri", redisUri,
            "fx.limits.redis.key-prefix", keyPrefix,
            "fx.rate-limit.policies.shared.limit", Long.toString(limit),
            "fx.rate-limit.policies.shared.models", "Gadget",
            "fx.rate-limit.policies.shared.operations", "LIST",
            "fx.rate-limit.policies.shared.key", "ip"));
        pairs.addAll(List.of(extra));
        return ApplicationContext.run(EmbeddedServer.class, Databases.config(SPEC, pairs.toArray()));
    }

    private static RawHttp.Answer list(EmbeddedServer server, String from) {
        RawHttp raw = new RawHttp(server, server.getApplicationContext().getBean(JsonMapper.class));
        return raw.from(from).send("GET /api/gadgets HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n");
    }

    @Test
    void twoInstancesShareOneCounterPerKey() {
        String prefix = "fx:test:" + UUID.randomUUID() + ":";
        try (EmbeddedServer a = run("redis://127.0.0.1:6379", prefix, 3);
             EmbeddedServer b = run("redis://127.0.0.1:6379", prefix, 3)) {
            assertEquals("\"shared\";r=2;t=60", list(a, "127.0.0.41").header("RateLimit"));
            assertEquals("\"shared\";r=1;t=60", list(b, "127.0.0.41").header("RateLimit"));
            assertEquals("\"shared\";r=0;t=60", list(a, "127.0.0.41").header("RateLimit").replaceAll("t=\\d+", "t=60"));
            RawHttp.Answer refused = list(b, "127.0.0.41");
            assertEquals(429, refused.status(), refused.toString());
            assertEquals("RATE_LIMITED", ((java.util.Map<?, ?>) refused.decoded().get("error")).get("code"));
            assertEquals(429, list(a, "127.0.0.41").status());
            assertEquals(200, list(b, "127.0.0.42").status(), "another address");
        }
    }

    @Test
    void concurrentRequestsAreCountedExactlyWhenTheirChecksGoTogether() throws Exception {
        String prefix = "fx:test:" + UUID.randomUUID() + ":";
        try (EmbeddedServer server = run("redis://127.0.0.1:6379", prefix, 25)) {
            List<Integer> statuses = Concurrently.run(40, i -> list(server, "127.0.0.45").status());
            assertEquals(25, statuses.stream().filter(status -> status == 200).count(), "exactly the limit passes");
            assertEquals(15, statuses.stream().filter(status -> status == 429).count());
        }
    }

    @Test
    void aStoppedRedisLetsRequestsThroughOrRefusesThemAndBothCountAgainOnceItIsBack() throws Exception {
        String prefix = "fx:test:" + UUID.randomUUID() + ":";
        try (PrivateRedis redis = PrivateRedis.start();
             EmbeddedServer allow = run(redis.uri(), prefix, 100);
             EmbeddedServer deny = run(redis.uri(), prefix, 100, "fx.rate-limit.on-backend-error", "deny")) {
            assertEquals(200, list(allow, "127.0.0.43").status());
            assertEquals(200, list(deny, "127.0.0.44").status());

            redis.stop();
            for (int i = 0; i < 3; i++) {
                RawHttp.Answer through = list(allow, "127.0.0.43");
                assertEquals(200, through.status(), through.toString());
                assertNull(through.header("RateLimit"), "not counted: " + through);
                RawHttp.Answer refused = list(deny, "127.0.0.44");
                assertEquals(503, refused.status(), refused.toString());
                assertEquals("RATE_LIMIT_UNAVAILABLE", ((java.util.Map<?, ?>) refused.decoded().get("error")).get("code"));
                assertEquals("1", refused.header("Retry-After"));
                assertTrue(!refused.body().contains("Redis") && !refused.body().contains("redis"),
                    "no internals: " + refused.body());
            }

            MeterRegistry meters = allow.getApplicationContext().getBean(MeterRegistry.class);
            assertTrue(meters.get("fx.rate-limit.backend.errors").functionCounter().count() >= 3, "counted");

            redis.startAgain();
            long deadline = System.nanoTime() + 15_000_000_000L;
            RawHttp.Answer counted;
            do {
                Thread.sleep(200);
                counted = list(deny, "127.0.0.44");
            } while (counted.status() == 503 && System.nanoTime() < deadline);
            assertEquals(200, counted.status(), counted.toString());
            assertEquals("\"shared\";r=99", counted.header("RateLimit").replaceAll(";t=\\d+", ""),
                "a fresh server: a fresh bucket");
            RawHttp.Answer allowed = list(allow, "127.0.0.43");
            assertEquals(200, allowed.status());
            assertTrue(allowed.header("RateLimit").startsWith("\"shared\";r=9"), allowed.toString());
        }
    }
}
