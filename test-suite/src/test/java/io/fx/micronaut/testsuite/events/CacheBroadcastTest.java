package io.fx.micronaut.testsuite.events;

import io.fx.micronaut.events.cache.CacheInvalidatedEvent;
import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.Databases;
import io.fx.micronaut.testsuite.support.LogCapture;
import io.fx.micronaut.testsuite.support.Ports;
import io.fx.micronaut.testsuite.support.PrivateRedis;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.lettuce.core.RedisClient;
import io.lettuce.core.api.StatefulRedisConnection;
import io.micronaut.cache.CacheManager;
import io.micronaut.cache.SyncCache;
import io.micronaut.context.ApplicationContext;
import io.micronaut.runtime.server.EmbeddedServer;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code fx.cache.broadcast: redis} between two application contexts (two replicas) on the machine's Redis, each on
 * a channel of its own test: a write on one drops the keys from the other's local cache, neither applies its own
 * message twice; with Redis down a write still succeeds and invalidates locally, the failed broadcast logged; after
 * a restart of a private {@code redis-server} the replicas subscribe again.
 */
@TestDatabase
class CacheBroadcastTest {

    private static final String REDIS = "redis://127.0.0.1:6379";

    @Test
    void aWriteOnOneReplicaDropsTheKeysFromTheOthersCache() throws Exception {
        String channel = "fx:cache:invalidate:test-" + UUID.randomUUID();
        try (EmbeddedServer writer = replica("CacheBroadcastWriter", channel, REDIS);
             EmbeddedServer reader = replica("CacheBroadcastReader", channel, REDIS)) {
            awaitSubscribers(REDIS, channel, 2);
            Api api = new Api(writer);
            String id = api.create("/api/parcels", Map.of("label", "shared-old"));
            SyncCache<?> readerParcels = cache(reader, "parcels");
            SyncCache<?> readerLabels = cache(reader, "labels");
            readerParcels.put(id, "replica's copy");
            readerLabels.put("shared-old", "replica's copy");
            readerLabels.put("shared-new", "replica's copy");
            readerLabels.put("unrelated", "replica's copy");
            int seen = events(reader).size();
            assertEquals(200, api.patch("/api/parcels/" + id, Map.of("label", "shared-new")).status());
            EventRetryTest.waitUntil(() -> readerLabels.get("shared-new", String.class).isEmpty()
                && readerParcels.get(id, String.class).isEmpty(), "the other replica dropped the keys");
            assertEquals(Optional.empty(), readerLabels.get("shared-old", String.class), "the pre-image's key too");
            assertEquals(Optional.of("replica's copy"), readerLabels.get("unrelated", String.class));
            Thread.sleep(300);
            List<CacheInvalidatedEvent> received = events(reader).subList(seen, events(reader).size());
            assertTrue(received.contains(new CacheInvalidatedEvent("labels", List.of("shared-old", "shared-new"),
                true)), received.toString());
            assertTrue(received.contains(new CacheInvalidatedEvent("parcels", List.of(id), true)), received.toString());
            assertTrue(received.stream().allMatch(CacheInvalidatedEvent::remote), "the reader wrote nothing");
            List<CacheInvalidatedEvent> own = events(writer);
            assertTrue(own.stream().noneMatch(CacheInvalidatedEvent::remote),
                "the writer does not apply its own broadcast a second time: " + own);
            assertEquals(1, own.stream().filter(e -> e.cacheName().equals("labels")
                && e.keys().equals(List.of("shared-old", "shared-new"))).count(), own.toString());
        }
    }

    @Test
    void withRedisDownAWriteSucceedsInvalidatesLocallyAndTheBroadcastFailureIsLogged() throws Exception {
        String down = "redis://127.0.0.1:" + Ports.free();
        try (LogCapture log = new LogCapture("io.fx.micronaut.events.cache");
             EmbeddedServer server = replica("CacheBroadcastDown", "fx:cache:invalidate", down)) {
            Api api = new Api(server);
            String id = api.create("/api/parcels", Map.of("label", "offline"));
            SyncCache<?> parcels = cache(server, "parcels");
            parcels.put(id, "cached");
            assertEquals(200, api.patch("/api/parcels/" + id, Map.of("weight", 5)).status(), "the write succeeds");
            assertEquals(Optional.empty(), parcels.get(id, String.class), "this replica's cache is invalidated");
            EventRetryTest.waitUntil(() -> log.text().contains("key(s) of cache parcels could not be broadcast on "
                + "Redis channel fx:cache:invalidate"), "the failed broadcast logged");
            assertTrue(log.text().contains("could not subscribe to Redis channel fx:cache:invalidate"), log.text());
        }
    }

