package io.fx.micronaut.testsuite.limits.idempotency;

import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.Api.Reply;
import io.fx.micronaut.testsuite.support.Databases;
import io.fx.micronaut.testsuite.support.PrivateRedis;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.context.ApplicationContext;
import io.micronaut.runtime.server.EmbeddedServer;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Map;
import java.util.UUID;

import static io.fx.micronaut.testsuite.model.ModelPaths.ARTICLES;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/**
 * The Redis store failing closed, on a {@code redis-server} of the test's own: while it is down a create with an
 * {@code Idempotency-Key} answers 503 {@code IDEMPOTENCY_UNAVAILABLE} and writes nothing, one without a key is
 * served as usual; once Redis is back, keyed creates run and replay again without a restart.
 */
@TestDatabase
class RedisIdempotencyOutageTest {

    static final String SPEC = "RedisIdempotencyOutageTest";
    private static final Duration RECOVERY = Duration.ofSeconds(10);

    @BeforeAll
    static void needsRedisServer() {
        Assumptions.assumeTrue(PrivateRedis.installed(), "redis-server is not installed");
    }

    private static Reply post(Api api, String title, String key) {
        return api.send("POST", ARTICLES, IdempotencyTest.article(title),
            key == null ? Map.of() : Map.of(IdempotencyTest.KEY, key));
    }

    private static long articles(Api api, String title) {
        return api.count(ARTICLES + Api.query("filter", "title:eq:" + title));
    }

    @Test
    void keyedCreatesFailClosedWhileRedisIsDownAndRecoverWhenItIsBack() throws Exception {
        try (PrivateRedis redis = PrivateRedis.start();
             EmbeddedServer server = ApplicationContext.run(EmbeddedServer.class, Databases.config(SPEC,
                 "fx.idempotency.store", "redis",
                 "fx.idempotency.timeout", "300ms",
                 "redis.uri", redis.uri()))) {
            Api api = new Api(server);
            String before = "before-" + UUID.randomUUID();
            post(api, before, IdempotencyTest.key()).createdId();

            redis.stop();
            String during = "during-" + UUID.randomUUID();
            String key = IdempotencyTest.key();
            Reply refused = post(api, during, key);
            assertEquals(503, refused.status(), refused::toString);
            assertEquals("IDEMPOTENCY_UNAVAILABLE", refused.code());
            String message = (String) refused.error().get("message");
            assertFalse(message.contains("Redis") || message.contains("redis") || message.contains("127.0.0.1"),
                "a 503 body carries no internals: " + message);
            assertEquals(0, articles(api, during), "nothing ran");
            post(api, during, null).createdId();
            post(api, during, null).createdId();
            assertEquals(2, articles(api, during), "keyless creates never touch the store");

            redis.startAgain();
            String after = "after-" + UUID.randomUUID();
            String afterKey = IdempotencyTest.key();
            Reply first = awaitRecovery(api, after, afterKey);
            assertEquals(201, first.status(), first::toString);
            Reply replay = post(api, after, afterKey);
            assertEquals("true", replay.header(IdempotencyTest.REPLAYED));
            assertEquals(first.text(), replay.text());
            assertEquals(1, articles(api, after));
        }
    }

    private static Reply awaitRecovery(Api api, String title, String key) throws InterruptedException {
        long deadline = System.nanoTime() + RECOVERY.toNanos();
        Reply last = null;
        while (System.nanoTime() < deadline) {
            last = post(api, title, key);
            if (last.status() != 503) {
                return last;
            }
            Thread.sleep(100);
        }
        throw new AssertionError("keyed creates did not recover within " + RECOVERY + ": " + last);
    }
}
