package io.fx.micronaut.testsuite.scheduled;

import io.fx.micronaut.db.DataStore;
import io.fx.micronaut.model.ModelRegistry;
import io.fx.micronaut.scheduled.ScheduledAction;
import io.fx.micronaut.scheduled.ScheduledRunner;
import io.fx.micronaut.scheduled.ScheduledTransition;
import io.fx.micronaut.scheduled.SweepReport;
import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.Databases;
import io.fx.micronaut.testsuite.support.LogCapture;
import io.micronaut.context.ApplicationContext;
import io.micronaut.runtime.server.EmbeddedServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Scheduled fields through the real server and database, swept on demand with a fixed clock: every action, guarded
 * and unguarded idempotence, a chain over two sweeps, a read-only target, a concurrent writer holding the row lock,
 * the hard delete's purge and cascade, the batch size, a failing row and a failing model isolated, events after
 * commit with a throwing listener, history rows, and the column's index.
 */
class ScheduledTest {

    static final String SPEC = "ScheduledTest";
    private static final String BROADCASTS = "/api/broadcasts";
    private static final String PAST = "2030-01-01T11:00:00Z";
    private static final String FUTURE = "2030-01-01T13:00:00Z";

    private static EmbeddedServer server;
    private static Api api;
    private static ScheduledRunner runner;
    private static DataStore store;
    private static MovableClock clock;
    private static ScheduledTestBeans.Transitions transitions;

