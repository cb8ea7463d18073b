package io.fx.micronaut.testsuite.history;

import io.fx.micronaut.db.DataStore;
import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.LogCapture;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micronaut.context.annotation.Factory;
import io.micronaut.context.annotation.Property;
import io.micronaut.context.annotation.Requires;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A history row that the database refuses (a trigger: PL/pgSQL on PostgreSQL, {@code org.h2.api.Trigger} on H2):
 * without {@code versionedRequired} the write stands and the failure is logged once without values; with it the
 * write is rolled back and answered 500 {@code HISTORY_WRITE_FAILED} with the generic message.
 */
@MicronautTest(environments = "test", transactional = false)
@Property(name = "spec.name", value = HistoryFailureTest.SPEC)
@TestDatabase
class HistoryFailureTest {

    static final String SPEC = "HistoryFailureTest";

    @Inject
    MeterRegistry meters;

    @Factory
    @Requires(property = "spec.name", value = SPEC)
    static class Meters {
        @Singleton
        MeterRegistry registry() {
            return new SimpleMeterRegistry();
        }
    }

    @Inject
    Api api;
    @Inject
    DataStore store;

    private void refuseInserts(String table) {
        if (store.isEmbedded()) {
            store.execute("CREATE TRIGGER \"refuse_" + table + "\" BEFORE INSERT ON \"" + table + "\" FOR EACH ROW CALL \""
                + RefusingTrigger.class.getName() + "\"", List.of());
        } else {
            store.execute("CREATE OR REPLACE FUNCTION refuse_history() RETURNS trigger AS $$ BEGIN "
                + "RAISE EXCEPTION 'refused row carrying secret-value-42'; END $$ LANGUAGE plpgsql", List.of());
            store.execute("CREATE TRIGGER \"refuse_" + table + "\" BEFORE INSERT ON \"" + table
                + "\" FOR EACH ROW EXECUTE FUNCTION refuse_history()", List.of());
        }
    }

    @AfterEach
    void dropTriggers() {
        for (String table : List.of("strongbox_history", "logbook_history")) {
            store.execute("DROP TRIGGER IF EXISTS \"refuse_" + table + "\"" + (store.isEmbedded() ? "" : " ON \"" + table + "\""),
                List.of());
        }
    }

    @Test
    void withoutVersionedRequiredTheWriteStandsAndTheFailureIsLoggedWithoutValues() {
        refuseInserts("logbook_history");
        try (LogCapture log = new LogCapture("io.fx.micronaut.history")) {
            Api.Reply created = api.post("/api/logbooks", Map.of("label", "kept-label"));
            assertEquals(201, created.status(), created.toString());
            String id = created.createdId();
            assertEquals("kept-label", api.get("/api/logbooks/" + id).data().get("label"));
            assertEquals(0, api.get("/api/logbooks/" + id + "/history").list().size());
            String logged = log.text();
            assertTrue(logged.contains("Logbook") && logged.contains(id), logged);
            assertFalse(logged.contains("secret-value-42") || logged.contains("kept-label"), logged);
            assertEquals(1.0, meters.get("fx.history.failures").tag("model", "Logbook").counter().count());
        }
    }

    @Test
    void withVersionedRequiredTheWriteIsRolledBackAnd500() {
        String id = api.create("/api/strongboxes", Map.of("label", "before"));
        refuseInserts("strongbox_history");
        Api.Reply refused;
        try (LogCapture log = new LogCapture("ROOT")) {
            refused = api.patch("/api/strongboxes/" + id, Map.of("label", "after"));
            assertFalse(log.text().contains("secret-value-42"), log.text());
            assertTrue(log.text().contains("Strongbox") && log.text().contains(id), log.text());
        }
        assertEquals(500, refused.status(), refused.toString());
        assertEquals("HISTORY_WRITE_FAILED", refused.code());
        assertFalse(refused.toString().contains("secret-value-42") || refused.toString().contains("Trigger"),
            refused.toString());
        assertEquals("before", api.get("/api/strongboxes/" + id).data().get("label"));
        Api.Reply create = api.post("/api/strongboxes", Map.of("label", "never"));
        assertEquals(500, create.status(), create.toString());
        assertEquals(0, store.query("SELECT COUNT(*) AS n FROM \"strongboxes\" WHERE \"label\" = ?", List.of("never"))
            .stream().mapToLong(r -> ((Number) r.get("n")).longValue()).sum());
        List<Map<String, Object>> rows = store.query("SELECT \"version\" FROM \"strongbox_history\" WHERE \"record_id\" = ?",
            List.of(id));
        assertEquals(1, rows.size(), "only the create's row: " + rows);
    }
}
