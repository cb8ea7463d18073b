package io.fx.micronaut.testsuite.limits.idempotency;

import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.Concurrently;
import io.fx.micronaut.testsuite.support.Api.Reply;
import io.fx.micronaut.testsuite.support.Databases;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.lettuce.core.RedisClient;
import io.lettuce.core.api.StatefulRedisConnection;
import io.micronaut.context.ApplicationContext;
import io.micronaut.runtime.server.EmbeddedServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static io.fx.micronaut.testsuite.model.ModelPaths.ARTICLES;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code fx.idempotency.store: redis} on the shared Redis (127.0.0.1:6379, a key prefix of this run's own), with
 * two application instances over one database: an entry one instance completed is replayed by the other,
 * concurrent first requests spread over both run once, a failure releases the key in Redis, and entries live at
 * {@code <key-prefix>idem:<sha-256>}.
 */
@TestDatabase
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RedisIdempotencyTest {

    static final String SPEC = "RedisIdempotencyTest";
    private static final String REDIS = "redis://127.0.0.1:6379";

    private final String prefix = "fx-test-idem-" + UUID.randomUUID() + ":";
    private EmbeddedServer one;
    private EmbeddedServer two;
    private Api apiOne;
    private Api apiTwo;
    private RedisClient client;
    private StatefulRedisConnection<String, String> redis;

    @BeforeAll
    void start() {
        Map<String, Object> config = Databases.config(SPEC,
            "fx.idempotency.store", "redis",
            "fx.idempotency.models", "Article",
            "fx.idempotency.ttl", "5m",
            "fx.limits.redis.key-prefix", prefix,
            "redis.uri", REDIS);
        one = ApplicationContext.run(EmbeddedServer.class, config);
        two = ApplicationContext.run(EmbeddedServer.class, config);
        apiOne = new Api(one);
        apiTwo = new Api(two);
        client = RedisClient.create(REDIS);
        client.setDefaultTimeout(Duration.ofSeconds(5));
        redis = client.connect();
    }

    @AfterAll
    void stop() {
        if (redis != null) {
            List<String> keys = redis.sync().keys(prefix + "*");
            if (!keys.isEmpty()) {
                redis.sync().del(keys.toArray(String[]::new));
            }
            redis.close();
            client.shutdown();
        }
        if (two != null) {
            two.close();
        }
        if (one != null) {
            one.close();
        }
    }

    private static Reply post(Api api, String body, String key) {
        return api.send("POST", ARTICLES, body, Map.of(IdempotencyTest.KEY, key));
    }

    private long articles(String title) {
        return apiOne.count(ARTICLES + Api.query("filter", "title:eq:" + title));
    }

    @Test
    void theOtherInstanceReplaysAnEntryOneCompleted() {
        String key = IdempotencyTest.key();
        String title = "shared-" + UUID.randomUUID();
        Reply first = post(apiOne, IdempotencyTest.article(title), key);
        assertEquals(201, first.status(), first::toString);
        Reply replay = post(apiTwo, IdempotencyTest.article(title), key);
        assertEquals(201, replay.status(), replay::toString);
        assertEquals("true", replay.header(IdempotencyTest.REPLAYED));
        assertEquals(first.text(), replay.text());
        assertEquals(first.header("Location"), replay.header("Location"));
        Reply reused = post(apiTwo, IdempotencyTest.article(title + "-other"), key);
        assertEquals(422, reused.status(), reused::toString);
        assertEquals("IDEMPOTENCY_KEY_REUSED", reused.code());
        assertEquals(1, articles(title));
        List<String> keys = redis.sync().keys(prefix + "idem:*");
        assertTrue(keys.stream().allMatch(k -> k.substring(prefix.length()).matches("idem:[0-9a-f]{64}")), keys::toString);
        assertTrue(redis.sync().pttl(keys.get(0)) > 60_000, "a completed entry lives its ttl");
    }

    @Test
    void concurrentFirstRequestsOnBothInstancesRunOnce() throws Exception {
        String key = IdempotencyTest.key();
        String title = "both-" + UUID.randomUUID();
        int n = 16;
        List<Reply> all = Concurrently.run(n, i -> post(i % 2 == 0 ? apiOne : apiTwo, IdempotencyTest.article(title), key));
        assertTrue(all.stream().allMatch(r -> r.status() == 201), all::toString);
        assertEquals(1, all.stream().map(Reply::text).distinct().count());
        assertEquals(1, all.stream().filter(r -> r.header(IdempotencyTest.REPLAYED) == null).count());
        assertEquals(1, articles(title));
    }

    @Test
    void aFailureReleasesTheKeyInRedis() {
        String key = IdempotencyTest.key();
        String title = "released-" + UUID.randomUUID();
        Reply invalid = post(apiOne, "{\"title\":\"" + title + "\"}", key);
        assertEquals(422, invalid.status(), invalid::toString);
        Reply corrected = post(apiTwo, IdempotencyTest.article(title), key);
        assertEquals(201, corrected.status(), corrected::toString);
        assertNull(corrected.header(IdempotencyTest.REPLAYED));
        assertEquals("true", post(apiOne, IdempotencyTest.article(title), key).header(IdempotencyTest.REPLAYED));
    }
}
