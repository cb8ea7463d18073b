package io.fx.micronaut.testsuite.events;

import io.fx.micronaut.db.RecordListener;
import io.fx.micronaut.db.StorageExtensions;
import io.fx.micronaut.db.WriteOperation;
import io.fx.micronaut.model.ModelDescriptor;
import io.fx.micronaut.model.ModelRegistry;
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

/**
 * A cache invalidation registered for some writes only: the cache's record listener observes those writes and no
 * others ({@link RecordListener#observes}), so a write no invalidation covers keeps the one-statement path, and
 * the covered writes still drop their keys.
 */
@TestDatabase
class CacheObservedWritesTest {

    private static EmbeddedServer server;
    private static Api api;
    private static SyncCache<?> labels;
    private static StorageExtensions extensions;
    private static ModelDescriptor parcel;

    @BeforeAll
    static void start() {
        server = ApplicationContext.run(EmbeddedServer.class, Databases.config("CacheObservedWritesTest",
            "cache-test", "true",
            "cache-test.caches", "labels",
            "cache-test.operations", "UPDATE,DELETE",
            "micronaut.caches.labels.maximum-size", "100"), "test");
        api = new Api(server);
        labels = server.getApplicationContext().getBean(CacheManager.class).getCache("labels");
        extensions = server.getApplicationContext().getBean(StorageExtensions.class);
        parcel = server.getApplicationContext().getBean(ModelRegistry.class).findByName("Parcel").orElseThrow();
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void theCacheListenerObservesTheCoveredWritesOnly() {
        Map<String, Object> values = Map.of("label", "any");
        List<RecordListener> all = extensions.listeners(parcel);
        List<RecordListener> creating = extensions.listeners(parcel, WriteOperation.CREATE, values);
        List<RecordListener> updating = extensions.listeners(parcel, WriteOperation.UPDATE, values);
        assertEquals(all, updating, "every listener observes the update");
        assertEquals(all.size() - 1, creating.size(), "the cache's listener does not observe the create: " + creating);
    }

    @Test
    void aCreateDropsNothingWhileItsUpdateAndDeleteDropTheirKeys() {
        labels.put("first-label", "cached before the create");
        String id = api.create("/api/parcels", Map.of("label", "first-label"));
        assertEquals(Optional.of("cached before the create"), labels.get("first-label", String.class),
            "no invalidation covers the create");
        labels.put("second-label", "cached");
        assertEquals(200, api.patch("/api/parcels/" + id, Map.of("label", "second-label")).status());
        assertEquals(Optional.empty(), labels.get("first-label", String.class), "the pre-image's key");
        assertEquals(Optional.empty(), labels.get("second-label", String.class), "the post-image's key");
        labels.put("second-label", "cached again");
        assertEquals(204, api.delete("/api/parcels/" + id).status());
        assertEquals(Optional.empty(), labels.get("second-label", String.class), "the delete drops its key");
    }
}
