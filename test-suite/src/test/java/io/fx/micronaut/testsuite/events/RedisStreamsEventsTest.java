package io.fx.micronaut.testsuite.events;

import io.fx.micronaut.accessor.Models;
import io.fx.micronaut.events.EventOutbox;
import io.fx.micronaut.testsuite.support.Databases;
import io.fx.micronaut.testsuite.support.PrivateRedis;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.lettuce.core.RedisClient;
import io.lettuce.core.StreamMessage;
import io.lettuce.core.api.StatefulRedisConnection;
import io.micronaut.context.ApplicationContext;
import io.micronaut.core.type.Argument;
import io.micronaut.json.JsonMapper;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The Redis Streams destination on the machine's Redis, and on a private {@code redis-server} stopped and started
 * again mid-test: events written while it is down wait in the outbox and arrive afterwards, none lost, in order.
 */
@TestDatabase
class RedisStreamsEventsTest {

    @Test
    void eachCommittedWriteIsAddedToTheStream() throws Exception {
        String stream = "fx-test-" + UUID.randomUUID();
        try (ApplicationContext context = ApplicationContext.run(Databases.config("RedisStreamsEventsTest",
                 "fx.events.emit-models", "Parcel", "fx.events.redis.enabled", "true", "fx.events.redis.stream", stream,
                 "redis.uri", "redis://127.0.0.1:6379"), "test");
             RedisClient client = RedisClient.create("redis://127.0.0.1:6379");
             StatefulRedisConnection<String, String> redis = client.connect()) {
            Models models = context.getBean(Models.class);
            String id = (String) models.of("Parcel").create(Map.of("label", "to-redis", "pin", "1111")).get("id");
            models.of("Parcel").update(id, Map.of("weight", 2));
            List<StreamMessage<String, String>> entries = awaitEntries(redis, stream, 2);
            assertEquals("parcel.created", entries.get(0).getBody().get("type"));
            assertEquals("parcel.updated", entries.get(1).getBody().get("type"));
            Map<String, Object> event = context.getBean(JsonMapper.class).readValue(entries.get(0).getBody().get("event"),
                Argument.mapOf(String.class, Object.class));
            assertEquals(entries.get(0).getBody().get("id"), event.get("id"));
            assertEquals("parcels/" + id, event.get("subject"));
            assertEquals("1.0", event.get("specversion"));
            assertTrue(!String.valueOf(event.get("data")).contains("1111"), "redacted: " + event);
            EventRetryTest.waitUntil(() -> context.getBean(EventOutbox.class).pending("redis") == 0, "nothing pending");
        } finally {
            try (RedisClient client = RedisClient.create("redis://127.0.0.1:6379");
                 StatefulRedisConnection<String, String> redis = client.connect()) {
                redis.sync().del(stream);
            }
        }
    }

    @Test
    void anOutageLosesNothingAndKeepsOrder() throws Exception {
        Assumptions.assumeTrue(PrivateRedis.installed(), "redis-server is on the machine");
        try (PrivateRedis server = PrivateRedis.start();
             ApplicationContext context = ApplicationContext.run(Databases.config("RedisStreamsOutageTest",
                 "fx.events.emit-models", "Parcel", "fx.events.redis.enabled", "true", "fx.events.redis.stream", "out",
                 "fx.events.poll-interval", "100ms", "fx.events.initial-backoff", "50ms", "fx.events.max-backoff",
                 "200ms", "fx.events.publish-timeout", "1s", "fx.events.claim-lease", "2s", "redis.uri", server.uri()),
                 "test")) {
            Models models = context.getBean(Models.class);
            String id = (String) models.of("Parcel").create(Map.of("label", "before")).get("id");
            try (RedisClient client = RedisClient.create(server.uri());
                 StatefulRedisConnection<String, String> redis = client.connect()) {
                awaitEntries(redis, "out", 1);
            }
            server.stop();
            for (int weight = 1; weight <= 5; weight++) {
                models.of("Parcel").update(id, Map.of("weight", weight));
            }
            Thread.sleep(500);
            assertEquals(5, context.getBean(EventOutbox.class).pending("redis"), "waiting in the outbox");
            server.startAgain();
            try (RedisClient client = RedisClient.create(server.uri());
                 StatefulRedisConnection<String, String> redis = client.connect()) {
                List<StreamMessage<String, String>> entries = awaitEntries(redis, "out", 5);
                List<String> types = entries.stream().map(e -> e.getBody().get("type")).toList();
                assertEquals(List.of("parcel.updated", "parcel.updated", "parcel.updated", "parcel.updated",
                    "parcel.updated"), types, "the stream restarted empty (no persistence): the five updates");
                JsonMapper json = context.getBean(JsonMapper.class);
                for (int i = 0; i < 5; i++) {
                    Map<String, Object> event = json.readValue(entries.get(i).getBody().get("event"),
                        Argument.mapOf(String.class, Object.class));
                    assertEquals(i + 1, ((Number) ((Map<?, ?>) event.get("data")).get("weight")).intValue(),
                        "in commit order");
                }
            }
        }
    }

    private static List<StreamMessage<String, String>> awaitEntries(StatefulRedisConnection<String, String> redis,
                                                                    String stream, int count) throws InterruptedException {
        long deadline = System.currentTimeMillis() + 20_000;
        while (true) {
            List<StreamMessage<String, String>> entries = redis.sync().xrange(stream, io.lettuce.core.Range.create("-", "+"));
            if (entries.size() >= count || System.currentTimeMillis() > deadline) {
                assertEquals(count, entries.size(), "entries in " + stream);
                return entries;
            }
            Thread.sleep(50);
        }
    }
}