    @BeforeAll
    static void start() {
        server = ApplicationContext.run(EmbeddedServer.class, Databases.config(SPEC, ScheduledTestModels.PROPERTY, "true",
            "fx.scheduled.enabled", "false", "fx.openapi.enabled", "true", "spec.runner", "true"));
        api = new Api(server);
        runner = server.getApplicationContext().getBean(ScheduledRunner.class);
        store = server.getApplicationContext().getBean(DataStore.class);
        clock = (MovableClock) server.getApplicationContext().getBean(Clock.class);
        transitions = server.getApplicationContext().getBean(ScheduledTestBeans.Transitions.class);
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @BeforeEach
    void clean() {
        for (String model : List.of("RetainerNote", "Retainer", "Ephemeral", "Broadcast")) {
            store.execute("DELETE FROM \"" + table(model) + "\"", List.of());
        }
        store.execute("DELETE FROM \"broadcast_history\"", List.of());
        clock.set(ScheduledTestBeans.START);
        transitions.clear();
    }

    private static String table(String model) {
        return server.getApplicationContext().getBean(ModelRegistry.class).findByName(model).orElseThrow().getTable();
    }

    private static String broadcast(Object... namesAndValues) {
        return api.create(BROADCASTS, Api.body(namesAndValues));
    }

    private static Map<String, Object> read(String id) {
        Api.Reply reply = api.get(BROADCASTS + "/" + id);
        assertEquals(200, reply.status(), reply.toString());
        return reply.data();
    }

    @Test
    void aGuardedTransitionHappensOnceWhenDue() {
        String due = broadcast("title", "due", "publish_at", PAST);
        String later = broadcast("title", "later", "publish_at", FUTURE);
        String unscheduled = broadcast("title", "unscheduled");

        SweepReport report = runner.sweep();
        assertEquals(1, report.updated(), report.toString());
        assertEquals("published", read(due).get("status"));
        assertEquals("draft", read(later).get("status"));
        assertEquals("draft", read(unscheduled).get("status"));
        assertEquals(List.of(new ScheduledTransition("Broadcast", due, ScheduledAction.SET_FIELD, "status", "draft",
            "published", ScheduledTestBeans.START)), transitions.heard());

        SweepReport again = runner.sweep();
        assertEquals(0, again.updated() + again.skipped(), "a transition happens once: " + again);

        clock.set(ScheduledTestBeans.START.plus(Duration.ofHours(2)));
        assertEquals(1, runner.sweep().updated());
        assertEquals("published", read(later).get("status"));
    }

    @Test
    void aGuardThatMovedOrATimestampClearedLeavesTheRowAlone() {
        String archived = broadcast("title", "archived", "publish_at", PAST, "status", "archived");
        String cleared = broadcast("title", "cleared", "publish_at", PAST);
        assertEquals(200, api.send("PATCH", BROADCASTS + "/" + cleared, "{\"publish_at\":null}").status(),
            "null unschedules");
        SweepReport report = runner.sweep();
        assertEquals(0, report.updated(), report.toString());
        assertEquals("archived", read(archived).get("status"));
        assertEquals("draft", read(cleared).get("status"));
        assertNull(read(cleared).get("publish_at"));
    }

    @Test
    void anUnguardedTransitionIsDueUntilTheFieldHoldsItsValue() {
        String high = broadcast("title", "high", "priority", 5, "reset_at", PAST);
        String zero = broadcast("title", "zero", "priority", 0, "reset_at", PAST);
        String unset = broadcast("title", "unset", "reset_at", PAST);
        SweepReport report = runner.sweep();
        assertEquals(2, report.updated(), "the row already at 0 is not due: " + report);
        assertEquals(0, ((Number) read(high).get("priority")).intValue());
        assertEquals(0, ((Number) read(unset).get("priority")).intValue());
        assertEquals(0, ((Number) read(zero).get("priority")).intValue());
        assertEquals(0, runner.sweep().updated(), "idempotent");
        api.patch(BROADCASTS + "/" + high, Map.of("priority", 7));
        assertEquals(1, runner.sweep().updated(), "set again while the timestamp stands: due again");
    }

    @Test
    void aChainMovesOneStepPerSweep() {
        String id = broadcast("title", "chain", "color", "green", "redden_at", PAST, "blue_at", PAST);
        runner.sweep();
        assertEquals("red", read(id).get("color"), "the second step's rows were read before the first committed");
        runner.sweep();
        assertEquals("blue", read(id).get("color"));
        assertEquals(0, runner.sweep().updated());
    }

    @Test
    void aReadOnlyFieldIsSetByTheRunnerAndStampsUpdatedAt() {
        String id = broadcast("title", "stage", "stage_at", PAST);
        Object updatedBefore = read(id).get("updated_at");
        assertNull(read(id).get("stage"), "read-only: the create ignored nothing, there was nothing to set");
        runner.sweep();
        assertEquals("done", read(id).get("stage"));
        assertFalse(updatedBefore.equals(read(id).get("updated_at")), "updated_at stamped");
    }

    @Test
    void aSoftDeleteHidesTheRowAndRecordsHistoryForTheSystem() {
        String id = broadcast("title", "expiring", "expires_at", PAST);
        SweepReport report = runner.sweep();
        assertEquals(1, report.deleted(), report.toString());
        assertEquals(404, api.get(BROADCASTS + "/" + id).status());
        assertEquals(1, store.query("SELECT 1 FROM \"" + table("Broadcast") + "\" WHERE \"id\" = ?", List.of(id)).size(),
            "soft-deleted, not removed");
        List<Map<String, Object>> history = api.get(BROADCASTS + "/" + id + "/history").list();
        assertEquals("delete", history.get(0).get("operation"), history.toString());
        assertNull(history.get(0).get("actor_id"));
        assertTrue(String.valueOf(history.get(0).get("request_id")).startsWith("scheduled-"), history.toString());
        assertEquals(ScheduledAction.SOFT_DELETE, transitions.heard().get(0).action());
        assertEquals("expires_at", transitions.heard().get(0).field());
        assertEquals(0, runner.sweep().deleted(), "a soft-deleted row is not due again");
    }

    @Test
    void aHardDeletePurgesSoftDeletedRowsAndCascades() {
        String live = api.create("/api/retainers", Map.of("title", "live", "purge_at", PAST));
        String trashed = api.create("/api/retainers", Map.of("title", "trashed", "purge_at", PAST));
        String kept = api.create("/api/retainers", Map.of("title", "kept", "purge_at", FUTURE));
        api.create("/api/retainer_notes", Map.of("text", "note", "retainer_id", live));
        assertEquals(204, api.delete("/api/retainers/" + trashed).status());
        String dropped = api.create("/api/ephemerals", Map.of("title", "gone", "drop_at", PAST));

        SweepReport report = runner.sweep();
        assertEquals(3, report.deleted(), report.toString());
        String retainers = table("Retainer");
        assertEquals(List.of(kept), store.query("SELECT \"id\" FROM \"" + retainers + "\"", List.of()).stream()
            .map(row -> String.valueOf(row.get("id"))).toList());
        assertEquals(0, store.query("SELECT 1 FROM \"" + table("RetainerNote") + "\"", List.of()).size(),
            "the cascade removed the note");
        assertEquals(0, store.query("SELECT 1 FROM \"" + table("Ephemeral") + "\" WHERE \"id\" = ?", List.of(dropped))
            .size());
        assertTrue(transitions.heard().stream().allMatch(t -> t.action() == ScheduledAction.HARD_DELETE));
    }

    @Test
    void aFailingRowRollsBackAloneAndIsReportedWithoutValues() {
        String refused = broadcast("title", "refuse", "publish_at", PAST);
        String fine = broadcast("title", "fine", "publish_at", PAST);
        SweepReport report;
        try (LogCapture log = new LogCapture("io.fx.micronaut.scheduled")) {
            report = runner.sweep();
            assertTrue(log.text().contains(refused), log.text());
            assertFalse(log.text().contains("refuse\""), log.text());
        }
        assertEquals(1, report.updated(), report.toString());
        assertEquals(1, report.errors().size(), report.toString());
        assertEquals(refused, report.errors().get(0).recordId());
        assertEquals("REFUSED (status 409)", report.errors().get(0).message());
        assertEquals("draft", read(refused).get("status"));
        assertEquals("published", read(fine).get("status"));
        assertEquals(1, transitions.heard().size(), "no event for the failed row");
    }

    @Test
    void aFailingModelRollsBackAloneAndTheOthersSweep() {
        String ephemerals = table("Ephemeral");
        String id = broadcast("title", "fine", "publish_at", PAST);
        api.create("/api/ephemerals", Map.of("title", "gone", "drop_at", PAST));
        store.execute("ALTER TABLE \"" + ephemerals + "\" RENAME COLUMN \"drop_at\" TO \"drop_at_moved\"", List.of());
        try {
            SweepReport report = runner.sweep();
            assertTrue(report.perModel().get("Ephemeral").failed(), report.toString());
            assertEquals(1, report.perModel().get("Broadcast").updated(), report.toString());
            assertEquals("Ephemeral", report.errors().get(0).model());
            assertNull(report.errors().get(0).recordId());
            assertEquals("published", read(id).get("status"));
        } finally {
            store.execute("ALTER TABLE \"" + ephemerals + "\" RENAME COLUMN \"drop_at_moved\" TO \"drop_at\"", List.of());
        }
        assertEquals(1, runner.sweep().deleted(), "swept once the column is back");
    }

    @Test
    void theBatchSizeLeavesTheSurplusForTheNextSweep() {
        try (EmbeddedServer small = ApplicationContext.run(EmbeddedServer.class, Databases.config(SPEC + "Batch",
            ScheduledTestModels.PROPERTY, "true", "fx.scheduled.enabled", "false", "fx.scheduled.batch-size", "3"))) {
            Api smallApi = new Api(small);
            for (int i = 0; i < 3; i++) {
                smallApi.create(BROADCASTS, Map.of("title", "b" + i, "publish_at", PAST));
            }
            ScheduledRunner smallRunner = small.getApplicationContext().getBean(ScheduledRunner.class);
            SweepReport exact = smallRunner.sweep();
            assertEquals(3, exact.updated());
            assertFalse(exact.truncated(), "exactly the batch size: " + exact);
            for (int i = 0; i < 4; i++) {
                smallApi.create(BROADCASTS, Map.of("title", "c" + i, "publish_at", PAST));
            }
            SweepReport first = smallRunner.sweep();
            assertEquals(3, first.updated());
            assertTrue(first.truncated(), first.toString());
            assertTrue(first.perModel().get("Broadcast").truncated());
            SweepReport second = smallRunner.sweep();
            assertEquals(1, second.updated());
            assertFalse(second.truncated());
        }
    }

    @Test
    void aPatchHoldingTheRowLockMakesTheSweepWaitAndSkip() throws Exception {
        String id = broadcast("title", "slow", "publish_at", PAST);
        ScheduledRunnerBeans.Dwelling dwelling = server.getApplicationContext().getBean(ScheduledRunnerBeans.Dwelling.class);
        ExecutorService pool = Executors.newSingleThreadExecutor();
        try {
            // the PATCH locks the row (its pre-image), then a record listener holds it for a second
            Future<Api.Reply> patch = pool.submit(() -> api.patch(BROADCASTS + "/" + id, Map.of("status", "archived")));
            assertTrue(dwelling.entered().await(10, TimeUnit.SECONDS), "the PATCH holds the row");
            long started = System.nanoTime();
            SweepReport report = runner.sweep();
            assertTrue(System.nanoTime() - started > TimeUnit.MILLISECONDS.toNanos(300),
                "the sweep waited for the row lock");
            assertEquals(200, patch.get(10, TimeUnit.SECONDS).status());
            assertEquals(0, report.updated(), report.toString());
            assertEquals(1, report.skipped(), "re-checked once locked: no longer a draft: " + report);
            assertEquals("archived", read(id).get("status"));
            assertEquals(List.of(), transitions.heard());
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void eventsFollowTheCommitAndAThrowingListenerStopsNoOther() {
        String first = broadcast("title", "one", "publish_at", "2030-01-01T10:00:00Z");
        String second = broadcast("title", "two", "publish_at", PAST);
        runner.sweep();
        assertEquals(List.of(first, second), transitions.heard().stream().map(ScheduledTransition::recordId).toList(),
            "in row order (oldest first), after commit (the recorder throws inside a transaction), the throwing "
                + "listener notwithstanding");
    }

    @Test
    void theScheduledColumnIsIndexed() {
        String sql = Databases.isPostgres()
            ? "SELECT indexname AS name FROM pg_indexes WHERE tablename = ?"
            : "SELECT INDEX_NAME AS name FROM INFORMATION_SCHEMA.INDEXES WHERE TABLE_NAME = ?";
        String names = String.valueOf(store.query(sql, List.of(table("Broadcast"))));
        // the core's index of an indexed field, (column, id): the sweep's order
        assertTrue(names.toLowerCase().contains("ix_" + table("Broadcast") + "_publish_at_id"), names);
        assertTrue(names.toLowerCase().contains("ix_" + table("Broadcast") + "_expires_at_id"), names);
    }

    @Test
    void theOpenApiDocumentMarksScheduledFields() {
        Map<String, Object> document = api.get("/api/openapi.json").body();
        Map<String, Object> publishAt = Api.at(document, "components", "schemas", "Broadcast", "properties", "publish_at");
        assertEquals(Map.of("action", "set_field", "field", "status", "from", "draft", "to", "published"),
            publishAt.get("x-fx-scheduled"), publishAt.toString());
        Map<String, Object> create = Api.at(document, "components", "schemas", "BroadcastCreate", "properties",
            "expires_at");
        assertEquals(Map.of("action", "soft_delete"), create.get("x-fx-scheduled"), create.toString());
        Map<String, Object> reset = Api.at(document, "components", "schemas", "BroadcastUpdate", "properties",
            "reset_at");
        assertEquals(Map.of("action", "set_field", "field", "priority", "to", 0), reset.get("x-fx-scheduled"),
            "unguarded: no from; the value in the field's type: " + reset);
    }

    @Test
    void theMetersCountWhatTheSweepsDid() {
        io.micrometer.core.instrument.MeterRegistry meters = server.getApplicationContext()
            .getBean(io.micrometer.core.instrument.MeterRegistry.class);
        double errors = count(meters, "fx.scheduled.errors", "model", "Broadcast");
        double transitions = count(meters, "fx.scheduled.transitions", "model", "Broadcast", "action", "set_field",
            "field", "status");
        double deletes = count(meters, "fx.scheduled.transitions", "model", "Broadcast", "action", "soft_delete",
            "field", "expires_at");
        broadcast("title", "refuse", "publish_at", PAST);
        broadcast("title", "counted", "publish_at", PAST);
        broadcast("title", "gone", "expires_at", PAST);
        runner.sweep();
        assertEquals(errors + 1, count(meters, "fx.scheduled.errors", "model", "Broadcast"));
        assertEquals(transitions + 1, count(meters, "fx.scheduled.transitions", "model", "Broadcast", "action",
            "set_field", "field", "status"));
        assertEquals(deletes + 1, count(meters, "fx.scheduled.transitions", "model", "Broadcast", "action",
            "soft_delete", "field", "expires_at"));
        assertTrue(meters.find("fx.scheduled.sweep").timer().count() >= 1);
    }

    private static double count(io.micrometer.core.instrument.MeterRegistry meters, String name, String... tags) {
        io.micrometer.core.instrument.Counter counter = meters.find(name).tags(tags).counter();
        return counter == null ? 0 : counter.count();
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
