package io.fx.micronaut.testsuite.relation;

import io.fx.micronaut.db.DataStore;
import io.fx.micronaut.lifecycle.FxLifecycle;
import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.LogCapture;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.runtime.server.EmbeddedServer;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A write that runs no record listener but more than one statement (here a soft delete whose relations' actions
 * cascade over two levels) commits in a transaction of its own on a plain connection, not a Micronaut Data one. It
 * keeps every guarantee of the managed transaction: a database failure in the last statement undoes the first
 * ones and answers a 500 envelope without internals, and a client that leaves while the transaction is open
 * leaves nothing changed (499). The restrict rollback is {@link ReferentialActionTest}'s.
 */
@MicronautTest(environments = "test", transactional = false)
@TestDatabase
class LocalTransactionTest {

    private static final String TRIGGER = "fx_local_tx_trigger";

    @Inject
    Api api;
    @Inject
    Seed seed;
    @Inject
    DataStore store;
    @Inject
    EmbeddedServer server;
    @Inject
    FxLifecycle lifecycle;

    /** A depot with a soft-deleting crate holding one item, and a pallet: the delete reaches three tables. */
    private record Family(String depot, String crate, String item, String pallet) {
    }

    private Family family() {
        String depot = seed.create("depots", Map.of("name", "d"));
        String crate = seed.create("crates", Map.of("depot_id", depot));
        String item = seed.create("crate_items", Map.of("crate_id", crate));
        String pallet = seed.create("pallets", Map.of("depot_id", depot));
        return new Family(depot, crate, item, pallet);
    }

    private void assertAllLive(Family family) {
        assertEquals(200, api.get("/api/depots/" + family.depot()).status(), "the depot");
        assertEquals(200, api.get("/api/crates/" + family.crate()).status(), "the crate (cascaded first)");
        assertEquals(200, api.get("/api/crate_items/" + family.item()).status(), "the crate's item");
        assertEquals(200, api.get("/api/pallets/" + family.pallet()).status(), "the pallet");
    }

    /** A trigger on the crate items' delete, the delete's last statement: an H2 class, or a PL/pgSQL body. */
    private void onItemDelete(Class<?> h2Trigger, String plpgsql) {
        if (store.isEmbedded()) {
            store.execute("CREATE TRIGGER \"" + TRIGGER + "\" BEFORE DELETE ON \"crate_items\" FOR EACH ROW CALL \""
                + h2Trigger.getName() + "\"", List.of());
        } else {
            store.execute("CREATE OR REPLACE FUNCTION " + TRIGGER + "() RETURNS trigger AS $$ BEGIN " + plpgsql
                + " END $$ LANGUAGE plpgsql", List.of());
            store.execute("CREATE TRIGGER \"" + TRIGGER + "\" BEFORE DELETE ON \"crate_items\" FOR EACH ROW EXECUTE "
                + "FUNCTION " + TRIGGER + "()", List.of());
        }
    }

    @AfterEach
    void dropTrigger() {
        store.execute("DROP TRIGGER IF EXISTS \"" + TRIGGER + "\"" + (store.isEmbedded() ? "" : " ON \"crate_items\""),
            List.of());
    }

    @Test
    void aDatabaseFailureInTheLastStatementUndoesTheWholeDelete() {
        Family family = family();
        onItemDelete(FailingTrigger.class, "RAISE EXCEPTION 'refused delete carrying internal-detail-17';");
        Api.Reply refused = api.delete("/api/depots/" + family.depot());
        assertEquals(500, refused.status(), refused.toString());
        assertEquals("DB_ERROR", refused.error().get("code"), refused.toString());
        assertFalse(refused.text().contains("internal-detail-17"), refused.text());
        assertFalse(refused.text().toLowerCase().contains("delete from"), refused.text());
        assertAllLive(family);

        dropTrigger();
        assertEquals(204, api.delete("/api/depots/" + family.depot()).status());
        assertEquals(404, api.get("/api/crates/" + family.crate()).status());
        assertEquals(404, api.get("/api/crate_items/" + family.item()).status());
        assertEquals(404, api.get("/api/pallets/" + family.pallet()).status());
    }

    @Test
    void aClientThatLeavesWhileTheTransactionIsOpenLeavesNothingDeleted() throws Exception {
        Family family = family();
        onItemDelete(HoldingTrigger.class, "PERFORM pg_sleep(" + HoldingTrigger.HOLD_MILLIS / 1000.0 + "); RETURN OLD;");
        try (LogCapture capture = new LogCapture("io.fx.micronaut.pipeline.PipelineExecutor")) {
            try (Socket socket = new Socket("127.0.0.1", server.getPort())) {
                socket.setSoTimeout(5000);
                OutputStream out = socket.getOutputStream();
                out.write(("DELETE /api/depots/" + family.depot() + " HTTP/1.1\r\nHost: localhost\r\n\r\n")
                    .getBytes(StandardCharsets.UTF_8));
                out.flush();
                // the crate is soft-deleted at once; the item's delete then holds the transaction open
                waitFor(() -> lifecycle.getInFlight() > 0, "the delete is in flight");
                Thread.sleep(HoldingTrigger.HOLD_MILLIS / 3);
            }
            waitFor(() -> lifecycle.getInFlight() == 0, "the delete ended");
            assertTrue(capture.text().contains("499 client closed the connection during Depot DELETE"), capture.text());
        }
        dropTrigger();
        assertAllLive(family);
    }

    private static void waitFor(java.util.function.BooleanSupplier condition, String what) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out waiting: " + what);
            }
            Thread.sleep(10);
        }
    }
}