    @Test
    void aRedisThatNeverAnswersDoesNotHoldTheResponse() throws Exception {
        List<Socket> accepted = new CopyOnWriteArrayList<>();
        try (ServerSocket silent = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
             LogCapture log = new LogCapture("io.fx.micronaut.events.cache")) {
            Thread acceptor = new Thread(() -> {
                while (!silent.isClosed()) {
                    try {
                        accepted.add(silent.accept());
                    } catch (IOException e) {
                        return;
                    }
                }
            }, "silent-redis");
            acceptor.setDaemon(true);
            acceptor.start();
            Map<String, Object> config = Databases.config("CacheBroadcastSilent", "cache-test", "true",
                "micronaut.caches.parcels.maximum-size", "100", "micronaut.caches.labels.maximum-size", "100",
                "fx.cache.broadcast", "redis", "fx.cache.timeout", "4s", "fx.cache.retry-interval", "10s",
                "redis.uri", "redis://127.0.0.1:" + silent.getLocalPort());
            try (EmbeddedServer server = ApplicationContext.run(EmbeddedServer.class, config, "test")) {
                Api api = new Api(server);
                String id = api.create("/api/parcels", Map.of("label", "silent"));
                SyncCache<?> parcels = cache(server, "parcels");
                parcels.put(id, "cached");
                assertEquals(200, api.patch("/api/parcels/" + id, Map.of("weight", 6)).status());
                assertEquals(Optional.empty(), parcels.get(id, String.class), "invalidated locally at commit");
                assertFalse(log.text().contains("could not be broadcast"),
                    "the response came back while the publish still waited for Redis: " + log.text());
                EventRetryTest.waitUntil(() -> log.text().contains("1 key(s) of cache parcels could not be broadcast"),
                    "the publish timed out and was logged");
            }
        } finally {
            for (Socket socket : accepted) {
                socket.close();
            }
        }
    }

    @Test
    void afterARedisRestartTheReplicasSubscribeAgainAndBroadcastOnceMore() throws Exception {
        Assumptions.assumeTrue(PrivateRedis.installed(), "redis-server is on the machine");
        try (PrivateRedis redis = PrivateRedis.start();
             EmbeddedServer writer = replica("CacheRestartWriter", "fx:cache:invalidate", redis.uri());
             EmbeddedServer reader = replica("CacheRestartReader", "fx:cache:invalidate", redis.uri())) {
            awaitSubscribers(redis.uri(), "fx:cache:invalidate", 2);
            Api api = new Api(writer);
            String id = api.create("/api/parcels", Map.of("label", "restart"));
            SyncCache<?> readerParcels = cache(reader, "parcels");
            redis.stop();
            readerParcels.put(id, "stale while Redis is down");
            assertEquals(200, api.patch("/api/parcels/" + id, Map.of("weight", 1)).status(), "the write succeeds");
            Thread.sleep(300);
            assertEquals(Optional.of("stale while Redis is down"), readerParcels.get(id, String.class),
                "nothing reaches the other replica while Redis is down");
            redis.startAgain();
            awaitSubscribers(redis.uri(), "fx:cache:invalidate", 2);
            assertEquals(200, api.patch("/api/parcels/" + id, Map.of("weight", 2)).status());
            EventRetryTest.waitUntil(() -> readerParcels.get(id, String.class).isEmpty(),
                "the other replica dropped the key once Redis was back");
        }
    }

    private static void awaitSubscribers(String uri, String channel, long count) throws InterruptedException {
        try (RedisClient client = RedisClient.create(uri)) {
            EventRetryTest.waitUntil(() -> {
                try (StatefulRedisConnection<String, String> redis = client.connect()) {
                    return redis.sync().pubsubNumsub(channel).get(channel) == count;
                } catch (RuntimeException e) {
                    return false;
                }
            }, count + " subscribers on " + channel);
        }
    }

    private static EmbeddedServer replica(String name, String channel, String redis) {
        return ApplicationContext.run(EmbeddedServer.class, Databases.config(name, "cache-test", "true",
            "micronaut.caches.parcels.maximum-size", "100", "micronaut.caches.labels.maximum-size", "100",
            "fx.cache.broadcast", "redis", "fx.cache.channel", channel, "fx.cache.timeout", "1s",
            "fx.cache.retry-interval", "500ms", "redis.uri", redis), "test");
    }

    private static SyncCache<?> cache(EmbeddedServer server, String name) {
        return server.getApplicationContext().getBean(CacheManager.class).getCache(name);
    }

    private static List<CacheInvalidatedEvent> events(EmbeddedServer server) {
        return server.getApplicationContext().getBean(CachePipeline.class).events();
    }
}
