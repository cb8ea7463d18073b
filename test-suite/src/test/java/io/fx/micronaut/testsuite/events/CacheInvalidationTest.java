package io.fx.micronaut.testsuite.events;

import io.fx.micronaut.events.cache.CacheInvalidatedEvent;
import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.Databases;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.cache.CacheManager;
import io.micronaut.cache.SyncCache;
import io.micronaut.context.ApplicationContext;
import io.micronaut.runtime.server.EmbeddedServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code FxCache.invalidate} on Caffeine caches through the real server: a committed write drops its records' keys
 * (before and after the write, so a key that changes goes under both values), a rolled-back one drops nothing.
 */
@TestDatabase
class CacheInvalidationTest {

    private static EmbeddedServer server;
    private static Api api;
    private static SyncCache<?> parcels;
    private static SyncCache<?> labels;
    private static CachePipeline pipeline;

    @BeforeAll
    static void start() {
        server = ApplicationContext.run(EmbeddedServer.class, Databases.config("CacheInvalidationTest",
            "cache-test", "true",
            "micronaut.caches.parcels.maximum-size", "100",
            "micronaut.caches.labels.maximum-size", "100"), "test");
        api = new Api(server);
        CacheManager<?> caches = server.getApplicationContext().getBean(CacheManager.class);
        parcels = caches.getCache("parcels");
        labels = caches.getCache("labels");
        pipeline = server.getApplicationContext().getBean(CachePipeline.class);
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void anUpdateDropsTheRecordsKeyAndBothItsOldAndNewLabel() {
        String id = api.create("/api/parcels", Map.of("label", "old-label"));
        String other = api.create("/api/parcels", Map.of("label", "other-label"));
        parcels.put(id, "cached summary");
        parcels.put(other, "other summary");
        labels.put("old-label", "by old label");
        labels.put("new-label", "by new label");
        labels.put("other-label", "by other label");
        assertEquals(200, api.patch("/api/parcels/" + id, Map.of("label", "new-label")).status());
        assertEquals(Optional.empty(), parcels.get(id, String.class), "the record's key");
        assertEquals(Optional.empty(), labels.get("old-label", String.class), "the pre-image's key");
        assertEquals(Optional.empty(), labels.get("new-label", String.class), "the post-image's key");
        assertEquals(Optional.of("other summary"), parcels.get(other, String.class), "another record's key stays");
        assertEquals(Optional.of("by other label"), labels.get("other-label", String.class));
        assertTrue(pipeline.events().contains(new CacheInvalidatedEvent("labels", List.of("old-label", "new-label"),
            false)), pipeline.events().toString());
    }

    @Test
    void createAndDeleteDropTheirKeys() {
        labels.put("fresh-label", "stale: no such parcel yet");
        String id = api.create("/api/parcels", Map.of("label", "fresh-label"));
        assertEquals(Optional.empty(), labels.get("fresh-label", String.class), "a create drops the new key");
        parcels.put(id, "cached");
        labels.put("fresh-label", "cached");
        assertEquals(204, api.delete("/api/parcels/" + id).status());
        assertEquals(Optional.empty(), parcels.get(id, String.class), "a delete drops the pre-image's key");
        assertEquals(Optional.empty(), labels.get("fresh-label", String.class));
    }

    @Test
    void aRolledBackWriteDropsNothing() {
        String id = api.create("/api/parcels", Map.of("label", "kept-label"));
        parcels.put(id, "cached");
        labels.put("kept-label", "cached");
        labels.put("refuse-label", "cached");
        int before = pipeline.events().size();
        assertEquals(422, api.patch("/api/parcels/" + id, Map.of("label", "refuse-label")).status());
        assertEquals(422, api.post("/api/parcels", Map.of("label", "refuse-created")).status());
        assertEquals(Optional.of("cached"), parcels.get(id, String.class), "the update rolled back");
        assertEquals(Optional.of("cached"), labels.get("kept-label", String.class));
        assertEquals(Optional.of("cached"), labels.get("refuse-label", String.class));
        assertEquals(before, pipeline.events().size(), "no invalidation");
        assertFalse(api.get("/api/parcels/" + id).data().get("label").equals("refuse-label"), "not written");
    }
}
