package io.fx.micronaut.testsuite.scope;

import io.fx.micronaut.accessor.Models;
import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.Api.Reply;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.context.annotation.Property;
import io.micronaut.runtime.server.EmbeddedServer;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Record listeners see before and after images of every write (routes, accessors, and each child of
 * a cascade or setNull edge), may change the values or refuse the write (rolling all of it back), and
 * after-commit callbacks run once, in order, only after a commit.
 */
@MicronautTest(environments = "test", transactional = false)
@Property(name = "spec.name", value = ListenerBeans.SPEC)
@TestDatabase
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RecordListenerTest {

    @Inject
    EmbeddedServer server;
    @Inject
    ListenerBeans.Journal journal;
    @Inject
    Models models;
    @Inject
    Api api;

    @BeforeEach
    void clear() {
        journal.drain();
    }

    private String create(String collection, Map<String, Object> body) {
        return api.create("/api/" + collection, body);
    }

    /** Calls a listened action, asserts its status, and returns what the journal saw meanwhile. */
    private List<String> listened(String action, int status) {
        Reply reply = api.post("/api/listened/" + action, Map.of());
        assertEquals(status, reply.status(), reply::toString);
        return journal.drain();
    }

    @Test
    void createUpdateAndDeleteAreSeenWithTheirImagesAndCommitCallbacks() {
        String id = create("shops", Map.of("name", "first", "tenant_id", "T"));
        assertEquals(List.of("before CREATE Shop name=first", "after CREATE Shop - -> first", "committed CREATE Shop"),
            journal.drain());
        assertEquals(200, api.patch("/api/shops/" + id, Map.of("name", "second")).status());
        assertEquals(List.of("before UPDATE Shop name=second", "after UPDATE Shop first -> second", "committed UPDATE Shop"),
            journal.drain());
        assertEquals(204, api.delete("/api/shops/" + id).status());
        assertEquals(List.of("before DELETE Shop name=second", "after DELETE Shop second -> -", "committed DELETE Shop"),
            journal.drain());
    }

    @Test
    void middlewareSeeTheStoredRecordBeforeAndTheChangeAfterTheDbStep() {
        String id = create("shops", Map.of("name", "stored", "tenant_id", "T"));
        Reply updated = api.patch("/api/shops/" + id, Map.of("name", "changed"));
        assertEquals("stored", updated.header("X-Stored-Name"));
        assertEquals("UPDATE stored -> changed", updated.header("X-Change"));
        Reply deleted = api.delete("/api/shops/" + id);
        assertEquals("changed", deleted.header("X-Stored-Name"));
        assertEquals("DELETE changed -> -", deleted.header("X-Change"));
        Reply missing = api.patch("/api/shops/" + id, Map.of("name", "again"));
        assertEquals(404, missing.status());
        assertEquals("none", missing.header("X-Stored-Name"));
    }

    @Test
    void aListenerMayChangeTheValuesWritten() {
        String id = create("shops", Map.of("name", "upper-me", "tenant_id", "T"));
        assertEquals("UPPER-ME", api.get("/api/shops/" + id).data().get("name"));
        Reply updated = api.patch("/api/shops/" + id, Map.of("name", "upper-me"));
        assertEquals("UPPER-ME", updated.data().get("name"));
    }

    @Test
    void accessorWritesAreSeenToo() {
        Map<String, Object> created = models.of("Shop").create(Map.of("name", "via-accessor", "tenant_id", "T"));
        String id = (String) created.get("id");
        models.of("Shop").update(id, Map.of("name", "via-accessor-2"));
        models.of("Shop").delete(id);
        assertEquals(List.of(
            "before CREATE Shop name=via-accessor", "after CREATE Shop - -> via-accessor", "committed CREATE Shop",
            "before UPDATE Shop name=via-accessor-2", "after UPDATE Shop via-accessor -> via-accessor-2", "committed UPDATE Shop",
            "before DELETE Shop name=via-accessor-2", "after DELETE Shop via-accessor-2 -> -", "committed DELETE Shop"),
            journal.drain());
    }

    @Test
    void everyChildOfACascadeAndASetNullEdgeIsSeenRowByRow() {
        String shop = create("shops", Map.of("name", "parent", "tenant_id", "T"));
        create("racks", Map.of("name", "rack-1", "shop_id", shop, "tenant_id", "T"));
        create("racks", Map.of("name", "rack-2", "shop_id", shop, "tenant_id", "T"));
        String tally = create("tallies", Map.of("name", "tally", "shop_id", shop, "tenant_id", "T"));
        journal.drain();
        assertEquals(204, api.delete("/api/shops/" + shop).status());
        List<String> seen = journal.drain();
        assertEquals(1, seen.stream().filter(e -> e.startsWith("before DELETE Shop name=parent")).count(), seen::toString);
        assertTrue(seen.contains("before DELETE Rack (cascade) name=rack-1"), seen::toString);
        assertTrue(seen.contains("after DELETE Rack (cascade) rack-1 -> -"), seen::toString);
        assertTrue(seen.contains("after DELETE Rack (cascade) rack-2 -> -"), seen::toString);
        assertTrue(seen.contains("after UPDATE Tally (cascade) tally -> tally"), seen::toString);
        assertEquals(4, seen.stream().filter(e -> e.startsWith("committed")).count(), seen::toString);
        // the children were really written
        assertEquals(null, api.get("/api/tallies/" + tally).data().get("shop_id"));
        assertEquals(0L, api.count("/api/racks?filter=name:in:rack-1,rack-2"));
    }

    @Test
    void aRefusalRollsTheWholeWriteBackCascadeIncluded() {
        Reply refused = api.post("/api/shops", Map.of("name", "refused", "tenant_id", "T"));
        assertEquals(422, refused.status());
        assertEquals("REFUSED", refused.code());
        assertEquals(0L, api.count("/api/shops?filter=name:eq:refused"));

        String shop = create("shops", Map.of("name", "guarded", "tenant_id", "T"));
        String rack = create("racks", Map.of("name", "free", "shop_id", shop, "tenant_id", "T"));
        create("racks", Map.of("name", "locked", "shop_id", shop, "tenant_id", "T"));
        String tally = create("tallies", Map.of("name", "kept", "shop_id", shop, "tenant_id", "T"));
        journal.drain();
        Reply blocked = api.delete("/api/shops/" + shop);
        assertEquals(409, blocked.status(), blocked::toString);
        assertEquals("LOCKED", blocked.code());
        assertEquals(200, api.get("/api/shops/" + shop).status(), "the parent is still there");
        assertEquals(200, api.get("/api/racks/" + rack).status(), "a child deleted before the refusal is back");
        assertEquals(shop, api.get("/api/tallies/" + tally).data().get("shop_id"), "the cleared key is back");
        List<String> seen = journal.drain();
        assertTrue(seen.stream().noneMatch(e -> e.startsWith("committed")), seen::toString);
        assertTrue(seen.stream().anyMatch(e -> e.startsWith("rolled back")), seen::toString);

        Reply crashed = api.post("/api/shops", Map.of("name", "crash", "tenant_id", "T"));
        assertEquals(500, crashed.status());
        assertEquals("PANIC", crashed.code());
        assertFalse(crashed.text().contains("internal detail"));
        assertEquals(0L, api.count("/api/shops?filter=name:eq:crash"));
    }

    @Test
    void callbacksRunInOrderAfterCommitAndAFailingOneChangesNothing() {
        List<String> seen = listened("ordered", 200);
        List<String> callbacks = seen.stream().filter(e -> e.startsWith("callback") || e.startsWith("committed")).toList();
        assertEquals(List.of("committed CREATE Shop", "callback 1", "callback 3"), callbacks, seen::toString);
        assertEquals(1L, api.count("/api/shops?filter=name:eq:ordered"));
    }

    @Test
    void callbacksNeverRunAfterARollback() {
        List<String> seen = listened("failing", 500);
        assertTrue(seen.contains("after CREATE Shop - -> doomed"), seen::toString);
        assertTrue(seen.contains("rolled back CREATE Shop"), seen::toString);
        assertTrue(seen.stream().noneMatch(e -> e.startsWith("committed")), seen::toString);
        assertEquals(0L, api.count("/api/shops?filter=name:eq:doomed"));
    }

    @Test
    void aRegistrationOutsideATransactionIsRefused() {
        Reply reply = api.post("/api/listened/outside", Map.of());
        assertEquals(500, reply.status());
        assertEquals("TX_REQUIRED", reply.code());
    }

    @Test
    void aClientThatLeavesBeforeTheCommitRollsTheWriteBack() throws Exception {
        String body = "{\"name\":\"slow\",\"tenant_id\":\"T\"}";
        try (Socket socket = new Socket(server.getHost(), server.getPort())) {
            socket.setSoTimeout(5000);
            OutputStream out = socket.getOutputStream();
            out.write(("POST /api/shops HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: "
                + body.getBytes(StandardCharsets.UTF_8).length + "\r\n\r\n" + body).getBytes(StandardCharsets.UTF_8));
            out.flush();
            long deadline = System.nanoTime() + 10_000_000_000L;
            while (journal.entries.stream().noneMatch(e -> e.contains("name=slow")) && System.nanoTime() < deadline) {
                Thread.sleep(10);
            }
        }
        List<String> seen = new ArrayList<>();
        long deadline = System.nanoTime() + 15_000_000_000L;
        while (System.nanoTime() < deadline) {
            seen.addAll(journal.drain());
            if (seen.stream().anyMatch(e -> e.startsWith("rolled back") || e.startsWith("committed"))) {
                break;
            }
            Thread.sleep(20);
        }
        assertTrue(seen.contains("rolled back CREATE Shop"), seen::toString);
        assertTrue(seen.stream().noneMatch(e -> e.startsWith("committed")), seen::toString);
        assertEquals(0L, api.count("/api/shops?filter=name:eq:slow"));
    }
}
