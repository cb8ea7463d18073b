package io.fx.micronaut.testsuite.history;

import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.HeaderScope;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.context.annotation.Property;
import io.micronaut.context.annotation.Requires;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A record's history is as reachable as the record: a caller whose scope (a test {@code ScopeResolver}: the
 * chronicles whose {@code team} equals the {@code X-Team} header) does not admit it gets the record's 404 on GET
 * and HEAD, before and after a soft delete; a caller it admits reads the history, the delete entry included.
 */
@MicronautTest(environments = "test", transactional = false)
@Property(name = "spec.name", value = HistoryScopeTest.SPEC)
@TestDatabase
class HistoryScopeTest {

    static final String SPEC = "HistoryScopeTest";
    private static final String CHRONICLES = "/api/chronicles";

    @Inject
    Api api;

    @Singleton
    @Requires(property = "spec.name", value = SPEC)
    static class TeamScope extends HeaderScope {
        TeamScope() {
            super("Chronicle", "X-Team", "team");
        }
    }

    @Test
    void anotherTeamGetsTheRecords404BeforeAndAfterASoftDelete() {
        Api red = api.with(Map.of("X-Team", "red"));
        Api blue = api.with(Map.of("X-Team", "blue"));
        String id = red.create(CHRONICLES, Map.of("title", "Red only", "team", "red"));
        assertEquals(200, red.patch(CHRONICLES + "/" + id, Map.of("title", "Red again")).status());
        assertHidden(blue, id);
        assertEquals(2, red.get(CHRONICLES + "/" + id + "/history").list().size());

        assertEquals(204, red.delete(CHRONICLES + "/" + id).status());
        assertHidden(blue, id);
        Api.Reply kept = red.get(CHRONICLES + "/" + id + "/history");
        assertEquals(200, kept.status(), kept.toString());
        assertEquals(List.of("delete", "update", "create"), kept.list().stream().map(r -> r.get("operation")).toList());
        assertEquals(200, red.head(CHRONICLES + "/" + id + "/history").status());
    }

    private static void assertHidden(Api caller, String id) {
        Api.Reply record = caller.get(CHRONICLES + "/" + id);
        Api.Reply history = caller.get(CHRONICLES + "/" + id + "/history");
        assertEquals(404, history.status(), history.toString());
        assertEquals(record.body(), history.body(), "the record's own 404 body");
        assertEquals(404, caller.head(CHRONICLES + "/" + id + "/history").status());
    }
}
