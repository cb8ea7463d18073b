package io.fx.micronaut.testsuite.db;

import io.fx.micronaut.db.DataStore;
import io.fx.micronaut.db.RecordChange;
import io.fx.micronaut.db.RecordListener;
import io.fx.micronaut.db.StorageContext;
import io.fx.micronaut.model.ModelDescriptor;
import io.fx.micronaut.model.ModelRegistry;
import io.fx.micronaut.testsuite.scheduled.ScheduledTestModels;
import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.Databases;
import io.micronaut.context.ApplicationContext;
import io.micronaut.context.annotation.Requires;
import io.micronaut.runtime.server.EmbeddedServer;
import jakarta.inject.Singleton;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The {@code RecordStore.hardDelete} seam: it removes a row of a soft-deleting model, live or soft-deleted, runs the
 * record listeners with {@code RecordChange.isRemoval()} true (a soft delete's is false, a plain delete of a model
 * without soft delete true) and the referential actions (a cascade), and finds nothing for an unknown id.
 */
class HardDeleteTest {

    static final String SPEC = "HardDeleteTest";

    private static EmbeddedServer server;
    private static Api api;
    private static DataStore store;
    private static Removals removals;

    @BeforeAll
    static void start() {
        server = ApplicationContext.run(EmbeddedServer.class, Databases.config(SPEC, ScheduledTestModels.PROPERTY,
            "true", "fx.scheduled.enabled", "false"));
        api = new Api(server);
        store = server.getApplicationContext().getBean(DataStore.class);
        removals = server.getApplicationContext().getBean(Removals.class);
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    private static ModelDescriptor model(String name) {
        return server.getApplicationContext().getBean(ModelRegistry.class).findByName(name).orElseThrow();
    }

    private static int rows(String model, String id) {
        return store.query("SELECT 1 FROM \"" + model(model).getTable() + "\" WHERE \"id\" = ?", List.of(id)).size();
    }

    @Test
    void aSoftDeletedRowIsRemovedAndListenersSeeARemoval() {
        String id = api.create("/api/retainers", Map.of("title", "kept then purged"));
        String note = api.create("/api/retainer_notes", Map.of("text", "child", "retainer_id", id));
        removals.heard.clear();
        assertEquals(204, api.delete("/api/retainers/" + id).status());
        assertEquals(List.of("Retainer:" + id + ":false"), removals.heard, "a soft delete is no removal");
        assertEquals(1, rows("Retainer", id));

        removals.heard.clear();
        RecordChange change = store.hardDelete(StorageContext.system(), model("Retainer"), id).orElseThrow();
        assertTrue(change.isRemoval());
        assertEquals("kept then purged", change.getBefore().orElseThrow().get("title"), "the pre-image");
        assertEquals(0, rows("Retainer", id));
        assertEquals(0, rows("RetainerNote", note), "the cascade ran");
        assertTrue(removals.heard.contains("Retainer:" + id + ":true"), removals.heard.toString());
        assertFalse(store.hardDelete(StorageContext.system(), model("Retainer"), id).isPresent(), "gone");
    }

    @Test
    void aLiveRowIsRemovedToo() {
        String id = api.create("/api/retainers", Map.of("title", "live"));
        assertTrue(store.hardDelete(StorageContext.system(), model("Retainer"), id).orElseThrow().isRemoval());
        assertEquals(0, rows("Retainer", id));
    }

    @Test
    void aDeleteOfAModelWithoutSoftDeleteIsARemoval() {
        String id = api.create("/api/ephemerals", Map.of("title", "plain"));
        removals.heard.clear();
        assertEquals(204, api.delete("/api/ephemerals/" + id).status());
        assertEquals(List.of("Ephemeral:" + id + ":true"), removals.heard);
        assertFalse(store.hardDelete(StorageContext.system(), model("Ephemeral"), "no-such-id").isPresent());
    }

    /** Records every delete it sees as {@code model:id:removal}. */
    @Singleton
    @Requires(property = "spec.name", value = SPEC)
    static final class Removals implements RecordListener {
        final List<String> heard = new CopyOnWriteArrayList<>();

        @Override
        public boolean appliesTo(ModelDescriptor model) {
            return List.of("Retainer", "Ephemeral").contains(model.getName());
        }

        @Override
        public void afterWrite(RecordChange change) {
            if (change.getOperation() == io.fx.micronaut.db.WriteOperation.DELETE) {
                heard.add(change.getModel().getName() + ":" + change.getId() + ":" + change.isRemoval());
            }
        }
    }
}
