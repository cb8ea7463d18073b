package io.fx.micronaut.testsuite.history;

import io.fx.micronaut.model.ModelRegistry;
import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.context.annotation.Property;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code fx.history.enabled=false}: versioned models write as unversioned ones, no history model, no route. */
@MicronautTest(environments = "test", transactional = false)
@Property(name = "fx.history.enabled", value = "false")
@TestDatabase
class HistoryDisabledTest {

    @Inject
    Api api;
    @Inject
    ModelRegistry registry;

    @Test
    void nothingIsRecordedOrServed() {
        String id = api.create("/api/chronicles", Map.of("title", "untracked"));
        assertEquals(200, api.patch("/api/chronicles/" + id, Map.of("title", "still untracked")).status());
        Api.Reply history = api.get("/api/chronicles/" + id + "/history");
        assertEquals(404, history.status(), history.toString());
        assertTrue(registry.findByName("ChronicleHistory").isEmpty());
    }
}
